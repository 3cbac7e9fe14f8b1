package table

import (
	"errors"
	"reflect"
	"testing"

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
	if len(got) != 2 || !reflect.DeepEqual(got[0].Seating, Seating{Users: []string{"a", "b"}, Host: "a"}) {
		t.Fatalf("HandEnd called %d times, seating %+v", len(got), got[0].Seating)
	}
}
