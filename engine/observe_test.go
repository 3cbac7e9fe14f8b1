package engine

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// randomStates plays random games in every configuration and calls f on
// each state reached.
func randomStates(t testing.TB, perConfig int, f func(s *State)) {
	for _, cfg := range allConfigs {
		rng := rand.New(rand.NewPCG(99, uint64(cfg.Players)))
		s, err := New(cfg, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		var buf [MaxLegal]Action
		for i := 0; i < perConfig; i++ {
			f(&s)
			legal := s.Legal(buf[:0])
			if err := s.Step(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSampleAgreesWithObservation(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 500
	}
	rng := rand.New(rand.NewPCG(1, 2))
	randomStates(t, n, func(s *State) {
		for seat := 0; seat < s.Config.Players; seat++ {
			o := Observe(s, seat)
			if s.Unseen(seat) != o.Unseen() {
				t.Fatalf("seat %d: State.Unseen and Observation.Unseen differ", seat)
			}
			sample := Sample(&o, rng)
			if err := sample.Validate(); err != nil {
				t.Fatalf("sample invents or loses a card: %v", err)
			}
			if got := Observe(&sample, seat); got != o {
				t.Fatalf("seat %d: the sample's observation differs from the one it came from", seat)
			}
			if o.MyTurn() {
				var a, b [MaxLegal]Action
				la, lb := s.Legal(a[:0]), sample.Legal(b[:0])
				lo := o.Legal(make([]Action, 0, MaxLegal))
				if !equalActions(la, lb) || !equalActions(la, lo) {
					t.Fatalf("legal actions differ: state %v, sample %v, observation %v", la, lb, lo)
				}
				// Every action a player might try, legal or not, gets the
				// same answer from the observation as from the state.
				for _, c := range o.MyHand {
					for _, a := range []Action{Play(c), Discard(c), Attack(c, 0), Attack(c, 1), Attack(c, 2)} {
						if ws, wo := s.Check(a), o.Check(a); ws != wo {
							t.Fatalf("Check(%v): state says %v, observation %v", a, ws, wo)
						}
					}
				}
				for _, a := range []Action{DeclareCoupFourre, DeclineCoupFourre, Extend, StopTrip, Continue} {
					if ws, wo := s.Check(a), o.Check(a); ws != wo {
						t.Fatalf("Check(%v): state says %v, observation %v", a, ws, wo)
					}
				}
			} else if len(o.Legal(nil)) != 0 || o.Check(Continue) != ErrNotNow {
				t.Fatal("an observer offered actions out of turn")
			}
		}
	})
}

func equalActions(a, b []Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestObservationHidesOtherHands(t *testing.T) {
	// Two states that differ only in what a seat cannot see give it the
	// same observation, and its observation never names a card that only
	// another hand or the draw pile holds.
	rng := rand.New(rand.NewPCG(3, 4))
	randomStates(t, 300, func(s *State) {
		for seat := 0; seat < s.Config.Players; seat++ {
			o := Observe(s, seat)
			other := Sample(&o, rng)
			if Observe(&other, seat) != o {
				t.Fatal("hidden cards changed the observation")
			}
			for i, e := range o.Log {
				if e.Kind == EvDraw && int(e.Seat) != seat && e.Card != NoCard {
					t.Fatalf("log entry %d shows another seat's draw", i)
				}
				if e.Kind == EvDeclined && int(e.Seat) != seat {
					t.Fatal("log shows another seat's declined coup fourré")
				}
			}
		}
	})
}

func TestWatchShowsNoCard(t *testing.T) {
	// An onlooker sees the table as the seat it sits behind does, but no
	// card of any hand, no draw, no declined coup fourré and no decision.
	randomStates(t, 300, func(s *State) {
		for seat := 0; seat < s.Config.Players; seat++ {
			w, o := Watch(s, seat), Observe(s, seat)
			if !w.Onlooker || w.MyTurn() || len(w.Legal(nil)) != 0 {
				t.Fatal("an onlooker may act")
			}
			if w.MyHand != ([HandSlots]Card{}) || w.Threat != NoCard {
				t.Fatalf("an onlooker sees cards of seat %d's hand", seat)
			}
			if w.Tableaus != o.Tableaus || w.Discards != o.Discards || w.Totals != o.Totals || w.HandSizes != o.HandSizes {
				t.Fatal("an onlooker sees another table")
			}
			if s.Phase == PhaseCoupFourre && !w.Waiting {
				t.Fatal("an onlooker sees who may declare a coup fourré")
			}
			for _, e := range w.Log {
				if e.Kind == EvDraw && e.Card != NoCard || e.Kind == EvDeclined {
					t.Fatal("an onlooker's log shows a private event")
				}
			}
		}
	})
}

// TestDeterministic pins the deals and the play of a seeded game: a change
// here means saved games and recorded seeds would replay differently.
func TestDeterministic(t *testing.T) {
	hashGame := func(cfg Config) uint64 {
		s, _ := New(cfg, 2026)
		rng := rand.New(rand.NewPCG(5, 6))
		h := fnv.New64a()
		var buf [MaxLegal]Action
		for i := 0; i < 3000; i++ {
			legal := s.Legal(buf[:0])
			a := legal[rng.IntN(len(legal))]
			if err := s.Step(a); err != nil {
				t.Fatal(err)
			}
			h.Write([]byte{byte(a), byte(a >> 8), s.Turn, s.DrawLen, byte(s.Phase)})
			for _, c := range s.Hands[s.Turn] {
				h.Write([]byte{byte(c)})
			}
		}
		return h.Sum64()
	}
	want := map[int]uint64{2: 0x1e8f07fa00d75e7c, 3: 0xf5c5024f3004b239, 4: 0x31bcfb81f8df3284, 6: 0x472acdb69dbcf597}
	for _, cfg := range []Config{two, three, four, six} {
		got := hashGame(cfg)
		if again := hashGame(cfg); again != got {
			t.Fatalf("%d players: two runs differ", cfg.Players)
		}
		if got != want[cfg.Players] {
			t.Errorf("%d players: game hash %#x, want %#x", cfg.Players, got, want[cfg.Players])
		}
	}
}

// TestSampleAvoiding: a sample keeps the cards avoid names out of a seat's
// hand whenever enough other cards are unseen, still agrees with the
// observation, and deals exactly as Sample when there is nothing to avoid.
func TestSampleAvoiding(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	kept := 0
	randomStates(t, 300, func(s *State) {
		for seat := 0; seat < s.Config.Players; seat++ {
			o := Observe(s, seat)
			seed := rng.Uint64()
			a, b := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
			if Sample(&o, a) != SampleAvoiding(&o, b, &Avoid{}) {
				t.Fatal("nothing to avoid, yet the sample differs from Sample's")
			}
			// One other seat avoids a third of the cards (with several, the
			// first dealt may take the cards a later one could hold).
			var avoid Avoid
			other := (seat + 1 + rng.IntN(s.Config.Players-1)) % s.Config.Players
			for c := Card(1); c < NumCards; c++ {
				avoid[other][c] = rng.IntN(3) == 0
			}
			sample := SampleAvoiding(&o, rng, &avoid)
			if err := sample.Validate(); err != nil {
				t.Fatalf("sample invents or loses a card: %v", err)
			}
			if Observe(&sample, seat) != o {
				t.Fatal("the sample's observation differs from the one it came from")
			}
			unseen := o.Unseen()
			for p := range s.Config.Players {
				if p == seat || o.Waiting && sample.Phase == PhaseCoupFourre && int(sample.Turn) == p {
					continue
				}
				allowed := 0
				for c := Card(1); c < NumCards; c++ {
					if !avoid[p][c] {
						allowed += int(unseen[c])
					}
				}
				if allowed < int(o.HandSizes[p]) {
					continue
				}
				kept++
				for _, c := range sample.Hands[p] {
					if c != NoCard && avoid[p][c] {
						t.Fatalf("seat %d was dealt %v, which it should avoid", p, c)
					}
				}
			}
		}
	})
	if kept == 0 {
		t.Fatal("no hand was dealt under an avoid")
	}
}
