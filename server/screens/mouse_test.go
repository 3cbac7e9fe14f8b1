package screens

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// click clicks the line of s's frame that shows text and hands the result
// to the model, as the program would.
func click(t *testing.T, s *Screen, text string) tea.Cmd {
	t.Helper()
	v := s.View()
	for y, line := range strings.Split(v.Content, "\n") {
		if !strings.Contains(line, text) {
			continue
		}
		if v.OnMouse == nil {
			t.Fatalf("no mouse on the frame:\n%s", v.Content)
		}
		cmd := v.OnMouse(tea.MouseClickMsg{X: 3, Y: y, Button: tea.MouseLeft})
		if cmd == nil {
			t.Fatalf("a click on %q does nothing:\n%s", text, v.Content)
		}
		_, next := s.Update(cmd())
		return next
	}
	t.Fatalf("no %q on the frame:\n%s", text, v.Content)
	return nil
}

// settle hands the connection's latest update to the model.
func settle(t *testing.T, s *Screen) {
	t.Helper()
	select {
	case u, open := <-s.conn.Updates():
		s.Update(updateMsg{s.conn, u, open})
	case <-time.After(5 * time.Second):
		t.Fatal("no update")
	}
}

// lobbyOfAnnAndBob is an empty lobby where the keys key-a and key-b are
// known as Ada and Ben.
func lobbyOfAnnAndBob(t *testing.T) (*lobby.Lobby, *lobby.Users) {
	t.Helper()
	users := lobby.NewUsers(servertest.NewStore(t))
	users.SetName(bg, "key-a", "Ada")
	users.SetName(bg, "key-b", "Ben")
	l := lobby.NewLobby(0)
	t.Cleanup(l.Close)
	return l, users
}

// TestMouse: the room form, the waiting room and the lobby's list answer
// clicks as their keys do.
func TestMouse(t *testing.T) { synctest.Test(t, mouse) }

func mouse(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	ann := session(t, l, users, "key-a", "", 80)
	do(t, ann, press("n"))
	click(t, ann, "Players")   // select the field
	click(t, ann, "Players")   // 4 -> 6
	click(t, ann, "Computers") // select
	click(t, ann, "Computers") // easy -> medium
	drive(t, ann, click(t, ann, "Create the room"))
	r := l.Room("room1")
	if r == nil {
		t.Fatal("no room made")
	}
	if c := r.Config(); c.Game != (engine.Config{Players: 6}) || c.Level != "medium" {
		t.Fatalf("room made: %+v", c)
	}
	settle(t, ann)
	click(t, ann, "Bob")
	settle(t, ann)
	if s := r.Seats(); s[2].Name != "Ada" || s[0].Human {
		t.Fatalf("seats after the click: %+v", s)
	}

	bob := session(t, l, users, "key-b", "", 80)
	drive(t, bob, click(t, bob, "room1"))
	if bob.conn == nil {
		t.Fatalf("Ben did not join: %s", bob.message())
	}
	settle(t, bob)
	click(t, ann, "[ Start ]")
	if !r.Started() {
		t.Fatal("a click on start did not start")
	}
}

func TestListWindow(t *testing.T) {
	for _, tc := range []struct{ n, cursor, rows, from, to int }{
		{5, 0, 10, 0, 5},     // all fit
		{10, 9, 10, 0, 10},   // exactly
		{40, 0, 10, 0, 8},    // the top, "more" below
		{40, 20, 10, 16, 24}, // the cursor in the middle
		{40, 39, 10, 32, 40}, // the bottom
		{40, 5, 1, 5, 6},     // at least 3 rows: one room and the two "more" lines
	} {
		from, to := listWindow(tc.n, tc.cursor, tc.rows)
		if from != tc.from || to != tc.to || tc.cursor < from || tc.cursor >= to {
			t.Errorf("listWindow(%d, %d, %d) = %d, %d; want %d, %d", tc.n, tc.cursor, tc.rows, from, to, tc.from, tc.to)
		}
	}
}

// TestLobbyScrolls: with more rooms than the screen has lines, the lobby
// keeps its key line and the room under the cursor on the screen, and a
// click picks the room clicked.
func TestLobbyScrolls(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	for i := range 40 {
		if _, err := l.Create(bg, fmt.Sprintf("r%02d", i), fmt.Sprintf("host%d", i), "Host", -1, lobby.DefaultRoom); err != nil {
			t.Fatal(err)
		}
	}
	s := session(t, l, users, "key-a", "", 100)
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	for i := 0; i < 40; i++ {
		text := ansi.Strip(s.View().Content)
		if n := strings.Count(text, "\n"); n > 30 {
			t.Fatalf("cursor at %d: %d lines on a 30-line screen", i, n)
		}
		if !strings.Contains(text, "n: new room") || !strings.Contains(text, fmt.Sprintf("> r%02d", i)) {
			t.Fatalf("cursor at %d: the key line or the room under the cursor is off the screen:\n%s", i, text)
		}
		s.Update(press("j"))
	}
}

// TestLobbyScrollsAroundAMessage: on a rated server (its rating line and
// second key line), the list gives up the rows a message takes, however
// many lines it wraps to, in both languages: the key line stays on the
// screen and nothing scrolls off it.
func TestLobbyScrollsAroundAMessage(t *testing.T) { synctest.Test(t, lobbyScrollsAroundAMessage) }

func lobbyScrollsAroundAMessage(t *testing.T) {
	s, l, view := rankedScreen(t)
	for i := range 40 {
		if _, err := l.Create(bg, fmt.Sprintf("r%02d", i), fmt.Sprintf("host%d", i), "Host", -1, lobby.DefaultRoom); err != nil {
			t.Fatal(err)
		}
	}
	s.list.read(l)
	for _, tc := range []struct {
		w, h   int
		french bool
		keys   string // the start of the last key line
	}{
		{80, 24, false, "m: quick match"},
		{80, 24, true, "partie rapide"},
		{100, 30, true, "classement"},
	} {
		if tc.french != (s.lang == &lang.French) {
			s.Update(press("f"))
		}
		s.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
		for _, room := range []string{"friday", "a-room-whose-name-is-long-enough-to-wrap-the-message-further"} {
			s.msg = func(c *lang.Catalogue) string { return c.T(lang.RatedLeft, room) }
			for i := range 40 {
				s.list.pick = i
				text := view()
				if n := strings.Count(text, "\n"); n > tc.h {
					t.Fatalf("%dx%d, cursor at %d: %d lines on a %d-line screen:\n%s", tc.w, tc.h, i, n, tc.h, text)
				}
				if !strings.Contains(text, tc.keys) || !strings.Contains(text, fmt.Sprintf("> r%02d", i)) {
					t.Fatalf("%dx%d, cursor at %d: the key line or the room under the cursor is off the screen:\n%s", tc.w, tc.h, i, text)
				}
			}
		}
	}
}

// TestKeysBeforeTheRoomsFirstView: a key that arrives after joining but
// before the room's first update (a busy server) does nothing, where it
// once divided by the number of sides of no seats and ended the session.
func TestKeysBeforeTheRoomsFirstView(t *testing.T) { synctest.Test(t, keysBeforeTheRoomsFirstView) }

func keysBeforeTheRoomsFirstView(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	if _, err := l.Create(bg, "friday", "key-a", "Ada", -1, lobby.DefaultRoom); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"t", "s", "w", "1", "3", "x"} {
		bob := session(t, l, users, "key-b", "friday", 100)
		drive(t, bob, bob.Init()) // joins; the first update is still on its way
		if bob.conn == nil || len(bob.last.Seats) != 0 {
			t.Fatal("the test needs a screen that joined and saw no update yet")
		}
		bob.Update(press(k))
		if !strings.Contains(ansi.Strip(bob.View().Content), "Joining room friday") {
			t.Fatalf("%s: the screen does not say it is joining:\n%s", k, bob.View().Content)
		}
		bob.Leave()
	}
}

// do hands msg to the screen and drives the commands it gives: a seat
// found, a name written down or a room saved comes back from its
// command, as in a session.
func do(t *testing.T, s *Screen, msg tea.Msg) {
	t.Helper()
	_, cmd := s.Update(msg)
	drive(t, s, cmd)
}

// typeKeys types ks on the screen, driving what each gives (do).
func typeKeys(t *testing.T, s *Screen, ks ...tea.KeyPressMsg) {
	t.Helper()
	for _, k := range ks {
		do(t, s, k)
	}
}
