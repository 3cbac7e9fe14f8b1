package table

import (
	"errors"
	"reflect"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/millebornes/mille/engine"
)

// TestMoved: Config.Moved hears of every move before it is made, in
// order, with the record before it; a move it refuses is not made (a
// person is told ErrNotKept), and a computer whose move it refuses waits
// for Wake rather than trying again and again.
func TestMoved(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var moves []engine.Action
		limit, refused := 1000, 0
		cfg := config(2, engine.Standard, 4)
		cfg.Moved = func(n int, a engine.Action, record func() Checkpoint) error {
			mu.Lock()
			defer mu.Unlock()
			if len(moves) >= limit {
				if refused++; refused < 5 { // more: a computer retrying; let it go
					return errors.New("the database is down")
				}
			}
			if h := record().Game.History; n != len(moves) || len(h) != n {
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
			if s := r.State(); !s.HandOver() && s.ToAct() == 0 {
				break
			}
			synctest.Wait()
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
		// A person's move refused is not made, and says why.
		for {
			if s := r.State(); !s.HandOver() && s.ToAct() == 0 {
				break
			}
			synctest.Wait()
		}
		mu.Lock()
		limit, refused = len(moves), 0
		mu.Unlock()
		n := len(history())
		if _, err := play(); !errors.Is(err, ErrNotKept) || len(history()) != n {
			t.Fatalf("a's move refused: %v, %d moves (was %d)", err, len(history()), n)
		}
	})
}
