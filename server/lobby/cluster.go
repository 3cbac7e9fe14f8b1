package lobby

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// ErrElsewhere refuses a room that another server of the same store
// holds: its players reach it through that server (a session that names
// the room is relayed there, package server/relay). The refusals a lobby
// makes say where (elsewhere).
var ErrElsewhere = refuse(RefElsewhereAny)

// elsewhere is ErrElsewhere for room, held by the server at addr: the
// sentence names the command that joins it there.
func elsewhere(addr, room string) error {
	return elsewhereError{refuse(RefElsewhere, JoinCommand(addr, room))}
}

// elsewhereError is ErrElsewhere with its sentence.
type elsewhereError struct{ e *Refusal }

func (e elsewhereError) Error() string        { return e.e.Error() }
func (e elsewhereError) Unwrap() error        { return e.e }
func (e elsewhereError) Is(target error) bool { return target == ErrElsewhere }

// JoinCommand is the command that joins room through the server at addr
// (host:port, its --advertise address): any server of the cluster relays
// a session that names a room to the server that holds it.
func JoinCommand(addr, room string) string {
	host, port, err := net.SplitHostPort(addr)
	switch {
	case err != nil:
		host, port = addr, ""
	case strings.Contains(host, ":"):
		host = "[" + host + "]"
	}
	if host == "" {
		host = "localhost"
	}
	if port == "" || port == "22" {
		return fmt.Sprintf("ssh -t %s %s", host, room)
	}
	return fmt.Sprintf("ssh -t -p %s %s %s", port, host, room)
}

// ErrStoreDown refuses what needs the shared store while it cannot be
// reached.
var ErrStoreDown = refuse(RefStoreDown)

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
	Addr   string        // where the other servers reach this one (package server/relay)
	Lease  time.Duration // LeaseTime when 0
	// Queue, when set, is the quick match's queue the servers share
	// (quick.go): people waiting on different servers meet. nil: each
	// server matches its own.
	Queue store.Queue

	mu     sync.Mutex
	remote []RoomInfo        // the rooms the other servers hold, as last read
	where  map[string]string // and where each is held (Lease.Addr)
	// renewals are the leases' renewals under way (renewAll).
	renewals sync.WaitGroup
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

// claim takes the lease of room name for this server, a room it does
// not hold yet, within ctx: the lease as the store gave it, with its
// epoch.
func (l *Lobby) claim(ctx context.Context, name string) (store.Lease, error) {
	c := l.Cluster
	if c == nil {
		return store.Lease{}, nil
	}
	now := l.now()
	got, ok, err := c.Shared.TakeLease(ctx, store.Lease{Room: name, Holder: c.ID, Addr: c.Address(), Until: now.Add(c.lease())}, now)
	switch {
	case err != nil:
		l.logf("room %s: taking its lease: %v", name, err)
		return got, ErrStoreDown
	case !ok:
		return got, elsewhere(got.Addr, name)
	}
	return got, nil
}

// unclaim gives up the lease of room name, if this server holds it: the
// server's own work, which no session's end cancels.
func (l *Lobby) unclaim(name string) {
	if c := l.Cluster; c != nil {
		if err := c.Shared.DropLease(context.Background(), name, c.ID, l.now()); err != nil {
			l.logf("room %s: giving up its lease: %v", name, err)
		}
	}
}

// fence is the room's hold of its lease, which every write of it names.
func (r *Room) fence() store.Fence {
	return store.Fence{Room: r.Name(), Holder: r.lobby.Cluster.ID, Epoch: r.epoch.Load()}
}

// joinCommand is the command that joins room name again through this
// server, which relays it to whichever server holds it then.
func (l *Lobby) joinCommand(name string) string {
	return JoinCommand(l.Cluster.Address(), name)
}

// put writes room kept for by, within ctx: in a cluster only while this
// server holds the room's lease at its epoch (store.ErrNotHolder), and a
// refusal drops the room here at once (lost).
func (r *Room) put(ctx context.Context, kept store.Room, by string) error {
	c := r.lobby.Cluster
	if c == nil {
		return r.lobby.Store.PutRoom(ctx, kept, by)
	}
	err := c.Shared.FencedPutRoom(ctx, r.fence(), kept, by)
	r.lost(err)
	return err
}

// addResult records result res of the room, within ctx: fenced in a
// cluster, as put.
func (r *Room) addResult(ctx context.Context, res store.Result) error {
	c := r.lobby.Cluster
	if c == nil {
		return r.lobby.Store.AddResult(ctx, res)
	}
	err := c.Shared.FencedAddResult(ctx, r.fence(), res)
	r.lost(err)
	return err
}

// lost drops the room from this server at once if err is the store's
// refusal of a write for a stale epoch: another server holds the room
// now. Its people are told where it went; nothing tries the write again.
func (r *Room) lost(err error) {
	if !errors.Is(err, store.ErrNotHolder) || !r.gone.CompareAndSwap(false, true) {
		return
	}
	l := r.lobby
	l.logf("room %s: a write refused, another server holds the room since (%v): the room stops here, its players come back to it", r.Name(), err)
	// Not on this goroutine: it may be the table's writer, which
	// Close waits for.
	go l.drop(r, table.Notice{Kind: table.NoticeMoved, Name: r.Name(), Join: l.joinCommand(r.Name())})
}

// moved is the table.Config.Moved of a room of a cluster: the game's
// record is written first, if the store has none of this game yet, then
// the move, which the store refuses if another server holds the room
// (then the room stops here, lost). A write that failed otherwise (a
// deadline, the database out of reach) may have been made or not: the
// lease's next renewal compares the store's moves with the table's
// (Room.unsure).
func (r *Room) moved(ctx context.Context, n int, a engine.Action, record table.Checkpoint) error {
	c := r.lobby.Cluster
	if !r.based.Load() {
		kept := r.kept(record, false)
		if err := r.put(ctx, kept, kept.Host); err != nil {
			r.lobby.logf("room %s: writing the game before its first move: %v", r.Name(), err)
			return err
		}
		r.based.Store(true)
	}
	err := c.Shared.AddMove(ctx, r.fence(), n, a)
	if err != nil {
		r.lobby.logf("room %s: move %d not recorded: %v", r.Name(), n, err)
		switch {
		case errors.Is(err, store.ErrBehind):
			// The store holds a move this table does not: read the room
			// again (not on this goroutine, the table's writer, which
			// Close waits for).
			if r.gone.CompareAndSwap(false, true) {
				go r.lobby.reload(r, r.fence(), fmt.Sprintf("move %d is another in the store", n))
			}
		case !errors.Is(err, store.ErrNotHolder):
			r.unsure.Store(true)
		}
		r.lost(err)
	}
	return err
}

// gathering is the table.Config.Gathering of a room of a cluster: the
// room's record, with who waits at which seat, is written before the
// deal each time the seating changes, marked as waiting, so that another
// server takes the room over if this one dies; at the deal, the record
// without the mark, as the base of the moves (Room.moved writes it
// then if this write fails). It runs under the table's lock, so the
// write is made by writeGathering, on a goroutine of its own: the last
// seating told is the one written.
func (r *Room) gathering(c table.Checkpoint, dealt bool) {
	kept := r.kept(c, false)
	if !dealt {
		seen := fmt.Sprint(c.Seating, c.Game.Seats)
		if seen == r.gathered && !r.regather.Swap(false) {
			return
		}
		r.gathered = seen
		kept.Game.UI[uiWaiting] = "1"
	}
	r.gatherMu.Lock()
	r.gatherNext = &gatherWrite{kept: kept, dealt: dealt}
	start := !r.gatherBusy
	r.gatherBusy = true
	r.gatherMu.Unlock()
	if start {
		r.gathers.Go(r.writeGathering)
	}
}

// gatherWrite is a record of the room before its deal, to write.
type gatherWrite struct {
	kept  store.Room
	dealt bool
}

// writeGathering writes the records Room.gathering leaves, the last
// first and only, until none is left.
func (r *Room) writeGathering() {
	for {
		r.gatherMu.Lock()
		w := r.gatherNext
		r.gatherNext = nil
		if w == nil {
			r.gatherBusy = false
			r.gatherMu.Unlock()
			return
		}
		r.gatherMu.Unlock()
		if err := r.put(context.Background(), w.kept, w.kept.Host); err != nil {
			r.lobby.logf("room %s: writing who waits for the deal: %v", r.Name(), err)
			r.regather.Store(true) // tried again at the lease's next renewal
			continue
		}
		if w.dealt {
			r.based.Store(true)
		}
	}
}

// Lease renews the leases of the lobby's rooms and takes over the rooms
// whose holder stopped renewing theirs, until ctx ends; a room whose
// lease this server lost (another holds it, or it ran out while the
// database could not be reached) stops. Only for a lobby with a Cluster.
//
// Each room's lease is renewed on a goroutine of its own (renewAll), and
// the other servers' leases are read on another (watch): a call that
// waits for the database holds up only its room. Every pruneEvery, the
// leases given up long enough ago are forgotten (pruneLeases).
func (l *Lobby) Lease(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() { l.watch(ctx) })
	defer wg.Wait()
	t := time.NewTicker(l.Cluster.lease() / 3)
	defer t.Stop()
	var pruned time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			l.renewAll(false)
			if now := l.now(); now.Sub(pruned) >= pruneEvery {
				pruned = now
				// Not on this goroutine: a store slow to answer holds up
				// no renewal. One at a time: it ends within
				// store.CallTimeout, well before the next.
				l.Cluster.renewals.Go(func() { l.pruneLeases(now) })
			}
		}
	}
}

// pruneEvery is how often a server forgets the leases given up longer
// than store.GivenUpKept ago: every server does, since any of them may
// be the one left, and the statement is cheap (the rows given up in the
// last minute or two) and the same whoever runs it. A room name given
// up keeps its row between GivenUpKept and GivenUpKept+pruneEvery: the
// table holds the leases held and those given up in the last minutes,
// where it grew by a row for every quick match (named by its ticket).
const pruneEvery = time.Minute

// pruneLeases forgets the leases given up before now less
// store.GivenUpKept. A failure is logged, and tried again pruneEvery
// later.
func (l *Lobby) pruneLeases(now time.Time) {
	if err := l.Cluster.Shared.PruneLeases(context.Background(), now); err != nil {
		l.logf("forgetting the leases given up: %v", err)
	}
}

// watch takes over the rooms whose leases ran out, until ctx ends: every
// third of a lease, and as soon as the first of the other servers'
// leases runs out, if that comes sooner: a room whose server was killed
// is taken over when its lease ends, not up to a third of a lease later.
// This needs no word from the database (a killed server sends none):
// only the deadlines it read.
func (l *Lobby) watch(ctx context.Context) {
	t := time.NewTicker(l.Cluster.lease() / 3)
	defer t.Stop()
	deadline := time.NewTimer(time.Hour)
	deadline.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
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

// renew renews the leases of the lobby's rooms and returns once done.
func (l *Lobby) renew() { l.renewAll(true) }

// renewAll renews the leases of the lobby's rooms, each on a goroutine of
// its own, a room whose last renewal still waits skipped: one room's
// lease held up (its row locked, its database slow) holds up no other.
// With wait it returns when they are done.
func (l *Lobby) renewAll(wait bool) {
	c := l.Cluster
	for _, r := range l.roomList() {
		if r.Ended() || !r.renewing.CompareAndSwap(false, true) {
			continue
		}
		c.renewals.Go(func() {
			defer r.renewing.Store(false)
			l.renewRoom(r)
		})
	}
	if len(l.retired()) > 0 && l.flushing.CompareAndSwap(false, true) {
		c.renewals.Go(func() {
			defer l.flushing.Store(false)
			l.flushRetired()
		})
	}
	if wait {
		c.renewals.Wait()
	}
}

// renewRoom renews room r's lease. A lease this server took back at
// another epoch (another server held the room meanwhile), or renewed
// after it ran out, or after a move whose write may or may not have been
// made, whose moves in the store differ from the table's, has the room
// read again from the store first (reload).
func (l *Lobby) renewRoom(r *Room) {
	c := l.Cluster
	now := l.now()
	ctx := context.Background() // the server's own work; each call bounded by store.CallTimeout
	epoch := r.epoch.Load()
	got, ok, err := c.Shared.TakeLease(ctx, store.Lease{Room: r.Name(), Holder: c.ID, Addr: c.Address(), Until: now.Add(c.lease()), Epoch: epoch}, now)
	if r.Ended() {
		// Closed meanwhile (unmade, forfeited, the lobby closing), its
		// lease given up or about to be: a renewal refused is no lost
		// lease, and one made is given up with the room.
		if err == nil && ok && r.gone.Load() {
			// Or dropped (read again, lost), its lease let run out for
			// the room to be taken over at once, and renewed by this
			// renewal reaching the store after: the room would be
			// nobody's until the renewal ran out. It runs out again.
			l.letRunOut(r.Name(), got.Fence())
		}
		return
	}
	lapsed := now.UnixMilli() > r.until.Load()
	switch {
	case err != nil && !lapsed:
		l.logf("room %s: renewing its lease: %v", r.Name(), err)
		return // tried again at the next renewal, while the lease runs
	case err != nil:
		l.logf("room %s: lost its lease (%v): the room stops here, its players come back to the server that holds it", r.Name(), err)
		l.drop(r, table.Notice{Kind: table.NoticeStoreLost, Name: r.Name(), Join: l.joinCommand(r.Name())})
		return
	case !ok && got.Holder == "":
		l.logf("room %s: lost its lease (nobody holds it: another server removed it, run out): the room stops here", r.Name())
		l.drop(r, table.Notice{Kind: table.NoticeMoved, Name: r.Name(), Join: l.joinCommand(r.Name())})
		return
	case !ok:
		l.logf("room %s: lost its lease (%s holds it since epoch %d): the room stops here, its players come back to the server that holds it", r.Name(), got.Holder, got.Epoch)
		l.drop(r, table.Notice{Kind: table.NoticeMoved, Name: r.Name(), Join: l.joinCommand(r.Name())})
		return
	case got.Epoch != epoch:
		l.reload(r, got.Fence(), fmt.Sprintf("its lease was another server's since epoch %d", epoch))
		return
	}
	r.until.Store(now.Add(c.lease()).UnixMilli())
	if lapsed || r.unsure.Load() {
		n, err := c.Shared.MoveCount(ctx, r.Name())
		if err != nil {
			l.logf("room %s: counting its moves: %v", r.Name(), err)
			return
		}
		if have := r.tableMoves(); n > 0 && n != have && !r.Writing() {
			l.reload(r, got.Fence(), fmt.Sprintf("the store holds %d moves, the table %d", n, have))
			return
		}
		r.unsure.Store(false)
	}
	if r.regather.Load() {
		r.Gather() // who waits for the deal, not written last time
	}
	r.Wake() // a computer whose move the store refused tries again
}

// tableMoves is how many moves the room's table holds.
func (r *Room) tableMoves() int {
	c, err := r.Checkpoint()
	if err != nil {
		return -1
	}
	return len(c.Game.History)
}

// reload reads room r again from the store, whose lease this server
// holds as f but whose game the table may not hold as the store does
// (another server played it meanwhile, or a move's write was lost on the
// way): the table stops, its people are told to join again, the lease
// is let run out and the room taken over from the store at once, every
// move included (takeOver).
func (l *Lobby) reload(r *Room, f store.Fence, why string) {
	l.logf("room %s: read again from the store at epoch %d: %s", r.Name(), f.Epoch, why)
	r.gone.Store(true)
	l.drop(r, table.Notice{Kind: table.NoticeReloaded, Name: r.Name(), Join: l.joinCommand(r.Name())})
	l.letRunOut(r.Name(), f)
}

// letRunOut lets the lease of room name, which this server holds as f
// but no longer plays, run out, and takes over at once the rooms whose
// leases ran out: that one among them, read from the store.
func (l *Lobby) letRunOut(name string, f store.Fence) {
	if err := l.Cluster.Shared.ExpireLease(context.Background(), f); err != nil {
		l.logf("room %s: letting its lease run out: %v", name, err)
		return // it runs out by itself
	}
	l.takeOver()
}

// drop stops room r and forgets it, without writing it: it is another
// server's now, or will be. Its people are told why, in notice, the last
// their sessions see of it.
func (l *Lobby) drop(r *Room, notice table.Notice) {
	r.gone.Store(true)
	r.Freeze()
	r.Notify(notice)
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
	ctx := context.Background() // the server's own work; each call bounded by store.CallTimeout
	leases, err := c.Shared.Leases(ctx)
	if err != nil {
		l.logf("reading the rooms' leases: %v", err)
		return time.Time{}
	}
	now := l.now()
	var remote []RoomInfo
	where := map[string]string{}
	for _, ls := range leases {
		if l.Room(ls.Room) != nil || ls.Holder == c.ID && !ls.Until.Before(now) {
			continue // this server's (a room being made), or open here
		}
		k, err := l.Store.Room(ctx, ls.Room)
		switch {
		case errors.Is(err, store.ErrNoRoom) && ls.Until.Before(now):
			// Nothing to take over, and its server stopped renewing
			// it (died before the room's first record): the row would
			// be read every second for ever.
			if err := c.Shared.DropLease(ctx, ls.Room, ls.Holder, now); err != nil {
				l.logf("room %s: removing the lease of server %s, run out: %v", ls.Room, ls.Holder, err)
			}
			continue
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
			info := RoomInfo{
				Name: k.Name, Players: k.Game.State.Config.Players, Rules: fmt.Sprint(k.Game.State.Config.Rules),
				Level: k.Game.UI[UILevel], Started: k.Game.UI[uiWaiting] == "", Rated: k.Game.UI[UIRated] != "",
			}
			for i := range k.Game.State.Config.Players {
				switch seat := strconv.Itoa(i); {
				case k.Game.UI[UIUser+seat] == "":
				case k.Game.UI[uiBot+seat] != "":
					info.Bots++ // as the local list counts a program's seat
				default:
					info.Humans++
				}
			}
			remote = append(remote, info)
			where[k.Name] = ls.Addr
			continue
		}
		l.mu.Lock()
		cfg := l.restoreCfg
		l.mu.Unlock()
		err = l.add(ls.Room, func() (*Room, error) { return l.restoreRoom(ctx, k, cfg, false) })
		switch {
		case err == nil:
			l.logf("room %s: taken over from server %s, whose lease ran out %v ago", ls.Room, ls.Holder, now.Sub(ls.Until).Round(time.Millisecond))
		case !errors.Is(err, ErrElsewhere) && !errors.Is(err, ErrRoomExists):
			l.logf("room %s: not taken over: %v", ls.Room, err)
		}
	}
	c.mu.Lock()
	c.remote, c.where = remote, where
	c.mu.Unlock()
	return next
}

// holderAddr is where the server that holds room name listens, as last
// read; this server's address if not known (it relays the session).
func (l *Lobby) holderAddr(name string) string {
	c := l.Cluster
	c.mu.Lock()
	addr := c.where[name]
	c.mu.Unlock()
	if addr == "" {
		addr = c.Address()
	}
	return addr
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
// played again, read within ctx: the game as the last server to hold it
// left it.
func (l *Lobby) replay(ctx context.Context, k store.Room, f store.Fence) (store.Room, error) {
	moves, err := l.Cluster.Shared.Moves(ctx, k.Name, len(k.Game.History))
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
		n := len(g.Seats)
		seating := table.Seating{Users: make([]string, n), GaveUp: make([]string, n), GaveUpAs: make([]string, n)}
		for i := range g.Seats {
			at := strconv.Itoa(i)
			seating.Users[i], seating.GaveUp[i], seating.GaveUpAs[i] = g.UI[UIUser+at], g.UI[UIGaveUp+at], g.UI[UIGaveUpAs+at]
		}
		// The server's to write, whatever becomes of the session that
		// brought the room back.
		if err := l.Cluster.Shared.FencedAddResult(context.WithoutCancel(ctx), f, resultOf(k.Name, g, seating, l.now(), g.UI[UIRated] != "", g.UI[UILevel])); err != nil {
			l.logf("room %s: recording a result: %v", k.Name, err)
		}
	}
	return k, nil
}

// Holder is the address of the server of the cluster that holds room,
// if another does, read within ctx (the session's that names the room).
// A room whose holder's lease ran out is taken over here first.
func (l *Lobby) Holder(ctx context.Context, room string) (string, bool) {
	c := l.Cluster
	if c == nil || room == "" || l.Room(room) != nil {
		return "", false
	}
	leases, err := c.Shared.Leases(ctx)
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
