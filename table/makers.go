package table

import (
	"slices"

	"github.com/millebornes/mille/engine"
)

// Maker says who made a seat's moves from an event on: a person, by the
// name they had, or a computer playing the seat (for a person away, or
// one who left). The log tells each move with its maker's name, not with
// the name of whoever holds the seat when it is read. A computer playing
// for a person away goes by that person's name, as the seat does ("Bob
// (away)"): "Bob stops at 700", never "you", even in Bob's own log.
type Maker struct {
	Seat   int
	From   uint32 // the event count from which on
	Name   string
	Person bool
}

// makerOfLocked is who makes seat i's moves now.
func (t *Table) makerOfLocked(i int) Maker {
	s := &t.seats[i]
	switch {
	case s.user != "" && !s.away:
		return Maker{Seat: i, Name: s.name, Person: true}
	case s.user != "":
		return Maker{Seat: i, Name: s.name} // not Person: "you" did not make these moves
	}
	return Maker{Seat: i, Name: s.name}
}

// noteMakersLocked records the seats whose maker changed, once the game is
// dealt. It keeps what the log can still show: the entries from the last
// engine.LogSize events, and each seat's last one before them; an undo's
// taken-back events take their entries with them.
func (t *Table) noteMakersLocked() {
	if !t.started {
		return
	}
	now := t.state.EventCount
	t.makers = slices.DeleteFunc(t.makers, func(m Maker) bool { return m.From > now })
	for i := range t.seats {
		mk := t.makerOfLocked(i)
		if last, ok := lastMaker(t.makers, i); ok && last.Name == mk.Name && last.Person == mk.Person {
			continue
		}
		mk.From = now
		t.makers = append(t.makers, mk)
	}
	if now < engine.LogSize {
		return
	}
	oldest := now - engine.LogSize
	kept := 0 // in place: the views hold copies
	for k, m := range t.makers {
		if m.From >= oldest || !laterBefore(t.makers[k+1:], m.Seat, oldest) {
			t.makers[kept] = m
			kept++
		}
	}
	t.makers = t.makers[:kept]
}

// lastMaker is the last entry of seat's in makers.
func lastMaker(makers []Maker, seat int) (Maker, bool) {
	for k := len(makers) - 1; k >= 0; k-- {
		if makers[k].Seat == seat {
			return makers[k], true
		}
	}
	return Maker{}, false
}

// laterBefore reports whether makers holds an entry of seat's from before
// event count at.
func laterBefore(makers []Maker, seat int, at uint32) bool {
	for _, m := range makers {
		if m.Seat == seat && m.From <= at {
			return true
		}
	}
	return false
}

// NamesAt are the words for telling the event at event count at in the
// view's log: a seat whose moves someone else made then (a person since
// gone, a computer while its person was away) is named after that maker,
// and the viewer is "you" only for moves they made themselves.
func (v *View) NamesAt(n engine.Names, at uint32) engine.Names {
	var then, now [engine.MaxSeats]Maker
	var known [engine.MaxSeats]bool
	for _, m := range v.Makers {
		if m.Seat >= engine.MaxSeats {
			continue
		}
		if m.From <= at {
			then[m.Seat], known[m.Seat] = m, true
		}
		now[m.Seat] = m
	}
	copied := false
	for seat := range known {
		m := then[seat]
		// A person's moves keep the viewer's words for them while the same
		// person holds the seat; a computer's are always its own.
		if !known[seat] || m.Person && m.Name == now[seat].Name && now[seat].Person {
			continue
		}
		if !copied {
			n.Seats = slices.Clone(n.Seats)
			copied = true
		}
		if seat < len(n.Seats) {
			n.Seats[seat] = m.Name
		}
		if seat == n.Viewer && !m.Person {
			n.Viewer = -1
		}
	}
	return n
}
