// Package testkit holds what the tests of several packages need alike,
// once: the size of a long randomized test, and a buffer that goroutines
// write to while a test reads it.
package testkit

import (
	"bytes"
	"os"
	"sync"
	"testing"
)

// LongEnv is the environment variable that runs the long randomized
// tests in full (.ci/run sets it; docs/CONTRIBUTING.md).
const LongEnv = "MILLE_LONG_TESTS"

// Size is the size of a long randomized test: short with -short, long
// with MILLE_LONG_TESTS=1, normal otherwise, so that go test ./... stays
// quick. -short wins, so that the race detector's short run stays small.
func Size(short, normal, long int) int {
	switch {
	case testing.Short():
		return short
	case os.Getenv(LongEnv) == "1":
		return long
	}
	return normal
}

// Buffer is a bytes.Buffer that goroutines may write to while a test
// reads it (a log, a program's output).
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
