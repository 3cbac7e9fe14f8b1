package lobby

import (
	"context"
	"errors"
	"time"

	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/store"
)

// LoggedStore is the server's store with every error logged, as the
// store gave it, whoever asked: a name the store could not read or keep
// once only showed the player "try again", and an operator whose database
// was locked or full saw nothing (issue 22, 10). The answers that are no
// error of the store's (no such room, a name taken, a room of another
// game) are not logged; at most linesPerSecond lines a second are.
type LoggedStore struct {
	store.Store
	Log *events.Log
}

// logged logs err, an error of operation op, unless it is an answer.
func (s LoggedStore) logged(op string, err error, args ...any) error {
	if err != nil && !errors.Is(err, store.ErrNoRoom) && !errors.Is(err, store.ErrNameTaken) && !errors.Is(err, store.ErrNotYours) {
		s.Log.LimitedError("store error", append(args, "op", op, "err", err)...)
	}
	return err
}

func (s LoggedStore) Name(ctx context.Context, key string) (string, bool, error) {
	name, ok, err := s.Store.Name(ctx, key)
	return name, ok, s.logged("name", err, "key", key)
}

func (s LoggedStore) SetName(ctx context.Context, key, name string) error {
	return s.logged("set name", s.Store.SetName(ctx, key, name), "key", key)
}

func (s LoggedStore) ClaimName(ctx context.Context, key, name, claim string) error {
	return s.logged("claim name", s.Store.ClaimName(ctx, key, name, claim), "key", key)
}

func (s LoggedStore) ImportNames(ctx context.Context, names map[string]string, claim func(string) string) error {
	return s.logged("import names", s.Store.ImportNames(ctx, names, claim))
}

func (s LoggedStore) Reclaim(ctx context.Context, claim func(string) string) error {
	return s.logged("reclaim", s.Store.Reclaim(ctx, claim))
}

func (s LoggedStore) PutRoom(ctx context.Context, r store.Room, by string) error {
	return s.logged("put room", s.Store.PutRoom(ctx, r, by), "room", r.Name, "key", by)
}

func (s LoggedStore) Room(ctx context.Context, name string) (store.Room, error) {
	r, err := s.Store.Room(ctx, name)
	return r, s.logged("room", err, "room", name)
}

func (s LoggedStore) Rooms(ctx context.Context, n int) ([]store.Room, error) {
	rs, err := s.Store.Rooms(ctx, n)
	return rs, s.logged("rooms", err)
}

func (s LoggedStore) DropCheckpoint(ctx context.Context, name string) error {
	return s.logged("drop checkpoint", s.Store.DropCheckpoint(ctx, name), "room", name)
}

func (s LoggedStore) Prune(ctx context.Context, before time.Time, perKey int) (int, error) {
	n, err := s.Store.Prune(ctx, before, perKey)
	return n, s.logged("prune", err)
}

func (s LoggedStore) AddResult(ctx context.Context, r store.Result) error {
	return s.logged("add result", s.Store.AddResult(ctx, r), "room", r.Room)
}
