package table

import (
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
)

// factsView is a view of a table of players seats, shown from seat,
// played by the seats in mine (none: an onlooker).
func factsView(players, seat int, mine ...int) View {
	cfg := engine.Config{Players: players, Rules: engine.Standard}
	v := View{Seat: seat, Mine: mine, Next: -1, Started: true}
	v.Obs.Config, v.Obs.Seat = cfg, seat
	v.Obs.Onlooker = len(mine) == 0
	v.Watching = v.Obs.Onlooker
	for i := range players {
		v.Seats = append(v.Seats, SeatInfo{Name: string(rune('A' + i)), Human: slices.Contains(mine, i), Connected: true})
	}
	return v
}

// TestViewFacts checks the seat facts both front ends tell from: they
// disagreed once, the full screen naming people in hot-seat where the
// line mode said "you", and the line mode counting the watched side among
// an onlooker's opponents.
func TestViewFacts(t *testing.T) {
	for _, tc := range []struct {
		name      string
		v         View
		viewer    int
		yourSide  int
		opponents []int
		sides     []int
	}{
		{"one person", factsView(2, 0, 0), 0, 0, []int{1}, []int{0, 1}},
		{"one person, three sides", factsView(3, 1, 1), 1, 1, []int{0, 2}, []int{1, 0, 2}},
		{"teams", factsView(4, 3, 3), 3, 1, []int{0}, []int{1, 0}},
		{"hot-seat", factsView(2, 1, 0, 1), -1, -1, []int{0}, []int{1, 0}},
		{"onlooker", factsView(3, 2), -1, -1, []int{0, 1}, []int{2, 0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.v
			if got := v.Viewer(); got != tc.viewer {
				t.Errorf("Viewer = %d, want %d", got, tc.viewer)
			}
			if got := v.YourSide(); got != tc.yourSide {
				t.Errorf("YourSide = %d, want %d", got, tc.yourSide)
			}
			if got := v.Opponents(); !slices.Equal(got, tc.opponents) {
				t.Errorf("Opponents = %v, want %v", got, tc.opponents)
			}
			if got := v.Sides(); !slices.Equal(got, tc.sides) {
				t.Errorf("Sides = %v, want %v", got, tc.sides)
			}
			if n := v.Names(v.SeatName); n.Viewer != tc.viewer || len(n.Seats) != len(v.Seats) {
				t.Errorf("Names = %+v, want viewer %d and every seat", n, tc.viewer)
			}
		})
	}
}

func TestViewSeats(t *testing.T) {
	v := factsView(4, 0, 0)
	if got := v.SideSeats(1); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("SideSeats(1) = %v, want [1 3]", got)
	}
	v.Seats[2].Human, v.Seats[2].Connected = true, false
	v.Seats[3].Human = true
	v.Seats[0].Ready = true
	if !v.Away(2) || v.Away(3) || v.Away(0) || v.Away(9) {
		t.Errorf("Away: only seat 2's person is away")
	}
	if got := v.WaitingFor(); !slices.Equal(got, []int{3}) {
		t.Errorf("WaitingFor = %v, want [3]: the one person present and not ready, not this keyboard's", got)
	}
	if !v.Ready() {
		t.Error("seat 0 asked for the next hand: Ready")
	}
	if v.SeatName(1) != "B" || v.SeatName(-1) != "" || v.SeatName(4) != "" {
		t.Error("SeatName names the table's seats only")
	}
	w := factsView(2, 0)
	w.Seats[0].Ready = true
	if w.Ready() {
		t.Error("an onlooker is never ready: the seat's Ready is its player's")
	}
	h := factsView(2, 0, 0, 1)
	if h.PassTo() != -1 {
		t.Error("the table waits for nobody: no passing")
	}
	h.Next = 1
	if !h.Shared() || h.PassTo() != 1 {
		t.Error("hot-seat, the table waits for seat 1: pass the keyboard to it")
	}
	h.Next = 0
	if h.PassTo() != 0 {
		t.Error("hot-seat, the first turn: the keyboard goes to its person too")
	}
	h.Handed = true
	if h.PassTo() != -1 {
		t.Error("hot-seat, seat 0 has the keyboard and plays on: no passing")
	}
}

func TestViewTells(t *testing.T) {
	draw := engine.Event{Kind: engine.EvDraw, Seat: 1, Card: engine.Go}
	play := engine.Event{Kind: engine.EvPlay, Seat: 0, Card: engine.Go}
	for _, tc := range []struct {
		name string
		v    View
		e    engine.Event
		want bool
	}{
		{"an empty slot", factsView(2, 1, 1), engine.Event{}, false},
		{"a move", factsView(2, 1, 1), play, true},
		{"one's own draw", factsView(2, 1, 1), draw, true},
		{"another's draw", factsView(2, 0, 0), draw, false},
		{"hot-seat, before the keyboard was handed", factsView(2, 1, 0, 1), draw, false},
		{"hot-seat, once handed", handed(factsView(2, 1, 0, 1)), draw, true},
		{"an onlooker, the watched seat's draw", factsView(2, 1), draw, false},
		{"an onlooker, a move", factsView(2, 1), play, true},
	} {
		if got := tc.v.Tells(tc.e); got != tc.want {
			t.Errorf("%s: Tells = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// handed is v once its seat was handed to its person (Conn.Show).
func handed(v View) View {
	v.Handed = true
	return v
}

func TestViewOpenSides(t *testing.T) {
	// Three sides, seat 0 to play a Stop: side 1 rolls, side 2 has not
	// started (a Stop cannot stop it).
	v := factsView(3, 0, 0)
	o := &v.Obs
	o.Phase, o.Turn = engine.PhasePlay, 0
	o.MyHand[1] = engine.Stop
	o.HandSizes[0] = 7
	o.Tableaus[1].Battle = engine.Go
	if got := v.OpenSides(engine.Stop); !slices.Equal(got, []int{1}) {
		t.Errorf("OpenSides(Stop) = %v, want [1]", got)
	}
}

// TestViewMissed: passed the keyboard, a person hears every move since
// their own last one, the others' draws left out, and nothing before the
// hand's deal.
func TestViewMissed(t *testing.T) {
	v := factsView(3, 0, 0, 2)
	log := []engine.Event{
		{Kind: engine.EvPlay, Seat: 2, Card: engine.Miles25}, // the hand before
		{Kind: engine.EvDeal, Seat: 0},
		{Kind: engine.EvDraw, Seat: 0, Card: engine.Go},
		{Kind: engine.EvPlay, Seat: 0, Card: engine.Go},
		{Kind: engine.EvDraw, Seat: 1},
		{Kind: engine.EvAttack, Seat: 1, Card: engine.Stop, Target: 2},
		{Kind: engine.EvDraw, Seat: 2},
		{Kind: engine.EvDiscard, Seat: 2, Card: engine.Miles25},
		{Kind: engine.EvDraw, Seat: 0},
		{Kind: engine.EvPlay, Seat: 0, Card: engine.Miles75},
		{Kind: engine.EvDraw, Seat: 1},
		{Kind: engine.EvPlay, Seat: 1, Card: engine.Go},
	}
	copy(v.Obs.Log[:], log)
	v.Obs.EventCount = uint32(len(log))
	if got := v.Missed(2); !slices.Equal(got, []uint32{9, 11}) {
		t.Errorf("Missed(2) = %v, want [9 11]: the moves after seat 2's discard", got)
	}
	if got := v.Missed(0); !slices.Equal(got, []uint32{11}) {
		t.Errorf("Missed(0) = %v, want [11]", got)
	}
	v.Obs.Tableaus[0].Miles = 75
	if got := v.MilesAfter(9); !slices.Equal(got, []int{75, 0, 0}) {
		t.Errorf("MilesAfter(9) = %v, want [75 0 0]: seat 0's 75, its side's first distance", got)
	}
	if got := v.MilesAfter(0); got[0] != 0 || got[9] != 75 {
		t.Errorf("MilesAfter(0) = %v: the hand before the deal is not counted, seat 0's 75 is", got)
	}
	v.Obs.EventCount = 6 // seat 2 has not played in this hand: since the deal
	if got := v.Missed(2); !slices.Equal(got, []uint32{3, 5}) {
		t.Errorf("Missed(2) = %v, want [3 5]", got)
	}
}
