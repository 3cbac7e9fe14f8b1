package table

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// clock is a settable clock for grace periods: tests never wait.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)} }

// history records every state a room reaches, by version (under the room's
// lock, read once the room is closed).
type history struct{ states map[uint64]engine.State }

func watch(r *Table) *history {
	h := &history{states: map[uint64]engine.State{}}
	r.mu.Lock()
	r.onChange = func(v uint64, s engine.State) { h.states[v] = s }
	r.mu.Unlock()
	return h
}

func config(players int, rules engine.Ruleset, seed uint64) Config {
	return Config{Game: engine.Config{Players: players, Rules: rules}, Level: "random", Seed: seed, Grace: time.Minute}
}

// waitFor reads c's updates until ok accepts one; it fails the test if the
// connection closes first. The deadline only stops a broken test from
// hanging.
func waitFor(t *testing.T, c *Conn, ok func(View) bool) View {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case u, open := <-c.Updates():
			if !open {
				t.Fatalf("seat %d: updates closed", c.Seat())
			}
			if ok(u) {
				return u
			}
		case <-deadline:
			t.Fatalf("seat %d: no such update", c.Seat())
		}
	}
}

// TestRoomPlaysAHand seats people at some seats of a table, lets the room
// fill the others with computers and plays a whole hand: every person moves
// from the updates their own seat receives. Every update a seat receives
// must be exactly what the engine lets that seat see of the room's state at
// that moment, so no other hand's cards ever reach it.
func TestRoomPlaysAHand(t *testing.T) {
	tests := []struct {
		players int
		rules   engine.Ruleset
		humans  []int // seats taken by people
		seed    uint64
	}{
		{2, engine.Standard, []int{0, 1}, 1},
		{2, engine.BSD, []int{1}, 2},
		{3, engine.Standard, []int{0, 2}, 3},
		{4, engine.Standard, []int{0, 1, 2, 3}, 4},
		{4, engine.Standard, []int{0, 2}, 5},
		{6, engine.Standard, []int{0, 1, 2, 3, 4, 5}, 6},
		{6, engine.Standard, []int{3}, 7},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dp-%v-seed%d", tc.players, tc.rules, tc.seed), func(t *testing.T) {
			r, err := New("t", "u0", config(tc.players, tc.rules, tc.seed), nil)
			if err != nil {
				t.Fatal(err)
			}
			hist := watch(r)
			conns := make([]*Conn, len(tc.humans))
			for i, seat := range tc.humans {
				if conns[i], err = r.Join(fmt.Sprintf("u%d", i), fmt.Sprintf("P%d", i), seat); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Start("u0"); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			got := make([][]View, len(conns))
			errs := make(chan error, len(conns))
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			for i, c := range conns {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rng := rand.New(rand.NewPCG(tc.seed, uint64(i)))
					var buf [engine.MaxLegal]engine.Action
					for {
						select {
						case <-ctx.Done():
							errs <- fmt.Errorf("seat %d: the hand did not end", c.Seat())
							return
						case u := <-c.Updates():
							got[i] = append(got[i], u)
							o := &u.Obs
							if !u.Started || o.Hand > 0 || o.Game > 0 || o.Phase >= engine.PhaseHandOver {
								if u.Started {
									return
								}
								continue
							}
							if !o.MyTurn() {
								continue
							}
							legal := o.Legal(buf[:0])
							err := c.Act(legal[rng.IntN(len(legal))])
							if err != nil && !errors.Is(err, ErrNotYourTurn) {
								errs <- fmt.Errorf("seat %d: %v", c.Seat(), err)
								return
							}
						}
					}
				}()
			}
			wg.Wait()
			r.Close()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			for i, us := range got {
				for _, u := range us {
					if u.Seat != tc.humans[i] {
						t.Fatalf("connection of seat %d got an update for seat %d", tc.humans[i], u.Seat)
					}
					if !u.Started {
						continue
					}
					s, ok := hist.states[u.Version]
					if !ok {
						t.Fatalf("update of unknown version %d", u.Version)
					}
					if want := engine.Observe(&s, u.Seat); u.Obs != want {
						t.Fatalf("seat %d, version %d: the update is not the seat's observation", u.Seat, u.Version)
					}
				}
			}
		})
	}
}

// TestUpdateHoldsNoState proves by the types that an View cannot carry
// the room's state or other seats' hands: nothing in it has the type of a
// State or of the table of all hands.
func TestUpdateHoldsNoState(t *testing.T) {
	forbidden := map[reflect.Type]bool{
		reflect.TypeFor[engine.State]():                                   true,
		reflect.TypeFor[*engine.State]():                                  true,
		reflect.TypeFor[[engine.MaxSeats][engine.HandSlots]engine.Card](): true,
		reflect.TypeFor[[engine.MaxDeck]engine.Card]():                    false, // the discard pile is public
	}
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, path string)
	walk = func(typ reflect.Type, path string) {
		if forbidden[typ] {
			t.Errorf("%s has type %v", path, typ)
		}
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Struct:
			for i := range typ.NumField() {
				f := typ.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		case reflect.Slice, reflect.Array, reflect.Pointer, reflect.Chan:
			walk(typ.Elem(), path+"[]")
		case reflect.Map:
			walk(typ.Key(), path+"[key]")
			walk(typ.Elem(), path+"[]")
		case reflect.Interface, reflect.Func:
			t.Errorf("%s is a %v, which could hold anything", path, typ.Kind())
		}
	}
	walk(reflect.TypeFor[View](), "View")
}

func TestJoin(t *testing.T) {
	r, err := New("t", "host", config(4, engine.Standard, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	steps := []struct {
		user    string
		want    int
		seat    int
		err     error
		started bool // start the game before this step
	}{
		{user: "host", want: -1, seat: 0},
		{user: "ann", want: 2, seat: 2},
		{user: "bob", want: 2, err: ErrSeatTaken},
		{user: "bob", want: 9, err: &Refusal{Why: RefNoSuchSeat, Seat: 10}}, // seats as people count
		{user: "bob", want: -1, seat: 1},
		{user: "ann", want: 3, seat: 2}, // a person keeps their seat
		{user: "cal", want: -1, seat: 3},
		{user: "dee", want: -1, err: ErrNoSeat},
		{user: "ann", want: -1, seat: 2, started: true},
		{user: "eve", want: -1, err: ErrStarted},
	}
	for i, st := range steps {
		if st.started {
			if err := r.Start("ann"); !errors.Is(err, ErrNotHost) {
				t.Fatalf("step %d: ann starts: %v, want %v", i, err, ErrNotHost)
			}
			if err := r.Start("host"); err != nil {
				t.Fatal(err)
			}
		}
		c, err := r.Join(st.user, st.user, st.want)
		switch {
		case st.err != nil:
			if !sameRefusal(err, st.err) {
				t.Fatalf("step %d: %s joins seat %d: %v, want %v", i, st.user, st.want, err, st.err)
			}
		case err != nil:
			t.Fatalf("step %d: %s joins seat %d: %v", i, st.user, st.want, err)
		case c.Seat() != st.seat:
			t.Fatalf("step %d: %s got seat %d, want %d", i, st.user, c.Seat(), st.seat)
		}
	}
}

// TestAct checks that only the person at the seat to act can move, and
// that the engine's refusals come back.
func TestAct(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		r, err := New("t", "a", config(2, engine.Standard, seed), nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := r.Join("a", "A", 0)
		b, _ := r.Join("b", "B", 1)
		if err := a.Act(engine.Continue); !errors.Is(err, ErrNotStarted) {
			t.Fatalf("before the start: %v", err)
		}
		if err := r.Start("a"); err != nil {
			t.Fatal(err)
		}
		u := waitFor(t, a, func(u View) bool { return u.Started })
		toAct, other := a, b
		if u.Obs.Turn != 0 {
			toAct, other = b, a
		}
		if err := r.Act("stranger", engine.Continue); !errors.Is(err, ErrNotSeated) {
			t.Errorf("seed %d: stranger acts: %v", seed, err)
		}
		if err := other.Act(engine.Continue); !errors.Is(err, ErrNotYourTurn) {
			t.Errorf("seed %d: out of turn: %v", seed, err)
		}
		if err := toAct.Act(engine.Continue); err == nil || errors.Is(err, ErrNotYourTurn) {
			t.Errorf("seed %d: an illegal action: %v, want the engine's refusal", seed, err)
		}
		obs := engine.Observe(&r.state, toAct.Seat()) // no other goroutine moves: both seats are people
		legal := obs.Legal(nil)
		if err := toAct.Act(legal[0]); err != nil {
			t.Errorf("seed %d: legal action %v: %v", seed, legal[0], err)
		}
		r.Close()
	}
}

// TestReconnect: a person who drops out keeps the seat (and its hand) for
// the grace period while a computer plays it, gets it back on joining
// again, loses it after the grace period; the room ends when no person is
// left.
func TestReconnect(t *testing.T) {
	clk := newClock()
	cfg := config(2, engine.Standard, 3)
	r, err := New("t", "a", cfg, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Join("a", "A", 0)
	b, _ := r.Join("b", "B", 1)
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	a.Leave()
	u := waitFor(t, b, func(u View) bool { return !u.Seats[0].Connected })
	if !u.Seats[0].Human {
		t.Fatal("the seat of a person who dropped out went to the computer at once")
	}
	clk.add(cfg.Grace - time.Second)
	r.Sweep()
	a2, err := r.Join("a", "A", -1)
	if err != nil || a2.Seat() != 0 {
		t.Fatalf("rejoin within the grace period: seat %v, %v", a2, err)
	}
	waitFor(t, a2, func(u View) bool { return u.Started && u.Seats[0].Connected && u.Obs.Seat == 0 })

	a2.Leave()
	clk.add(cfg.Grace)
	r.Sweep()
	if r.Ended() {
		t.Fatal("the room ended while b is still here")
	}
	if s := r.Seats()[0]; s.Human {
		t.Fatalf("seat 0 after the grace period: %+v", s)
	}
	// After the grace period a comes back to the seat the computer kept
	// (issue 16, 15); a stranger still cannot sit.
	if _, err := r.Join("z", "Z", -1); !errors.Is(err, ErrStarted) {
		t.Fatalf("a stranger joins a started table: %v", err)
	}
	a3, err := r.Join("a", "A", -1)
	if err != nil || a3.Seat() != 0 || !r.Seats()[0].Human {
		t.Fatalf("rejoin after the grace period: %v, %v", a3, err)
	}
	a3.Quit()
	if s := r.Seats()[0]; s.Human {
		t.Fatalf("seat 0 after a quits: %+v", s)
	}
	b.Quit()
	if !r.Ended() {
		t.Fatal("the room goes on with no person left")
	}
	for range b.Updates() { // a connection that left has its updates closed
	}
}

// TestAllAwayEndsAfterGrace: when every person dropped out the room waits
// for them, and ends when the last grace period runs out.
func TestAllAwayEndsAfterGrace(t *testing.T) {
	clk := newClock()
	cfg := config(3, engine.Standard, 9)
	r, err := New("t", "a", cfg, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Join("a", "A", -1)
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	a.Leave()
	r.Sweep()
	if r.Ended() {
		t.Fatal("ended before the grace period ran out")
	}
	clk.add(cfg.Grace)
	r.Sweep()
	if !r.Ended() {
		t.Fatal("still open after the grace period")
	}
}

// TestAwaySeatKeptWarm: while a person is away, the computer plays their
// seat, so the others never wait for them.
func TestAwaySeatKeptWarm(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		r, err := New("t", "a", config(2, engine.Standard, seed), newClock().now)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := r.Join("a", "A", 0)
		b, _ := r.Join("b", "B", 1)
		if err := r.Start("a"); err != nil {
			t.Fatal(err)
		}
		a.Leave()
		var buf [engine.MaxLegal]engine.Action
		waitFor(t, b, func(u View) bool {
			o := &u.Obs
			if !u.Started || u.Seats[0].Connected {
				return false
			}
			for i := uint32(0); i < o.EventCount && i < engine.LogSize; i++ {
				e := o.Log[(o.EventCount-1-i)%engine.LogSize]
				if e.Seat == 0 && (e.Kind == engine.EvPlay || e.Kind == engine.EvAttack || e.Kind == engine.EvDiscard || e.Kind == engine.EvSafety) {
					return true // seat 0 moved while away
				}
			}
			if o.MyTurn() {
				if err := b.Act(o.Legal(buf[:0])[0]); err != nil && !errors.Is(err, ErrNotYourTurn) {
					t.Fatal(err)
				}
			}
			return false
		})
		r.Close()
	}
}

// TestNextHandWaitsForEveryone: between hands the room deals on only once
// every person present has asked, never by a computer's choice, and a
// person leaving does not keep the others waiting.
func TestNextHandWaitsForEveryone(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		// Seat 0, who deals on in the engine, is a computer.
		r, err := New("t", "a", config(3, engine.Standard, seed), nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := r.Join("a", "Ann", 1)
		b, _ := r.Join("b", "Bob", 2)
		if err := r.Start("a"); err != nil {
			t.Fatal(err)
		}
		// Ann and Bob play their first legal action until the hand ends.
		var u View
		for {
			u = waitFor(t, a, func(u View) bool { return u.Started })
			if u.Obs.Phase >= engine.PhaseHandOver {
				break
			}
			for _, c := range []*Conn{a, b} {
				r.mu.Lock()
				st := r.state
				r.mu.Unlock()
				if st.ToAct() == c.Seat() && st.Phase < engine.PhaseHandOver {
					obs := engine.Observe(&st, c.Seat())
					_ = c.Act(obs.Legal(nil)[0]) // may race the computer's move: then refused, and retried
				}
			}
		}
		if err := a.Act(engine.Continue); err != nil {
			t.Fatalf("seed %d: Ann asks for the next hand: %v", seed, err)
		}
		u = waitFor(t, b, func(u View) bool { return u.Seats[1].Ready })
		if u.Obs.Phase < engine.PhaseHandOver || u.Seats[2].Ready {
			t.Fatalf("seed %d: the room dealt on for Ann alone", seed)
		}
		if seed == 3 {
			// Bob leaves instead of answering: Ann is the only one left.
			b.Leave()
		} else if err := b.Act(engine.Continue); err != nil {
			t.Fatalf("seed %d: Bob asks for the next hand: %v", seed, err)
		}
		u = waitFor(t, a, func(u View) bool { return u.Obs.Hand == 1 })
		if u.Obs.Phase != engine.PhasePlay && !u.Obs.Waiting || u.Seats[1].Ready {
			t.Fatalf("seed %d: the next hand is not dealt afresh: %v, ready %v", seed, u.Obs.Phase, u.Seats[1].Ready)
		}
		r.Close()
	}
}

// TestDeserted: a table in play that its people leave for good tells
// Config.Deserted, with who gave each seat up, as it ends: once the last
// grace period runs out, or at once when the last person quits; a person
// who comes back within the grace period gave nothing up, and the host's
// Close (a shutdown) deserts nothing.
func TestDeserted(t *testing.T) {
	clk := newClock()
	cfg := config(3, engine.Standard, 9)
	var got []Checkpoint
	cfg.Deserted = func(c Checkpoint) { got = append(got, c) } // under the lock
	r, err := New("t", "a", cfg, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := r.Join("a", "A", 0)
	b, _ := r.Join("b", "B", 1)
	if err := r.Start("a"); err != nil {
		t.Fatal(err)
	}
	a.Leave()
	clk.add(cfg.Grace - time.Second)
	r.Sweep()
	if a, err = r.Join("a", "A", -1); err != nil {
		t.Fatal(err)
	}
	b.Quit()
	a.Leave()
	clk.add(cfg.Grace)
	r.Sweep()
	r.mu.Lock()
	if !r.ended || len(got) != 1 || !reflect.DeepEqual(got[0].Seating.GaveUp, []string{"a", "b", ""}) || got[0].Game.State.Phase == engine.PhaseGameOver {
		t.Fatalf("ended %v, deserted %d times, gave up %v", r.ended, len(got), got[0].Seating.GaveUp)
	}
	r.mu.Unlock()

	got = nil
	r, err = New("u", "a", cfg, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	r.Join("a", "A", 0)
	r.Start("a")
	r.Close()
	if len(got) != 0 {
		t.Fatalf("a table closed by its server deserted: %+v", got)
	}
}
