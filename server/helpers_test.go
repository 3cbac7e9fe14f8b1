package server

import (
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// clock is a settable clock for grace periods: tests never wait.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)} }

func config(players int, rules engine.Ruleset, seed uint64) RoomConfig {
	return RoomConfig{Game: engine.Config{Players: players, Rules: rules}, Level: "easy", Seed: seed, Grace: time.Minute}
}

// waitFor reads c's updates until ok accepts one; it fails the test if the
// connection closes first. The deadline only stops a broken test from
// hanging.
func waitFor(t *testing.T, c *Conn, ok func(Update) bool) Update {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case u, open := <-c.Updates():
			if !open {
				t.Fatalf("seat %d: updates closed", c.Seat())
			}
			if ok(u) {
				return u
			}
		case <-deadline:
			t.Fatalf("seat %d: no such update", c.Seat())
		}
	}
}
