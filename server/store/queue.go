package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Ticket is a person waiting for a quick match in the queue a cluster's
// servers share (Queue): who, how strong, for which table, since when,
// on which server, and, once a server took them into a room, the room
// and where that server listens.
type Ticket struct {
	ID        int64
	Key, Name string
	Rating    int // as the person reads it (rating.Display)
	Size      int // the players of the table asked for: 2, 3, 4 or 6
	Since     time.Time
	// Server is the server the person waits on, which renews the ticket
	// until Until; past it (that server gone) nobody takes it.
	Server string
	Until  time.Time
	// Room is the room a server took the ticket into, held by the server
	// at Addr; "" while the person waits.
	Room, Addr string
	// Partner is the key of the friend the person asked to sit with as
	// partners (a table of teams), or "": the two are seated together
	// once each has asked for the other.
	Partner string
}

// Queue is the quick match's queue shared by the servers of a cluster
// (docs/server.md, "Quick match"): each server puts its waiting people
// in it and renews them; a server that makes a room for some takes
// their tickets in one fenced statement, all or none, so two servers
// never seat one person twice; the person's own server reads that and
// relays them. SQL implements it. Every call ends by CallTimeout.
type Queue interface {
	// Enqueue adds t and returns its id: the store's choice, or t.ID if
	// set (a ticket put back: nothing happens if it is there).
	Enqueue(ctx context.Context, t Ticket) (int64, error)
	// Tickets returns the tickets not run out at now, oldest first,
	// taken ones included, and forgets those run out.
	Tickets(ctx context.Context, now time.Time) ([]Ticket, error)
	// RenewTickets keeps server's tickets ids until until, and forgets
	// its others that run out before before (given up as they were
	// read; a ticket being queued as the server renews its tickets,
	// not among ids yet, runs out later).
	RenewTickets(ctx context.Context, server string, ids []int64, until, before time.Time) error
	// TakeTickets takes the tickets ids into room f.Room, held at addr:
	// all of them or none, each neither taken nor run out at now, and
	// only while f holds the room's lease. It reports whether it took
	// them.
	TakeTickets(ctx context.Context, f Fence, addr string, ids []int64, now time.Time) (bool, error)
	// ReleaseTickets puts the tickets taken into room back in the
	// queue, if f still holds the room (a room that could not be made).
	ReleaseTickets(ctx context.Context, f Fence) error
	// DropTicket forgets ticket id.
	DropTicket(ctx context.Context, id int64) error
}

// maxTicketID bounds a ticket's id: 40 bits, so that a room named after
// one ("quick" and the id in base 36) fits a room's name.
const maxTicketID = 1 << 40

// Enqueue implements Queue. The id is drawn at random, so that servers
// need no sequence between them; a clash (one in a million at a
// thousand waiting) draws again.
func (s *SQL) Enqueue(ctx context.Context, t Ticket) (int64, error) {
	ctx, done := s.call(ctx, "enqueue", "")
	defer done()
	for range 3 {
		id := t.ID
		if id == 0 {
			id = 1 + rand.Int64N(maxTicketID-1)
		}
		res, err := s.db.ExecContext(ctx, `INSERT INTO quick_waiting (id, fingerprint, name, rating, size, since, server, until, partner)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
			id, t.Key, t.Name, t.Rating, t.Size, t.Since.UnixMilli(), t.Server, t.Until.UnixMilli(), t.Partner)
		if err != nil {
			return 0, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 || t.ID != 0 {
			return id, err
		}
	}
	return 0, errors.New("no free ticket id")
}

// Tickets implements Queue.
func (s *SQL) Tickets(ctx context.Context, now time.Time) ([]Ticket, error) {
	ctx, done := s.call(ctx, "tickets", "")
	defer done()
	if _, err := s.db.ExecContext(ctx, `DELETE FROM quick_waiting WHERE until < $1`, now.UnixMilli()); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, fingerprint, name, rating, size, since, server, until, room, addr, partner
		FROM quick_waiting ORDER BY since, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []Ticket
	for rows.Next() {
		var t Ticket
		var since, until int64
		if err := rows.Scan(&t.ID, &t.Key, &t.Name, &t.Rating, &t.Size, &since, &t.Server, &until, &t.Room, &t.Addr, &t.Partner); err != nil {
			return nil, err
		}
		t.Since, t.Until = time.UnixMilli(since), time.UnixMilli(until)
		list = append(list, t)
	}
	return list, rows.Err()
}

// RenewTickets implements Queue.
func (s *SQL) RenewTickets(ctx context.Context, server string, ids []int64, until, before time.Time) error {
	ctx, done := s.call(ctx, "renew tickets", "")
	defer done()
	list := make([]string, len(ids))
	// $1 is until in the renewal, before in the forgetting.
	args := []any{until.UnixMilli(), server}
	for i, id := range ids {
		list[i] = fmt.Sprintf("$%d", len(args)+1)
		args = append(args, id)
	}
	mine := "FALSE"
	if len(ids) > 0 {
		mine = "id IN (" + strings.Join(list, ", ") + ")"
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE quick_waiting SET until = $1 WHERE server = $2 AND `+mine, args...); err != nil {
			return err
		}
		args[0] = before.UnixMilli()
		_, err := tx.ExecContext(ctx, `DELETE FROM quick_waiting WHERE server = $2 AND until < $1 AND NOT (`+mine+`)`, args...)
		return err
	})
}

// errNotAll rolls back a take that did not get every ticket.
var errNotAll = errors.New("not every ticket")

// TakeTickets implements Queue, in one transaction: the tickets' rows
// locked in the order of their ids (two servers taking overlapping
// tickets at once wait for each other, never deadlock), then taken in
// one statement fenced by the room's lease, checked once more before
// the commit (holds) as a move's write is.
func (s *SQL) TakeTickets(ctx context.Context, f Fence, addr string, ids []int64, now time.Time) (bool, error) {
	ctx, done := s.call(ctx, "take tickets", f.Room)
	defer done()
	if len(ids) == 0 {
		return false, nil
	}
	list, lock := make([]string, len(ids)), make([]string, len(ids))
	args := []any{f.Room, f.Holder, f.Epoch, addr, now.UnixMilli()}
	for i, id := range ids {
		list[i], lock[i] = fmt.Sprintf("$%d", len(args)+1), fmt.Sprintf("$%d", i+1)
		args = append(args, id)
	}
	in := strings.Join(list, ", ")
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if s.forUpdate != "" {
			rows, err := tx.QueryContext(ctx, `SELECT id FROM quick_waiting WHERE id IN (`+strings.Join(lock, ", ")+`) ORDER BY id`+s.forUpdate, args[5:]...)
			if err != nil {
				return err
			}
			rows.Close()
		}
		res, err := tx.ExecContext(ctx, `UPDATE quick_waiting SET room = $1, addr = $4
			WHERE room = '' AND until >= $5 AND id IN (`+in+`) AND `+fenceHolds(2), args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != int64(len(ids)) {
			return cmpErr(err, errNotAll)
		}
		if ok, err := s.holds(ctx, tx, f); err != nil || !ok {
			return cmpErr(err, errNotAll)
		}
		return nil
	})
	if errors.Is(err, errNotAll) {
		return false, nil
	}
	return err == nil, err
}

// cmpErr is err, or instead if err is nil.
func cmpErr(err, instead error) error {
	if err != nil {
		return err
	}
	return instead
}

// ReleaseTickets implements Queue.
func (s *SQL) ReleaseTickets(ctx context.Context, f Fence) error {
	ctx, done := s.call(ctx, "release tickets", f.Room)
	defer done()
	_, err := s.db.ExecContext(ctx, `UPDATE quick_waiting SET room = '', addr = '' WHERE room = $1 AND `+fenceHolds(2), f.Room, f.Holder, f.Epoch)
	return err
}

// DropTicket implements Queue.
func (s *SQL) DropTicket(ctx context.Context, id int64) error {
	ctx, done := s.call(ctx, "drop ticket", "")
	defer done()
	_, err := s.db.ExecContext(ctx, `DELETE FROM quick_waiting WHERE id = $1`, id)
	return err
}
