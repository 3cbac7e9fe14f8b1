// Command simulate checks that the ratings find out who plays better: it
// rates a population of computer players of known strength through real
// games, then reports the rank correlation between their strength and
// their ratings, and how well the house computers' fixed ratings predict
// fresh arena hands between them.
//
//	nice go run ./rating/simulate                 # 500 players, 20 games each, one hand a game
//	nice go run ./rating/simulate --game          # games to 5000
//
// A player is the heuristic with lapses (ai.Noisy): with probability p it
// plays a random legal move. p is drawn uniformly from [0, 1], so the
// population runs from the heuristic (p = 0) through easy (p = 0.3, the
// easy level itself) to random play; the smaller p, the stronger. Each
// round seats everyone once, at tables of 2, 3, 4 (two teams of two) or 6
// (three teams of two) players, or alone against a house computer (easy,
// the heuristic or medium, at its fixed rating), drawn at random. The
// result ranks the sides by points: of the hand, or of the game with
// --game. docs/ranking.md has the figures.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/rating"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command's flags.
type options struct {
	players, games, arenaHands, parallel int
	seed                                 uint64
	game, perHand                        bool
	timeout                              time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.players, "players", 500, "simulated players")
	fs.IntVar(&o.games, "games", 20, "games each player plays")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the players, the seating and the deals")
	fs.BoolVar(&o.game, "game", false, "play whole games to 5000, not one hand a game")
	fs.BoolVar(&o.perHand, "per-hand", false, "with --game, rate each hand of a game, not its end")
	fs.IntVar(&o.arenaHands, "arena", 400, "hands of each arena check of the house computers with medium, ten times as many for easy against the heuristic (0: none)")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "tables played at once")
	fs.DurationVar(&o.timeout, "timeout", 30*time.Minute, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.players < 6 || o.games < 1 || o.parallel < 1 || o.arenaHands < 0 {
		fmt.Fprintln(stderr, "simulate: want at least 6 players, 1 game and 1 table at once")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	if err := simulate(ctx, o, stdout); err != nil {
		fmt.Fprintln(stderr, "simulate:", err)
		return 1
	}
	if o.arenaHands > 0 {
		if err := checkHouse(ctx, o, stdout); err != nil {
			fmt.Fprintln(stderr, "simulate:", err)
			return 1
		}
	}
	return 0
}

// A player of the population: its lapse probability (its true strength,
// smaller is stronger) and its rating.
type player struct {
	lapse float64
	r     rating.Rating
}

// houseLevels are the house computers a lone player may meet: cheap ones,
// so the run stays short.
var houseLevels = []string{"easy", "heuristic", "medium"}

// A table is one game: the players seated (indexes into the population,
// or -1 for the house computer house), in seat order.
type table struct {
	seats []int
	house string
	seed  uint64
}

// sizes are the tables a round draws from: a lone player against a house
// computer (1), or 2, 3, 4 or 6 players.
var sizes = []int{1, 2, 3, 4, 6}

// seat deals the population out to one round's tables: each player once.
func seat(rng *rand.Rand, n int, round int, seed uint64) []table {
	order := rng.Perm(n)
	var tables []table
	for len(order) > 0 {
		var fit []int
		for _, s := range sizes {
			if s <= len(order) {
				fit = append(fit, s)
			}
		}
		s := fit[rng.IntN(len(fit))]
		t := table{seats: slices.Clone(order[:s]), seed: arena.DealSeed(seed, round<<20|len(tables))}
		if s == 1 {
			t.seats = append(t.seats, -1)
			t.house = houseLevels[rng.IntN(len(houseLevels))]
		}
		order = order[s:]
		tables = append(tables, t)
	}
	return tables
}

// play plays a table's game and returns the results to rate, each the
// place of every side (1 best, ties equal): one hand's; or with whole, a
// game's to 5000, and with perHand each of its hands' instead.
func play(ctx context.Context, pop []player, t table, whole, perHand bool) ([][]int, error) {
	cfg := engine.Config{Players: len(t.seats), Rules: engine.Standard}
	s, err := engine.New(cfg, t.seed)
	if err != nil {
		return nil, err
	}
	players := make([]ai.Player, len(t.seats))
	names := make([]string, len(t.seats))
	for i, p := range t.seats {
		seed := arena.DealSeed(t.seed, i+1)
		if p < 0 {
			players[i], err = ai.New(t.house, seed)
			if err != nil {
				return nil, err
			}
			names[i] = t.house
			continue
		}
		players[i] = ai.NewNoisy(pop[p].lapse, seed)
		names[i] = fmt.Sprintf("p=%.3f", pop[p].lapse)
	}
	var results [][]int
	points := make([]int, cfg.Sides())
	for {
		if err := arena.PlayHand(ctx, &s, players, names, nil); err != nil {
			return nil, err
		}
		if !whole || perHand {
			for side := range points {
				points[side] = s.HandScores[side].Total()
			}
			results = append(results, rating.Places(points))
		}
		if !whole || s.Phase == engine.PhaseGameOver {
			break
		}
		if err := s.Step(engine.Continue); err != nil {
			return nil, err
		}
	}
	if whole && !perHand {
		for side := range points {
			points[side] = int(s.Totals[side])
		}
		results = append(results, rating.Places(points))
	}
	return results, nil
}

// rate rates a played table: the house computer keeps its fixed rating.
func rate(m rating.Model, pop []player, t table, rank []int) error {
	cfg := engine.Config{Players: len(t.seats), Rules: engine.Standard}
	teams := make([][]rating.Rating, cfg.Sides())
	who := make([][]int, cfg.Sides())
	for i, p := range t.seats {
		side := cfg.SideOf(i)
		r := rating.House[t.house]
		if p >= 0 {
			r = pop[p].r
		}
		teams[side] = append(teams[side], r)
		who[side] = append(who[side], p)
	}
	out, err := m.Rate(teams, rank)
	if err != nil {
		return err
	}
	for side := range out {
		for j, p := range who[side] {
			if p >= 0 {
				pop[p].r = out[side][j]
			}
		}
	}
	return nil
}

func simulate(ctx context.Context, o options, w io.Writer) error {
	start := time.Now()
	rng := rand.New(rand.NewPCG(o.seed, 0x72617465))
	m := rating.Default()
	pop := make([]player, o.players)
	for i := range pop {
		pop[i] = player{lapse: rng.Float64(), r: m.New()}
	}
	unit := "one hand"
	switch {
	case o.game && o.perHand:
		unit = "a game to 5000, each hand rated"
	case o.game:
		unit = "a game to 5000, rated at its end"
	}
	fmt.Fprintf(w, "%d players, %d games each (a game: %s), seed %d\n", o.players, o.games, unit, o.seed)
	counts := map[int]int{} // tables by players, 1 for a lone player against the house
	for round := range o.games {
		tables := seat(rng, len(pop), round, o.seed)
		ranks := make([][][]int, len(tables))
		errs := make([]error, len(tables))
		jobs := make(chan int)
		var wg sync.WaitGroup
		for range o.parallel {
			wg.Go(func() {
				for i := range jobs {
					ranks[i], errs[i] = play(ctx, pop, tables[i], o.game, o.perHand)
				}
			})
		}
		for i := range tables {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		for i, t := range tables {
			if errs[i] != nil {
				return errs[i]
			}
			for _, rank := range ranks[i] {
				if err := rate(m, pop, t, rank); err != nil {
					return err
				}
			}
			if t.house != "" {
				counts[1]++
			} else {
				counts[len(t.seats)]++
			}
		}
		if (round+1)%5 == 0 || round+1 == o.games {
			fmt.Fprintf(w, "after %2d games: Spearman %.3f (displayed rating), %.3f (mean)  [%.0fs]\n", round+1,
				spearman(pop, func(p player) float64 { return float64(rating.Display(p.r)) }),
				spearman(pop, func(p player) float64 { return p.r.Mu }), time.Since(start).Seconds())
		}
	}
	fmt.Fprintf(w, "tables: %d against a house computer, %d of 2, %d of 3, %d of 4 (teams), %d of 6 (teams)\n",
		counts[1], counts[2], counts[3], counts[4], counts[6])
	provisional := 0
	for _, p := range pop {
		if rating.Provisional(p.r) {
			provisional++
		}
	}
	fmt.Fprintf(w, "provisional after %d games: %d of %d\n", o.games, provisional, len(pop))
	// The population beside the house computers: its players by tenths
	// of p, with easy's twin (p = 0.3) and the heuristic's (p = 0).
	fmt.Fprintf(w, "\n%-11s %7s %8s %8s\n", "lapse p", "players", "mean mu", "display")
	for d := range 10 {
		lo, hi := float64(d)/10, float64(d+1)/10
		var n, mu, disp float64
		for _, p := range pop {
			if p.lapse >= lo && p.lapse < hi {
				n++
				mu += p.r.Mu
				disp += float64(rating.Display(p.r))
			}
		}
		if n > 0 {
			fmt.Fprintf(w, "%.1f to %.1f %7.0f %8.2f %8.0f\n", lo, hi, n, mu/n, disp/n)
		}
	}
	for _, l := range houseLevels {
		fmt.Fprintf(w, "house %-9s       %8.2f %8d\n", l, rating.House[l].Mu, rating.Display(rating.House[l]))
	}
	return nil
}

// spearman is the rank correlation between the players' strength (the
// smaller their lapse p, the stronger) and key: Pearson's of the ranks,
// ties sharing the mean rank.
func spearman(pop []player, key func(player) float64) float64 {
	strength := make([]float64, len(pop))
	rated := make([]float64, len(pop))
	for i, p := range pop {
		strength[i], rated[i] = -p.lapse, key(p)
	}
	return pearson(ranks(strength), ranks(rated))
}

// ranks returns the rank of every value, ties taking their mean rank.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	out := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			out[idx[k]] = float64(i+j-1) / 2
		}
		i = j
	}
	return out
}

func pearson(a, b []float64) float64 {
	n := float64(len(a))
	var sa, sb float64
	for i := range a {
		sa += a[i]
		sb += b[i]
	}
	ma, mb := sa/n, sb/n
	var cov, va, vb float64
	for i := range a {
		cov += (a[i] - ma) * (b[i] - mb)
		va += (a[i] - ma) * (a[i] - ma)
		vb += (b[i] - mb) * (b[i] - mb)
	}
	return cov / math.Sqrt(va*vb)
}

// checkHouse plays fresh arena hands between the cheap house computers,
// on other deals than the ones they were fitted to, and compares the
// hands won with what their fixed ratings predict.
func checkHouse(ctx context.Context, o options, w io.Writer) error {
	m := rating.Default()
	fmt.Fprintf(w, "\nhouse computers, fresh arena hands (seed %d) against their fixed ratings:\n", o.seed+100)
	fmt.Fprintf(w, "%-20s %6s %9s %14s %9s %6s\n", "pair", "hands", "measured", "95% CI", "predicted", "diff")
	pairs := [][2]string{{"easy", "heuristic"}, {"easy", "medium"}, {"medium", "heuristic"}}
	for i, p := range pairs {
		hands := o.arenaHands
		if i == 0 {
			hands *= 10 // microseconds a decision: as many hands are cheap
		}
		entries := make([]arena.Entry, 2)
		for i, name := range p {
			entries[i] = arena.Entry{Name: name, New: func(seed uint64) (ai.Player, error) { return ai.New(name, seed) }}
		}
		rep, err := arena.Run(ctx, arena.Options{
			Game: engine.Config{Players: 2, Rules: engine.Standard}, Entries: entries,
			Hands: hands, Seed: o.seed + 100, Parallel: o.parallel,
		})
		if err != nil {
			return err
		}
		s := rep.Seats[0]
		want := m.WinShare([][]rating.Rating{{rating.House[p[0]]}, {rating.House[p[1]]}})[0]
		fmt.Fprintf(w, "%-20s %6d %8.1f%% %6.1f–%5.1f%% %8.1f%% %+6.1f\n", p[0]+" vs "+p[1], s.Hands,
			100*s.WinShare, 100*s.CI95Low, 100*s.CI95High, 100*want, 100*(want-s.WinShare))
	}
	return nil
}
