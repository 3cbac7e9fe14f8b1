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
	"sync/atomic"
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
	// 4: a lease's epoch, its fencing token: it grows at every change of
	// the room's holder, and every write of the room names it (shared.go).
	{
		`ALTER TABLE leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0`,
	},
	// 5: ranked play (ratings.go). A rating is an identity's skill
	// belief, with its ordinal (rating.Ordinal) kept to sort the ranking
	// by; a rating change is what a rated game did to one seat's; a
	// result says whether its game was rated.
	{
		`CREATE TABLE ratings (
			fingerprint TEXT PRIMARY KEY,
			mu DOUBLE PRECISION NOT NULL,
			sigma DOUBLE PRECISION NOT NULL,
			ordinal DOUBLE PRECISION NOT NULL,
			games INTEGER NOT NULL,
			wins INTEGER NOT NULL,
			updated BIGINT NOT NULL
		)`,
		`CREATE INDEX ratings_ordinal ON ratings (ordinal)`,
		`CREATE TABLE rating_changes (
			room TEXT NOT NULL,
			game TEXT NOT NULL,
			seat INTEGER NOT NULL,
			fingerprint TEXT NOT NULL,
			finished BIGINT NOT NULL,
			mu_before DOUBLE PRECISION NOT NULL,
			sigma_before DOUBLE PRECISION NOT NULL,
			mu_after DOUBLE PRECISION NOT NULL,
			sigma_after DOUBLE PRECISION NOT NULL,
			PRIMARY KEY (room, game, seat)
		)`,
		`CREATE INDEX rating_changes_fingerprint ON rating_changes (fingerprint, finished)`,
		`ALTER TABLE results ADD COLUMN rated INTEGER NOT NULL DEFAULT 0`,
	},
	// 6: the bot ladder (bots.go). A bot is a key its owner, another
	// key, registered as a program's: the ranking marks it, and it plays
	// no rated game against its owner.
	{
		`CREATE TABLE bots (
			fingerprint TEXT PRIMARY KEY,
			owner TEXT NOT NULL,
			registered BIGINT NOT NULL
		)`,
		`CREATE INDEX bots_owner ON bots (owner)`,
	},
	// 7: a result's seat given up by its person (ResultSeat.Forfeit),
	// who lost the rated game by leaving it.
	{
		`ALTER TABLE results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0`,
	},
	// 8: a result's ruleset (Result.Rules) and each seat's side, for
	// outside tools (ExportResults: the places of teams).
	{
		`ALTER TABLE results ADD COLUMN rules TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE results ADD COLUMN side INTEGER NOT NULL DEFAULT 0`,
	},
	// 9: the quick match's queue shared by a cluster's servers (queue.go):
	// a ticket a person waiting, renewed by their server until it is
	// taken into a room (room, and addr where its server listens).
	{
		`CREATE TABLE quick_waiting (
			id BIGINT PRIMARY KEY,
			fingerprint TEXT NOT NULL,
			name TEXT NOT NULL,
			rating INTEGER NOT NULL,
			size INTEGER NOT NULL,
			since BIGINT NOT NULL,
			server TEXT NOT NULL,
			until BIGINT NOT NULL,
			room TEXT NOT NULL DEFAULT '',
			addr TEXT NOT NULL DEFAULT ''
		)`,
	},
	// 10: the bot ladder's faults and benches (bots.go: BotFault), kept
	// with the bots so that the servers sharing a store count a bot's
	// faults together, and a restart forgets none. Times in Unix
	// milliseconds.
	{
		`CREATE TABLE bot_faults (
			fingerprint TEXT NOT NULL,
			at BIGINT NOT NULL
		)`,
		`CREATE INDEX bot_faults_fingerprint ON bot_faults (fingerprint, at)`,
		`ALTER TABLE bots ADD COLUMN benched_until BIGINT NOT NULL DEFAULT 0`,
	},
	// 11: a quick-match ticket's friend (Ticket.Partner): two people who
	// asked for each other sit as partners at a table of teams.
	{
		`ALTER TABLE quick_waiting ADD COLUMN partner TEXT NOT NULL DEFAULT ''`,
	},
	// 12: a lease given up stays, a row of nobody's (holder ''), so that
	// a room's epochs never repeat (shared.go: DropLease); the leases
	// read every second are those held (leases_held). taken_over says
	// the lease was last taken from a server that held it (a takeover),
	// which a new row's epoch 1 said before.
	{
		`ALTER TABLE leases ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0`,
		`CREATE INDEX leases_held ON leases (room) WHERE holder <> ''`,
	},
}

// SQL is a Store in a SQL database.
type SQL struct {
	db *sql.DB
	// names lets at most maxNames calls of the players' names use the
	// database at once: a locked identities table and a burst of logins
	// once took every connection, and the games stopped with them
	// (issue 32).
	names chan struct{}
	// forShare ends the statement that reads a lease to write its room
	// (SQL.holds): " FOR SHARE" on PostgreSQL, "" on SQLite.
	forShare string
	// forUpdate ends the statement that reads a player's rating to
	// change it (SQL.rate): " FOR UPDATE" on PostgreSQL, "" on SQLite,
	// whose writing transactions run one at a time.
	forUpdate string
	// slow, when set, hears of every call that took longer than
	// SlowCall (SetSlow).
	slow atomic.Pointer[func(op, room string, took time.Duration)]
}

// The deadlines of the store's calls (docs/server.md, "Deadlines").
const (
	// CallTimeout bounds every call of the store, the wait for a
	// connection of the pool included: a database that does not answer
	// refuses the call after it, and never holds a game longer.
	CallTimeout = 5 * time.Second
	// startTimeout bounds what runs once as the store opens (the
	// migrations, the names' claims made again), which may be long on
	// a large store.
	startTimeout = 2 * time.Minute
	// SlowCall is how long a call takes before it is logged (SetSlow).
	SlowCall = time.Second
	// maxNames is how many calls of the players' names use the database
	// at once, at most (SQL.names).
	maxNames = 4
)

// newSQL is the store of db.
func newSQL(db *sql.DB) *SQL { return &SQL{db: db, names: make(chan struct{}, maxNames)} }

// SetSlow has f hear of every call of the store that takes longer than
// SlowCall: its operation, its room ("" for none) and how long it took.
func (s *SQL) SetSlow(f func(op, room string, took time.Duration)) { s.slow.Store(&f) }

// call starts operation op of room ("" for none) within parent: it
// returns the call's context, with its deadline (CallTimeout, or
// parent's if sooner), and done, which the call runs as it ends to report
// it if slow.
func (s *SQL) call(parent context.Context, op, room string) (context.Context, func()) {
	return s.callFor(parent, CallTimeout, op, room)
}

// callFor is call with deadline d.
func (s *SQL) callFor(parent context.Context, d time.Duration, op, room string) (context.Context, func()) {
	ctx, cancel := context.WithTimeout(parent, d)
	start := time.Now()
	return ctx, func() {
		cancel()
		if took := time.Since(start); took > SlowCall {
			if f := s.slow.Load(); f != nil {
				(*f)(op, room, took)
			}
		}
	}
}

// nameCall is call for the players' names: it waits, within the call's
// deadline, for one of the maxNames places (SQL.names); release gives it
// back.
func (s *SQL) nameCall(parent context.Context, op string) (ctx context.Context, release func(), err error) {
	ctx, done := s.call(parent, op, "")
	select {
	case s.names <- struct{}{}:
		return ctx, func() { <-s.names; done() }, nil
	case <-ctx.Done():
		done()
		return nil, nil, fmt.Errorf("waiting for the database: %w", ctx.Err())
	}
}

// New makes a store in db, running the migrations it has not run yet,
// all in one transaction. The store closes db when it is closed.
func New(db *sql.DB) (*SQL, error) { return migrate(db, nil) }

// migrate is New, lock first taking in the migrations' transaction what
// holds back the other servers that open the same database at once
// (OpenPostgres), until it ends.
func migrate(db *sql.DB, lock func(*sql.Tx) error) (*SQL, error) {
	s := newSQL(db)
	ctx, done := s.callFor(context.Background(), startTimeout, "migrate", "")
	defer done()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
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
		rows, err := db.QueryContext(ctx, q+` LIMIT 0`)
		if err == nil {
			err = rows.Close()
		}
		if err != nil {
			return nil, &OpenError{Why: Foreign, Err: err}
		}
	}
	return s, nil
}

// schema reads every column of every table the store uses: a database
// whose tables lack one (another program's, or one changed by hand) is
// refused when the store opens, rather than failing at each write.
var schema = []string{
	`SELECT fingerprint, name FROM identities`,
	`SELECT claim, fingerprint FROM claims`,
	`SELECT name, host, players, saved, written, game FROM rooms`,
	`SELECT room, finished, seat, fingerprint, name, points, won FROM results`,
	`SELECT room, holder, addr, until, epoch, taken_over FROM leases`,
	`SELECT room, n, action FROM moves`,
	`SELECT fingerprint, mu, sigma, ordinal, games, wins, updated FROM ratings`,
	`SELECT room, game, seat, fingerprint, finished, mu_before, sigma_before, mu_after, sigma_after FROM rating_changes`,
	`SELECT rated, forfeit, rules, side FROM results`,
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
func (s *SQL) Name(ctx context.Context, key string) (string, bool, error) {
	ctx, release, err := s.nameCall(ctx, "name")
	if err != nil {
		return "", false, err
	}
	defer release()
	var name string
	err = s.db.QueryRowContext(ctx, `SELECT name FROM identities WHERE fingerprint = $1`, key).Scan(&name)
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
func (s *SQL) SetName(ctx context.Context, key, name string) error {
	ctx, release, err := s.nameCall(ctx, "set name")
	if err != nil {
		return err
	}
	defer release()
	_, err = s.db.ExecContext(ctx, setName, key, name)
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
func (s *SQL) ClaimName(ctx context.Context, key, name, claim string) error {
	ctx, release, err := s.nameCall(ctx, "claim name")
	if err != nil {
		return err
	}
	defer release()
	return s.inTx(ctx, func(tx *sql.Tx) error { return claimTx(ctx, tx, key, name, claim) })
}

// claimTx is ClaimName within tx.
func claimTx(ctx context.Context, tx *sql.Tx, key, name, claim string) error {
	var holder string
	switch err := tx.QueryRowContext(ctx, claimHolder, claim).Scan(&holder); {
	case err == nil && holder != key:
		return ErrNameTaken
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return err
	}
	for _, stmt := range []struct {
		sql  string
		args []any
	}{{dropClaim, []any{key}}, {addClaim, []any{claim, key}}, {setName, []any{key, name}}} {
		res, err := tx.ExecContext(ctx, stmt.sql, stmt.args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); stmt.sql == addClaim && err == nil && n == 0 {
			return ErrNameTaken // another key's claim, made since it was read
		}
	}
	return nil
}

// ImportNames implements Store, in one transaction.
func (s *SQL) ImportNames(ctx context.Context, names map[string]string, claim func(string) string) error {
	ctx, done := s.callFor(ctx, startTimeout, "import names", "")
	defer done()
	return s.inTx(ctx, func(tx *sql.Tx) error {
		stmts := []string{setName}
		if claim != nil {
			stmts = append(stmts, dropClaim, addClaim)
		}
		prepared := make([]*sql.Stmt, len(stmts))
		for i, q := range stmts {
			stmt, err := tx.PrepareContext(ctx, q)
			if err != nil {
				return err
			}
			defer stmt.Close()
			prepared[i] = stmt
		}
		for _, key := range slices.Sorted(maps.Keys(names)) {
			if _, err := prepared[0].ExecContext(ctx, key, names[key]); err != nil {
				return err
			}
			if claim == nil {
				continue
			}
			if _, err := prepared[1].ExecContext(ctx, key); err != nil {
				return err
			}
			if _, err := prepared[2].ExecContext(ctx, claim(names[key]), key); err != nil {
				return err
			}
		}
		return nil
	})
}

// Reclaim implements Store, in one transaction.
func (s *SQL) Reclaim(ctx context.Context, claim func(string) string) error {
	ctx, done := s.callFor(ctx, startTimeout, "reclaim", "")
	defer done()
	return s.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT fingerprint, name FROM identities ORDER BY fingerprint`)
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
		if _, err := tx.ExecContext(ctx, `DELETE FROM claims`); err != nil {
			return err
		}
		add, err := tx.PrepareContext(ctx, addClaim)
		if err != nil {
			return err
		}
		defer add.Close()
		for i, key := range keys {
			if _, err := add.ExecContext(ctx, claim(names[i]), key); err != nil {
				return err
			}
		}
		return nil
	})
}

// PutRoom implements Store.
func (s *SQL) PutRoom(ctx context.Context, r Room, by string) error {
	ctx, done := s.call(ctx, "put room", r.Name)
	defer done()
	return s.putRoom(ctx, r, by, nil)
}

// putRoom is PutRoom within ctx; with a fence f, the room is written only
// if f holds its lease (ErrNotHolder otherwise), in the same statement.
func (s *SQL) putRoom(ctx context.Context, r Room, by string, f *Fence) error {
	data, err := save.Marshal(r.Game)
	if err != nil {
		return fmt.Errorf("room %s: %w", r.Name, err)
	}
	saved := 0
	if r.Saved {
		saved = 1
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var host, players string
		err := tx.QueryRowContext(ctx, `SELECT host, players FROM rooms WHERE name = $1`, r.Name).Scan(&host, &players)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		case by != host && !slices.Contains(strings.Fields(players), by):
			return ErrNotYours
		}
		args := []any{r.Name, r.Host, strings.Join(r.Players, " "), saved, r.Game.Saved.Unix(), string(data)}
		fenced := `WHERE TRUE`
		if f != nil {
			fenced, args = `WHERE `+fenceHolds(7), append(args, f.Holder, f.Epoch)
		}
		// A room once saved stays saved when a checkpoint replaces it.
		res, err := tx.ExecContext(ctx, `INSERT INTO rooms (name, host, players, saved, written, game)
			SELECT $1, $2, $3, $4, $5, $6 `+fenced+`
			ON CONFLICT (name) DO UPDATE SET host = excluded.host, players = excluded.players,
				saved = CASE WHEN rooms.saved = 1 THEN 1 ELSE excluded.saved END,
				written = excluded.written, game = excluded.game`, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errors.Join(ErrNotHolder, err)
		}
		if f != nil {
			if held, err := s.holds(ctx, tx, *f); err != nil || !held {
				return errors.Join(ErrNotHolder, err)
			}
		}
		return nil
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
func (s *SQL) Room(ctx context.Context, name string) (Room, error) {
	ctx, done := s.call(ctx, "room", name)
	defer done()
	r, err := scanRoom(s.db.QueryRowContext(ctx, `SELECT `+roomColumns+` FROM rooms WHERE name = $1`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return Room{}, ErrNoRoom
	}
	return r, err
}

// Rooms implements Store. A room whose game does not load is left out,
// and named in the error.
func (s *SQL) Rooms(ctx context.Context, n int) ([]Room, error) {
	ctx, done := s.callFor(ctx, startTimeout, "rooms", "")
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT `+roomColumns+` FROM rooms ORDER BY written DESC, name LIMIT $1`, n)
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
func (s *SQL) DropCheckpoint(ctx context.Context, name string) error {
	ctx, done := s.call(ctx, "drop checkpoint", name)
	defer done()
	_, err := s.db.ExecContext(ctx, `DELETE FROM rooms WHERE name = $1 AND saved = 0`, name)
	return err
}

// Prune implements Store.
func (s *SQL) Prune(ctx context.Context, before time.Time, perKey int) (int, error) {
	ctx, done := s.callFor(ctx, startTimeout, "prune", "")
	defer done()
	n := 0
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM rooms WHERE written < $1`, before.Unix())
		if err != nil {
			return err
		}
		old, _ := res.RowsAffected()
		n = int(old)
		if perKey <= 0 {
			return nil
		}
		res, err = tx.ExecContext(ctx, `DELETE FROM rooms WHERE name IN (
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
func (s *SQL) AddResult(ctx context.Context, r Result) error {
	ctx, done := s.call(ctx, "add result", r.Room)
	defer done()
	return s.addResult(ctx, r, nil)
}

// addResult is AddResult within ctx; with a fence f, each seat's row is
// written only if f holds the room's lease, in the same statement, and
// the result is refused with ErrNotHolder if it does not. A rated game
// rates its players in the same transaction, the first time its result
// is written only (ratings.go).
func (s *SQL) addResult(ctx context.Context, r Result, f *Fence) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		fenced := `WHERE TRUE`
		if f != nil {
			fenced = `WHERE ` + fenceHolds(13)
		}
		rated := 0
		if r.Rated && r.Game != "" {
			rated = 1
		}
		written := 0
		for i, seat := range r.Seats {
			args := []any{r.Room, r.Finished.Unix(), i, seat.Key, seat.Name, seat.Points, flag(seat.Won), r.Game, rated, flag(seat.Forfeit), r.Rules, seat.Side}
			if f != nil {
				args = append(args, f.Holder, f.Epoch)
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO results (room, finished, seat, fingerprint, name, points, won, game, rated, forfeit, rules, side)
				SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 `+fenced+` ON CONFLICT DO NOTHING`, args...)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			written += int(n)
		}
		if f != nil {
			// Nothing written is a result recorded already, or refused:
			// the lease says which, and holds it until the commit.
			if held, err := s.holds(ctx, tx, *f); err != nil || !held {
				return errors.Join(ErrNotHolder, err)
			}
		}
		if rated == 1 && written == len(r.Seats) {
			return s.rate(ctx, tx, r)
		}
		return nil
	})
}

// flag is b as the tables keep it: 1 or 0.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// inTx runs f in a transaction within ctx, committed if f returns nil.
func (s *SQL) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
