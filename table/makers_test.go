package table

import (
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestMovesKeepTheirMakersNames is issue 16's item 15: a move keeps the
// name of whoever made it. B plays, drops out (a computer plays the seat
// while B is away), comes back: the log names B's own moves "you" for B,
// the computer's moves while B was away "B" as the seat reads then ("B
// (away)"), for B and for A alike (issue 24 item 10: not "Computer 2");
// and after B quits for good, B's moves still read "B" for A.
func TestMovesKeepTheirMakersNames(t *testing.T) {
	clk := newClock()
	r, err := New("t", "a", config(2, engine.Standard, 5), clk.now)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Join("a", "A", 0)
	b, _ := r.Join("b", "B", 1)
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	// play acts for c's seat until the seat has moved once (a play or a
	// discard), and returns that move's event count.
	play := func(c *Conn) uint32 {
		t.Helper()
		for {
			v := waitFor(t, c, func(v View) bool { return v.Next == c.Seat() || (v.Obs.Phase >= engine.PhaseHandOver) })
			if v.Obs.Phase >= engine.PhaseHandOver {
				t.Fatal("the hand ended first")
			}
			at := v.Obs.EventCount
			if err := c.Act(v.Obs.Legal(nil)[0]); err != nil {
				t.Fatal(err)
			}
			if v.Obs.Phase == engine.PhasePlay {
				return at + 1 // the draw is at, the move after it
			}
		}
	}
	play(a)
	byB := play(b)
	b.Leave() // away: a computer plays seat 1
	play(a)
	v := waitFor(t, a, func(v View) bool { return v.Obs.Turn == 0 && v.Obs.EventCount > byB+4 })
	var byComputer uint32
	for i := v.Obs.EventCount - 1; i > byB+1; i-- {
		if e := v.Obs.Log[i%engine.LogSize]; int(e.Seat) == 1 && (e.Kind == engine.EvPlay || e.Kind == engine.EvDiscard || e.Kind == engine.EvAttack || e.Kind == engine.EvSafety) {
			byComputer = i
			break
		}
	}
	if byComputer == 0 {
		t.Fatal("the computer made no move for the seat away")
	}
	names := engine.Names{Config: v.Obs.Config, Viewer: 0, Seats: []string{"A", "B"}}
	if got := v.NamesAt(engine.Names{Config: v.Obs.Config, Viewer: 0, Seats: []string{"A", "B (away)"}}, byComputer).Seats[1]; got != "B" {
		t.Errorf("A's log names the computer's move for B's seat %q", got)
	}
	if got := v.NamesAt(names, byB).Seats[1]; got != "B" {
		t.Errorf("A's log names B's own move %q", got)
	}

	b2, err := r.Join("b", "B", -1)
	if err != nil {
		t.Fatal(err)
	}
	vb := waitFor(t, b2, func(v View) bool { return v.Obs.EventCount > byComputer })
	bNames := engine.Names{Config: vb.Obs.Config, Viewer: 1, Seats: []string{"A", "B"}}
	if n := vb.NamesAt(bNames, byComputer); n.Viewer == 1 || n.Seats[1] != "B" {
		t.Errorf("B's log tells the computer's move as %+v (want B, not you)", n)
	}
	if n := vb.NamesAt(bNames, byB); n.Viewer != 1 {
		t.Errorf("B's own move is not B's in B's log: %+v", n)
	}

	b2.Quit() // for good: seat 1 is Computer 2's now, but B made byB
	v = waitFor(t, a, func(v View) bool { return !v.Seats[1].Human })
	if got := v.NamesAt(engine.Names{Config: v.Obs.Config, Viewer: 0, Seats: []string{"A", "Computer 2"}}, byB).Seats[1]; got != "B" {
		t.Errorf("after B quit, B's move reads %q", got)
	}
}
