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
	"github.com/millebornes/mille/lang"
)

func init() {
	subcommands["bot"] = command{botCmd, lang.CmdBot}
}

// botStdin is where mille bot reads the host's lines (a variable for tests).
var botStdin io.Reader = os.Stdin

// botCmd is mille bot: a computer player on stdin/stdout speaking the bot
// protocol of docs/protocol.md.
func botCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille bot", flag.ContinueOnError)
	level := fs.String("level", "hard", cli().T(lang.FlagBotLevel, strings.Join(ai.Levels, ", ")))
	seed := fs.Uint64("seed", 1, cli().T(lang.FlagBotSeed))
	usage := cli().T(lang.UsageBot, docsURL)
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrUnexpectedArg, fs.Arg(0)))
	}
	p, err := ai.New(*level, *seed)
	if err != nil {
		return usageError(stderr, fs.Name(), err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := bot.Serve(ctx, botStdin, stdout, p, "mille "+*level, version); err != nil {
		fmt.Fprintln(stderr, "mille bot:", cli().Error(err))
		return 1
	}
	return 0
}
