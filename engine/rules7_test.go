package engine

import "testing"

// at650 puts side on 650 miles without a 200, rolling.
func at650(b *table, side int) *table {
	return b.battle(side, Go).miles(side, Miles100, Miles100, Miles100, Miles100, Miles100, Miles75, Miles75)
}

func TestRules6Extension(t *testing.T) {
	build := func(cfg Config) State {
		b := newTable(t, cfg).hand(0, Miles50, Miles25).hand(1, Miles25, Miles25)
		return at650(b, 0).state()
	}
	for _, cfg := range []Config{two, twoB} {
		s := mustApply(t, build(cfg), Play(Miles50))
		if s.Phase != PhaseExtension || s.Turn != 0 {
			t.Fatalf("%v: at 700 the player chooses: phase %v", cfg.Rules, s.Phase)
		}
		stopped := mustApply(t, s, StopTrip)
		if stopped.Phase != PhaseHandOver || stopped.Finisher != 0 || stopped.HandScores[0].Trip != 400 || stopped.HandScores[0].Extension != 0 {
			t.Fatalf("%v: stopping at 700 completes the trip: %+v", cfg.Rules, stopped.HandScores[0])
		}
		ext := mustApply(t, s, Extend)
		if ext.Phase != PhasePlay || ext.Trip != 1000 || ext.Turn != 1 || ext.Extender != 0 {
			t.Fatalf("%v: extension: phase %v trip %d turn %d", cfg.Rules, ext.Phase, ext.Trip, ext.Turn)
		}
	}
	// With 4 players the trip is 1000 and there is no extension.
	b := newTable(t, four).hand(0, Miles50).hand(1, Miles25)
	at650(b, 0).miles(0, Miles100, Miles100, Miles100)
	s := mustApply(t, b.state(), Play(Miles50))
	if s.Phase != PhaseHandOver || s.Finisher != 0 || s.HandScores[0].Trip != 400 {
		t.Fatalf("4 players: reaching 1000 ends the hand: phase %v", s.Phase)
	}
}

// extended sets up a 2-player hand extended by side extender, with side 0 at
// 950 and side 1 at 650 (+ `more`), and returns it after side `finisher`
// reaches 1000 (or after the hand runs out if finisher is -1).
func extended(t *testing.T, cfg Config, extender, finisher int) State {
	b := newTable(t, cfg).hand(0, Miles50, Miles25).hand(1, Miles50, Miles25)
	at650(b, 0).miles(0, Miles200, Miles100)
	at650(b, 1).miles(1, Miles200, Miles100)
	b.s.Trip, b.s.Extender = 1000, int8(extender)
	b.turn(max(finisher, 0))
	s := b.state()
	if finisher >= 0 {
		return mustApply(t, s, Play(Miles50))
	}
	b.pileSize(0)
	s = b.state()
	return mustApply(t, s, Discard(Miles50), Discard(Miles50), Discard(Miles25), Discard(Miles25))
}

func TestRules7ExtensionBonus(t *testing.T) {
	tests := []struct {
		name               string
		cfg                Config
		extender, finisher int
		want               [2]int16
	}{
		{"caller finishes", two, 0, 0, [2]int16{200, 0}},
		{"opponent finishes", two, 0, 1, [2]int16{0, 200}},
		{"nobody finishes", two, 0, -1, [2]int16{0, 200}},
		{"nobody finishes, other caller", two, 1, -1, [2]int16{200, 0}},
		{"bsd: caller finishes", twoB, 0, 0, [2]int16{200, 0}},
		{"bsd: opponent finishes", twoB, 0, 1, [2]int16{0, 200}},
		{"bsd: nobody finishes", twoB, 0, -1, [2]int16{0, 0}},
	}
	for _, tt := range tests {
		s := extended(t, tt.cfg, tt.extender, tt.finisher)
		if s.Phase != PhaseHandOver {
			t.Fatalf("%s: phase %v", tt.name, s.Phase)
		}
		for side := 0; side < 2; side++ {
			if got := s.HandScores[side].Extension; got != tt.want[side] {
				t.Errorf("%s: side %d extension %d, want %d", tt.name, side, got, tt.want[side])
			}
		}
		if tt.finisher >= 0 && s.HandScores[tt.finisher].Trip != 400 || tt.finisher < 0 && (s.HandScores[0].Trip != 0 || s.HandScores[1].Trip != 0) {
			t.Errorf("%s: only the first to 1000 completes the trip", tt.name)
		}
	}
}

func TestRules7Bonuses(t *testing.T) {
	tests := []struct {
		name  string
		setup func(b *table)
		want  Score
	}{
		{"trip with a 200, opponent has miles", func(b *table) {
			b.battle(0, Go).miles(0, Miles200, Miles100, Miles100, Miles100, Miles75, Miles75).miles(1, Miles25)
		}, Score{Milestones: 700, Trip: 400}},
		{"safe trip and shut-out", func(b *table) {
			at650(b, 0)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300, ShutOut: 500}},
		{"delayed action", func(b *table) {
			at650(b, 0).miles(1, Miles25).pileSize(0)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300, Delayed: 300}},
		{"safeties and coups fourrés", func(b *table) {
			at650(b, 0).miles(1, Miles25).safety(0, ExtraTank, true).safety(0, DrivingAce, false)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300, Safeties: 200, CoupsFourres: 300}},
		{"all four safeties", func(b *table) {
			at650(b, 0).miles(1, Miles25).safety(0, ExtraTank, true).safety(0, DrivingAce, false).
				safety(0, PunctureProof, true).safety(0, RightOfWay, false)
		}, Score{Milestones: 700, Trip: 400, SafeTrip: 300, Safeties: 400, AllSafeties: 300, CoupsFourres: 600}},
	}
	for _, tt := range tests {
		b := newTable(t, two).hand(0, Miles50).hand(1, Miles25)
		tt.setup(b)
		s := mustApply(t, b.state(), Play(Miles50), StopTrip)
		if s.HandScores[0] != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, s.HandScores[0], tt.want)
		}
	}
}

func TestRules7ShutOutPerOpponent(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		setup   func(b *table)
		shutOut int16
	}{
		{"3 players, both shut out", three, func(b *table) {}, 1000},
		{"3 players, one shut out", three, func(b *table) { b.miles(2, Miles25) }, 500},
		{"3 players, none shut out", three, func(b *table) { b.miles(1, Miles25).miles(2, Miles50) }, 0},
		{"6 players, one team shut out", six, func(b *table) { b.miles(1, Miles25) }, 500},
	}
	for _, tt := range tests {
		b := newTable(t, tt.cfg).hand(0, Miles50).hand(1, Miles25).hand(2, Miles25)
		at650(b, 0)
		tt.setup(b)
		s := mustApply(t, b.state(), Play(Miles50), StopTrip)
		if got := s.HandScores[0].ShutOut; got != tt.shutOut {
			t.Errorf("%s: shut-out %d, want %d", tt.name, got, tt.shutOut)
		}
	}
}

func TestRules7EverySideScores(t *testing.T) {
	b := newTable(t, three).hand(0, Miles50).hand(1, Miles25)
	at650(b, 0).miles(1, Miles100, Miles25).safety(1, DrivingAce, true).miles(2, Miles75).safety(2, ExtraTank, false)
	s := mustApply(t, b.state(), Play(Miles50), StopTrip)
	if got := s.HandScores[1]; got != (Score{Milestones: 125, Safeties: 100, CoupsFourres: 300}) {
		t.Errorf("side 1: %+v", got)
	}
	if got := s.HandScores[2]; got != (Score{Milestones: 75, Safeties: 100}) {
		t.Errorf("side 2: %+v", got)
	}
	for side := 0; side < 3; side++ {
		if int(s.Totals[side]) != s.HandScores[side].Total() {
			t.Errorf("side %d: total %d", side, s.Totals[side])
		}
	}
}

func TestRules7BestHands(t *testing.T) {
	tests := []struct {
		cfg  Config
		want int
	}{
		{two, 4600},
		{three, 5100},
		{four, 4400},
	}
	for _, tt := range tests {
		b := newTable(t, tt.cfg).hand(0, Miles100)
		for p := 1; p < tt.cfg.Players; p++ {
			b.hand(p, Miles25)
		}
		for _, sf := range AllSafeties {
			b.safety(0, sf, true)
		}
		// 900 miles without a 200, the pile empty.
		b.battle(0, Go).miles(0, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100, Miles100, Miles75, Miles75, Miles50)
		if tt.cfg.HasExtension() {
			b.s.Trip, b.s.Extender = 1000, 0
		}
		b.pileSize(0)
		s := mustApply(t, b.state(), Play(Miles100))
		if got := s.HandScores[0].Total(); got != tt.want {
			t.Errorf("%d players: best hand %d (%+v), want %d", tt.cfg.Players, got, s.HandScores[0], tt.want)
		}
	}
}

func TestRules8GameEnd(t *testing.T) {
	tests := []struct {
		name       string
		cfg        Config
		totals     [2]int32
		wantPhase  Phase
		wantWinner int8
	}{
		{"below 5000", two, [2]int32{4000, 3000}, PhaseHandOver, -1},
		{"5000 wins", two, [2]int32{4900, 3000}, PhaseGameOver, 0},
		{"highest total wins", two, [2]int32{4900, 5100}, PhaseGameOver, 1},
		{"tie at the top: another hand", two, [2]int32{4900, 5000}, PhaseHandOver, -1},
		{"bsd: tie credits nobody", twoB, [2]int32{4900, 5000}, PhaseGameOver, -1},
	}
	for _, tt := range tests {
		// Side 0 scores 100 in this hand (one 100, no trip), side 1 nothing.
		b := newTable(t, tt.cfg).hand(0, Miles100).hand(1).battle(0, Go).pileSize(0)
		b.s.Totals[0], b.s.Totals[1] = tt.totals[0], tt.totals[1]
		s := mustApply(t, b.state(), Play(Miles100))
		if s.Phase != tt.wantPhase || s.Winner != tt.wantWinner {
			t.Errorf("%s: phase %v winner %d", tt.name, s.Phase, s.Winner)
		}
		won := [2]uint16{}
		if tt.wantWinner >= 0 {
			won[tt.wantWinner] = 1
		}
		if s.GamesWon[0] != won[0] || s.GamesWon[1] != won[1] {
			t.Errorf("%s: games won %v", tt.name, s.GamesWon[:2])
		}
		next := mustApply(t, s, Continue)
		if tt.wantPhase == PhaseGameOver && (next.Totals[0] != 0 || next.GamesWon != s.GamesWon || next.Game != 1) {
			t.Errorf("%s: a new game starts from 0 and keeps games won", tt.name)
		}
		if tt.wantPhase == PhaseHandOver && (next.Totals != s.Totals || next.Hand != 1) {
			t.Errorf("%s: totals carry to the next hand", tt.name)
		}
	}
}
