package store

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/millebornes/mille/server/internal/pgtest"
)

// TestNamesLockedGamesGoOn (issue 32, degraded): with the identities
// table locked by another transaction, 30 logins at once wait for it;
// they once took all 16 connections of the pool, and a game froze 25 s.
// Now they use 4 at most, so that a room's lease and moves are written
// at once: no call of the game waits for a connection of the pool (the
// pool's own count of waits, not a clock, which a loaded machine slows).
// Each login is refused by a deadline (its call's, or PostgreSQL's lock
// timeout), none by anything else, and a call slower than SlowCall is
// reported with its operation.
func TestNamesLockedGamesGoOn(t *testing.T) {
	url := pgtest.URL(t)
	s := postgresAt(t, url)
	var mu sync.Mutex
	slow := map[string]int{}
	s.SetSlow(func(op, room string, took time.Duration) {
		mu.Lock()
		slow[op]++
		mu.Unlock()
	})
	_, db := pgtest.Hold(t, url, `LOCK TABLE identities IN ACCESS EXCLUSIVE MODE`)
	var logins sync.WaitGroup
	errs := make(chan error, 30)
	for i := range 30 {
		logins.Go(func() {
			_, _, err := s.Name(bg, fingerprint(i))
			errs <- err
		})
	}
	// The logins first, as they came: maxNames of them wait in
	// PostgreSQL for the table, the others for a place (SQL.names).
	for waiting := 0; waiting < maxNames; {
		if len(errs) == cap(errs) {
			t.Fatal("the logins all ended before a game's call was made")
		}
		if err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT name FROM identities%'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond) // polling PostgreSQL's own view
	}
	before := s.db.Stats()
	if before.InUse > maxNames || before.WaitCount != 0 {
		t.Fatalf("30 logins behind a locked table hold %d connections, %d waits for one; want %d at most, none", before.InUse, before.WaitCount, maxNames)
	}
	l, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	for n := range 5 {
		must(t, s.AddMove(bg, l.Fence(), n, 1))
	}
	if waits := s.db.Stats().WaitCount - before.WaitCount; waits != 0 {
		t.Errorf("a lease and 5 moves waited %d times for a connection behind 30 logins", waits)
	}
	logins.Wait()
	close(errs)
	for err := range errs {
		if !refusedByDeadline(err) {
			t.Fatalf("a login behind the locked table: %v; want refused by a deadline", err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if slow["name"] == 0 {
		t.Errorf("no slow call reported: %v", slow)
	}
}

// refusedByDeadline tells whether err is a call's refusal by a deadline:
// its context's (CallTimeout), or PostgreSQL's own lock or statement
// timeout (lockTimeout, statementTimeout).
func refusedByDeadline(err error) bool {
	var pg *pgconn.PgError
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &pg) && (pg.Code == "55P03" || pg.Code == "57014")
}

// TestHeldMoveAfterTakeover: a server's move waits on a row another
// transaction holds; meanwhile its lease runs out and another server
// takes the room over. When the row goes, the first server's INSERT,
// whose statement checked the fence as it began, must not commit: the
// new holder replayed the moves without it, and no player would ever
// see it (the fault suite's row-lock schedules broke on it).
func TestHeldMoveAfterTakeover(t *testing.T) {
	url := pgtest.URL(t)
	s := postgresAt(t, url)
	a, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	hold, db := pgtest.Hold(t, url, `INSERT INTO moves (room, n, action) VALUES ('fam', 0, 7)`)
	written := make(chan error, 1)
	go func() { written <- s.AddMove(bg, a.Fence(), 0, 3) }()
	// a's INSERT waits on the row; b takes the room over meanwhile.
	for {
		var waiting int
		if err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO moves%'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond) // polling PostgreSQL's own view
	}
	b, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "b", Until: at(3)}, at(2))
	if !ok || err != nil || b.Epoch == a.Epoch {
		t.Fatal(b, ok, err)
	}
	hold.Rollback()
	if err := <-written; !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a's held move after b took the room: %v", err)
	}
	if moves, err := s.Moves(bg, "fam", 0); err != nil || len(moves) != 0 {
		t.Fatalf("moves %v, %v: a's held move went in after the takeover", moves, err)
	}
}

// testContext: a call waits for a connection of the pool while another
// holds the only one, as calls do when the database is slow and every
// connection busy (database/sql has no timeout of its own for that wait).
// The caller's context ends the wait: a session that ends cancels the
// calls it waits on.
func testContext(t *testing.T, s *SQL) {
	s.db.SetMaxOpenConns(1)
	held, err := s.db.Conn(bg)
	must(t, err)
	defer held.Close()
	ctx, cancel := context.WithCancel(bg)
	done := make(chan error, 1)
	waits := s.db.Stats().WaitCount
	go func() {
		_, err := s.Room(ctx, "fam")
		done <- err
	}()
	for i := 0; s.db.Stats().WaitCount == waits; i++ {
		if i == 1_000_000 {
			t.Fatal("the call never waited for the pool")
		}
		runtime.Gosched()
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("a call whose context ended while it waited for the pool: %v", err)
	}
}

// TestCallTimeoutBoundsPoolWait: a call with no deadline of its own
// waiting for a connection of the pool ends at CallTimeout, the wait
// included (SQLite's store, in a synctest bubble: its clock is the
// bubble's).
func TestCallTimeoutBoundsPoolWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := open(t, filepath.Join(t.TempDir(), "mille.db"))
		defer s.Close()
		s.db.SetMaxOpenConns(1)
		held, err := s.db.Conn(bg)
		must(t, err)
		defer held.Close()
		start := time.Now()
		_, err = s.Room(bg, "fam")
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) != CallTimeout {
			t.Fatalf("a call waiting for the pool ended after %v: %v; want CallTimeout, %v", time.Since(start), err, context.DeadlineExceeded)
		}
	})
}
