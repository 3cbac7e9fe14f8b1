package lobby

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"

	"github.com/millebornes/mille/table"
)

// TestQuickAlone: a lone player is seated after QuickWait in a rated game
// of two, dealt, against the house computer nearest their rating (easy,
// for a new player).
func TestQuickAlone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		defer l.Close()
		c, err := l.Quick(context.Background(), "key-a", "Ada", 2)
		if err != nil {
			t.Fatal(err)
		}
		r := c.Table()
		if !r.Started() || r.Config().Game.Players != 2 || r.Config().Level != "easy" || c.Seat() != 0 {
			t.Fatalf("the quick room: started %v, %d players, level %q, seat %d", r.Started(), r.Config().Game.Players, r.Config().Level, c.Seat())
		}
		if s := r.Seats(); s[1].Human {
			t.Fatal("seat 2 is a person's")
		}
		if l.Waiting() != 0 {
			t.Fatal("still waiting")
		}
	})
}

// TestQuickPair: two people asking at once are seated in one game, the
// first as its host; a person is never matched with their own key.
func TestQuickPair(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		defer l.Close()
		type seated struct {
			c   *table.Conn
			err error
		}
		first := make(chan seated, 1)
		go func() {
			c, err := l.Quick(context.Background(), "key-a", "Ada", 2)
			first <- seated{c, err}
		}()
		synctest.Wait() // Ada waits
		ctx, cancel := context.WithCancel(context.Background())
		self := make(chan error, 1)
		go func() {
			_, err := l.Quick(ctx, "key-a", "Ada", 2) // Ada again, on another session
			self <- err
		}()
		synctest.Wait()
		if n := l.Waiting(); n != 2 {
			t.Fatalf("%d waiting, want Ada twice", n)
		}
		cancel()
		if err := <-self; !errors.Is(err, context.Canceled) {
			t.Fatalf("a quick match given up: %v", err)
		}
		ben, err := l.Quick(context.Background(), "key-b", "Ben", 2)
		if err != nil {
			t.Fatal(err)
		}
		ada := <-first
		if ada.err != nil {
			t.Fatal(ada.err)
		}
		if ada.c.Table() != ben.Table() || ada.c.Seat() != 0 || ben.Seat() != 1 || !ben.Table().Started() {
			t.Fatalf("Ada in %s seat %d, Ben in %s seat %d", ada.c.Table().Name(), ada.c.Seat(), ben.Table().Name(), ben.Seat())
		}
		if _, err := ben.Table().Join("key-c", "Cyd", -1); !errors.Is(err, table.ErrStarted) && !errors.Is(err, table.ErrNoSeat) {
			t.Fatalf("a third joins a quick game: %v", err)
		}
	})
}
