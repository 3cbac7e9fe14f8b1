package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
)

func TestPlayCommandLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		out  string // in stdout or stderr
	}{
		{[]string{"--version"}, 0, "mille dev"},
		{[]string{"--help"}, 0, "usage: mille [--players 2|3|4|6]"},
		{[]string{"--players", "5"}, 2, "5 players"},
		{[]string{"--players", "x"}, 2, "invalid value"},
		{[]string{"--level", "genius"}, 2, "unknown computer level"},
		{[]string{"--rules", "bsd", "--players", "4"}, 2, "2 players only"},
		{[]string{"--rules", "chess"}, 2, "chess"},
		{[]string{"a", "b"}, 2, "too many arguments"},
		{[]string{"--seed", "1", "/nonexistent/game.mille.json"}, 1, "no saved game at /nonexistent/game.mille.json"},
		{[]string{"--people", "3"}, 2, "--people 3: from 1 to the 2 players"},
		{[]string{"--people", "0", "--players", "4"}, 2, "--people 0"},
		{[]string{"--people", "2", "--names", "Zoé"}, 2, "--names: 1 names for 2 people"},
		{[]string{"--people", "2", "--names", "Zoé,Bob"}, 2, "--names: Bob is how mille names a seat itself"},
		{[]string{"--people", "2", "--names", "Zoé,"}, 2, "--names: person 2 has no name"},
		{[]string{"--people", "2", "--names", "Zoé,zoé"}, 2, "--names: "},
		{[]string{"--plain", "--seed", "1", "/nonexistent/game.mille.json"}, 1, "no saved game at /nonexistent/game.mille.json"},
	} {
		var stdout, stderr bytes.Buffer
		code := play(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String()+stderr.String(), c.out) {
			t.Errorf("mille %s: status %d, output %q%q; want %d and %q", strings.Join(c.args, " "), code, stdout.String(), stderr.String(), c.code, c.out)
		}
	}
}

// TestPlayNoSuchSave: a name that is no file is also looked for in the
// saves folder, and the error says both places.
func TestPlayNoSuchSave(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	t.Chdir(t.TempDir())
	cwd, _ := os.Getwd()
	var stdout, stderr bytes.Buffer
	code := play([]string{"nosuchgame"}, &stdout, &stderr)
	want := fmt.Sprintf("mille: no saved game %q: looked for %s and, in the saves folder, %s\n",
		"nosuchgame", filepath.Join(cwd, "nosuchgame"), filepath.Join(dir, "nosuchgame"+save.Ext))
	if code != 1 || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("mille nosuchgame: status %d, stderr %q, stdout %q; want 1 and %q", code, stderr.String(), stdout.String(), want)
	}
}

// TestExitLine: the line mille prints as it exits names where the game
// waits and the command that resumes it, or, after a finished game kept
// for review, the command that reviews it, on a line of its own (issue
// 34); a finished game not kept gets no line.
func TestExitLine(t *testing.T) {
	name := "2026-11-28-2130"
	for _, c := range []struct {
		cat      *lang.Catalogue
		file     string
		autosave bool
		reviewed *string
		want     string
	}{
		{&lang.English, "", false, &name, "The game is kept for review. To review it later:\n  mille review 2026-11-28-2130"},
		{&lang.French, "", false, &name, "Pour la revoir plus tard\u00a0:\n  mille review 2026-11-28-2130"},
		{&lang.English, "", true, &name, "To resume it:\n  mille"},
		{&lang.English, "", false, nil, ""},
	} {
		got := exitLine(c.cat, c.file, c.autosave, c.reviewed)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s %q %v: %q, want %q", c.cat.Tag, c.file, c.autosave, got, c.want)
		}
	}
}
