package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/millebornes/mille/engine"
)

// ErrNotHolder refuses a write of a room to a server that does not hold
// the room's lease at the epoch it names (another server took the room
// since), or a move whose number another server wrote first: it is not
// the room's authority any more.
var ErrNotHolder = errors.New("this server no longer holds the room")

// ErrBehind refuses a move whose number the store holds another move of,
// to the server that holds the room: its table is behind the store (a
// write of its own, made after all though refused, or one of the
// server before it), and must read the room again.
var ErrBehind = errors.New("the store holds another move of that number: the table is behind it")

// Lease says which server holds a room: it alone plays the room's game,
// until Until unless it renews the lease. Addr is where it listens, for
// the other servers to relay the room's players to it. Epoch is the
// lease's fencing token: it grows by one at every change of holder, a
// lease given up and taken again included, and every write of the room
// names it (Fence), so that a server that lost the room without knowing
// it (paused past its lease) writes nothing; nor does a write of a lease
// given up that reaches the store after the room was taken again, by
// the same server even.
type Lease struct {
	Room, Holder, Addr string
	Until              time.Time
	Epoch              int64
	// TakenOver says the lease was last taken from a server that held
	// it and never gave it up (its lease ran out), not made anew: a
	// room nobody held, or one given up.
	TakenOver bool
}

// Fence is the hold of a room that a write names: the write is made only
// while Holder holds the room's lease at Epoch, in the same statement.
type Fence struct {
	Room, Holder string
	Epoch        int64
}

// Fence is the fence of lease l's holder.
func (l Lease) Fence() Fence { return Fence{Room: l.Room, Holder: l.Holder, Epoch: l.Epoch} }

// Shared is what servers sharing one store need besides Store: which of
// them holds each room (leases) and each room's moves as they are played,
// so that a server taking over a room from one that died goes on from the
// last move anyone saw. Every write of a room is fenced by its lease's
// epoch. SQL implements it; docs/server.md tells the design. Every call
// takes a context, and ends by CallTimeout at the latest.
type Shared interface {
	// TakeLease gives l.Room to l.Holder until l.Until: a renewal if
	// l.Holder holds it at l.Epoch (its epoch stays), a take if nobody
	// holds it after now (its epoch grows, past every epoch the room's
	// leases had: 1 for a room never held). A
	// renewal (l.Epoch above 0) of a room whose lease is gone (given up)
	// is refused: only a take (l.Epoch 0) makes a lease anew. It
	// returns the lease as it stands and whether l.Holder holds it.
	TakeLease(ctx context.Context, l Lease, now time.Time) (Lease, bool, error)
	// DropLease gives up holder's lease of room, if it holds it, at now:
	// the room is nobody's, and its next lease is at a new epoch, until
	// PruneLeases forgets the lease given up.
	DropLease(ctx context.Context, room, holder string, now time.Time) error
	// PruneLeases forgets the leases given up (DropLease) longer than
	// GivenUpKept before now: no write of theirs can still be on its
	// way. A room's next lease, if any, is at epoch 1 again.
	PruneLeases(ctx context.Context, now time.Time) error
	// ExpireLease ends f's lease now, if f holds it, so that the next
	// server to look takes the room over from the store.
	ExpireLease(ctx context.Context, f Fence) error
	// Leases returns every room's lease.
	Leases(ctx context.Context) ([]Lease, error)
	// AddMove writes action a as move n of f.Room's game: with
	// ErrNotHolder, and nothing written, if f does not hold the room's
	// lease or another move n is written already. The same move n
	// written already (a try whose answer was lost) is no error.
	AddMove(ctx context.Context, f Fence, n int, a engine.Action) error
	// Moves returns room's moves from number from on, as far as they
	// follow one another.
	Moves(ctx context.Context, room string, from int) ([]engine.Action, error)
	// MoveCount is the number after room's last move (0: none).
	MoveCount(ctx context.Context, room string) (int, error)
	// DropMoves forgets f.Room's moves from number from on (a new game
	// in the room), if f holds its lease.
	DropMoves(ctx context.Context, f Fence, from int) error
	// FencedPutRoom is Store.PutRoom, made only if f holds the room's lease
	// (ErrNotHolder).
	FencedPutRoom(ctx context.Context, f Fence, r Room, by string) error
	// FencedAddResult is Store.AddResult, made only if f holds the room's
	// lease (ErrNotHolder).
	FencedAddResult(ctx context.Context, f Fence, r Result) error
}

// fenceHolds is the condition that the fence whose holder and epoch are
// parameters $at and $at+1 holds the lease of room $1.
func fenceHolds(at int) string {
	return fmt.Sprintf(`EXISTS (SELECT 1 FROM leases WHERE room = $1 AND holder = $%d AND epoch = $%d)`, at, at+1)
}

// holds reports whether f holds its room's lease now, within q (the
// database, or a transaction). In a transaction of PostgreSQL it locks
// the lease's row in share mode until the transaction ends: a write
// whose statement checked the fence as it began, then waited (a row
// locked), and is about to commit holds off, until it has, a server
// taking the lease (whose replay then reads it); or, if that server
// took it first, sees its new epoch and rolls back (issue 32's fault
// suite: a held move committed after a takeover, which no player saw).
// SQLite runs one writing transaction at a time: no such window.
func (s *SQL) holds(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, f Fence) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM leases WHERE room = $1 AND holder = $2 AND epoch = $3`+s.forShare, f.Room, f.Holder, f.Epoch).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// TakeLease implements Shared, in one statement: of two servers taking an
// expired lease at once, one gets it, and a server whose lease another
// took since (its epoch moved) gets it back only as a take, at a new
// epoch, never as a renewal.
func (s *SQL) TakeLease(ctx context.Context, l Lease, now time.Time) (Lease, bool, error) {
	ctx, done := s.call(ctx, "take lease", l.Room)
	defer done()
	got := Lease{Room: l.Room, Holder: l.Holder, Addr: l.Addr, Until: time.UnixMilli(l.Until.UnixMilli())}
	// A lease given up is a row of nobody's (holder '', DropLease),
	// which keeps the room's epoch: the next take goes past it, at
	// once (its until is when it was given up, by a clock that may be
	// ahead of now's). A take of a lease held, run out, is a takeover
	// (taken_over).
	query := `INSERT INTO leases (room, holder, addr, until, epoch, taken_over) VALUES ($1, $2, $3, $4, 1, 0)
		ON CONFLICT (room) DO UPDATE SET holder = excluded.holder, addr = excluded.addr, until = excluded.until,
			epoch = CASE WHEN leases.holder = excluded.holder AND leases.epoch = $6 THEN leases.epoch ELSE leases.epoch + 1 END,
			taken_over = CASE WHEN leases.holder = excluded.holder AND leases.epoch = $6 THEN leases.taken_over WHEN leases.holder = '' THEN 0 ELSE 1 END
		WHERE (leases.holder = excluded.holder AND leases.epoch = $6) OR leases.holder = '' OR leases.until < $5
		RETURNING epoch, taken_over`
	if l.Epoch > 0 {
		// A renewal never takes a lease given up: it stays given up,
		// even when a renewal sent before reaches the store after, and
		// another server may take the room at once.
		query = `UPDATE leases SET holder = $2, addr = $3, until = $4,
			epoch = CASE WHEN holder = $2 AND epoch = $6 THEN epoch ELSE epoch + 1 END,
			taken_over = CASE WHEN holder = $2 AND epoch = $6 THEN taken_over ELSE 1 END
		WHERE room = $1 AND holder <> '' AND ((holder = $2 AND epoch = $6) OR until < $5)
		RETURNING epoch, taken_over`
	}
	var over int
	err := s.db.QueryRowContext(ctx, query, l.Room, l.Holder, l.Addr, l.Until.UnixMilli(), now.UnixMilli(), l.Epoch).Scan(&got.Epoch, &over)
	if err == nil {
		got.TakenOver = over == 1
		return got, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Lease{}, false, err
	}
	// Another's: as it stands, for where its players go.
	var until int64
	err = s.db.QueryRowContext(ctx, `SELECT holder, addr, until, epoch FROM leases WHERE room = $1 AND holder <> ''`, l.Room).Scan(&got.Holder, &got.Addr, &until, &got.Epoch)
	if errors.Is(err, sql.ErrNoRows) {
		return Lease{Room: l.Room}, false, nil // nobody's: given up
	}
	if err != nil {
		return Lease{}, false, err
	}
	got.Until = time.UnixMilli(until)
	return got, false, nil
}

// DropLease implements Shared: the row stays, nobody's (no holder),
// with the room's epoch, which a row deleted would take back to 1 at the
// next lease: a write of the lease given up, still on its way, would
// then pass the fence of the same server's next lease of the room. Its
// until, which no one reads of a lease nobody holds, says when it was
// given up, for PruneLeases: the column serves, where a column of its
// own would be a migration and a value for the rows already given up.
func (s *SQL) DropLease(ctx context.Context, room, holder string, now time.Time) error {
	ctx, done := s.call(ctx, "drop lease", room)
	defer done()
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET holder = '', addr = '', until = $3 WHERE room = $1 AND holder = $2`, room, holder, now.UnixMilli())
	return err
}

// GivenUpKept is how long a lease given up keeps its row (DropLease)
// before PruneLeases forgets it. It need only outlast the writes of the
// lease still on their way as it was given up, or begun just after by a
// goroutine of the room's: every call of the store ends within
// CallTimeout (5 s), and PostgreSQL cancels a statement that runs longer
// than statementTimeout (4 s). A minute is twelve times that, room for
// a goroutine held up by a loaded machine and for the servers' clocks
// (the prune reads its own, the give-up was the giving server's; docs:
// they agree to well under a second). A statement that the network held
// longer than that, no margin would bound. Meanwhile the rows cost little:
// the leases read every second are those held (leases_held).
const GivenUpKept = time.Minute

// PruneLeases implements Shared, in one statement, the same on SQLite and
// PostgreSQL. A take of the room at once (TakeLease) either makes the
// row held first, which the delete then leaves (holder), or follows the
// delete and makes it anew.
func (s *SQL) PruneLeases(ctx context.Context, now time.Time) error {
	ctx, done := s.call(ctx, "prune leases", "")
	defer done()
	_, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE holder = '' AND until < $1`, now.Add(-GivenUpKept).UnixMilli())
	return err
}

// ExpireLease implements Shared.
func (s *SQL) ExpireLease(ctx context.Context, f Fence) error {
	ctx, done := s.call(ctx, "expire lease", f.Room)
	defer done()
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET until = 0 WHERE room = $1 AND holder = $2 AND epoch = $3`, f.Room, f.Holder, f.Epoch)
	return err
}

// Leases implements Shared: the leases held (leases_held), not those
// given up.
func (s *SQL) Leases(ctx context.Context) ([]Lease, error) {
	ctx, done := s.call(ctx, "leases", "")
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT room, holder, addr, until, epoch, taken_over FROM leases WHERE holder <> '' ORDER BY room`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var leases []Lease
	for rows.Next() {
		var l Lease
		var until int64
		var over int
		if err := rows.Scan(&l.Room, &l.Holder, &l.Addr, &until, &l.Epoch, &over); err != nil {
			return nil, err
		}
		l.Until, l.TakenOver = time.UnixMilli(until), over == 1
		leases = append(leases, l)
	}
	return leases, rows.Err()
}

// AddMove implements Shared: the move is written only while f holds the
// lease, checked in the INSERT's own statement and again before the
// commit (holds), and the key (room, n) keeps a second move n out. When
// nothing was written, the move n the store holds tells a try whose
// answer was lost (the same move, no error) from a table behind the
// store (ErrBehind).
func (s *SQL) AddMove(ctx context.Context, f Fence, n int, a engine.Action) error {
	ctx, done := s.call(ctx, "add move", f.Room)
	defer done()
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO moves (room, n, action)
			SELECT $1, $2, $3 WHERE `+fenceHolds(4)+`
			ON CONFLICT DO NOTHING`, f.Room, n, int(a), f.Holder, f.Epoch)
		if err != nil {
			return err
		}
		k, err := res.RowsAffected()
		if err != nil {
			return err
		}
		// Before the commit, the fence again (holds).
		if held, err := s.holds(ctx, tx, f); err != nil || !held {
			return errors.Join(ErrNotHolder, err)
		}
		if k == 1 {
			return nil
		}
		var was int
		switch err := tx.QueryRowContext(ctx, `SELECT action FROM moves WHERE room = $1 AND n = $2`, f.Room, n).Scan(&was); {
		case err != nil:
			return errors.Join(ErrNotHolder, err)
		case engine.Action(was) != a:
			return ErrBehind
		}
		return nil // written already, by a try whose answer was lost
	})
}

// Moves implements Shared.
func (s *SQL) Moves(ctx context.Context, room string, from int) ([]engine.Action, error) {
	ctx, done := s.call(ctx, "moves", room)
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT n, action FROM moves WHERE room = $1 AND n >= $2 ORDER BY n`, room, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var moves []engine.Action
	for rows.Next() {
		var n, a int
		if err := rows.Scan(&n, &a); err != nil {
			return nil, err
		}
		if n != from+len(moves) {
			break // a gap: what follows it is of no game
		}
		moves = append(moves, engine.Action(a))
	}
	return moves, rows.Err()
}

// MoveCount implements Shared.
func (s *SQL) MoveCount(ctx context.Context, room string) (int, error) {
	ctx, done := s.call(ctx, "move count", room)
	defer done()
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(n) + 1, 0) FROM moves WHERE room = $1`, room).Scan(&n)
	return n, err
}

// DropMoves implements Shared.
func (s *SQL) DropMoves(ctx context.Context, f Fence, from int) error {
	ctx, done := s.call(ctx, "drop moves", f.Room)
	defer done()
	_, err := s.db.ExecContext(ctx, `DELETE FROM moves WHERE room = $1 AND n >= $2 AND `+fenceHolds(3), f.Room, from, f.Holder, f.Epoch)
	return err
}

// FencedPutRoom implements Shared.
func (s *SQL) FencedPutRoom(ctx context.Context, f Fence, r Room, by string) error {
	ctx, done := s.call(ctx, "put room", r.Name)
	defer done()
	if f.Room != r.Name {
		return ErrNotHolder
	}
	return s.putRoom(ctx, r, by, &f)
}

// FencedAddResult implements Shared.
func (s *SQL) FencedAddResult(ctx context.Context, f Fence, r Result) error {
	ctx, done := s.call(ctx, "add result", r.Room)
	defer done()
	if f.Room != r.Room {
		return ErrNotHolder
	}
	return s.addResult(ctx, r, &f)
}

// Results returns the results recorded of room's games, a seat a row.
func (s *SQL) Results(ctx context.Context, room string) ([]Result, error) {
	ctx, done := s.call(ctx, "results", room)
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT game, finished, fingerprint, name, points, won FROM results WHERE room = $1 ORDER BY finished, game, seat`, room)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var results []Result
	for rows.Next() {
		var r Result
		var seat ResultSeat
		var finished int64
		var won int
		if err := rows.Scan(&r.Game, &finished, &seat.Key, &seat.Name, &seat.Points, &won); err != nil {
			return nil, err
		}
		seat.Won = won == 1
		r.Room, r.Finished, r.Seats = room, time.Unix(finished, 0), []ResultSeat{seat}
		results = append(results, r)
	}
	return results, rows.Err()
}
