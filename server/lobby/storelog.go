package lobby

import (
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

func (s LoggedStore) Name(key string) (string, bool, error) {
	name, ok, err := s.Store.Name(key)
	return name, ok, s.logged("name", err, "key", key)
}

func (s LoggedStore) SetName(key, name string) error {
	return s.logged("set name", s.Store.SetName(key, name), "key", key)
}

func (s LoggedStore) ClaimName(key, name, claim string) error {
	return s.logged("claim name", s.Store.ClaimName(key, name, claim), "key", key)
}

func (s LoggedStore) ImportNames(names map[string]string, claim func(string) string) error {
	return s.logged("import names", s.Store.ImportNames(names, claim))
}

func (s LoggedStore) Reclaim(claim func(string) string) error {
	return s.logged("reclaim", s.Store.Reclaim(claim))
}

func (s LoggedStore) PutRoom(r store.Room, by string) error {
	return s.logged("put room", s.Store.PutRoom(r, by), "room", r.Name, "key", by)
}

func (s LoggedStore) Room(name string) (store.Room, error) {
	r, err := s.Store.Room(name)
	return r, s.logged("room", err, "room", name)
}

func (s LoggedStore) Rooms(n int) ([]store.Room, error) {
	rs, err := s.Store.Rooms(n)
	return rs, s.logged("rooms", err)
}

func (s LoggedStore) DropCheckpoint(name string) error {
	return s.logged("drop checkpoint", s.Store.DropCheckpoint(name), "room", name)
}

func (s LoggedStore) Prune(before time.Time, perKey int) (int, error) {
	n, err := s.Store.Prune(before, perKey)
	return n, s.logged("prune", err)
}

func (s LoggedStore) AddResult(r store.Result) error {
	return s.logged("add result", s.Store.AddResult(r), "room", r.Room)
}
