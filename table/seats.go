package table

import (
	"time"

	"github.com/millebornes/mille/engine"
)

// Who sits where: joining, watching, leaving, the host, and the grace
// periods.

// Join seats user (shown as name) and returns the connection that receives
// the seat's views. A user who already holds seats, even while away, gets
// them back whatever want says. Otherwise want picks a seat, or -1 the
// first free one; seats can be taken only before the game starts. Whoever
// cannot sit may still Watch.
func (t *Table) Join(user, name string, want int) (*Conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return nil, ErrEnded
	}
	t.expireLocked()
	mine := t.seatsOfLocked(user)
	if len(mine) == 0 && t.started {
		// A person who left the game in play comes back to their seats.
		for i := range t.seats {
			if t.seats[i].user == "" && t.seats[i].gaveUp == user {
				t.seats[i] = seat{user: user, name: name, bot: t.seats[i].bot}
				mine = append(mine, i)
			}
		}
		if len(mine) > 0 {
			t.notice = Notice{Kind: NoticeBack, Name: name}
		}
	}
	if len(mine) == 0 {
		switch {
		case t.started:
			return nil, ErrStarted
		case t.owners != nil && !t.openSeats:
			return nil, ErrNotPlayer
		}
		i := -1
		switch {
		case want < 0:
			for j := range t.seats {
				if t.seats[j].user == "" {
					i = j
					break
				}
			}
			if i < 0 {
				return nil, ErrNoSeat
			}
		case want >= len(t.seats):
			return nil, noSuchSeat(want)
		case t.seats[want].user != "":
			return nil, ErrSeatTaken
		default:
			i = want
		}
		t.seats[i] = seat{user: user, name: name}
		mine = []int{i}
	}
	for _, i := range mine {
		t.seats[i].away = false
	}
	if t.restored && !t.started && user != t.host && !t.seatedHereLocked() {
		// The host of a saved game has the grace period from the moment
		// somebody waits for them, not from the server's start.
		t.hostGone = t.now()
	}
	c := &Conn{table: t, user: user, seat: mine[0], updates: make(chan View, 1)}
	t.conns[c] = struct{}{}
	if user == t.host {
		t.hostGone = time.Time{}
	} else if !t.hostPresentLocked() && (!t.restored || t.started) && (!t.resumed || t.started) {
		// Nobody can start or save a table whose host is gone.
		t.passHostLocked()
	}
	t.changedLocked()
	return c, nil
}

// Watch makes user (shown as name) an onlooker of the table, seen from
// seat's place (-1: the first seat): the connection's views carry
// engine.Watch observations, with no hand, and it can never act. An
// onlooker may come before or after the start; onlookers alone do not keep
// a table open.
func (t *Table) Watch(user, name string, seat int) (*Conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return nil, ErrEnded
	}
	if seat < 0 {
		seat = 0
	}
	if seat >= len(t.seats) {
		return nil, noSuchSeat(seat)
	}
	c := &Conn{table: t, user: user, seat: seat, watch: true, updates: make(chan View, 1)}
	t.conns[c] = struct{}{}
	t.changedLocked()
	return c, nil
}

// Holds reports whether user holds a seat of the table, here or away
// (not one they gave up).
func (t *Table) Holds(user string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.ended && len(t.seatsOfLocked(user)) > 0
}

// holdsLocked reports whether user holds seat.
func (t *Table) holdsLocked(user string, seat int) bool {
	return user != "" && t.seats[seat].user == user
}

// OpenSeats lets people who were not in a restored game take its free
// seats before it starts again (on), or stops letting them (off). Only
// the host may; the seats already taken stay taken.
func (t *Table) OpenSeats(user string, on bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.started:
		return ErrStarted
	case user != t.host:
		return ErrNotHost
	case t.owners == nil:
		return nil // the seats of a new game are open to all
	}
	if t.openSeats != on {
		t.openSeats = on
		t.changedLocked()
	}
	return nil
}

// Sweep gives the seats of people away longer than the grace period to the
// computer for good, hands the host role on when the host has been gone as
// long, and ends the table when no person is left. The lobby calls it from
// time to time; tests call it with their own clock.
func (t *Table) Sweep() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return
	}
	changed := t.expireLocked()
	if !t.ended && !t.hostGone.IsZero() && t.now().Sub(t.hostGone) >= t.cfg.Grace && t.passHostLocked() {
		changed = true
	}
	if changed && !t.ended {
		t.changedLocked()
	}
}

// RestoreWait is how long a restored game waits for its people before the
// table ends (where it was kept, it stays).
const RestoreWait = 24 * time.Hour

// expireLocked frees the seats whose grace period ran out and ends the
// table when nobody holds a seat; it reports whether anything changed. A
// restored game keeps its seats until it starts, for RestoreWait at most.
func (t *Table) expireLocked() bool {
	now := t.now()
	if t.restored && !t.started {
		if now.Sub(t.restoredAt) >= RestoreWait && !t.seatedHereLocked() {
			t.endLocked()
			return true
		}
		return false
	}
	changed := false
	gone := true // every person has been away for the grace period
	for i := range t.seats {
		s := &t.seats[i]
		if s.user == "" {
			continue
		}
		long := s.away && now.Sub(s.awaySince) >= t.cfg.Grace
		gone = gone && long
		// With no grace nobody is ever away but a table's people before
		// they join (leave frees the seat at once). The people of a
		// restored game keep their seats.
		switch {
		case !long || t.cfg.Grace <= 0 || t.owners[s.user]:
		case !t.started:
			// Before the deal (a table taken over from another server
			// whose people did not come back) the seat is free again.
			t.seats[i] = seat{name: ComputerName(i, len(t.seats)), level: t.cfg.Level}
			changed = true
		default:
			t.seats[i] = seat{name: s.name + " (computer)", level: t.cfg.Level, bot: s.bot, gaveUp: s.user, gaveUpAs: s.name}
			changed = true
		}
	}
	// Onlookers alone do not keep a table open; nor do the seats of a
	// restored game's people when none of them has been here for the
	// grace period (the game stays saved where the table came from).
	if t.humansLocked() == 0 && (t.started || changed) || t.owners != nil && t.started && gone {
		t.desertedLocked()
		t.endLocked()
		return true
	}
	return changed
}

// humansLocked counts the seats held by people, here or away.
func (t *Table) humansLocked() int {
	n := 0
	for _, s := range t.seats {
		if s.user != "" {
			n++
		}
	}
	return n
}

// seatedHereLocked reports whether a person with a seat is connected.
func (t *Table) seatedHereLocked() bool {
	for c := range t.conns {
		if !c.watch {
			return true
		}
	}
	return false
}

// hostPresentLocked reports whether the host is connected to their seat.
func (t *Table) hostPresentLocked() bool {
	for c := range t.conns {
		if !c.watch && c.user == t.host {
			return true
		}
	}
	return false
}

// passHostLocked gives the host role to the first seated person who is
// here (of a restored game, the first of its people), and tells everyone;
// it reports whether the role moved.
func (t *Table) passHostLocked() bool {
	best := -1
	var user string
	for c := range t.conns {
		if c.watch || c.user == t.host || t.owners != nil && !t.owners[c.user] {
			continue
		}
		if best < 0 || c.seat < best {
			best, user = c.seat, c.user
		}
	}
	if best < 0 {
		if t.hostGone.IsZero() {
			t.hostGone = t.now()
		}
		return false
	}
	t.host, t.hostGone = user, time.Time{}
	t.notice = Notice{Kind: NoticeHost, Name: t.seats[best].name}
	return true
}

// leave drops connection c. A person who quits gives their seats to the
// computer; one who only disconnected keeps them for the grace period. A
// host who goes hands the role to another person here.
func (t *Table) leave(c *Conn, quit bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.conns[c]; !ok {
		return
	}
	delete(t.conns, c)
	close(c.updates) // only the table sends, and no longer to c
	if c.watch {
		t.changedLocked() // the count of onlookers changed
		return
	}
	for o := range t.conns {
		if !o.watch && o.user == c.user {
			return // the same person is still here on another connection
		}
	}
	waiting := t.restored && !t.started // a saved game waiting for its people
	if quit && !waiting {
		// A person who gives a saved game up in play is out of it; one who
		// leaves its waiting room only steps out (it stays listed, their
		// seat kept).
		delete(t.owners, c.user)
	}
	for _, i := range t.seatsOfLocked(c.user) {
		s := &t.seats[i]
		switch {
		case waiting && !quit, t.owners[c.user]:
			// A saved game waits for its people.
			s.away, s.awaySince = true, t.now()
		case !t.started:
			// Before the deal the seat is simply free again.
			t.seats[i] = seat{name: ComputerName(i, len(t.seats)), level: t.cfg.Level}
		case quit || t.cfg.Grace <= 0:
			// A computer plays on; the person may come back to it.
			t.seats[i] = seat{name: ComputerName(i, len(t.seats)), level: t.cfg.Level, bot: s.bot, gaveUp: c.user, gaveUpAs: s.name}
		default:
			s.away, s.awaySince = true, t.now()
		}
	}
	if t.humansLocked() == 0 {
		t.desertedLocked()
		t.endLocked()
		return
	}
	if c.user == t.host {
		t.passHostLocked()
	}
	t.dealOnLocked() // the others may all be waiting for the one who left
	t.changedLocked()
}

// GaveUp reports whether user gave up a seat of the game in play, which a
// computer plays for them until they come back to it (Join) or the game
// ends.
func (t *Table) GaveUp(user string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.started || t.ended || t.state.Phase == engine.PhaseGameOver {
		return false
	}
	for _, s := range t.seats {
		if s.user == "" && s.gaveUp == user {
			return true
		}
	}
	return false
}

// sit moves c's person to seat before the start.
func (t *Table) sit(c *Conn, to int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case c.watch:
		return ErrOnlooker
	case t.started:
		return ErrStarted
	case t.restored:
		return ErrSavedSeats
	case to < 0 || to >= len(t.seats):
		return noSuchSeat(to)
	case to == c.seat:
		return nil
	case t.seats[to].user != "":
		return ErrSeatTaken
	}
	if _, ok := t.conns[c]; !ok {
		return ErrNotSeated
	}
	from := c.seat
	t.seats[to] = t.seats[from]
	t.seats[from] = seat{name: ComputerName(from, len(t.seats)), level: t.cfg.Level}
	for o := range t.conns {
		if !o.watch && o.user == c.user {
			o.seat = to
		}
	}
	t.changedLocked()
	return nil
}

// freeSeatOnSide returns the first free seat of side, or -1.
func (t *Table) freeSeatOnSide(side int) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, s := range t.seats {
		if s.user == "" && t.cfg.Game.SideOf(i) == side {
			return i
		}
	}
	return -1
}

// seatsOfLocked lists the seats user holds.
func (t *Table) seatsOfLocked(user string) []int {
	var mine []int
	for i := range t.seats {
		if t.holdsLocked(user, i) {
			mine = append(mine, i)
		}
	}
	return mine
}

func (t *Table) seatInfoLocked() []SeatInfo {
	info := make([]SeatInfo, len(t.seats))
	for i, s := range t.seats {
		info[i] = SeatInfo{
			Name: s.name, Human: s.user != "", Connected: s.user != "" && !s.away,
			Host: s.user != "" && s.user == t.host, Ready: s.ready, Program: s.user != "" && s.program != nil,
		}
	}
	return info
}

// Keep keeps seat at for user (shown as name) before the deal, as if they
// had sat and dropped: away, theirs when they Join, free again after the
// grace period if they never come (or at Unkeep). A server's quick match
// holds the seats of the people it matched who wait on other servers of
// its cluster, on their way here.
func (t *Table) Keep(user, name string, at int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.started:
		return ErrStarted
	case at < 0 || at >= len(t.seats):
		return noSuchSeat(at)
	case t.seats[at].user != "":
		return ErrSeatTaken
	}
	t.seats[at] = seat{user: user, name: name, away: true, awaySince: t.now()}
	t.changedLocked()
	return nil
}

// Unkeep frees, before the deal, the seats user holds without being
// here: a kept seat (Keep) nobody came to.
func (t *Table) Unkeep(user string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended || t.started {
		return
	}
	for c := range t.conns {
		if !c.watch && c.user == user {
			return
		}
	}
	changed := false
	for _, i := range t.seatsOfLocked(user) {
		t.seats[i] = seat{name: ComputerName(i, len(t.seats)), level: t.cfg.Level}
		changed = true
	}
	if changed {
		t.changedLocked()
	}
}
