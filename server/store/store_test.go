package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/pgtest"
)

func open(t testing.TB, path string) *SQL {
	t.Helper()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The store's tests, run on every database a store speaks (TestStores).
var storeTests = []struct {
	name string
	test func(*testing.T, *SQL)
}{
	{"Names", testNames}, {"ClaimName", testClaimName}, {"PutRoom", testPutRoom},
	{"Prune", testPrune}, {"Results", testResults}, {"ClaimRace", testClaimRace},
	{"Leases", testLeases}, {"EpochsNeverRepeat", testEpochsNeverRepeat}, {"LeasesPruned", testLeasesPruned}, {"Fencing", testFencing}, {"Moves", testMoves}, {"MoveRace", testMoveRace}, {"Queue", testQueue}, {"Reclaim", testReclaim},
	{"Ratings", testRatings}, {"RatingRace", testRatingRace}, {"PairLimit", testPairLimit}, {"Context", testContext},
	{"Bots", testBots}, {"BotFaults", testBotFaults}, {"Forfeit", testForfeit}, {"Export", testExport},
}

// TestStores runs the store's tests on SQLite and, if a cluster is at
// hand (pgtest), on PostgreSQL.
func TestStores(t *testing.T) {
	for _, db := range []struct {
		name string
		open func(testing.TB) *SQL
	}{{"sqlite", newStore}, {"postgres", newPostgres}} {
		t.Run(db.name, func(t *testing.T) {
			for _, tt := range storeTests {
				t.Run(tt.name, func(t *testing.T) { tt.test(t, db.open(t)) })
			}
		})
	}
}

// newPostgres is a fresh store in a schema of its own of the test
// cluster.
func newPostgres(t testing.TB) *SQL {
	t.Helper()
	return postgresAt(t, pgtest.URL(t))
}

// postgresAt is the store in the database at url, closed as the test
// ends.
func postgresAt(t testing.TB, url string) *SQL {
	t.Helper()
	s, err := OpenPostgres(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newStore is a fresh store in a test's folder.
func newStore(t testing.TB) *SQL {
	t.Helper()
	s := open(t, filepath.Join(t.TempDir(), "mille.db"))
	t.Cleanup(func() { s.Close() })
	return s
}

// at is a moment of the tests, minutes after a fixed time.
func at(minutes int) time.Time {
	return time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC).Add(time.Duration(minutes) * time.Minute)
}

// game is a 2-player game after n moves, written at when.
func game(t testing.TB, seed uint64, n int, when time.Time) record.Game {
	t.Helper()
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, seed, []record.Seat{{Name: "Ann", Human: true}, {Name: "Bob", Human: true}})
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	for range n {
		o := engine.Observe(&g.State, g.State.ToAct())
		if err := g.Apply(o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
	g.Saved = when
	return g
}

// testNames: a key is unknown until named; its name can change; many
// names come in at once.
func testNames(t *testing.T, s *SQL) {
	if name, ok, err := s.Name(bg, "k1"); ok || err != nil || name != "" {
		t.Fatalf("an unknown key: %q %v %v", name, ok, err)
	}
	steps := []struct{ key, name string }{{"k1", "Ann"}, {"k2", "Bob"}, {"k1", "Annie"}}
	for _, st := range steps {
		if err := s.SetName(bg, st.key, st.name); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.ImportNames(bg, map[string]string{"k3": "Cal", "k2": "Bobby"}, nil); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"k1": "Annie", "k2": "Bobby", "k3": "Cal"} {
		if name, ok, err := s.Name(bg, key); !ok || err != nil || name != want {
			t.Errorf("%s: %q %v %v, want %q", key, name, ok, err, want)
		}
	}
}

// testPutRoom: a room comes back as it was put; a checkpoint replaces it
// but not its being saved; a key outside the game cannot replace it; a
// checkpoint dropped goes, a saved room stays.
// testClaimName: a claim is one key's; a key that changes its name frees
// its former claim; an import claims in order of fingerprint, the first
// keeping a claim two names make.
func testClaimName(t *testing.T, s *SQL) {
	name := func(key string) string {
		n, _, err := s.Name(bg, key)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := s.ClaimName(bg, "k1", "Ann", "ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimName(bg, "k2", "ANN", "ann"); !errors.Is(err, ErrNameTaken) || name("k2") != "" {
		t.Fatalf("k2 claims k1's: %v, named %q", err, name("k2"))
	}
	if err := s.ClaimName(bg, "k1", "ANN", "ann"); err != nil || name("k1") != "ANN" {
		t.Fatalf("k1 claims its own again: %v, named %q", err, name("k1"))
	}
	if err := s.ClaimName(bg, "k1", "Annie", "annie"); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimName(bg, "k2", "Ann", "ann"); err != nil {
		t.Fatalf("k2 claims k1's former name: %v", err)
	}
	lower := func(n string) string { return strings.ToLower(n) }
	if err := s.ImportNames(bg, map[string]string{"k4": "Cal", "k3": "CAL", "k5": "annie"}, lower); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimName(bg, "k6", "cal", "cal"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("an imported claim: %v", err)
	}
	if err := s.ClaimName(bg, "k4", "Cal", "cal"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("k3 comes first and keeps cal: %v", err)
	}
	if name("k5") != "annie" {
		t.Fatalf("an imported name whose claim k1 holds is kept as a name: %q", name("k5"))
	}
}

// testReclaim: the claims are made again by a new rule; where two names
// now make one, the first key in order of fingerprint keeps it.
func testReclaim(t *testing.T, s *SQL) {
	for _, n := range []struct{ key, name string }{{"k2", "Ann"}, {"k1", "ANN"}, {"k3", "Bob"}} {
		if err := s.ClaimName(bg, n.key, n.name, n.name); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reclaim(bg, strings.ToLower); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key, claim string
		taken      bool
	}{{"k9", "ann", true}, {"k1", "ann", false}, {"k9", "bob", true}, {"k9", "Ann", false}} {
		if err := s.ClaimName(bg, c.key, "x", c.claim); errors.Is(err, ErrNameTaken) != c.taken {
			t.Errorf("%s claims %q: %v", c.key, c.claim, err)
		}
	}
}

func testPutRoom(t *testing.T, s *SQL) {
	fam := Room{Name: "fam", Game: game(t, 1, 10, at(0)), Host: "ka", Players: []string{"ka", "kb"}, Saved: true}
	if err := s.PutRoom(bg, fam, "ka"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Room(bg, "fam")
	if err != nil {
		t.Fatal(err)
	}
	if got.Game.State != fam.Game.State || !reflect.DeepEqual(got.Game.History, fam.Game.History) || !got.Game.Saved.Equal(fam.Game.Saved) ||
		got.Host != "ka" || !reflect.DeepEqual(got.Players, fam.Players) || !got.Saved {
		t.Fatalf("the room read back: %+v", got)
	}
	later := fam
	later.Game, later.Saved, later.Players, later.Host = game(t, 1, 20, at(1)), false, []string{"kb"}, "kb"
	if err := s.PutRoom(bg, later, "kb"); err != nil {
		t.Fatalf("a player's checkpoint: %v", err)
	}
	if got, _ := s.Room(bg, "fam"); len(got.Game.History) != 20 || !got.Saved || got.Host != "kb" {
		t.Fatalf("after the checkpoint: %d actions, saved %v, host %s", len(got.Game.History), got.Saved, got.Host)
	}
	stranger := Room{Name: "fam", Game: game(t, 2, 5, at(2)), Host: "kx", Players: []string{"kx"}, Saved: true}
	if err := s.PutRoom(bg, stranger, "kx"); !errors.Is(err, ErrNotYours) {
		t.Fatalf("a stranger overwrites the room: %v", err)
	}
	if err := s.PutRoom(bg, stranger, "ka"); !errors.Is(err, ErrNotYours) {
		t.Fatalf("a key that left the game overwrites it: %v", err)
	}
	if got, _ := s.Room(bg, "fam"); len(got.Game.History) != 20 {
		t.Fatal("the refused write changed the room")
	}
	if _, err := s.Room(bg, "none"); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a room never put: %v", err)
	}
	live := Room{Name: "live", Game: game(t, 3, 5, at(3)), Host: "kc", Players: []string{"kc"}}
	if err := s.PutRoom(bg, live, "kc"); err != nil {
		t.Fatal(err)
	}
	rooms, err := s.Rooms(bg, 10)
	if err != nil || len(rooms) != 2 || rooms[0].Name != "live" || rooms[1].Name != "fam" {
		t.Fatalf("rooms: %v %v", rooms, err)
	}
	if rooms, err := s.Rooms(bg, 1); err != nil || len(rooms) != 1 || rooms[0].Name != "live" {
		t.Fatalf("the newest room: %v %v", rooms, err)
	}
	for _, name := range []string{"fam", "live"} {
		if err := s.DropCheckpoint(bg, name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Room(bg, "live"); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a dropped checkpoint: %v", err)
	}
	if _, err := s.Room(bg, "fam"); err != nil {
		t.Fatalf("a saved room after DropCheckpoint: %v", err)
	}
}

// testPrune: rooms older than the limit go, and each host keeps only its
// most recent ones.
func testPrune(t *testing.T, s *SQL) {
	g := game(t, 1, 3, at(0))
	put := func(name, host string, minute int) {
		g.Saved = at(minute)
		if err := s.PutRoom(bg, Room{Name: name, Game: g, Host: host, Players: []string{host}, Saved: true}, host); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 50 { // one key saves 50 rooms, a minute apart
		put(fmt.Sprint("spam", i), "kx", i)
	}
	put("old", "ka", -100)
	put("mine", "ka", 10)
	n, err := s.Prune(bg, at(-50), 5)
	if err != nil || n != 46 {
		t.Fatalf("pruned %d, %v; want 46", n, err)
	}
	rooms, _ := s.Rooms(bg, 100)
	var names []string
	for _, r := range rooms {
		names = append(names, r.Name)
	}
	want := []string{"spam49", "spam48", "spam47", "spam46", "spam45", "mine"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("kept %v, want %v", names, want)
	}
}

// testResults: a finished game's seats are recorded once, even when
// two servers finish it.
func testResults(t *testing.T, s *SQL) {
	r := Result{Room: "fam", Game: "7/120", Seats: []ResultSeat{{Key: "ka", Name: "Ann", Points: 5200, Won: true}, {Name: "Computer 2", Points: 3100}}}
	for i := range 2 { // the second time a minute later, by the server that took the room over
		r.Finished = at(5 + i)
		if err := s.AddResult(bg, r); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := s.db.Query(`SELECT fingerprint, name, points, won FROM results WHERE room = $1 ORDER BY seat`, "fam")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []ResultSeat
	for rows.Next() {
		var seat ResultSeat
		var won int
		if err := rows.Scan(&seat.Key, &seat.Name, &seat.Points, &won); err != nil {
			t.Fatal(err)
		}
		seat.Won = won == 1
		got = append(got, seat)
	}
	if !reflect.DeepEqual(got, r.Seats) {
		t.Fatalf("results: %+v", got)
	}
}

// TestReopen: what was written is there when the database is opened
// again, in WAL mode.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mille.db")
	s := open(t, path)
	if err := s.SetName(bg, "ka", "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.PutRoom(bg, Room{Name: "fam", Game: game(t, 1, 7, at(0)), Host: "ka", Players: []string{"ka"}}, "ka"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, path)
	defer s.Close()
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q, %v", mode, err)
	}
	if name, _, _ := s.Name(bg, "ka"); name != "Ann" {
		t.Fatalf("name %q", name)
	}
	if r, err := s.Room(bg, "fam"); err != nil || len(r.Game.History) != 7 {
		t.Fatalf("room: %v", err)
	}
}

// TestMigrateOnce: servers that open one PostgreSQL database at once run
// its migrations once between them, and a store opened again runs none.
func TestMigrateOnce(t *testing.T) {
	url := pgtest.URL(t)
	errs := make(chan error)
	const servers = 4
	for range servers {
		go func() {
			s, err := OpenPostgres(url)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	for range servers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	s := newStore(t)
	for _, s := range []*SQL{newPostgres(t), s, open(t, filepath.Join(t.TempDir(), "again.db"))} {
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM migrations`).Scan(&n); err != nil || n != len(migrations) {
			t.Errorf("%d migrations recorded (%v), want %d", n, err, len(migrations))
		}
	}
}

// testClaimRace: of keys that claim one name at once (on several servers),
// one gets it and is named; the others are told it is taken.
func testClaimRace(t *testing.T, s *SQL) {
	for round := range 10 {
		claim := fmt.Sprint("zed", round)
		const keys = 6
		errs := make(chan error)
		for k := range keys {
			go func() { errs <- s.ClaimName(bg, fmt.Sprint(claim, "-k", k), "Zed", claim) }()
		}
		won := 0
		for range keys {
			switch err := <-errs; {
			case err == nil:
				won++
			case !errors.Is(err, ErrNameTaken):
				t.Fatal(err)
			}
		}
		var named int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM identities WHERE fingerprint LIKE $1`, claim+"-%").Scan(&named); err != nil {
			t.Fatal(err)
		}
		if won != 1 || named != 1 {
			t.Fatalf("%d keys got the name, %d are named by it; want 1", won, named)
		}
	}
}
