package lobby

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// heldRenewal is a shared store that holds its first renewal of a lease
// (a TakeLease at an epoch) until released: a renewal sent before its
// room is given up that reaches the store after.
type heldRenewal struct {
	store.Shared
	once             sync.Once
	reached, release chan struct{}
}

func (h *heldRenewal) TakeLease(ctx context.Context, l store.Lease, now time.Time) (store.Lease, bool, error) {
	if l.Epoch > 0 {
		h.once.Do(func() {
			close(h.reached)
			<-h.release
		})
	}
	return h.Shared.TakeLease(ctx, l, now)
}

// renewHeld starts a renewal of a's leases, whose store holds it, and
// returns once the store says so (reached closes), with a channel that
// closes when the renewal has returned.
func renewHeld(a *Lobby, reached <-chan struct{}) <-chan struct{} {
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		a.renew()
	}()
	<-reached
	return renewed
}

// TestLeaseGivenUpStays: a room of server a is unmade while a renewal of
// its lease is on its way to the store; the renewal, arriving after the
// lease was given up, takes nothing back: server b makes a room of that
// name at once, and a logs no lost lease. On SQLite and PostgreSQL.
func TestLeaseGivenUpStays(t *testing.T) {
	for _, db := range []struct {
		name string
		open func(t *testing.T) *store.SQL
	}{
		{"sqlite", func(t *testing.T) *store.SQL { return servertest.NewStore(t) }},
		{"postgres", func(t *testing.T) *store.SQL {
			st, err := store.OpenPostgres(pgtest.URL(t))
			servertest.Must(t, err)
			t.Cleanup(func() { st.Close() })
			return st
		}},
	} {
		t.Run(db.name, func(t *testing.T) {
			st := db.open(t)
			c := servertest.NewClock()
			var logMu sync.Mutex
			var logged strings.Builder
			lobby := func(id string, shared store.Shared) *Lobby {
				l := NewLobby(0)
				l.Now, l.Store = c.Now, st
				l.Cluster = &Cluster{Shared: shared, ID: id, Addr: id + ":2222"}
				l.Logf = func(format string, args ...any) {
					logMu.Lock()
					fmt.Fprintf(&logged, id+": "+format+"\n", args...)
					logMu.Unlock()
					t.Logf(id+": "+format, args...)
				}
				t.Cleanup(l.Close)
				return l
			}
			held := &heldRenewal{Shared: st, reached: make(chan struct{}), release: make(chan struct{})}
			a, b := lobby("a", held), lobby("b", st)
			ann, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
			servertest.Must(t, err)
			r := a.Room("fam")
			c.Add(time.Second)
			renewed := renewHeld(a, held.reached)
			a.unmake(r, []*table.Conn{ann})
			close(held.release)
			<-renewed
			if leases, err := st.Leases(bg); err != nil || len(leases) != 0 {
				t.Fatalf("after a gave room fam up and its renewal came: leases %+v, %v", leases, err)
			}
			if _, err := b.Create(bg, "fam", "kb", "Ben", 0, servertest.Config(2, engine.Standard, 8)); err != nil {
				t.Fatalf("b makes the room a gave up: %v (elsewhere: %v)", err, errors.Is(err, ErrElsewhere))
			}
			logMu.Lock()
			defer logMu.Unlock()
			if strings.Contains(logged.String(), "lost its lease") || strings.Contains(logged.String(), "a write refused") {
				t.Fatalf("a false alarm in the log:\n%s", logged.String())
			}
		})
	}
}

// heldPut is a shared store that holds the fenced writes of a room's
// record, once armed, until released, and notes a lease given up while
// one is held.
type heldPut struct {
	store.Shared
	armed, dropped   atomic.Bool
	reached, release chan struct{}
}

func (h *heldPut) FencedPutRoom(ctx context.Context, f store.Fence, r store.Room, by string) error {
	if h.armed.CompareAndSwap(true, false) {
		close(h.reached)
		<-h.release
	}
	return h.Shared.FencedPutRoom(ctx, f, r, by)
}

func (h *heldPut) DropLease(ctx context.Context, room, holder string, now time.Time) error {
	select {
	case <-h.reached:
		select {
		case <-h.release:
		default:
			h.dropped.Store(true)
		}
	default:
	}
	return h.Shared.DropLease(ctx, room, holder, now)
}

// TestLeaseKeptForWhoWaits: a lobby closing as the record of who waits
// at a room not dealt is being written waits for the write before it
// drops the record and gives up the lease: no record outlives the room,
// and no refusal of our own write is logged as the room lost.
func TestLeaseKeptForWhoWaits(t *testing.T) {
	st := servertest.NewStore(t)
	synctest.Test(t, func(t *testing.T) {
		var logMu sync.Mutex
		var logged strings.Builder
		held := &heldPut{Shared: st, reached: make(chan struct{}), release: make(chan struct{})}
		a := NewLobby(0)
		a.Store = st
		a.Cluster = &Cluster{Shared: held, ID: "a", Addr: "a:2222"}
		a.Logf = func(format string, args ...any) {
			logMu.Lock()
			fmt.Fprintf(&logged, format+"\n", args...)
			logMu.Unlock()
		}
		defer a.Close()
		_, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(4, engine.Standard, 7))
		servertest.Must(t, err)
		a.Room("fam").gathers.Wait()
		held.armed.Store(true)
		_, err = a.Join(bg, "fam", "kb", "Ben", -1)
		servertest.Must(t, err)
		<-held.reached
		closed := make(chan struct{})
		go func() {
			defer close(closed)
			a.Close()
		}()
		synctest.Wait()
		if held.dropped.Load() {
			t.Error("the lease was given up while who waits was being written")
		}
		close(held.release)
		<-closed
		synctest.Wait() // a write let go after the lobby closed (the fault) is done
		if _, err := st.Room(bg, "fam"); !errors.Is(err, store.ErrNoRoom) {
			t.Errorf("the room's record after the lobby closed: %v", err)
		}
		if leases, err := st.Leases(bg); err != nil || len(leases) != 0 {
			t.Errorf("leases after the lobby closed: %+v, %v", leases, err)
		}
		logMu.Lock()
		defer logMu.Unlock()
		if strings.Contains(logged.String(), "a write refused") || strings.Contains(logged.String(), "who waits") {
			t.Errorf("a false alarm in the log:\n%s", logged.String())
		}
	})
}

// renewalAfterExpiry is a shared store whose first renewal of a lease
// waits until the lease is let run out (ExpireLease), and whose first
// ExpireLease returns only once that renewal is made: a renewal on its
// way as the room is read again (reload), reaching the store between the
// lease let run out and the room taken over.
type renewalAfterExpiry struct {
	store.Shared
	renewOnce, expireOnce     sync.Once
	reached, expired, renewed chan struct{}
}

func (h *renewalAfterExpiry) TakeLease(ctx context.Context, l store.Lease, now time.Time) (store.Lease, bool, error) {
	first := false
	if l.Epoch > 0 {
		h.renewOnce.Do(func() { first = true })
	}
	if !first {
		return h.Shared.TakeLease(ctx, l, now)
	}
	close(h.reached)
	<-h.expired
	defer close(h.renewed)
	return h.Shared.TakeLease(ctx, l, now)
}

func (h *renewalAfterExpiry) ExpireLease(ctx context.Context, f store.Fence) error {
	err := h.Shared.ExpireLease(ctx, f)
	select {
	case <-h.reached:
		h.expireOnce.Do(func() {
			close(h.expired)
			<-h.renewed
		})
	default:
	}
	return err
}

// TestReloadNotUndone: server a reads its room fam again from the store
// (reload: it lets the room's lease run out and takes the room over at
// once) while a renewal of the lease is on its way; the renewal reaches
// the store between the two and renews the lease just let run out. The
// room is taken over all the same, not left nobody's until the renewal
// runs out.
func TestReloadNotUndone(t *testing.T) {
	st := servertest.NewStore(t)
	c := servertest.NewClock()
	held := &renewalAfterExpiry{Shared: st, reached: make(chan struct{}), expired: make(chan struct{}), renewed: make(chan struct{})}
	a := NewLobby(0)
	a.Now, a.Store = c.Now, st
	a.Cluster = &Cluster{Shared: held, ID: "a", Addr: "a:2222"}
	a.Logf = t.Logf
	t.Cleanup(a.Close)
	ann, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann)
	r := a.Room("fam")
	c.Add(time.Second)
	renewed := renewHeld(a, held.reached)
	a.reload(r, r.fence(), "the test reads it again")
	<-renewed
	if again := a.Room("fam"); again == nil || again == r {
		leases, _ := st.Leases(bg)
		t.Fatalf("room fam after it was read again: %v (the old one: %v), leases %+v", again, again == r, leases)
	}
}

// countedPrunes is a shared store that counts its prunes of the leases
// given up.
type countedPrunes struct {
	store.Shared
	prunes atomic.Int32
}

func (c *countedPrunes) PruneLeases(ctx context.Context, now time.Time) error {
	c.prunes.Add(1)
	return c.Shared.PruneLeases(ctx, now)
}

// TestLeasesPruned: the lobby's lease work forgets the leases given up,
// once a minute, by the lobby's clock: a room given up longer than
// store.GivenUpKept ago is made again at epoch 1, one given up since at
// a new epoch still.
func TestLeasesPruned(t *testing.T) {
	st := servertest.NewStore(t)
	synctest.Test(t, func(t *testing.T) {
		shared := &countedPrunes{Shared: st}
		a := NewLobby(0)
		a.Store = st
		a.Cluster = &Cluster{Shared: shared, ID: "a", Addr: "a:2222"}
		a.Logf = t.Logf
		defer a.Close()
		giveUp := func(name string) {
			_, err := a.claim(bg, name)
			servertest.Must(t, err)
			a.unclaim(name)
		}
		giveUp("old") // at 0 s
		ctx, cancel := context.WithCancel(bg)
		done := make(chan struct{})
		go func() {
			defer close(done)
			a.Lease(ctx)
		}()
		time.Sleep(100 * time.Second)
		giveUp("late") // at 100 s
		// Prunes at 1 s (nothing before -59 s), 61 s (before 1 s: old)
		// and 121 s (before 61 s: late stays).
		time.Sleep(50 * time.Second)
		synctest.Wait()
		cancel()
		<-done
		synctest.Wait()
		if n := shared.prunes.Load(); n != 3 {
			t.Errorf("%d prunes in 150 s, want 3 (one a minute)", n)
		}
		for _, room := range []struct {
			name  string
			epoch int64
		}{{"old", 1}, {"late", 2}} {
			got, err := a.claim(bg, room.name)
			if err != nil || got.Epoch != room.epoch {
				t.Errorf("room %s made again: %+v, %v; want epoch %d", room.name, got, err, room.epoch)
			}
		}
	})
}
