package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// TestEndWindowKeys: the end-of-hand window's highlighted button is one
// Return presses (not in the first moment, when a Return was typed for
// the last move), ←→ move the highlight, and leaving asks first; at the
// end of a game n opens the new setup and q asks before quitting.
func TestEndWindowKeys(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	clock := time.Unix(1e9, 0)
	m.now = func() time.Time { return clock }
	syncPlay(m, 3000)
	if m.gamePrompt() != promptAnotherHand {
		t.Fatal("no end of hand")
	}
	hand := m.obs.Hand
	m.Update(keyMsg("enter"))
	settleModel(m)
	if m.obs.Hand != hand || m.gamePrompt() != promptAnotherHand {
		t.Fatal("a Return typed as the window opened dealt the next hand")
	}
	clock = clock.Add(time.Second)
	m.Update(keyMsg("right"))
	if screen := screenOf(m, 80, 24); !strings.Contains(screen, "[ q Quit ]") {
		t.Fatalf("no q Quit button:\n%s", screen)
	}
	if _, cmd := m.Update(keyMsg("enter")); m.dialog != dialogQuit {
		t.Fatalf("Return on Quit: dialog %v (cmd %v), want the quit question", m.dialog, cmd != nil)
	}
	m.Update(keyMsg("n")) // cancel
	m.Update(keyMsg("left"))
	m.Update(keyMsg("enter"))
	settleModel(m)
	if m.obs.Hand == hand {
		t.Fatal("Return on Another hand did not deal the next hand")
	}

	for i := 0; i < 40 && m.gamePrompt() != promptAnotherGame; i++ {
		syncPlay(m, 3000)
		if m.gamePrompt() == promptAnotherHand {
			m.act(engine.Continue)
			settleModel(m)
		}
	}
	if m.gamePrompt() != promptAnotherGame {
		t.Fatal("the game never ended")
	}
	screen := screenOf(m, 80, 24)
	for _, b := range []string{"[ y Another game ]", "[ n New setup ]", "[ q Quit ]"} {
		if !strings.Contains(screen, b) {
			t.Errorf("no %s:\n%s", b, screen)
		}
	}
	m.Update(keyMsg("q"))
	if m.dialog != dialogQuit || m.quitting {
		t.Fatalf("q at the end of the game: dialog %v, quitting %v; want the quit question", m.dialog, m.quitting)
	}
	m.Update(keyMsg("n"))
	m.Update(keyMsg("n"))
	if m.setup == nil {
		t.Fatalf("n at the end of the game: screen %v, want the new setup", m.screen)
	}
}
