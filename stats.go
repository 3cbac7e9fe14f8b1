package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

func init() {
	subcommands["stats"] = command{statsCommand, lang.CmdStats}
}

// statsCommand prints the lifetime statistics: mille stats [--json].
func statsCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille stats", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, cli().T(lang.FlagStatsJson))
	usage := cli().T(lang.UsageStats, save.StatsName, save.DirEnv)
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), "unexpected argument %q", fs.Arg(0))
	}
	path, err := save.StatsPath()
	if err != nil {
		fmt.Fprintln(stderr, "mille stats:", err)
		return 1
	}
	st, err := save.ReadStats(path)
	if err != nil {
		fmt.Fprintln(stderr, "mille stats:", err)
		return 1
	}
	if *asJSON {
		data, err := save.MarshalStats(st)
		if err != nil {
			fmt.Fprintln(stderr, "mille stats:", err)
			return 1
		}
		stdout.Write(data)
		return 0
	}
	printStats(stdout, st, path)
	printRatings(stdout)
	return 0
}

// printRatings writes the rating of the person's play in each finished
// game kept whose review is kept too (mille review NAME), oldest first,
// and its trend. It reads the cache only: it never analyses.
func printRatings(w io.Writer) {
	games, unreviewed := reviewedGames()
	var rates []float64
	var lines []string
	for _, g := range games {
		rt, ok := review.Rate(g.Review, g.Review.Seats[0])
		if !ok {
			continue
		}
		rates = append(rates, rt.PerDecision)
		lines = append(lines, fmt.Sprintf("  %s  %5.1f points lost a decision: %s, like %s", g.Name, rt.PerDecision, rt.Label, rt.Like))
	}
	if len(rates) > 0 {
		fmt.Fprintf(w, "\nYour play in the finished games reviewed, oldest first (points lost per decision with a real choice):\n%s\n",
			strings.Join(lines, "\n"))
	}
	if len(rates) > 1 {
		half := len(rates) / 2
		early, late := mean(rates[:half]), mean(rates[half:])
		trend := "about the same"
		switch {
		case late < early*0.8:
			trend = "better"
		case late > early*1.25:
			trend = "worse"
		}
		fmt.Fprintf(w, "Trend: %.1f in the earlier half, %.1f in the later: %s.\n", early, late, trend)
	}
	if unreviewed > 0 {
		fmt.Fprintf(w, "%d finished games kept are not reviewed yet: mille review --list names them, mille review NAME reviews one.\n", unreviewed)
	}
}

// reviewedGames are the finished games kept whose review of one person's
// seat at depth normal is kept too (mille review NAME), oldest first, and
// how many others there are. It reads the cache only: it never analyses.
func reviewedGames() (games []review.Reviewed, unreviewed int) {
	kept, err := save.ListFinished("")
	dir, derr := review.CacheDir()
	if err != nil || derr != nil {
		return nil, 0
	}
	for i := len(kept) - 1; i >= 0; i-- {
		g, err := save.Read(kept[i].Path)
		if err != nil {
			continue
		}
		r, ok := review.Cached(dir, &g, review.Options{Depth: review.Normal})
		if !ok || len(r.Seats) != 1 {
			unreviewed++
			continue
		}
		games = append(games, review.Reviewed{Name: kept[i].Name, Review: r, Game: &g})
	}
	return games, unreviewed
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// printStats writes st as a table, known levels weakest first.
func printStats(w io.Writer, st save.Stats, path string) {
	total := st.Total()
	if total.Hands == 0 {
		fmt.Fprintf(w, "No hands played yet (statistics are kept in %s).\n", path)
		return
	}
	var levels []string
	for l := range st.ByOpponent {
		levels = append(levels, l)
	}
	rank := func(l string) int {
		if i := slices.Index(ai.Levels, l); i >= 0 {
			return i
		}
		return len(ai.Levels)
	}
	slices.SortFunc(levels, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	fmt.Fprintf(w, "Lifetime statistics (%s)\n\n", path)
	width := len("Opponents")
	for _, l := range levels {
		width = max(width, len(l))
	}
	line := func(name, games, gamesWon, gp, hands, handsWon, hp string) {
		fmt.Fprintf(w, "%s\n", strings.TrimRight(fmt.Sprintf("%-*s  %5s %5s %-6s  %5s %5s %-6s", width, name, games, gamesWon, gp, hands, handsWon, hp), " "))
	}
	line("Opponents", "Games", "Won", "", "Hands", "Won", "")
	row := func(name string, r save.Record) {
		line(name, strconv.Itoa(r.Games), strconv.Itoa(r.GamesWon), percent(r.GamesWon, r.Games),
			strconv.Itoa(r.Hands), strconv.Itoa(r.HandsWon), percent(r.HandsWon, r.Hands))
	}
	for _, l := range levels {
		row(l, st.ByOpponent[l])
	}
	if len(levels) > 1 {
		row("all", total)
	}
	fmt.Fprintln(w)
	if b := st.Best; b.Score > 0 {
		fmt.Fprintf(w, "Best hand:     %d points, %d players against %s, %s\n", b.Score, b.Players, b.Opponent, b.When.Local().Format("2 Jan 2006"))
	}
	fmt.Fprintf(w, "Coups fourrés: %d\n", st.CoupsFourres)
}

func percent(n, of int) string {
	if of == 0 {
		return ""
	}
	return fmt.Sprintf("(%d%%)", (200*n+of)/(2*of)) // rounded
}
