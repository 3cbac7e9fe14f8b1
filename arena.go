package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

func init() {
	subcommands["arena"] = command{arenaCmd, lang.CmdArena}
}

// arenaCmd is mille arena: computer players against each other.
func arenaCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille arena", flag.ContinueOnError)
	players := fs.Int("players", 2, cli().T(lang.FlagArenaPlayers))
	seats := fs.String("seats", "hard,heuristic", cli().T(lang.FlagArenaSeats, strings.Join(ai.Levels, ", ")))
	hands := fs.Int("hands", 1000, cli().T(lang.FlagArenaHands))
	seed := fs.Uint64("seed", 1, cli().T(lang.FlagArenaSeed))
	rules := fs.String("rules", "standard", cli().T(lang.FlagArenaRules))
	parallel := fs.Int("parallel", 1, cli().T(lang.FlagArenaParallel))
	asJSON := fs.Bool("json", false, cli().T(lang.FlagArenaJson))
	luck := fs.Bool("luck", false, cli().T(lang.FlagArenaLuck))
	moveTimeout := fs.Duration("move-timeout", bot.MoveTimeout, cli().T(lang.FlagArenaMoveTimeout))
	usage := cli().T(lang.UsageArena)
	if code, ok := parseFlags(fs, args, usage, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrUnexpectedArg, fs.Arg(0)))
	}
	rs, err := engine.ParseRuleset(*rules)
	if err != nil {
		return usageError(stderr, fs.Name(), err)
	}
	cfg := engine.Config{Players: *players, Rules: rs}
	if err := cfg.Validate(); err != nil {
		return usageError(stderr, fs.Name(), err)
	}
	if *moveTimeout <= 0 {
		return usageError(stderr, fs.Name(), lang.Err(lang.ErrMoveTimeout))
	}
	entries, err := parseSeats(*seats, *moveTimeout, stderr)
	if err != nil {
		return usageError(stderr, fs.Name(), err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := arena.Options{Game: cfg, Entries: entries, Hands: *hands, Seed: *seed, Parallel: *parallel}
	opts.Progress = progressOf(stderr, "hands")
	if *luck {
		opts.Luck = handLuck
	}
	rep, err := arena.Run(ctx, opts)
	if err != nil {
		fmt.Fprintln(stderr, "mille arena:", cli().Error(err))
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "mille arena:", cli().Error(err))
			return 1
		}
		return 0
	}
	arena.WriteText(stdout, rep, cli())
	return 0
}

// handLuck is mille arena --luck's measure of a hand's luck: what the
// cards drawn gave each side (ai.PlayLuck; duplicate play cancels the
// deal's own luck).
func handLuck(ctx context.Context, cfg engine.Config, seed uint64, history []engine.Action) ([engine.MaxSides]float64, error) {
	s, err := engine.New(cfg, seed)
	if err != nil {
		return [engine.MaxSides]float64{}, err
	}
	luck, _, err := ai.PlayLuck(s, history, ai.LuckDeals, seed)
	return luck, err
}

// parseSeats reads --seats: a level or player name per side, or
// cmd:PROGRAM ARGS for an external program, which has moveTimeout for
// each decision.
func parseSeats(list string, moveTimeout time.Duration, stderr io.Writer) ([]arena.Entry, error) {
	var entries []arena.Entry
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if cmd, ok := strings.CutPrefix(name, "cmd:"); ok {
			argv := strings.Fields(cmd)
			if len(argv) == 0 {
				return nil, lang.Err(lang.ErrNoProgram, name)
			}
			entries = append(entries, arena.Entry{Name: name, New: func(uint64) (ai.Player, error) {
				c, err := bot.Start(argv, stderr)
				if err != nil {
					return nil, err
				}
				c.MoveTimeout = moveTimeout
				return c, nil
			}})
			continue
		}
		if _, err := ai.New(name, 0); err != nil {
			return nil, err
		}
		entries = append(entries, arena.Entry{Name: name, New: func(seed uint64) (ai.Player, error) {
			return ai.New(name, seed)
		}})
	}
	return entries, nil
}
