// Command mille plays Mille Bornes, the French road-race card game, in the
// terminal: the successor of BSD mille(6).
//
//	mille [flags] [file]   play (resume the game saved in file)
//	mille arena [flags]    pit computer players against each other
//	mille bot [flags]      be a computer player on stdin/stdout
//	mille review FILE      where a saved game's points went, decision by decision
//	mille serve [flags]    host games over SSH
//	mille stats [--json]   print your lifetime statistics
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/millebornes/mille/lang"
)

// version, commit and date are stamped by the release build (-ldflags -X).
var (
	version = "dev"
	commit  = "none"
	date    = "unknown"
)

// docsURL is where the documents that usage texts point to are read: an
// installed mille has no docs/ folder beside it.
const docsURL = "https://github.com/millebornes/mille/blob/main/docs/"

// command is a subcommand of mille: what runs it, and the line that
// mille --help shows for it.
type command struct {
	run     func(args []string, stdout, stderr io.Writer) int
	summary lang.Key // its line in mille --help
}

// subcommands maps a first argument to the command it runs. Each command
// lives in its own file and registers itself in init.
var subcommands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cliCat.Store(cliLang(args))
	return dispatch(commandFirst(args), stdout, stderr)
}

// commandFirst puts a command's word first when --lang or --help come
// before it ("mille --lang fr stats" is "mille stats", in French;
// "mille --help review" is "mille review --help"), and takes --lang out
// of a command's own arguments: only play has the flag, and cliLang has
// read it wherever it is. Without a command's word the arguments are
// play's, as they are.
func commandFirst(args []string) []string {
	i, help := 0, false
	for i < len(args) {
		if n := langFlag(args, i); n > 0 {
			i += n
		} else if a := strings.TrimLeft(args[i], "-"); (a == "help" || a == "h") && strings.HasPrefix(args[i], "-") {
			help = true
			i++
		} else {
			break
		}
	}
	if i >= len(args) {
		return args
	}
	word := args[i]
	if _, ok := subcommands[word]; !ok && word != "help" && word != "version" {
		return args
	}
	out := []string{word}
	if help && subcommands[word].run != nil {
		out = append(out, "--help")
	}
	for j := i + 1; j < len(args); j++ {
		if args[j] == "--" {
			return append(out, args[j:]...)
		}
		if n := langFlag(args, j); n > 0 {
			j += n - 1
			continue
		}
		out = append(out, args[j])
	}
	return out
}

// langFlag is how many arguments --lang takes at args[i]: 2 for "--lang
// fr", 1 for "--lang=fr", 0 for another argument.
func langFlag(args []string, i int) int {
	a := args[i]
	if !strings.HasPrefix(a, "-") {
		return 0
	}
	switch a = strings.TrimLeft(a, "-"); {
	case a == "lang":
		return min(2, len(args)-i)
	case strings.HasPrefix(a, "lang="):
		return 1
	}
	return 0
}

// dispatch runs the command args name, or plays.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd.run(args[1:], stdout, stderr)
		}
		// mille help [COMMAND] and mille version, as many commands take
		// them; a save called help or version opens as ./help.
		switch {
		case args[0] == "help" && len(args) == 1:
			return play([]string{"--help"}, stdout, stderr)
		case args[0] == "help" && len(args) == 2 && args[1] == "version":
			return play([]string{"--help"}, stdout, stderr) // --version is among its flags
		case args[0] == "help" && len(args) == 2 && subcommands[args[1]].run == nil:
			// A word that names no command is no save to open either.
			return usageError(stderr, "mille", lang.Err(lang.ErrNoCommand, args[1], strings.Join(subcommandNames(), ", ")))
		case args[0] == "help" && len(args) == 2:
			return dispatch([]string{args[1], "--help"}, stdout, stderr)
		case args[0] == "version" && len(args) == 1:
			return play([]string{"--version"}, stdout, stderr)
		}
	}
	return play(args, stdout, stderr)
}

// subcommandNames are the subcommands' names, sorted.
func subcommandNames() []string {
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// commandList is the list of subcommands for mille --help, one a line.
func commandList() string {
	names := subcommandNames()
	width := 0
	for _, name := range names {
		width = max(width, len(name))
	}
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, name, cli().T(subcommands[name].summary))
	}
	return b.String()
}

// parseFlags parses a command's flags the same way for every command:
// --help prints usage and the flags on stdout; any other error is one
// line, then a pointer to --help (usageError). ok is false when the
// command is to stop with status code.
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(io.Discard) // flag would print the whole usage on any error
	fs.Usage = func() {}
	// The values are watched while parsing, and given back after: flag
	// finds the kind of a value (printFlags) by its type.
	var bad badValue
	kept := map[string]flag.Value{}
	fs.VisitAll(func(f *flag.Flag) {
		kept[f.Name] = f.Value
		if isBool(f) {
			f.Value = checkedBool{checked{f.Value, f.Name, &bad}}
		} else {
			f.Value = checked{f.Value, f.Name, &bad}
		}
	})
	err := fs.Parse(args)
	fs.VisitAll(func(f *flag.Flag) { f.Value = kept[f.Name] })
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		fmt.Fprintln(stdout, cli().T(lang.UsageFlags))
		printFlags(stdout, fs)
		return 0, false
	}
	return usageError(stderr, fs.Name(), flagError(fs, args, &bad, err)), false
}

// cliCat is the language of the command line's usage and messages:
// cliLang's, stored by run (atomic: a test may run a server's command
// line while it runs another).
var cliCat atomic.Pointer[lang.Catalogue]

// cli is the command line's language; English before run has chosen.
func cli() *lang.Catalogue {
	if c := cliCat.Load(); c != nil {
		return c
	}
	return &lang.English
}

// cliLang is the language a command line asks for (--lang X or
// --lang=X, wherever it is), else the options' or the environment's
// (chooseLang); English when it names none mille speaks.
func cliLang(args []string) *lang.Catalogue {
	name := ""
	for i, a := range args {
		a = strings.TrimPrefix(a, "-")
		if v, ok := strings.CutPrefix(a, "-lang="); ok {
			name = v
		} else if a == "-lang" && i+1 < len(args) {
			name = args[i+1]
		}
	}
	c, err := chooseLang(name)
	if err != nil {
		return &lang.English
	}
	return c
}

// printFlags lists a command's flags as flag.PrintDefaults does, in the
// command line's language: written --level, as the README and the
// manual write them (Go's flag package takes both), each with its kind
// of value and its default in the catalogue's words.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	c := cli()
	kinds := map[string]lang.Key{"string": lang.UsageKindText, "int": lang.UsageKindNumber, "uint": lang.UsageKindNumber,
		"float": lang.UsageKindNumber, "duration": lang.UsageKindDuration, "value": lang.UsageKindValue}
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if k, ok := kinds[kind]; ok {
			line += " " + c.T(k)
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		switch def := f.DefValue; {
		case def == "" || def == "0" || def == "false" || def == "0s":
		case kind == "string":
			line += " " + c.T(lang.UsageDefault, c.T(lang.UsageQuoted, def))
		default:
			line += " " + c.T(lang.UsageDefault, def)
		}
		fmt.Fprintln(w, line)
	})
}

// usageError says what is wrong with a command line in one line (err, in
// the command line's language: lang.Catalogue.Error), and where the usage
// is; it returns the exit status of a usage error, 2.
func usageError(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "%s: %s\n", name, cli().Error(err))
	fmt.Fprintln(stderr, cli().T(lang.UsageRun, name))
	return 2
}

// flagError is the error of fs.Parse(args) as a catalogue's key, found
// from the arguments and from the value that failed (bad), not from the
// flag package's English sentence.
func flagError(fs *flag.FlagSet, args []string, bad *badValue, err error) error {
	var said *lang.Error
	switch {
	case errors.As(bad.err, &said):
		return said // the value's own words (--max-window)
	case bad.name != "":
		return lang.Err(lang.ErrFlagValue, bad.value, bad.name)
	}
	for len(args) > 0 {
		s := args[0]
		if len(s) < 2 || s[0] != '-' || s == "--" {
			break // flag stops at the first argument, or after "--"
		}
		name := strings.TrimPrefix(s[1:], "-")
		if name == "" || name[0] == '-' || name[0] == '=' {
			return lang.Err(lang.ErrFlagSyntax, s)
		}
		args = args[1:]
		name, _, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		switch {
		case f == nil:
			typed, _, _ := strings.Cut(s, "=")
			return lang.Err(lang.ErrFlagUndefined, typed) // as typed: --bogus, not -bogus
		case isBool(f) || hasValue:
		case len(args) == 0:
			return lang.Err(lang.ErrFlagNeedsArg, name)
		default:
			args = args[1:]
		}
	}
	return err // none found: flag's own sentence
}

// isBool reports whether f is a flag that takes no value (--plain).
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// badValue is the flag whose value its Set refused, the value, as typed,
// and Set's error: what flagError says.
type badValue struct {
	name, value string
	err         error
}

// checked is a flag's value that notes in bad a value its Set refuses;
// checkedBool is one that takes no value.
type (
	checked struct {
		flag.Value
		name string
		bad  *badValue
	}
	checkedBool struct{ checked }
)

func (v checked) Set(s string) error {
	err := v.Value.Set(s)
	if err != nil && v.bad.name == "" {
		*v.bad = badValue{v.name, s, err}
	}
	return err
}

func (checkedBool) IsBoolFlag() bool { return true }
