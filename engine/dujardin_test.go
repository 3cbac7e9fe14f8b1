package engine

import "testing"

// The rules of the dujardin ruleset (docs/rules.md, section 10), each
// tested in the section of the rule it changes or keeps.

var (
	twoD    = Config{Players: 2, Rules: Dujardin}
	threeD  = Config{Players: 3, Rules: Dujardin}
	fourD   = Config{Players: 4, Rules: Dujardin}
	sixD    = Config{Players: 6, Rules: Dujardin}
	twoD500 = Config{Players: 2, Rules: Dujardin500}
)

// TestRules3DujardinNoReplayOnceThePileIsOut: once the draw pile is out, a
// safety no longer earns another turn; while it lasts, it does.
func TestRules3DujardinNoReplayOnceThePileIsOut(t *testing.T) {
	tests := []struct {
		cfg      Config
		pile     int
		wantTurn uint8
	}{
		{twoD, 0, 1},
		{twoD500, 0, 1},
		{twoD, 5, 0},
		{two, 0, 0}, // standard: another turn, pile or not
	}
	for _, tt := range tests {
		s := newTable(t, tt.cfg).hand(0, ExtraTank, Miles25).hand(1, Miles25).pileSize(tt.pile).state()
		s = mustApply(t, s, Play(ExtraTank))
		if s.Phase != PhasePlay || s.Turn != tt.wantTurn {
			t.Errorf("%v, pile of %d: after a safety phase %v turn %d, want turn %d", tt.cfg.Rules, tt.pile, s.Phase, s.Turn, tt.wantTurn)
		}
	}
}

// TestRules5DujardinCoupFourreOnceThePileIsOut: the coup fourré is still
// allowed once the pile is out, and keeps its extra turn and its 300.
func TestRules5DujardinCoupFourreOnceThePileIsOut(t *testing.T) {
	for _, cfg := range []Config{twoD, threeD} {
		b := newTable(t, cfg).hand(0, OutOfGas, Miles25).hand(1, Miles25)
		b.hand(cfg.Players-1, ExtraTank, Miles50).battle(cfg.Players-1, Go).pileSize(0)
		s := mustApply(t, b.state(), Attack(OutOfGas, cfg.Players-1), DeclareCoupFourre)
		if s.Phase != PhasePlay || int(s.Turn) != cfg.Players-1 || s.Tableaus[cfg.Players-1].Battle != Go {
			t.Errorf("%d players: after the coup fourré phase %v turn %d battle %v", cfg.Players, s.Phase, s.Turn, s.Tableaus[cfg.Players-1].Battle)
		}
		if got := s.LiveScore(cfg.Players - 1); got.CoupsFourres != 300 || got.Safeties != 100 {
			t.Errorf("%d players: coup fourré scores %+v", cfg.Players, got)
		}
	}
}

// TestRules4DujardinSpeedPileAlternates: Speed Limit and End of Limit
// alternate on the speed pile, so a Speed Limit never covers another.
func TestRules4DujardinSpeedPileAlternates(t *testing.T) {
	tests := []struct {
		cfg   Config
		speed []Card
		want  error
	}{
		{twoD, []Card{SpeedLimit}, ErrAlreadyLimit},
		{sixD, []Card{SpeedLimit}, ErrAlreadyLimit},
		{twoD, []Card{SpeedLimit, EndOfLimit}, nil},
		{twoD, nil, nil},
		{two, []Card{SpeedLimit}, nil}, // standard allows a limit on a limit
	}
	for _, tt := range tests {
		s := newTable(t, tt.cfg).hand(0, SpeedLimit).battle(1, Go, Stop).speed(1, tt.speed...).state()
		if err := s.Check(Attack(SpeedLimit, 1)); err != tt.want {
			t.Errorf("%v, speed pile %v: %v, want %v", tt.cfg.Rules, tt.speed, err, tt.want)
		}
	}
}

// TestRules4DujardinPrioritaire: Right of Way (Prioritaire) sends a showing
// Stop and Speed Limit to the discard pile, and the side rolls at once
// (the safety's extra turn while the pile lasts).
func TestRules4DujardinPrioritaire(t *testing.T) {
	s := newTable(t, fourD).hand(0, RightOfWay, Miles100).battle(0, Go, Stop).speed(0, SpeedLimit).state()
	discards := s.DiscardLen
	s = mustApply(t, s, Play(RightOfWay))
	tb := &s.Tableaus[0]
	if tb.Battle == Stop || tb.Speed == SpeedLimit || tb.Cards[Stop] != 0 || tb.Cards[SpeedLimit] != 0 {
		t.Fatalf("battle %v speed %v still show", tb.Battle, tb.Speed)
	}
	if s.DiscardLen != discards+2 {
		t.Fatalf("the two hazards go to the discard pile: %d discards, were %d", s.DiscardLen, discards)
	}
	if s.Turn != 0 || s.Check(Play(Miles100)) != nil {
		t.Fatalf("the side rolls at once at any speed: turn %d, %v", s.Turn, s.Check(Play(Miles100)))
	}
}

// TestRules6DujardinAllonge: the Allonge is called by the side that
// reaches exactly 700, with 2, 3 or 6 players and never with 4; it pays the
// caller 200 if it reaches 1000 first, else 200 to each other side, and a
// caller that does not complete the trip loses the trip's 400.
func TestRules6DujardinAllonge(t *testing.T) {
	for _, cfg := range []Config{twoD, threeD, sixD} {
		b := newTable(t, cfg).hand(0, Miles50, Miles25).hand(1, Miles25, Miles25)
		s := mustApply(t, at650(b, 0).state(), Play(Miles50))
		if s.Phase != PhaseExtension || s.Turn != 0 {
			t.Errorf("%d players: at exactly 700 the player chooses: phase %v", cfg.Players, s.Phase)
		}
	}
	// Past 700 without landing on it: no Allonge (and no card can pass 700).
	b := newTable(t, twoD).hand(0, Miles75).hand(1, Miles25)
	if s := at650(b, 0).state(); s.Check(Play(Miles75)) != ErrPast700 {
		err := s.Check(Play(Miles75))
		t.Errorf("75 from 650: %v", err)
	}
	// 4 players: 1000 from the start, no Allonge.
	b = newTable(t, fourD).hand(0, Miles50).hand(1, Miles25)
	at650(b, 0).miles(0, Miles100, Miles100, Miles100)
	if s := mustApply(t, b.state(), Play(Miles50)); s.Phase != PhaseHandOver || s.Extender != -1 {
		t.Errorf("4 players: phase %v", s.Phase)
	}
	tests := []struct {
		name               string
		extender, finisher int
		want               [2]Score
	}{
		{"caller reaches 1000", 0, 0, [2]Score{{Trip: 400, Extension: 200}, {}}},
		{"the other side reaches 1000", 0, 1, [2]Score{{}, {Trip: 400, Extension: 200}}},
		{"the cards run out", 0, -1, [2]Score{{}, {Extension: 200}}},
	}
	for _, tt := range tests {
		s := extended(t, twoD, tt.extender, tt.finisher)
		for side := range 2 {
			got := s.HandScores[side]
			if got.Trip != tt.want[side].Trip || got.Extension != tt.want[side].Extension {
				t.Errorf("%s: side %d trip %d extension %d", tt.name, side, got.Trip, got.Extension)
			}
		}
	}
	// With three players a failed Allonge pays 200 to each opponent.
	b = newTable(t, threeD).hand(0, Miles25).hand(1, Miles25).hand(2, Miles25)
	at650(b, 0).miles(0, Miles50).miles(1, Miles100).miles(2, Miles100).pileSize(0)
	b.s.Trip, b.s.Extender = 1000, 0
	s := mustApply(t, b.state(), Discard(Miles25), Discard(Miles25), Discard(Miles25))
	if s.Phase != PhaseHandOver || s.HandScores[0].Extension != 0 || s.HandScores[1].Extension != 200 || s.HandScores[2].Extension != 200 {
		t.Errorf("3 players, failed Allonge: %+v", s.HandScores[:3])
	}
}

// endByExhaustion ends a hand built on b with an empty pile: seat 0 holds
// one card and discards it, nobody else holds any.
func endByExhaustion(t *testing.T, b *table) State {
	t.Helper()
	b.hand(0, Miles25).pileSize(0)
	return mustApply(t, b.state(), Discard(Miles25))
}

// TestRules7DujardinCapot: a side that played no distance pays 500 to each
// side that did, however the hand ended; a side without distance scores no
// Capot of its own.
func TestRules7DujardinCapot(t *testing.T) {
	tests := []struct {
		name  string
		cfg   Config
		setup func(b *table)
		want  []int16 // ShutOut by side
	}{
		{"2 players, the cards run out", twoD, func(b *table) { b.battle(0, Go).miles(0, Miles100) }, []int16{500, 0}},
		{"standard: only a completed trip", two, func(b *table) { b.battle(0, Go).miles(0, Miles100) }, []int16{0, 0}},
		{"3 players, one shut out", threeD, func(b *table) { b.miles(0, Miles100).miles(1, Miles50) }, []int16{500, 500, 0}},
		{"3 players, two shut out", threeD, func(b *table) { b.miles(0, Miles100) }, []int16{1000, 0, 0}},
		{"4 players, the other team shut out", fourD, func(b *table) { b.miles(1, Miles75) }, []int16{0, 500}},
		{"nobody played distance", twoD, func(b *table) {}, []int16{0, 0}},
	}
	for _, tt := range tests {
		b := newTable(t, tt.cfg)
		tt.setup(b)
		s := endByExhaustion(t, b)
		if s.Phase != PhaseHandOver || s.Finisher != -1 {
			t.Fatalf("%s: phase %v finisher %d", tt.name, s.Phase, s.Finisher)
		}
		for side, want := range tt.want {
			if got := s.HandScores[side].ShutOut; got != want {
				t.Errorf("%s: side %d Capot %d, want %d", tt.name, side, got, want)
			}
		}
	}
	// The side that completes the trip scores the Capot as in the standard rules.
	b := newTable(t, twoD).hand(0, Miles50).hand(1, Miles25)
	s := mustApply(t, at650(b, 0).state(), Play(Miles50), StopTrip)
	if s.HandScores[0].ShutOut != 500 || s.HandScores[1].ShutOut != 0 {
		t.Errorf("trip completed: Capot %d and %d", s.HandScores[0].ShutOut, s.HandScores[1].ShutOut)
	}
}

// TestRules7DujardinTripBonuses: four safeties make 700 (400 and 300 more),
// a trip without a 200 scores 300, and dujardin+500 adds 500 when the trip
// had neither a 200 nor a 100.
func TestRules7DujardinTripBonuses(t *testing.T) {
	fourSafeties := func(b *table) {
		for _, sf := range AllSafeties {
			b.safety(0, sf, false)
		}
	}
	tests := []struct {
		name  string
		cfg   Config
		setup func(b *table)
		want  Score
	}{
		{"four safeties", twoD, func(b *table) {
			at650(b, 0).miles(1, Miles25)
			fourSafeties(b)
		}, Score{Milestones: 700, Safeties: 400, AllSafeties: 300, Trip: 400, SafeTrip: 300}},
		{"a trip with a 200", twoD, func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles100, Miles100, Miles100, Miles75, Miles75).miles(1, Miles25)
		}, Score{Milestones: 700, Trip: 400}},
		{"no 200 but 100s, dujardin+500", twoD500, func(b *table) {
			at650(b, 0).miles(1, Miles25)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300}},
		{"neither 200 nor 100, dujardin+500", twoD500, func(b *table) {
			b.battle(0, Go).miles(0, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles50).miles(1, Miles25)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300, NoHundreds: 500}},
		{"neither 200 nor 100, dujardin", twoD, func(b *table) {
			b.battle(0, Go).miles(0, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles75, Miles50).miles(1, Miles25)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300}},
	}
	for _, tt := range tests {
		b := newTable(t, tt.cfg).hand(0, Miles50).hand(1, Miles25)
		tt.setup(b)
		s := mustApply(t, b.state(), Play(Miles50), StopTrip)
		if s.HandScores[0] != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, s.HandScores[0], tt.want)
		}
	}
}

// TestRules7DujardinExamples plays out the three worked examples of the
// French rules (four players, North-South against West-East).
func TestRules7DujardinExamples(t *testing.T) {
	tests := []struct {
		name string
		// build lays out the table; seat 0 (North-South) then plays its
		// last card: a 100, or a discard when the hand ends with the cards.
		build func(b *table)
		last  Action
		want  [2]int
	}{
		{"the cards run out, nobody at 1000", func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles100, Miles50).safety(0, ExtraTank, true).safety(0, DrivingAce, false)
			b.battle(1, Go).miles(1, Miles200, Miles200, Miles100, Miles100, Miles100, Miles100, Miles25).safety(1, RightOfWay, false)
			b.hand(0, Miles25).pileSize(0)
		}, Discard(Miles25), [2]int{850, 925}},
		{"1000 before the cards run out", func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles200, Miles100, Miles100, Miles100, Miles100, Miles100).
				safety(0, ExtraTank, true).safety(0, PunctureProof, true)
			b.battle(1, Go).miles(1, Miles200, Miles200, Miles100, Miles100, Miles100, Miles100, Miles75, Miles75).safety(1, DrivingAce, false)
			b.hand(0, Miles100).hand(1, Miles25)
		}, Play(Miles100), [2]int{2200, 1050}},
		{"1000 after the cards run out (Couronnement)", func(b *table) {
			b.battle(0, Go).miles(0, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100).
				safety(0, ExtraTank, false).safety(0, PunctureProof, false).safety(0, DrivingAce, false)
			b.battle(1, Go).miles(1, Miles200, Miles75).safety(1, RightOfWay, true)
			b.hand(0, Miles100).hand(1, Miles25).pileSize(0)
		}, Play(Miles100), [2]int{2300, 675}},
	}
	for _, tt := range tests {
		b := newTable(t, fourD)
		tt.build(b)
		s := mustApply(t, b.state(), tt.last)
		if s.Phase != PhaseHandOver {
			t.Fatalf("%s: phase %v", tt.name, s.Phase)
		}
		for side, want := range tt.want {
			if got := s.HandScores[side].Total(); got != want {
				t.Errorf("%s: side %d scores %d (%+v), want %d", tt.name, side, got, s.HandScores[side], want)
			}
		}
	}
}
