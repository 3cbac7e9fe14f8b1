package record

import (
	"errors"
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestRecordChecks: a game moved on with Apply checks; a state that is
// not its history's, a bad seat or an illegal action is refused, saying
// where.
func TestRecordChecks(t *testing.T) {
	seats := []Seat{{Name: "You", Human: true}, {Name: "Computer", Level: "easy"}}
	g, err := New(engine.Config{Players: 2, Rules: engine.Standard}, 7, seats)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		if err := g.Apply(g.State.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Check(); err != nil {
		t.Fatalf("a game moved on with Apply: %v", err)
	}
	if err := g.Apply(engine.Continue); err == nil {
		t.Error("an illegal action applied")
	}
	if len(g.History) != 20 {
		t.Errorf("a refused action joined the history (%d actions)", len(g.History))
	}
	bad := g
	bad.History = bad.History[:19]
	if err := bad.Check(); !errors.Is(err, ErrReplay) {
		t.Errorf("a history one short: %v", err)
	}
	if MovesDigest(bad.History) == MovesDigest(g.History) {
		t.Error("two histories, one digest")
	}
	if _, err := New(engine.Config{Players: 2, Rules: engine.Standard}, 7, []Seat{{Name: "\x1b[2J", Human: true}, seats[1]}); err == nil {
		t.Error("a name with an escape sequence")
	}
}
