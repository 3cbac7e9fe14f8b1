package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/ui"
)

// playUsage is mille --help's text before the flags.
func playUsage() string {
	folder := cli().T(lang.UsageFolder)
	if dir, err := save.Dir(); err == nil {
		folder += ", " + dir
	}
	return cli().T(lang.UsageMille, folder, commandList())
}

// play runs the terminal game.
func play(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mille", flag.ContinueOnError)
	players := fs.Int("players", 2, cli().T(lang.FlagPlayers))
	level := fs.String("level", ai.DefaultLevel, cli().T(lang.FlagLevel, strings.Join(ai.Levels, ", ")))
	lines := fs.Bool("plain", false, cli().T(lang.FlagPlain))
	people := fs.Int("people", 1, cli().T(lang.FlagPeople))
	seatList := fs.String("seats", "", cli().T(lang.FlagSeats, local.Person))
	nameList := fs.String("names", "", cli().T(lang.FlagNames))
	rules := fs.String("rules", "standard", cli().T(lang.FlagRules))
	seed := fs.Uint64("seed", 0, cli().T(lang.FlagSeed))
	language := fs.String("lang", "", cli().T(lang.FlagLang, lang.Tags()))
	showVersion := fs.Bool("version", false, cli().T(lang.FlagVersion))
	if code, ok := parseFlags(fs, args, playUsage(), stdout, stderr); !ok {
		return code
	}
	if *showVersion {
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	usageErr := func(err error) int { return usageError(stderr, "mille", err) }
	cat, err := chooseLang(*language)
	if err != nil {
		return usageErr(lang.Err(lang.ErrFlagLang, err))
	}
	if fs.NArg() > 1 {
		return usageErr(lang.Err(lang.ErrTooManyArgs, strings.Join(fs.Args(), " ")))
	}
	ruleset, err := engine.ParseRuleset(*rules)
	if err != nil {
		return usageErr(err)
	}
	cfg := engine.Config{Players: *players, Rules: ruleset}
	if err := cfg.Validate(); err != nil {
		return usageErr(err)
	}
	if _, err := ai.New(*level, 0); err != nil {
		return usageErr(err)
	}
	s := *seed
	seeded := s != 0 // a deal asked for: a new game, not the autosave's
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	dir, err := local.ConfigDir()
	if err != nil {
		dir = "" // options then last for this run only
	}
	var others []string
	if *seatList != "" {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if set["level"] || set["people"] {
			return usageErr(lang.Err(lang.ErrSeatsAlone))
		}
		others = strings.Split(*seatList, ",")
	}
	opts, _, _ := local.LoadOptions(dir) // the names typed last; unreadable options are the defaults
	var typed []string
	if *nameList != "" {
		typed = strings.Split(*nameList, ",")
	}
	game, err := newGame(cfg, *level, s, *people, others, opts.Names, typed)
	if err != nil {
		return usageErr(err)
	}
	save.MilleVersion = version
	lc, err := localConfig(game, fs.Arg(0), !seeded, cat)
	if err != nil {
		fmt.Fprintf(stderr, "mille: %s\n", cli().Error(err))
		return 1
	}
	if *lines || lineMode() {
		// The line mode's first start offers its guide once, as the
		// full screen does: the options remember it was offered.
		first := !opts.SeenGuide
		if first {
			o, _, _ := local.LoadOptions(dir)
			o.SeenGuide = true
			_ = local.SaveOptions(dir, o) // unwritten, the offer comes again: no harm
		}
		return playLines(lc, cat, first, os.Stdin, stdout, stderr)
	}
	// The name a game finished here is kept under for review, which the
	// exit line says again (the recorder runs in the program's commands).
	var reviewName atomic.Pointer[string]
	lc.HandOver = handRecorder(cat, func(name string) { reviewName.Store(&name) })
	uc := ui.Config{Local: lc, ConfigDir: dir, Dark: true, Hint: review.Hint, Stats: statsText, Lang: cat}
	m, err := ui.New(uc)
	if err != nil {
		fmt.Fprintf(stderr, "mille: %s\n", cli().Error(err))
		return 1
	}
	// A closed terminal (SIGHUP) or kill (SIGTERM, SIGINT) keeps the game
	// in the autosave: the model writes it and quits. Bubble Tea's own
	// handler would quit without a word to the model.
	in, err := terminalInput()
	if err != nil {
		fmt.Fprintf(stderr, "mille: %s\n", cli().Error(err))
		return 1
	}
	p := tea.NewProgram(m, tea.WithoutSignalHandler(), tea.WithInput(in))
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(sigs)
	var hungUp atomic.Bool
	go func() {
		for range sigs {
			hungUp.Store(true)
			p.Send(ui.Hangup{})
		}
	}()
	_, err = p.Run()
	if hungUp.Load() {
		// The closed terminal may have ended the program (a read error)
		// before the model kept the game: keep it now.
		if kerr := m.Keep(); kerr != nil {
			fmt.Fprintf(stderr, "mille: autosave: %s\n", cli().Error(kerr))
		}
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "mille: %s\n", cli().Error(err))
		return 1
	}
	if line := whereLeft(m, cat, reviewName.Load()); line != "" {
		fmt.Fprintln(stdout, line)
	}
	return 0
}

// chooseLang is the language mille speaks: --lang (name), else the one
// chosen in the options file, else the environment's (lang.FromEnv). A
// language in the options that mille does not know is passed over.
func chooseLang(name string) (*lang.Catalogue, error) {
	if name == "" {
		if dir, err := local.ConfigDir(); err == nil {
			if o, _, err := local.LoadOptions(dir); err == nil {
				if c, ok := lang.Lookup(o.Lang); ok {
					return c, nil
				}
			}
		}
	}
	return lang.Choose(name, os.Getenv)
}

// whereLeft is the line mille prints as it exits: where the game it
// leaves is kept and the command that resumes it; for a game over, the
// command that reviews it, when it was kept for review under the name
// *reviewed (nil: it was not); else "".
func whereLeft(m *ui.Model, c *lang.Catalogue, reviewed *string) string {
	file, autosave := m.Left()
	return exitLine(c, file, autosave, reviewed)
}

// exitLine is whereLeft's line for a game left in file, in the autosave,
// or over and kept for review under *reviewed.
func exitLine(c *lang.Catalogue, file string, autosave bool, reviewed *string) string {
	switch {
	case file != "":
		return c.T(lang.LeftInFile, save.Home(file), "mille "+save.Arg(file))
	case autosave:
		return c.T(lang.LeftInAutosave, "mille")
	case reviewed != nil:
		return c.T(lang.LeftToReview, "mille review "+*reviewed)
	}
	return ""
}

// localConfig is local play's setup, the same in both modes: game, or
// the one saved in file; with offerAutosave, the autosave is offered
// first when there is one and no file was given.
func localConfig(game record.Game, file string, offerAutosave bool, cat *lang.Catalogue) (local.Config, error) {
	lc := local.Config{
		Game: game, Save: local.WriteSave, Load: local.Load, HandOver: handRecorder(cat, nil),
		Autosave: local.Autosave, DropAutosave: save.RemoveAutosave,
	}
	if file != "" {
		g, err := local.Load(file)
		if errors.Is(err, os.ErrNotExist) {
			err = noSave(file)
		}
		if err != nil {
			return lc, err
		}
		lc.Game, lc.File = g, local.SavePath(file)
	} else if path, ok := save.FindAutosave(); ok && offerAutosave {
		lc.Resume = path
	}
	return lc, nil
}

// noSave says where mille looked for the save FILE names (local.SavePath):
// the file itself, then a save of that name in the saves folder.
func noSave(name string) error {
	looked := name
	if abs, err := filepath.Abs(name); err == nil {
		looked = abs
	}
	p, err := save.Path(name)
	if err != nil || p == looked {
		return lang.Err(lang.ErrNoSaveAt, looked)
	}
	return lang.Err(lang.ErrNoSave, name, looked, p)
}

// statsText is the statistics window's text: what mille stats prints, in
// the game's language (f may have changed it since the command line).
func statsText(c *lang.Catalogue) (string, error) {
	path, err := save.StatsPath()
	if err != nil {
		return "", err
	}
	st, err := save.ReadStats(path)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	printStats(&b, st, path, c)
	return b.String(), nil
}

// handRecorder records the hands of a local game in the statistics and
// keeps its finished games for review, as many as the player's options say
// (keepFinished in options.json).
func handRecorder(cat *lang.Catalogue, kept func(name string)) func(g record.Game, seat int) (string, error) {
	keep := local.DefaultOptions.KeepFinished
	if dir, err := local.ConfigDir(); err == nil {
		if o, _, err := local.LoadOptions(dir); err == nil {
			keep = o.KeepFinished
		}
	}
	return local.HandRecorder(keep, cat, kept)
}

// terminalInput is the terminal the game reads its keys from (the standard
// input, or the controlling terminal when the standard input is not one, as
// Bubble Tea would choose) through ui.TerminalInput: bytes on the terminal
// that would make Bubble Tea's input decoder panic end no game.
func terminalInput() (*ui.GuardedFile, error) {
	if term.IsTerminal(os.Stdin.Fd()) {
		return ui.TerminalInput(os.Stdin), nil
	}
	in, _, err := tea.OpenTTY()
	if err != nil {
		return nil, err
	}
	return ui.TerminalInput(in), nil
}
