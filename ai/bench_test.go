package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/millebornes/mille/engine"
)

// midHand plays a few turns of a fresh deal with the heuristic and returns
// the state with the seat to act facing a real choice.
func midHand(tb testing.TB, cfg engine.Config, seed uint64, turns int) engine.State {
	tb.Helper()
	s, err := engine.New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	var v view
	var tal tally
	tal.reset(&s)
	for i := 0; i < turns || len(s.Legal(buf[:0])) < 2; i++ {
		if s.HandOver() {
			tb.Fatalf("hand over after %d turns", i)
		}
		legal := s.Legal(buf[:0])
		viewOfState(&s, &v, &tal)
		a, _ := v.best(legal)
		s.Step(a)
	}
	return s
}

func BenchmarkHeuristicChoose(b *testing.B) {
	s := midHand(b, engine.DefaultConfig, 1, 10)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	h := NewHeuristic()
	b.ReportAllocs()
	for b.Loop() {
		h.Choose(context.Background(), &obs, legal)
	}
}

func BenchmarkRollout(b *testing.B) {
	for _, players := range []int{2, 4, 6} {
		b.Run(string(rune('0'+players))+"p", func(b *testing.B) {
			s := midHand(b, engine.Config{Players: players}, 1, 2)
			obs := engine.Observe(&s, s.ToAct())
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				d := engine.Sample(&obs, rng)
				rollout(&d, rng, 0, nil, 0)
			}
		})
	}
}

// BenchmarkHardChoose is one decision of hard, on one goroutine, in the
// middle of a few 2-player hands: the search's whole cost (deals, trees,
// rollouts). Its iterations are the same at any load, so the CPU time it
// reports as cpu-ns/op (the process's, with -cpu 1) measures the search
// alone even on a busy machine, where ns/op measures the machine
// (docs/benchmarks.md).
func BenchmarkHardChoose(b *testing.B) { benchmarkLevel(b, "hard") }

// BenchmarkExpertChoose is BenchmarkHardChoose for expert.
func BenchmarkExpertChoose(b *testing.B) { benchmarkLevel(b, "expert") }

func benchmarkLevel(b *testing.B, level string) {
	var positions []engine.Observation
	for seed := uint64(1); len(positions) < 4; seed++ {
		s := midHand(b, engine.DefaultConfig, seed, 6)
		obs := engine.Observe(&s, s.ToAct())
		if _, ok := obvious(&obs, obs.Legal(nil)); !ok {
			positions = append(positions, obs)
		}
	}
	rollouts := 0
	i := 0
	cpu := cpuTime()
	for b.Loop() {
		obs := &positions[i%len(positions)]
		p, _ := newLevel(level, uint64(i))
		search := p.(*ISMCTS)
		WithWorkers(1)(search)
		search.Choose(context.Background(), obs, obs.Legal(nil))
		rollouts += search.last.iterations
		i++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(i), "cpu-ns/op")
	b.ReportMetric(float64(rollouts)/float64(i), "rollouts/op")
}

// TestSearchAllocationsPerDecision: a search allocates per decision (its
// trees, its statistics), never per rollout: a state copied into a
// variable whose address the rollout takes went to the heap once a
// rollout, 9,700 times a hard decision.
func TestSearchAllocationsPerDecision(t *testing.T) {
	if raceOn {
		t.Skip("the race detector allocates on its own")
	}
	s := midHand(t, engine.DefaultConfig, 1, 6)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	const iters = 2000
	for _, p := range []Player{
		NewISMCTS(iters, 1, WithWorkers(1)),
		NewMonteCarlo(iters, 0, 1),
	} {
		n := testing.AllocsPerRun(3, func() { p.Choose(context.Background(), &obs, legal) })
		if n > iters/10 {
			t.Errorf("%s: %.0f allocations for a decision of %d rollouts", p.Name(), n, iters)
		}
	}
}
