package engine

import "testing"

func TestRules5CoupFourre(t *testing.T) {
	for _, cfg := range []Config{two, twoB} {
		b := newTable(t, cfg).
			hand(0, Accident, Miles25, Miles25, Miles25, Miles25, Miles25, Miles25).
			hand(1, DrivingAce, Miles50, Miles50, Miles50, Miles50, Miles50).
			battle(1, Go).onTop(Miles100, Miles200) // replacement 200, then 100
		s := b.state()
		pile := s.DrawLen
		s = mustApply(t, s, Attack(Accident, 1))
		if s.Phase != PhaseCoupFourre || s.Turn != 1 || s.DrawLen != pile {
			t.Fatalf("%v: window not open to the holder before anyone draws: phase %v turn %d", cfg.Rules, s.Phase, s.Turn)
		}
		var buf [MaxLegal]Action
		if l := s.Legal(buf[:0]); len(l) != 2 || l[0] != DeclareCoupFourre || l[1] != DeclineCoupFourre {
			t.Fatalf("legal in the window: %v", l)
		}
		s = mustApply(t, s, DeclareCoupFourre)
		tb := &s.Tableaus[1]
		if !tb.HasCoupFourre(DrivingAce) || tb.Battle != Go || tb.Cards[Accident] != 0 {
			t.Fatalf("%v: after the coup fourré battle %v, CF %v", cfg.Rules, tb.Battle, tb.HasCoupFourre(DrivingAce))
		}
		if s.Discards[s.DiscardLen-1] != Accident {
			t.Fatal("the hazard goes to the discard pile")
		}
		// Replacement draw (200), then the extra turn's draw (100).
		if s.Turn != 1 || s.Phase != PhasePlay || s.HandLen(1) != 7 || !hasCard(&s, 1, Miles200) || s.Hands[1][DrawSlot] != Miles100 {
			t.Fatalf("%v: holder's extra turn: turn %d, %d cards, hand %v", cfg.Rules, s.Turn, s.HandLen(1), s.Hands[1])
		}
		if got := s.LiveScore(1); got.CoupsFourres != 300 || got.Safeties != 100 {
			t.Fatalf("coup fourré scores 100 + 300: %+v", got)
		}
		s = mustApply(t, s, Play(Miles100)) // rolls at once: the Go shows again
		if s.Turn != 0 {
			t.Fatalf("play continues to the holder's left: turn %d", s.Turn)
		}
	}
}

func TestRules5CoupFourreOnSpeedLimit(t *testing.T) {
	s := newTable(t, two).hand(0, SpeedLimit, Miles25).hand(1, RightOfWay, Miles75).
		battle(1, Go, Stop).speed(1, SpeedLimit, EndOfLimit).state()
	s = mustApply(t, s, Attack(SpeedLimit, 1), DeclareCoupFourre)
	tb := &s.Tableaus[1]
	if tb.Speed != EndOfLimit || tb.Battle == Stop || !tb.Rolling() || !tb.HasCoupFourre(RightOfWay) {
		t.Fatalf("speed %v battle %v", tb.Speed, tb.Battle)
	}
}

func TestRules5SkippedSeats(t *testing.T) {
	tests := []struct {
		name             string
		cfg              Config
		attacker, target int
		holder           int
		next             int // who plays after the holder's extra turn
	}{
		{"3 players, holder two seats on", three, 0, 2, 2, 0},   // seat 1 loses its turn
		{"3 players, holder next", three, 0, 1, 1, 2},           // nobody skipped
		{"4 players, partner holds", four, 0, 1, 3, 0},          // seats 1 and 2 skipped
		{"4 players, victim holds", four, 0, 1, 1, 2},           // nobody skipped
		{"6 players, far partner holds", six, 0, 1, 4, 5},       // seats 1 to 3 skipped
		{"6 players, attacked from the left", six, 2, 0, 0, 1},  // seats 3 to 5 skipped
		{"6 players, near partner holds", six, 5, 1, 1, 2},      // seat 0 skipped
		{"4 players, holder across the wrap", four, 2, 1, 1, 2}, // seats 3 and 0 skipped
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTable(t, tt.cfg)
			for p := 0; p < tt.cfg.Players; p++ {
				b.hand(p, Miles100, Repairs)
			}
			b.hand(tt.attacker, Stop, Miles50)
			b.hand(tt.holder, RightOfWay, Miles75)
			b.battle(tt.target, Go).turn(tt.attacker)
			s := mustApply(t, b.state(), Attack(Stop, tt.target))
			if s.Phase != PhaseCoupFourre || int(s.Turn) != tt.holder {
				t.Fatalf("window: phase %v turn %d", s.Phase, s.Turn)
			}
			s = mustApply(t, s, DeclareCoupFourre)
			if int(s.Turn) != tt.holder {
				t.Fatalf("holder's extra turn: turn %d", s.Turn)
			}
			s = mustApply(t, s, Discard(Miles75))
			if int(s.Turn) != tt.next {
				t.Fatalf("after the extra turn: turn %d, want %d", s.Turn, tt.next)
			}
		})
	}
}

func TestRules5DeclineKeepsSafety(t *testing.T) {
	s := newTable(t, two).hand(0, OutOfGas, Miles25).hand(1, ExtraTank, Miles50).battle(1, Go).state()
	s = mustApply(t, s, Attack(OutOfGas, 1), DeclineCoupFourre)
	if s.Turn != 1 || s.Phase != PhasePlay || !hasCard(&s, 1, ExtraTank) || s.Tableaus[1].Battle != OutOfGas {
		t.Fatalf("after declining the next player plays with the safety still in hand: turn %d", s.Turn)
	}
	s = mustApply(t, s, Play(ExtraTank))
	tb := &s.Tableaus[1]
	if tb.HasCoupFourre(ExtraTank) || s.LiveScore(1).CoupsFourres != 0 || s.LiveScore(1).Safeties != 100 {
		t.Fatalf("a safety played later is worth 100 and no coup fourré")
	}
}

func TestRules5WindowClosesWhenNextPlayerActs(t *testing.T) {
	// 4 players: seat 0 attacks side 1; seat 3 holds the safety. If seat 3
	// lets it pass, seat 1 plays, and the chance is gone for good.
	b := newTable(t, four)
	for p := 0; p < 4; p++ {
		b.hand(p, Miles25, Miles25)
	}
	b.hand(0, FlatTire, Miles25).hand(3, PunctureProof, Miles50).battle(1, Go)
	s := mustApply(t, b.state(), Attack(FlatTire, 1), DeclineCoupFourre)
	if s.Turn != 1 || s.Phase != PhasePlay {
		t.Fatalf("turn %d phase %v", s.Turn, s.Phase)
	}
	s = mustApply(t, s, Discard(Miles25))
	if s.Phase == PhaseCoupFourre || s.Check(DeclareCoupFourre) == nil {
		t.Fatal("the coup fourré is no longer possible")
	}
}

func TestRules5EmptyPile(t *testing.T) {
	// With the pile empty the coup fourré is still made, without the
	// replacement draw; the extra turn has no draw either.
	s := newTable(t, two).hand(0, Stop, Miles25).hand(1, RightOfWay, Miles50, Miles75).battle(1, Go).pileSize(0).state()
	s = mustApply(t, s, Attack(Stop, 1), DeclareCoupFourre)
	if s.Turn != 1 || s.HandLen(1) != 2 || !s.Tableaus[1].HasCoupFourre(RightOfWay) {
		t.Fatalf("turn %d, %d cards", s.Turn, s.HandLen(1))
	}
}

func TestRules5WindowIsHiddenFromOthers(t *testing.T) {
	b := newTable(t, four)
	for p := 0; p < 4; p++ {
		b.hand(p, Miles25, Miles25)
	}
	b.hand(0, Accident, Miles25).hand(3, DrivingAce, Miles50).battle(1, Go)
	s := mustApply(t, b.state(), Attack(Accident, 1))
	for seat := 0; seat < 4; seat++ {
		o := Observe(&s, seat)
		if seat == 3 {
			if o.Phase != PhaseCoupFourre || o.Threat != Accident || !o.MyTurn() {
				t.Fatalf("the holder sees the window: %+v", o.Phase)
			}
			continue
		}
		if o.Phase != PhasePlay || o.Turn != 1 || o.Threat != NoCard || !o.Waiting || o.MyTurn() {
			t.Fatalf("seat %d sees phase %v turn %d threat %v", seat, o.Phase, o.Turn, o.Threat)
		}
	}
}
