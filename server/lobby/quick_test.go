package lobby

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/server/internal/servertest"
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

// TestQuickWithFriend (issue 35): two people who ask for each other sit
// as partners at a table of 4, the other seats found as for anyone; a
// name nobody has, one's own, and a friend who never asks are refused,
// the last after FriendWait.
func TestQuickWithFriend(t *testing.T) {
	st := servertest.NewStore(t)
	for key, name := range map[string]string{"key-a": "Ada", "key-b": "Ben", "key-c": "Cyd", "key-d": "Dan"} {
		servertest.Must(t, st.ClaimName(bg, key, name, names.Skeleton(name)))
	}
	synctest.Test(t, func(t *testing.T) {
		l := NewLobby(0)
		l.Store, l.Ratings = st, st
		defer l.Close()
		with := func(key, name, friend string) chan quickResult {
			ch := make(chan quickResult, 1)
			go func() {
				c, err := l.QuickWith(bg, key, name, 4, friend)
				ch <- quickResult{c, err}
			}()
			return ch
		}
		ada := with("key-a", "Ada", "Ben")
		cyd, dan := with("key-c", "Cyd", ""), with("key-d", "Dan", "")
		synctest.Wait()
		if l.Waiting() != 3 {
			t.Fatalf("%d waiting before Ben asks, want 3: Cyd and Dan wait for two more", l.Waiting())
		}
		ben := with("key-b", "Ben", "ada") // names are matched as claimed
		synctest.Wait()
		var seats []int
		var tab *table.Table
		for _, ch := range []chan quickResult{ada, ben, cyd, dan} {
			r := <-ch
			if r.err != nil {
				t.Fatal(r.err)
			}
			if tab != nil && r.c.Table() != tab {
				t.Fatal("the four are not at one table")
			}
			tab = r.c.Table()
			seats = append(seats, r.c.Seat())
		}
		cfg := engine.Config{Players: 4}
		if cfg.SideOf(seats[0]) != cfg.SideOf(seats[1]) || cfg.SideOf(seats[2]) == cfg.SideOf(seats[0]) {
			t.Fatalf("seats %v: Ada and Ben are not partners", seats)
		}
		if _, err := l.QuickWith(bg, "key-a", "Ada", 4, "Zed"); !isRefusal(err, RefNoFriend) {
			t.Fatalf("a friend nobody is: %v", err)
		}
		if _, err := l.QuickWith(bg, "key-a", "Ada", 6, "ADA"); !errors.Is(err, ErrFriendSelf) {
			t.Fatalf("oneself as friend: %v", err)
		}
		lone := with("key-c", "Cyd", "Dan")
		time.Sleep(FriendWait)
		if r := <-lone; !isRefusal(r.err, RefFriendAbsent) || l.Waiting() != 0 {
			t.Fatalf("a friend who never asks: %v, %d waiting", r.err, l.Waiting())
		}
	})
}

// isRefusal reports whether err is a refusal of the lobby's for why.
func isRefusal(err error, why Reason) bool {
	r, ok := errors.AsType[*Refusal](err)
	return ok && r.Why == why
}
