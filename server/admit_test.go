package server

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/linemode"
	gossh "golang.org/x/crypto/ssh"
)

// waitLogLines waits until the JSON log holds, for each message of want,
// a line that its check accepts.
func waitLogLines(t *testing.T, logs *testkit.Buffer, want map[string]func(map[string]any) bool) {
	t.Helper()
	deadline := time.Now().Add(testkit.TimeLeft(t)) // only stops a broken test from hanging
	for len(want) > 0 {
		lines := bufio.NewScanner(strings.NewReader(logs.String()))
		for lines.Scan() {
			var l map[string]any
			if err := json.Unmarshal(lines.Bytes(), &l); err != nil {
				t.Fatalf("not JSON: %q", lines.Text())
			}
			if ok := want[l["msg"].(string)]; ok != nil && ok(l) {
				delete(want, l["msg"].(string))
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no log line for %v in:\n%s", want, logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAdmissionLineModeRoomsPerKey (issue 22, 3): through ssh HOST plain
// ROOM one key made fifty rooms, where the full screen stops at
// MaxRoomsPerKey; both front ends now go through one lobby.Admission, and the
// refusal is logged as the limit it is.
func TestAdmissionLineModeRoomsPerKey(t *testing.T) {
	const most = 2
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Rooms: RoomLimits{PerKey: most}, Log: LogConfig{Out: &logs, Format: events.JSON}})
	key := newKey(t)
	id := gossh.FingerprintSHA256(key.PublicKey())
	srv.users.SetName(bg, id, "Mal")
	// One room from the full screen, one from the line mode: the third,
	// from either, is refused.
	_, screen := start(t, dial(t, addr, key), "r1")
	screen.waitText(t, "s: start")
	c := plainSession(t, addr, key, "Mal", linemode.Command+" r2", false)
	c.until("Room r2.")
	c = plainSession(t, addr, key, "Mal", linemode.Command+" r3", false)
	c.until("That did not work: you host 2 rooms already")
	if n := len(srv.Lobby.List()); n != most {
		t.Fatalf("%d rooms in the lobby, want %d", n, most)
	}
	c.send("create r4 2")
	c.until("That did not work: you host 2 rooms already")
	waitLogLines(t, &logs, map[string]func(map[string]any) bool{
		"limit: rooms with one key": func(l map[string]any) bool {
			return l["key"] == id && l["limit"] == float64(most) && l["source"] == "127.0.0.1"
		},
	})
}

// TestAdmissionAuditLines (issue 22, 12): the line mode writes the same
// audit lines as the full screen: the name chosen, the rooms created and
// joined, and the session's end, each with the source, the key and the
// name.
func TestAdmissionAuditLines(t *testing.T) {
	var logs testkit.Buffer
	_, addr := startServer(t, Config{Log: LogConfig{Out: &logs, Format: events.JSON}})
	ann, bob := newKey(t), newKey(t)
	annID, bobID := gossh.FingerprintSHA256(ann.PublicKey()), gossh.FingerprintSHA256(bob.PublicKey())
	a := plainSession(t, addr, ann, "Ada", linemode.Command, false)
	a.until("What is your name?")
	a.send("Ada")
	a.until("Hello, Ada.")
	a.send("create duel 2")
	a.until("Room duel.")
	b := plainSession(t, addr, bob, "Ben", linemode.Command+" duel", false)
	b.until("What is your name?")
	b.send("Ben")
	b.until("Room duel.")
	b.send("quit")
	b.send("quit")
	by := func(id, name string, more func(map[string]any) bool) func(map[string]any) bool {
		return func(l map[string]any) bool {
			return l["key"] == id && l["name"] == name && l["source"] == "127.0.0.1" && (more == nil || more(l))
		}
	}
	room := func(l map[string]any) bool { return l["room"] == "duel" }
	want := map[string]func(map[string]any) bool{
		"name chosen":  by(annID, "Ada", nil),
		"room created": by(annID, "Ada", room),
		"room joined":  by(bobID, "Ben", room),
		"session end": func(l map[string]any) bool {
			return l["key"] == bobID && l["mode"] == linemode.Command && l["source"] == "127.0.0.1"
		},
	}
	waitLogLines(t, &logs, want)
	if strings.Count(logs.String(), `"msg":"name chosen"`) != 2 {
		t.Errorf("want a name chosen line for each player:\n%s", logs.String())
	}
}
