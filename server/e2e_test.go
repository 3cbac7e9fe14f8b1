package server

import (
	"testing"
	"time"

	"github.com/millebornes/mille/server/internal/client"
)

// The end-to-end tests connect real SSH clients (x/crypto/ssh with a PTY)
// and read their screens through a terminal emulator; what the screens
// say is known to server/internal/client/script.go only.

// e2eWait bounds every wait for a screen: it only keeps a broken test from
// hanging, on a machine as busy as it gets.
const e2eWait = 60 * time.Second

// e2ePlayer connects the player with key number seed, asking for room on
// the command line.
func e2ePlayer(t *testing.T, addr string, seed uint64, room string) *client.Client {
	t.Helper()
	c, err := client.Dial(addr, client.Key(seed), client.Options{Command: room, Width: 120, Height: 40})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// waitUntil waits for a condition on the server's side; the deadline only
// stops a broken test.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(e2eWait)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// fillRoom has four new players (keys 1 to 4, names typed at their first
// login) fill the 4-player team room called room, in seat order, and the
// first, its host, start the game.
func fillRoom(t *testing.T, srv *Server, addr, room string) ([]*client.Client, *Room) {
	t.Helper()
	names := []string{"Ann", "Bob", "Cal", "Dee"}
	var cs []*client.Client
	for i, name := range names {
		c := e2ePlayer(t, addr, uint64(i+1), room)
		must(t, c.EnterRoom(name, e2eWait))
		cs = append(cs, c)
	}
	must(t, cs[0].WaitSeated(e2eWait, names...))
	r := srv.Lobby.Room(room)
	if r == nil {
		t.Fatalf("no room %s", room)
	}
	for i, s := range r.Seats() {
		if !s.Human || s.Name != names[i] {
			t.Fatalf("seat %d: %+v", i+1, s)
		}
	}
	must(t, cs[0].Start(e2eWait))
	for _, c := range cs[1:] {
		must(t, c.WaitGame(e2eWait))
	}
	return cs, r
}

// toAct returns the seat whose turn it is.
func toAct(r *Room) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state.ToAct()
}

// TestE2EReconnect: a player whose turn it is not drops the connection in
// the middle of a hand; the seat waits for them, and the same key brings
// them back to the same seat and hand.
func TestE2EReconnect(t *testing.T) {
	srv, addr := startServer(t, Config{})
	cs, r := fillRoom(t, srv, addr, "back")
	away := (toAct(r) + 1) % 4
	hand := client.Hand(cs[away].Text())
	if hand == "" {
		t.Fatalf("no hand on the screen:\n%s", cs[away].Text())
	}
	cs[away].Close()
	waitUntil(t, "the seat shows its player away", func() bool {
		s := r.Seats()[away]
		return s.Human && !s.Connected
	})

	back := e2ePlayer(t, addr, uint64(away+1), "back")
	must(t, back.WaitGame(e2eWait))
	must(t, back.WaitFor(e2eWait, "the same hand", func(s string) bool { return client.Hand(s) == hand }))
	if s := r.Seats()[away]; !s.Human || !s.Connected {
		t.Fatalf("seat %d after coming back: %+v", away+1, s)
	}
}
