package review

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// TestReasonsInFrench: the reasons come from the catalogue, in the
// player's language.
func TestReasonsInFrench(t *testing.T) {
	g := heuristicGame(t, engine.DefaultConfig, 7, 0)
	s := replayTo(t, &g, 57)
	d := judgeState(context.Background(), &s, engine.Discard(engine.Miles25), Normal, 1)
	obs := engine.Observe(&s, 0)
	why := WhyIn(&lang.French, &obs, &d, engine.Names{Config: obs.Config, Viewer: -1})
	for _, w := range []string{"Mieux valait jouer", "Avec «\u00a0défausser", "un tour perdu", "ils roulent environ"} {
		if !strings.Contains(why, w) {
			t.Errorf("%q does not say %q", why, w)
		}
	}
}

// TestReasons is a set of positions with known answers: 2-player hands of
// the heuristic (heuristicGame), a move tried at a place in the history,
// the verdict the review must give it at normal depth, and words its
// reason must hold, said from the two lines of play.
func TestReasons(t *testing.T) {
	tests := []struct {
		seed    uint64
		index   int
		played  engine.Action
		verdict Verdict
		words   []string
	}{
		// An early safety gives up its coup fourré.
		{5, 18, engine.Play(engine.RightOfWay), Mistake, []string{"After play Right of Way: ", "coups fourrés worth about", "given up"}},
		{12, 24, engine.Play(engine.RightOfWay), Mistake, []string{"coups fourrés worth about"}},
		// A discard instead of an attack, late: the turn and the trip.
		{6, 52, engine.Discard(engine.Miles50), Mistake, []string{"Play Accident on Player 2 was better", "a turn lost", "you finish the trip"}},
		// The 200 kept for the end: playing it costs the safe-trip bonus.
		{7, 50, engine.Discard(engine.Miles200), Mistake, []string{"Play 200 miles was better", "In exchange, after play 200 miles: ", "safe-trip bonus"}},
		// Discarding the last miles needed: they catch up.
		{7, 57, engine.Discard(engine.Miles25), Blunder, []string{"Play 25 miles was better", "a turn lost", "they drive about"}},
		// The right move is good, and says why in the hint's words.
		{7, 57, engine.Play(engine.Miles25), Good, nil},
	}
	for _, tt := range tests {
		g := heuristicGame(t, engine.DefaultConfig, tt.seed, 0)
		s := replayTo(t, &g, tt.index)
		d := judgeState(context.Background(), &s, tt.played, Normal, 1)
		if d.Verdict != tt.verdict {
			t.Errorf("seed %d, %d, %v: %v (loss %.0f ± %.0f, best %v), want %v", tt.seed, tt.index, tt.played,
				d.Verdict, d.Loss, d.LossSE, d.Best, tt.verdict)
		}
		for _, w := range tt.words {
			if !strings.Contains(d.Why, w) {
				t.Errorf("seed %d, %d, %v: the reason %q does not say %q", tt.seed, tt.index, tt.played, d.Why, w)
			}
		}
	}
}

// TestCourseAndTurns: the chart's points are the result expected before
// each decision and the result; the turning points are the biggest moves,
// by a decision's loss or by the luck after it.
func TestCourseAndTurns(t *testing.T) {
	dec := func(played, best engine.Action, pv, bv, loss float64) Decision {
		return Decision{Played: played, Best: best, Loss: loss,
			Options: []Option{{Action: played, Expected: pv}, {Action: best, Expected: bv}}}
	}
	go_, stop := engine.Play(engine.Go), engine.Discard(engine.Go)
	h := Hand{Finished: true, Result: -300, Decisions: []Decision{
		dec(go_, stop, 100, 100, 0),    // before +100, after +100
		dec(stop, go_, -150, 250, 400), // luck +150 before it; a 400-point loss
		dec(go_, stop, -100, -100, 0),  // luck +50 before it; luck -200 after it
	}}
	h.Decisions[0].Best = go_
	h.Decisions[2].Best = go_
	if got, want := h.Course(), []float64{100, 250, -100, -300}; !slices.Equal(got, want) {
		t.Errorf("course %v, want %v", got, want)
	}
	turns := h.Turns(3)
	want := []Turn{{1, true, -400}, {2, false, -200}, {0, false, 150}}
	if !slices.Equal(turns, want) {
		t.Errorf("turns %v, want %v", turns, want)
	}
}

// TestStoppersLine: one unseen hazard is said in the singular, several
// in the plural, in both languages.
func TestStoppersLine(t *testing.T) {
	for _, tc := range []struct {
		c    *lang.Catalogue
		n    int
		want string
	}{
		{&lang.English, 1, "1 unseen card (Flat Tire) can still stop you, and Spare Tire answers it."},
		{&lang.English, 2, "2 unseen cards (Flat Tire) can still stop you, and Spare Tire answers them."},
		{&lang.French, 1, "1 carte encore cachée (Crevaison) peut vous arrêter, et Roue de secours y répond."},
		{&lang.French, 3, "3 cartes encore cachées (Crevaison) peuvent vous arrêter, et Roue de secours y répond."},
	} {
		c := tc.c
		if got := stoppersLine(c, tc.n, []string{c.Card(engine.FlatTire)}, engine.SpareTire); got != tc.want {
			t.Errorf("%d: %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestStoppers: the hazards that can still stop the seat leave out those
// its side's laid safety or a safety it holds answers, and the Speed
// Limit, which only slows (issue 34).
func TestStoppers(t *testing.T) {
	s, err := engine.New(engine.DefaultConfig, 1)
	if err != nil {
		t.Fatal(err)
	}
	base := engine.Observe(&s, 0)
	base.MyHand = [engine.HandSlots]engine.Card{}
	laid := func(obs *engine.Observation, safety engine.Card) {
		for bit := range 8 {
			if obs.Tableaus[obs.Side()].Safeties |= 1 << bit; obs.Tableaus[obs.Side()].Has(safety) {
				return
			}
			obs.Tableaus[obs.Side()].Safeties &^= 1 << bit
		}
		t.Fatalf("no bit lays %v", safety)
	}
	for _, tc := range []struct {
		name    string
		hand    []engine.Card
		laid    engine.Card
		discard engine.Card
		want    []engine.Card
	}{
		{"a remedy", []engine.Card{engine.SpareTire}, engine.NoCard, engine.SpareTire, []engine.Card{engine.FlatTire}},
		{"its safety held", []engine.Card{engine.SpareTire, engine.PunctureProof}, engine.NoCard, engine.SpareTire, nil},
		{"its safety laid", []engine.Card{engine.SpareTire}, engine.PunctureProof, engine.SpareTire, nil},
		{"the safety discarded", []engine.Card{engine.PunctureProof}, engine.NoCard, engine.PunctureProof, []engine.Card{engine.FlatTire}},
		{"a limit only slows", []engine.Card{engine.EndOfLimit}, engine.NoCard, engine.EndOfLimit, nil},
		{"Right of Way against the Stop", []engine.Card{engine.RightOfWay}, engine.NoCard, engine.RightOfWay, []engine.Card{engine.Stop}},
	} {
		obs := base
		copy(obs.MyHand[:], tc.hand)
		if tc.laid != engine.NoCard {
			laid(&obs, tc.laid)
		}
		n, kinds := stoppers(&obs, tc.discard)
		if !slices.Equal(kinds, tc.want) || (n > 0) != (len(tc.want) > 0) {
			t.Errorf("%s: %d cards of %v, want %v", tc.name, n, kinds, tc.want)
		}
	}
}
