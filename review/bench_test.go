//go:build unix

package review

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// easyHand plays the first hand of cfg from seed with the easy level in
// seat 0, a person's seat (a stand-in for a person: the heuristic with
// a random move three times in ten), and the heuristic elsewhere.
func easyHand(b *testing.B, cfg engine.Config, seed uint64) record.Game {
	seats := make([]record.Seat, cfg.Players)
	seats[0].Human = true
	players := make([]ai.Player, cfg.Players)
	for p := range seats {
		level := "heuristic"
		if p == 0 {
			level = "easy"
		} else {
			seats[p].Level = level
		}
		var err error
		if players[p], err = ai.New(level, seed+uint64(p)); err != nil {
			b.Fatal(err)
		}
	}
	g, err := record.New(cfg, seed, seats)
	if err != nil {
		b.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	for !g.State.HandOver() {
		legal := g.State.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(&g.State, g.State.ToAct())
			a = players[g.State.ToAct()].Choose(context.Background(), &obs, legal)
		}
		if err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkReviewHand reviews seat 0 of a hand played by the easy level
// against the heuristic, on every core: one hand an iteration, the same
// hands at every depth. Run with -benchtime=5x or so: a deep iteration
// takes many seconds. Besides the wall time it reports the CPU time per
// hand (cpu-s/hand), which another program on the machine does not
// inflate, and the wall time to the first verdict (first-s) and to the
// whole hand (hand-s): on a quiet 2-core machine those must stay within 2
// and 10 s (docs/review.md, "Speed").
func BenchmarkReviewHand(b *testing.B) {
	for _, players := range []int{2, 4, 6} {
		for _, depth := range []Depth{Quick, Normal, Deep} {
			b.Run(fmt.Sprintf("%dp/%v", players, depth), func(b *testing.B) {
				cfg := engine.Config{Players: players}
				var games []record.Game
				for k := range 5 {
					games = append(games, easyHand(b, cfg, uint64(k+1)))
				}
				decisions := 0
				i := 0
				var first, whole time.Duration
				cpu0 := cpuTime(b)
				for b.Loop() {
					t0 := time.Now()
					var t1 time.Duration
					o := Options{Depth: depth, Seed: 1, Decided: func(Decision) {
						if t1 == 0 {
							t1 = time.Since(t0)
						}
					}}
					r, err := Analyse(context.Background(), games[i%len(games)], o)
					if err != nil {
						b.Fatal(err)
					}
					first += t1
					whole += time.Since(t0)
					decisions += len(r.Hands[0].Decisions)
					i++
				}
				b.ReportMetric(float64(decisions)/float64(i), "decisions/hand")
				b.ReportMetric(first.Seconds()/float64(i), "first-s")
				b.ReportMetric(whole.Seconds()/float64(i), "hand-s")
				b.ReportMetric((cpuTime(b)-cpu0).Seconds()/float64(i), "cpu-s/hand")
			})
		}
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBeside times a computer move (a search of a fixed budget,
// at the game's priority) alone and while a review of a hand at normal
// depth runs beside it, on every core at its lower priority: the move
// should not take much longer (docs/review.md, "Speed").
func BenchmarkBeside(b *testing.B) {
	g := easyHand(b, engine.DefaultConfig, 1)
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range g.History[:10] {
		if err := s.Step(a); err != nil {
			b.Fatal(err)
		}
	}
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	for _, beside := range []bool{false, true} {
		name := "alone"
		if beside {
			name = "beside-review"
		}
		b.Run(name, func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			defer func() { cancel(); <-done }()
			go func() {
				defer close(done)
				for beside && ctx.Err() == nil {
					Analyse(ctx, g, Options{Depth: Normal, Seed: 1})
				}
			}()
			p, err := ai.New("ismcts:4000", 1) // a fixed budget, where hard would stop at its time limit
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				p.Choose(context.Background(), &obs, legal)
			}
		})
	}
}
