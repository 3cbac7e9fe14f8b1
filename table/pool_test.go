package table

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// gated is a computer player that says which table it thinks for and
// then waits for the test's word (or its context) to play its first legal
// action.
type gated struct {
	table   string
	started chan<- string
	proceed <-chan struct{}
}

func (gated) Name() string { return "gated" }
func (g gated) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	select {
	case g.started <- g.table:
	case <-ctx.Done():
		return legal[0]
	}
	select {
	case <-g.proceed:
	case <-ctx.Done():
	}
	return legal[0]
}

// computerTable makes a started 2-player table whose person has gone
// away, so that the computer plays both seats, with players from newPlayer.
func computerTable(t *testing.T, name string, pool *Pool, newPlayer func(string, uint64) (ai.Player, error)) *Table {
	t.Helper()
	cfg := config(2, engine.Standard, 1)
	cfg.Grace, cfg.Pool, cfg.NewPlayer = time.Hour, pool, newPlayer
	tb, err := New(name, "p", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	c, err := tb.Join("p", "P", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Start("p"); err != nil {
		t.Fatal(err)
	}
	c.Leave()
	return tb
}

// waiters waits until n tables wait for a place in p.
func waiters(t *testing.T, p *Pool, n int) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(time.Millisecond) {
		p.mu.Lock()
		got := len(p.waiting)
		p.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d tables wait for the pool, want %d", got, n)
		}
	}
}

// TestPoolTakesTurns: with one place and three tables whose computers
// always want to move, the place goes round the tables in turn, and only
// one computer thinks at a time.
func TestPoolTakesTurns(t *testing.T) {
	pool := NewPool(1, 0)
	started := make(chan string)
	proceed := make(chan struct{})
	for i := range 3 {
		name := fmt.Sprint("t", i)
		computerTable(t, name, pool, func(string, uint64) (ai.Player, error) {
			return gated{table: name, started: started, proceed: proceed}, nil
		})
	}
	var order []string
	for range 12 {
		var who string
		select {
		case who = <-started:
		case <-time.After(20 * time.Second):
			t.Fatalf("no computer thinks; so far %v", order)
		}
		order = append(order, who)
		waiters(t, pool, 2) // the other two wait meanwhile
		select {
		case other := <-started:
			t.Fatalf("%s thinks while %s holds the only place", other, who)
		default:
		}
		proceed <- struct{}{}
	}
	for i := 3; i < len(order); i++ {
		if order[i] != order[i-3] || order[i] == order[i-1] {
			t.Fatalf("the tables' turns: %v", order)
		}
	}
}

// TestPoolMoveTime: a computer that would think forever plays its best
// move so far when the pool's time a move runs out.
func TestPoolMoveTime(t *testing.T) {
	started := make(chan string, 100)
	tb := computerTable(t, "slow", NewPool(1, time.Millisecond), func(string, uint64) (ai.Player, error) {
		return gated{table: "slow", started: started, proceed: nil}, nil
	})
	w, err := tb.Watch("w", "W", 0)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, func(v View) bool { return v.Obs.EventCount > 3 })
}

// TestPooledSearchOneGoroutine: a pooled table's searching computers use
// one goroutine, as a place in the pool stands for one; local play's use
// every core.
func TestPooledSearchOneGoroutine(t *testing.T) {
	if runtime.NumCPU() == 1 {
		t.Skip("one core: every search has one goroutine")
	}
	for _, pool := range []*Pool{nil, NewPool(2, 0)} {
		cfg := config(2, engine.Standard, 1)
		cfg.Level, cfg.Pool = "hard", pool
		tb, err := New("t", "p", cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		tb.mu.Lock()
		p, err := tb.playerLocked(1)
		tb.mu.Unlock()
		tb.Close()
		if err != nil {
			t.Fatal(err)
		}
		search := p.(*ai.ISMCTS)
		single := *search
		ai.WithWorkers(1)(&single)
		if (*search == single) != (pool != nil) {
			t.Errorf("pool %v: the search's goroutines are not as they should be", pool != nil)
		}
	}
}
