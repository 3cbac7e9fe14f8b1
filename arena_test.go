package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestArenaJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"arena", "--players", "3", "--seats", "heuristic,random,easy", "--hands", "6", "--seed", "2", "--json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Seats []map[string]any `json:"seats"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if len(rep.Seats) != 3 {
		t.Fatalf("%d seats", len(rep.Seats))
	}
	for _, k := range []string{"seat", "player", "hands", "hands_won", "win_share", "ci95_low", "ci95_high", "mean_points", "games_won", "decision_ms_mean", "decision_ms_p95"} {
		if _, ok := rep.Seats[0][k]; !ok {
			t.Errorf("no %q in %v", k, rep.Seats[0])
		}
	}
	if !strings.Contains(errb.String(), "6/6 hands") {
		t.Errorf("no progress lines: %q", errb.String())
	}
}

// TestArenaProgressLines checks the plain progress lines: one a tenth of
// the run, even when hands finish three at a time (a deal of 3 sides).
func TestArenaProgressLines(t *testing.T) {
	var b bytes.Buffer
	report := progressOf(&b, "hands")
	for done := 3; done <= 102; done += 3 {
		report(done, 102)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 10 || lines[0] != "12/102 hands" || lines[9] != "102/102 hands" {
		t.Errorf("progress lines: %q", lines)
	}
}

func TestArenaFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--players", "5"}, "players"},
		{[]string{"--seats", "heuristic"}, "give 2 seats"},
		{[]string{"--seats", "heuristic,wizard"}, "unknown computer level"},
		{[]string{"--rules", "house"}, "house"},
		{[]string{"--seats", "heuristic,cmd:"}, "names no program"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(append([]string{"arena", "--hands", "2"}, tt.args...), &out, &errb); code == 0 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%v: exit %d, %q", tt.args, code, errb.String())
		}
	}
}

func TestBotStdio(t *testing.T) {
	old := botStdin
	defer func() { botStdin = old }()
	botStdin = strings.NewReader("garbage\n{\"type\":\"quit\"}\n")
	var out, errb bytes.Buffer
	if code := run([]string{"bot", "--level", "easy"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"protocol":2`) || !strings.Contains(lines[1], `"type":"error"`) {
		t.Errorf("got %q", lines)
	}
	if code := run([]string{"bot", "--level", "wizard"}, &out, &errb); code != 2 {
		t.Errorf("unknown level: exit %d", code)
	}
}

// TestArenaExternalBot builds mille and seats `mille bot` as an external
// program: it must play exactly like the same player in process.
func TestArenaExternalBot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := milleBinary(t)
	var out, errb bytes.Buffer
	code := run([]string{"arena", "--seats", "heuristic,cmd:" + bin + " bot --level heuristic", "--hands", "8", "--json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Seats []struct {
			HandsWon   float64 `json:"hands_won"`
			MeanPoints float64 `json:"mean_points"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Seats[0] != rep.Seats[1] {
		t.Errorf("the heuristic through the protocol plays differently: %+v", rep.Seats)
	}
}

// TestArenaLuck checks mille arena --luck: the hands reviewed, the
// results with and without the luck and the hands the correction saves,
// in the JSON (arena's tests check the table).
func TestArenaLuck(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"arena", "--seats", "heuristic,easy", "--hands", "4", "--seed", "3", "--luck", "--json"}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Seats []map[string]any `json:"seats"`
		Luck  map[string]any   `json:"luck_corrected"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	for _, k := range []string{"margin", "margin_se", "corrected", "corrected_se"} {
		if _, ok := rep.Seats[0][k]; !ok {
			t.Errorf("no %q in %v", k, rep.Seats[0])
		}
	}
	if f, ok := rep.Luck["fewer_hands"].(float64); !ok || f <= 0 {
		t.Errorf("luck_corrected: %v", rep.Luck)
	}
}
