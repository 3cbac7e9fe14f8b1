package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

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
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrUnexpectedArg, fs.Arg(0)))
	}
	path, err := save.StatsPath()
	if err != nil {
		fmt.Fprintln(stderr, "mille stats:", cli().Error(err))
		return 1
	}
	st, err := save.ReadStats(path)
	if err != nil {
		fmt.Fprintln(stderr, "mille stats:", cli().Error(err))
		return 1
	}
	if *asJSON {
		data, err := save.MarshalStats(st)
		if err != nil {
			fmt.Fprintln(stderr, "mille stats:", cli().Error(err))
			return 1
		}
		stdout.Write(data)
		return 0
	}
	printStats(stdout, st, path, cli())
	printRatings(stdout)
	return 0
}

// ratingLines words the rating of each game named, its band of levels in
// c's language, the names padded to the widest so the figures line up
// (a second game kept the same minute is named with a -02).
func ratingLines(c *lang.Catalogue, names []string, rated []review.Rating) []string {
	wide := 0
	for _, n := range names {
		wide = max(wide, utf8.RuneCountInString(n))
	}
	lines := make([]string, len(rated))
	for i, rt := range rated {
		name := names[i] + strings.Repeat(" ", wide-utf8.RuneCountInString(names[i]))
		lines[i] = c.T(lang.StRatingLine, name, rt.PerDecision, review.LabelIn(c, rt.Label), review.LevelIn(c, rt.Like))
	}
	return lines
}

// printRatings writes the rating of the person's play in each finished
// game kept whose review is kept too (mille review NAME), oldest first,
// and its trend. It reads the cache only: it never analyses.
func printRatings(w io.Writer) {
	c := cli()
	games, unreviewed := reviewedGames()
	var rates []float64
	var names []string
	var rated []review.Rating
	for _, g := range games {
		rt, ok := review.Rate(g.Review, g.Review.Seats[0])
		if !ok {
			continue
		}
		rates = append(rates, rt.PerDecision)
		names = append(names, g.Name)
		rated = append(rated, rt)
	}
	lines := ratingLines(c, names, rated)
	if len(rates) > 0 {
		fmt.Fprintf(w, "\n%s\n%s\n", c.T(lang.StRatings), strings.Join(lines, "\n"))
	}
	if len(rates) > 1 {
		half := len(rates) / 2
		early, late := mean(rates[:half]), mean(rates[half:])
		trend := lang.StTrendSame
		switch {
		case late < early*0.8:
			trend = lang.StTrendBetter
		case late > early*1.25:
			trend = lang.StTrendWorse
		}
		fmt.Fprintln(w, c.T(lang.StTrend, early, late, c.T(trend)))
	}
	if unreviewed > 0 {
		fmt.Fprintln(w, c.Count(unreviewed, lang.StUnreviewedOne))
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
func printStats(w io.Writer, st save.Stats, path string, c *lang.Catalogue) {
	path = save.Home(path) // as the game shows paths
	total := st.Total()
	if total.Hands == 0 {
		fmt.Fprintln(w, c.T(lang.StNone, path))
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
	fmt.Fprintf(w, "%s\n\n", c.T(lang.StTitle, path))
	width := utf8.RuneCountInString(c.T(lang.StOpponents))
	for _, l := range levels {
		width = max(width, utf8.RuneCountInString(c.Level(l)))
	}
	// The columns as wide as their headings ("Parties" in French).
	col := max(5, utf8.RuneCountInString(c.T(lang.StGames)), utf8.RuneCountInString(c.T(lang.StWon)), utf8.RuneCountInString(c.T(lang.StHands)))
	// The shares as wide as the widest, "(100 %)" in French.
	pw := utf8.RuneCountInString(c.T(lang.StShare, 100))
	line := func(name, games, gamesWon, gp, hands, handsWon, hp string) {
		fmt.Fprintf(w, "%s\n", strings.TrimRight(fmt.Sprintf("%-*s  %*s %*s %-*s  %*s %*s %-*s", width, name, col, games, col, gamesWon, pw, gp, col, hands, col, handsWon, pw, hp), " "))
	}
	line(c.T(lang.StOpponents), c.T(lang.StGames), c.T(lang.StWon), "", c.T(lang.StHands), c.T(lang.StWon), "")
	row := func(name string, r save.Record) {
		line(name, c.Num(r.Games), c.Num(r.GamesWon), percent(c, r.GamesWon, r.Games),
			c.Num(r.Hands), c.Num(r.HandsWon), percent(c, r.HandsWon, r.Hands))
	}
	for _, l := range levels {
		row(c.Level(l), st.ByOpponent[l])
	}
	if len(levels) > 1 {
		row(c.T(lang.StAll), total)
	}
	fmt.Fprintln(w)
	if b := st.Best; b.Score > 0 {
		fmt.Fprintln(w, c.T(lang.StBest, b.Score, b.Players, c.Level(b.Opponent), b.When.Local().Format(c.T(lang.StDate))))
	}
	fmt.Fprintln(w, c.T(lang.StCoups, st.CoupsFourres))
}

// percent is n's share of of, rounded, as the language writes it: "(50%)",
// "(50 %)"; nothing of nothing.
func percent(c *lang.Catalogue, n, of int) string {
	if of == 0 {
		return ""
	}
	return c.T(lang.StShare, (200*n+of)/(2*of))
}
