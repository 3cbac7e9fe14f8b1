package store

import (
	"errors"
	"time"

	"github.com/millebornes/mille/engine"
)

// ErrNotHolder refuses a move to a server that does not hold the room's
// lease, or whose move of that number another server wrote first: it is
// not the room's authority any more.
var ErrNotHolder = errors.New("this server no longer holds the room")

// Lease says which server holds a room: it alone plays the room's game,
// until Until unless it renews the lease. Addr is where it listens, for
// the other servers to relay the room's players to it.
type Lease struct {
	Room, Holder, Addr string
	Until              time.Time
}

// Shared is what servers sharing one store need besides Store: which of
// them holds each room (leases) and each room's moves as they are played,
// so that a server taking over a room from one that died goes on from the
// last move anyone saw. SQL implements it; docs/server.md tells the
// design.
type Shared interface {
	// TakeLease gives l.Room to l.Holder until l.Until, if it holds it
	// already or nobody holds it after now; it reports whether it did.
	TakeLease(l Lease, now time.Time) (bool, error)
	// DropLease gives up holder's lease of room, if it holds it.
	DropLease(room, holder string) error
	// Leases returns every room's lease.
	Leases() ([]Lease, error)
	// AddMove writes action a as move n of room's game, for holder: with
	// ErrNotHolder, and nothing written, if holder does not hold the
	// room's lease or move n is written already.
	AddMove(room, holder string, n int, a engine.Action) error
	// Moves returns room's moves from number from on, as far as they
	// follow one another.
	Moves(room string, from int) ([]engine.Action, error)
	// DropMoves forgets room's moves from number from on (an undo, or a
	// new game in the room).
	DropMoves(room string, from int) error
}

// TakeLease implements Shared, in one statement: of two servers taking an
// expired lease at once, one gets it.
func (s *SQL) TakeLease(l Lease, now time.Time) (bool, error) {
	res, err := s.db.Exec(`INSERT INTO leases (room, holder, addr, until) VALUES ($1, $2, $3, $4)
		ON CONFLICT (room) DO UPDATE SET holder = excluded.holder, addr = excluded.addr, until = excluded.until
		WHERE leases.holder = excluded.holder OR leases.until < $5`,
		l.Room, l.Holder, l.Addr, l.Until.UnixMilli(), now.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DropLease implements Shared.
func (s *SQL) DropLease(room, holder string) error {
	_, err := s.db.Exec(`DELETE FROM leases WHERE room = $1 AND holder = $2`, room, holder)
	return err
}

// Leases implements Shared.
func (s *SQL) Leases() ([]Lease, error) {
	rows, err := s.db.Query(`SELECT room, holder, addr, until FROM leases ORDER BY room`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var leases []Lease
	for rows.Next() {
		var l Lease
		var until int64
		if err := rows.Scan(&l.Room, &l.Holder, &l.Addr, &until); err != nil {
			return nil, err
		}
		l.Until = time.UnixMilli(until)
		leases = append(leases, l)
	}
	return leases, rows.Err()
}

// AddMove implements Shared, in one statement: the move is written only
// while holder holds the lease, and the key (room, n) keeps a second
// move n out.
func (s *SQL) AddMove(room, holder string, n int, a engine.Action) error {
	res, err := s.db.Exec(`INSERT INTO moves (room, n, action)
		SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM leases WHERE room = $1 AND holder = $4)
		ON CONFLICT DO NOTHING`, room, n, int(a), holder)
	if err != nil {
		return err
	}
	if k, err := res.RowsAffected(); err != nil || k != 1 {
		return errors.Join(ErrNotHolder, err)
	}
	return nil
}

// Moves implements Shared.
func (s *SQL) Moves(room string, from int) ([]engine.Action, error) {
	rows, err := s.db.Query(`SELECT n, action FROM moves WHERE room = $1 AND n >= $2 ORDER BY n`, room, from)
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

// DropMoves implements Shared.
func (s *SQL) DropMoves(room string, from int) error {
	_, err := s.db.Exec(`DELETE FROM moves WHERE room = $1 AND n >= $2`, room, from)
	return err
}

// Results returns the results recorded of room's games, a seat a row.
func (s *SQL) Results(room string) ([]Result, error) {
	rows, err := s.db.Query(`SELECT game, finished, fingerprint, name, points, won FROM results WHERE room = $1 ORDER BY finished, game, seat`, room)
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
