package lang

import (
	"errors"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/table"
)

// What a table tells, in a catalogue's words, where both front ends say it
// alike: its refusals, its news, the seats' names, whom it waits for, an
// event of its log. The table holds the facts (table/facts.go) and no
// words.

// tableKeys are the keys of a table's refusals, by reason.
var tableKeys = [table.NumReasons]Key{
	table.RefStarted: RefStarted, table.RefNotStarted: RefNotStarted, table.RefEnded: RefEnded,
	table.RefNotHost: RefNotHost, table.RefSeatTaken: RefSeatTaken, table.RefNoSeat: RefNoSeat,
	table.RefNoSuchSeat: RefNoSuchSeat, table.RefNotSeated: RefNotSeated, table.RefNotYourTurn: RefNotYourTurn,
	table.RefOnlooker: RefOnlooker, table.RefFrozen: RefFrozen, table.RefSavedSeats: RefSavedSeats,
	table.RefNotPlayer: RefNotPlayer, table.RefNoUndo: RefNoUndo, table.RefUndoShared: RefUndoShared,
	table.RefNotKept: RefNotKept, table.RefWriting: RefWriting,
}

// tableRefusal is the key and arguments of a table's refusal in err's
// chain.
func tableRefusal(err error) (Key, []any, bool) {
	var r *table.Refusal
	if !errors.As(err, &r) || r.Why >= table.NumReasons {
		return 0, nil, false
	}
	if r.Why == table.RefNoSuchSeat {
		return tableKeys[r.Why], []any{r.Seat}, true
	}
	return tableKeys[r.Why], nil, true
}

// Notice tells a table's news in a sentence; "" for none.
func (c *Catalogue) Notice(n table.Notice) string {
	switch n.Kind {
	case table.NoticeHost:
		return c.T(NoticeHost, n.Name)
	case table.NoticeBack:
		return c.T(NoticeBack, n.Name)
	case table.NoticeSaved:
		return c.T(NoticeSaved, n.Name)
	case table.NoticeNotSaved:
		return c.T(NoticeNotSaved)
	case table.NoticeNotKept:
		return c.T(NoticeNotKept)
	case table.NoticeKeptAgain:
		return c.T(NoticeKept)
	case table.NoticeShutdown:
		return c.T(NoticeShutdown, n.Name)
	case table.NoticeMoved:
		return c.T(NoticeMoved, n.Name, n.Join)
	case table.NoticeStoreLost:
		return c.T(NoticeStoreLost, n.Name, n.Join)
	case table.NoticeReloaded:
		return c.T(NoticeReloaded, n.Name, n.Join)
	case table.NoticeWriting:
		return c.T(NoticeWriting)
	case table.NoticeNotWritten:
		return c.T(NoticeNotWritten)
	case table.NoticeRated:
		return c.RatedChange(n.Change, n.Rating, false)
	case table.NoticeForfeit:
		return c.T(NoticeForfeit, n.Name)
	}
	return ""
}

// SeatOf names seat of v's table: its name there, "Player N" when it has
// none, a person away marked as such.
func (c *Catalogue) SeatOf(v *table.View, seat int) string {
	return c.SeatName(v.SeatName(seat), seat, v.Away(seat))
}

// NamesOf gives the engine's sentences their words for v: each seat by
// SeatOf, and the viewer as "you" (View.Names).
func (c *Catalogue) NamesOf(v *table.View) engine.Names {
	return v.Names(func(seat int) string { return c.SeatOf(v, seat) })
}

// WaitingNames names the people v's table waits for (View.WaitingFor).
func (c *Catalogue) WaitingNames(v *table.View) []string {
	var names []string
	for _, s := range v.WaitingFor() {
		names = append(names, c.SeatOf(v, s))
	}
	return names
}

// Told tells the at-th event of v's log with the front end's names (as
// they were then, View.NamesAt): a distance played with its side's total
// after it when total > 0 (View.MilesAfter), as a listener keeps no
// count; "" for an event that has no sentence.
func (c *Catalogue) Told(v *table.View, names engine.Names, at uint32, total int) string {
	s := c.Event(v.Obs.Log[at%engine.LogSize], v.NamesAt(names, at))
	if s != "" && total > 0 {
		s = c.T(RunningTotal, strings.TrimSuffix(s, "."), total)
	}
	return s
}

// MissedTold tells what View.Missed lists for the person at seat, a
// sentence a move, each distance with its side's total after it (a
// listener keeps count), with the front end's names (View.Names). Both
// front ends say it as the keyboard passes back to that person.
func (c *Catalogue) MissedTold(v *table.View, names engine.Names, seat int) []string {
	missed := v.Missed(seat)
	if len(missed) == 0 {
		return nil
	}
	total := v.MilesAfter(missed[0])
	var told []string
	for _, at := range missed {
		if s := c.Told(v, names, at, total[at-missed[0]]); s != "" {
			told = append(told, s)
		}
	}
	return told
}
