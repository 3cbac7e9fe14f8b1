package table

import "github.com/millebornes/mille/engine"

// The facts below are what every front end derives from a View to tell
// the table: who "you" is, whose side is whose, whom the table waits for.
// They hold no words: each front end says them in its own.

// Shared reports whether several people play at this connection's
// keyboard (hot-seat): it shows one seat at a time, that of whoever holds
// the keyboard now.
func (v *View) Shared() bool { return len(v.Mine) > 1 }

// Viewer is the seat the view's sentences call "you": the seat shown, or
// -1 for an onlooker, and where people share the keyboard, since "you"
// would be whoever holds it now: the sentences then name everyone.
func (v *View) Viewer() int {
	if v.Obs.Onlooker || v.Watching || v.Shared() {
		return -1
	}
	return v.Obs.Seat
}

// YourSide is the side of the seat called "you" (Viewer), -1 when
// nobody is: that side is told as "you" or "your team".
func (v *View) YourSide() int {
	if s := v.Viewer(); s >= 0 {
		return v.Obs.Config.SideOf(s)
	}
	return -1
}

// Side is the side of the seat shown, the one drawn or told first: the
// viewer's, the hot-seat keyboard holder's, or the one an onlooker
// watches.
func (v *View) Side() int { return v.Obs.Side() }

// Opponents lists the sides other than the seat shown's, in order: the
// sides a hazard may go to, and the sides drawn facing the shown one.
func (v *View) Opponents() []int {
	var sides []int
	for side := range v.Obs.Config.Sides() {
		if side != v.Side() {
			sides = append(sides, side)
		}
	}
	return sides
}

// Sides lists every side in the order the table is told: the seat
// shown's first, then the others.
func (v *View) Sides() []int {
	return append([]int{v.Side()}, v.Opponents()...)
}

// SideSeats lists the seats that play for side, in seat order.
func (v *View) SideSeats(side int) []int {
	var seats []int
	cfg := v.Obs.Config
	for seat := range cfg.Players {
		if cfg.SideOf(seat) == side {
			seats = append(seats, seat)
		}
	}
	return seats
}

// OpenSides lists the opponents' sides hazard c may be played on now.
func (v *View) OpenSides(c engine.Card) []int {
	var open []int
	for _, side := range v.Opponents() {
		if v.Obs.Check(engine.Attack(c, side)) == nil {
			open = append(open, side)
		}
	}
	return open
}

// Away reports whether a person holds seat but is not at the table now.
func (v *View) Away(seat int) bool {
	if seat < 0 || seat >= len(v.Seats) {
		return false
	}
	s := v.Seats[seat]
	return s.Human && !s.Connected
}

// SeatName is the name the table gives seat, "" when it gave none (the
// front end then says "Player N").
func (v *View) SeatName(seat int) string {
	if seat < 0 || seat >= len(v.Seats) {
		return ""
	}
	return v.Seats[seat].Name
}

// Names gives the engine's sentences their words for this view: the
// seats named by name (the front end's wording of SeatName and Away),
// and Viewer as "you".
func (v *View) Names(name func(seat int) string) engine.Names {
	names := make([]string, len(v.Seats))
	for i := range names {
		names[i] = name(i)
	}
	return engine.Names{Config: v.Obs.Config, Viewer: v.Viewer(), Seats: names}
}

// Tells reports whether a front end tells event e of the view's log: not
// an empty slot, nor a draw but the seat shown's own (the others' are all
// "draws a card"; an onlooker hears of none), and at a shared keyboard
// only once it was handed to that seat's person.
func (v *View) Tells(e engine.Event) bool {
	own := int(e.Seat) == v.Obs.Seat && !v.Obs.Onlooker && (v.Handed || !v.Shared())
	return e.Kind != engine.EvNone && (e.Kind != engine.EvDraw || own)
}

// ComputerThinks reports whether the table waits for a computer's move:
// a computer's seat, or that of a person away, is to act in the hand (the
// front ends show it thinking).
func (v *View) ComputerThinks() bool {
	o := &v.Obs
	if !v.Started || v.Ended || o.Phase >= engine.PhaseHandOver || v.Next >= 0 || o.Waiting {
		return false
	}
	seat := int(o.Turn)
	return seat >= len(v.Seats) || !v.Seats[seat].Connected
}

// Ready reports whether the person at the seat shown has asked for the
// next hand; an onlooker never has.
func (v *View) Ready() bool {
	return !v.Watching && !v.Obs.Onlooker && v.Seat >= 0 && v.Seat < len(v.Seats) && v.Seats[v.Seat].Ready
}

// WaitingFor lists the seats of the people present, other than this
// connection's, whom the table waits for before it deals on.
func (v *View) WaitingFor() []int {
	var seats []int
	for i, s := range v.Seats {
		if s.Human && s.Connected && !s.Ready && !v.Plays(i) {
			seats = append(seats, i)
		}
	}
	return seats
}

// Missed lists the events a person at a shared keyboard is told as it
// passes back to them at seat: each of the table's moves since their last
// one of the hand (or its deal), as far back as the log reaches, by their
// event counts (tell each with NamesAt). Draws are no moves.
func (v *View) Missed(seat int) []uint32 {
	o := &v.Obs
	from, _ := v.missedFrom(seat)
	var at []uint32
	for i := from; i < o.EventCount; i++ {
		if e := o.Log[i%engine.LogSize]; e.Kind != engine.EvNone && e.Kind != engine.EvDraw {
			at = append(at, i)
		}
	}
	return at
}

// MissedSinceDeal reports whether what Missed lists for seat starts at
// the hand's deal: its person has made no move in the hand yet, so the
// moves are told as since the deal, not since their last.
func (v *View) MissedSinceDeal(seat int) bool {
	_, deal := v.missedFrom(seat)
	return deal
}

// missedFrom is the event count Missed starts at for seat, and whether
// that is just after the hand's deal.
func (v *View) missedFrom(seat int) (from uint32, deal bool) {
	o := &v.Obs
	from = o.EventCount - min(o.EventCount, engine.LogSize)
	for i := o.EventCount; i > from; i-- {
		e := o.Log[(i-1)%engine.LogSize]
		if e.Kind == engine.EvDeal {
			return i, true
		}
		if int(e.Seat) == seat && e.Kind != engine.EvDraw && e.Kind != engine.EvHandOver && e.Kind != engine.EvGameOver {
			return i, false
		}
	}
	return from, false
}

// MilesAfter gives each event from count from to the view's the miles
// its side has just after it where it is a distance played, else 0 (a
// listener is told the running total): counted back from the table now,
// as far as no new deal lies between.
func (v *View) MilesAfter(from uint32) []int {
	o := &v.Obs
	to := o.EventCount
	if from > to {
		return nil
	}
	total := make([]int, to-from)
	miles := [engine.MaxSides]int{}
	for side := range o.Config.Sides() {
		miles[side] = int(o.Tableaus[side].Miles)
	}
	for i := to; i > from && i+engine.LogSize > to; i-- {
		e := o.Log[(i-1)%engine.LogSize]
		if e.Kind == engine.EvDeal {
			break
		}
		if e.Kind == engine.EvPlay && e.Card.IsDistance() {
			side := o.Config.SideOf(int(e.Seat))
			total[i-1-from] = miles[side]
			miles[side] -= e.Card.Miles()
		}
	}
	return total
}

// PassTo is the seat the keyboard must pass to, where people share it and
// the table waits for another of them than the one shown, or for the
// first of them to play (nobody was handed the keyboard yet); -1
// otherwise.
func (v *View) PassTo() int {
	if v.Next >= 0 && (v.Next != v.Seat || v.Shared() && !v.Handed) {
		return v.Next
	}
	return -1
}
