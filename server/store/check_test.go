package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// filled is a closed SQLite store at a new path holding n rooms and n
// names, big enough that its tables span many pages.
func filled(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mille.db")
	s := open(t, path)
	for i := range n {
		key := fmt.Sprintf("SHA256:key%04d", i)
		if err := s.SetName(bg, key, fmt.Sprintf("p%d", i)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutRoom(bg, Room{Name: fmt.Sprintf("room%04d", i), Host: "SHA256:a", Players: []string{"SHA256:a", "SHA256:b"}, Game: game(t, uint64(i), 30, at(i))}, "SHA256:a"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOpenSQLiteDamaged (issue 22, 10): a damaged database is refused at
// the start, saying so and what to do, where it once opened and every new
// name failed, silently.
func TestOpenSQLiteDamaged(t *testing.T) {
	for _, tc := range []struct {
		name   string
		code   int // the driver's result code the refusal is told by, 0 for quick_check's report
		damage func(t *testing.T, path string)
	}{
		{"not a database", sqlite3.SQLITE_NOTADB, func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("not a database at all. ", 500)), 0o600)
		}},
		{"a page overwritten", 0, func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			// The starts of pages past the first (the header and the
			// schema): b-tree page headers, or overflow chains' links.
			junk := []byte(strings.Repeat("\xff\x00junk", 10))
			for _, off := range []int64{4096 * 2, 4096 * 5, 4096 * 9} {
				if _, err := f.WriteAt(junk, off); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filled(t, 40)
			tc.damage(t, path)
			s, err := OpenSQLite(path)
			if err == nil {
				s.Close()
				t.Fatal("a damaged database opened")
			}
			if !errors.Is(err, ErrDamaged) || !refused(err, Damaged, path) {
				t.Fatalf("damaged: %v", err)
			}
			if code := resultCode(err); code != tc.code {
				t.Fatalf("damaged: told by the result code %d, want %d (%v)", code, tc.code, err)
			}
		})
	}
	// A sound one opens, and keeps what it held.
	s := open(t, filled(t, 40))
	defer s.Close()
	if name, ok, err := s.Name(bg, "SHA256:key0039"); err != nil || !ok || name != "p39" {
		t.Fatalf("sound database: %q %v %v", name, ok, err)
	}
}

// TestOpenSQLiteLocked (issue 22, 10): a database that another program
// holds locked for writing is refused at the start after startWait,
// saying so, where choosing a name once waited 10 s and failed silently.
// The wait is on the bubble's clock (synctest): measured exactly, not
// against the machine's load.
func TestOpenSQLiteLocked(t *testing.T) {
	path := filled(t, 1)
	synctest.Test(t, func(t *testing.T) {
		other, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		other.SetMaxOpenConns(1)
		if _, err := other.Exec(`BEGIN IMMEDIATE`); err != nil {
			t.Fatal(err)
		}
		began := time.Now()
		s, err := OpenSQLite(path)
		if err == nil {
			s.Close()
			t.Fatal("a locked database opened")
		}
		if !errors.Is(err, ErrLocked) || !refused(err, Locked, path) {
			t.Fatalf("locked: %v", err)
		}
		if code := resultCode(err); code != sqlite3.SQLITE_BUSY {
			t.Fatalf("locked: told by the result code %d, want SQLITE_BUSY (%v)", code, err)
		}
		if waited := time.Since(began); waited < startWait || waited > startWait+startTry {
			t.Fatalf("waited %v for the lock, want %v", waited, startWait)
		}
		other.Exec(`ROLLBACK`)
		open(t, path).Close()
	})
}

// BenchmarkOpenSQLite is the start's check on a store of 1,000 rooms.
func BenchmarkOpenSQLite(b *testing.B) {
	path := filled(b, 1000)
	for b.Loop() {
		s, err := OpenSQLite(path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// TestOpenSchema: a database whose tables are not the store's (a column
// missing) is refused when the store opens.
func TestOpenSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mille.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`CREATE TABLE migrations (n INTEGER NOT NULL)`,
		fmt.Sprintf(`INSERT INTO migrations (n) VALUES (%d)`, len(migrations)),
		`CREATE TABLE rooms (name TEXT PRIMARY KEY, host TEXT NOT NULL)`,
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err == nil {
		s.Close()
		t.Fatal("a database of other tables opened")
	}
	if !refused(err, Foreign, "") {
		t.Fatalf("other tables: %v", err)
	}
}

// refused reports whether err is the store's refusal why of the database
// at path.
// resultCode is the primary result code of the driver's error in err's
// chain, 0 for none.
func resultCode(err error) int {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return 0
	}
	return e.Code() & 0xff
}

// TestSQLiteCodes: the result codes sqliteError tells apart are the
// driver's.
func TestSQLiteCodes(t *testing.T) {
	for _, c := range [][2]int{
		{sqliteBusy, sqlite3.SQLITE_BUSY}, {sqliteLocked, sqlite3.SQLITE_LOCKED},
		{sqliteCorrupt, sqlite3.SQLITE_CORRUPT}, {sqliteNotADB, sqlite3.SQLITE_NOTADB},
	} {
		if c[0] != c[1] {
			t.Errorf("result code %d, the driver's %d", c[0], c[1])
		}
	}
}

func refused(err error, why OpenReason, path string) bool {
	var o *OpenError
	return errors.As(err, &o) && o.Why == why && o.Path == path
}
