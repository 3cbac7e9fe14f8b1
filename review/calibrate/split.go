package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

// splitTally adds up the split of one player's hands of one seat
// (review.Split): every term and the result, as sums and sums of
// squares, and how far each hand's terms are from adding up, in
// standard errors.
type splitTally struct {
	hands                                 int
	result, expected, skill, others, luck moments
	corrected                             moments // the result less the luck
	within1, within196                    int     // hands that add up within 1 and 1.96 standard errors
	z2                                    float64 // the squares of those distances, added up
}

// moments is a running sum and sum of squares.
type moments struct{ sum, sq float64 }

func (m *moments) add(x float64) { m.sum, m.sq = m.sum+x, m.sq+x*x }

// mean is the mean of n values and its standard error.
func (m moments) mean(n int) (mean, se float64) {
	f := float64(n)
	mean = m.sum / f
	if n > 1 {
		se = math.Sqrt(max(0, m.variance(n)) / f)
	}
	return mean, se
}

func (m moments) variance(n int) float64 {
	f := float64(n)
	return (m.sq - m.sum*m.sum/f) / (f - 1)
}

// addSplits counts the split hands of g, each under its seat's player.
func (t *tally) addSplits(g *record.Game, hands []review.Hand, splits []*review.Split) {
	for h, sp := range splits {
		if sp == nil {
			continue
		}
		hd := &hands[h]
		p := &t.player(g.Seats[hd.Seat].Level).splits
		p.hands++
		p.result.add(float64(hd.Result))
		p.expected.add(sp.Expected)
		p.skill.add(sp.Skill)
		p.others.add(sp.Others)
		p.luck.add(sp.Luck)
		p.corrected.add(float64(hd.Result) - sp.Luck)
		off, se := sp.Off(hd.Result)
		z := math.Abs(off) / se
		if z <= 1 {
			p.within1++
		}
		if z <= review.Within {
			p.within196++
		}
		p.z2 += z * z
	}
}

// split measures the splits of every seat's hands in g.
func split(t *tally, g *record.Game) ([]review.Hand, []*review.Split, error) {
	seats := make([]int, g.State.Config.Players)
	for i := range seats {
		seats[i] = i
	}
	hands, err := review.Outline(g, seats)
	if err != nil {
		return nil, nil, err
	}
	splits, err := review.Splits(t.ctx, g, hands, seedOfGame(g), ai.LuckDeals)
	return hands, splits, err
}

// seedOfGame seeds a game's split from its history, so that the same
// game always splits the same.
func seedOfGame(g *record.Game) uint64 {
	h := fnv.New64a()
	h.Write([]byte(review.HistoryHash(g)))
	return h.Sum64()
}

// splitGame is a game and the split of each seat's hands (split).
type splitGame struct {
	g      record.Game
	hands  []review.Hand
	splits []*review.Split
}

// playSplits plays deals duplicate deals of entries, parallel hands at
// once, splits every seat's hand and counts it; with out, it keeps the
// games there.
func (t *tally) playSplits(cfg engine.Config, entries []string, seed uint64, deals, parallel int, out string) {
	sides := cfg.Sides()
	games := make([]splitGame, deals*sides)
	var mu sync.Mutex
	done := 0
	inParallel(len(games), parallel, func(i int) {
		g, err := playHand(t.ctx, cfg, entries, seed, i/sides, i%sides)
		if err != nil {
			fail(err)
		}
		hands, splits, err := split(t, &g)
		if err != nil {
			fail(err)
		}
		if out != "" {
			if err := save.Write(filepath.Join(out, fmt.Sprintf("deal%04d-%d%s", i/sides, i%sides, save.Ext)), g); err != nil {
				fail(err)
			}
		}
		games[i] = splitGame{g, hands, splits}
		mu.Lock()
		done++
		fmt.Fprintf(os.Stderr, "\rhand %d/%d split", done, len(games))
		mu.Unlock()
	})
	fmt.Fprintln(os.Stderr)
	t.addSplitGames(games)
}

// loadSplits splits every game kept in dir (its reviews are not needed).
func (t *tally) loadSplits(dir string, parallel int) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*"+save.Ext))
	if err != nil {
		return err
	}
	sort.Strings(paths)
	games := make([]splitGame, len(paths))
	errs := make([]error, len(paths))
	inParallel(len(paths), parallel, func(i int) {
		r := &games[i]
		if r.g, errs[i] = save.Read(paths[i]); errs[i] == nil {
			r.hands, r.splits, errs[i] = split(t, &r.g)
		}
	})
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("%s: %v", paths[i], err)
		}
	}
	t.addSplitGames(games)
	return nil
}

// addSplitGames counts the split games, in their order. Deterministic
// players play both rotations of a deal alike: the same game twice is
// counted once.
func (t *tally) addSplitGames(games []splitGame) {
	seen := map[string]bool{}
	for i := range games {
		if h := review.HistoryHash(&games[i].g); !seen[h] {
			seen[h] = true
			t.addSplits(&games[i].g, games[i].hands, games[i].splits)
		}
	}
}

// inParallel calls do(i) for every i below n, on parallel goroutines
// (one at least).
func inParallel(n, parallel int, do func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// reportSplits prints, per player, the split of its hands: each term's
// mean a hand, how often the terms add up to the result, and the result
// with and without the luck.
func (t *tally) reportSplits(w io.Writer) {
	for _, name := range t.order {
		p := &t.byPlayer[name].splits
		n := p.hands
		if n < 2 {
			continue
		}
		f := float64(n)
		fmt.Fprintf(w, "%s: %d hands of one seat (a game played twice alike counted once)\n", name, n)
		for _, term := range []struct {
			name string
			m    moments
		}{{"result", p.result}, {"expected", p.expected}, {"skill", p.skill}, {"others", p.others}, {"luck", p.luck}} {
			m, se := term.m.mean(n)
			fmt.Fprintf(w, "  %-9s %+8.1f ± %5.1f a hand\n", term.name, m, se)
		}
		fmt.Fprintf(w, "  expected + skill + others + luck is the result within 1.96 standard errors in %.1f%% of the hands, within one in %.1f%%; mean squared distance %.2f standard errors (noise alone: 95%%, 68%%, 1)\n",
			100*float64(p.within196)/f, 100*float64(p.within1)/f, p.z2/f)
		vr, vc := p.result.variance(n), p.corrected.variance(n)
		m, se := p.corrected.mean(n)
		if vc <= vr {
			fmt.Fprintf(w, "  result less the luck %+.1f ± %.1f a hand: the variance %.0f%% lower, %.1f times fewer hands for the same confidence\n",
				m, se, 100*(1-vc/vr), vr/vc)
		} else {
			fmt.Fprintf(w, "  result less the luck %+.1f ± %.1f a hand: the variance %.1f times higher (the cards decided little, and their measure has noise)\n",
				m, se, vc/vr)
		}
	}
}
