// Command tune searches the weights of the searching players' own policy
// (ai.Policy) by duplicate play of the policy alone against the plain
// heuristic (ai.PolicyHands).
//
// It is a coordinate search starting from the tuned policy: each weight is
// moved up and down by a step (a quarter of its plain value, at least 10,
// or 0.05 for the small weights per mile; half that after the first
// round), and a move is kept when it wins more hands on the same deals by
// more than twice the standard error of the paired difference and by more
// than 0.05 points. At the end it plays the result and the tuned policy on
// fresh deals and prints the weights that moved; copy them into tuned in
// ai/policy.go, then measure the levels again (docs/ai.md).
//
//	go run ./ai/tune                      # about 2 minutes on 2 cores
//	go run ./ai/tune -deals 2000 -v       # a quick look, every try printed
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"reflect"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

func main() {
	deals := flag.Int("deals", 40000, "deals per try (each played once per side)")
	players := flag.Int("players", 2, "players at the table: 2, 3, 4 or 6")
	rounds := flag.Int("rounds", 3, "passes over the weights at most")
	seed := flag.Uint64("seed", 11, "seed of the deals the tries are played on (the fresh check uses seed+1)")
	verbose := flag.Bool("v", false, "print every try")
	flag.Parse()
	cfg := engine.Config{Players: *players}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
	if *deals < 2 || *rounds < 1 {
		fmt.Fprintln(os.Stderr, "tune: -deals must be at least 2 and -rounds at least 1")
		os.Exit(2)
	}
	t := tuner{cfg: cfg, deals: *deals, seed: *seed, verbose: *verbose}
	tuned := ai.TunedPolicy()
	best := t.search(tuned, *rounds)

	fresh := ai.PolicyHands(cfg, *deals, *seed+1, best)
	old := ai.PolicyHands(cfg, *deals, *seed+1, tuned)
	g, se := fresh.GainOver(old)
	fmt.Printf("fresh deals: %.2f%% against tuned %.2f%% (%+.2f ± %.2f)\n", 100*fresh.Share(), 100*old.Share(), 100*g, 100*se)
	moved := false
	for i, name := range weightNames() {
		if a, b := weight(&tuned, i), weight(&best, i); a != b {
			fmt.Printf("  %s: %g → %g\n", name, a, b)
			moved = true
		}
	}
	if !moved {
		fmt.Println("no weight moved")
	}
}

// tuner measures policies on fixed deals.
type tuner struct {
	cfg     engine.Config
	deals   int
	seed    uint64
	verbose bool
}

// search moves one weight at a time from start for at most rounds passes,
// keeping the moves that win clearly more hands, and returns the policy
// found.
func (t *tuner) search(start ai.Policy, rounds int) ai.Policy {
	plain := ai.PlainPolicy()
	cur := start
	curRes := ai.PolicyHands(t.cfg, t.deals, t.seed, cur)
	fmt.Printf("start: %.2f%% of %d hands\n", 100*curRes.Share(), len(curRes))
	names := weightNames()
	for round := range rounds {
		improved := false
		for i, name := range names {
			f := field(&cur, i)
			base := f.Float()
			size := math.Abs(weight(&plain, i))
			step := max(size/4, 10)
			if size < 2 {
				step = max(size/4, 0.05)
			}
			if round > 0 {
				step /= 2
			}
			for _, dir := range []float64{1, -1} {
				for {
					f.SetFloat(f.Float() + dir*step)
					res := ai.PolicyHands(t.cfg, t.deals, t.seed, cur)
					g, se := res.GainOver(curRes)
					if t.verbose {
						fmt.Printf("  %s %g: %+.2f ± %.2f\n", name, f.Float(), 100*g, 100*se)
					}
					if g > 2*se && g > 0.0005 {
						fmt.Printf("round %d: %s = %g: %+.2f ± %.2f → %.2f%%\n", round, name, f.Float(), 100*g, 100*se, 100*res.Share())
						curRes, improved = res, true
						continue
					}
					f.SetFloat(f.Float() - dir*step)
					break
				}
				if f.Float() != base {
					break // it moved up: no need to try down
				}
			}
		}
		fmt.Printf("after round %d: %.2f%%\n", round, 100*curRes.Share())
		if !improved {
			break
		}
	}
	return cur
}

// The weights are the fields of ai.Policy, all float64 and exported: the
// search walks them by index, so a weight added to Policy is tuned too.

func weightNames() []string {
	typ := reflect.TypeFor[ai.Policy]()
	names := make([]string, typ.NumField())
	for i := range names {
		names[i] = typ.Field(i).Name
	}
	return names
}

func field(p *ai.Policy, i int) reflect.Value { return reflect.ValueOf(p).Elem().Field(i) }

func weight(p *ai.Policy, i int) float64 { return field(p, i).Float() }
