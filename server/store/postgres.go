package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver of database/sql
)

// migrationLock is the key of the PostgreSQL advisory lock that the
// servers starting at once take in turn to run the migrations: the first
// runs them, the others find them run.
const migrationLock = 0x6d696c6c65 // "mille"

// maxConns is how many connections to PostgreSQL a store opens at most.
const maxConns = 16

// OpenPostgres opens the PostgreSQL database at url (postgres://...) as a
// store, making its tables if the first server to open it. Several mille
// serve processes share one such store (docs/server.md).
func OpenPostgres(url string) (*SQL, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// A server's statements are short: a few connections, kept open (a
	// new one costs PostgreSQL a process), serve many rooms, and several
	// servers stay within the database's max_connections.
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
	return s, nil
}
