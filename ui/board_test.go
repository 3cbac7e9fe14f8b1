package ui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
)

// holds reports whether seat holds card c.
func holds(s *engine.State, seat int, c engine.Card) bool {
	for _, h := range s.Hands[seat] {
		if h == c {
			return true
		}
	}
	return false
}

// slotLayer is the drawing of the hand's card at display position pos.
func slotLayer(t *testing.T, m *Model, pos int) string {
	t.Helper()
	id := "slot-" + strconv.Itoa(pos)
	for _, l := range m.layers(m.w, m.h) {
		if l.id == id {
			return l.s
		}
	}
	t.Fatalf("no layer %s", id)
	return ""
}

// TestFlowUnplayableCardsMarked: on the person's turn the cards that can't
// be played now are dimmed and marked ✗ (so without colour too), those
// that can are not, and the selected card's reason reads on the input
// line before it is played.
func TestFlowUnplayableCardsMarked(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool {
		return s.Phase == engine.PhasePlay && s.Tableaus[0].Battle == engine.NoCard &&
			holds(s, 0, engine.Miles75) && holds(s, 0, engine.Go)
	})
	m := newModel(t, resumeAt(t, setup, acts))
	for _, sz := range sizes {
		screenOf(m, sz[0], sz[1])
		miles, goCard := posOf(m, engine.Miles75), posOf(m, engine.Go)
		m.Update(keyMsg(strings.ToLower(slotKey(miles))))
		screen := screenOf(m, sz[0], sz[1])
		contains(t, screen, "Your turn: ◆ 75: you need a Go first · x discards it")
		bottom := func(pos int) string {
			lines := strings.Split(slotLayer(t, m, pos), "\n")
			return ansi.Strip(lines[len(lines)-1])
		}
		if b := bottom(miles); !strings.Contains(b, "✗") {
			t.Errorf("%dx%d: the 75 can't be played and is not marked: %q", sz[0], sz[1], b)
		}
		if b := bottom(goCard); strings.Contains(b, "✗") {
			t.Errorf("%dx%d: the Go can be played and is marked: %q", sz[0], sz[1], b)
		}
		if face := slotLayer(t, m, miles); !strings.Contains(face, m.styles.Dim.open+center("75", cardW-2)) &&
			!strings.Contains(face, m.styles.Dim.open+center("75", bigW-2)) {
			t.Errorf("%dx%d: the 75 is not dimmed:\n%q", sz[0], sz[1], face)
		}
		m.Update(keyMsg(strings.ToLower(slotKey(goCard))))
		if screen := screenOf(m, sz[0], sz[1]); strings.Contains(screen, "need a Go") {
			t.Errorf("%dx%d: a reason is shown for a card that can be played:\n%s", sz[0], sz[1], screen)
		}
	}
	// Enter on the 75 is still refused, with the same words.
	m.Update(keyMsg(strings.ToLower(slotKey(posOf(m, engine.Miles75)))))
	m.Update(keyMsg("enter"))
	if m.message != "You can't play 75: you need a Go first." {
		t.Fatalf("message %q", m.message)
	}
}
