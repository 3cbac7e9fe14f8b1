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

func init() {
	subcommands["bot"] = command{botCmd, "be a computer player on stdin and stdout (the bot protocol)"}
}

// botStdin is where mille bot reads the host's lines (a variable for tests).
var botStdin io.Reader = os.Stdin

// botCmd is mille bot: a computer player on stdin/stdout speaking the bot
// protocol of docs/protocol.md.
func botCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille bot", flag.ContinueOnError)
	level := fs.String("level", "hard", "the player: "+strings.Join(ai.Levels, ", ")+", random, heuristic, montecarlo[:N] or ismcts[:N]")
	seed := fs.Uint64("seed", 1, "seed of the player's randomness")
	usage := "usage: mille bot [flags]\n\nPlays as a computer player on standard input and output, speaking the\nline-based JSON bot protocol (" + docsURL + "protocol.md).\n\n"
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), "unexpected argument %q", fs.Arg(0))
	}
	p, err := ai.New(*level, *seed)
	if err != nil {
		return usageError(stderr, fs.Name(), "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := bot.Serve(ctx, botStdin, stdout, p, "mille "+*level, version); err != nil {
		fmt.Fprintln(stderr, "mille bot:", err)
		return 1
	}
	return 0
}
