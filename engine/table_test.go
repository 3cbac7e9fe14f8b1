package engine

import "testing"

// table builds a constructed position for a rule test. It starts from a
// fresh deal with every hand returned to the draw pile, so that each card it
// places is taken from the pile and the deck always adds up.
type table struct {
	t *testing.T
	s State
}

func newTable(t *testing.T, cfg Config) *table {
	t.Helper()
	s, err := New(cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	b := &table{t: t, s: s}
	for p := 0; p < MaxSeats; p++ {
		b.clearHand(p)
	}
	b.s.Phase, b.s.Turn = PhasePlay, 0
	return b
}

func (b *table) clearHand(seat int) {
	for i, c := range b.s.Hands[seat] {
		if c != NoCard {
			b.s.DrawPile[b.s.DrawLen] = c
			b.s.DrawLen++
			b.s.Hands[seat][i] = NoCard
		}
	}
}

// take removes one c from the draw pile.
func (b *table) take(c Card) Card {
	b.t.Helper()
	for i := int(b.s.DrawLen) - 1; i >= 0; i-- {
		if b.s.DrawPile[i] == c {
			copy(b.s.DrawPile[i:], b.s.DrawPile[i+1:b.s.DrawLen])
			b.s.DrawLen--
			b.s.DrawPile[b.s.DrawLen] = NoCard
			return c
		}
	}
	b.t.Fatalf("no %v left in the draw pile", c)
	return NoCard
}

// hand gives seat exactly these cards, in slots 1 onwards (then P).
func (b *table) hand(seat int, cards ...Card) *table {
	b.clearHand(seat)
	for i, c := range cards {
		b.s.Hands[seat][(1+i)%HandSlots] = b.take(c) // a seventh card goes to P
	}
	return b
}

// onTop puts cards on top of the draw pile, the last one drawn first.
func (b *table) onTop(cards ...Card) *table {
	for _, c := range cards {
		b.take(c)
		b.s.DrawPile[b.s.DrawLen] = c
		b.s.DrawLen++
	}
	return b
}

// pileSize leaves n cards in the draw pile, discarding the rest.
func (b *table) pileSize(n int) *table {
	for int(b.s.DrawLen) > n {
		b.s.discard(b.s.DrawPile[0])
		copy(b.s.DrawPile[:], b.s.DrawPile[1:b.s.DrawLen])
		b.s.DrawLen--
		b.s.DrawPile[b.s.DrawLen] = NoCard
	}
	return b
}

func (b *table) battle(side int, cards ...Card) *table {
	t := &b.s.Tableaus[side]
	for _, c := range cards {
		t.BattleUnder, t.Battle = t.Battle, b.take(c)
		t.Cards[c]++
	}
	return b
}

func (b *table) speed(side int, cards ...Card) *table {
	t := &b.s.Tableaus[side]
	for _, c := range cards {
		t.SpeedUnder, t.Speed = t.Speed, b.take(c)
		t.Cards[c]++
	}
	return b
}

func (b *table) miles(side int, cards ...Card) *table {
	t := &b.s.Tableaus[side]
	for _, c := range cards {
		t.Cards[b.take(c)]++
		t.Miles += uint16(c.Miles())
	}
	return b
}

func (b *table) safety(side int, c Card, coupFourre bool) *table {
	t := &b.s.Tableaus[side]
	t.Cards[b.take(c)]++
	t.Safeties |= safetyBit(c)
	if coupFourre {
		t.CoupsFourres |= safetyBit(c)
	}
	return b
}

func (b *table) turn(seat int) *table { b.s.Turn = uint8(seat); return b }

// state returns the position after checking that the deck adds up.
func (b *table) state() State {
	b.t.Helper()
	if err := b.s.Validate(); err != nil {
		b.t.Fatalf("constructed state is invalid: %v", err)
	}
	return b.s
}

// mustApply applies actions in order, failing on a refusal.
func mustApply(t *testing.T, s State, actions ...Action) State {
	t.Helper()
	for _, a := range actions {
		var err error
		if s, err = Apply(s, a); err != nil {
			t.Fatalf("%v refused in phase %v: %v", a, s.Phase, err)
		}
	}
	return s
}

// hasCard reports whether seat holds c.
func hasCard(s *State, seat int, c Card) bool { return s.holds(seat, c) }

var (
	two   = Config{Players: 2, Rules: Standard}
	twoB  = Config{Players: 2, Rules: BSD}
	three = Config{Players: 3, Rules: Standard}
	four  = Config{Players: 4, Rules: Standard}
	six   = Config{Players: 6, Rules: Standard}
)
