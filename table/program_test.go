package table

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// errBroken is how a failing program fails.
var errBroken = errors.New("broken pipe")

// failing plays its first legal action, and fails for good at its move
// number after (0: never), as a bot program whose connection breaks.
type failing struct {
	moves, after int
	err          error
}

func (*failing) Name() string { return "failing" }

func (f *failing) Choose(_ context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	f.moves++
	if f.after > 0 && f.moves >= f.after {
		f.err = errBroken
	}
	return legal[0]
}

func (f *failing) Err() error { return f.err }

// TestProgramPlaysTheSeat: a seat two people hold and programs play
// (bots of a ladder) is played by the table's own computer loop, hand
// after hand, at the program's pace, to the game's end, where it waits
// for its person; the seats stay the people's.
func TestProgramPlaysTheSeat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := config(2, engine.Standard, 3)
		cfg.Pace = time.Hour // the table's pace: not the programs'
		r, err := New("bots", "key-a", cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		a, _ := r.Join("key-a", "A", 0)
		b, _ := r.Join("key-b", "B", 1)
		if err := a.Start(); err != nil {
			t.Fatal(err)
		}
		pa, pb := &failing{}, &failing{}
		const pace = 10 * time.Millisecond
		start := time.Now()
		for c, p := range map[*Conn]ai.Player{a: pa, b: pb} {
			if _, err := c.Program(p, pace); err != nil {
				t.Fatal(err)
			}
		}
		v := waitFor(t, a, func(v View) bool { return v.Obs.Phase == engine.PhaseGameOver })
		took := time.Since(start)
		if asked := pa.moves + pb.moves; pa.moves == 0 || pb.moves == 0 || took < time.Duration(asked)*pace || took >= cfg.Pace {
			t.Fatalf("%d and %d moves asked in %v", pa.moves, pb.moves, took)
		}
		if !v.Seats[0].Human || !v.Seats[1].Human {
			t.Fatal("a program's seat is not its person's")
		}
		synctest.Wait()
		if s := r.State(); s.Phase != engine.PhaseGameOver {
			t.Fatalf("the programs dealt a new game: phase %v", s.Phase)
		}
	})
}

// TestProgramFails: a program that fails is told once on the channel
// Program returned, its move is not made, and the table plays nothing
// more for the seat: the game waits, for the program that seated it to
// decide.
func TestProgramFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r, err := New("broken", "key-a", config(2, engine.Standard, 4), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		a, _ := r.Join("key-a", "A", 0)
		a.Start()
		p := &failing{after: 3}
		failed, err := a.Program(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := <-failed; !errors.Is(err, errBroken) {
			t.Fatalf("failed with %v", err)
		}
		synctest.Wait()
		asked, moves := p.moves, len(r.Record().History)
		time.Sleep(time.Minute)
		if s := r.State(); p.moves != asked || len(r.Record().History) != moves || s.ToAct() != a.Seat() {
			t.Fatalf("after its failure the program was asked %d more times, %d more moves made", p.moves-asked, len(r.Record().History)-moves)
		}
		select {
		case err := <-failed:
			t.Fatalf("told twice: %v", err)
		default:
		}
	})
}
