package rating

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// HouseSigma is the uncertainty of the house computers' fixed ratings:
// small, as hundreds of arena hands measure them, but not nothing.
const HouseSigma = 1.0

// House are the fixed ratings of the house computers, by level name:
// fitted by go run ./rating/anchor to the arena's hands between them
// (docs/ranking.md), medium held at Origin. A game never
// changes them; TestHousePredictsArena checks that they reproduce the
// arena's results.
var House = map[string]Rating{
	"easy":      {Mu: 21.453, Sigma: HouseSigma},
	"heuristic": {Mu: 24.526, Sigma: HouseSigma},
	"medium":    {Mu: 25.000, Sigma: HouseSigma},
	"hard":      {Mu: 25.793, Sigma: HouseSigma},
	"expert":    {Mu: 26.039, Sigma: HouseSigma},
}

// A Result is how two players did against each other over many games
// (an arena's hands): A won WonA of Games, a tie counted half.
type Result struct {
	A, B  string
	Games float64
	WonA  float64
}

// Fit returns the ratings, of uncertainty sigma, that best explain the
// results: the means of greatest likelihood under the model's prediction
// for two sides (WinShare), with the player named fixed held at Origin,
// which sets where the scale stands. Every player must be linked to the
// fixed one through the results.
func (m Model) Fit(results []Result, fixed string, sigma float64) (map[string]Rating, error) {
	fit := map[string]Rating{fixed: {Mu: Origin, Sigma: sigma}}
	for _, r := range results {
		if r.Games <= 0 || r.WonA < 0 || r.WonA > r.Games || r.A == r.B {
			return nil, fmt.Errorf("%w: %s against %s, %v of %v", ErrGame, r.A, r.B, r.WonA, r.Games)
		}
		for _, p := range []string{r.A, r.B} {
			if _, ok := fit[p]; !ok {
				fit[p] = Rating{Mu: Origin, Sigma: sigma}
			}
		}
	}
	// The log-likelihood is concave in the means (a probit's), so Newton's
	// method one mean at a time climbs to its top.
	loglik := func() float64 {
		l := 0.0
		for _, r := range results {
			p := m.WinShare([][]Rating{{fit[r.A]}, {fit[r.B]}})[0]
			p = min(max(p, 1e-12), 1-1e-12)
			l += r.WonA*math.Log(p) + (r.Games-r.WonA)*math.Log(1-p)
		}
		return l
	}
	names := slices.Sorted(maps.Keys(fit))
	const h = 1e-4
	for range 500 {
		moved := 0.0
		for _, p := range names {
			if p == fixed {
				continue
			}
			x := fit[p]
			at := func(mu float64) float64 {
				fit[p] = Rating{Mu: mu, Sigma: sigma}
				return loglik()
			}
			l0, lp, lm := at(x.Mu), at(x.Mu+h), at(x.Mu-h)
			d1, d2 := (lp-lm)/(2*h), (lp-2*l0+lm)/(h*h)
			step := 0.0
			if d2 < 0 {
				step = max(-5, min(5, -d1/d2))
			}
			fit[p] = Rating{Mu: x.Mu + step, Sigma: sigma}
			moved = max(moved, math.Abs(step))
		}
		if moved < 1e-9 {
			break
		}
	}
	return fit, nil
}

// Merge adds up the results of each pair of players, whichever of the two
// was named first, in the order the pairs first come.
func Merge(results []Result) []Result {
	var out []Result
	at := map[[2]string]int{}
	for _, r := range results {
		if _, ok := at[[2]string{r.B, r.A}]; ok {
			r = Result{A: r.B, B: r.A, Games: r.Games, WonA: r.Games - r.WonA}
		}
		i, ok := at[[2]string{r.A, r.B}]
		if !ok {
			at[[2]string{r.A, r.B}] = len(out)
			out = append(out, r)
			continue
		}
		out[i].Games += r.Games
		out[i].WonA += r.WonA
	}
	return out
}

// FormatResults writes results as a table, a line each: the two players,
// the games played and the first player's wins, separated by tabs, under
// a heading line.
func FormatResults(results []Result) string {
	var b strings.Builder
	b.WriteString("a\tb\tgames\ta_won\n")
	for _, r := range results {
		fmt.Fprintf(&b, "%s\t%s\t%g\t%g\n", r.A, r.B, r.Games, r.WonA)
	}
	return b.String()
}

// ParseResults reads a table that FormatResults wrote.
func ParseResults(table string) ([]Result, error) {
	var out []Result
	for i, line := range strings.Split(strings.TrimSpace(table), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("line %d: %d fields, want 4", i+1, len(f))
		}
		games, err1 := strconv.ParseFloat(f[2], 64)
		won, err2 := strconv.ParseFloat(f[3], 64)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		out = append(out, Result{A: f[0], B: f[1], Games: games, WonA: won})
	}
	return out, nil
}
