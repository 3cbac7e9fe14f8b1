package arena

import (
	"context"
	"errors"
	"github.com/millebornes/mille/lang"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

func entry(name string) Entry {
	return Entry{Name: name, New: func(seed uint64) (ai.Player, error) { return ai.New(name, seed) }}
}

func TestRun(t *testing.T) {
	tests := []struct {
		players int
		seats   []string
		hands   int
	}{
		{2, []string{"heuristic", "random"}, 40},
		{3, []string{"heuristic", "random", "random"}, 30},
		{4, []string{"heuristic", "random"}, 20},
		{6, []string{"random", "heuristic", "random"}, 12},
	}
	for _, tt := range tests {
		var es []Entry
		for _, n := range tt.seats {
			es = append(es, entry(n))
		}
		calls := 0
		rep, err := Run(context.Background(), Options{
			Game: engine.Config{Players: tt.players}, Entries: es, Hands: tt.hands, Seed: 3, Parallel: 2,
			Progress: func(done, total int) { calls++ },
		})
		if err != nil {
			t.Fatal(err)
		}
		sides := len(tt.seats)
		if rep.Hands != tt.hands || calls != tt.hands || rep.Deals*sides != tt.hands {
			t.Errorf("%d players: %d hands in %d deals, %d progress calls", tt.players, rep.Hands, rep.Deals, calls)
		}
		won := 0.0
		for _, s := range rep.Seats {
			won += s.HandsWon
			if s.Hands != tt.hands || s.CI95Low > s.WinShare || s.CI95High < s.WinShare {
				t.Errorf("%d players: seat %+v", tt.players, s)
			}
		}
		if won != float64(tt.hands) {
			t.Errorf("%d players: %v hands won of %d", tt.players, won, tt.hands)
		}
		for _, s := range rep.Seats {
			if s.Player == "heuristic" && s.WinShare < 0.7 {
				t.Errorf("%d players: heuristic won only %.0f%% against random", tt.players, 100*s.WinShare)
			}
		}
	}
}

// TestDuplicate checks that duplicate play cancels the deal: two copies
// of the same deterministic player split the hands exactly.
func TestDuplicate(t *testing.T) {
	rep, err := Run(context.Background(), Options{
		Game: engine.DefaultConfig, Entries: []Entry{entry("heuristic"), entry("heuristic")}, Hands: 60, Seed: 11,
	})
	if err != nil {
		t.Fatal(err)
	}
	a, b := rep.Seats[0], rep.Seats[1]
	if a.HandsWon != b.HandsWon || a.MeanPoints != b.MeanPoints || a.GamesWon != b.GamesWon {
		t.Errorf("identical players differ: %+v vs %+v", a, b)
	}
}

func TestRunRepeats(t *testing.T) {
	run := func(parallel int) *Report {
		rep, err := Run(context.Background(), Options{
			Game: engine.Config{Players: 3}, Entries: []Entry{entry("ismcts:30"), entry("heuristic"), entry("easy")},
			Hands: 6, Seed: 5, Parallel: parallel,
		})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	a, b := run(1), run(3)
	for i := range a.Seats {
		if a.Seats[i].HandsWon != b.Seats[i].HandsWon || a.Seats[i].MeanPoints != b.Seats[i].MeanPoints {
			t.Errorf("seat %d differs between runs: %+v vs %+v", i, a.Seats[i], b.Seats[i])
		}
	}
}

func TestRunErrors(t *testing.T) {
	if _, err := Run(context.Background(), Options{Game: engine.DefaultConfig, Entries: []Entry{entry("random")}, Hands: 2}); !refused(err, lang.ErrArenaSeats, 2) {
		t.Errorf("one seat for two sides: %v", err)
	}
	if _, err := Run(context.Background(), Options{Game: engine.DefaultConfig, Entries: []Entry{entry("random"), entry("random")}}); err == nil {
		t.Error("no hands: no error")
	}
}

// errMute is how a failing player fails.
var errMute = errors.New("no answer within 1s")

// failing is a player that fails at its first decision, as a bot that
// does not answer does.
type failing struct{ err error }

func (f *failing) Choose(_ context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	f.err = errMute
	return legal[0]
}

func (f *failing) Err() error { return f.err }

func (f *failing) Name() string { return "mute" }

// TestRunStopsAtAFailedPlayer: the first player that fails ends the run
// with its error; the rest of the deals are not played.
func TestRunStopsAtAFailedPlayer(t *testing.T) {
	for _, parallel := range []int{1, 2} {
		var mu sync.Mutex
		made := 0
		bad := Entry{Name: "cmd:mute", New: func(uint64) (ai.Player, error) {
			mu.Lock()
			defer mu.Unlock()
			made++
			return &failing{}, nil
		}}
		_, err := Run(context.Background(), Options{
			Game: engine.DefaultConfig, Entries: []Entry{entry("random"), bad}, Hands: 1000, Seed: 1, Parallel: parallel,
		})
		if !refused(err, lang.ErrArenaSeatFailed, "cmd:mute") || !errors.Is(err, errMute) {
			t.Errorf("parallel %d: %v", parallel, err)
		}
		if made > 2*parallel {
			t.Errorf("parallel %d: %d hands started after the failure", parallel, made)
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := wilson(50, 100)
	if lo < 0.40 || lo > 0.41 || hi < 0.59 || hi > 0.60 {
		t.Errorf("wilson(50, 100) = %v, %v", lo, hi)
	}
	if lo, hi := wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.29 {
		t.Errorf("wilson(0, 10) = %v, %v", lo, hi)
	}
}

// TestPlayHand plays a hand out: every action is heard once, in the
// order taken, and replays to the hand's end; a player whose choice the
// engine refuses stops it, named.
func TestPlayHand(t *testing.T) {
	cfg := engine.Config{Players: 3, Rules: engine.Standard}
	s, err := engine.New(cfg, 11)
	if err != nil {
		t.Fatal(err)
	}
	start := s
	players := make([]ai.Player, cfg.Players)
	for p := range players {
		if players[p], err = ai.New("random", uint64(p)); err != nil {
			t.Fatal(err)
		}
	}
	names := []string{"A", "B", "C"}
	var moves []Move
	if err := PlayHand(context.Background(), &s, players, names, func(m Move) { moves = append(moves, m) }); err != nil {
		t.Fatal(err)
	}
	if !s.HandOver() {
		t.Fatal("the hand is not over")
	}
	asked := 0
	for _, m := range moves {
		if err := start.Step(m.Action); err != nil {
			t.Fatalf("the moves heard do not replay: %v", err)
		}
		if m.Asked {
			asked++
		}
	}
	if start != s || asked == 0 {
		t.Errorf("replayed to another state, or nobody was asked (%d asked)", asked)
	}

	s, _ = engine.New(cfg, 11)
	players[s.ToAct()] = cheat{}
	err = PlayHand(context.Background(), &s, players, names, nil)
	if !refused(err, lang.ErrArenaSeatChose, names[start.ToAct()]) {
		t.Errorf("a refused choice: %v", err)
	}
}

// cheat chooses what no seat may ever do.
type cheat struct{}

func (cheat) Name() string { return "cheat" }

func (cheat) Choose(context.Context, *engine.Observation, []engine.Action) engine.Action {
	return engine.Continue
}

// TestLuckCorrection checks the report with the luck taken out: a luck
// that is a known share of each hand's result cuts the variance by the
// square of what it leaves, and the entries' corrected results are the
// raw ones less their luck.
func TestLuckCorrection(t *testing.T) {
	var s0 [engine.MaxSides]float64
	luck := func(ctx context.Context, g engine.Config, seed uint64, history []engine.Action) ([engine.MaxSides]float64, error) {
		s, err := engine.New(g, seed)
		if err != nil {
			return s0, err
		}
		for _, a := range history {
			if err := s.Step(a); err != nil {
				return s0, err
			}
		}
		var l [engine.MaxSides]float64
		for side := range g.Sides() {
			l[side] = 0.8 * float64(ai.HandMargin(&s, side))
		}
		return l, nil
	}
	o := Options{Game: engine.DefaultConfig, Entries: []Entry{entry("heuristic"), entry("easy")}, Hands: 40, Seed: 5}
	plain, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if plain.LuckCorrected != nil || plain.Seats[0].Corrected != nil {
		t.Errorf("a correction without a luck: %+v", plain)
	}
	o.Luck = luck
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	c := rep.LuckCorrected
	if c == nil {
		t.Fatal("no luck correction reported")
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-6*max(1, math.Abs(b)) }
	if !near(c.Cut, 1-0.2*0.2) || !near(c.FewerHands, 25) {
		t.Errorf("cut %v, %v times fewer hands; want 0.96 and 25", c.Cut, c.FewerHands)
	}
	for e, s := range rep.Seats {
		if s.Margin != plain.Seats[e].Margin || s.Corrected == nil || !near(*s.Corrected, 0.2*s.Margin) || !near(*s.CorrectedSE, 0.2*s.MarginSE) {
			t.Errorf("seat %d: margin %v ± %v, corrected %v ± %v", e, s.Margin, s.MarginSE, *s.Corrected, *s.CorrectedSE)
		}
	}
	if rep.Seats[0].Margin <= 0 || rep.Seats[0].Margin != -rep.Seats[1].Margin {
		t.Errorf("margins %v and %v: heuristic should beat easy, by what easy loses", rep.Seats[0].Margin, rep.Seats[1].Margin)
	}
	var b strings.Builder
	WriteText(&b, rep, &lang.English)
	if !strings.Contains(b.String(), "96% lower: the same confidence in 25.0 times fewer hands") {
		t.Errorf("text:\n%s", b.String())
	}
}

// refused reports whether err is the refusal k with first argument arg.
func refused(err error, k lang.Key, arg any) bool {
	var e *lang.Error
	return errors.As(err, &e) && e.Key == k && len(e.Args) > 0 && e.Args[0] == arg
}
