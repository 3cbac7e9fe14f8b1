package server

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/engine"
)

// click clicks the line of s's frame that shows text and hands the result
// to the model, as the program would.
func click(t *testing.T, s *screen, text string) tea.Cmd {
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
func settle(t *testing.T, s *screen) {
	t.Helper()
	select {
	case u, open := <-s.conn.Updates():
		s.Update(updateMsg{s.conn, u, open})
	case <-time.After(5 * time.Second):
		t.Fatal("no update")
	}
}

// TestMouse: the room form, the waiting room and the lobby's list answer
// clicks as their keys do.
func TestMouse(t *testing.T) {
	users, err := LoadUsers(filepath.Join(t.TempDir(), UsersFile))
	if err != nil {
		t.Fatal(err)
	}
	users.SetName("key-a", "Ann")
	users.SetName("key-b", "Bob")
	l := NewLobby(0)
	defer l.Close()
	ann := newScreen(l, users, "key-a", "", 80)
	ann.Update(press("n"))
	click(t, ann, "Players")   // select the field
	click(t, ann, "Players")   // 4 -> 6
	click(t, ann, "Computers") // select
	click(t, ann, "Computers") // easy -> medium
	click(t, ann, "Create the room")
	r := l.Room("room1")
	if r == nil {
		t.Fatal("no room made")
	}
	if c := r.Config(); c.Game != (engine.Config{Players: 6}) || c.Level != "medium" {
		t.Fatalf("room made: %+v", c)
	}
	settle(t, ann)
	click(t, ann, "Computer 3")
	settle(t, ann)
	if s := r.Seats(); s[2].Name != "Ann" || s[0].Human {
		t.Fatalf("seats after the click: %+v", s)
	}

	bob := newScreen(l, users, "key-b", "", 80)
	click(t, bob, "room1")
	if bob.conn == nil {
		t.Fatalf("Bob did not join: %s", bob.msg)
	}
	settle(t, bob)
	click(t, ann, "[ Start ]")
	if !r.Started() {
		t.Fatal("a click on start did not start")
	}
}
