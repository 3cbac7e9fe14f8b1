package table

import (
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// The table's game as a record: for saves, checkpoints and shutdowns.

// Record returns the game as package save keeps it: the seats (a person's
// seat is Human), the state and the whole history.
func (t *Table) Record() record.Game {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.recordLocked()
}

func (t *Table) recordLocked() record.Game {
	g := record.Game{
		Seats:   make([]record.Seat, len(t.seats)),
		State:   t.state,
		History: append([]engine.Action(nil), t.history...),
	}
	for i, s := range t.seats {
		name := []rune(s.name)
		if len(name) > record.MaxNameLen {
			name = name[:record.MaxNameLen]
		}
		g.Seats[i] = record.Seat{Name: string(name), Human: s.user != ""}
		if s.user == "" {
			g.Seats[i].Level = s.level
		}
	}
	return g
}

// Seating says who holds each seat ("" for a computer's) and who hosts.
type Seating struct {
	Users []string
	Host  string
	// GaveUp names, for each seat a computer plays because its person
	// left the game in play (quit, or away past the grace period) and has
	// not come back, that person; "" for the others. A rated game counts
	// as their loss.
	GaveUp []string
	// GaveUpAs is, for each seat of GaveUp, the name its person played it
	// under (the record names the computer that took it over).
	GaveUpAs []string
}

func (t *Table) seatingLocked() Seating {
	n := len(t.seats)
	st := Seating{Users: make([]string, n), GaveUp: make([]string, n), GaveUpAs: make([]string, n), Host: t.host}
	for i, s := range t.seats {
		st.Users[i], st.GaveUp[i], st.GaveUpAs[i] = s.user, s.gaveUp, s.gaveUpAs
	}
	return st
}

// Snapshot returns the record of the game and its seating, for user, who
// must be the host of a game dealt or restored.
func (t *Table) Snapshot(user string) (record.Game, Seating, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return record.Game{}, Seating{}, ErrEnded
	case t.frozen:
		return record.Game{}, Seating{}, ErrFrozen
	case !t.started && !t.restored:
		return record.Game{}, Seating{}, ErrNotStarted
	case user != t.host:
		return record.Game{}, Seating{}, ErrNotHost
	case len(t.seatsOfLocked(user)) == 0:
		return record.Game{}, Seating{}, ErrNotSeated
	}
	return t.recordLocked(), t.seatingLocked(), nil
}

// Checkpoint returns the game as it stands, for the program that keeps
// it, while it is being played: dealt, not frozen, not ended.
func (t *Table) Checkpoint() (Checkpoint, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return Checkpoint{}, ErrEnded
	case t.frozen:
		return Checkpoint{}, ErrFrozen
	case !t.started:
		return Checkpoint{}, ErrNotStarted
	}
	return Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, nil
}

// Freeze stops a game dealt or restored for good (the server is shutting
// down): nothing moves any more, and it returns the record and seating as
// they stand.
func (t *Table) Freeze() (record.Game, Seating, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return record.Game{}, Seating{}, ErrEnded
	case !t.started && !t.restored:
		return record.Game{}, Seating{}, ErrNotStarted
	}
	t.frozen = true
	t.movedLocked() // stops the search under way
	return t.recordLocked(), t.seatingLocked(), nil
}
