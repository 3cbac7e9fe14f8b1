package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/save"
)

func init() {
	subcommands["stats"] = command{statsCommand, "print your lifetime statistics"}
}

// statsCommand prints the lifetime statistics: mille stats [--json].
func statsCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille stats", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the statistics file as JSON")
	usage := fmt.Sprintf("usage: mille stats [--json]\n\nPrints your lifetime statistics, kept in %s in the data folder\n(set %s to use another folder).\n\n", save.StatsName, save.DirEnv)
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
	return 0
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
