package table

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// TestHandEnd: Config.HandEnd sees the game once at the end of each hand,
// as it stands then, with who holds the seats; Checkpoint gives the same
// at any moment of the game in play.
func TestHandEnd(t *testing.T) {
	var got []Checkpoint
	cfg := config(2, engine.Standard, 4)
	cfg.HandEnd = func(c Checkpoint) { got = append(got, c) } // under the lock
	r, err := New("t", "a", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Checkpoint(); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("a checkpoint before the start: %v", err)
	}
	r.Join("a", "A", 0)
	r.Join("b", "B", 1)
	r.Start("a")
	var buf [engine.MaxLegal]engine.Action
	for hands := 0; hands < 2; {
		s := r.State()
		if s.HandOver() {
			hands++
			r.Act("a", engine.Continue)
			r.Act("b", engine.Continue)
			continue
		}
		o := engine.Observe(&s, s.ToAct())
		if err := r.Act([]string{"a", "b"}[s.ToAct()], o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
		if now := r.State(); now.HandOver() {
			c, err := r.Checkpoint()
			if err != nil {
				t.Fatal(err)
			}
			r.mu.Lock()
			last := got[len(got)-1]
			r.mu.Unlock()
			if !reflect.DeepEqual(c, last) || c.Game.State != now {
				t.Fatalf("hand %d: HandEnd saw another game than Checkpoint", hands+1)
			}
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(got) != 2 || !reflect.DeepEqual(got[0].Seating, Seating{Users: []string{"a", "b"}, GaveUp: []string{"", ""}, GaveUpAs: []string{"", ""}, Host: "a"}) {
		t.Fatalf("HandEnd called %d times, seating %+v", len(got), got[0].Seating)
	}
}

// TestGatheringAndWaiting: Config.Gathering hears each change of who
// waits before the deal, and the deal; Waiting makes the table again from
// what it heard, each person's seat theirs (away) and the host still the
// host when another person is back first; a seat whose person does not
// come back within the grace period is free again, not a computer's.
func TestGatheringAndWaiting(t *testing.T) {
	var heard []Checkpoint
	var dealt int
	cfg := config(4, engine.Standard, 4)
	cfg.Grace = time.Minute
	cfg.Gathering = func(c Checkpoint, deal bool) { // under the lock
		if deal {
			dealt++
			return
		}
		heard = append(heard, c)
	}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	r, err := New("t", "a", cfg, clock)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Join("a", "A", 0)
	r.Join("b", "B", 2)
	r.Join("c", "C", 3)
	r.mu.Lock()
	last := heard[len(heard)-1]
	r.mu.Unlock()
	if want := (Seating{Users: []string{"a", "", "b", "c"}, GaveUp: []string{"", "", "", ""}, GaveUpAs: []string{"", "", "", ""}, Host: "a"}); !reflect.DeepEqual(last.Seating, want) || len(last.Game.History) != 0 {
		t.Fatalf("Gathering heard %+v with %d moves, want %+v", last.Seating, len(last.Game.History), want)
	}

	again := cfg
	again.Gathering = nil // the table taken over is another server's
	w, err := Waiting("t", last.Game, last.Seating.Users, last.Seating.Host, again, clock)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Join("b", "B", -1); err != nil {
		t.Fatal(err)
	}
	if w.Host() != "a" {
		t.Fatalf("the host is %q once b is back, want a", w.Host())
	}
	if c, err := w.Join("a", "A", -1); err != nil || c.Seat() != 0 {
		t.Fatalf("a back: %v, %v", c, err)
	}
	if _, err := w.Join("d", "D", 1); err != nil {
		t.Fatalf("a newcomer takes the free seat: %v", err)
	}
	now = now.Add(cfg.Grace)
	w.Sweep()
	if s := w.Seats()[3]; s.Human || s.Name != ComputerName(3, len(w.Seats())) {
		t.Fatalf("c's seat after the grace period: %+v", s)
	}
	if err := w.Start("a"); err != nil {
		t.Fatal(err)
	}
	r.Start("a")
	r.mu.Lock()
	defer r.mu.Unlock()
	if dealt != 1 {
		t.Fatalf("the deal heard %d times", dealt)
	}
}
