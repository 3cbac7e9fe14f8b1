package table

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// first is a computer that plays the first legal action at once.
type first struct{}

func (first) Name() string { return "first" }
func (first) Choose(_ context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	return legal[0]
}

// blocked is a computer that thinks until its search is cancelled, then
// answers; it tells on started when it begins.
type blocked struct{ started chan struct{} }

func (blocked) Name() string { return "blocked" }
func (b blocked) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	b.started <- struct{}{}
	<-ctx.Done()
	return legal[0]
}

// local makes a started table from a new game whose seats in people are
// held by user "me", as local play does.
func local(t *testing.T, players int, people []int, player ai.Player, seed uint64) (*Table, *Conn) {
	t.Helper()
	cfg := engine.Config{Players: players, Rules: engine.Standard}
	seats := make([]record.Seat, players)
	users := make([]string, players)
	for i := range seats {
		seats[i] = record.Seat{Name: ComputerName(i, players), Level: "easy"}
	}
	for _, i := range people {
		seats[i] = record.Seat{Name: "P", Human: true}
		users[i] = "me"
	}
	g, err := record.New(cfg, seed, seats)
	if err != nil {
		t.Fatal(err)
	}
	newPlayer := func(string, uint64) (ai.Player, error) { return player, nil }
	tb, err := FromRecord("local", g, users, "me", false, Config{Undo: true, NewPlayer: newPlayer}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tb.Join("me", "", -1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	return tb, c
}

// settle waits until the table waits for a person (or the hand is over).
func settle(t *testing.T, tb *Table, c *Conn) View {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		// The state first, then the view: a view read first could be
		// older than the state (a computer moving in between), the
		// person's turn in the state and not yet in the view, whose
		// observation then had no legal move (TestActedMarksTheMove,
		// under the race detector at load).
		st := tb.State()
		v := c.View()
		if st.HandOver() || v.Plays(st.ToAct()) {
			return v
		}
		select {
		case <-c.Updates():
		case <-deadline:
			t.Fatal("the computers did not move")
		}
	}
}

// TestUndo: the only person takes back their last decision and the
// computers' replies; a deal, another hand or a second person stop it.
func TestUndo(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		tb, c := local(t, 2, []int{0}, first{}, seed)
		settle(t, tb, c)
		if err := c.Undo(); !errors.Is(err, ErrNoUndo) {
			t.Fatalf("seed %d: undo before any move: %v", seed, err)
		}
		before := tb.State()
		beforeLen := len(tb.Record().History)
		v := c.View()
		legal := v.Obs.Legal(nil)
		if err := c.Act(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
		settle(t, tb, c)
		if err := c.Undo(); err != nil {
			t.Fatalf("seed %d: undo: %v", seed, err)
		}
		if got := tb.State(); got != before || len(tb.Record().History) != beforeLen {
			t.Fatalf("seed %d: undo did not bring back the state before the move", seed)
		}
		if rec := tb.Record(); rec.Check() != nil {
			t.Fatalf("seed %d: the record after undo: %v", seed, rec.Check())
		}
	}
}

// TestUndoCancelsSearch: an undo while a computer thinks stops its search
// and drops its answer.
func TestUndoCancelsSearch(t *testing.T) {
	b := blocked{started: make(chan struct{}, 1)}
	for seed := uint64(1); ; seed++ {
		tb, c := local(t, 2, []int{0}, b, seed)
		st := tb.State()
		if st.ToAct() != 0 {
			<-b.started // the computer deals first: not this test's case
			tb.Close()
			continue
		}
		v := c.View()
		if err := c.Act(v.Obs.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
		select {
		case <-b.started:
		case <-time.After(30 * time.Second):
			t.Fatal("the computer did not start thinking")
		}
		if err := c.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := tb.State(); got != st {
			t.Fatal("undo did not take the move back")
		}
		return
	}
}

// TestUndoShared: with two people at the table nobody undoes.
func TestUndoShared(t *testing.T) {
	tb, c := local(t, 2, []int{0, 1}, first{}, 3)
	v := settle(t, tb, c)
	if len(v.Mine) != 2 {
		t.Fatalf("hot-seat connection plays %v", v.Mine)
	}
	if err := c.Act(v.Obs.Legal(nil)[0]); err != nil && v.Obs.MyTurn() {
		t.Fatal(err)
	}
	if err := c.Undo(); !errors.Is(err, ErrUndoShared) {
		t.Fatalf("undo with two people: %v", err)
	}
}

// TestHotSeat: one connection plays every person's seat and shows the one
// whose turn it is after Show; Show refuses a computer's seat.
func TestHotSeat(t *testing.T) {
	tb, c := local(t, 4, []int{0, 1}, first{}, 5)
	if err := c.Show(2); !errors.Is(err, ErrNotSeated) {
		t.Fatalf("show a computer's seat: %v", err)
	}
	for moves := 0; moves < 40; moves++ {
		settle(t, tb, c)
		st := tb.State()
		if st.HandOver() {
			break
		}
		seat := st.ToAct()
		if err := c.Show(seat); err != nil {
			t.Fatal(err)
		}
		v := c.View()
		if v.Seat != seat || v.Obs.Seat != seat || v.Obs.MyHand != st.Hands[seat] {
			t.Fatalf("move %d: the view shows seat %d, want %d", moves, v.Seat, seat)
		}
		if err := c.Act(v.Obs.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHold: a held table's computers wait, however long (in a bubble
// whose clock runs only when everything in it waits).
func TestHold(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, c := local(t, 2, []int{0}, first{}, 2)
		settle(t, tb, c)
		tb.Hold(true)
		v := c.View()
		if err := c.Act(v.Obs.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
		moved := tb.State()
		time.Sleep(time.Hour) // a computer that ignored the hold would have moved
		synctest.Wait()
		if tb.State() != moved && !moved.HandOver() {
			t.Fatal("a computer moved while the table was held")
		}
		tb.Hold(false)
		settle(t, tb, c)
	})
}

// TestActedMarksTheMove: a move comes back on Updates like every change,
// marked as the connection's own (View.Acted) in the view that first
// shows it and in those after; a computer's move, or the same action
// taken by the table for the person (Table.Act, no connection), is not
// marked.
func TestActedMarksTheMove(t *testing.T) {
	tb, c := local(t, 2, []int{0}, first{}, 7)
	v := settle(t, tb, c)
	if v.Acted != 0 {
		t.Fatalf("marked before any move: %d", v.Acted)
	}
	legal := v.Obs.Legal(nil)
	if err := c.Act(legal[len(legal)-1]); err != nil {
		t.Fatal(err)
	}
	moved := <-c.Updates() // the move's view, or one after it (the computer plays at once)
	if moved.Acted <= v.Version || moved.Acted > moved.Version || moved.Obs.EventCount <= v.Obs.EventCount {
		t.Fatalf("the move's view: acted %d, version %d, events %d (before %d)", moved.Acted, moved.Version, moved.Obs.EventCount, v.Obs.EventCount)
	}
	after := settle(t, tb, c)
	if after.Acted != moved.Acted {
		t.Fatalf("the computer's reply marked as the person's: acted %d, was %d", after.Acted, moved.Acted)
	}
	legal = after.Obs.Legal(nil)
	if err := tb.Act("me", legal[0]); err != nil {
		t.Fatal(err)
	}
	if got := c.View(); got.Acted != moved.Acted || got.Version <= after.Version {
		t.Fatalf("a move made without the connection marked: acted %d, was %d", got.Acted, moved.Acted)
	}
}
