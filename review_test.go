package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	game := filepath.Join("review", "testdata", "blunder"+save.Ext)
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(append([]string{"review"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}

	code, out, errs := run("--depth", "quick", "--json", game)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Version int    `json:"version"`
		Depth   string `json:"depth"`
		Seats   []int  `json:"seats"`
		Hands   []struct {
			Decisions []map[string]any `json:"decisions"`
		} `json:"hands"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r.Version != review.Version || r.Depth != "quick" || len(r.Seats) != 1 || r.Seats[0] != 0 || len(r.Hands) != 1 {
		t.Fatalf("review of %+v", r)
	}
	ds := r.Hands[0].Decisions
	last := ds[len(ds)-1]
	for _, k := range []string{"index", "seat", "observation", "played", "best", "loss", "loss_se", "verdict", "why", "options"} {
		if _, ok := last[k]; !ok {
			t.Errorf("no %q in %v", k, last)
		}
	}
	if last["played"] != "discard Go" || last["verdict"] != "blunder" {
		t.Errorf("the planted blunder: %v judged %v", last["played"], last["verdict"])
	}
	if !strings.Contains(errs, "decisions") {
		t.Errorf("no progress on stderr: %q", errs)
	}
	cached, _ := filepath.Glob(filepath.Join(dir, "reviews", "*-quick-0.json"))
	if len(cached) != 1 {
		t.Errorf("cached reviews: %v", cached)
	}

	code, text, _ := run(game, "--depth", "quick") // flags after the file too
	if code != 0 || !strings.Contains(text, "Hand 1 of game 1, seat 0 (You)") || !strings.Contains(text, ", blunder. ") {
		t.Errorf("text review (exit %d):\n%s", code, text)
	}
	if code, out, _ := run("--depth", "quick", "--seat", "1", "--json", game); code != 0 || !strings.Contains(out, `"seats": [
    1
  ]`) {
		t.Errorf("--seat 1 (exit %d): %.200s", code, out)
	}

	bad := []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "shallow", game}, "unknown depth"},
		{nil, "no finished game is kept yet"},
		{[]string{game, game}, "name one saved game"},
		{[]string{"--seat", "-2", game}, "seats count from 0"},
		{[]string{"--seat", "5", game}, "seat 5"},
		{[]string{"--json", "--screen", game}, "not both"},
		{[]string{filepath.Join(dir, "nothing")}, "nothing"},
	}
	for _, b := range bad {
		code, _, errs := run(b.args...)
		if code == 0 || !strings.Contains(errs, b.want) {
			t.Errorf("%v: exit %d, %q (want %q)", b.args, code, errs, b.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "reviews")); err != nil {
		t.Error(err)
	}
}

// TestReviewFinishedGames: finished games kept for review are listed
// newest first (an unreadable one says so, and the others still list),
// reviewed by name, and without a name the last one is.
func TestReviewFinishedGames(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(append([]string{"review"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	if code, out, _ := run("--list"); code != 0 || !strings.Contains(out, "No finished game") {
		t.Fatalf("--list with none: %d %q", code, out)
	}
	g, err := save.Read(filepath.Join("review", "testdata", "blunder"+save.Ext))
	if err != nil {
		t.Fatal(err)
	}
	at := func(m int) time.Time { return time.Date(2026, 11, 23, 21, m, 0, 0, time.Local) }
	for _, m := range []int{10, 20} {
		if _, err := save.KeepFinished("", g, 20, at(m)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, save.FinishedDir, "2026-11-23-2115"+save.Ext), []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run("--list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "2026-11-23-2120  ") ||
		!strings.Contains(lines[1], "2026-11-23-2115  (unreadable") || !strings.HasPrefix(lines[2], "2026-11-23-2110  ") {
		t.Fatalf("--list: %d\n%s", code, out)
	}
	for _, args := range [][]string{{"--depth", "quick", "--json"}, {"--depth", "quick", "--json", "2026-11-23-2110"}} {
		if code, out, errs := run(args...); code != 0 || !strings.Contains(out, `"depth": "quick"`) {
			t.Fatalf("%v: exit %d, %s%s", args, code, errs, out[:min(len(out), 200)])
		}
	}
	if code, _, errs := run("2026-01-01-0000"); code == 0 || !strings.Contains(errs, "mille review --list") {
		t.Fatalf("an unknown name: %d %q", code, errs)
	}
	t.Setenv("LC_ALL", "fr_FR.UTF-8") // the review speaks the command line's language
	if code, _, errs := run("2026-01-01-0000"); code == 0 || !strings.Contains(errs, "ni fichier, ni sauvegarde") {
		t.Fatalf("an unknown name in French: %d %q", code, errs)
	}
	if code, out, _ := run("--depth", "quick", "2026-11-23-2110"); code != 0 || !strings.Contains(out, "Manche 1 de la partie 1") {
		t.Fatalf("a review in French: %d\n%s", code, out)
	}
}

// TestReviewLeaksAndPractice: --leaks adds up the points given away by
// kind across the finished games reviewed, and --practice shows the
// costliest decisions again and judges the move typed.
func TestReviewLeaksAndPractice(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	run := func(args ...string) string {
		var out, errb bytes.Buffer
		if code := run(append([]string{"review"}, args...), &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	if out := run("--leaks"); !strings.Contains(out, "No finished game is reviewed yet") {
		t.Errorf("no game: %q", out)
	}
	g, err := save.Read(filepath.Join("review", "testdata", "blunder"+save.Ext))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := save.KeepFinished(dir, g, 20, time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	cache, err := review.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	r, err := review.Analyse(context.Background(), g, review.Options{Depth: review.Quick})
	if err != nil {
		t.Fatal(err)
	}
	r.Depth = review.Normal // kept as mille review keeps its reviews
	if err := review.Store(cache, r); err != nil {
		t.Fatal(err)
	}
	out := run("--leaks")
	for _, want := range []string{"Your leaks in 1 finished game reviewed", "in 1 decision\n", "Go timing:", "costliest: 2026-11-21-1000", "discard Go"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	reviewStdin = strings.NewReader("9\n")
	defer func() { reviewStdin = os.Stdin }()
	out = run("--practice")
	if !strings.Contains(out, "Position 1 of") || !strings.Contains(out, "Your move (1-") {
		t.Errorf("practice:\n%s", out)
	}
	// Choosing the move played again is judged as the review judged it.
	var moves []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  ") && strings.Contains(line, "discard Go") {
			moves = append(moves, strings.Fields(line)[0])
		}
	}
	if len(moves) == 0 {
		t.Fatalf("discard Go is not offered:\n%s", out)
	}
	reviewStdin = strings.NewReader(moves[0] + "\nq\n")
	if out := run("--practice"); !strings.Contains(out, "blunder: ") || !strings.Contains(out, "In the game you chose: discard Go") {
		t.Errorf("the blunder again:\n%s", out)
	}
	// The position of a moment, in the command line's language.
	t.Setenv("LC_ALL", "fr_FR.UTF-8")
	out = run("--leaks")
	if !strings.Contains(out, "vous\u00a0: ") || !strings.Contains(out, "sabot\u00a0: ") || strings.Contains(out, " mi ") {
		t.Errorf("the position of the costliest moment in French:\n%s", out)
	}
}
