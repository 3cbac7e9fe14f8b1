package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGameBuildLeavesOutSQLite checks that building mille compiles the
// server's SQLite only when asked (-tags sqlite): it is most of a first
// build's time, and only mille serve uses it (docs/benchmarks.md).
func TestGameBuildLeavesOutSQLite(t *testing.T) {
	const driver = "modernc.org/sqlite"
	for _, tc := range []struct {
		tags []string
		want bool
	}{{nil, false}, {[]string{"-tags", "sqlite"}, true}} {
		args := append(append([]string{"list", "-deps"}, tc.tags...), ".")
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if got := strings.Contains("\n"+string(out), "\n"+driver+"\n"); got != tc.want {
			t.Errorf("go %s: %s in the build is %v, want %v", strings.Join(args, " "), driver, got, tc.want)
		}
	}
}
