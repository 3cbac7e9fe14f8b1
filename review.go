package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/ui"
)

func init() {
	subcommands["review"] = command{reviewCmd, lang.CmdReview}
}

// reviewCmd is mille review: the game review of a saved game.
func reviewCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille review", flag.ContinueOnError)
	depthName := fs.String("depth", review.Normal.String(), cli().T(lang.FlagReviewDepth, strings.Join(review.Depths, ", ")))
	seat := fs.Int("seat", -1, cli().T(lang.FlagReviewSeat))
	asJSON := fs.Bool("json", false, cli().T(lang.FlagReviewJson, docsURL))
	screen := fs.Bool("screen", false, cli().T(lang.FlagReviewScreen))
	list := fs.Bool("list", false, cli().T(lang.FlagReviewList))
	leaks := fs.Bool("leaks", false, cli().T(lang.FlagReviewLeaks))
	practice := fs.Bool("practice", false, cli().T(lang.FlagReviewPractice))
	// Flags may come after the file too ("mille review mygame --json").
	var files []string
	for rest := args; ; {
		if code, ok := parseFlags(fs, rest, cli().T(lang.UsageReview, docsURL), stdout, stderr); !ok {
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
	if *leaks || *practice {
		games, unreviewed := reviewedGames()
		if len(games) == 0 {
			fmt.Fprintln(stdout, cli().T(lang.RvcNoneReviewed, unreviewed))
			return 0
		}
		if *practice {
			return practiceCmd(cli(), games, reviewStdin, stdout)
		}
		printLeaks(stdout, cli(), games)
		return 0
	}
	if len(files) > 1 {
		return usageError(stderr, fs.Name(), lang.Err(lang.RvcOneGame))
	}
	depth, err := review.ParseDepth(*depthName)
	if err != nil {
		return usageError(stderr, fs.Name(), err)
	}
	if *seat < -1 {
		return usageError(stderr, fs.Name(), lang.Err(lang.RvcSeatFrom0, *seat))
	}
	if *asJSON && *screen {
		return usageError(stderr, fs.Name(), lang.Err(lang.RvcJSONOrScreen))
	}
	path, err := reviewPath(files)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", cli().Error(err))
		return 1
	}
	g, err := save.Read(path)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", cli().Error(err))
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
				fmt.Fprintln(stderr, "mille review:", cli().Error(err)) // the review stands; only the cache failed
				err = nil
			}
			return r, err
		}
	}
	if *screen {
		o.Progress = nil
		rs, err := ui.NewReviewScreen(ui.ReviewConfig{Game: g, Options: o, Analyse: analyse, Dark: true, Lang: cli()})
		var in *ui.GuardedFile
		if err == nil {
			in, err = terminalInput()
		}
		if err == nil {
			_, err = tea.NewProgram(rs, tea.WithInput(in)).Run()
		}
		if err != nil {
			fmt.Fprintln(stderr, "mille review:", cli().Error(err))
			return 1
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r, err := analyse(ctx, g, o)
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", cli().Error(err))
		return 1
	}
	if *asJSON {
		data, err := review.Marshal(r)
		if err != nil {
			fmt.Fprintln(stderr, "mille review:", cli().Error(err))
			return 1
		}
		stdout.Write(data)
		return 0
	}
	review.WriteText(stdout, cli().Spoken(), r, &g) // for the ear too: numbers in digits alone
	return 0
}

// reviewStdin is where mille review --practice reads the player's choices.
var reviewStdin io.Reader = os.Stdin

// printLeaks writes where the points given away went across the games,
// by kind of decision, the costliest first, each with its costliest
// moment, in the language of c.
func printLeaks(w io.Writer, c *lang.Catalogue, games []review.Reviewed) {
	leaks := review.Leaks(games)
	fmt.Fprintln(w, c.T(lang.RvcLeaks, c.Count(len(games), lang.CountReviewedGame)))
	if len(leaks) == 0 {
		fmt.Fprintln(w, c.T(lang.RvcNoLeaks))
	}
	for _, l := range leaks {
		m := &l.Worst
		names := m.Names()
		fmt.Fprintf(w, "\n%-16s %s\n", c.T(lang.RvcLeakKind, review.KindIn(c, l.Kind)), c.T(lang.RvcLeakPoints, l.Points, c.Count(l.Decisions, lang.CountDecision)))
		fmt.Fprintf(w, "  %s\n    %s\n", c.T(lang.RvcLeakWorst, m.Name, m.Game, m.Hand, c.Describe(names, m.Decision.Played), m.Decision.Loss,
			review.VerdictIn(c, m.Decision.Verdict), c.Describe(names, m.Decision.Best)), m.PositionIn(c))
	}
	fmt.Fprintln(w, "\n"+c.T(lang.RvcPracticeHint))
}

// practiceCmd shows the costliest decisions of the games again, one by
// one, asks for a move and judges it as the review judged the one played,
// in the language of c.
func practiceCmd(c *lang.Catalogue, games []review.Reviewed, in io.Reader, w io.Writer) int {
	moments := review.Practice(games, 5)
	if len(moments) == 0 {
		fmt.Fprintln(w, c.T(lang.RvcNothingToPractise))
		return 0
	}
	sc := bufio.NewScanner(in)
	for i := range moments {
		m := &moments[i]
		names := m.Names()
		d := &m.Decision
		fmt.Fprintf(w, "\n%s\n  %s\n", c.T(lang.RvcPosition, i+1, len(moments), m.Name, m.Game, m.Hand), m.PositionIn(c))
		for k, op := range d.Options {
			fmt.Fprintf(w, "  %d  %s\n", k+1, c.Describe(names, op.Action))
		}
		var choice engine.Action
		for chosen := false; !chosen; {
			fmt.Fprint(w, c.T(lang.RvcYourMove, len(d.Options)))
			if !sc.Scan() {
				fmt.Fprintln(w)
				return 0
			}
			text := strings.TrimSpace(sc.Text())
			if text == "q" {
				return 0
			}
			if k, err := strconv.Atoi(text); err == nil && k >= 1 && k <= len(d.Options) {
				choice, chosen = d.Options[k-1].Action, true
			}
		}
		best, loss, se, v, _ := m.Try(choice)
		if choice == best {
			fmt.Fprintln(w, c.T(lang.RvcBestMove, c.Describe(names, d.Played), d.Loss))
			continue
		}
		fmt.Fprintln(w, c.T(lang.RvcBetterMove, review.VerdictIn(c, v), c.Describe(names, best), loss, se, c.Describe(names, d.Played), d.Loss))
	}
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
			return "", lang.Err(lang.RvcNoFinished)
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
		return "", lang.Err(lang.RvcNoSuchGame, files[0])
	}
	return path, nil
}

// listFinished prints the finished games kept for review, newest first,
// with each one's players and final score; an unreadable one says why.
func listFinished(stdout, stderr io.Writer) int {
	kept, err := save.ListFinished("")
	if err != nil {
		fmt.Fprintln(stderr, "mille review:", cli().Error(err))
		return 1
	}
	if len(kept) == 0 {
		fmt.Fprintln(stdout, cli().T(lang.RvcNoneKept))
		return 0
	}
	for _, e := range kept {
		g, err := save.Read(e.Path)
		if err != nil {
			fmt.Fprintf(stdout, "%s  %s\n", e.Name, cli().T(lang.RvcUnreadable, err))
			continue
		}
		fmt.Fprintf(stdout, "%s  %s\n", e.Name, finalScore(cli(), &g))
	}
	return 0
}

// finalScore tells a game's sides and their totals in c's language: "Ann
// 5125, Computer 3450", "Ann & Cal 5 125, Ordinateur & Bob 3 450" (the
// names mille gives seats itself said in c's language, as the picker does).
func finalScore(c *lang.Catalogue, g *record.Game) string {
	cfg := g.State.Config
	var parts []string
	for side := 0; side < cfg.Sides(); side++ {
		var names []string
		for seat := range g.Seats {
			if cfg.SideOf(seat) == side {
				names = append(names, c.SeatName(g.Seats[seat].Name, seat, false))
			}
		}
		parts = append(parts, c.Team(names...)+" "+c.Num(int(g.State.Totals[side])))
	}
	return strings.Join(parts, ", ")
}
