package server

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// fullStore keeps rooms and results in memory and refuses every write
// while its disk is full.
type fullStore struct {
	store.Store // the rest is not called
	full        atomic.Bool
	mu          sync.Mutex
	rooms       map[string]store.Room
	results     []store.Result
	failed      int
}

var errDiskFull = errors.New("database or disk is full (13)")

func newFullStore() *fullStore { return &fullStore{rooms: map[string]store.Room{}} }

func (s *fullStore) PutRoom(r store.Room, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.full.Load() {
		s.failed++
		return errDiskFull
	}
	s.rooms[r.Name] = r
	return nil
}

func (s *fullStore) AddResult(r store.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.full.Load() {
		s.failed++
		return errDiskFull
	}
	s.results = append(s.results, r)
	return nil
}

func (s *fullStore) Room(name string) (store.Room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.rooms[name]; ok {
		return r, nil
	}
	return store.Room{}, store.ErrNoRoom
}

// kept is the length of the history kept for room name.
func (s *fullStore) kept(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.rooms[name].Game.History)
}

// moves plays n moves of room r, or to the hand's end, whichever first.
func moves(t *testing.T, r *Room, users []string, n int) {
	t.Helper()
	played := 0
	playTo(t, r, users, func(s engine.State) bool {
		played++
		return played > n || s.HandOver()
	})
}

// TestDiskFull (issue 22, 11): while the store cannot write (a full disk),
// the server keeps the moves in memory, tells the players once that their
// game is not being written down, keeps the end of the hand and its result
// for later, and tries again every RetryEvery without waiting for the next
// checkpoint; once the disk has room, every move made meanwhile is in the
// store, and the players are told.
func TestDiskFull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := newFullStore()
		l := NewLobby(0)
		l.Store = st
		users := []string{"key-a", "key-b"}
		a, err := l.Create("fam", "key-a", "Ann", 0, config(2, engine.Standard, 11))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Join("fam", "key-b", "Bob", 1); err != nil {
			t.Fatal(err)
		}
		a.Start()
		r := a.Room()
		ctx, cancel := context.WithCancel(t.Context())
		kept := make(chan struct{})
		go func() {
			defer close(kept)
			l.Keep(ctx, time.Hour) // no tick in the test's time: only retries
		}()

		moves(t, r, users, 5)
		l.Checkpoint(true)
		if st.kept("fam") == 0 {
			t.Fatal("not kept before the disk filled")
		}
		st.full.Store(true)
		moves(t, r, users, 1000) // to the hand's end: Keep tries to write it
		synctest.Wait()
		if l.Checkpoint(true) {
			t.Fatal("a checkpoint said it wrote on a full disk")
		}
		waitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeNotKept })
		time.Sleep(10 * RetryEvery) // retries, all failing
		synctest.Wait()
		st.mu.Lock()
		failed := st.failed
		st.mu.Unlock()
		if failed < 5 {
			t.Fatalf("%d writes tried while full, want retries", failed)
		}
		atEnd := r.State()
		st.full.Store(false)
		time.Sleep(RetryEvery)
		synctest.Wait()
		if got, want := st.kept("fam"), len(r.Record().History); got != want {
			t.Fatalf("kept %d moves of %d after the disk was freed", got, want)
		}
		if k, _ := st.Room("fam"); k.Game.State != atEnd {
			t.Fatal("the kept game is not the game at the hand's end")
		}
		waitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeKeptAgain })
		cancel()
		<-kept
		l.Close()
	})
}

// TestShutdownOnFullDisk (issue 22, 11): a shutdown whose saves fail (a
// full disk) tries them again until its deadline, so that a disk given
// room meanwhile loses no game; the players are told once.
func TestShutdownOnFullDisk(t *testing.T) {
	srv, _ := newServer(t, Config{})
	st := newFullStore()
	srv.Lobby.Store = st
	users := []string{"key-a", "key-b"}
	a, err := srv.Lobby.Create("fam", "key-a", "Ann", 0, config(2, engine.Standard, 11))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Lobby.Join("fam", "key-b", "Bob", 1); err != nil {
		t.Fatal(err)
	}
	a.Start()
	r := a.Room()
	moves(t, r, users, 7)
	played := len(r.Record().History)
	st.full.Store(true)
	go func() {
		// The disk gets room while the shutdown waits.
		waitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeNotSaved })
		st.full.Store(false)
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	k, err := st.Room("fam")
	if err != nil || !k.Saved || len(k.Game.History) != played {
		t.Fatalf("after the shutdown: %v, saved %v, %d moves of %d", err, k.Saved, len(k.Game.History), played)
	}
	if !srv.wasSaved("fam") {
		t.Fatal("the shutdown does not count the room as saved")
	}
}
