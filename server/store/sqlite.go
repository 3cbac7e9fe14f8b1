package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ErrNoSQLite is OpenSQLite's answer in a program built without the
// serve build tag, which leaves the SQLite driver out (driver.go).
var ErrNoSQLite = errors.New("this mille was built without SQLite, the server's database: " +
	"build it with -tags serve (go install -tags serve github.com/millebornes/mille@latest, " +
	"or go build -tags serve -o mille . in the source), or use a release binary")

// HasSQLite reports whether this mille was built with the SQLite driver
// (the serve build tag), which OpenSQLite needs.
func HasSQLite() bool { return slices.Contains(sql.Drivers(), "sqlite") }

// OpenSQLite opens the SQLite database at path as a store, making it if
// it does not exist. It runs in WAL mode: readers never wait for the
// writer, and a committed write survives the process being killed
// (synchronous=NORMAL can lose the last commits only to a power cut).
// Transactions take the write lock when they begin, so that one that
// reads before it writes never fails for another's write. It needs the
// SQLite driver, which the serve build tag compiles in (ErrNoSQLite).
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
	if err := checkSQLite(db); err != nil {
		db.Close()
		return nil, sqliteError(path, err)
	}
	s, err := New(db)
	if err != nil {
		db.Close()
		return nil, sqliteError(path, err)
	}
	return s, nil
}

// ErrDamaged is the error of a database file that is not a sound SQLite
// database: OpenSQLite will not write into it (issue 22: a damaged
// mille.db made the server start silently, and every new name failed).
var ErrDamaged = errors.New("the database is damaged")

// ErrLocked is the error of a database another program holds locked for
// writing, longer than the store waits.
var ErrLocked = errors.New("the database is locked by another program")

// startWait is how long OpenSQLite waits for another program's write
// lock before it says so; the store's own writes wait 10 s. It tries
// the lock every startTry meanwhile.
const (
	startWait = time.Second
	startTry  = 50 * time.Millisecond
)

// checkSQLite checks the database before the store uses it: SQLite's
// quick_check (every page and index readable and consistent, in time
// linear in the file's size: OpenSQLite takes 4 ms in all on a store of
// 1,000 rooms, BenchmarkOpenSQLite), and that no other program holds the
// write lock.
func checkSQLite(db *sql.DB) error {
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, `PRAGMA quick_check(5)`)
	if err != nil {
		return err
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrDamaged, strings.Join(problems, "; "))
	}
	// The wait is the store's own, on Go's clock: SQLite's busy
	// timeout sleeps in the C library for a call whose context cannot
	// end (modernc.org/sqlite waits on a Go timer only for one that
	// can), which a test cannot measure but against the machine's load.
	// In a synctest bubble this wait is exact and takes no time.
	if _, err := conn.ExecContext(ctx, `PRAGMA busy_timeout = 0`); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `PRAGMA busy_timeout = 10000`)
	for deadline := time.Now().Add(startWait); ; time.Sleep(startTry) {
		_, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`)
		if err == nil {
			_, err = conn.ExecContext(ctx, `ROLLBACK`)
			return err
		}
		if sqliteCode(err) != sqliteBusy || !time.Now().Before(deadline) {
			return err
		}
	}
}

// SQLite's primary result codes that OpenSQLite tells apart (sqlite3.h;
// modernc.org/sqlite/lib spells them the same, which the tests check).
const (
	sqliteBusy    = 5  // SQLITE_BUSY: another connection holds the lock
	sqliteLocked  = 6  // SQLITE_LOCKED: a table is locked
	sqliteCorrupt = 11 // SQLITE_CORRUPT: the file is malformed
	sqliteNotADB  = 26 // SQLITE_NOTADB: the file is no database
)

// sqliteError says what err, met opening the database at path, means for
// the person who runs the server, and what to do. The driver's result
// code tells a damaged database from a locked one, not its message's
// words: modernc.org/sqlite's *sqlite.Error has Code, read through an
// interface so that a mille built without the driver (ErrNoSQLite) does
// not compile it in; an extended code counts by its primary code, its
// low byte.
func sqliteError(path string, err error) error {
	code := sqliteCode(err)
	switch {
	case errors.Is(err, ErrDamaged):
		return &OpenError{Why: Damaged, Path: path, Err: err}
	case code == sqliteCorrupt || code == sqliteNotADB:
		return &OpenError{Why: Damaged, Path: path, Err: fmt.Errorf("%w: %w", ErrDamaged, err)}
	case code == sqliteBusy || code == sqliteLocked:
		return &OpenError{Why: Locked, Path: path, Err: err}
	}
	return fmt.Errorf("%w (%s)", err, path)
}

// sqliteCode is the primary result code of the driver's error in err's
// chain (sqliteError), -1 for none.
func sqliteCode(err error) int {
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		return coded.Code() & 0xff
	}
	return -1
}

// An OpenError is why the store refused a database at its start: a
// reason, the database's path (a SQLite file's) and the error met, for a
// program to act on with errors.As; Error is the English for whoever runs
// the server, with what to do. errors.Is finds ErrDamaged and ErrLocked
// in it as before.
type OpenError struct {
	Why  OpenReason
	Path string
	Err  error
}

// An OpenReason is what is wrong with a database the store opens.
type OpenReason uint8

// The reasons a database is refused.
const (
	Damaged OpenReason = iota // not a sound SQLite database
	Locked                    // another program holds it locked for writing
	Foreign                   // its tables are not the ones the store writes
)

func (e *OpenError) Error() string {
	switch e.Why {
	case Damaged:
		return fmt.Sprintf("store: %s: %v. The server will not write into it: move it aside "+
			"(with its -wal and -shm files) to start with an empty store, or put back a backup "+
			"(sqlite3's .recover may save what is left of it)", e.Path, e.Err)
	case Locked:
		return fmt.Sprintf("store: %s: %v (%v): close the program that holds it (a sqlite3 shell, a backup) and start again", e.Path, ErrLocked, e.Err)
	}
	return fmt.Sprintf("store: the database's tables are not the ones this mille writes (%v): is it another program's?", e.Err)
}

// Unwrap gives the error met and, for a locked database, ErrLocked (a
// damaged one's error holds ErrDamaged already).
func (e *OpenError) Unwrap() []error {
	if e.Why == Locked {
		return []error{ErrLocked, e.Err}
	}
	return []error{e.Err}
}
