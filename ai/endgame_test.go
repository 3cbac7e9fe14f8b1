package ai

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// bruteValue is the value of s for side by plain minimax over every line
// of play, with no pruning and no table: the reference endgame is held to.
func bruteValue(s *engine.State, side int) int32 {
	if s.HandOver() {
		return endgameValue(s, side)
	}
	var buf [engine.MaxLegal]engine.Action
	maximize := s.Config.SideOf(s.ToAct()) == side
	var best int32
	for k, a := range s.Legal(buf[:0]) {
		child := *s
		child.StepLegal(a)
		v := bruteValue(&child, side)
		if k == 0 || maximize && v > best || !maximize && v < best {
			best = v
		}
	}
	return best
}

// smallEndgame plays a 2-player hand of cfg at random from seed until the
// draw pile is empty and the two hands hold at most cards cards, and
// returns it; ok is false if the hand ended first.
func smallEndgame(cfg engine.Config, seed uint64, cards int) (s engine.State, ok bool) {
	s, err := engine.New(cfg, seed)
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 37))
	var buf [engine.MaxLegal]engine.Action
	for !s.HandOver() {
		if s.DrawLen == 0 && s.Phase == engine.PhasePlay && s.HandLen(0)+s.HandLen(1) <= cards {
			return s, true
		}
		legal := s.Legal(buf[:0])
		s.StepLegal(legal[rng.IntN(len(legal))])
	}
	return s, false
}

// TestEndgameMatchesBruteForce solves random small endgames of every
// 2-player ruleset and holds the solver's value, and the value of the
// action it plays, to plain minimax.
func TestEndgameMatchesBruteForce(t *testing.T) {
	tests := []struct {
		rules engine.Ruleset
		cards int // at most this many cards left in the two hands
		seeds int
	}{
		{engine.Standard, 7, 40},
		{engine.Standard, 9, 8},
		{engine.BSD, 7, 30},
		{engine.Dujardin, 7, 30},
		{engine.Dujardin500, 7, 30},
	}
	for _, tc := range tests {
		t.Run(tc.rules.String(), func(t *testing.T) {
			cfg := engine.Config{Players: 2, Rules: tc.rules}
			e := newEndgame(1 << 30)
			solved := 0
			for seed := uint64(1); solved < tc.seeds && seed < uint64(20*tc.seeds); seed++ {
				s, ok := smallEndgame(cfg, seed, tc.cards)
				if !ok {
					continue
				}
				solved++
				side := s.Config.SideOf(s.ToAct())
				var buf [engine.MaxLegal]engine.Action
				legal := s.Legal(buf[:0])
				best, val, ok := e.solve(context.Background(), &s, legal)
				if !ok {
					t.Fatalf("seed %d: the solver ran out of an unbounded budget", seed)
				}
				if want := bruteValue(&s, side); val != want {
					t.Fatalf("seed %d: solver's value %d, brute force's %d", seed, val, want)
				}
				after := s
				after.StepLegal(best)
				if got := bruteValue(&after, side); got != val {
					t.Fatalf("seed %d: the solver plays %v, worth %d, not its %d", seed, best, got, val)
				}
			}
			if solved < tc.seeds {
				t.Fatalf("only %d endgames of %d found", solved, tc.seeds)
			}
		})
	}
}

// TestEndgameRegret measures, with MILLE_LONG_TESTS set, what the exact
// endgames gain: over the 2-player endgames of heuristic self-play (every
// decision with two or more actions once the draw pile is empty), the
// value each of the heuristic, hard and expert gives up against the best
// action, the solver's (docs/ai.md). It plays only in long runs: hard's
// searches take a minute or two.
func TestEndgameRegret(t *testing.T) {
	if testkit.Size(0, 0, 1) == 0 {
		t.Skip("a measurement: set " + testkit.LongEnv)
	}
	const deals = 1500
	h := NewHeuristic()
	players := []Player{h, mustNew(t, "hard"), mustNew(t, "expert")}
	var regret [3]float64
	var worse, flips [3]int
	var nodes []int
	positions := 0
	e := newEndgame(1 << 30)
	ctx := context.Background()
	for seed := uint64(1); seed <= deals; seed++ {
		s, _ := engine.New(engine.DefaultConfig, seed)
		var buf [engine.MaxLegal]engine.Action
		for !s.HandOver() {
			legal := s.Legal(buf[:0])
			o := engine.Observe(&s, s.ToAct())
			if s.DrawLen == 0 && len(legal) > 1 && solvable(&o) {
				if _, ok := obvious(&o, legal); !ok {
					positions++
					side := s.Config.SideOf(s.ToAct())
					value := func(a engine.Action) int32 {
						child := s
						child.StepLegal(a)
						// The child's value for side: solve from side's view.
						if child.HandOver() {
							return endgameValue(&child, side)
						}
						e.side, e.nodes, e.aborted, e.ctx = side, 0, false, ctx
						e.gen++
						if e.gen == 0 {
							clear(e.tt)
							e.gen = 1
						}
						return e.search(&child, math.MinInt32, math.MaxInt32)
					}
					_, best, _ := e.solve(ctx, &s, legal)
					nodes = append(nodes, e.nodes)
					for k, p := range players {
						got := value(p.Choose(ctx, &o, legal))
						r := float64(best - got)
						regret[k] += r
						if r > 0 {
							worse[k]++
						}
						if r >= 6000 {
							flips[k]++
						}
					}
				}
			}
			s.StepLegal(h.Choose(ctx, &o, legal))
		}
	}
	slices.Sort(nodes)
	t.Logf("%d endgame decisions in %d deals; positions the solver visits: median %d, 95th percentile %d, most %d",
		positions, deals, nodes[len(nodes)/2], nodes[len(nodes)*95/100], nodes[len(nodes)-1])
	for k, p := range players {
		t.Logf("%-9s worse than the best in %d (%.1f%%), by a hand's result in %d; mean regret %.0f",
			p.Name(), worse[k], 100*float64(worse[k])/float64(positions), flips[k], regret[k]/float64(positions))
	}
	if worse[2] != 0 {
		t.Errorf("expert played %d endgame actions worse than the solver's", worse[2])
	}
}

func mustNew(t *testing.T, name string) Player {
	p, err := New(name, 1)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSolveOption: expert solves endgames and hard does not; "+solve"
// turns the solver on for a player or level that searches by ISMCTS and
// names it so, and any other player refuses it with LevelNoSolve.
func TestSolveOption(t *testing.T) {
	for _, tc := range []struct {
		name  string
		solve bool
	}{{"hard", false}, {"expert", true}, {"hard+solve", true}, {"ismcts:500+solve", true}, {"hard+infer+solve", true}, {"hard+solve+infer", true}} {
		p, err := New(tc.name, 1)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		q := p.(*ISMCTS)
		if (q.eg != nil) != tc.solve {
			t.Errorf("%s: solves %v, want %v", tc.name, q.eg != nil, tc.solve)
		}
		if tc.solve && tc.name != "expert" && p.Name() != tc.name {
			t.Errorf("%s is named %q", tc.name, p.Name())
		}
	}
	for _, name := range []string{"medium+solve", "heuristic+solve", "random+solve"} {
		var le *LevelError
		if _, err := New(name, 1); !errors.As(err, &le) || le.Why != LevelNoSolve {
			t.Errorf("%s: error %v, want LevelNoSolve", name, err)
		}
	}
	if _, err := New("hard+solve+solve", 1); err == nil {
		t.Error("hard+solve+solve: no error")
	}
}
