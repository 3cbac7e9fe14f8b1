package lobby

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
)

// resultsDown is a store whose results cannot be written while down is
// set (the database out of reach as a game ends); the rest works.
type resultsDown struct {
	store.Store
	down atomic.Bool
}

func (s *resultsDown) AddResult(ctx context.Context, r store.Result) error {
	if s.down.Load() {
		return errCut
	}
	return s.Store.AddResult(ctx, r)
}

func (f *flaky) FencedAddResult(ctx context.Context, fence store.Fence, r store.Result) error {
	if f.down.Load() {
		return errCut
	}
	return f.Shared.FencedAddResult(ctx, fence, r)
}

// games counts the games recorded in st.
func games(t *testing.T, st *store.SQL) int {
	t.Helper()
	n := 0
	servertest.Must(t, st.ExportResults(bg, func(store.ExportedGame) error { n++; return nil }))
	return n
}

// overWhileDown makes room fam of Ada and Ben on l, dealt, has end end
// its game, then sets down (the database out of reach as the game ends,
// before the keeper writes its result), and retires the room (its people
// gone): the result waits in memory alone.
func overWhileDown(t *testing.T, l *Lobby, down *atomic.Bool, end func(*Room)) {
	t.Helper()
	cfg := servertest.Config(2, engine.Standard, 5)
	cfg.Rated = true
	a, err := l.Create(bg, "fam", "key-a", "Ada", 0, cfg)
	servertest.Must(t, err)
	_, err = l.Join(bg, "fam", "key-b", "Ben", 1)
	servertest.Must(t, err)
	servertest.Must(t, a.Start())
	r := l.roomOf(a)
	end(r)
	down.Store(true)
	if l.Checkpoint(false) {
		t.Fatal("a result written while the store was down")
	}
	r.Close()
	l.Sweep() // retires the room: its result is tried, and held
	if l.Room("fam") != nil || len(l.retired()) != 1 {
		t.Fatalf("room fam retired with its result held: %v, %d held", l.Room("fam"), len(l.retired()))
	}
}

// playOut plays room r's game to its end.
func playOut(t *testing.T) func(*Room) {
	return func(r *Room) {
		servertest.PlayTo(t, r, []string{"key-a", "key-b"}, func(s engine.State) bool { return s.Phase == engine.PhaseGameOver })
	}
}

// deserts ends room r's rated game as deserted (its people gone past
// the grace period, Room.deserted): a result without the hundreds of
// moves a cluster writes one by one.
func deserts(t *testing.T) func(*Room) {
	return func(r *Room) {
		c, err := r.Checkpoint()
		servertest.Must(t, err)
		r.deserted(c)
	}
}

// TestHeldResultWritten (issue 35): the result of a game that ended while
// the store could not take it is written once the store is back, though
// its room has ended and left the lobby: at the keeper's next try on one
// server (SQLite), at the next renewal in a cluster (PostgreSQL, where
// the room kept its lease for the fenced write).
func TestHeldResultWritten(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		sql := servertest.NewStore(t)
		st := &resultsDown{Store: sql}
		l := NewLobby(0)
		l.Store, l.Ratings = st, sql
		l.Logf = t.Logf
		defer l.Close()
		overWhileDown(t, l, &st.down, playOut(t))
		if l.Checkpoint(false) || games(t, sql) != 0 {
			t.Fatal("the result written while the store is down")
		}
		st.down.Store(false)
		if !l.Checkpoint(false) || games(t, sql) != 1 || len(l.retired()) != 0 {
			t.Fatalf("%d games recorded once the store is back, %d rooms hold results, want 1 and 0", games(t, sql), len(l.retired()))
		}
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		c := servertest.NewClock()
		a := clusterLobby(t, url, "a", c)
		cut := &flaky{Shared: a.Cluster.Shared}
		a.Cluster.Shared = cut
		st := a.Store.(*store.SQL)
		a.Ratings = st
		overWhileDown(t, a, &cut.down, deserts(t))
		a.renew()
		if games(t, st) != 0 {
			t.Fatal("the result written while the store is down")
		}
		if _, ok := leaseOf(t, st, "fam"); !ok {
			t.Fatal("the room gave its lease up with its result not written")
		}
		cut.down.Store(false)
		a.renew()
		if games(t, st) != 1 || len(a.retired()) != 0 {
			t.Fatalf("%d games recorded after the renewal, %d rooms hold results, want 1 and 0", games(t, st), len(a.retired()))
		}
		if _, ok := leaseOf(t, st, "fam"); ok {
			t.Fatal("the room's lease kept after its result was written")
		}
	})
}

// leaseOf is room's lease in st, if any.
func leaseOf(t *testing.T, st *store.SQL, room string) (store.Lease, bool) {
	t.Helper()
	leases, err := st.Leases(bg)
	servertest.Must(t, err)
	for _, ls := range leases {
		if ls.Room == room {
			return ls, true
		}
	}
	return store.Lease{}, false
}

// TestHeldResultLogged (issue 35): a server that stops with a result not
// written tries it once more and, the store still down, logs it with its
// room and seats (names, keys, points): it is lost, but not silently.
func TestHeldResultLogged(t *testing.T) {
	st := &resultsDown{Store: servertest.NewStore(t)}
	l := NewLobby(0)
	l.Store = st
	var mu sync.Mutex
	var logs []string
	l.Logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, args...))
	}
	overWhileDown(t, l, &st.down, playOut(t))
	l.Close()
	mu.Lock()
	defer mu.Unlock()
	text := strings.Join(logs, "\n")
	for _, want := range []string{"room fam: the result of game ", "is lost as the server stops", "seat 1 Ada (key-a) ", "seat 2 Ben (key-b) ", " points"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log lacks %q:\n%s", want, text)
		}
	}
}
