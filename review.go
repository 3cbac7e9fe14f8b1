package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/ui"
)

func init() {
	subcommands["review"] = command{reviewCmd, "where a saved game's points went, decision by decision"}
}

const reviewUsage = `usage: mille review [--depth quick|normal|deep] [--seat N] [--json|--screen] [FILE|NAME]
       mille review --list

Reviews a saved game: for every decision of a person's seat (or of seat N,
counted from 0), what each move was worth by the computer's search, from
what that seat could see; the move played, the best one, the points given
away and a verdict, and per hand the costliest moments and the luck of the
deal (` + docsURL + `review.md). Reviews are kept in the saves folder, so a second
review of the same game is instant. --screen replays the game on a screen,
move by move, while the analysis fills in.

Finished games are kept for review (the last 20; keepFinished in
options.json sets how many, 0 none): without FILE or NAME, the last one
finished is reviewed; --list lists them, newest first.

`

// reviewCmd is mille review: the game review of a saved game.
func reviewCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille review", flag.ContinueOnError)
	depthName := fs.String("depth", review.Normal.String(), "how hard to search each decision: "+strings.Join(review.Depths, ", "))
	seat := fs.Int("seat", -1, "review this seat (from 0) instead of every person's")
	asJSON := fs.Bool("json", false, "print the review as JSON ("+docsURL+"review.md)")
	screen := fs.Bool("screen", false, "replay the game on an interactive screen while the analysis runs")
	list := fs.Bool("list", false, "list the finished games kept for review, newest first")
	// Flags may come after the file too ("mille review mygame --json").
	var files []string
	for rest := args; ; {
		if code, ok := parseFlags(fs, rest, reviewUsage, stdout, stderr); !ok {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if *list {
		return listFinished(stdout, stderr)
	}
	if len(files) > 1 {
		return usageError(stderr, fs.Name(), "name one saved game (a file, or a save's name)")
	}
	depth, err := review.ParseDepth(*depthName)
	if err != nil {
		return usageError(stderr, fs.Name(), "%v", err)
	}
	if *seat < -1 {
		return usageError(stderr, fs.Name(), "seat %d: seats count from 0", *seat)
	}
	if *asJSON && *screen {
		return usageError(stderr, fs.Name(), "--json or --screen, not both")
	}
	path, err := reviewPath(files)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", err)
		return 1
	}
	g, err := save.Read(path)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", err)
		return 1
	}
	o := review.Options{Depth: depth, Progress: progressOf(stderr, "decisions")}
	if *seat >= 0 {
		o.Seats = []int{*seat}
	}
	analyse := review.Analyse
	if dir, derr := review.CacheDir(); derr == nil {
		analyse = func(ctx context.Context, g record.Game, o review.Options) (*review.Review, error) {
			r, err := review.AnalyseCached(ctx, dir, g, o)
			if r != nil && err != nil {
				fmt.Fprintln(stderr, "mille review:", err) // the review stands; only the cache failed
				err = nil
			}
			return r, err
		}
	}
	if *screen {
		o.Progress = nil
		rs, err := ui.NewReviewScreen(ui.ReviewConfig{Game: g, Options: o, Analyse: analyse, Dark: true})
		var in *ui.GuardedFile
		if err == nil {
			in, err = terminalInput()
		}
		if err == nil {
			_, err = tea.NewProgram(rs, tea.WithInput(in)).Run()
		}
		if err != nil {
			fmt.Fprintln(stderr, "mille review:", err)
			return 1
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r, err := analyse(ctx, g, o)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", err)
		return 1
	}
	if *asJSON {
		data, err := review.Marshal(r)
		if err != nil {
			fmt.Fprintln(stderr, "mille review:", err)
			return 1
		}
		stdout.Write(data)
		return 0
	}
	review.WriteText(stdout, r, &g)
	return 0
}

// reviewPath is the game mille review was asked for: a file, a save's
// name, a finished game's name, or without any, the last game finished.
func reviewPath(files []string) (string, error) {
	if len(files) == 0 {
		kept, err := save.ListFinished("")
		if err != nil {
			return "", err
		}
		if len(kept) == 0 {
			return "", errors.New("no finished game is kept yet: play one to its end, or name a saved game (mille review NAME)")
		}
		return kept[0].Path, nil
	}
	path := local.SavePath(files[0])
	if _, err := os.Stat(path); err != nil {
		if fp, ferr := save.FinishedPath("", files[0]); ferr == nil {
			if _, serr := os.Stat(fp); serr == nil {
				return fp, nil
			}
		}
		return "", fmt.Errorf("%s: no such file, save or finished game (mille review --list lists those kept)", files[0])
	}
	return path, nil
}

// listFinished prints the finished games kept for review, newest first,
// with each one's players and final score; an unreadable one says why.
func listFinished(stdout, stderr io.Writer) int {
	kept, err := save.ListFinished("")
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", err)
		return 1
	}
	if len(kept) == 0 {
		fmt.Fprintln(stdout, "No finished game is kept yet.")
		return 0
	}
	for _, e := range kept {
		g, err := save.Read(e.Path)
		if err != nil {
			fmt.Fprintf(stdout, "%s  (unreadable: %v)\n", e.Name, err)
			continue
		}
		fmt.Fprintf(stdout, "%s  %s\n", e.Name, finalScore(&g))
	}
	return 0
}

// finalScore tells a game's sides and their totals: "Ann 5125, Computer 3450".
func finalScore(g *record.Game) string {
	cfg := g.State.Config
	var parts []string
	for side := 0; side < cfg.Sides(); side++ {
		var names []string
		for seat := range g.Seats {
			if cfg.SideOf(seat) == side {
				names = append(names, g.Seats[seat].Name)
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d", strings.Join(names, " & "), g.State.Totals[side]))
	}
	return strings.Join(parts, ", ")
}
