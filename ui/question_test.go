package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
)

// footerOf is the footer line of a model or board as drawn at 120x40.
func footerOf(s shown) string {
	m := s.b()
	for _, l := range m.top.layers(120, 40) {
		if l.id == "help" {
			return ansi.Strip(l.s)
		}
	}
	return ""
}

// TestQuestionFooterIsItsKeys: a question's footer is its own key map,
// its buttons' keys in their words, then Return, and no key of the board
// behind it: at the end of a hand the quit question's footer said w and
// v, which do nothing while it is asked.
func TestQuestionFooterIsItsKeys(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	if m.gamePrompt() != promptAnotherHand {
		t.Fatalf("the hand is not over: %v", m.gamePrompt())
	}
	screenOf(m, 120, 40)
	if f := footerOf(m); !strings.Contains(f, "w ") {
		t.Fatalf("the end of a hand's footer lacks w: %q", f)
	}
	m.dialog = dialogQuit
	f := footerOf(m)
	for _, want := range []string{"y quit", "n cancel", "enter ok"} {
		if !strings.Contains(f, want) {
			t.Errorf("the quit question's footer lacks %q: %q", want, f)
		}
	}
	for _, not := range []string{"w ", "v ", "q "} {
		if strings.Contains(f, not) {
			t.Errorf("the quit question's footer says %q: %q", not, f)
		}
	}
}

// TestLeaveQuestionKeys: at a server's table q asks, its footer says
// the buttons' words ("n no", where it said "n cancel" under a "No"
// button), y leaves, and Return and n stay.
func TestLeaveQuestionKeys(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewRemote(RemoteConfig{Table: frozen(s, 0, []string{"Ann", "Bob"}, []bool{true, true}, nil), Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	screenOf(b, 120, 40)
	for _, k := range []string{"enter", "n"} {
		b.keyPress(keyMsg(k))
		b.keyPress(keyMsg("q"))
		if b.dialog != dialogQuit {
			t.Fatalf("q did not ask to leave")
		}
		if f := footerOf(b); !strings.Contains(f, "y yes") || !strings.Contains(f, "n no") {
			t.Fatalf("the leave question's footer: %q", f)
		}
		if cmd := b.keyPress(keyMsg(k)); cmd != nil || b.dialog != dialogNone {
			t.Fatalf("%s did not stay at the table", k)
		}
	}
	b.keyPress(keyMsg("q"))
	cmd := b.keyPress(keyMsg("y"))
	if cmd == nil {
		t.Fatal("y did not leave")
	}
	if _, ok := cmd().(LeaveMsg); !ok {
		t.Fatal("y did not ask the host program to leave")
	}
}
