package store

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrNoSQLite is OpenSQLite's answer in a mille built without the sqlite
// build tag, which leaves the SQLite driver out (driver.go).
var ErrNoSQLite = errors.New("this mille was built without SQLite, the server's database: " +
	"build it with -tags sqlite (go install -tags sqlite github.com/millebornes/mille@latest, " +
	"or go build -tags sqlite -o mille . in the source), or use a release binary")

// HasSQLite reports whether this mille was built with the SQLite driver
// (the sqlite build tag), which OpenSQLite needs.
func HasSQLite() bool { return slices.Contains(sql.Drivers(), "sqlite") }

// OpenSQLite opens the SQLite database at path as a store, making it if
// it does not exist. It runs in WAL mode: readers never wait for the
// writer, and a committed write survives the process being killed
// (synchronous=NORMAL can lose the last commits only to a power cut).
// Transactions take the write lock when they begin, so that one that
// reads before it writes never fails for another's write. It needs the
// SQLite driver, which the sqlite build tag compiles in (ErrNoSQLite).
func OpenSQLite(path string) (*SQL, error) {
	if !HasSQLite() {
		return nil, ErrNoSQLite
	}
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("store: %s: a database path cannot hold a '?'", path)
	}
	dsn := path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s, err := New(db)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return s, nil
}
