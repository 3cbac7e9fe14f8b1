package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGameBuildLeavesOutTheServer checks that building mille compiles
// the SSH server and its store (SQLite, PostgreSQL, x/crypto/ssh) only
// when asked (-tags serve): they are most of a first build's time, and
// only mille serve uses them (docs/benchmarks.md).
func TestGameBuildLeavesOutTheServer(t *testing.T) {
	heavy := []string{"modernc.org/sqlite", "github.com/millebornes/mille/server", "github.com/jackc/pgx/v5", "golang.org/x/crypto/ssh"}
	for _, tc := range []struct {
		tags []string
		want bool
	}{{nil, false}, {[]string{"-tags", "serve"}, true}} {
		args := append(append([]string{"list", "-deps"}, tc.tags...), ".")
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		for _, pkg := range heavy {
			if got := strings.Contains("\n"+string(out), "\n"+pkg+"\n"); got != tc.want {
				t.Errorf("go %s: %s in the build is %v, want %v", strings.Join(args, " "), pkg, got, tc.want)
			}
		}
	}
}
