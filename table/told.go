package table

import (
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// The view in a catalogue's words, where both front ends say it alike:
// the seats' names, whom the table waits for, an event of the log. (The
// facts, facts.go, hold no words.)

// SeatNameIn names seat in l's words: its name at the table, "Player N"
// when it has none, a person away marked as such.
func (v *View) SeatNameIn(l *lang.Catalogue, seat int) string {
	return l.SeatName(v.SeatName(seat), seat, v.Away(seat))
}

// NamesIn gives the engine's sentences their words in l: each seat by
// SeatNameIn, and the viewer as "you" (Names).
func (v *View) NamesIn(l *lang.Catalogue) engine.Names {
	return v.Names(func(seat int) string { return v.SeatNameIn(l, seat) })
}

// WaitingNames names, in l's words, the people WaitingFor lists.
func (v *View) WaitingNames(l *lang.Catalogue) []string {
	var names []string
	for _, s := range v.WaitingFor() {
		names = append(names, v.SeatNameIn(l, s))
	}
	return names
}

// Told tells the at-th event of the log in l's words with the front end's
// names (as they were then, NamesAt): a distance played with its side's
// total after it when total > 0 (MilesAfter), as a listener keeps no
// count; "" for an event that has no sentence.
func (v *View) Told(l *lang.Catalogue, names engine.Names, at uint32, total int) string {
	s := l.Event(v.Obs.Log[at%engine.LogSize], v.NamesAt(names, at))
	if s != "" && total > 0 {
		s = l.T(lang.RunningTotal, strings.TrimSuffix(s, "."), total)
	}
	return s
}
