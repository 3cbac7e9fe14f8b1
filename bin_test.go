package main

import (
	"flag"
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
	// A whole run builds mille while the tests that need no binary run
	// (its link takes seconds); a run of chosen tests, or a short one,
	// builds it only when a test asks.
	flag.Parse()
	early := !testing.Short() && flag.Lookup("test.run").Value.String() == ""
	if early {
		go binOnce()
	}
	code := m.Run()
	if early {
		binOnce() // built, so that its folder is removed below
	}
	os.RemoveAll(home)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
