package server

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
	gossh "golang.org/x/crypto/ssh"
)

// start opens a session with a 100x30 PTY that runs command (a room
// name), or the lobby if command is "".
func start(t *testing.T, c *gossh.Client, command string) (io.Writer, *screenReader) {
	t.Helper()
	_, in, screen := ptySession(t, c, command, 30, 100)
	return in, screen
}

// TestSSHRoomOptionsSaveRestore plays the pre-game part over SSH: Ada makes
// a room with the form, Ben joins it by name and changes team, only Ada can
// start, a late comer watches, Ada saves; the server shuts down, telling
// them their game is saved; a new server on the same data brings the room
// back and Ben finds his seat.
func TestSSHRoomOptionsSaveRestore(t *testing.T) {
	dir := t.TempDir()
	srv, addr := startServer(t, Config{Dir: dir})
	ann, bob, cal := newKey(t), newKey(t), newKey(t)
	for k, n := range map[gossh.Signer]string{ann: "Ada", bob: "Ben", cal: "Col"} {
		srv.users.SetName(bg, gossh.FingerprintSHA256(k.PublicKey()), n)
	}

	annIn, annScreen := start(t, dial(t, addr, ann), "")
	annScreen.waitText(t, "Hello, Ada.")
	io.WriteString(annIn, "n")
	annScreen.waitText(t, "New room")
	io.WriteString(annIn, strings.Repeat("\x7f", 5)+"friday")
	io.WriteString(annIn, "\x1b[B\x1b[B\x1b[B\x1b[C") // down to the computers, one level up
	annScreen.waitText(t, "< medium")
	io.WriteString(annIn, "\r")
	annScreen.waitText(t, "Room friday: 4 players in two teams, standard rules, medium computers")
	annScreen.waitText(t, "s: start")

	bobIn, bobScreen := start(t, dial(t, addr, bob), "friday")
	bobScreen.waitText(t, "Waiting for the host")
	r := srv.Lobby.Room("friday")
	if s := r.Seats(); s[1].Name != "Ben" {
		t.Fatalf("Ben's seat: %+v", s)
	}
	io.WriteString(bobIn, "t") // to Ada's team: seat 3
	waitSeat := func(i int, name string) {
		t.Helper()
		deadline := time.Now().Add(testkit.TimeLeft(t))
		for r.Seats()[i].Name != name {
			if time.Now().After(deadline) {
				t.Fatalf("seat %d is not %s: %+v", i+1, name, r.Seats())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitSeat(2, "Ben")
	io.WriteString(bobIn, "s")
	bobScreen.waitText(t, lang.English.Error(table.ErrNotHost))

	io.WriteString(annIn, "s")
	annScreen.waitText(t, "MILLE BORNES")
	calIn, calScreen := start(t, dial(t, addr, cal), "friday")
	calScreen.waitText(t, "You are watching Ada's side of the table.")
	io.WriteString(calIn, "\x13") // ctrl+s
	calScreen.waitText(t, lang.English.Error(table.ErrOnlooker))
	io.WriteString(bobIn, "\x13")
	bobScreen.waitText(t, lang.English.Error(table.ErrNotHost))
	io.WriteString(annIn, "\x13")
	annScreen.waitText(t, "saved as friday")
	if k, err := srv.store.Room(bg, "friday"); err != nil || !k.Saved {
		t.Fatalf("the room kept: %+v, %v", k, err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), testkit.TimeLeft(t))
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*screenReader{annScreen, bobScreen} {
		s.waitText(t, "Your game in room friday is saved")
	}

	srv2, addr2 := startServer(t, Config{Dir: dir})
	r2 := srv2.Lobby.Room("friday")
	if r2 == nil || !r2.Restored() {
		t.Fatal("the room did not come back")
	}
	// Ben logs in without naming a room: his seat in the saved game
	// waits, and he is taken straight to it.
	_, bobScreen2 := start(t, dial(t, addr2, bob), "")
	bobScreen2.waitText(t, "A saved game")
	if s := r2.Seats(); !s[2].Connected || s[2].Name != "Ben" || s[0].Connected || !s[0].Human {
		t.Fatalf("seats after Ben's return: %+v", s)
	}
	annIn2, annScreen2 := start(t, dial(t, addr2, ann), "friday")
	annScreen2.waitText(t, "s: start")
	io.WriteString(annIn2, "s")
	bobScreen2.waitText(t, "MILLE BORNES")
}

// TestSSHLobbyRefresh: the lobby's list shows a room made after the person
// came in, without a key.
func TestSSHLobbyRefresh(t *testing.T) {
	t.Parallel() // waits on its server more than it computes
	srv, addr := startServer(t, Config{})
	key := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Dot")
	_, screen := start(t, dial(t, addr, key), "")
	screen.waitText(t, "Rooms: none open.")
	if _, err := srv.Lobby.Create(bg, "later", "someone", "Sam", -1, servertest.Config(2, 0, 1)); err != nil {
		t.Fatal(err)
	}
	screen.waitText(t, "later")
	screen.waitText(t, "1 person")
}
