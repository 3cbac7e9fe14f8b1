package lobby

import (
	"context"
	"errors"
	"testing"

	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
)

// stuckStore is a store whose reads wait until their context ends: a
// database that does not answer. asked hears of each read as it begins.
type stuckStore struct {
	store.Store
	asked chan string
}

func (s stuckStore) Name(ctx context.Context, key string) (string, bool, error) {
	s.asked <- "name"
	<-ctx.Done()
	return "", false, ctx.Err()
}

func (s stuckStore) Room(ctx context.Context, name string) (store.Room, error) {
	s.asked <- "room"
	<-ctx.Done()
	return store.Room{}, ctx.Err()
}

// TestSessionEndCancelsItsCalls (issue 32): the calls of the store that a
// session waits on, its player's name read at the login and a kept room
// brought back when the player names it, are made within the session's
// context: the session's end ends them at once, rather than leave them to
// their deadline (store.CallTimeout) holding a connection of the
// database, and the session's admission goes on as when the database is
// out of reach.
func TestSessionEndCancelsItsCalls(t *testing.T) {
	st := stuckStore{asked: make(chan string)}
	l := NewLobby(0)
	l.Store = st
	t.Cleanup(l.Close)
	ctx, cancel := context.WithCancel(bg)
	admitted := make(chan *Admission)
	go func() { admitted <- NewAdmission(ctx, l, NewUsers(st), "key-a") }()
	if op := <-st.asked; op != "name" {
		t.Fatalf("the login asked the store for %s", op)
	}
	cancel()
	a := <-admitted
	if !a.Unread() {
		t.Fatal("a name read after its session ended")
	}

	ctx, cancel = context.WithCancel(bg)
	a = NewAdmission(ctx, l, NewUsers(servertest.NewStore(t)), "key-a")
	entered := make(chan error)
	go func() {
		_, err := a.Enter("fam", false)
		entered <- err
	}()
	if op := <-st.asked; op != "room" {
		t.Fatalf("joining a room asked the store for %s", op)
	}
	cancel()
	if err := <-entered; !errors.Is(err, ErrNoRoom) {
		t.Fatalf("joining a room whose read was cancelled: %v", err)
	}
}
