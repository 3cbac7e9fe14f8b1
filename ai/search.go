package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/millebornes/mille/engine"
)

// rollout plays s to the end of the hand with the heuristic policy, taking
// a random legal action instead with probability eps. The seats of side
// play policy pol (nil: the plain heuristic), the others the heuristic.
func rollout(s *engine.State, rng *rand.Rand, eps float64, pol *Policy, side int) {
	rolloutFor(s, rng, eps, pol, side, -1)
}

// rolloutFor is rollout stopped after limit plies (never, below zero). It
// returns the plies played.
func rolloutFor(s *engine.State, rng *rand.Rand, eps float64, pol *Policy, side, limit int) int {
	var buf [engine.MaxLegal]engine.Action
	var v view
	var t tally
	t.reset(s)
	plies := 0
	for ; !s.HandOver() && plies != limit; plies++ {
		legal := s.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			if eps > 0 && rng.Float64() < eps {
				a = legal[rng.IntN(len(legal))]
			} else {
				viewOfState(s, &v, &t)
				v.pol = nil
				if s.Config.SideOf(s.ToAct()) == side {
					v.pol = pol
				}
				a, _ = v.best(legal)
			}
		}
		s.StepLegal(a) // from Legal: Step's check would be paid twice
	}
	return plies
}

// rewards scores a finished hand for every side in [0, 1]: with weight
// winW whether the side won the hand (what the arena counts), the rest by
// how much, so the search still tells a big win from a narrow one.
func rewards(s *engine.State, winW float64) (r [engine.MaxSides]float64) {
	for side := range s.Sides() {
		margin := HandMargin(s, side)
		win := 0.5
		switch {
		case margin > 0:
			win = 1
		case margin < 0:
			win = 0
		}
		m := 0.5 + float64(margin)/8000
		r[side] = winW*win + (1-winW)*min(1, max(0, m))
	}
	return r
}

// HandMargin is the result of a finished hand for side: its points in the
// hand (s.HandScores) less those of the best other side. It is what the
// search's rewards and Evaluate's estimates are made of.
func HandMargin(s *engine.State, side int) int {
	return s.HandScores[side].Total() - s.HandScores[bestOther(s, side)].Total()
}

// bestOther is the side other than side with the most points in the
// finished hand s (the first of them on a tie).
func bestOther(s *engine.State, side int) int {
	best, other := -1, math.MinInt
	for o := range s.Sides() {
		if t := s.HandScores[o].Total(); o != side && t > other {
			best, other = o, t
		}
	}
	return best
}

// deadline says when a search must stop: after a number of iterations, at
// a time, or when its context is cancelled, whichever comes first.
type deadline struct {
	ctx   context.Context
	iters int
	end   time.Time // zero: no time limit
}

// done is checked between iterations; the clock and the context are read
// only every few iterations because they cost more than a rollout's step.
func (d *deadline) done(i int) bool {
	if i >= d.iters {
		return true
	}
	if i&7 != 0 {
		return false
	}
	return d.expired()
}

// expired reports whether the context is cancelled or the time is up.
func (d *deadline) expired() bool {
	if d.ctx != nil {
		select {
		case <-d.ctx.Done():
			return true
		default:
		}
	}
	return !d.end.IsZero() && time.Now().After(d.end)
}

// seedFor derives a worker's random source from the player's seed, the
// decision number and the worker index, so searches repeat exactly.
func seedFor(seed, call uint64, worker int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^call*0x9e3779b97f4a7c15, uint64(worker)+0x6d696c6c65))
}

// MonteCarlo is flat Monte Carlo: every legal action is tried in the same
// sampled deals, each followed by a heuristic rollout to the end of the
// hand, and the action with the best mean reward is played.
type MonteCarlo struct {
	name  string
	iters int           // rollouts per decision, over all actions
	limit time.Duration // time limit per decision, 0 for none
	seed  uint64
	calls uint64
	last  searchStats
	infer bool // deal as the other seats' last plays and discards tell (see ISMCTS)
}

// NewMonteCarlo returns a flat Monte Carlo player doing about iters
// rollouts per decision, stopping early after limit if limit > 0.
func NewMonteCarlo(iters int, limit time.Duration, seed uint64) *MonteCarlo {
	return &MonteCarlo{name: "montecarlo", iters: iters, limit: limit, seed: seed}
}

// Name returns "montecarlo" (or the level it plays).
func (m *MonteCarlo) Name() string { return m.name }

// Choose samples deals and rolls every action out in each.
func (m *MonteCarlo) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	m.calls++
	if a, ok := obvious(obs, legal); ok {
		return a
	}
	d := deadline{ctx: ctx, iters: m.iters / len(legal)}
	if m.limit > 0 {
		d.end = time.Now().Add(m.limit)
	}
	rng := seedFor(m.seed, m.calls, 0)
	side := obs.Side()
	// The heuristic's choice is the baseline; every action is compared
	// with it in the same deals (common random numbers), and another is
	// played only if it is better by more than twice its standard error.
	var v view
	viewOf(obs, &v)
	base, _ := v.best(legal)
	var sum, sq [engine.MaxLegal]float64
	var avoid engine.Avoid
	inferred := &avoid // what the other seats' plays tell of their hands
	if !m.infer || !infer(obs, &avoid) {
		inferred = nil
	}
	var s engine.State // once: a copy declared in the loop went to the heap at every rollout
	i := 0
	for ; !d.done(i); i++ {
		det := engine.SampleAvoiding(obs, rng, inferred)
		var r [engine.MaxLegal]float64
		for k, a := range legal {
			s = det
			if err := s.Step(a); err != nil {
				panic("ai: sampled state refuses a legal action: " + err.Error())
			}
			rollout(&s, rng, 0, nil, side)
			r[k] = rewards(&s, 0.6)[side]
		}
		b := r[slices.Index(legal, base)]
		for k := range legal {
			x := r[k] - b
			sum[k] += x
			sq[k] += x * x
		}
	}
	m.last = searchStats{iterations: i * len(legal)}
	return pickPaired(legal, base, sum[:], sq[:], i)
}

// pickPaired returns the action whose mean gain over base is largest, if
// that gain is more than twice its standard error; else base.
func pickPaired(legal []engine.Action, base engine.Action, sum, sq []float64, n int) engine.Action {
	if n < 4 {
		return base
	}
	best, bestGain := base, 0.0
	for k, a := range legal {
		mean := sum[k] / float64(n)
		variance := (sq[k]/float64(n) - mean*mean) / float64(n-1)
		if mean > bestGain && mean > 2*math.Sqrt(max(variance, 0)) {
			best, bestGain = a, mean
		}
	}
	return best
}

// obvious returns the action when there is nothing to think about: a
// single legal action, or a coup fourré (always worth declaring).
func obvious(obs *engine.Observation, legal []engine.Action) (engine.Action, bool) {
	if len(legal) == 1 {
		return legal[0], true
	}
	for _, a := range legal {
		if a == engine.DeclareCoupFourre {
			return a, true
		}
	}
	return 0, false
}
