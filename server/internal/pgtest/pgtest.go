// Package pgtest gives a test a PostgreSQL database of its own: a fresh
// schema in the cluster whose URL is in $MILLE_TEST_POSTGRES (.ci/run
// starts a throwaway one). Without it the test is skipped, with a message
// saying how to run it; under CI (CI=true) it fails instead.
package pgtest

import (
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Env is the variable that holds the cluster's URL.
const Env = "MILLE_TEST_POSTGRES"

// URL returns the URL of an empty schema made for t in the cluster at
// $MILLE_TEST_POSTGRES, dropped when t ends.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("$%s is not set: CI runs the PostgreSQL tests (.ci/run starts a cluster)", Env)
		}
		t.Skipf("no PostgreSQL: set $%s to a cluster's URL (postgres://USER@127.0.0.1:PORT/DB?sslmode=disable), or run .ci/run", Env)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("$%s: %v", Env, err)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	if _, err := db.Exec(fmt.Sprintf(`CREATE SCHEMA %q`, schema)); err != nil {
		t.Fatalf("$%s: %v", Env, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec(fmt.Sprintf(`DROP SCHEMA %q CASCADE`, schema))
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Hold runs stmt with args in a transaction of its own on the database at
// url and leaves it open, holding whatever locks stmt took (a row, a
// table), as another program would, until the test rolls it back or
// ends. It returns the transaction, and the database for the test's own
// queries.
func Hold(t testing.TB, url, stmt string, args ...any) (*sql.Tx, *sql.DB) {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback() })
	if _, err := tx.Exec(stmt, args...); err != nil {
		t.Fatal(err)
	}
	return tx, db
}
