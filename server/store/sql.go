package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/millebornes/mille/save"
)

// migrations make and change the store's tables, in order; each runs
// once in a database, which records in table migrations how many have
// run. Never edit one that has landed: add another. Their SQL, like every
// statement here, runs on SQLite and on PostgreSQL alike: TEXT, INTEGER
// and BIGINT columns, $1-style parameters, INSERT ... ON CONFLICT, and a
// window function to prune. Times are Unix seconds.
var migrations = [][]string{
	// 1: the tables of a store before migrations were counted, which is
	// why they say IF NOT EXISTS.
	{
		`CREATE TABLE IF NOT EXISTS identities (
			fingerprint TEXT PRIMARY KEY,
			name TEXT NOT NULL
		)`,
		// claims holds the claim of each key's name (Store.ClaimName): one
		// key a claim, one claim a key.
		`CREATE TABLE IF NOT EXISTS claims (
			claim TEXT PRIMARY KEY,
			fingerprint TEXT NOT NULL
		)`,
		`CREATE UNIQUE INDEX IF NOT EXISTS claims_fingerprint ON claims (fingerprint)`,
		// players holds the players' keys separated by spaces (a key
		// fingerprint has none); game is the save file.
		`CREATE TABLE IF NOT EXISTS rooms (
			name TEXT PRIMARY KEY,
			host TEXT NOT NULL,
			players TEXT NOT NULL,
			saved INTEGER NOT NULL,
			written BIGINT NOT NULL,
			game TEXT NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS rooms_written ON rooms (written)`,
		`CREATE INDEX IF NOT EXISTS rooms_host ON rooms (host, written)`,
		`CREATE TABLE IF NOT EXISTS results (
			room TEXT NOT NULL,
			finished BIGINT NOT NULL,
			seat INTEGER NOT NULL,
			fingerprint TEXT NOT NULL,
			name TEXT NOT NULL,
			points INTEGER NOT NULL,
			won INTEGER NOT NULL,
			PRIMARY KEY (room, finished, seat)
		)`,
		`CREATE INDEX IF NOT EXISTS results_fingerprint ON results (fingerprint)`,
	},
	// 2: several servers on one database (shared.go). A lease says which
	// server holds a room, until when (Unix milliseconds) and where it
	// listens; a move is one action of a room's game, number n of its
	// history, written before anyone sees it.
	{
		`CREATE TABLE leases (
			room TEXT PRIMARY KEY,
			holder TEXT NOT NULL,
			addr TEXT NOT NULL,
			until BIGINT NOT NULL
		)`,
		`CREATE TABLE moves (
			room TEXT NOT NULL,
			n INTEGER NOT NULL,
			action INTEGER NOT NULL,
			PRIMARY KEY (room, n)
		)`,
	},
	// 3: a result names its game, so that a game finished on one server
	// and replayed on another that took its room over is recorded once.
	{
		`ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT ''`,
		`CREATE UNIQUE INDEX results_game ON results (room, game, seat) WHERE game <> ''`,
	},
}

// SQL is a Store in a SQL database.
type SQL struct {
	db *sql.DB
}

// New makes a store in db, running the migrations it has not run yet,
// all in one transaction. The store closes db when it is closed.
func New(db *sql.DB) (*SQL, error) { return migrate(db, nil) }

// migrate is New, lock first taking in the migrations' transaction what
// holds back the other servers that open the same database at once
// (OpenPostgres), until it ends.
func migrate(db *sql.DB, lock func(*sql.Tx) error) (*SQL, error) {
	err := (&SQL{db: db}).inTx(func(tx *sql.Tx) error {
		if lock != nil {
			if err := lock(tx); err != nil {
				return fmt.Errorf("waiting for the other servers' migrations: %w", err)
			}
		}
		if _, err := tx.Exec(`CREATE TABLE IF NOT EXISTS migrations (n INTEGER NOT NULL)`); err != nil {
			return err
		}
		var done int
		if err := tx.QueryRow(`SELECT COALESCE(MAX(n), 0) FROM migrations`).Scan(&done); err != nil {
			return fmt.Errorf("reading the migrations: %w", err)
		}
		if done > len(migrations) {
			return fmt.Errorf("the database is of a newer mille (%d migrations, this one knows %d)", done, len(migrations))
		}
		for i := done; i < len(migrations); i++ {
			for _, stmt := range append(migrations[i], `INSERT INTO migrations (n) VALUES ($1)`) {
				if _, err := tx.Exec(stmt, argsOf(stmt, i+1)...); err != nil {
					return fmt.Errorf("migration %d: %w", i+1, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: making the tables: %w", err)
	}
	for _, q := range schema {
		rows, err := db.Query(q + ` LIMIT 0`)
		if err == nil {
			err = rows.Close()
		}
		if err != nil {
			return nil, fmt.Errorf("store: the database's tables are not the ones this mille writes (%w): is it another program's?", err)
		}
	}
	return &SQL{db: db}, nil
}

// schema reads every column of every table the store uses: a database
// whose tables lack one (another program's, or one changed by hand) is
// refused when the store opens, rather than failing at each write.
var schema = []string{
	`SELECT fingerprint, name FROM identities`,
	`SELECT claim, fingerprint FROM claims`,
	`SELECT name, host, players, saved, written, game FROM rooms`,
	`SELECT room, finished, seat, fingerprint, name, points, won FROM results`,
	`SELECT room, holder, addr, until FROM leases`,
	`SELECT room, n, action FROM moves`,
}

// argsOf gives statement stmt of a migration its argument, n, if it
// takes one: only the one that records the migration does.
func argsOf(stmt string, n int) []any {
	if strings.Contains(stmt, "$1") {
		return []any{n}
	}
	return nil
}

// Close closes the database.
func (s *SQL) Close() error { return s.db.Close() }

// Name implements Store.
func (s *SQL) Name(key string) (string, bool, error) {
	var name string
	err := s.db.QueryRow(`SELECT name FROM identities WHERE fingerprint = $1`, key).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return name, true, nil
}

// setName is the statement that records a name.
const setName = `INSERT INTO identities (fingerprint, name) VALUES ($1, $2)
	ON CONFLICT (fingerprint) DO UPDATE SET name = excluded.name`

// SetName implements Store.
func (s *SQL) SetName(key, name string) error {
	_, err := s.db.Exec(setName, key, name)
	return err
}

// The statements that claim a name for a key.
const (
	claimHolder = `SELECT fingerprint FROM claims WHERE claim = $1`
	dropClaim   = `DELETE FROM claims WHERE fingerprint = $1`
	addClaim    = `INSERT INTO claims (claim, fingerprint) VALUES ($1, $2) ON CONFLICT (claim) DO NOTHING`
)

// ClaimName implements Store, in one transaction. Of two servers that
// claim a name at once, the one whose claim the database takes second
// finds it taken.
func (s *SQL) ClaimName(key, name, claim string) error {
	return s.inTx(func(tx *sql.Tx) error {
		var holder string
		switch err := tx.QueryRow(claimHolder, claim).Scan(&holder); {
		case err == nil && holder != key:
			return ErrNameTaken
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return err
		}
		for _, stmt := range []struct {
			sql  string
			args []any
		}{{dropClaim, []any{key}}, {addClaim, []any{claim, key}}, {setName, []any{key, name}}} {
			res, err := tx.Exec(stmt.sql, stmt.args...)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); stmt.sql == addClaim && err == nil && n == 0 {
				return ErrNameTaken // another key's claim, made since it was read
			}
		}
		return nil
	})
}

// ImportNames implements Store, in one transaction.
func (s *SQL) ImportNames(names map[string]string, claim func(string) string) error {
	return s.inTx(func(tx *sql.Tx) error {
		stmts := []string{setName}
		if claim != nil {
			stmts = append(stmts, dropClaim, addClaim)
		}
		prepared := make([]*sql.Stmt, len(stmts))
		for i, q := range stmts {
			stmt, err := tx.Prepare(q)
			if err != nil {
				return err
			}
			defer stmt.Close()
			prepared[i] = stmt
		}
		for _, key := range slices.Sorted(maps.Keys(names)) {
			if _, err := prepared[0].Exec(key, names[key]); err != nil {
				return err
			}
			if claim == nil {
				continue
			}
			if _, err := prepared[1].Exec(key); err != nil {
				return err
			}
			if _, err := prepared[2].Exec(claim(names[key]), key); err != nil {
				return err
			}
		}
		return nil
	})
}

// Reclaim implements Store, in one transaction.
func (s *SQL) Reclaim(claim func(string) string) error {
	return s.inTx(func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT fingerprint, name FROM identities ORDER BY fingerprint`)
		if err != nil {
			return err
		}
		var keys, names []string
		for rows.Next() {
			var key, name string
			if err := rows.Scan(&key, &name); err != nil {
				rows.Close()
				return err
			}
			keys, names = append(keys, key), append(names, name)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM claims`); err != nil {
			return err
		}
		add, err := tx.Prepare(addClaim)
		if err != nil {
			return err
		}
		defer add.Close()
		for i, key := range keys {
			if _, err := add.Exec(claim(names[i]), key); err != nil {
				return err
			}
		}
		return nil
	})
}

// PutRoom implements Store.
func (s *SQL) PutRoom(r Room, by string) error {
	data, err := save.Marshal(r.Game)
	if err != nil {
		return fmt.Errorf("room %s: %w", r.Name, err)
	}
	saved := 0
	if r.Saved {
		saved = 1
	}
	return s.inTx(func(tx *sql.Tx) error {
		var host, players string
		err := tx.QueryRow(`SELECT host, players FROM rooms WHERE name = $1`, r.Name).Scan(&host, &players)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		case by != host && !slices.Contains(strings.Fields(players), by):
			return ErrNotYours
		}
		// A room once saved stays saved when a checkpoint replaces it.
		_, err = tx.Exec(`INSERT INTO rooms (name, host, players, saved, written, game)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (name) DO UPDATE SET host = excluded.host, players = excluded.players,
				saved = CASE WHEN rooms.saved = 1 THEN 1 ELSE excluded.saved END,
				written = excluded.written, game = excluded.game`,
			r.Name, r.Host, strings.Join(r.Players, " "), saved, r.Game.Saved.Unix(), string(data))
		return err
	})
}

// roomColumns are the columns a Room is read from, in scanRoom's order.
const roomColumns = `name, host, players, saved, game`

// scanRoom reads a room from a row of roomColumns, checking its game as
// package save checks a file.
func scanRoom(row interface{ Scan(...any) error }) (Room, error) {
	var r Room
	var players, game string
	var saved int
	if err := row.Scan(&r.Name, &r.Host, &players, &saved, &game); err != nil {
		return Room{}, err
	}
	g, err := save.Decode(bytes.NewReader([]byte(game)))
	if err != nil {
		return Room{}, fmt.Errorf("room %s: %w", r.Name, err)
	}
	r.Game, r.Players, r.Saved = g, strings.Fields(players), saved == 1
	return r, nil
}

// Room implements Store.
func (s *SQL) Room(name string) (Room, error) {
	r, err := scanRoom(s.db.QueryRow(`SELECT `+roomColumns+` FROM rooms WHERE name = $1`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return Room{}, ErrNoRoom
	}
	return r, err
}

// Rooms implements Store. A room whose game does not load is left out,
// and named in the error.
func (s *SQL) Rooms(n int) ([]Room, error) {
	rows, err := s.db.Query(`SELECT `+roomColumns+` FROM rooms ORDER BY written DESC, name LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var rooms []Room
	var errs []error
	for rows.Next() {
		r, err := scanRoom(rows)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rooms = append(rooms, r)
	}
	return rooms, errors.Join(append(errs, rows.Err())...)
}

// DropCheckpoint implements Store.
func (s *SQL) DropCheckpoint(name string) error {
	_, err := s.db.Exec(`DELETE FROM rooms WHERE name = $1 AND saved = 0`, name)
	return err
}

// Prune implements Store.
func (s *SQL) Prune(before time.Time, perKey int) (int, error) {
	n := 0
	err := s.inTx(func(tx *sql.Tx) error {
		res, err := tx.Exec(`DELETE FROM rooms WHERE written < $1`, before.Unix())
		if err != nil {
			return err
		}
		old, _ := res.RowsAffected()
		n = int(old)
		if perKey <= 0 {
			return nil
		}
		res, err = tx.Exec(`DELETE FROM rooms WHERE name IN (
			SELECT name FROM (
				SELECT name, ROW_NUMBER() OVER (PARTITION BY host ORDER BY written DESC, name) AS n FROM rooms
			) AS ranked WHERE n > $1)`, perKey)
		if err != nil {
			return err
		}
		more, _ := res.RowsAffected()
		n += int(more)
		return nil
	})
	return n, err
}

// AddResult implements Store. A result already recorded (the same room
// and game, or without a game the same second) is kept as it was.
func (s *SQL) AddResult(r Result) error {
	return s.inTx(func(tx *sql.Tx) error {
		for i, seat := range r.Seats {
			won := 0
			if seat.Won {
				won = 1
			}
			_, err := tx.Exec(`INSERT INTO results (room, finished, seat, fingerprint, name, points, won, game)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
				r.Room, r.Finished.Unix(), i, seat.Key, seat.Name, seat.Points, won, r.Game)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// inTx runs f in a transaction, committed if f returns nil.
func (s *SQL) inTx(f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
