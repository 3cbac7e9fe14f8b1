package servertest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/store"
)

// Table is the part of a room the tests play through: a table.Table.
type Table interface {
	State() engine.State
	Act(user string, a engine.Action) error
}

// PlayTo moves table r on with each seat's first legal action, for the
// people of users, until done says stop.
func PlayTo(t testing.TB, r Table, users []string, done func(engine.State) bool) {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	for n := 0; ; n++ {
		s := r.State()
		if done(s) {
			return
		}
		if n > 100000 {
			t.Fatal("the game never got there")
		}
		seat := s.ToAct()
		if s.HandOver() {
			// between hands every person asks for the next
			for _, u := range users {
				if err := r.Act(u, engine.Continue); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		o := engine.Observe(&s, seat)
		if err := r.Act(users[seat], o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// Moves plays n moves of table r, or to the hand's end, whichever first.
func Moves(t testing.TB, r Table, users []string, n int) {
	t.Helper()
	played := 0
	PlayTo(t, r, users, func(s engine.State) bool {
		played++
		return played > n || s.HandOver()
	})
}

// FullStore keeps rooms and results in memory and refuses every write
// while Full is set: a full disk.
type FullStore struct {
	store.Store // the rest is not called
	Full        atomic.Bool

	mu      sync.Mutex
	rooms   map[string]store.Room
	results []store.Result
	failed  int
}

// ErrDiskFull is FullStore's refusal, as SQLite says it.
var ErrDiskFull = errors.New("database or disk is full (13)")

// NewFullStore is an empty FullStore with room on its disk.
func NewFullStore() *FullStore { return &FullStore{rooms: map[string]store.Room{}} }

// PutRoom implements store.Store.
func (s *FullStore) PutRoom(_ context.Context, r store.Room, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Full.Load() {
		s.failed++
		return ErrDiskFull
	}
	s.rooms[r.Name] = r
	return nil
}

// AddResult implements store.Store.
func (s *FullStore) AddResult(_ context.Context, r store.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Full.Load() {
		s.failed++
		return ErrDiskFull
	}
	s.results = append(s.results, r)
	return nil
}

// Room implements store.Store.
func (s *FullStore) Room(_ context.Context, name string) (store.Room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.rooms[name]; ok {
		return r, nil
	}
	return store.Room{}, store.ErrNoRoom
}

// Kept is the length of the history kept for room name.
func (s *FullStore) Kept(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.rooms[name].Game.History)
}

// Failed is how many writes the store refused.
func (s *FullStore) Failed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// WaitRoom waits until ok accepts the state of table r, what it waits
// for; the deadline only stops a broken test.
func WaitRoom(t testing.TB, r interface{ State() engine.State }, what string, ok func(s *engine.State) bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := r.State()
		if ok(&st) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the room never reached %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
