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

// OpenPostgres opens the PostgreSQL database at url (postgres://...) as a
// store, making its tables if the first server to open it. Several mille
// serve processes share one such store (docs/server.md).
func OpenPostgres(url string) (*SQL, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
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
