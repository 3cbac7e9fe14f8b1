package table

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
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
	for deadline := time.Now().Add(testkit.TimeLeft(t)); ; time.Sleep(time.Millisecond) {
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
	pool := NewPool(1)
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

// thinker is a computer player whose search takes a while of the clock
// and whose best move so far, if it is cut short, is another than its
// considered one: it tells a search that ran to its end from a cut one.
type thinker struct{ took time.Duration }

func (thinker) Name() string { return "thinker" }
func (p thinker) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	select {
	case <-time.After(p.took):
		return legal[len(legal)-1]
	case <-ctx.Done():
		return legal[0]
	}
}

// TestPoolFullSameChoice: a computer that finds its pool full waits for a
// place, then thinks as long as its level takes and makes the same choice
// as with the pool idle: a full pool makes moves wait, never shorter.
func TestPoolFullSameChoice(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
		if err != nil {
			t.Fatal(err)
		}
		obs := engine.Observe(&s, s.ToAct())
		var buf [engine.MaxLegal]engine.Action
		legal := obs.Legal(buf[:0])
		if len(legal) < 2 {
			t.Fatal("the position has a single legal action")
		}
		p := thinker{took: 5 * time.Second}
		want := p.Choose(t.Context(), &obs, legal)
		for _, busy := range []time.Duration{0, 30 * time.Second} {
			pool := NewPool(1)
			tb := &Table{cfg: Config{Pool: pool}}
			if busy > 0 { // another table's computer holds the only place
				pool.acquire(t.Context())
				go func() {
					time.Sleep(busy)
					pool.release()
				}()
			}
			start := time.Now()
			got, ok := tb.choose(t.Context(), p, &obs, legal)
			if !ok || got != want {
				t.Errorf("pool busy for %v: chose %v (ok %v), want %v as on an idle pool", busy, got, ok, want)
			}
			if took := time.Since(start); took != busy+p.took {
				t.Errorf("pool busy for %v: the move took %v, want the wait and the whole search, %v", busy, took, busy+p.took)
			}
		}
	})
}

// TestPooledSearchOneGoroutine: a pooled table's searching computers use
// one goroutine, as a place in the pool stands for one; local play's use
// every core.
func TestPooledSearchOneGoroutine(t *testing.T) {
	if runtime.NumCPU() == 1 {
		t.Skip("one core: every search has one goroutine")
	}
	for _, pool := range []*Pool{nil, NewPool(2)} {
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
