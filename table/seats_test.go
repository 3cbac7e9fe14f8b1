package table

import (
	"errors"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// TestSit: before the start a person moves to a free seat or to a team's
// free seat; taken seats, onlookers and a started game refuse.
func TestSit(t *testing.T) {
	r, err := New("t", "a", config(4, engine.Standard, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Join("a", "A", 0)
	b, _ := r.Join("b", "B", 1)
	w, _ := r.Watch("w", "W", -1)
	steps := []struct {
		c    *Conn
		seat int // -1: SitSide(side)
		side int
		want int // the seat after
		err  error
	}{
		{c: a, seat: 1, want: 0, err: ErrSeatTaken},
		{c: a, seat: 2, want: 2},           // seat 3, on a's own team (side 0: seats 1 and 3)
		{c: a, seat: -1, side: 1, want: 3}, // team 2: seats 2 and 4, b holds 2
		{c: b, seat: -1, side: 1, err: ErrNoSeat, want: 1},
		{c: b, seat: -1, side: 0, want: 0},
		{c: b, seat: 7, want: 0, err: &Refusal{Why: RefNoSuchSeat, Seat: 8}}, // seats as people count
		{c: w, seat: 2, want: 0, err: ErrOnlooker},
	}
	for i, st := range steps {
		var err error
		if st.seat >= 0 {
			err = st.c.Sit(st.seat)
		} else {
			err = st.c.SitSide(st.side)
		}
		if (err == nil) != (st.err == nil) || err != nil && !sameRefusal(err, st.err) {
			t.Fatalf("step %d: %v, want %v", i, err, st.err)
		}
		if got := st.c.Seat(); got != st.want {
			t.Fatalf("step %d: seat %d, want %d", i, got, st.want)
		}
	}
	seats := r.Seats()
	if seats[3].Name != "A" || !seats[3].Host || seats[0].Name != "B" || seats[1].Human || seats[2].Human {
		t.Fatalf("seats: %+v", seats)
	}
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	if err := a.Sit(1); !errors.Is(err, ErrStarted) {
		t.Fatalf("sit after the start: %v", err)
	}
	u := waitFor(t, b, func(u View) bool { return u.Started })
	if u.Seat != 0 || u.Obs.Seat != 0 {
		t.Fatalf("b's update after moving: seat %d, obs seat %d", u.Seat, u.Obs.Seat)
	}
}

// TestHostHandover: a host who leaves before or during the game hands the
// role to a person present, who can then start; everyone is told.
func TestHostHandover(t *testing.T) {
	for _, started := range []bool{false, true} {
		clk := newClock()
		r, err := New("t", "a", config(3, engine.Standard, 2), clk.now)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := r.Join("a", "A", 0)
		b, _ := r.Join("b", "B", 1)
		c, _ := r.Join("c", "C", 2)
		if err := b.Start(); !errors.Is(err, ErrNotHost) {
			t.Fatalf("b starts: %v", err)
		}
		if started {
			if err := a.Start(); err != nil {
				t.Fatal(err)
			}
		}
		a.Leave()
		u := waitFor(t, c, func(u View) bool { return u.Notice.Kind != NoNotice })
		if r.Host() != "b" || u.Notice != (Notice{Kind: NoticeHost, Name: "B"}) || !u.Seats[1].Host {
			t.Fatalf("started %v: host %q, notice %+v, seats %+v", started, r.Host(), u.Notice, u.Seats)
		}
		waitFor(t, b, func(u View) bool { return u.Host })
		if !started {
			if err := b.Start(); err != nil {
				t.Fatalf("the new host starts: %v", err)
			}
		}
		r.Close()
	}
}

// TestOnlooker: an onlooker receives only engine.Watch observations (no
// hand), can never act, and does not keep a room open alone.
func TestOnlooker(t *testing.T) {
	clk := newClock()
	r, err := New("t", "a", config(2, engine.Standard, 4), clk.now)
	if err != nil {
		t.Fatal(err)
	}
	hist := watch(r)
	a, _ := r.Join("a", "A", 0)
	b, err := r.Join("b", "B", 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Join("w", "W", -1); !errors.Is(err, ErrStarted) {
		t.Fatalf("a late joiner sits: %v", err)
	}
	w, err := r.Watch("w", "W", 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Act(engine.Continue); !errors.Is(err, ErrOnlooker) {
		t.Fatalf("an onlooker acts: %v", err)
	}
	if err := w.Start(); !errors.Is(err, ErrOnlooker) {
		t.Fatalf("an onlooker starts: %v", err)
	}
	u := waitFor(t, w, func(u View) bool { return u.Started })
	if !u.Watching || !u.Obs.Onlooker || u.Host || u.Onlookers != 1 {
		t.Fatalf("onlooker's update: %+v", u)
	}
	// Play a few moves; every update the onlooker gets is Watch of the
	// state at its version.
	var buf [engine.MaxLegal]engine.Action
	var got []View
	for range 6 {
		s := r.State()
		user := "a"
		if s.ToAct() == 1 {
			user = "b"
		}
		o := engine.Observe(&s, s.ToAct())
		if err := r.Act(user, o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
		got = append(got, <-w.Updates())
	}
	r.mu.Lock()
	for _, u := range got {
		s := hist.states[u.Version]
		if want := engine.Watch(&s, 1); u.Obs != want {
			t.Fatalf("version %d: not the onlooker's view", u.Version)
		}
		for _, c := range u.Obs.MyHand {
			if c != engine.NoCard && c != 0 {
				t.Fatalf("version %d: an onlooker sees a hand card", u.Version)
			}
		}
	}
	r.mu.Unlock()
	// The people leave: the onlooker alone does not keep the room.
	a.Quit()
	b.Quit()
	r.Sweep()
	if !r.Ended() {
		t.Fatal("an onlooker keeps the room open")
	}
	for range w.Updates() {
	}
	r.Close()
}

// play makes n moves in a room where only people sit, for whoever's turn.

// TestRestoredBelongsToItsPeople: a restored game's seats stay its
// people's for good, a computer playing them while they are away; the
// host role passes only among them; one who quits is out of the game; and
// the table ends once none of them has been here for the grace period.
func TestRestoredBelongsToItsPeople(t *testing.T) {
	clk := newClock()
	cfg := config(3, engine.Standard, 6)
	g, err := record.New(cfg.Game, cfg.Seed, []record.Seat{{Name: "A", Human: true}, {Name: "B", Human: true}, {Level: "random"}})
	if err != nil {
		t.Fatal(err)
	}
	// The saved host "h" holds no seat: the first person who does hosts.
	r, err := FromRecord("t", g, []string{"a", "b", ""}, "h", true, cfg, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if h := r.Host(); h != "a" {
		t.Fatalf("host %q, want a", h)
	}
	if _, err := r.Join("x", "X", 2); !errors.Is(err, ErrNotPlayer) {
		t.Fatalf("a stranger sits: %v", err)
	}
	if err := r.OpenSeats("b", true); !errors.Is(err, ErrNotHost) {
		t.Fatalf("b opens the seats: %v", err)
	}
	b, _ := r.Join("b", "B", -1)
	clk.add(cfg.Grace)
	r.Sweep()
	if h := r.Host(); h != "b" {
		t.Fatalf("host after a's grace period: %q, want b", h)
	}
	if err := b.OpenSeats(true); err != nil {
		t.Fatal(err)
	}
	x, err := r.Join("x", "X", 2)
	if err != nil {
		t.Fatalf("a stranger sits in an open seat: %v", err)
	}
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	if err := b.OpenSeats(false); !errors.Is(err, ErrStarted) {
		t.Fatalf("closing the seats after the start: %v", err)
	}
	b.Quit() // b gives the game up: out of it, and a is away
	if h := r.Host(); h == "x" {
		t.Fatal("the host role went to a newcomer")
	}
	// b may take the seat back (issue 16, 15), and gives it up again.
	b2, err := r.Join("b", "B", -1)
	if err != nil || b2.Seat() != 1 {
		t.Fatalf("b comes back after quitting: %v, %v", b2, err)
	}
	b2.Quit()
	x.Leave()
	clk.add(cfg.Grace)
	r.Sweep()
	seats := r.Seats()
	if !seats[0].Human || seats[1].Human || seats[2].Human {
		t.Fatalf("seats: %+v", seats)
	}
	if !r.Ended() {
		t.Fatal("the table goes on with none of its people here for the grace period")
	}
}

// sameRefusal reports whether err is the refusal want, by its code and
// seat.
func sameRefusal(err, want error) bool {
	var r, w *Refusal
	return errors.As(err, &r) && errors.As(want, &w) && *r == *w
}

// TestGaveUp: a person who quits a game in play has given a seat up
// until they come back to it or the game ends; leaving before the deal,
// or quitting as an onlooker, gives nothing up.
func TestGaveUp(t *testing.T) {
	r, err := New("t", "a", config(3, engine.Standard, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Join("a", "A", 0)
	b, _ := r.Join("b", "B", 1)
	w, _ := r.Watch("w", "W", -1)
	c, _ := r.Join("c", "C", 2)
	c.Quit() // before the deal: the seat is free again
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	w.Quit()
	var back *Conn
	steps := []struct {
		do   func()
		user string
		want bool
	}{
		{nil, "b", false},
		{nil, "c", false},
		{nil, "w", false},
		{b.Quit, "b", true},
		{nil, "a", false},
		{func() {
			if back, err = r.Join("b", "B", -1); err != nil {
				t.Fatal(err)
			}
		}, "b", false},
	}
	for i, st := range steps {
		if st.do != nil {
			st.do()
		}
		if got := r.GaveUp(st.user); got != st.want {
			t.Fatalf("step %d: GaveUp(%s) = %v, want %v", i, st.user, got, st.want)
		}
	}
	back.Quit()
	a.Quit() // the last person gone: the table ends
	if !r.Ended() || r.GaveUp("a") || r.GaveUp("b") {
		t.Fatal("a game that ended still counts a seat as given up")
	}
}
