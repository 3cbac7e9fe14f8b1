// Package servertest is the server packages' test kit: a clock that
// moves only when told, the tables and stores the tests start from, and
// waiting for a seat's view. It imports no server package, so that each
// of them can use it in its own tests.
package servertest

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"

	_ "modernc.org/sqlite" // the tests open SQLite stores whatever the build tags
)

// Clock is a settable clock for grace periods and rates: tests never wait.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock stopped at a fixed moment.
func NewClock() *Clock { return &Clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Config is a room of players at rules, dealt from seed, with easy
// computers and a minute's grace.
func Config(players int, rules engine.Ruleset, seed uint64) table.Config {
	return table.Config{Game: engine.Config{Players: players, Rules: rules}, Level: "easy", Seed: seed, Grace: time.Minute}
}

// Seat is what WaitFor reads: a seat's connection to a table.
type Seat interface {
	Updates() <-chan table.View
	Seat() int
}

// WaitFor reads c's updates until ok accepts one; it fails the test if
// the connection closes first. The deadline only stops a broken test
// from hanging.
func WaitFor(t testing.TB, c Seat, ok func(table.View) bool) table.View {
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

// NewStore is a store in a fresh folder of the test, closed at its end.
func NewStore(t testing.TB) *store.SQL {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "mille.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Play2 is a 2-player game of two people after n moves, written at
// NewClock's time.
func Play2(t testing.TB, n int) record.Game {
	t.Helper()
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 3, []record.Seat{{Name: "Ada", Human: true}, {Name: "Ben", Human: true}})
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	for range n {
		o := engine.Observe(&g.State, g.State.ToAct())
		if err := g.Apply(o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
	g.Saved = NewClock().Now()
	return g
}

// Must fails the test on err.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
