package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// Quick matches (issue 35): a player asks for a rated game of 2, 3, 4 or
// 6 (the last two in teams of two) and is seated with the people waiting
// for the same table whose ratings are nearest theirs, the band of near
// widening as they wait (match.go); once they have waited WaitForQuick,
// with the people near enough there are and the house computers at the
// level nearest their ratings in the other seats. On one server the
// queue is this lobby's; in a cluster with a shared queue
// (Cluster.Queue) every server's people wait in the store, and a table
// may seat people of several servers: the server of the one who waited
// longest makes the room, takes the others' tickets in one fenced write,
// and keeps their seats until their servers relay them to it.

// DefaultQuickWait is how long a quick match waits for people before it
// fills the table with house computers (Lobby.SetQuickWait).
const DefaultQuickWait = 15 * time.Second

// quickArrival is how long a quick room waits for the people matched on
// other servers of the cluster to be relayed to it before it deals; the
// seats of those still not here are then the computers'.
const quickArrival = 10 * time.Second

// SetQuickWait sets how long a quick match waits for people from now
// on (0: DefaultQuickWait).
func (l *Lobby) SetQuickWait(d time.Duration) { l.quick.wait.Store(int64(d)) }

// SetQuickArrival sets how long a quick room of a cluster waits for the
// people matched on other servers to be relayed to it, from now on (0:
// quickArrival): the tests of several servers, whose sessions may take
// long to open under the race detector on a loaded machine, wait for them.
func (l *Lobby) SetQuickArrival(d time.Duration) { l.quick.arrival.Store(int64(d)) }

// WaitForQuick is how long a quick match waits for people at most.
func (l *Lobby) WaitForQuick() time.Duration {
	if d := time.Duration(l.quick.wait.Load()); d > 0 {
		return d
	}
	return DefaultQuickWait
}

// Matched is a quick match's answer to a person whose table another
// server of the cluster made: their session goes to room Room, held at
// Addr (package server/relay relays it), where their seat waits.
type Matched struct{ Room, Addr string }

func (m *Matched) Error() string { return "quick match: seated in room " + m.Room + " on " + m.Addr }

// quickWaiter is a person of this server waiting for a quick match.
type quickWaiter struct {
	t store.Ticket
	// seated receives the seat a match made for them, or why it failed;
	// capacity 1: the one who matches them never waits for them.
	seated chan quickSeat
}

// quickSeat is a quick match's seat, or why none.
type quickSeat struct {
	c   *table.Conn
	err error
}

// quickQueue is the people of this server waiting for a quick match.
type quickQueue struct {
	mu      sync.Mutex
	waiting []*quickWaiter
	made    int   // quick rooms made on one server, to name the next
	ids     int64 // the tickets' ids on one server
	// looking is set while a goroutine runs the passes (quickLoop);
	// kick wakes it at once (capacity 1).
	looking bool
	kick    chan struct{}
	// queuing is when the tickets being put in a cluster's shared queue
	// run out, for the people not in waiting yet (QuickWith).
	queuing []time.Time
	// pass runs one pass at a time.
	pass sync.Mutex
	// wait is the wait for people, if set (SetQuickWait).
	wait atomic.Int64
	// arrival is the wait for the people relayed, if set
	// (SetQuickArrival).
	arrival atomic.Int64
}

// queue is the cluster's shared queue, nil on one server.
func (l *Lobby) queue() store.Queue {
	if l.Cluster == nil {
		return nil
	}
	return l.Cluster.Queue
}

// serverID is this server's name in a cluster, "" alone.
func (l *Lobby) serverID() string {
	if l.Cluster == nil {
		return ""
	}
	return l.Cluster.ID
}

// Quick seats user (called name) in a rated game of size players (2, 3,
// 4 or 6; any other: 2) found as matchQuick says, and returns once they
// are seated: dealt at once if everyone matched is on this server, else
// as soon as the others are relayed here (quickArrival at most). A person
// matched into a room of another server gets a *Matched error, which
// says where. It returns ctx's error once ctx ends.
func (l *Lobby) Quick(ctx context.Context, user, name string, size int) (*table.Conn, error) {
	return l.QuickWith(ctx, user, name, size, "")
}

// FriendWait is how long a person who asked for a quick match with a
// friend waits for the friend to ask for them (QuickWith).
const FriendWait = time.Minute

// QuickWith is Quick for a party of two: user asks to sit with the
// person called friend as partners, at a table of teams (size 4 or 6;
// friend "" or another size: Quick alone). The two are one ticket each,
// matched together once each asked for the other, within FriendWait of
// user's asking (ErrFriendAbsent then); the table's other seats are
// found as for anyone.
func (l *Lobby) QuickWith(ctx context.Context, user, name string, size int, friend string) (*table.Conn, error) {
	now := l.now()
	me := &quickWaiter{seated: make(chan quickSeat, 1), t: store.Ticket{
		Key: user, Name: name, Rating: l.displayOf(user), Size: quickSize(size), Since: now, Server: l.serverID(),
	}}
	if friend != "" && (engine.Config{Players: me.t.Size}).Teams() { // partners sit at tables of teams
		key, err := l.friendKey(ctx, friend)
		switch {
		case err != nil:
			return nil, err
		case key == user:
			return nil, ErrFriendSelf
		}
		me.t.Partner = key
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, FriendWait, refuse(RefFriendAbsent, friend, int(FriendWait.Seconds())))
		defer cancel()
	}
	q := &l.quick
	if Q := l.queue(); Q != nil {
		// The ticket is in the store before it is in q.waiting: its
		// time to run out is noted as it is read, so that a pass that
		// renews this server's tickets meanwhile does not forget it
		// (quickPass).
		q.mu.Lock()
		me.t.Until = l.now().Add(l.Cluster.lease())
		q.queuing = append(q.queuing, me.t.Until)
		q.mu.Unlock()
		id, err := Q.Enqueue(ctx, me.t)
		if err != nil {
			q.mu.Lock()
			q.queued(me.t.Until)
			q.mu.Unlock()
			l.logf("quick match: queueing %s: %v", user, err)
			return nil, ErrStoreDown
		}
		me.t.ID = id
	}
	q.mu.Lock()
	if l.queue() != nil {
		q.queued(me.t.Until)
	}
	if me.t.ID == 0 {
		q.ids++
		me.t.ID = q.ids
	}
	q.waiting = append(q.waiting, me)
	if q.kick == nil {
		q.kick = make(chan struct{}, 1)
	}
	if !q.looking {
		q.looking = true
		go l.quickLoop()
	}
	q.mu.Unlock()
	select {
	case q.kick <- struct{}{}:
	default:
	}
	select {
	case s := <-me.seated:
		return s.c, s.err
	case <-ctx.Done():
	}
	q.mu.Lock()
	i := slices.Index(q.waiting, me)
	if i >= 0 {
		q.waiting = slices.Delete(q.waiting, i, i+1)
	}
	q.mu.Unlock()
	if i >= 0 {
		select {
		case q.kick <- struct{}{}: // the passes end at once if nobody waits now
		default:
		}
		l.dropTicket(me.t.ID)
		return nil, waitEnded(ctx)
	}
	// Matched as the wait ended: the seat is on its way.
	if s := <-me.seated; s.c != nil {
		s.c.Quit()
	}
	return nil, waitEnded(ctx)
}

// waitEnded is why a quick match's wait ended with ctx: the friend who
// did not come (QuickWith's refusal), or ctx's error.
func waitEnded(ctx context.Context) error {
	var r *Refusal
	if errors.As(context.Cause(ctx), &r) {
		return r
	}
	return ctx.Err()
}

// friendKey is the key of the person called name (as names are claimed:
// look-alikes are one name), a RefNoFriend refusal if nobody is.
func (l *Lobby) friendKey(ctx context.Context, name string) (string, error) {
	if l.Ratings == nil {
		return "", refuse(RefNoFriend, name)
	}
	c, cancel := context.WithTimeout(ctx, store.CallTimeout)
	defer cancel()
	key, found, err := l.Ratings.KeyOfClaim(c, names.Skeleton(name))
	switch {
	case err != nil:
		l.logf("quick match: reading whose name %q is: %v", name, err)
		return "", ErrStoreDown
	case !found:
		return "", refuse(RefNoFriend, name)
	}
	return key, nil
}

// dropTicket forgets this server's ticket id in the shared queue: the
// server's own work, bounded by the store's deadline.
func (l *Lobby) dropTicket(id int64) {
	if Q := l.queue(); Q != nil {
		if err := Q.DropTicket(context.Background(), id); err != nil {
			l.logf("quick match: dropping ticket %d: %v", id, err)
		}
	}
}

// Waiting is how many people wait for a quick match on this server.
func (l *Lobby) Waiting() int {
	l.quick.mu.Lock()
	defer l.quick.mu.Unlock()
	return len(l.quick.waiting)
}

// quickLoop makes the passes while people of this server wait: at once
// when one comes, every second (a band widens, a ticket of another
// server comes), and when the first wait runs out; it ends when nobody
// waits.
func (l *Lobby) quickLoop() {
	q := &l.quick
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-q.kick:
		case <-timer.C:
		}
		next := l.quickPass()
		q.mu.Lock()
		if len(q.waiting) == 0 {
			q.looking = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		timer.Reset(max(0, next.Sub(l.now())))
	}
}

// quickPass makes the tables matchQuick finds now, and says when to look
// again. In a cluster it first renews this server's tickets, reads the
// queue, and sends the people whose tickets another server took to that
// server's room (Matched).
func (l *Lobby) quickPass() (next time.Time) {
	q := &l.quick
	q.pass.Lock()
	defer q.pass.Unlock()
	now := l.now()
	next = now.Add(time.Second)
	var tickets []store.Ticket
	if Q := l.queue(); Q != nil {
		ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
		defer cancel()
		// The renewal forgets this server's tickets that it does not
		// name, given up, but none being queued: those run out at
		// until or later (QuickWith reads its clock after this one),
		// or are noted in queuing, where before is the earliest.
		until := now.Add(l.Cluster.lease())
		before := until
		q.mu.Lock()
		ids := make([]int64, len(q.waiting))
		for i, e := range q.waiting {
			ids[i] = e.t.ID
		}
		for _, u := range q.queuing {
			if u.Before(before) {
				before = u
			}
		}
		q.mu.Unlock()
		err := Q.RenewTickets(ctx, l.Cluster.ID, ids, until, before)
		if err == nil {
			tickets, err = Q.Tickets(ctx, now)
		}
		if err != nil {
			l.logf("quick match: reading the queue: %v", err)
			return next
		}
		for _, t := range tickets {
			if t.Server == l.Cluster.ID && t.Room != "" && l.Room(t.Room) == nil {
				l.quickMoved(t)
			}
		}
		tickets = append(tickets, l.requeue(ctx, tickets, now)...)
	} else {
		q.mu.Lock()
		for _, e := range q.waiting {
			tickets = append(tickets, e.t)
		}
		q.mu.Unlock()
	}
	self := l.serverID()
	wait := l.WaitForQuick()
	for _, m := range matchQuick(tickets, now, wait, l.Levels(), func(t store.Ticket) bool { return t.Server == self }) {
		l.seatQuick(m)
	}
	q.mu.Lock()
	for _, e := range q.waiting {
		if end := e.t.Since.Add(wait); end.After(now) && end.Before(next) {
			next = end
		}
	}
	q.mu.Unlock()
	return next
}

// requeue puts back in the shared queue the tickets of this server's
// people that it lacks: forgotten as run out while this server could not
// renew them (its database out of reach past the lease), though the
// people still wait. It returns them as they are now.
func (l *Lobby) requeue(ctx context.Context, tickets []store.Ticket, now time.Time) []store.Ticket {
	q := &l.quick
	q.mu.Lock()
	var lost []*quickWaiter
	for _, e := range q.waiting {
		if !slices.ContainsFunc(tickets, func(t store.Ticket) bool { return t.ID == e.t.ID }) {
			lost = append(lost, e)
		}
	}
	q.mu.Unlock()
	var back []store.Ticket
	for _, e := range lost {
		q.mu.Lock()
		t := e.t
		q.mu.Unlock()
		t.Until = now.Add(l.Cluster.lease())
		// Under its own id: a ticket queued as the queue was read is
		// there already, and stays once.
		if _, err := l.Cluster.Queue.Enqueue(ctx, t); err != nil {
			l.logf("quick match: queueing %s again: %v", t.Key, err)
			continue
		}
		back = append(back, t)
	}
	return back
}

// quickMoved sends the person of this server whose ticket t another
// server took to that server's room.
func (l *Lobby) quickMoved(t store.Ticket) {
	if e := l.quick.take(t.ID); e != nil {
		e.seated <- quickSeat{err: &Matched{Room: t.Room, Addr: t.Addr}}
	}
	l.dropTicket(t.ID)
}

// take takes the entry of ticket id out of the queue, nil if it is not
// there (given up, or taken already).
func (q *quickQueue) take(id int64) *quickWaiter {
	q.mu.Lock()
	defer q.mu.Unlock()
	i := slices.IndexFunc(q.waiting, func(e *quickWaiter) bool { return e.t.ID == id })
	if i < 0 {
		return nil
	}
	e := q.waiting[i]
	q.waiting = slices.Delete(q.waiting, i, i+1)
	return e
}

// queued forgets one ticket being queued that runs out at until
// (queuing): it is in waiting now, or was not queued. Under q.mu.
func (q *quickQueue) queued(until time.Time) {
	if i := slices.IndexFunc(q.queuing, until.Equal); i >= 0 {
		q.queuing = slices.Delete(q.queuing, i, i+1)
	}
}

// has reports whether ticket id waits on this server.
func (q *quickQueue) has(id int64) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.ContainsFunc(q.waiting, func(e *quickWaiter) bool { return e.t.ID == id })
}

// seatQuick makes match m's room on this server: its anchor (this
// server's) hosts it, the other people of this server sit at once, the
// seats of people of other servers are kept for them (table.Keep). In a
// cluster the people's tickets are then taken in one write fenced by the
// room's lease, all or none: a server that lost the race to another
// closes its room and its people wait on. The game is dealt once every
// person is here, at once when all are this server's.
func (l *Lobby) seatQuick(m quickMatch) {
	q := &l.quick
	Q := l.queue()
	self := l.serverID()
	for _, p := range m.people {
		if p.Server == self && !q.has(p.ID) {
			return // given up since the queue was read
		}
	}
	var name string
	taken := map[int64]*quickWaiter{}
	if Q == nil {
		// One server: the people are this one's, out of the queue now.
		for _, p := range m.people {
			taken[p.ID] = q.take(p.ID)
		}
		q.mu.Lock()
		name = l.quickName(q)
		q.mu.Unlock()
	} else {
		name = "quick" + strconv.FormatInt(m.people[0].ID, 36)
	}
	r, conns, err := l.matchRoom(m, name)
	if Q != nil {
		if err != nil {
			l.logf("quick match: room %s: %v", name, err)
			return // its people wait on
		}
		ids := make([]int64, len(m.people))
		for i, p := range m.people {
			ids[i] = p.ID
		}
		ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
		ok, terr := Q.TakeTickets(ctx, r.fence(), l.Cluster.Address(), ids, l.now())
		cancel()
		if !ok {
			if terr != nil {
				// Taken or not, unknown: what was is put back.
				l.logf("quick match: taking the tickets of room %s: %v", name, terr)
				ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
				if err := Q.ReleaseTickets(ctx, r.fence()); err != nil {
					l.logf("quick match: putting back the tickets of room %s: %v", name, err)
				}
				cancel()
			}
			l.unmake(r, conns)
			return
		}
	}
	for i, p := range m.people {
		if p.Server != self {
			continue
		}
		e := taken[p.ID]
		if Q != nil {
			e = q.take(p.ID)
			l.dropTicket(p.ID)
		}
		switch {
		case e != nil:
			e.seated <- quickSeat{conns[i], err}
		case conns[i] != nil:
			conns[i].Quit() // given up as the room was made
		}
	}
	if err != nil {
		return
	}
	host := m.people[0].Key
	if l.quickDeal(r, host) {
		return
	}
	var kept []string
	for _, p := range m.people {
		if p.Server != self {
			kept = append(kept, p.Key)
		}
	}
	arrival := quickArrival
	if d := time.Duration(l.quick.arrival.Load()); d > 0 {
		arrival = d
	}
	go l.quickArrive(r, host, kept, l.now().Add(arrival))
}

// matchRoom makes quick room name for m, rated: its anchor hosts it, the
// people of this server sit (conns[i] is people[i]'s), the seats of the
// others are kept for them. It is made whatever becomes of the sessions
// that asked (each call of the store bounded by store.CallTimeout).
func (l *Lobby) matchRoom(m quickMatch, name string) (r *Room, conns []*table.Conn, err error) {
	return l.matchRoomIn(context.Background(), m, name)
}

// matchRoomIn is matchRoom asking the store within ctx.
func (l *Lobby) matchRoomIn(ctx context.Context, m quickMatch, name string) (r *Room, conns []*table.Conn, err error) {
	cfg := DefaultRoom
	cfg.Game, cfg.Seed, cfg.Rated = engine.Config{Players: m.size, Rules: engine.Standard}, NewSeed(), true
	// The computers of the room (the seats no person takes, and the seat
	// of one who leaves for good) play at the level nearest the players'.
	cfg.Level = m.level
	conns = make([]*table.Conn, len(m.people))
	a := m.people[0]
	if conns[0], err = l.Create(ctx, name, a.Key, a.Name, m.seats[0], cfg); err != nil {
		return nil, nil, err
	}
	r = l.Room(name)
	self := l.serverID()
	for i, p := range m.people[1:] {
		i++
		if p.Server == self {
			conns[i], err = r.Join(p.Key, p.Name, m.seats[i])
		} else {
			err = r.Keep(p.Key, p.Name, m.seats[i])
		}
		if err != nil {
			l.unmake(r, conns)
			return nil, nil, err
		}
	}
	return r, conns, nil
}

// unmake undoes quick room r, which could not be made whole (a seat
// refused, or another server took some of its people first): the
// connections of its people here (conns) quit, the seats kept for the
// others go with the room, which ends and is forgotten here, and in a
// cluster its record (who waits, written as they sat) and its lease are
// dropped. Its people wait on, and the next pass may make a table of
// the same anchor, by the same name; a room left kept for people who
// never come held that name, in the store too, for good.
func (l *Lobby) unmake(r *Room, conns []*table.Conn) {
	for _, c := range conns {
		if c != nil {
			c.Quit()
		}
	}
	l.mu.Lock()
	if l.rooms[r.Name()] == r {
		delete(l.rooms, r.Name())
	}
	l.mu.Unlock()
	r.Close()
	r.gathers.Wait() // no record of who waits is written after it is dropped
	if l.Store != nil {
		if err := l.Store.DropCheckpoint(context.Background(), r.Name()); err != nil {
			l.logf("quick match: dropping room %s: %v", r.Name(), err)
		}
	}
	l.retireShared([]*Room{r})
}

// quickDeal deals quick room r, hosted by host, if every person matched
// into it is here, and reports whether it did (or the room ended).
func (l *Lobby) quickDeal(r *Room, host string) bool {
	if r.Ended() || r.Started() {
		return true
	}
	for _, s := range r.Seats() {
		if s.Human && !s.Connected {
			return false
		}
	}
	l.quickStart(r, host)
	return true
}

// quickStart deals room r as its host (host, or whoever took the role).
func (l *Lobby) quickStart(r *Room, host string) {
	if err := r.Start(r.Host()); err != nil && !r.Ended() && !r.Started() {
		l.logf("quick match: dealing room %s (host %s): %v", r.Name(), host, err)
	}
}

// quickArrive waits until the people of other servers matched into quick
// room r (kept, their keys) are here, or until by, when the seats of those still away are
// the computers' (they never came: the game is not theirs to lose); then
// it deals.
func (l *Lobby) quickArrive(r *Room, host string, kept []string, by time.Time) {
	tick := time.NewTicker(quickArrivalTick)
	defer tick.Stop()
	for !l.quickDeal(r, host) {
		if !l.now().Before(by) {
			for _, user := range kept {
				r.Unkeep(user)
			}
			l.quickStart(r, host)
			return
		}
		<-tick.C
	}
}

// quickArrivalTick is how often a quick room looks whether the people it
// waits for are here.
const quickArrivalTick = 200 * time.Millisecond

// quickName is a name for the next quick room, free in the lobby. Under
// q.mu.
func (l *Lobby) quickName(q *quickQueue) string {
	for {
		q.made++
		name := fmt.Sprintf("quick%d", q.made)
		if l.Room(name) == nil {
			return name
		}
	}
}

// displayOf is the rating user reads, a new player's if they have none
// (or the store does not answer).
func (l *Lobby) displayOf(user string) int {
	if r, ok := l.RatingOf(user); ok {
		return r.Rating
	}
	return rating.Display(store.Model.New())
}

// quickEntry is a person the ladder seats in a quick room of two
// (quickRoom).
type quickEntry struct {
	user, name string
	rating     int // as the person reads it (rating.Display)
}

// quickRoom makes quick room name, rated, hosted by a and dealt: b takes
// the second seat, or without b the house computer nearest a's rating.
// The store is asked within ctx.
func (l *Lobby) quickRoom(ctx context.Context, name string, a, b *quickEntry) (ca, cb *table.Conn, err error) {
	// Both wait on this server (the ladder is a server's own): seated
	// here, not kept for another server's relay (matchRoomIn).
	self := l.serverID()
	m := quickMatch{size: 2, people: []store.Ticket{{Key: a.user, Name: a.name, Rating: a.rating, Server: self}}, seats: []int{0}}
	rated := a.rating
	if b != nil {
		m.people, m.seats = append(m.people, store.Ticket{Key: b.user, Name: b.name, Rating: b.rating, Server: self}), []int{0, 1}
		rated = (a.rating + b.rating) / 2
	}
	m.level = nearestLevel(l.Levels(), rated)
	r, conns, err := l.matchRoomIn(ctx, m, name)
	if err != nil {
		return nil, nil, err
	}
	if err := r.Start(a.user); err != nil {
		for _, c := range conns {
			c.Quit()
		}
		return nil, nil, err
	}
	if b != nil {
		cb = conns[1]
	}
	return conns[0], cb, nil
}
