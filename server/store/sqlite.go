package store

import (
	"database/sql"
	"fmt"
	"strings"

	_ "modernc.org/sqlite" // the "sqlite" driver: SQLite in pure Go, so mille builds without cgo
)

// OpenSQLite opens the SQLite database at path as a store, making it if
// it does not exist. It runs in WAL mode: readers never wait for the
// writer, and a committed write survives the process being killed
// (synchronous=NORMAL can lose the last commits only to a power cut).
// Transactions take the write lock when they begin, so that one that
// reads before it writes never fails for another's write.
func OpenSQLite(path string) (*SQL, error) {
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
