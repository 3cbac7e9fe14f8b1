package engine

import (
	"errors"
	"testing"
)

func TestRules4WhatCanBePlayed(t *testing.T) {
	type build func(b *table)
	tests := []struct {
		name  string
		cfg   Config
		setup build
		act   Action
		want  error
	}{
		// Go.
		{"Go on an empty pile", two, nil, Play(Go), nil},
		{"Go on Stop", two, func(b *table) { b.battle(0, Go, Stop) }, Play(Go), nil},
		{"Go on a remedy", two, func(b *table) { b.battle(0, Go, Accident, Repairs) }, Play(Go), nil},
		{"Go on Go", two, func(b *table) { b.battle(0, Go) }, Play(Go), ErrAlreadyGo},
		{"Go on a road hazard", two, func(b *table) { b.battle(0, Go, FlatTire) }, Play(Go), byCard[RefFixFirst][FlatTire]},
		{"Go with Right of Way", two, func(b *table) { b.safety(0, RightOfWay, false) }, Play(Go), ErrYouHaveRoW},
		{"Go with Right of Way on a remedy", two, func(b *table) { b.battle(0, Go, OutOfGas, Gasoline).safety(0, RightOfWay, false) }, Play(Go), ErrYouHaveRoW},
		// bsd: Go under Right of Way is useless but legal, as in BSD mille.
		{"Go with Right of Way, bsd", twoB, func(b *table) { b.safety(0, RightOfWay, false) }, Play(Go), nil},
		{"Go with Right of Way on a remedy, bsd", twoB, func(b *table) { b.battle(0, Go, OutOfGas, Gasoline).safety(0, RightOfWay, false) }, Play(Go), nil},
		{"Go with Right of Way on Go, bsd", twoB, func(b *table) { b.battle(0, Go).safety(0, RightOfWay, false) }, Play(Go), ErrAlreadyGo},
		{"Go with Right of Way on a road hazard, bsd", twoB, func(b *table) { b.battle(0, Go, OutOfGas).safety(0, RightOfWay, false) }, Play(Go), byCard[RefFixFirst][OutOfGas]},
		// Remedies.
		{"Gasoline on Out of Gas", two, func(b *table) { b.battle(0, Go, OutOfGas) }, Play(Gasoline), nil},
		{"Spare Tire on Flat Tire", two, func(b *table) { b.battle(0, Go, FlatTire) }, Play(SpareTire), nil},
		{"Repairs on Accident", two, func(b *table) { b.battle(0, Go, Accident) }, Play(Repairs), nil},
		{"Repairs on Flat Tire", two, func(b *table) { b.battle(0, Go, FlatTire) }, Play(Repairs), byCard[RefNothingToFix][Accident]},
		{"Gasoline on Go", two, func(b *table) { b.battle(0, Go) }, Play(Gasoline), byCard[RefNothingToFix][OutOfGas]},
		{"End of Limit on Speed Limit", two, func(b *table) { b.speed(0, SpeedLimit) }, Play(EndOfLimit), nil},
		{"End of Limit without a limit", two, nil, Play(EndOfLimit), ErrNotLimited},
		{"End of Limit on End of Limit", two, func(b *table) { b.speed(0, SpeedLimit, EndOfLimit) }, Play(EndOfLimit), ErrNotLimited},
		// Hazards.
		{"Stop on Go", two, func(b *table) { b.battle(1, Go) }, Attack(Stop, 1), nil},
		{"Accident on Go", two, func(b *table) { b.battle(1, Go) }, Attack(Accident, 1), nil},
		{"Accident on an empty pile", two, nil, Attack(Accident, 1), ErrNotRolling},
		{"Accident on a remedy", two, func(b *table) { b.battle(1, Go, FlatTire, SpareTire) }, Attack(Accident, 1), ErrNotRolling},
		{"hazard on hazard", two, func(b *table) { b.battle(1, Go, Stop) }, Attack(Accident, 1), ErrHasHazard},
		{"Stop on Stop", two, func(b *table) { b.battle(1, Go, Stop) }, Attack(Stop, 1), ErrHasHazard},
		{"hazard on own side", two, func(b *table) { b.battle(0, Go) }, Attack(Stop, 0), ErrOwnSide},
		{"hazard on no side", two, func(b *table) { b.battle(1, Go) }, Attack(Stop, 2), ErrNoSuchSide},
		{"hazard against its safety", two, func(b *table) { b.battle(1, Go).safety(1, DrivingAce, false) }, Attack(Accident, 1), byCard[RefTheyHave][DrivingAce]},
		{"Stop against Right of Way", two, func(b *table) { b.safety(1, RightOfWay, false) }, Attack(Stop, 1), byCard[RefTheyHave][RightOfWay]},
		{"hazard with Right of Way on an empty pile", two, func(b *table) { b.safety(1, RightOfWay, false) }, Attack(FlatTire, 1), nil},
		{"hazard with Right of Way on a remedy", two, func(b *table) { b.battle(1, Go, OutOfGas, Gasoline).safety(1, RightOfWay, false) }, Attack(FlatTire, 1), nil},
		{"hazard with Right of Way on a hazard", two, func(b *table) { b.battle(1, Go, OutOfGas).safety(1, RightOfWay, false) }, Attack(FlatTire, 1), ErrHasHazard},
		{"Speed Limit on an empty speed pile", two, nil, Attack(SpeedLimit, 1), nil},
		{"Speed Limit whatever the battle pile", two, func(b *table) { b.battle(1, Go, Stop) }, Attack(SpeedLimit, 1), nil},
		{"Speed Limit on End of Limit", twoB, func(b *table) { b.speed(1, SpeedLimit, EndOfLimit) }, Attack(SpeedLimit, 1), nil},
		{"Speed Limit on a limit, standard", two, func(b *table) { b.speed(1, SpeedLimit) }, Attack(SpeedLimit, 1), nil},
		{"Speed Limit on a limit, bsd", twoB, func(b *table) { b.speed(1, SpeedLimit) }, Attack(SpeedLimit, 1), ErrAlreadyLimit},
		{"Speed Limit against Right of Way", two, func(b *table) { b.safety(1, RightOfWay, false) }, Attack(SpeedLimit, 1), byCard[RefTheyHave][RightOfWay]},
		{"hazard names its target, 3 sides", three, func(b *table) { b.battle(2, Go) }, Attack(Stop, 2), nil},
		{"hazard on a side not rolling, 3 sides", three, func(b *table) { b.battle(2, Go) }, Attack(Stop, 1), ErrNotRolling},
		{"hazard on the other team", four, func(b *table) { b.battle(1, Go) }, Attack(Stop, 1), nil},
		// Distance.
		{"distance on Go", two, func(b *table) { b.battle(0, Go) }, Play(Miles200), nil},
		{"distance without Go", two, nil, Play(Miles25), ErrNeedGo},
		{"distance after a remedy", two, func(b *table) { b.battle(0, Go, FlatTire, SpareTire) }, Play(Miles25), ErrNeedGo},
		{"distance on Stop", two, func(b *table) { b.battle(0, Go, Stop) }, Play(Miles25), ErrStopped},
		{"distance on Flat Tire", two, func(b *table) { b.battle(0, Go, FlatTire) }, Play(Miles25), byCard[RefStoppedBy][FlatTire]},
		{"distance with Right of Way", two, func(b *table) { b.safety(0, RightOfWay, false) }, Play(Miles100), nil},
		{"distance with Right of Way on a remedy", two, func(b *table) { b.battle(0, Go, Accident, Repairs).safety(0, RightOfWay, false) }, Play(Miles100), nil},
		{"distance with Right of Way on a hazard", two, func(b *table) { b.battle(0, Go, Accident).safety(0, RightOfWay, false) }, Play(Miles100), byCard[RefStoppedBy][Accident]},
		{"50 under a Speed Limit", two, func(b *table) { b.battle(0, Go).speed(0, SpeedLimit) }, Play(Miles50), nil},
		{"25 under a Speed Limit", two, func(b *table) { b.battle(0, Go).speed(0, SpeedLimit) }, Play(Miles25), nil},
		{"75 under a Speed Limit", two, func(b *table) { b.battle(0, Go).speed(0, SpeedLimit) }, Play(Miles75), ErrLimited},
		{"100 after End of Limit", two, func(b *table) { b.battle(0, Go).speed(0, SpeedLimit, EndOfLimit) }, Play(Miles100), nil},
		{"third 200", two, func(b *table) { b.battle(0, Go).miles(0, Miles200, Miles200) }, Play(Miles200), ErrTwo200s},
		{"second 200", two, func(b *table) { b.battle(0, Go).miles(0, Miles200) }, Play(Miles200), nil},
		{"exactly 700", two, func(b *table) { b.battle(0, Go).miles(0, Miles200, Miles100, Miles100, Miles100, Miles75, Miles75) }, Play(Miles50), nil},
		{"past 700", two, func(b *table) { b.battle(0, Go).miles(0, Miles200, Miles100, Miles100, Miles100, Miles75, Miles75) }, Play(Miles100), ErrPast700},
		{"past 1000", four, func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles200, Miles100, Miles100, Miles100, Miles100, Miles100, Miles25, Miles25)
		}, Play(Miles100), ErrPast1000},
		{"exactly 1000", four, func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles200, Miles100, Miles100, Miles100, Miles100, Miles100, Miles25, Miles25)
		}, Play(Miles50), nil},
		// Safeties and anything else.
		{"safety any time", two, func(b *table) { b.battle(0, Go, Stop) }, Play(DrivingAce), nil},
		{"card not held", two, nil, Play(Miles75), ErrNotInHand},
		{"remedy with a target", two, nil, makeAction(KindPlay, Go, 1), ErrNotNow},
		{"coup fourré out of its window", two, nil, DeclareCoupFourre, ErrNotNow},
		{"extension out of its window", two, nil, Extend, ErrNotNow},
		{"continue during a hand", two, nil, Continue, ErrNotNow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTable(t, tt.cfg)
			hand := []Card{Go, Gasoline, SpareTire, Repairs, EndOfLimit, Stop, Accident}
			switch c := tt.act.Card(); {
			case c == NoCard:
			case c.IsDistance() || c.IsSafety() || c == SpeedLimit || c == FlatTire:
				hand[6] = c
			}
			if tt.act.Card() == Miles75 && tt.want == ErrNotInHand {
				hand[6] = Miles25
			}
			b.hand(0, hand...)
			if tt.setup != nil {
				tt.setup(b)
			}
			s := b.state()
			err := s.Check(tt.act)
			if !errors.Is(err, tt.want) {
				t.Fatalf("%v: got %v, want %v", tt.act, err, tt.want)
			}
			// Legal agrees with Check, and Apply with both.
			var buf [MaxLegal]Action
			inLegal := false
			for _, a := range s.Legal(buf[:0]) {
				inLegal = inLegal || a == tt.act
			}
			if inLegal != (err == nil) {
				t.Fatalf("%v: in Legal = %v, Check = %v", tt.act, inLegal, err)
			}
			if _, aerr := Apply(s, tt.act); (aerr == nil) != (err == nil) {
				t.Fatalf("%v: Apply says %v, Check %v", tt.act, aerr, err)
			}
		})
	}
}

func TestRules4RightOfWayClearsStopAndSpeedLimit(t *testing.T) {
	for _, cfg := range []Config{two, twoB} {
		s := newTable(t, cfg).hand(0, RightOfWay, Miles100).battle(0, Go, Stop).speed(0, SpeedLimit).state()
		s = mustApply(t, s, Play(RightOfWay))
		tb := &s.Tableaus[0]
		if tb.Battle == Stop || tb.Speed == SpeedLimit || !tb.Rolling() || tb.Limited() {
			t.Fatalf("%v: battle %v speed %v rolling %v", cfg.Rules, tb.Battle, tb.Speed, tb.Rolling())
		}
		if s.Turn != 0 || s.Check(Play(Miles100)) != nil {
			t.Fatalf("%v: after Right of Way the side rolls at once, at any speed: %v", cfg.Rules, s.Check(Play(Miles100)))
		}
		if s.Discards[s.DiscardLen-1] != SpeedLimit && s.Discards[s.DiscardLen-2] != SpeedLimit {
			t.Fatalf("%v: thrown-out hazards go to the discard pile", cfg.Rules)
		}
	}
}

func TestRules4SafetyOnItsHazard(t *testing.T) {
	tests := []struct {
		cfg      Config
		wantRoll bool
	}{
		{two, false}, // standard: the hazard is cancelled but a Go is still needed
		{twoB, true}, // bsd: the side rolls at once
	}
	for _, tt := range tests {
		s := newTable(t, tt.cfg).hand(0, PunctureProof, Go, Miles100).battle(0, Go, FlatTire).state()
		s = mustApply(t, s, Play(PunctureProof))
		tb := &s.Tableaus[0]
		if tb.Battle == FlatTire || tb.Rolling() != tt.wantRoll {
			t.Fatalf("%v: battle %v, rolling %v", tt.cfg.Rules, tb.Battle, tb.Rolling())
		}
		if !tt.wantRoll {
			s = mustApply(t, s, Play(Go))
			if !s.Tableaus[0].Rolling() {
				t.Fatalf("a Go makes the side roll")
			}
		}
	}
}

func TestRules4RemedyStillNeedsGo(t *testing.T) {
	s := newTable(t, two).hand(0, Gasoline, Miles100).hand(1, Miles25, Go).battle(0, Go, OutOfGas).state()
	s = mustApply(t, s, Play(Gasoline))
	if s.Tableaus[0].Rolling() {
		t.Fatal("after Gasoline the side still needs a Go")
	}
	// With Right of Way the remedy is enough.
	s = newTable(t, two).hand(0, Gasoline, Miles100).battle(0, Go, OutOfGas).safety(0, RightOfWay, false).state()
	s = mustApply(t, s, Play(Gasoline))
	if !s.Tableaus[0].Rolling() {
		t.Fatal("with Right of Way a remedy lets the side roll")
	}
}

func TestRules4Two200s(t *testing.T) {
	s := newTable(t, two).hand(0, Miles200, Miles200, Miles200).hand(1, Miles25, Miles25, Miles25).battle(0, Go).state()
	s = mustApply(t, s, Play(Miles200), Discard(Miles25), Play(Miles200), Discard(Miles25))
	if err := s.Check(Play(Miles200)); err != ErrTwo200s {
		t.Fatalf("third 200: %v", err)
	}
}
