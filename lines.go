package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/plain"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
)

// linePace is the shortest time a computer's move takes in the line mode:
// short, as a screen reader reads on at its own pace, but long enough that
// no move goes by untold.
const linePace = 100 * time.Millisecond

// lineMode reports whether mille plays in lines of text without being
// asked (--plain): on a dumb terminal, or when its input or output is not
// a terminal (a pipe, a file, a program reading aloud).
func lineMode() bool {
	return os.Getenv("TERM") == "dumb" || !term.IsTerminal(os.Stdin.Fd()) || !term.IsTerminal(os.Stdout.Fd())
}

// newGame is the game mille deals: the person at the keyboard at the first
// seat, and at the others what others says (local.SeatsOf) or, without it,
// people-1 more sharing the keyboard at the next seats and computers at
// level. People sharing the keyboard go by the names they typed last
// (names, by seat: local.Named), or the names given with --names (typed,
// in seat order: local.NamePeople).
func newGame(cfg engine.Config, level string, seed uint64, people int, others, names, typed []string) (record.Game, error) {
	name := func(seats []record.Seat) error {
		if typed != nil {
			if err := local.NamePeople(seats, typed); err != nil {
				return lang.Err(lang.ErrFlagNames, err)
			}
			return nil
		}
		local.Named(seats, names)
		return nil
	}
	if others != nil {
		seats, err := local.SeatsOf(cfg, others)
		if err != nil {
			return record.Game{}, lang.Err(lang.ErrFlagSeats, err)
		}
		if err := name(seats); err != nil {
			return record.Game{}, err
		}
		return record.New(cfg, seed, seats)
	}
	if people < 1 || people > cfg.Players {
		return record.Game{}, lang.Err(lang.ErrPeople, people, cfg.Players)
	}
	var sharing []int
	for i := 1; i < people; i++ {
		sharing = append(sharing, i)
	}
	seats := local.Seats(cfg, level, sharing)
	if err := name(seats); err != nil {
		return record.Game{}, err
	}
	return record.New(cfg, seed, seats)
}

// lineOptions are the line mode's options in local play: hints, and
// reviews of the hands played.
var lineOptions = plain.Options{Hint: review.Hint, Review: review.AnalyseInCache}

// playLines plays local play's game in the line mode (package plain) on
// in and out, in the language of cat; first, it opens with the offer of
// the rules, help and shorter turns. A closed terminal or a kill keeps the
// game in the autosave.
func playLines(lc local.Config, cat *lang.Catalogue, first bool, in io.Reader, out, stderr io.Writer) int {
	lc.Pace = linePace
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	opts := lineOptions
	opts.FirstStart = first
	end, _, err := plain.New(in, out, cat).PlayLocal(ctx, lc, opts)
	if err != nil {
		fmt.Fprintf(stderr, "mille: %s\n", cli().Error(err))
		return 1
	}
	if end == plain.Cancelled {
		return 1
	}
	return 0
}
