package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// TestExpertAgainstHard measures, with MILLE_LONG_TESTS set, where expert
// and hard choose differently in the same positions (issue 37): every
// third decision with a choice of seat to act in hands of heuristic
// self-play, 120 positions, each searched by both levels with the same
// seed, and every position where they differ judged by playing both
// choices out in the same 100,000 sampled deals (the tuned policy for the
// deciding side, the heuristic for the other): the difference in the
// chance of winning the hand. docs/ai.md gives the figures.
func TestExpertAgainstHard(t *testing.T) {
	if testkit.Size(0, 0, 1) == 0 {
		t.Skip("a measurement: set " + testkit.LongEnv)
	}
	const positions = 120
	var buf [engine.MaxLegal]engine.Action
	n, differ, overH, overE, itersH, itersE := 0, 0, 0, 0, 0, 0
	gain, gainVar := 0.0, 0.0
	for deal := uint64(1); n < positions; deal++ {
		s, err := engine.New(engine.DefaultConfig, 1000+deal)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.HandOver() && n < positions; step++ {
			legal := s.Legal(buf[:0])
			obs := engine.Observe(&s, s.ToAct())
			if _, ok := obvious(&obs, legal); !ok && step%3 == 0 {
				n++
				v := view{pol: &tuned}
				viewOf(&obs, &v)
				base, _ := v.best(legal)
				seed := deal*100 + uint64(step)
				h := NewISMCTS(hardIters, seed, withPolicy(&tuned), WithWorkers(1))
				e := NewISMCTS(expertIters, seed, withPolicy(&tuned), WithWorkers(1))
				ah, ae := h.Choose(context.Background(), &obs, legal), e.Choose(context.Background(), &obs, legal)
				itersH += h.last.iterations
				itersE += e.last.iterations
				if ah != base {
					overH++
				}
				if ae != base {
					overE++
				}
				if ah != ae {
					differ++
					g, se := pairedWin(&obs, ah, ae, 100_000, deal)
					gain += g
					gainVar += se * se
					t.Logf("position %d: heuristic %v, hard %v, expert %v: expert's choice wins %+.2f%% ± %.2f more hands", n, base, ah, ae, 100*g, 100*se)
				}
			}
			var hv view
			viewOf(&obs, &hv)
			a, _ := hv.best(legal)
			s.StepLegal(a)
		}
	}
	t.Logf("%d positions: hard overrules the tuned policy in %d, expert in %d; they differ in %d; rollouts a decision: hard %d, expert %d",
		n, overH, overE, differ, itersH/n, itersE/n)
	t.Logf("expert's different choices win %+.3f hands in all (± %.3f), %+.5f a decision", gain, math.Sqrt(gainVar), gain/float64(n))
}

// pairedWin plays a and b in the same deals sampled from obs, the
// deciding side by the tuned policy and the others by the heuristic, and
// returns the mean of (b won the hand) − (a won the hand), a tie counting
// half, and its standard error.
func pairedWin(obs *engine.Observation, a, b engine.Action, deals int, seed uint64) (mean, se float64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	side := obs.Side()
	won := func(s *engine.State) float64 {
		m := HandMargin(s, side)
		return 0.5 + 0.5*float64(min(1, max(-1, m)))
	}
	sum, sq := 0.0, 0.0
	for range deals {
		d := engine.Sample(obs, rng)
		sa, sb := d, d
		if sa.Step(a) != nil || sb.Step(b) != nil {
			panic("ai: a sampled deal refuses a legal action")
		}
		rollout(&sa, rng, 0, &tuned, side)
		rollout(&sb, rng, 0, &tuned, side)
		g := won(&sb) - won(&sa)
		sum += g
		sq += g * g
	}
	nd := float64(deals)
	mean = sum / nd
	return mean, math.Sqrt(max(0, sq/nd-mean*mean) / (nd - 1))
}
