package table

import "github.com/millebornes/mille/engine"

// Conn is one viewer's link to a table: views come on Updates, actions go
// through Act. A person's Conn plays their seats (several when people
// share a keyboard) and shows one of them; an onlooker's Conn watches a
// seat's place and cannot act.
type Conn struct {
	table   *Table
	user    string
	seat    int       // guarded by table.mu: Sit and Show move it
	watch   bool      // an onlooker
	handed  bool      // guarded by table.mu: Show has handed a seat to its person
	acted   uint64    // guarded by table.mu: the Version that told this connection's last move (View.Acted)
	updates chan View // capacity 1: holds only the latest view
}

// Link is a front end's hold on a table, local or served: a *Conn, or a
// connection that wraps one (a server's seat). The full screen and the
// line mode act through it, and everything they show, check and tell
// comes from its View: the seat's Observation, the seats' names and who
// is here.
//
// A front end learns of every change by one way, Updates, its own moves
// too: Act, Undo and Show return only whether the table took them, and
// the view that shows what they did comes on Updates, marked as the
// viewer's move (View.Acted) where it is one.
type Link interface {
	// Act takes the viewer's action; the table checks it with the engine.
	Act(a engine.Action) error
	// Undo takes back the viewer's last decision of the hand, where the
	// table allows it.
	Undo() error
	// Show turns to another seat of the viewer's (people sharing the
	// keyboard).
	Show(seat int) error
	// View is the viewer's view now, which a front end starts from;
	// Updates delivers the newest after every change, and closes when
	// the table ends.
	View() View
	Updates() <-chan View
}

// Seat returns the seat this connection shows.
func (c *Conn) Seat() int {
	c.table.mu.Lock()
	defer c.table.mu.Unlock()
	return c.seat
}

// User returns the identity of the connection's person.
func (c *Conn) User() string { return c.user }

// Watching reports whether this connection is an onlooker's.
func (c *Conn) Watching() bool { return c.watch }

// Table returns the table.
func (c *Conn) Table() *Table { return c.table }

// Updates delivers the connection's view after every change of the table.
// A slow reader misses intermediate views, never the latest one. The
// channel is closed once the table has ended or the connection left.
func (c *Conn) Updates() <-chan View { return c.updates }

// View returns the connection's view now.
func (c *Conn) View() View {
	t := c.table
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.viewLocked(c, t.seatInfoLocked(), t.watchersLocked())
}

// Act takes action a for the seat to act, which this connection's person
// must hold. An onlooker gets ErrOnlooker.
func (c *Conn) Act(a engine.Action) error {
	if c.watch {
		return ErrOnlooker
	}
	return c.table.act(c.user, a, c)
}

// actedLocked records that the change the table tells at version is c's
// own move; nothing for a nil c (a computer's move).
func (c *Conn) actedLocked(version uint64) {
	if c != nil {
		c.acted = version
	}
}

// Undo takes back the person's last decision of this hand and whatever
// followed it, where the table allows it (Config.Undo, and no other person
// at the table).
func (c *Conn) Undo() error {
	if c.watch {
		return ErrOnlooker
	}
	t := c.table
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.undoLocked(c.user); err != nil {
		return err
	}
	t.changedLocked()
	return nil
}

// Show turns the connection to another of its person's seats: with people
// sharing a keyboard, the one who has it now.
func (c *Conn) Show(seat int) error {
	t := c.table
	t.mu.Lock()
	defer t.mu.Unlock()
	if c.watch {
		return ErrOnlooker
	}
	if seat < 0 || seat >= len(t.seats) || !t.holdsLocked(c.user, seat) {
		return ErrNotSeated
	}
	c.seat, c.handed = seat, true
	c.push(t.viewLocked(c, t.seatInfoLocked(), t.watchersLocked()))
	return nil
}

// Start starts the game, if this connection's person is the host.
func (c *Conn) Start() error {
	if c.watch {
		return ErrOnlooker
	}
	return c.table.Start(c.user)
}

// OpenSeats lets people outside a restored game take its free seats, if
// this connection's person is its host (see Table.OpenSeats).
func (c *Conn) OpenSeats(on bool) error {
	if c.watch {
		return ErrOnlooker
	}
	return c.table.OpenSeats(c.user, on)
}

// Sit moves this connection's person to another free seat before the
// start.
func (c *Conn) Sit(seat int) error { return c.table.sit(c, seat) }

// SitSide moves this connection's person to the first free seat of side
// (a team with 4 or 6 players) before the start.
func (c *Conn) SitSide(side int) error {
	i := c.table.freeSeatOnSide(side)
	if i < 0 {
		return ErrNoSeat
	}
	return c.table.sit(c, i)
}

// Leave disconnects: the seat waits for the person for the grace period.
func (c *Conn) Leave() { c.table.leave(c, false) }

// Quit gives the seat up to a computer player for good.
func (c *Conn) Quit() { c.table.leave(c, true) }

// push replaces any unread view by v. Only the table sends, under its
// lock, so after draining there is room for v.
func (c *Conn) push(v View) {
	select {
	case c.updates <- v:
		return
	default:
	}
	select {
	case <-c.updates:
	default:
	}
	c.updates <- v
}
