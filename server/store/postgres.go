package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// migrationLock is the key of the PostgreSQL advisory lock that the
// servers starting at once take in turn to run the migrations: the first
// runs them, the others find them run.
const migrationLock = 0x6d696c6c65 // "mille"

// maxConns is how many connections to PostgreSQL a store opens at most.
const maxConns = 16

// The deadlines PostgreSQL itself keeps on each of the store's
// connections, below CallTimeout: a statement that runs longer, or waits
// longer for a lock (a row another transaction holds, a LOCK TABLE), is
// cancelled by the database and the call refused, rather than a game
// waiting for it (issue 32).
const (
	statementTimeout = 4 * time.Second
	lockTimeout      = 3 * time.Second
)

// OpenPostgres opens the PostgreSQL database at url (postgres://...) as a
// store, making its tables if the first server to open it. Several mille
// serve processes share one such store (docs/server.md). Its connections
// set statement_timeout and lock_timeout, unless url sets them.
func OpenPostgres(url string) (*SQL, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	for name, d := range map[string]time.Duration{"statement_timeout": statementTimeout, "lock_timeout": lockTimeout} {
		if _, set := cfg.RuntimeParams[name]; !set {
			cfg.RuntimeParams[name] = fmt.Sprint(d.Milliseconds())
		}
	}
	db := stdlib.OpenDB(*cfg)
	// A server's statements are short: a few connections, kept open (a
	// new one costs PostgreSQL a process), serve many rooms, and several
	// servers stay within the database's max_connections. database/sql
	// has no timeout of its own for the wait for one: each call's
	// context bounds it (CallTimeout, or the caller's sooner deadline or
	// end).
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: reaching PostgreSQL: %w", err)
	}
	// The lock is the transaction's: it goes when the transaction ends,
	// even if a migration fails.
	s, err := migrate(db, func(tx *sql.Tx) error {
		_, err := tx.Exec(`SELECT pg_advisory_xact_lock($1)`, migrationLock)
		return err
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	s.forShare, s.forUpdate = " FOR SHARE", " FOR UPDATE"
	return s, nil
}
