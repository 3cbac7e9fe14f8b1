package review

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/record"
)

// TestHintedNeverFlagged: a person who plays every hint against the
// default level, reviewed as the screens review (Normal, the seed from
// the game), is flagged for none of them (issue 34). -short skips it, a
// normal run plays a hand, MILLE_LONG_TESTS=1 four whole games to 5000
// (docs/benchmarks.md, "The hint": the figures it logs).
func TestHintedNeverFlagged(t *testing.T) {
	if testing.Short() {
		t.Skip("a hand of hints and its review take seconds")
	}
	games := testkit.Size(0, 0, 4)
	whole := games > 0
	games = max(games, 1)
	var hinted, flagged int
	var times []time.Duration
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, took := hintedGame(t, seed, whole)
		times = append(times, took...)
		r, err := Analyse(context.Background(), g, Options{Depth: Normal, Seats: []int{0}, SplitDeals: testSplitDeals})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range r.Hands {
			for _, d := range h.Decisions {
				hinted++
				if d.Verdict != Good {
					flagged++
					t.Errorf("game %d, hand %d, move %d: the hinted %v is a %v (loss %.0f ± %.0f, best %v)",
						seed, h.Hand, d.Index, d.Played, d.Verdict, d.Loss, d.LossSE, d.Best)
				}
			}
		}
	}
	slices.Sort(times)
	at := func(q float64) time.Duration { return times[int(q*float64(len(times)-1))] }
	t.Logf("%d games, %d hinted moves reviewed, %d flagged; a hint took p50 %v, p95 %v, max %v (wall)",
		games, hinted, flagged, at(0.5).Round(time.Millisecond), at(0.95).Round(time.Millisecond), at(1).Round(time.Millisecond))
}

// hintedGame plays a 2-player game of seed, seat 0 playing every hint
// and seat 1 the default level: the first hand alone, or the whole game
// to 5000 when whole is set. It returns its record and each hint's time.
func hintedGame(t *testing.T, seed uint64, whole bool) (record.Game, []time.Duration) {
	t.Helper()
	g, err := record.New(engine.Config{Players: 2}, seed, []record.Seat{{Human: true}, {Level: ai.DefaultLevel}})
	if err != nil {
		t.Fatal(err)
	}
	them, err := ai.New(ai.DefaultLevel, seed)
	if err != nil {
		t.Fatal(err)
	}
	var took []time.Duration
	var buf [engine.MaxLegal]engine.Action
	for {
		s := &g.State
		if s.Phase == engine.PhaseGameOver || !whole && s.HandOver() {
			return g, took
		}
		legal := s.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 && !s.HandOver() {
			obs := engine.Observe(s, s.ToAct())
			if s.ToAct() == 0 {
				t0 := time.Now()
				a, _ = Hint(context.Background(), &obs, slices.Clone(legal))
				took = append(took, time.Since(t0))
			} else {
				a = them.Choose(context.Background(), &obs, slices.Clone(legal))
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}
