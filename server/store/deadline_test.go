package store

import (
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/server/internal/pgtest"
)

// TestNamesLockedGamesGoOn (issue 32, degraded): with the identities
// table locked by another transaction, 30 logins at once wait for it;
// they once took all 16 connections of the pool, and a game froze 25 s.
// Now they use 4 at most and each is refused by its deadline, while a
// room's lease and moves are written at once; a call slower than
// SlowCall is reported with its operation.
func TestNamesLockedGamesGoOn(t *testing.T) {
	url := pgtest.URL(t)
	s, err := OpenPostgres(url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mu sync.Mutex
	slow := map[string]int{}
	s.SetSlow(func(op, room string, took time.Duration) {
		mu.Lock()
		slow[op]++
		mu.Unlock()
	})
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lock, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()
	if _, err := lock.Exec(`LOCK TABLE identities IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	var logins sync.WaitGroup
	errs := make(chan error, 30)
	start := time.Now()
	for i := range 30 {
		logins.Go(func() {
			_, _, err := s.Name(fingerprint(i))
			errs <- err
		})
	}
	time.Sleep(100 * time.Millisecond) // the logins in the pool first, as they came
	game := time.Now()
	l, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	for n := range 5 {
		must(t, s.AddMove(bg, l.Fence(), n, 1))
	}
	if took := time.Since(game); took > time.Second {
		t.Errorf("a lease and 5 moves took %v behind 30 logins", took)
	}
	logins.Wait()
	close(errs)
	for err := range errs {
		if err == nil {
			t.Fatal("a login read the locked table")
		}
	}
	if took := time.Since(start); took > 2*CallTimeout {
		t.Errorf("the logins were refused after %v", took)
	}
	mu.Lock()
	defer mu.Unlock()
	if slow["name"] == 0 {
		t.Errorf("no slow call reported: %v", slow)
	}
}
