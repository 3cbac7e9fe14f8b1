package main

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/millebornes/mille/lang"
)

// commandNames returns "" (the game) and every subcommand's name.
func commandNames() []string {
	names := []string{""}
	for name := range subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// TestUsageErrors: every command answers a bad command line the same way,
// with one line saying what is wrong and one saying where the usage is,
// and prints its usage on stdout for --help.
func TestUsageErrors(t *testing.T) {
	for _, name := range commandNames() {
		prog := strings.TrimSpace("mille " + name)
		args := strings.Fields(name)
		for _, bad := range [][]string{{"--nosuch"}, {"--nosuch", "x"}, {"-z=1"}} {
			var out, errb bytes.Buffer
			code := run(append(slices.Clone(args), bad...), &out, &errb)
			lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
			if code != 2 || out.Len() != 0 || len(lines) != 2 ||
				!strings.HasPrefix(lines[0], prog+": flag provided but not defined") ||
				lines[1] != "Run '"+prog+" --help' for usage." {
				t.Errorf("%s %s: status %d, stdout %q, stderr %q", prog, strings.Join(bad, " "), code, out.String(), errb.String())
			}
		}
		var out, errb bytes.Buffer
		if code := run(append(slices.Clone(args), "--help"), &out, &errb); code != 0 || errb.Len() != 0 ||
			!strings.HasPrefix(out.String(), "usage: "+prog) || !strings.Contains(out.String(), "\nflags:\n") {
			t.Errorf("%s --help: status %d, stdout %q, stderr %q", prog, code, out.String(), errb.String())
		}
	}
	// Other mistakes are one line and the pointer too.
	for _, args := range [][]string{
		{"--players", "x"}, {"--players", "5"}, {"a", "b"},
		{"stats", "x"}, {"arena", "x"}, {"arena", "--seats", "wizard,hard"}, {"bot", "--level", "wizard"},
		{"serve", "x"}, {"serve", "--listen"},
	} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		prog := "mille"
		if _, ok := subcommands[args[0]]; ok {
			prog += " " + args[0]
		}
		lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
		if code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[0], prog+": ") || lines[1] != "Run '"+prog+" --help' for usage." {
			t.Errorf("mille %s: status %d, stderr %q", strings.Join(args, " "), code, errb.String())
		}
	}
}

// TestCommandsListed: mille --help and the manual's synopsis name every
// subcommand.
func TestCommandsListed(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"--help"}, &out, &errb)
	man, err := os.ReadFile("docs/mille.6")
	if err != nil {
		t.Fatal(err)
	}
	synopsis := string(man)
	synopsis = synopsis[strings.Index(synopsis, ".Sh SYNOPSIS"):]
	synopsis = synopsis[:strings.Index(synopsis, ".Sh DESCRIPTION")]
	for name, cmd := range subcommands {
		if !regexp.MustCompile(`(?m)^  ` + name + ` +` + regexp.QuoteMeta(lang.English.T(cmd.summary)) + `$`).MatchString(out.String()) {
			t.Errorf("mille --help does not list %s:\n%s", name, out.String())
		}
		if !strings.Contains(synopsis, "\n.Nm\n.Cm "+name+"\n") {
			t.Errorf("the synopsis of docs/mille.6 does not list %s:\n%s", name, synopsis)
		}
	}
}

// TestHelpAndVersionWords: mille help, mille help COMMAND and mille
// version are commands, not save names; the usage names every way of
// choosing the seats and the line mode, the flags are written with two
// dashes as the README writes them, and no usage points to a docs/ file
// an installed mille lacks.
func TestHelpAndVersionWords(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, &out, &errb); code != 0 {
		t.Fatalf("mille help: status %d, %s", code, errb.String())
	}
	for _, want := range []string{"--people N", "--seats LIST", "--plain", "\n  --level string"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("mille help lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "mille ") {
		t.Errorf("mille version: status %d, %q", code, out.String())
	}
	for _, cmd := range []string{"review", "bot", "arena", "serve", "stats"} {
		out.Reset()
		if code := run([]string{"help", cmd}, &out, &errb); code != 0 || strings.Contains(out.String(), "(docs/") ||
			!strings.Contains(out.String(), "usage: mille "+cmd) {
			t.Errorf("mille help %s: status %d:\n%s", cmd, code, out.String())
		}
	}
}

// TestHelpInFrench: LANG or --lang gives mille --help's synopsis and its
// usage errors in French, wherever --lang stands.
func TestHelpInFrench(t *testing.T) {
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "fr_FR.UTF-8")
	t.Cleanup(func() { cliCat.Store(nil) }) // the tests after it speak English
	var out, errs strings.Builder
	if code := run([]string{"--help"}, &out, &errs); code != 0 || !strings.HasPrefix(out.String(), "usage\u00a0: mille") || !strings.Contains(out.String(), "options\u00a0:") {
		t.Errorf("--help in French: %d\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"a", "b", "--lang", "en"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "too many arguments") {
		t.Errorf("--lang en: %d %q", code, errs.String())
	}
	errs.Reset()
	if code := run([]string{"a", "b"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "trop d'arguments") {
		t.Errorf("LANG=fr: %d %q", code, errs.String())
	}
}

// TestCommandsHelpInFrench: every command's --help (its usage, its flags, their
// kinds and defaults, the list of commands) speaks the command line's
// language: no line of a flag's English help is left in the French.
func TestCommandsHelpInFrench(t *testing.T) {
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "")
	t.Cleanup(func() { cliCat.Store(nil) }) // the tests after it speak English
	help := func(lc, name string) string {
		t.Setenv("LC_ALL", lc)
		var out, errb bytes.Buffer
		args := []string{"--help"}
		if name != "" {
			args = []string{name, "--help"}
		}
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("%s %v: exit %d: %s", lc, args, code, errb.String())
		}
		return out.String()
	}
	for _, name := range commandNames() {
		en, fr := help("C", name), help("fr_FR.UTF-8", name)
		if !strings.Contains(fr, "options\u00a0:") {
			t.Errorf("mille %s --help in French has no 'options :':\n%s", name, fr)
		}
		for _, line := range strings.Split(en, "\n") {
			if strings.HasPrefix(line, "    \t") && strings.Contains(fr, line) {
				t.Errorf("mille %s --help in French says %q", name, line)
			}
		}
		for _, english := range []string{"(default ", "usage: ", " string\n"} {
			if strings.Contains(fr, english) {
				t.Errorf("mille %s --help in French says %q:\n%s", name, english, fr)
			}
		}
	}
}

// TestUsageErrorsInFrench (issue 33): under --lang fr (or a French LANG,
// for the commands without --lang) the command line's mistakes are said
// in French, the flag package's and the engine's too: none is left in
// English before the French pointer to --help.
func TestUsageErrorsInFrench(t *testing.T) {
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "fr_FR.UTF-8")
	t.Cleanup(func() { cliCat.Store(nil) }) // the tests after it speak English
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "5"}, "mille: 5 joueurs\u00a0: mille se joue à 2, 3, 4 ou 6"},
		{[]string{"--rules", "bsd", "--players", "3"}, "mille: les règles bsd se jouent à 2 joueurs seulement"},
		{[]string{"--rules", "dujardon"}, "mille: règles inconnues «\u00a0dujardon\u00a0»"},
		{[]string{"--level", "super"}, "mille: niveau d'ordinateur inconnu «\u00a0super\u00a0»"},
		{[]string{"--people", "3"}, "mille: --people 3\u00a0: de 1 aux 2 joueurs"},
		{[]string{"--bogus"}, "mille: option inconnue\u00a0: --bogus"},
		{[]string{"--seed", "abc"}, "mille: valeur invalide «\u00a0abc\u00a0» pour --seed"},
		{[]string{"--level"}, "mille: l'option --level attend une valeur"},
		{[]string{"---x"}, "mille: option mal écrite\u00a0: ---x"},
		{[]string{"--seats", "hard,wizard"}, "mille: --seats\u00a0: 2 places données pour les 1 autres joueurs"},
		{[]string{"--seats", "wizard"}, "mille: --seats\u00a0: place 2\u00a0: niveau d'ordinateur inconnu «\u00a0wizard\u00a0»"},
		{[]string{"arena", "--seats", "cmd:,hard"}, "mille arena: la place «\u00a0cmd:\u00a0» ne nomme aucun programme"},
		{[]string{"stats", "x"}, "mille stats: argument inattendu «\u00a0x\u00a0»"},
	} {
		var out, errs strings.Builder
		args := tc.args
		if _, ok := subcommands[tc.args[0]]; !ok {
			args = append([]string{"--lang", "fr"}, tc.args...)
		}
		code := run(args, &out, &errs)
		lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
		if code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[0], tc.want) || !strings.HasSuffix(lines[1], "--help' donne l'usage.") {
			t.Errorf("%s: status %d, stderr %q, want it to start with %q", strings.Join(args, " "), code, errs.String(), tc.want)
		}
	}
}

// TestHelpNoCommand: mille help with a word that names no command says
// so and lists the commands (issue 34: it said "too many arguments");
// mille help version is mille --help, where --version is.
func TestHelpNoCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help", "bogus"}, &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), "mille: no command bogus: the commands are arena, bot, review") {
		t.Errorf("mille help bogus: status %d, stderr %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"help", "version"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "--version") {
		t.Errorf("mille help version: status %d, stdout %q", code, out.String())
	}
}

// TestLangAroundCommands (issue 34): --lang comes before or after any
// command, --help before one, and a command's word is never taken for a
// save, even beside a folder of its name.
func TestLangAroundCommands(t *testing.T) {
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	t.Setenv("LC_ALL", "C")
	t.Cleanup(func() { cliCat.Store(nil) })
	t.Chdir(t.TempDir())
	if err := os.Mkdir("review", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout or stderr
	}{
		{[]string{"--lang", "fr", "stats"}, 0, "Aucune manche jouée"},
		{[]string{"stats", "--lang", "fr"}, 0, "Aucune manche jouée"},
		{[]string{"stats", "--lang=fr"}, 0, "Aucune manche jouée"},
		{[]string{"-lang=fr", "stats", "--json"}, 0, "{"},
		{[]string{"--lang", "fr", "review"}, 1, "mille review"},
		{[]string{"--help", "stats"}, 0, "usage: mille stats"},
		{[]string{"--lang", "fr", "--help", "review"}, 0, "usage\u00a0: mille review"},
		{[]string{"--lang", "fr", "help", "stats"}, 0, "usage\u00a0: mille stats"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("mille %s: status %d, stdout %q, stderr %q; want status %d and %q", strings.Join(tc.args, " "), code, out.String(), errb.String(), tc.code, tc.want)
		}
	}
}
