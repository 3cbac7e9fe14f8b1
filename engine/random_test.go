package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
)

// allConfigs lists every playable configuration.
var allConfigs = Configs()

// checkInvariants fails t if s breaks anything that must always hold.
func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	if err := s.Validate(); err != nil {
		t.Fatalf("invalid state: %v", err)
	}
	var buf [MaxLegal]Action
	if len(s.Legal(buf[:0])) == 0 {
		t.Fatalf("no legal action in phase %v", s.Phase)
	}
	if s.DrawLen > 0 {
		for p := 0; p < s.Config.Players; p++ {
			want := HandSize
			if s.Phase == PhasePlay && p == int(s.Turn) {
				want = HandSize + 1
			}
			if s.Phase < PhaseHandOver && s.HandLen(p) != want {
				t.Fatalf("seat %d holds %d cards in phase %v, want %d", p, s.HandLen(p), s.Phase, want)
			}
		}
	}
	for side := 0; side < s.Sides(); side++ {
		live := s.LiveScore(side)
		if s.HandOver() && live != s.HandScores[side] {
			t.Fatalf("side %d: stored score %+v, recount %+v", side, s.HandScores[side], live)
		}
		// Every seat scores the table alike (all seats at hand ends, the
		// seat to act otherwise, to keep the test quick).
		for seat := 0; seat < s.Config.Players; seat++ {
			if !s.HandOver() && seat != s.ToAct() {
				continue
			}
			if o := Observe(s, seat); o.LiveScore(side) != live {
				t.Fatalf("seat %d sees side %d's score as %+v, not %+v", seat, side, o.LiveScore(side), live)
			}
		}
	}
}

// allActions lists every encodable action, for probing refusals.
func allActions() []Action {
	var out []Action
	for k := KindPlay; k <= KindContinue; k++ {
		for c := Card(0); c < NumCards; c++ {
			for tgt := 0; tgt < 4; tgt++ {
				out = append(out, makeAction(k, c, tgt))
			}
		}
	}
	return out
}

// playRandomHand plays one hand from s with uniformly random legal actions,
// checking invariants after every action and probing illegal actions.
func playRandomHand(t *testing.T, s State, rng *rand.Rand, probe []Action) State {
	t.Helper()
	var buf [MaxLegal]Action
	for steps := 0; !s.HandOver(); steps++ {
		if steps > 1000 {
			t.Fatal("hand does not end")
		}
		legal := s.Legal(buf[:0])
		// Every legal action applies; a sample of others is refused unchanged.
		for i := 0; i < 3; i++ {
			a := probe[rng.IntN(len(probe))]
			isLegal := false
			for _, l := range legal {
				isLegal = isLegal || l == a
			}
			next, err := Apply(s, a)
			if isLegal != (err == nil) {
				t.Fatalf("%v: legal=%v but Apply error %v", a, isLegal, err)
			}
			if err != nil && next != s {
				t.Fatalf("refused %v changed the state", a)
			}
		}
		a := legal[rng.IntN(len(legal))]
		next, err := Apply(s, a)
		if err != nil {
			t.Fatalf("legal action %v refused: %v", a, err)
		}
		if direct := s; func() bool { direct.StepLegal(a); return direct != next }() {
			t.Fatalf("StepLegal(%v) differs from Apply", a) // the searches' unchecked step
		}
		s = next
		checkInvariants(t, &s)
	}
	return s
}

func TestRandomPlayInvariants(t *testing.T) {
	hands := testkit.Size(200, 500, 10000) // per configuration
	probe := allActions()
	for _, cfg := range allConfigs {
		t.Run(cfg.Rules.String()+"-"+itoa(cfg.Players), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(cfg.Players), uint64(cfg.Rules)))
			s, err := New(cfg, 1)
			if err != nil {
				t.Fatal(err)
			}
			for h := 0; h < hands; h++ {
				s = playRandomHand(t, s, rng, probe)
				if s, err = Apply(s, Continue); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// slowLegal is Legal as it was first written, asking checkHeld of every
// card: the reference the fast masks of playable are held to.
func slowLegal(s *State, buf []Action) []Action {
	if s.Phase != PhasePlay {
		return s.Legal(buf)
	}
	seat := int(s.Turn)
	var seen [NumCards]bool
	for _, c := range s.Hands[seat] {
		if c == NoCard || seen[c] {
			continue
		}
		seen[c] = true
		buf = s.appendPlays(seat, c, buf)
		if s.mayDiscard(c) {
			buf = append(buf, Discard(c))
		}
	}
	return buf
}

// walkHands plays hands random hands of every configuration from seed,
// every action drawn from Legal with rng seeded by the configuration and
// stream, and shows each state before an action to visit with its Legal.
func walkHands(t *testing.T, seed, stream uint64, hands int, visit func(cfg Config, s *State, legal []Action)) {
	t.Helper()
	for _, cfg := range allConfigs {
		rng := rand.New(rand.NewPCG(uint64(cfg.Players)+stream, uint64(cfg.Rules)))
		s, err := New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		var buf [MaxLegal]Action
		for h := 0; h < hands; h++ {
			for !s.HandOver() {
				legal := s.Legal(buf[:0])
				visit(cfg, &s, legal)
				s.StepLegal(legal[rng.IntN(len(legal))])
			}
			s.StepLegal(Continue)
		}
	}
}

// TestLegalMatchesCheck holds Legal's masks to checkHeld, action for
// action and in order, over random hands of every configuration; and
// Legal into a buffer without room for MaxLegal, which it grows, to Legal
// into one with room.
func TestLegalMatchesCheck(t *testing.T) {
	var slow [MaxLegal]Action
	walkHands(t, 9, 7, testkit.Size(30, 100, 2000), func(cfg Config, s *State, legal []Action) {
		if want := slowLegal(s, slow[:0]); !slices.Equal(legal, want) {
			t.Fatalf("%v: Legal %v, checkHeld %v", cfg, legal, want)
		}
		if got := s.Legal([]Action{Continue}); !slices.Equal(got[1:], legal) || got[0] != Continue {
			t.Fatalf("%v: Legal after an action, no room: %v, want it and %v", cfg, got, legal)
		}
	})
}

// TestCardSets holds playable's constant card sets to the cards' kinds.
func TestCardSets(t *testing.T) {
	var hazards, remedies, safeties, distance cardMask
	for c := Card(1); c < NumCards; c++ {
		switch c.Kind() {
		case Hazard:
			hazards |= 1 << c
		case Remedy:
			remedies |= 1 << c
		case Safety:
			safeties |= 1 << c
		case Distance:
			distance |= 1 << c
		}
	}
	for _, set := range []struct {
		name      string
		got, want legalWord
	}{
		{"hazards", hazards3, lane0(hazards)},
		{"battle", battle3, lane0(hazards &^ (1 << SpeedLimit))},
		{"remedies", remedies3, lane0(remedies)},
		{"safeties", safeties3, lane0(safeties)},
		{"distance", distance3, lane0(distance)},
		{"non-hazards", nonHazards3, lane0(remedies | safeties | distance)},
	} {
		if set.got != set.want {
			t.Errorf("%s: %#x, want %#x", set.name, set.got, set.want)
		}
	}
}

// TestHoldsMatchesSearch holds holds, which tests the slots as bits, and
// firstSlot, which tests them all with conditional moves, to a search of
// the hand, for every seat and card (NoCard included) over random hands of
// every configuration.
func TestHoldsMatchesSearch(t *testing.T) {
	walkHands(t, 13, 11, testkit.Size(10, 30, 500), func(cfg Config, s *State, _ []Action) {
		for seat := range cfg.Players {
			for c := range NumCards {
				if got, want := s.holds(seat, c), slices.Contains(s.Hands[seat][:], c); got != want {
					t.Fatalf("%v: seat %d holds %v: %v, the search says %v", cfg, seat, c, got, want)
				}
				want := slices.Index(s.Hands[seat][:], c)
				if want < 0 {
					want = HandSlots
				}
				if got := firstSlot(&s.Hands[seat], c); got != want {
					t.Fatalf("%v: seat %d's first slot of %v: %v, the search says %v", cfg, seat, c, got, want)
				}
			}
		}
	})
}
