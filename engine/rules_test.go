package engine

import (
	"errors"
	"testing"
)

// Tests named TestRulesN follow section N of shared/rules.md.

func TestRules1Deck(t *testing.T) {
	tests := []struct {
		cfg                              Config
		size                             int
		gas, flat, accident, limit, stop int
	}{
		{two, 101, 2, 2, 2, 3, 4},
		{twoB, 101, 2, 2, 2, 3, 4},
		{three, 101, 2, 2, 2, 3, 4},
		{four, 106, 3, 3, 3, 4, 5},
		{six, 106, 3, 3, 3, 4, 5},
	}
	for _, tt := range tests {
		if got := tt.cfg.DeckSize(); got != tt.size {
			t.Errorf("%+v: deck of %d, want %d", tt.cfg, got, tt.size)
		}
		hazards := []int{tt.gas, tt.flat, tt.accident, tt.limit, tt.stop}
		for i, h := range []Card{OutOfGas, FlatTire, Accident, SpeedLimit, Stop} {
			if got := tt.cfg.DeckCount(h); got != hazards[i] {
				t.Errorf("%+v: %d %v, want %d", tt.cfg, got, h, hazards[i])
			}
		}
		same := map[Card]int{Gasoline: 6, SpareTire: 6, Repairs: 6, EndOfLimit: 6, Go: 14,
			ExtraTank: 1, PunctureProof: 1, DrivingAce: 1, RightOfWay: 1,
			Miles25: 10, Miles50: 10, Miles75: 10, Miles100: 12, Miles200: 4}
		for c, n := range same {
			if got := tt.cfg.DeckCount(c); got != n {
				t.Errorf("%+v: %d %v, want %d", tt.cfg, got, c, n)
			}
		}
	}
}

func TestRules1CardRelations(t *testing.T) {
	tests := []struct{ hazard, remedy, safety Card }{
		{OutOfGas, Gasoline, ExtraTank},
		{FlatTire, SpareTire, PunctureProof},
		{Accident, Repairs, DrivingAce},
		{SpeedLimit, EndOfLimit, RightOfWay},
		{Stop, Go, RightOfWay},
	}
	for _, tt := range tests {
		if RemedyFor(tt.hazard) != tt.remedy || SafetyFor(tt.hazard) != tt.safety || HazardFor(tt.remedy) != tt.hazard {
			t.Errorf("%v: remedy %v safety %v", tt.hazard, RemedyFor(tt.hazard), SafetyFor(tt.hazard))
		}
	}
}

func TestRules2Sides(t *testing.T) {
	tests := []struct {
		cfg       Config
		sides     int
		trip      int
		extension bool
		partners  [][2]int
	}{
		{two, 2, 700, true, nil},
		{three, 3, 700, true, nil},
		{four, 2, 1000, false, [][2]int{{0, 2}, {1, 3}}},
		{six, 3, 700, true, [][2]int{{0, 3}, {1, 4}, {2, 5}}},
	}
	for _, tt := range tests {
		if tt.cfg.Sides() != tt.sides || tt.cfg.BaseTrip() != tt.trip || tt.cfg.HasExtension() != tt.extension {
			t.Errorf("%d players: %d sides, trip %d, extension %v", tt.cfg.Players, tt.cfg.Sides(), tt.cfg.BaseTrip(), tt.cfg.HasExtension())
		}
		if teams := tt.partners != nil; tt.cfg.Teams() != teams {
			t.Errorf("%d players: in teams %v, want %v", tt.cfg.Players, tt.cfg.Teams(), teams)
		}
		for _, pair := range tt.partners {
			a, b := pair[0], pair[1]
			if tt.cfg.SideOf(a) != tt.cfg.SideOf(b) || tt.cfg.Partner(a) != b || tt.cfg.Partner(b) != a {
				t.Errorf("%d players: seats %d and %d should be partners", tt.cfg.Players, a, b)
			}
		}
		s, _ := New(tt.cfg, 3)
		if int(s.Trip) != tt.trip {
			t.Errorf("%d players: state trip %d", tt.cfg.Players, s.Trip)
		}
	}
	for _, bad := range []Config{{Players: 5}, {Players: 1}, {Players: 3, Rules: BSD}, {Players: 4, Rules: BSD}, {Players: 2, Rules: 9}} {
		if _, err := New(bad, 1); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestRules3Deal(t *testing.T) {
	for _, cfg := range allConfigs {
		s, _ := New(cfg, 11)
		for p := 0; p < cfg.Players; p++ {
			want := HandSize
			if p == 0 {
				want = HandSize + 1 // seat 0 plays first and has drawn
			}
			if s.HandLen(p) != want {
				t.Errorf("%+v: seat %d holds %d", cfg, p, s.HandLen(p))
			}
		}
		if s.Turn != 0 || s.Phase != PhasePlay || int(s.DrawLen) != cfg.DeckSize()-cfg.Players*HandSize-1 {
			t.Errorf("%+v: turn %d phase %v pile %d", cfg, s.Turn, s.Phase, s.DrawLen)
		}
	}
}

func TestRules3FirstPlayerMovesLeft(t *testing.T) {
	tests := []struct {
		cfg  Config
		want []int
	}{
		{two, []int{0, 1, 0, 1}},
		{three, []int{0, 1, 2, 0}},
		{four, []int{0, 1, 2, 3, 0}},
		{six, []int{0, 1, 2, 3, 4, 5, 0}},
	}
	for _, tt := range tests {
		s, _ := New(tt.cfg, 5)
		for i, want := range tt.want {
			if int(s.First) != want || (s.Phase == PhasePlay && int(s.Turn) != want) {
				t.Errorf("%d players, hand %d: first %d turn %d, want %d", tt.cfg.Players, i, s.First, s.Turn, want)
			}
			s = endHandNow(s)
			s = mustApply(t, s, Continue)
		}
	}
}

// endHandNow ends the current hand by emptying every hand and the pile.
func endHandNow(s State) State {
	for p := range s.Hands {
		for i, c := range s.Hands[p] {
			if c != NoCard {
				s.discard(c)
				s.Hands[p][i] = NoCard
			}
		}
	}
	for s.DrawLen > 0 {
		s.DrawLen--
		s.discard(s.DrawPile[s.DrawLen])
		s.DrawPile[s.DrawLen] = NoCard
	}
	s.endHand()
	return s
}

func TestRules3TurnDrawsThenPlays(t *testing.T) {
	s := newTable(t, two).hand(0, Go, Miles100, Stop, Miles25, Miles50, Repairs, Gasoline).
		hand(1, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75).onTop(Miles200).state()
	pile := s.DrawLen
	s = mustApply(t, s, Play(Go))
	if s.Turn != 1 || s.HandLen(1) != 7 || s.Hands[1][DrawSlot] != Miles200 || s.DrawLen != pile-1 {
		t.Fatalf("after a play the next seat draws: turn %d, %d cards, P=%v", s.Turn, s.HandLen(1), s.Hands[1][DrawSlot])
	}
	if s.HandLen(0) != 6 {
		t.Fatalf("seat 0 keeps 6 cards, has %d", s.HandLen(0))
	}
}

func TestRules3Discard(t *testing.T) {
	tests := []struct {
		cfg  Config
		card Card
		want error
	}{
		{two, Miles100, nil},
		{two, Go, nil},
		{two, RightOfWay, nil},
		{twoB, Miles100, nil},
		{twoB, RightOfWay, ErrKeepSafeties},
		{twoB, ExtraTank, ErrKeepSafeties},
	}
	for _, tt := range tests {
		s := newTable(t, tt.cfg).hand(0, tt.card, Miles25).hand(1, Miles50).state()
		next, err := Apply(s, Discard(tt.card))
		if !errors.Is(err, tt.want) {
			t.Errorf("%v discard %v: %v, want %v", tt.cfg.Rules, tt.card, err, tt.want)
			continue
		}
		if err == nil && (next.Discards[next.DiscardLen-1] != tt.card || hasCard(&next, 0, tt.card)) {
			t.Errorf("%v: discarded card is not on the discard pile", tt.card)
		}
	}
}

func TestRules3SafetyGivesAnotherTurn(t *testing.T) {
	for _, cfg := range []Config{two, twoB, four} {
		s := newTable(t, cfg).hand(0, ExtraTank, Miles25, Miles25, Miles25, Miles25, Miles25, Miles25).onTop(Miles100).state()
		s = mustApply(t, s, Play(ExtraTank))
		if s.Turn != 0 || s.Phase != PhasePlay || s.HandLen(0) != 7 || s.Hands[0][DrawSlot] != Miles100 {
			t.Errorf("%v: after a safety, turn %d with %d cards", cfg, s.Turn, s.HandLen(0))
		}
		if !s.Tableaus[0].Has(ExtraTank) || s.Tableaus[0].HasCoupFourre(ExtraTank) {
			t.Errorf("%v: safety not in the safety area", cfg)
		}
	}
}

func TestRules3EmptyPile(t *testing.T) {
	// No drawing once the pile is empty; a seat without cards is skipped.
	s := newTable(t, three).hand(0, Miles25).hand(1).hand(2, Miles50, Miles75).pileSize(0).state()
	s = mustApply(t, s, Discard(Miles25))
	if s.Turn != 2 || s.HandLen(2) != 2 {
		t.Fatalf("seat 1 has no card and is skipped: turn %d", s.Turn)
	}
	s = mustApply(t, s, Discard(Miles50))
	if s.Turn != 2 {
		t.Fatalf("only seat 2 holds cards: turn %d", s.Turn)
	}
	s = mustApply(t, s, Discard(Miles75))
	if s.Phase != PhaseHandOver {
		t.Fatalf("the hand ends when nobody holds a card: phase %v", s.Phase)
	}
	if s.DiscardLen == 0 || s.DrawLen != 0 {
		t.Fatal("the discard pile is never reshuffled")
	}
}

func TestRules3BSDHandEndsWhenNobodyCanPlay(t *testing.T) {
	// Neither player is rolling and both hold only distance: under bsd the
	// hand is over as soon as the pile is empty; standard plays the cards out.
	build := func(cfg Config) State {
		return newTable(t, cfg).hand(0, Miles25, Miles50).hand(1, Miles75, Miles100).pileSize(0).state()
	}
	s := mustApply(t, build(twoB), Discard(Miles25))
	if s.Phase != PhaseHandOver {
		t.Errorf("bsd: phase %v, want hand over", s.Phase)
	}
	s = mustApply(t, build(two), Discard(Miles25))
	if s.Phase != PhasePlay || s.Turn != 1 {
		t.Errorf("standard: phase %v turn %d, want seat 1 to play", s.Phase, s.Turn)
	}
	// bsd goes on while someone can play.
	s = newTable(t, twoB).hand(0, Miles25).hand(1, Go).pileSize(0).state()
	s = mustApply(t, s, Discard(Miles25))
	if s.Phase != PhasePlay || s.Turn != 1 {
		t.Errorf("bsd with a playable Go: phase %v turn %d", s.Phase, s.Turn)
	}
	// A Go under Right of Way is legal in bsd but does nothing: like BSD
	// mille's own test, it does not keep the hand going.
	s = newTable(t, twoB).hand(0, Miles25).hand(1, Go).safety(1, RightOfWay, false).pileSize(0).state()
	s = mustApply(t, s, Discard(Miles25))
	if s.Phase != PhaseHandOver {
		t.Errorf("bsd with only a useless Go: phase %v, want hand over", s.Phase)
	}
}
