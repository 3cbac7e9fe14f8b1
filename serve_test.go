//go:build serve

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestServeArgs(t *testing.T) {
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"serve", "extra"}, 2, "unexpected argument"},
		{[]string{"serve", "--listen"}, 2, "flag needs an argument"},
		{[]string{"serve", "--help"}, 0, "ssh -t -p 2222"},
		{[]string{"serve", "--listen", "127.0.0.1:-1", "--data", "DIR"}, 1, "mille serve:"},
		{[]string{"serve", "--max-startups", "10:130:100"}, 2, "RATE a percentage"},
		{[]string{"serve", "--max-window", "huge"}, 2, "WIDTHxHEIGHT"},
		{[]string{"serve", "--log-format", "xml", "--data", "DIR"}, 1, `log format "xml"`},
	}
	for _, tc := range tests {
		if tc.args[len(tc.args)-1] == "DIR" {
			tc.args[len(tc.args)-1] = t.TempDir()
		}
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != tc.code || !strings.Contains(out.String()+errb.String(), tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.err)
		}
	}
}
