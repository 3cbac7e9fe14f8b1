package ui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
)

// footerOf is the footer line of a model or board as drawn at 120x40.
func footerOf(s shown) string {
	for _, l := range s.layers(120, 40) {
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
		b.Update(keyMsg(k))
		b.Update(keyMsg("q"))
		if b.dialog != dialogQuit {
			t.Fatalf("q did not ask to leave")
		}
		if f := footerOf(b); !strings.Contains(f, "y yes") || !strings.Contains(f, "n no") {
			t.Fatalf("the leave question's footer: %q", f)
		}
		if _, cmd := b.Update(keyMsg(k)); cmd != nil || b.dialog != dialogNone {
			t.Fatalf("%s did not stay at the table", k)
		}
	}
	b.Update(keyMsg("q"))
	_, cmd := b.Update(keyMsg("y"))
	if cmd == nil {
		t.Fatal("y did not leave")
	}
	if _, ok := cmd().(LeaveMsg); !ok {
		t.Fatal("y did not ask the host program to leave")
	}
}

// TestQuestionsFitIn80: every question of the local game, in each
// language, shows at 80 columns its box whole and, in its footer, every
// key it answers to, Return too: the French quit question with the save
// in it ran to 81 columns, its right edge cut, and its footer dropped
// "enter valider".
func TestQuestionsFitIn80(t *testing.T) {
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	for _, l := range lang.All {
		cfg := testConfig(t, 2, 7)
		cfg.Lang = l
		cfg.Local.Save = local.WriteSave // the quit question offers the save
		m := newModel(t, cfg)
		syncPlay(m, 2)
		for _, tc := range []struct {
			name string
			set  func()
		}{
			{"quit with the save", func() { m.dialog = dialogQuit }},
			{"replace", func() { m.asking = askReplace }},
			{"guide offer", func() { m.asking = askGuideOffer }},
			{"resume", func() { m.asking = askResume }},
			{"resume drop", func() { m.asking = askResumeDrop }},
		} {
			m.dialog, m.asking = dialogNone, askNone
			tc.set()
			q := m.question()
			if q == nil {
				t.Fatalf("%s, %s: no question", l.Tag, tc.name)
			}
			screen := screenOf(m, 80, 24)
			var footer string
			for _, ly := range m.layers(80, 24) {
				if ly.id == "help" {
					footer = ansi.Strip(ly.s)
				}
				if right := ly.x + lipgloss.Width(ly.s); right > 80 {
					t.Errorf("%s, %s: a layer ends at column %d:\n%s", l.Tag, tc.name, right, screen)
				}
			}
			for _, b := range q.keyMap(&m.screenContext).ShortHelp() {
				if want := b.Help().Key + " " + b.Help().Desc; !strings.Contains(footer, want) {
					t.Errorf("%s, %s: the footer lacks %q: %q", l.Tag, tc.name, want, footer)
				}
			}
		}
	}
}
