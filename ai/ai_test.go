package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
)

// obsWith builds an observation for seat 0 of a two-player game in the
// play phase: the given hand and tableaus, the rest of the deck unseen
// (split between the opponent's six cards and the draw pile).
func obsWith(t *testing.T, hand []engine.Card, me, opp engine.Tableau, discards []engine.Card, drawLen int) engine.Observation {
	t.Helper()
	o := engine.Observation{Config: engine.DefaultConfig, Seat: 0, Phase: engine.PhasePlay, Trip: 700, Extender: -1, Finisher: -1, Winner: -1}
	copy(o.MyHand[:], hand)
	o.Tableaus[0], o.Tableaus[1] = me, opp
	copy(o.Discards[:], discards)
	o.DiscardLen = uint8(len(discards))
	o.HandSizes = [engine.MaxSeats]uint8{uint8(len(hand)), 6}
	unseen := 0
	for _, n := range o.Unseen() {
		unseen += int(n)
	}
	if drawLen < 0 {
		drawLen = unseen - 6
	}
	o.DrawLen = uint8(drawLen)
	o.HandSizes[1] = uint8(unseen - drawLen)
	return o
}

// tab builds a tableau showing battle (with its card counted) and miles
// made of 100s and 25s.
func tab(battle engine.Card, miles int, safeties ...engine.Card) engine.Tableau {
	var t engine.Tableau
	if battle != engine.NoCard {
		t.Battle = battle
		t.Cards[battle]++
	}
	for ; miles >= 100; miles -= 100 {
		t.Cards[engine.Miles100]++
		t.Miles += 100
	}
	for ; miles >= 25; miles -= 25 {
		t.Cards[engine.Miles25]++
		t.Miles += 25
	}
	for _, s := range safeties {
		t.Safeties |= 1 << (s - engine.ExtraTank)
		t.Cards[s]++
	}
	return t
}

// two200s adds two 200s to a tableau.
func two200s(t engine.Tableau) engine.Tableau {
	t.Cards[engine.Miles200] += 2
	t.Miles += 400
	return t
}

func TestHeuristicRules(t *testing.T) {
	allOutOfGas := []engine.Card{engine.OutOfGas, engine.OutOfGas}
	tests := []struct {
		name     string
		hand     []engine.Card
		me, opp  engine.Tableau
		discards []engine.Card
		drawLen  int
		want     engine.Action
	}{
		{"finish exactly", []engine.Card{engine.Miles100, engine.Miles200, engine.Miles75, engine.Stop, engine.Go, engine.Go, engine.Repairs},
			tab(engine.Go, 600), tab(engine.Go, 100), nil, -1, engine.Play(engine.Miles100)},
		{"safety before finishing", []engine.Card{engine.Miles100, engine.DrivingAce, engine.Miles75, engine.Stop, engine.Go, engine.Go, engine.Repairs},
			tab(engine.Go, 600), tab(engine.Go, 100), nil, -1, engine.Play(engine.DrivingAce)},
		{"keep a safety for a coup fourré", []engine.Card{engine.ExtraTank, engine.Miles100, engine.Miles75, engine.Go, engine.Go, engine.Repairs, engine.Miles50},
			tab(engine.Go, 100), tab(engine.NoCard, 0), nil, -1, engine.Play(engine.Miles100)},
		{"lay a safety whose hazard is all out", []engine.Card{engine.ExtraTank, engine.Miles100, engine.Miles75, engine.Go, engine.Go, engine.Repairs, engine.Miles50},
			tab(engine.Go, 100), tab(engine.NoCard, 0), allOutOfGas, -1, engine.Play(engine.ExtraTank)},
		{"lay safeties when the pile runs out", []engine.Card{engine.ExtraTank, engine.Miles100, engine.Miles75, engine.Go, engine.Go, engine.Repairs, engine.Miles50},
			tab(engine.Go, 100), tab(engine.NoCard, 0), nil, 1, engine.Play(engine.ExtraTank)},
		{"attack the rolling opponent", []engine.Card{engine.Accident, engine.Miles100, engine.Miles75, engine.Go, engine.Go, engine.Repairs, engine.Miles50},
			tab(engine.Go, 100), tab(engine.Go, 300), nil, -1, engine.Attack(engine.Accident, 1)},
		{"repair first", []engine.Card{engine.Repairs, engine.Miles100, engine.Miles75, engine.Go, engine.Go, engine.Stop, engine.Miles50},
			tab(engine.Accident, 100), tab(engine.NoCard, 0), nil, -1, engine.Play(engine.Repairs)},
		{"discard a dead remedy", []engine.Card{engine.Gasoline, engine.Miles100, engine.Miles75, engine.Go, engine.Miles25, engine.Stop, engine.Miles50},
			tab(engine.Accident, 100), tab(engine.Stop, 0), allOutOfGas, -1, engine.Discard(engine.Gasoline)},
		{"discard a third 200", []engine.Card{engine.Miles200, engine.Miles100, engine.Go, engine.Go, engine.Miles25, engine.SpareTire, engine.Gasoline},
			two200s(tab(engine.Accident, 0)), tab(engine.NoCard, 0), nil, -1, engine.Discard(engine.Miles200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := obsWith(t, tt.hand, tt.me, tt.opp, tt.discards, tt.drawLen)
			legal := o.Legal(nil)
			if !slices.Contains(legal, tt.want) {
				t.Fatalf("%v is not legal here: %v", tt.want, legal)
			}
			if got := NewHeuristic().Choose(context.Background(), &o, legal); got != tt.want {
				t.Errorf("played %v, want %v", got, tt.want)
			}
		})
	}
}

// TestTallyAgreesWithUnseen follows random hands with a tally, started
// mid-hand as a search starts it, and checks that it counts the unseen
// cards of every seat as State.Unseen does.
func TestTallyAgreesWithUnseen(t *testing.T) {
	for _, cfg := range []engine.Config{
		{Players: 2}, {Players: 3}, {Players: 4}, {Players: 6}, {Players: 2, Rules: engine.BSD},
	} {
		rng := rand.New(rand.NewPCG(uint64(cfg.Players), 7))
		var buf [engine.MaxLegal]engine.Action
		for hand := range 50 {
			s, err := engine.New(cfg, uint64(hand))
			if err != nil {
				t.Fatal(err)
			}
			var tal tally
			start := rng.IntN(40)
			for step := 0; !s.HandOver(); step++ {
				if step == start {
					tal.reset(&s)
				}
				if step >= start {
					for seat := range cfg.Players {
						var got [engine.NumCards]uint8
						if tal.unseen(&s, seat, &got); got != s.Unseen(seat) {
							want := s.Unseen(seat)
							t.Fatalf("%d players, hand %d, step %d, seat %d: tally %v, Unseen %v", cfg.Players, hand, step, seat, got, want)
						}
					}
				}
				legal := s.Legal(buf[:0])
				s.Step(legal[rng.IntN(len(legal))])
			}
		}
	}
}

// TestHeuristicUselessGo: bsd lets a side with Right of Way play Go, which
// does nothing there; the heuristic drives on, and discards such a Go
// rather than play it.
func TestHeuristicUselessGo(t *testing.T) {
	bsd := engine.Config{Players: 2, Rules: engine.BSD}
	tests := []struct {
		name string
		hand []engine.Card
		want engine.Action
	}{
		{"drive on", []engine.Card{engine.Go, engine.Miles100, engine.Miles75, engine.Stop, engine.Repairs, engine.Gasoline, engine.Miles50}, engine.Play(engine.Miles100)},
		{"discard the Go", []engine.Card{engine.Go, engine.Stop, engine.Stop, engine.Stop, engine.Accident, engine.Accident, engine.Accident}, engine.Discard(engine.Go)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := obsWith(t, tt.hand, tab(engine.NoCard, 100, engine.RightOfWay), tab(engine.Stop, 0), nil, -1)
			o.Config = bsd
			legal := o.Legal(nil)
			if !slices.Contains(legal, engine.Play(engine.Go)) || !slices.Contains(legal, tt.want) {
				t.Fatalf("Go and %v should be legal here: %v", tt.want, legal)
			}
			if got := NewHeuristic().Choose(context.Background(), &o, legal); got != tt.want {
				t.Errorf("played %v, want %v", got, tt.want)
			}
		})
	}
}
