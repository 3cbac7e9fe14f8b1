package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// ErrElsewhere refuses a room that another server of the same store
// holds: its players reach it through that server (a session that names
// the room is relayed there, server/relay.go).
var ErrElsewhere = lang.Err(lang.RefElsewhere)

// ErrStoreDown refuses what needs the shared store while it cannot be
// reached.
var ErrStoreDown = lang.Err(lang.RefStoreDown)

// LeaseTime is how long a server holds a room without renewing its
// lease; it renews it every third of that, and looks as often for rooms
// whose holder stopped renewing, to take them over.
const LeaseTime = 3 * time.Second

// Cluster makes a lobby one of several servers sharing one store
// (docs/server.md, "Several servers"). Each room is held by one server,
// which alone plays it, under a lease it renews; every move is written
// into the store before anyone sees it; when a server stops renewing its
// leases (killed, or cut from the database), another takes its rooms over
// from the store, every move included.
type Cluster struct {
	Shared store.Shared
	ID     string        // this server, unique among those sharing the store
	Addr   string        // where the other servers reach this one (server/relay.go)
	Lease  time.Duration // LeaseTime when 0

	mu     sync.Mutex
	remote []RoomInfo // the rooms the other servers hold, as last read
}

// SetAddr sets where the other servers reach this one.
func (c *Cluster) SetAddr(addr string) {
	c.mu.Lock()
	c.Addr = addr
	c.mu.Unlock()
}

// Address is where the other servers reach this one (Addr, read under
// the cluster's lock).
func (c *Cluster) Address() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Addr
}

// lease is how long a lease lasts.
func (c *Cluster) lease() time.Duration {
	if c.Lease > 0 {
		return c.Lease
	}
	return LeaseTime
}

// claim takes (or renews) the lease of room name for this server.
func (l *Lobby) claim(name string) error {
	c := l.Cluster
	if c == nil {
		return nil
	}
	now := l.now()
	ok, err := c.Shared.TakeLease(store.Lease{Room: name, Holder: c.ID, Addr: c.Address(), Until: now.Add(c.lease())}, now)
	switch {
	case err != nil:
		l.logf("room %s: taking its lease: %v", name, err)
		return ErrStoreDown
	case !ok:
		return ErrElsewhere
	}
	return nil
}

// unclaim gives up the lease of room name, if this server holds it.
func (l *Lobby) unclaim(name string) {
	if c := l.Cluster; c != nil {
		if err := c.Shared.DropLease(name, c.ID); err != nil {
			l.logf("room %s: giving up its lease: %v", name, err)
		}
	}
}

// moved is the table.Config.Moved of a room of a cluster: the game's
// record is written first, if the store has none of this game yet, then
// the move, which the store refuses if another server holds the room.
func (r *Room) moved(n int, a engine.Action, record func() table.Checkpoint) error {
	c := r.lobby.Cluster
	if !r.based.Load() {
		kept := r.kept(record(), false)
		if err := r.lobby.Store.PutRoom(kept, kept.Host); err != nil {
			r.lobby.logf("room %s: writing the game before its first move: %v", r.Name(), err)
			return err
		}
		r.based.Store(true)
	}
	if err := c.Shared.AddMove(r.Name(), c.ID, n, a); err != nil {
		r.lobby.logf("room %s: move %d not recorded: %v", r.Name(), n, err)
		return err
	}
	return nil
}

// gathering is the table.Config.Gathering of a room of a cluster: the
// room's record, with who waits at which seat, is written before the
// deal each time the seating changes, marked as waiting, so that another
// server takes the room over if this one dies; at the deal, the record
// without the mark, as the base of the moves (Room.moved writes it
// then if this write fails).
func (r *Room) gathering(c table.Checkpoint, dealt bool) {
	kept := r.kept(c, false)
	if !dealt {
		seen := fmt.Sprint(c.Seating, c.Game.Seats)
		if seen == r.gathered {
			return
		}
		r.gathered = seen
		kept.Game.UI[uiWaiting] = "1"
	}
	if err := r.lobby.Store.PutRoom(kept, kept.Host); err != nil {
		r.lobby.logf("room %s: writing who waits for the deal: %v", r.Name(), err)
		r.gathered = ""
		r.regather.Store(true) // tried again at the lease's next renewal
		return
	}
	r.based.Store(dealt)
}

// Lease renews the leases of the lobby's rooms and takes over the rooms
// whose holder stopped renewing theirs, until ctx ends; a room whose
// lease this server lost (another holds it, or it ran out while the
// database could not be reached) stops. Only for a lobby with a Cluster.
//
// Besides every third of a lease, it looks again as soon as the first of
// the other servers' leases runs out, if that comes sooner: a room whose
// server was killed is taken over when its lease ends, not up to a third
// of a lease later. This needs no word from the database (a killed server
// sends none): only the deadlines it read.
func (l *Lobby) Lease(ctx context.Context) {
	t := time.NewTicker(l.Cluster.lease() / 3)
	defer t.Stop()
	deadline := time.NewTimer(time.Hour)
	deadline.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			l.renew()
		case <-deadline.C:
		}
		if next := l.takeOver(); !next.IsZero() {
			deadline.Reset(next.Sub(l.now()) + leaseSlack)
		}
	}
}

// leaseSlack is how long after another server's lease runs out the lobby
// looks whether it was renewed: leases are written to the millisecond.
const leaseSlack = 5 * time.Millisecond

// renew renews the leases of the lobby's rooms.
func (l *Lobby) renew() {
	for _, r := range l.roomList() {
		if r.Ended() {
			continue
		}
		switch err := l.claim(r.Name()); {
		case err == nil:
			r.until.Store(l.now().Add(l.Cluster.lease()).UnixMilli())
			if r.regather.Swap(false) {
				r.Gather() // who waits for the deal, not written last time
			}
			r.Wake() // a computer whose move the store refused tries again
		case errors.Is(err, ErrElsewhere):
			l.logf("room %s: lost its lease (%v): the room stops here, its players come back to the server that holds it", r.Name(), err)
			l.drop(r, table.NoticeMoved)
		case l.now().UnixMilli() > r.until.Load():
			l.logf("room %s: lost its lease (%v): the room stops here, its players come back to the server that holds it", r.Name(), err)
			l.drop(r, table.NoticeStoreLost)
		}
	}
}

// drop stops room r and forgets it, without writing it: it is another
// server's now, or will be. Its people are told why, in a notice of kind
// why, the last their sessions see of it.
func (l *Lobby) drop(r *Room, why table.NoticeKind) {
	r.Freeze()
	r.Notify(table.Notice{Kind: why, Name: r.Name()})
	l.mu.Lock()
	if l.rooms[r.Name()] == r {
		delete(l.rooms, r.Name())
	}
	l.mu.Unlock()
	r.Close()
}

// takeOver takes over the rooms whose leases ran out, and notes the rooms
// the other servers hold for the lobby's list. It returns when the first
// of the leases that run on runs out (zero: none runs).
func (l *Lobby) takeOver() (next time.Time) {
	c := l.Cluster
	leases, err := c.Shared.Leases()
	if err != nil {
		l.logf("reading the rooms' leases: %v", err)
		return time.Time{}
	}
	now := l.now()
	var remote []RoomInfo
	for _, ls := range leases {
		if ls.Holder == c.ID || l.Room(ls.Room) != nil {
			continue
		}
		k, err := l.Store.Room(ls.Room)
		switch {
		case errors.Is(err, store.ErrNoRoom):
			continue // a room not started: nothing to take over
		case err != nil:
			l.logf("room %s: %v", ls.Room, err)
			continue
		}
		if !ls.Until.Before(now) {
			if next.IsZero() || ls.Until.Before(next) {
				next = ls.Until
			}
			remote = append(remote, RoomInfo{
				Name: k.Name, Players: k.Game.State.Config.Players, Rules: fmt.Sprint(k.Game.State.Config.Rules),
				Level: k.Game.UI[UILevel], Humans: len(k.Players), Started: k.Game.UI[uiWaiting] == "",
			})
			continue
		}
		l.mu.Lock()
		cfg := l.restoreCfg
		l.mu.Unlock()
		err = l.add(ls.Room, func() (*Room, error) { return l.restoreRoom(k, cfg, false) })
		switch {
		case err == nil:
			l.logf("room %s: taken over from server %s, whose lease ran out %v ago", ls.Room, ls.Holder, now.Sub(ls.Until).Round(time.Millisecond))
		case !errors.Is(err, ErrElsewhere) && !errors.Is(err, ErrRoomExists):
			l.logf("room %s: not taken over: %v", ls.Room, err)
		}
	}
	c.mu.Lock()
	c.remote = remote
	c.mu.Unlock()
	return next
}

// remoteRooms are the rooms the other servers hold, as last read.
func (l *Lobby) remoteRooms() []RoomInfo {
	if l.Cluster == nil {
		return nil
	}
	l.Cluster.mu.Lock()
	defer l.Cluster.mu.Unlock()
	return l.Cluster.remote
}

// replay is kept room k with the moves the store holds beyond its record
// played again: the game as the last server to hold it left it.
func (l *Lobby) replay(k store.Room) (store.Room, error) {
	moves, err := l.Cluster.Shared.Moves(k.Name, len(k.Game.History))
	if err != nil {
		return k, fmt.Errorf("reading its moves: %w", err)
	}
	g := k.Game
	g.History = slices.Clone(g.History)
	for i, a := range moves {
		if err := g.Apply(a); err != nil {
			return k, fmt.Errorf("move %d of the store does not follow: %w", len(k.Game.History)+i, err)
		}
	}
	k.Game = g
	if g.State.Phase == engine.PhaseGameOver && len(moves) > 0 {
		// The server that finished the game may have died before it
		// recorded the result: recorded once, whoever does.
		users := make([]string, len(g.Seats))
		for i := range users {
			users[i] = g.UI[UIUser+strconv.Itoa(i)]
		}
		if err := l.Store.AddResult(resultOf(k.Name, g, users, l.now())); err != nil {
			l.logf("room %s: recording a result: %v", k.Name, err)
		}
	}
	return k, nil
}

// Holder is the address of the server of the cluster that holds room,
// if another does. A room whose holder's lease ran out is taken over here
// first.
func (l *Lobby) Holder(room string) (string, bool) {
	c := l.Cluster
	if c == nil || room == "" || l.Room(room) != nil {
		return "", false
	}
	leases, err := c.Shared.Leases()
	if err != nil {
		l.logf("reading the rooms' leases: %v", err)
		return "", false
	}
	for _, ls := range leases {
		switch {
		case ls.Room != room || ls.Holder == c.ID:
		case ls.Until.After(l.now()):
			return ls.Addr, true
		default:
			l.takeOver()
			return "", false
		}
	}
	return "", false
}
