package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
)

func init() { subcommands["bot"] = botCmd }

// botStdin is where mille bot reads the host's lines (a variable for tests).
var botStdin io.Reader = os.Stdin

// botCmd is mille bot: a computer player on stdin/stdout speaking the bot
// protocol of docs/protocol.md.
func botCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	level := fs.String("level", "hard", "the player: "+strings.Join(ai.Levels, ", ")+", random, heuristic, montecarlo[:N] or ismcts[:N]")
	seed := fs.Uint64("seed", 1, "seed of the player's randomness")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mille bot [flags]\n\nPlays as a computer player on standard input and output, speaking the\nline-based JSON bot protocol (docs/protocol.md).\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	p, err := ai.New(*level, *seed)
	if err != nil {
		fmt.Fprintln(stderr, "mille bot:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := bot.Serve(ctx, botStdin, stdout, p, "mille "+*level, version); err != nil {
		fmt.Fprintln(stderr, "mille bot:", err)
		return 1
	}
	return 0
}
