package main

import (
	"bytes"
	"strings"
	"testing"
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
		{[]string{"--seed", "1", "/nonexistent/game.mille.json"}, 1, "no such file"},
	} {
		var stdout, stderr bytes.Buffer
		code := play(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String()+stderr.String(), c.out) {
			t.Errorf("mille %s: status %d, output %q%q; want %d and %q", strings.Join(c.args, " "), code, stdout.String(), stderr.String(), c.code, c.out)
		}
	}
}
