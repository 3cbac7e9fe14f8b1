package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The tests that run mille as a program share one build of it, with the
// server (-tags serve) so that every command is in it; TestMain
// removes it at the end.
var (
	binDir  string
	binOnce = sync.OnceValues(func() (string, error) {
		dir, err := os.MkdirTemp("", "mille-test-bin")
		if err != nil {
			return "", err
		}
		binDir = dir
		bin := filepath.Join(dir, "mille")
		if out, err := exec.Command("go", "build", "-tags", "serve", "-o", bin, ".").CombinedOutput(); err != nil {
			return "", &buildError{err: err, out: out}
		}
		return bin, nil
	})
)

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + string(e.out) }

// milleBinary is the path of mille built once for the package's tests.
func milleBinary(t *testing.T) string {
	t.Helper()
	bin, err := binOnce()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func TestMain(m *testing.M) {
	// The tests read no player's own options or saves: a language chosen
	// with f in a game played on this machine would make them speak French.
	home, err := os.MkdirTemp("", "mille-test-home")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	os.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	code := m.Run()
	os.RemoveAll(home)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
