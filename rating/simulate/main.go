// Command simulate checks that the ratings find out who plays better: it
// rates a population of computer players of known strength through real
// games, then reports the rank correlation between their strength and
// their ratings, and how well the house computers' fixed ratings predict
// fresh arena hands between them.
//
//	nice go run ./rating/simulate --seeds 5        # as the server rates, seeds 1 to 5
//	nice go run ./rating/simulate --seating random # everyone seated at random
//	nice go run ./rating/simulate --unit game      # a game rated by its end only
//
// A player is the heuristic with lapses (ai.Noisy): with probability p it
// plays a random legal move. p is drawn uniformly from [0, 1], so the
// population runs from the heuristic (p = 0) through easy (p = 0.3, the
// easy level itself) to random play; the smaller p, the stronger. Each
// round seats everyone once, at tables of 2, 3, 4 (two teams of two) or 6
// (three teams of two) players, or alone against a house computer (easy,
// the heuristic or medium, at its fixed rating), the size drawn at
// random. By default the tables are made as the server's quick match
// makes them: of players near each other's rating, a lone player against
// the house computer nearest theirs. A game is a game to 5000, rated as
// the server rates it: every hand in order, as one game
// (rating.Model.RateGame). docs/ranking.md has the figures.
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
	players, games, arenaHands, parallel, seeds int
	seed                                        uint64
	unit, seating                               string
	timeout                                     time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.players, "players", 500, "simulated players")
	fs.IntVar(&o.games, "games", 20, "games each player plays")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the players, the seating and the deals")
	fs.IntVar(&o.seeds, "seeds", 1, "populations to rate, of seeds seed, seed+1, ...")
	fs.StringVar(&o.unit, "unit", "hands", "what a game is and how it is rated: hands (a game to 5000, every hand rated, as the server does), game (a game to 5000 rated by its end) or hand (one hand)")
	fs.StringVar(&o.seating, "seating", "near", "how tables are made: near (players near each other's rating, as the quick match seats them) or random")
	fs.IntVar(&o.arenaHands, "arena", 400, "hands of each arena check of the house computers with medium, ten times as many for easy against the heuristic (0: none)")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "tables played at once")
	fs.DurationVar(&o.timeout, "timeout", 3*time.Hour, "give up after this long (a population of 500 takes 2 minutes of CPU, an hour on a busy shared machine)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.players < 6 || o.games < 1 || o.parallel < 1 || o.arenaHands < 0 || o.seeds < 1 {
		fmt.Fprintln(stderr, "simulate: want at least 6 players, 1 game, 1 seed and 1 table at once")
		return 2
	}
	if !slices.Contains([]string{"hands", "game", "hand"}, o.unit) || !slices.Contains([]string{"near", "random"}, o.seating) {
		fmt.Fprintln(stderr, "simulate: --unit is hands, game or hand; --seating near or random")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	var last []float64
	for i := range o.seeds {
		run := o
		run.seed = o.seed + uint64(i)
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		rho, err := simulate(ctx, run, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "simulate:", err)
			return 1
		}
		last = append(last, rho)
	}
	if o.seeds > 1 {
		mean := 0.0
		for _, r := range last {
			mean += r / float64(len(last))
		}
		fmt.Fprintf(stdout, "\nSpearman after %d games, seeds %d to %d: mean %.3f, min %.3f, max %.3f\n",
			o.games, o.seed, o.seed+uint64(o.seeds)-1, mean, slices.Min(last), slices.Max(last))
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

// nearBand is how far apart in displayed rating the players a near
// seating puts together stand, about: the quick match's first band
// (lobby's quickBand, 100 points), as a Gaussian's spread.
const nearBand = 100

// seat deals the population out to one round's tables: each player once.
// With near, the tables are of players near in rating (the population in
// the order of their displayed ratings, each shaken by nearBand), and a
// lone player meets the house computer nearest their rating, as the
// server's quick match seats them; otherwise all is drawn at random.
func seat(rng *rand.Rand, pop []player, near bool, round int, seed uint64) []table {
	order := rng.Perm(len(pop))
	if near {
		key := make([]float64, len(pop))
		for i, p := range pop {
			key[i] = float64(rating.Display(p.r)) + nearBand*rng.NormFloat64()
		}
		slices.SortFunc(order, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
	}
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
			if near {
				t.house = nearestHouse(rating.Display(pop[t.seats[0]].r))
			}
		}
		order = order[s:]
		tables = append(tables, t)
	}
	return tables
}

// nearestHouse is the house computer whose fixed rating is nearest
// display.
func nearestHouse(display int) string {
	best := houseLevels[0]
	for _, l := range houseLevels[1:] {
		if abs(rating.Display(rating.House[l])-display) < abs(rating.Display(rating.House[best])-display) {
			best = l
		}
	}
	return best
}

func abs(n int) int { return max(n, -n) }

// play plays a table's game and returns the results to rate, each the
// place of every side (1 best, ties equal), by unit: one hand's (hand);
// a game's to 5000 (game); or each of its hands' (hands).
func play(ctx context.Context, pop []player, t table, unit string) ([][]int, error) {
	whole, perHand := unit != "hand", unit == "hands"
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

// rate rates a played table, its results as one game (as the server
// does): the house computer keeps its fixed rating.
func rate(m rating.Model, pop []player, t table, results [][]int) error {
	cfg := engine.Config{Players: len(t.seats), Rules: engine.Standard}
	teams := make([][]rating.Rating, cfg.Sides())
	house := make([][]bool, cfg.Sides())
	who := make([][]int, cfg.Sides())
	for i, p := range t.seats {
		side := cfg.SideOf(i)
		r := rating.House[t.house]
		if p >= 0 {
			r = pop[p].r
		}
		teams[side] = append(teams[side], r)
		house[side] = append(house[side], p < 0)
		who[side] = append(who[side], p)
	}
	out, err := m.RateGame(teams, house, results)
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

// simulate rates one population, of o.seed, and returns the Spearman
// correlation of its players' strength with their displayed ratings at
// the end.
func simulate(ctx context.Context, o options, w io.Writer) (float64, error) {
	start := time.Now()
	rng := rand.New(rand.NewPCG(o.seed, 0x72617465))
	m := rating.Default()
	pop := make([]player, o.players)
	for i := range pop {
		pop[i] = player{lapse: rng.Float64(), r: m.New()}
	}
	unit := map[string]string{"hands": "a game to 5000, every hand rated", "game": "a game to 5000, rated by its end", "hand": "one hand"}[o.unit]
	seating := map[string]string{"near": "players near in rating", "random": "players at random"}[o.seating]
	fmt.Fprintf(w, "%d players, %d games each (a game: %s; tables: %s), seed %d\n", o.players, o.games, unit, seating, o.seed)
	counts := map[int]int{} // tables by players, 1 for a lone player against the house
	rho := 0.0
	for round := range o.games {
		tables := seat(rng, pop, o.seating == "near", round, o.seed)
		ranks := make([][][]int, len(tables))
		errs := make([]error, len(tables))
		jobs := make(chan int)
		var wg sync.WaitGroup
		for range o.parallel {
			wg.Go(func() {
				for i := range jobs {
					ranks[i], errs[i] = play(ctx, pop, tables[i], o.unit)
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
				return 0, errs[i]
			}
			if err := rate(m, pop, t, ranks[i]); err != nil {
				return 0, err
			}
			if t.house != "" {
				counts[1]++
			} else {
				counts[len(t.seats)]++
			}
		}
		if (round+1)%5 == 0 || round+1 == o.games {
			rho = spearman(pop, func(p player) float64 { return float64(rating.Display(p.r)) })
			fmt.Fprintf(w, "after %2d games: Spearman %.3f (displayed rating), %.3f (mean)  [%.0fs]\n", round+1, rho,
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
	return rho, nil
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
