package table

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/engine"
)

// TestMoved: Config.Moved hears of every move before it is made, in
// order, with the record before it; a move it refuses is not made (a
// person is told, NoticeNotWritten), and a computer whose move it
// refuses waits for Wake rather than trying again and again.
func TestMoved(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var moves []engine.Action
		limit, refused := 1000, 0
		var held chan struct{} // when set, the next write waits for it
		cfg := config(2, engine.Standard, 4)
		cfg.Moved = func(_ context.Context, n int, a engine.Action, record Checkpoint) error {
			mu.Lock()
			if h := held; h != nil {
				held = nil
				mu.Unlock()
				<-h
				mu.Lock()
			}
			defer mu.Unlock()
			if len(moves) >= limit {
				if refused++; refused < 5 { // more: a computer retrying; let it go
					return errors.New("the database is down")
				}
			}
			if h := record.Game.History; n != len(moves) || len(h) != n {
				t.Errorf("move %d told after %d moves, with a record of %d", n, len(moves), len(h))
			}
			moves = append(moves, a)
			return nil
		}
		r, err := New("t", "a", cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		r.Join("a", "A", 0)
		r.Start("a")
		history := func() []engine.Action {
			c, err := r.Checkpoint()
			if err != nil {
				t.Fatal(err)
			}
			return c.Game.History
		}
		var buf [engine.MaxLegal]engine.Action
		// a plays its turn's first legal action; false if it is not a's turn.
		play := func() (bool, error) {
			synctest.Wait()
			s := r.State()
			if s.HandOver() || s.ToAct() != 0 {
				return false, nil
			}
			o := engine.Observe(&s, 0)
			return true, r.Act("a", o.Legal(buf[:0])[0])
		}
		for len(history()) < 6 {
			if _, err := play(); err != nil {
				t.Fatal(err)
			}
		}
		for { // until a's turn
			if ok, err := play(); ok || err != nil {
				if err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		for {
			// a's own move may still be on its way to Moved, the state not
			// yet changed by it: wait for it before reading whose turn it is.
			synctest.Wait()
			if s := r.State(); !s.HandOver() && s.ToAct() == 0 {
				break
			}
		}
		mu.Lock()
		limit = len(moves) + 1 // a's move is kept; the computer's is not
		mu.Unlock()
		if _, err := play(); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		before := history()
		mu.Lock()
		if refused != 1 {
			t.Errorf("the computer's move refused %d times, want once", refused)
		}
		limit = 1000
		mu.Unlock()
		if ok, err := play(); ok || err != nil {
			t.Fatalf("a plays on a computer's turn: %v, %v", ok, err)
		}
		r.Wake()
		synctest.Wait()
		mu.Lock()
		kept := append([]engine.Action(nil), moves...)
		mu.Unlock()
		if after := history(); len(after) <= len(before) || !reflect.DeepEqual(after, kept) {
			t.Fatalf("after Wake: %d moves (%d before); Moved heard %d", len(after), len(before), len(kept))
		}
		// A person's move refused is not made, and everyone is told.
		for {
			// a's own move may still be on its way to Moved, the state not
			// yet changed by it: wait for it before reading whose turn it is.
			synctest.Wait()
			if s := r.State(); !s.HandOver() && s.ToAct() == 0 {
				break
			}
		}
		mu.Lock()
		limit, refused = len(moves), 0
		mu.Unlock()
		n := len(history())
		c, err := r.Watch("w", "W", 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := play(); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if v := c.View(); len(history()) != n || v.Notice.Kind != NoticeNotWritten {
			t.Fatalf("a's move refused: %d moves (was %d), the notice %+v", len(history()), n, v.Notice)
		}
		// Played again and refused again: the second refusal is news too.
		// While the new try is written, the first is no longer told.
		hold := make(chan struct{})
		mu.Lock()
		held = hold
		mu.Unlock()
		if _, err := play(); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		v := c.View()
		close(hold)
		if v.Notice.Kind == NoticeNotWritten {
			t.Fatalf("a plays again: the refusal before is still told, %+v", v.Notice)
		}
		synctest.Wait()
		if v := c.View(); len(history()) != n || v.Notice.Kind != NoticeNotWritten {
			t.Fatalf("a's move refused again: %d moves (was %d), the notice %+v", len(history()), n, v.Notice)
		}
	})
}

// TestMovedSlow: a move whose write waits (a row locked in the database)
// holds up nothing but its own table, and only its moves: the table's
// lock is free, another table plays on, everyone is told within 2 s that
// the game waits, a second move is refused until the first is written,
// and then the moves come in order, none lost, none twice.
func TestMovedSlow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		var mu sync.Mutex
		var written []int
		slow := config(2, engine.Standard, 4)
		slow.Moved = func(ctx context.Context, n int, _ engine.Action, _ Checkpoint) error {
			if n == 0 {
				select {
				case <-release:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			mu.Lock()
			written = append(written, n)
			mu.Unlock()
			return nil
		}
		r, err := New("slow", "a", slow, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		other, err := New("other", "b", config(2, engine.Standard, 5), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		ca, _ := r.Join("a", "A", 0)
		other.Join("b", "B", 0)
		r.Start("a")
		other.Start("b")
		var buf [engine.MaxLegal]engine.Action
		s := r.State()
		o := engine.Observe(&s, 0)
		legal := o.Legal(buf[:0])
		start := time.Now()
		if err := r.Act("a", legal[0]); err != nil {
			t.Fatal(err)
		}
		if err := r.Act("a", legal[0]); !errors.Is(err, ErrWriting) {
			t.Fatalf("a second move while the first is written: %v", err)
		}
		moves := func() int {
			c, err := r.Checkpoint()
			if err != nil {
				t.Fatal(err)
			}
			return len(c.Game.History)
		}
		if moves() != 0 {
			t.Fatal("the move was made before it was written")
		}
		// The other table plays on, its lock and its computers free.
		servertestMoves(t, other, "b", 6)
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if v := ca.View(); v.Notice.Kind != NoticeWriting {
			t.Fatalf("after 2 s the people read %+v", v.Notice)
		}
		if time.Since(start) > 2*time.Second {
			t.Fatal("the clock ran on")
		}
		close(release)
		synctest.Wait()
		mu.Lock()
		defer mu.Unlock()
		for i, n := range written {
			if n != i {
				t.Fatalf("moves written %v: want 0, 1, 2... once each", written)
			}
		}
		if len(written) < 2 || moves() != len(written) {
			t.Fatalf("after the write: %d moves written", len(written))
		}
		if v := ca.View(); v.Notice.Kind == NoticeWriting {
			t.Fatal("the notice stays once the move is written")
		}
	})
}

// servertestMoves plays n of user's moves at table r (its seat 0),
// the computer answering each.
func servertestMoves(t *testing.T, r *Table, user string, n int) {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	for played := 0; played < n; {
		synctest.Wait()
		s := r.State()
		if s.HandOver() {
			return
		}
		if s.ToAct() != 0 {
			t.Fatal("the computer does not play")
		}
		o := engine.Observe(&s, 0)
		if err := r.Act(user, o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
		played++
	}
}
