package plain

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// TestHintTypedAhead: a hint typed with the move after it (a pipe, a fast
// typist) is told before that move is played: the lines typed ahead wait
// for the hint instead of cancelling it.
func TestHintTypedAhead(t *testing.T) {
	release := make(chan struct{})
	hint := func(ctx context.Context, _ *engine.Observation, legal []engine.Action) (engine.Action, string) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return legal[0], "the first legal move"
	}
	tab := newTable(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
	r := start(t, tab, Options{Hint: hint})
	r.until(func(l string) bool { return asks(l, lang.Turn) })
	r.send("hint")
	r.send("discard 1")
	close(release)
	var hinted bool
	r.until(func(l string) bool {
		hinted = hinted || strings.HasPrefix(l, sentence(lang.Hint))
		return strings.HasPrefix(l, "You discard")
	})
	if !hinted {
		t.Errorf("the hint typed ahead was not told before the move after it; the transcript ends:\n%s", tail(r.out.String(), 12))
	}
}

// TestMoveTypedAhead: a move typed while the computer is still to play
// waits for the player's turn instead of being refused.
func TestMoveTypedAhead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		seats := []record.Seat{{Name: "Ann", Level: "slow"}, {Name: "Me", Human: true}}
		g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 1, seats)
		if err != nil {
			t.Fatal(err)
		}
		newPlayer := func(string, uint64) (ai.Player, error) { return slowComputer{took: 3 * moment}, nil }
		tab, err := table.FromRecord("", g, []string{"", localUser}, localUser, false, table.Config{Level: "slow", NewPlayer: newPlayer}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tab.Close)
		r := start(t, tab, Options{})
		r.until(func(l string) bool { return strings.HasPrefix(l, "Mille Bornes") })
		r.send("discard 1")
		l := r.until(func(l string) bool {
			return strings.HasPrefix(l, "You discard") || strings.HasPrefix(l, sentence(lang.WaitTurn))
		})
		if !strings.HasPrefix(l, "You discard") {
			t.Errorf("a move typed before its turn: %q; the transcript:\n%s", l, r.out)
		}
	})
}
