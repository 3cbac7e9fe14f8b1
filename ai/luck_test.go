package ai

import (
	"math"
	"testing"

	"github.com/millebornes/mille/engine"
)

// atDraw plays heuristic self-play from deal seed until the n-th card
// drawn at the start of a turn, and returns the state just after it.
func atDraw(t *testing.T, seed uint64, n int) engine.State {
	s, _ := atDraws(t, seed, n)
	return s
}

// atDraws is atDraw, with the draws of the step that led there.
func atDraws(t *testing.T, seed uint64, n int) (engine.State, []engine.Event) {
	t.Helper()
	s, err := engine.New(engine.DefaultConfig, seed)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	var v view
	for !s.HandOver() {
		legal := s.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(&s, s.ToAct())
			viewOf(&obs, &v)
			a, _ = v.best(legal)
		}
		since := s.EventCount
		s.StepLegal(a)
		if drawn := Draws(&s, since, nil); len(drawn) > 0 {
			if n--; n == 0 {
				return s, drawn
			}
		}
	}
	t.Fatalf("deal %d: the hand ended before the draw", seed)
	return s, nil
}

// TestDrawLuckAveragesZero: over every card that could have been drawn
// (each of the pile's and the one drawn, with its chance), the luck of a
// draw averages zero, within its noise; with two sides what one gains
// the other loses.
func TestDrawLuckAveragesZero(t *testing.T) {
	for _, seed := range []uint64{3, 8} {
		s, drawn := atDraws(t, seed, 5)
		seat := s.ToAct()
		var sum, sq float64
		n := int(s.DrawLen) + 1
		for k := range n {
			alt := s
			if k < int(alt.DrawLen) {
				alt.DrawPile[k], alt.Hands[seat][engine.DrawSlot] = alt.Hands[seat][engine.DrawSlot], alt.DrawPile[k]
			}
			again := drawn
			again[0].Card = alt.Hands[seat][engine.DrawSlot]
			luck, se := DrawLuck(&alt, again, 40, uint64(k))
			if luck[0] != -luck[1] || se[0] != se[1] {
				t.Fatalf("deal %d, card %d: luck %v, %v: not zero-sum", seed, k, luck[0], luck[1])
			}
			sum += luck[0]
			sq += se[0] * se[0]
		}
		mean, seMean := sum/float64(n), math.Sqrt(sq)/float64(n)
		if math.Abs(mean) > 3*seMean {
			t.Errorf("deal %d: the luck of the %d cards that could come averages %.1f ± %.1f", seed, n, mean, seMean)
		}
	}
}

// TestDrawLuckOfTheOnlyCard: when every card of the pile is the one
// drawn, nothing else could have come: the luck is nil.
func TestDrawLuckOfTheOnlyCard(t *testing.T) {
	s, drawn := atDraws(t, 5, 3)
	c := s.Hands[s.ToAct()][engine.DrawSlot]
	for i := range int(s.DrawLen) {
		s.DrawPile[i] = c
	}
	if luck, se := DrawLuck(&s, drawn, 20, 1); luck != [engine.MaxSides]float64{} || se != [engine.MaxSides]float64{} {
		t.Errorf("luck %v ± %v", luck, se)
	}
}

// TestHiddenLuckSeesItself: over the deals a seat imagines (the other
// hands dealt at random from what it sees), the luck of the hidden cards
// averages zero, within its noise.
func TestHiddenLuckSeesItself(t *testing.T) {
	s := atDraw(t, 4, 2)
	luck, se, expected, expectedSE := HiddenLuck(&s, s.ToAct(), 300, 1)
	if se[0] <= 0 || math.IsNaN(luck[0]) || expectedSE[0] <= 0 || se[0] <= expectedSE[0] || expected[0] != -expected[1] {
		t.Fatalf("luck %v ± %v, expected %v ± %v", luck, se, expected, expectedSE)
	}
	obs := engine.Observe(&s, s.ToAct())
	mean, meanSE := 0.0, 0.0
	const n = 8
	for k := range n {
		imagined := engine.Sample(&obs, seedFor(uint64(k), 0, 0))
		l, e, _, _ := HiddenLuck(&imagined, s.ToAct(), 100, uint64(k))
		mean += l[0] / n
		meanSE += e[0] * e[0] / (n * n)
	}
	if math.Abs(mean) > 3*math.Sqrt(meanSE) {
		t.Errorf("the imagined deals' luck averages %.1f ± %.1f", mean, math.Sqrt(meanSE))
	}
}

// TestPlayLuck: a hand's draws' luck is the sum of each draw's, zero-sum
// with two sides, and a history that does not play is refused.
func TestPlayLuck(t *testing.T) {
	start, err := engine.New(engine.DefaultConfig, 6)
	if err != nil {
		t.Fatal(err)
	}
	s := start
	var history []engine.Action
	var buf [engine.MaxLegal]engine.Action
	var v view
	var want [engine.MaxSides]float64
	for !s.HandOver() {
		legal := s.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(&s, s.ToAct())
			viewOf(&obs, &v)
			a, _ = v.best(legal)
		}
		since := s.EventCount
		s.StepLegal(a)
		if drawn := Draws(&s, since, nil); len(drawn) > 0 {
			l, _ := DrawLuck(&s, drawn, 10, 77+uint64(len(history))*0x9e3779b97f4a7c15)
			want[0] += l[0]
		}
		history = append(history, a)
	}
	luck, se, err := PlayLuck(start, history, 10, 77)
	if err != nil || math.Abs(luck[0]-want[0]) > 1e-9 || luck[0] != -luck[1] || se[0] <= 0 {
		t.Errorf("luck %v ± %v (%v), want %v", luck, se, err, want[0])
	}
	if _, _, err := PlayLuck(start, append(history, history[0]), 10, 77); err == nil {
		t.Error("a history past the hand's end plays")
	}
}

// TestMoveSkill: the heuristic's own move costs nothing and plays
// nothing out; another move is measured, zero-sum with two sides, the
// same for the same seed; and the other moves, on the whole, are worse
// for their maker than the heuristic's.
func TestMoveSkill(t *testing.T) {
	s := atDraw(t, 7, 4)
	var buf [engine.MaxLegal]engine.Action
	legal := s.Legal(buf[:0])
	own := heuristicMove(&s)
	if k, kse := MoveSkill(&s, own, 50, 1); k != ([engine.MaxSides]float64{}) || kse != k {
		t.Errorf("the heuristic's move: %v ± %v", k, kse)
	}
	measured, total := 0, 0.0
	side := s.Config.SideOf(s.ToAct())
	for _, a := range legal {
		if a == own {
			continue
		}
		k, kse := MoveSkill(&s, a, 50, 1)
		if k[0] != -k[1] || kse[0] <= 0 && k[0] != 0 {
			t.Errorf("%v: %v ± %v", a, k, kse)
		}
		if again, _ := MoveSkill(&s, a, 50, 1); again != k {
			t.Errorf("%v: %v, then %v", a, k, again)
		}
		measured++
		total += k[side]
	}
	if measured == 0 {
		t.Fatal("no other move to measure")
	}
	if total >= 0 {
		t.Errorf("the %d other moves gain %.0f points in all against the heuristic's", measured, total)
	}
}

// TestDrawLuckOfTwoCards: a step that draws two cards (a coup fourré's
// replacement, then the turn's) is measured whole; when every card that
// could come is the same, the two draws have no luck.
func TestDrawLuckOfTwoCards(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		s, _ := engine.New(engine.DefaultConfig, seed)
		for !s.HandOver() {
			since := s.EventCount
			s.StepLegal(heuristicMove(&s))
			drawn := Draws(&s, since, nil)
			if len(drawn) < 2 {
				continue
			}
			luck, se := DrawLuck(&s, drawn, 50, 1)
			if se[0] <= 0 || luck[0] != -luck[1] {
				t.Fatalf("deal %d, draws %v: luck %v ± %v", seed, drawn, luck, se)
			}
			c := drawn[0].Card
			for i := range int(s.DrawLen) {
				s.DrawPile[i] = c
			}
			for k := range drawn {
				for slot := range s.Hands[drawn[k].Seat] {
					if s.Hands[drawn[k].Seat][slot] == drawn[k].Card && s.Hands[drawn[k].Seat][slot] != c {
						s.Hands[drawn[k].Seat][slot] = c
						break
					}
				}
				drawn[k].Card = c
			}
			if luck, se := DrawLuck(&s, drawn, 20, 1); luck != [engine.MaxSides]float64{} || se != luck {
				t.Errorf("deal %d: the same cards' luck %v ± %v", seed, luck, se)
			}
			return
		}
	}
	t.Fatal("no step drew two cards in 49 deals")
}
