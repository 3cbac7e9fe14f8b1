package server

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
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

func config(players int, rules engine.Ruleset, seed uint64) table.Config {
	return table.Config{Game: engine.Config{Players: players, Rules: rules}, Level: "easy", Seed: seed, Grace: time.Minute}
}

// waitFor reads c's updates until ok accepts one; it fails the test if the
// connection closes first. The deadline only stops a broken test from
// hanging.
func waitFor(t *testing.T, c *Conn, ok func(table.View) bool) table.View {
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

// newStore is a store in a fresh folder of the test, closed at its end.
func newStore(t testing.TB) *store.SQL {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), StoreFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newUsers is a fresh store's players' names.
func newUsers(t testing.TB) *Users { return NewUsers(newStore(t)) }

// play2 is a 2-player game of two people after n moves, written at the
// tests' clock's time.
func play2(t testing.TB, n int) record.Game {
	t.Helper()
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 3, []record.Seat{{Name: "Ann", Human: true}, {Name: "Bob", Human: true}})
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
	g.Saved = newClock().now()
	return g
}
