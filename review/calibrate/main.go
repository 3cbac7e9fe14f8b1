// Command calibrate checks the game review against players of known
// strength (docs/review.md): it plays hands between computer players in
// duplicate deals, as mille arena does, reviews every seat of every hand
// and reports, per player, the points per decision the review charges it
// and how often it flags its decisions.
//
//	go run ./review/calibrate --seats heuristic,random --hands 300
//	go run ./review/calibrate --seats expert,expert --hands 300 --out /tmp/expert
//	go run ./review/calibrate --from /tmp/expert        # the report again, no search
//	go run ./review/calibrate --seats heuristic,heuristic --hands 40 --repeat 4
//	go run ./review/calibrate --seats hint,heuristic --hands 24  # one judge: are the hints flagged?
//	go run ./review/calibrate --seats medium,heuristic --hands 1000 --split  # skill and luck, no review
//
// With --out every hand's game and review are kept, so the report can be
// made again (--from) after a change of the verdicts' thresholds without
// searching again. With --repeat K every hand is reviewed K times with
// other seeds, and the spread of the losses between the repeats (the
// search's noise) is set against the standard errors the review reports.
// With --split the hands are not reviewed: each hand's result is split
// into expected, skill and luck (review.Splits), and the report checks
// that the terms add up and that the luck averages zero.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

func main() {
	players := flag.Int("players", 2, "players at the table: 2, 3, 4 or 6")
	seats := flag.String("seats", "heuristic,random", "one computer player per side, comma-separated (a level or player name without a budget)")
	hands := flag.Int("hands", 40, "hands to play and review, rounded up to whole duplicate deals")
	seed := flag.Uint64("seed", 1, "seed of the deals and the players")
	rules := flag.String("rules", "standard", "ruleset: standard, bsd, dujardin or dujardin+500")
	depthName := flag.String("depth", "normal", "depth of the review: "+strings.Join(review.Depths, ", "))
	out := flag.String("out", "", "folder to keep every hand's game and review in")
	from := flag.String("from", "", "report on the games and reviews kept in these folders (comma-separated) instead of playing")
	repeat := flag.Int("repeat", 1, "review every hand this many times with other seeds, and report the noise")
	split := flag.Bool("split", false, "split each hand's result into expected, skill and luck (review.Splits) and check the split, instead of reviewing the hand")
	parallel := flag.Int("parallel", runtime.NumCPU(), "hands played and split at once, with --split")
	hintDepth := flag.String("hint-depth", review.HintDepth.String(), "depth of the hints of a seat named hint")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var t tally
	t.ctx = ctx
	if *from != "" {
		for _, dir := range strings.Split(*from, ",") {
			load := t.load
			if *split {
				load = func(dir string) error { return t.loadSplits(dir, *parallel) }
			}
			if err := load(dir); err != nil {
				fail(err)
			}
		}
		if *split {
			t.reportSplits(os.Stdout)
		} else {
			t.report(os.Stdout)
		}
		return
	}
	rs, err := engine.ParseRuleset(*rules)
	if err != nil {
		fail(err)
	}
	cfg := engine.Config{Players: *players, Rules: rs}
	if err := cfg.Validate(); err != nil {
		fail(err)
	}
	depth, err := review.ParseDepth(*depthName)
	if err != nil {
		fail(err)
	}
	entries := strings.Split(*seats, ",")
	if len(entries) != cfg.Sides() {
		fail(fmt.Errorf("%d players make %d sides: give %d seats", cfg.Players, cfg.Sides(), cfg.Sides()))
	}
	if hinter.depth, err = review.ParseDepth(*hintDepth); err != nil {
		fail(err)
	}
	for _, e := range entries {
		if _, err := newPlayer(e, 0); err != nil || strings.Contains(e, ":") {
			fail(fmt.Errorf("seat %q: want a level or player name without a budget, or hint", e))
		}
	}
	if *repeat < 1 {
		fail(fmt.Errorf("--repeat must be at least 1"))
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fail(err)
		}
	}
	sides := cfg.Sides()
	deals := (*hands + sides - 1) / sides
	if *split {
		t.playSplits(cfg, entries, *seed, deals, *parallel, *out)
		t.reportSplits(os.Stdout)
		return
	}
	start := time.Now()
	n := 0
	for d := range deals {
		for r := range sides {
			n++
			t0 := time.Now()
			g, err := playHand(ctx, cfg, entries, *seed, d, r)
			if err != nil {
				fail(err)
			}
			played := time.Since(t0)
			t1 := time.Now()
			var reviews []*review.Review
			for k := range *repeat {
				o := review.Options{Depth: depth, Seats: allSeats(cfg)}
				if k > 0 {
					o.Seed = uint64(k)
				}
				rv, err := review.Analyse(ctx, g, o)
				if err != nil {
					fail(err)
				}
				reviews = append(reviews, rv)
			}
			t.add(&g, reviews[0])
			if *repeat > 1 {
				t.addRepeats(reviews)
			}
			if *out != "" {
				if err := keep(*out, fmt.Sprintf("deal%04d-%d", d, r), &g, reviews[0]); err != nil {
					fail(err)
				}
			}
			fmt.Fprintf(os.Stderr, "hand %d/%d: played in %.1f s, reviewed in %.1f s (%d decisions), %s so far\n",
				n, deals*sides, played.Seconds(), time.Since(t1).Seconds(), decisions(reviews[0]), time.Since(start).Round(time.Second))
		}
	}
	t.report(os.Stdout)
	if *repeat > 1 {
		t.reportNoise(os.Stdout, *repeat)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "calibrate:", err)
	os.Exit(1)
}

func allSeats(cfg engine.Config) []int {
	s := make([]int, cfg.Players)
	for i := range s {
		s[i] = i
	}
	return s
}

func decisions(r *review.Review) int {
	n := 0
	for _, h := range r.Hands {
		n += len(h.Decisions)
	}
	return n
}

// playHand plays deal d in rotation r, as mille arena does: the entries
// take the sides in turn, and every seat's player is seeded from the run's
// seed, the deal, the rotation and the seat.
func playHand(ctx context.Context, cfg engine.Config, entries []string, seed uint64, d, r int) (record.Game, error) {
	sides := cfg.Sides()
	seats := make([]record.Seat, cfg.Players)
	players := make([]ai.Player, cfg.Players)
	for p := range seats {
		name := entries[arena.EntryFor(cfg.SideOf(p), r, sides)]
		seats[p] = record.Seat{Name: name, Level: name}
		var err error
		if players[p], err = newPlayer(name, arena.DealSeed(seed^0x5eed, d*64+r*8+p)); err != nil {
			return record.Game{}, err
		}
	}
	g, err := record.New(cfg, arena.DealSeed(seed, d), seats)
	if err != nil {
		return record.Game{}, err
	}
	names := make([]string, len(seats))
	for p := range names {
		names[p] = seats[p].Name
	}
	err = arena.PlayHand(ctx, &g.State, players, names, func(m arena.Move) {
		g.History = append(g.History, m.Action) // as g.Apply records it
	})
	if err != nil {
		return record.Game{}, err
	}
	return g, nil
}

// hinter is the player of a seat named hint: it plays every hint
// (review.HintAt at depth), as a person who follows them all.
var hinter hintPlayer

type hintPlayer struct{ depth review.Depth }

func (hintPlayer) Name() string { return "hint" }

func (h hintPlayer) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	a, _ := review.HintAt(ctx, obs, legal, h.depth)
	return a
}

// newPlayer is ai.New, and the hinter for "hint".
func newPlayer(name string, seed uint64) (ai.Player, error) {
	if name == "hint" {
		return hinter, nil
	}
	return ai.New(name, seed)
}

// keep writes a hand's game and review in dir as NAME.mille.json and
// NAME.review.json.
func keep(dir, name string, g *record.Game, r *review.Review) error {
	if err := save.Write(filepath.Join(dir, name+save.Ext), *g); err != nil {
		return err
	}
	return review.Store(filepath.Join(dir, "reviews"), r)
}

// tally adds up the reviews per player.
type tally struct {
	ctx      context.Context
	depth    review.Depth // of the reviews
	byPlayer map[string]*playerTally
	order    []string
	// noise: per decision, the losses of the repeats and their SEs.
	spread, reported []float64
	agree, compared  int
	nothing          int                                         // decisions with no loss in any repeat
	flips            [review.Blunder + 1][review.Blunder + 1]int // by the mildest and harshest verdicts of the repeats
}

type playerTally struct {
	hands, decisions int
	loss, charged    float64 // points: every loss, the flagged ones
	verdicts         [4]int
	seatHands        int     // hands of one seat, finished
	result, expected float64 // their results and expected results, added up
	splits           splitTally
	// The rating: per hand of one seat, the points lost in its decisions
	// with a real choice and how many there were (review.Rate).
	rated []ratedHand
}

// ratedHand is one hand of one seat's rating: points lost, decisions.
type ratedHand struct {
	lost float64
	n    int
}

// add counts one hand's review, each seat under its player's name, and
// judges every decision again with today's thresholds (review.Judge).
func (t *tally) add(g *record.Game, r *review.Review) {
	counted := map[string]bool{} // a hand counts once per player, whatever its seats
	for _, h := range r.Hands {
		name := g.Seats[h.Seat].Level
		p := t.player(name)
		if !counted[name] {
			counted[name] = true
			p.hands++
		}
		t.depth = r.Depth
		rt, _ := review.Rate(&review.Review{Hands: []review.Hand{h}}, h.Seat)
		p.rated = append(p.rated, ratedHand{rt.PerDecision * float64(rt.Decisions), rt.Decisions})
		if h.Finished {
			p.seatHands++
			r := float64(h.Result)
			p.result += r
			p.expected += h.Expected
		}
		for _, d := range h.Decisions {
			p.decisions++
			p.loss += d.Loss
			v := review.Judge(d.Loss, d.LossSE)
			p.verdicts[v]++
			if v != review.Good {
				p.charged += d.Loss
			}
		}
	}
}

// addRepeats compares the repeats of one hand's review decision by
// decision: the spread of the loss of the move played, against the
// reported standard error, and whether the verdicts agree.
func (t *tally) addRepeats(rs []*review.Review) {
	for h := range rs[0].Hands {
		for k := range rs[0].Hands[h].Decisions {
			var xs []float64
			se := 0.0
			lo, hi := review.Blunder, review.Good
			for _, r := range rs {
				d := &r.Hands[h].Decisions[k]
				xs = append(xs, d.Loss)
				se += d.LossSE
				lo, hi = min(lo, d.Verdict), max(hi, d.Verdict)
			}
			t.compared++
			if lo == hi {
				t.agree++
			}
			t.flips[lo][hi]++
			if se == 0 && stddev(xs) == 0 {
				t.nothing++ // the move played was the best in every repeat
				continue
			}
			t.spread = append(t.spread, stddev(xs))
			t.reported = append(t.reported, se/float64(len(rs)))
		}
	}
}

func stddev(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v / float64(len(xs)-1))
}

// load reads the games and reviews kept by --out.
func (t *tally) load(dir string) error {
	games, err := filepath.Glob(filepath.Join(dir, "*"+save.Ext))
	if err != nil {
		return err
	}
	sort.Strings(games)
	cache := filepath.Join(dir, "reviews")
	files, err := os.ReadDir(cache)
	if err != nil {
		return err
	}
	byHash := map[string]*review.Review{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(cache, f.Name()))
		if err != nil {
			return err
		}
		r, err := review.Decode(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %v", f.Name(), err)
		}
		byHash[r.History] = r
	}
	gs := make([]record.Game, len(games))
	rs := make([]*review.Review, len(games))
	for i, path := range games {
		if gs[i], err = save.Read(path); err != nil {
			return err
		}
		if rs[i] = byHash[review.HistoryHash(&gs[i])]; rs[i] == nil {
			return fmt.Errorf("%s: no review", path)
		}
	}
	for i := range gs {
		t.add(&gs[i], rs[i])
	}
	return nil
}

// player is the tally of the player named name, made on first use.
func (t *tally) player(name string) *playerTally {
	if t.byPlayer == nil {
		t.byPlayer = map[string]*playerTally{}
	}
	p := t.byPlayer[name]
	if p == nil {
		p = &playerTally{}
		t.byPlayer[name] = p
		t.order = append(t.order, name)
	}
	return p
}

// report prints the table per player.
func (t *tally) report(w io.Writer) {
	fmt.Fprintf(w, "thresholds: inaccuracy %d, mistake %d, blunder %d points, beyond %.1f standard errors\n\n",
		review.InaccuracyPoints, review.MistakePoints, review.BlunderPoints, review.Noise)
	fmt.Fprintf(w, "%-10s %6s %9s %10s %10s %8s %8s %8s %17s\n",
		"player", "hands", "decisions", "charged/d", "loss/d", "inacc.", "mistake", "blunder", "mistake+blunder")
	for _, name := range t.order {
		p := t.byPlayer[name]
		pc := func(n int) string { return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(p.decisions)) }
		fmt.Fprintf(w, "%-10s %6d %9d %10.1f %10.1f %8s %8s %8s %17s\n", name, p.hands, p.decisions,
			p.charged/float64(p.decisions), p.loss/float64(p.decisions),
			pc(p.verdicts[review.Inaccuracy]), pc(p.verdicts[review.Mistake]), pc(p.verdicts[review.Blunder]),
			pc(p.verdicts[review.Mistake]+p.verdicts[review.Blunder]))
	}
	fmt.Fprintln(w)
	for _, name := range t.order {
		p := t.byPlayer[name]
		if p.seatHands > 0 {
			n := float64(p.seatHands)
			fmt.Fprintf(w, "%s: result %+.0f a hand, expected at the first decision %+.0f, given away %.0f, the rest %+.0f\n",
				name, p.result/n, p.expected/n, p.charged/n, (p.result-p.expected+p.charged)/n)
		}
	}
	t.reportRating(w)
	if len(t.order) == 2 {
		a, b := t.byPlayer[t.order[0]], t.byPlayer[t.order[1]]
		if a.charged > 0 && b.charged > 0 {
			ca, cb := a.charged/float64(a.decisions), b.charged/float64(b.decisions)
			la, lb := a.loss/float64(a.decisions), b.loss/float64(b.decisions)
			fmt.Fprintf(w, "\n%s / %s: %.1f times the points charged per decision (%.1f times the losses)\n",
				t.order[1], t.order[0], cb/ca, lb/la)
		}
	}
}

// levels are the computer levels the rating must order, weakest first,
// and bands the bands of levels review.Like places a rate in, as their
// index in levels: hard and expert are one band.
var (
	levels = []string{"random", "easy", "medium", "hard", "expert"}
	bands  = map[string]string{"random": "random", "easy": "easy", "medium": "medium", "hard": "hard/expert", "expert": "hard/expert"}
)

// reportRating prints each player's rating (review.Rate), where samples
// of 20 of its hands drawn at random from its own are placed
// (review.Like), and how well the rates order the levels.
func (t *tally) reportRating(w io.Writer) {
	fmt.Fprintln(w)
	var rates, order, bandOrder []float64
	for _, name := range t.order {
		p := t.byPlayer[name]
		rate := rateOf(p.rated)
		if math.IsNaN(rate) {
			continue
		}
		like, label := review.Like(rate, t.depth)
		places := placements(p.rated, t.depth, 20, 1000)
		var words []string
		for _, l := range []string{"hard/expert", "medium", "easy", "random"} {
			if n := places[l]; n > 0 {
				words = append(words, fmt.Sprintf("%s %.1f%%", l, 100*n))
			}
		}
		n := 0
		for _, h := range p.rated {
			n += h.n
		}
		fmt.Fprintf(w, "%s: rating %.2f ± %.2f points lost per decision with a real choice (%d decisions, %d hands): %s, plays like %s\n",
			name, rate, rateSE(p.rated), n, len(p.rated), label, like)
		own := ""
		if b, ok := bands[name]; ok {
			own = fmt.Sprintf(" (%.1f%% at %s)", 100*places[b], b)
		}
		fmt.Fprintf(w, "  20 of its hands drawn at random 1,000 times are placed: %s%s\n", strings.Join(words, ", "), own)
		if k := slices.Index(levels, name); k >= 0 {
			rates, order = append(rates, -rate), append(order, float64(k)) // the stronger, the fewer points lost
			bandOrder = append(bandOrder, float64(min(k, 3)))
		}
	}
	if len(rates) >= 2 {
		fmt.Fprintf(w, "rank correlation of the rates with the levels' order (%d levels): %.2f; with hard and expert one band: %.2f\n",
			len(rates), spearman(rates, order), spearman(rates, bandOrder))
	}
}

// rateOf is the points lost per decision with a real choice over hands,
// NaN when they had none.
func rateOf(hands []ratedHand) float64 {
	lost, n := 0.0, 0
	for _, h := range hands {
		lost, n = lost+h.lost, n+h.n
	}
	if n == 0 {
		return math.NaN()
	}
	return lost / float64(n)
}

// rateSE is the standard error of the rate of hands (rateOf): the
// spread of the rates of 500 samples of as many hands drawn from them at
// random, seeded.
func rateSE(hands []ratedHand) float64 {
	rng := rand.New(rand.NewPCG(2, uint64(len(hands))))
	pick := make([]ratedHand, len(hands))
	var xs []float64
	for range 500 {
		for i := range pick {
			pick[i] = hands[rng.IntN(len(hands))]
		}
		if r := rateOf(pick); !math.IsNaN(r) {
			xs = append(xs, r)
		}
	}
	if len(xs) < 2 {
		return math.NaN()
	}
	return stddev(xs)
}

// placements draws k hands at random (with replacement) from hands,
// samples times, and returns the share of the samples review.Like places
// in each band of levels. The draws are seeded: the same hands give the
// same shares.
func placements(hands []ratedHand, depth review.Depth, k, samples int) map[string]float64 {
	out := map[string]float64{}
	if len(hands) == 0 {
		return out
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(hands))))
	pick := make([]ratedHand, k)
	for range samples {
		for i := range pick {
			pick[i] = hands[rng.IntN(len(hands))]
		}
		if rate := rateOf(pick); !math.IsNaN(rate) {
			like, _ := review.Like(rate, depth)
			out[like] += 1 / float64(samples)
		}
	}
	return out
}

// spearman is the rank correlation of xs and ys: Pearson's on their
// ranks, ties given their mean rank.
func spearman(xs, ys []float64) float64 {
	rx, ry := ranks(xs), ranks(ys)
	n := float64(len(xs))
	var mx, my float64
	for i := range rx {
		mx, my = mx+rx[i]/n, my+ry[i]/n
	}
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// ranks ranks xs from 1, ties at their mean rank.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// reportNoise prints how the losses of the repeats spread.
func (t *tally) reportNoise(w io.Writer, k int) {
	if t.compared == 0 {
		return
	}
	rms := func(xs []float64) float64 {
		s := 0.0
		for _, x := range xs {
			s += x * x
		}
		return math.Sqrt(s / float64(max(1, len(xs))))
	}
	var ratios []float64
	for i := range t.spread {
		if t.reported[i] > 0 {
			ratios = append(ratios, t.spread[i]/t.reported[i])
		}
	}
	sort.Float64s(ratios)
	median := 0.0
	if len(ratios) > 0 {
		median = ratios[len(ratios)/2]
	}
	fmt.Fprintf(w, "\nnoise over %d decisions, each reviewed %d times with other seeds:\n", t.compared, k)
	fmt.Fprintf(w, "  no loss in any repeat (the move played best every time): %d\n", t.nothing)
	fmt.Fprintf(w, "  the other %d: spread of the loss between repeats rms %.1f points, reported standard error rms %.1f;\n",
		len(t.spread), rms(t.spread), rms(t.reported))
	fmt.Fprintf(w, "    spread / standard error: median %.2f, rms %.2f\n", median, rms(ratios))
	fmt.Fprintf(w, "  same verdict in every repeat: %.1f%% of decisions\n", 100*float64(t.agree)/float64(t.compared))
	for lo := review.Good; lo <= review.Blunder; lo++ {
		for hi := lo + 1; hi <= review.Blunder; hi++ {
			if n := t.flips[lo][hi]; n > 0 {
				fmt.Fprintf(w, "    %v in one repeat, %v in another: %d (%.2f%%)\n", lo, hi, n, 100*float64(n)/float64(t.compared))
			}
		}
	}
}
