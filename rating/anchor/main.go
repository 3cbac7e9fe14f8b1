// Command anchor fits the house computers' fixed ratings (rating.House) to
// arena results: it reads reports of two-player mille arena runs (--json)
// or a table of results it wrote before, adds up the hands of each pair,
// and prints for every player the mean that best explains the hands won
// (medium held at rating.Origin, 25), how well those ratings predict each
// pair, and the table to put in rating/house.go. --write keeps the pairs'
// results in a table, the one TestHousePredictsArena reads. --house checks
// the fixed ratings of rating.House against fresh reports instead of
// fitting: it prints each pair's hands won beside what the fixed ratings
// predict, and fails if one is off by more than 3 points of win share
// and more than the measure's 95% interval.
//
//	go run ./rating/anchor --write rating/testdata/arena.tsv REPORT.json...
//	go run ./rating/anchor rating/testdata/arena.tsv
//	go run ./rating/anchor --house REPORT.json...
//
// docs/ranking.md gives the arena runs and the figures.
package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/rating"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("anchor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fixed := fs.String("fixed", "medium", "the player held at rating.Origin (25)")
	write := fs.String("write", "", "write the pairs' results into this table")
	house := fs.Bool("house", false, "check rating.House's fixed ratings against the results instead of fitting")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./rating/anchor [--fixed medium] [--write TABLE.tsv] REPORT.json|TABLE.tsv...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var results []rating.Result
	for _, name := range fs.Args() {
		var rs []rating.Result
		var err error
		if strings.HasSuffix(name, ".tsv") {
			rs, err = readTable(name)
		} else {
			var r rating.Result
			r, err = read(name)
			rs = []rating.Result{r}
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		results = append(results, rs...)
	}
	results = rating.Merge(results)
	if *write != "" {
		if err := os.WriteFile(*write, []byte(rating.FormatResults(results)), 0o644); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	m := rating.Default()
	if *house {
		return check(m, results, stdout, stderr)
	}
	fit, err := m.Fit(results, *fixed, rating.HouseSigma)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	names := slices.SortedFunc(maps.Keys(fit), func(a, b string) int { return cmp.Compare(fit[a].Mu, fit[b].Mu) })
	fmt.Fprintf(stdout, "%-10s %8s %8s\n", "player", "mu", "display")
	for _, n := range names {
		fmt.Fprintf(stdout, "%-10s %8.3f %8d\n", n, fit[n].Mu, rating.Display(fit[n]))
	}
	fmt.Fprintf(stdout, "\n%-22s %6s %9s %9s %7s %7s\n", "pair", "hands", "measured", "predicted", "diff", "±95%")
	worst := 0.0
	for _, r := range results {
		got := r.WonA / r.Games
		want := m.WinShare([][]rating.Rating{{fit[r.A]}, {fit[r.B]}})[0]
		worst = max(worst, abs(got-want))
		half := 1.96 * math.Sqrt(want*(1-want)/r.Games) // the measure's 95% half-width
		fmt.Fprintf(stdout, "%-22s %6.0f %8.1f%% %8.1f%% %+6.1f %7.1f\n", r.A+" vs "+r.B, r.Games, 100*got, 100*want, 100*(want-got), 100*half)
	}
	fmt.Fprintf(stdout, "largest difference: %.1f points of win share\n\nvar House = map[string]Rating{\n", 100*worst)
	for _, n := range names {
		fmt.Fprintf(stdout, "\t%q: {Mu: %.3f, Sigma: HouseSigma},\n", n, fit[n].Mu)
	}
	fmt.Fprintln(stdout, "}")
	return 0
}

// check compares the hands won of every pair of results with what the
// house computers' fixed ratings predict, and fails if a pair is off by
// more than 3 points of win share and more than its 95% interval.
func check(m rating.Model, results []rating.Result, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "%-22s %6s %9s %9s %7s %7s\n", "pair", "hands", "measured", "predicted", "diff", "±95%")
	bad := 0
	for _, r := range results {
		a, okA := rating.House[r.A]
		b, okB := rating.House[r.B]
		if !okA || !okB {
			fmt.Fprintf(stderr, "%s against %s: not both house computers\n", r.A, r.B)
			return 1
		}
		got := r.WonA / r.Games
		want := m.WinShare([][]rating.Rating{{a}, {b}})[0]
		half := 1.96 * math.Sqrt(want*(1-want)/r.Games)
		mark := ""
		if abs(got-want) > max(0.03, half) {
			mark, bad = " off", bad+1
		}
		fmt.Fprintf(stdout, "%-22s %6.0f %8.1f%% %8.1f%% %+6.1f %7.1f%s\n", r.A+" vs "+r.B, r.Games, 100*got, 100*want, 100*(want-got), 100*half, mark)
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "%d pairs off by more than 3 points and their 95%% interval\n", bad)
		return 1
	}
	return 0
}

// read reads one mille arena --json report of two players.
func read(name string) (rating.Result, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return rating.Result{}, err
	}
	var rep arena.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return rating.Result{}, fmt.Errorf("%s: %w", name, err)
	}
	if rep.Players != 2 || len(rep.Seats) != 2 {
		return rating.Result{}, fmt.Errorf("%s: %d players, want a two-player report", name, rep.Players)
	}
	a, b2 := rep.Seats[0], rep.Seats[1]
	return rating.Result{A: a.Player, B: b2.Player, Games: float64(a.Hands), WonA: a.HandsWon}, nil
}

// readTable reads a table of results that --write wrote.
func readTable(name string) ([]rating.Result, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	rs, err := rating.ParseResults(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rs, nil
}

func abs(x float64) float64 { return max(x, -x) }
