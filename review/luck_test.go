package review

import (
	"context"
	"math"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// heuristicHand plays one 2-player hand of deal seed between heuristics.
func heuristicHand(t *testing.T, seed uint64) record.Game {
	t.Helper()
	g, err := record.New(engine.DefaultConfig, seed, []record.Seat{{Name: "A", Level: "heuristic"}, {Name: "B", Level: "heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	players := []ai.Player{ai.NewHeuristic(), ai.NewHeuristic()}
	err = arena.PlayHand(context.Background(), &g.State, players, []string{"A", "B"}, func(m arena.Move) {
		g.History = append(g.History, m.Action)
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCardLuck: the cards' luck is measured for every finished hand of
// each seat, the same every time, apart from the decisions' figures; the
// split it makes is checked against the result (Unexplained), and a
// wrong expectation fails the check.
func TestCardLuck(t *testing.T) {
	g := heuristicHand(t, 12)
	r := &Review{Seed: 5, Seats: []int{0, 1}, Players: 2}
	if _, err := replay(&g, r.Seats, r); err != nil {
		t.Fatal(err)
	}
	luck, se, err := CardLuck(context.Background(), &g, r, 40)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 2 || !r.Hands[0].Finished || se[0] <= 0 || se[1] <= 0 || luck[0] == luck[1] {
		t.Fatalf("hands %d, luck %v ± %v", len(r.Hands), luck, se)
	}
	again, _, _ := CardLuck(context.Background(), &g, r, 40)
	if again[0] != luck[0] || again[1] != luck[1] {
		t.Errorf("luck %v, then %v", luck, again)
	}
	// With the other terms set to say all of the result but the luck, the
	// split holds; with a wrong expectation, it does not.
	h := r.Hands[0]
	h.Expected, h.ExpectedSE = float64(h.Result)-luck[0]-200, 60
	h.Skill, h.Others = -100, 300
	if off, e := Unexplained(&h, luck[0], se[0]); off != 0 || e <= se[0] {
		t.Errorf("unexplained %v ± %v", off, e)
	}
	_, e0 := Unexplained(&h, luck[0], se[0])
	h.Expected += 5 * e0
	if off, e := Unexplained(&h, luck[0], se[0]); math.Abs(off+5*e0) > 1e-6 || -off < 3*e {
		t.Errorf("a wrong expectation: unexplained %v ± %v", off, e)
	}
	// A hand cut short before its end has no luck.
	g.History = g.History[:len(g.History)-1]
	r = &Review{Seed: 5, Seats: []int{0, 1}, Players: 2}
	if _, err := replay(&g, r.Seats, r); err != nil {
		t.Fatal(err)
	}
	if luck, _, _ := CardLuck(context.Background(), &g, r, 40); luck[0] != 0 || r.Hands[0].Finished {
		t.Errorf("an unfinished hand's luck: %v", luck)
	}
}
