package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// heuristicHands plays hands 1 to seeds of the default game, seat 1 by
// pol (the heuristic when nil) and the others by the heuristic, and tells
// moved of each move: its hand's seed, the state before it (a copy) and
// its legal moves, the move, and the state after it. It stops at the
// first move of which moved says true, and reports whether one did.
func heuristicHands(t *testing.T, seeds uint64, pol *Policy, moved func(seed uint64, before *engine.State, legal []engine.Action, a engine.Action, after *engine.State) bool) bool {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	for seed := uint64(1); seed <= seeds; seed++ {
		s, err := engine.New(engine.DefaultConfig, seed)
		if err != nil {
			t.Fatal(err)
		}
		var v view
		var tal tally
		tal.reset(&s)
		for !s.HandOver() {
			legal := s.Legal(buf[:0])
			viewOfState(&s, &v, &tal)
			v.pol = nil
			if s.ToAct() == 1 {
				v.pol = pol
			}
			a, _ := v.best(legal)
			before := s
			s.StepLegal(a)
			if moved(seed, &before, legal, a, &s) {
				return true
			}
		}
	}
	return false
}

// waitingForGo plays 2-player hands with the heuristic until seat 1 has
// just discarded while its side waited for a Go (no hazard, not rolling),
// and seat 0 is to play: the heuristic discards then only without a Go
// or Right of Way in hand.
func waitingForGo(t *testing.T) engine.State {
	t.Helper()
	var found engine.State
	if !heuristicHands(t, 199, nil, func(_ uint64, before *engine.State, _ []engine.Action, a engine.Action, after *engine.State) bool {
		t1 := before.Tableaus[1]
		waiting := before.ToAct() == 1 && before.Phase == engine.PhasePlay && !t1.Rolling() && !t1.Battle.IsHazard() && !t1.Has(engine.RightOfWay)
		if waiting && a.Kind() == engine.KindDiscard && after.ToAct() == 0 && after.Phase == engine.PhasePlay {
			found = *after
			return true
		}
		return false
	}) {
		t.Fatal("no hand had seat 1 discard while waiting for a Go")
	}
	return found
}

// TestInferReadsADiscard: a seat that discarded while it needed a Go holds
// neither a Go nor Right of Way, and the searches' deals say so, where
// uniform deals give it a Go in a good share of them.
func TestInferReadsADiscard(t *testing.T) {
	s := waitingForGo(t)
	obs := engine.Observe(&s, 0)
	var avoid engine.Avoid
	if !infer(&obs, &avoid) {
		t.Fatal("infer read nothing from the discard")
	}
	for _, c := range []engine.Card{engine.Go, engine.RightOfWay} {
		if !avoid[1][c] {
			t.Errorf("a seat that discarded while waiting for a Go may still hold %v", c)
		}
		if s.Hands[1][0] == c || s.Hands[1][1] == c {
			t.Fatalf("the planted hand holds %v", c)
		}
	}
	for c := range engine.Card(engine.NumCards) {
		if avoid[0][c] {
			t.Fatalf("infer read the observer's own hand (%v)", c)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	uniform, inferred := 0, 0
	const deals = 400
	for range deals {
		u, d := engine.Sample(&obs, rng), engine.SampleAvoiding(&obs, rng, &avoid)
		for k := range engine.HandSlots {
			if u.Hands[1][k] == engine.Go {
				uniform++
			}
			if d.Hands[1][k] == engine.Go {
				inferred++
			}
		}
	}
	if inferred != 0 || uniform < deals/10 {
		t.Errorf("Go dealt to seat 1 %d times in %d inferred deals, %d in uniform ones", inferred, deals, uniform)
	}
}

// TestInferIgnoresOtherPlayers: a discard the heuristic would not have
// made (a Go while waiting for one) tells nothing of the hand, and the
// observer's deals stay uniform.
func TestInferIgnoresOtherPlayers(t *testing.T) {
	s := waitingForGo(t)
	// Rewrite seat 1's discard into a Go, as a person might play it.
	last := (s.EventCount - 2) % engine.LogSize
	if e := s.Log[last]; e.Kind != engine.EvDiscard || int(e.Seat) != 1 {
		t.Fatalf("event before the draw is %+v, not seat 1's discard", e)
	}
	old := s.Log[last].Card
	s.Log[last].Card = engine.Go
	s.Discards[s.DiscardLen-1] = engine.Go
	// Keep the deck whole: the Go came from somewhere, the old card goes back.
	moved := false
	for p := 1; p < s.Config.Players && !moved; p++ {
		for k, c := range s.Hands[p] {
			if c == engine.Go {
				s.Hands[p][k], moved = old, true
				break
			}
		}
	}
	for k := 0; k < int(s.DrawLen) && !moved; k++ {
		if s.DrawPile[k] == engine.Go {
			s.DrawPile[k], moved = old, true
		}
	}
	if !moved {
		t.Skip("no Go left to move")
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	obs := engine.Observe(&s, 0)
	var avoid engine.Avoid
	if infer(&obs, &avoid) {
		t.Errorf("infer read a discarded Go the heuristic would have played: %v", avoid[1])
	}
}

// TestInferHoldsAgainstTheHeuristic: against the heuristic, which is what
// infer assumes the other seats play, and against the tuned policy, which
// hard and expert play for their own side, what it reads is never wrong
// (the real hand holds none of the cards avoided) and it reads something
// in a good share of decisions. (Over 300 hands against the heuristic: 68%
// of seat 0's decisions, 3.9 kinds of card kept out of the other hand,
// never wrongly: docs/ai.md.)
func TestInferHoldsAgainstTheHeuristic(t *testing.T) {
	for _, pol := range []*Policy{nil, &tuned} {
		decisions, read, plays := 0, 0, 0
		seatZeroDecisions(t, pol, func(seed uint64, s *engine.State, obs *engine.Observation) {
			decisions++
			var avoid engine.Avoid
			if infer(obs, &avoid) {
				read++
				if lastOf(obs, 1).Kind != engine.EvDiscard {
					plays++
				}
				for _, c := range s.Hands[1] {
					if avoid[1][c] {
						t.Fatalf("policy %v, hand %d: seat 1 holds %v, which infer says it cannot (its last action %v)", pol != nil, seed, c, lastOf(obs, 1))
					}
				}
			}
		})
		if read < decisions/2 || plays < read/4 {
			t.Errorf("policy %v: infer read something in %d of %d decisions, %d of them from a play", pol != nil, read, decisions, plays)
		}
	}
}

// seatZeroDecisions plays hands 1 to 300 of the default game, seat 1 by
// pol (the heuristic when nil) and the others by the heuristic, and calls
// decide at each of seat 0's decisions with a choice, before it is made.
func seatZeroDecisions(t *testing.T, pol *Policy, decide func(seed uint64, s *engine.State, obs *engine.Observation)) {
	t.Helper()
	heuristicHands(t, 300, pol, func(seed uint64, before *engine.State, legal []engine.Action, _ engine.Action, _ *engine.State) bool {
		if before.ToAct() == 0 && len(legal) > 1 {
			obs := engine.Observe(before, 0)
			decide(seed, before, &obs)
		}
		return false
	})
}

// lastOf is seat p's last event in o's log other than a draw.
func lastOf(o *engine.Observation, p int) engine.Event {
	for i := int(o.EventCount) - 1; i >= 0 && i >= int(o.EventCount)-engine.LogSize; i-- {
		if e := o.Log[i%engine.LogSize]; int(e.Seat) == p && e.Kind != engine.EvDraw {
			return e
		}
	}
	return engine.Event{}
}

// TestInferReadsAPlay: a seat that drove a 25 while a 100 fitted, not
// under a Speed Limit, holds no 100: the heuristic plays the longest
// distance.
func TestInferReadsAPlay(t *testing.T) {
	if !heuristicHands(t, 299, nil, func(seed uint64, before *engine.State, _ []engine.Action, a engine.Action, after *engine.State) bool {
		t1 := before.Tableaus[1]
		room := int(before.Trip)-int(t1.Miles) >= 125 && !t1.Limited()
		if before.ToAct() != 1 || !room || a != engine.Play(engine.Miles25) || after.ToAct() != 0 || after.Phase != engine.PhasePlay {
			return false
		}
		obs := engine.Observe(after, 0)
		if obs.Unseen()[engine.Miles100] == 0 {
			return false
		}
		var avoid engine.Avoid
		if !infer(&obs, &avoid) || !avoid[1][engine.Miles100] {
			t.Fatalf("hand %d: seat 1 drove a 25 with room for a 100, and infer still deals it a 100", seed)
		}
		return true
	}) {
		t.Fatal("no hand had seat 1 drive a 25 with room for a 100")
	}
}

// TestInferOption: "+infer" turns the inference on for a searching player
// or level and names it so; the levels themselves deal uniformly, and a
// player that does not search refuses it.
func TestInferOption(t *testing.T) {
	for _, tc := range []struct {
		name  string
		infer bool
	}{{"hard", false}, {"hard+infer", true}, {"expert+infer", true}, {"ismcts:500+infer", true}, {"medium", false}, {"medium+infer", true}, {"montecarlo:300+infer", true}} {
		p, err := New(tc.name, 1)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.Name() != tc.name && tc.infer {
			t.Errorf("%s is named %q", tc.name, p.Name())
		}
		got := false
		switch q := p.(type) {
		case *ISMCTS:
			got = q.infer
		case *MonteCarlo:
			got = q.infer
		case *named:
			got = q.Player.(*MonteCarlo).infer
		}
		if got != tc.infer {
			t.Errorf("%s: infer %v, want %v", tc.name, got, tc.infer)
		}
	}
	for _, name := range []string{"easy+infer", "heuristic+infer", "random+infer", "hard+infer+infer", "nobody+infer"} {
		if _, err := New(name, 1); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestInferSharpensDeals measures, with MILLE_LONG_TESTS set, how much
// closer to the real hand the inferred deals come than uniform ones: the
// squared error of the expected count of each card in the other seat's
// hand, over seat 0's decisions in 300 hands, against the heuristic and
// against the tuned policy (docs/ai.md, "Reading hands from the last
// play").
func TestInferSharpensDeals(t *testing.T) {
	if testkit.Size(0, 0, 1) == 0 {
		t.Skip("a measurement: set " + testkit.LongEnv)
	}
	for _, pol := range []*Policy{nil, &tuned} {
		decisions, read, kinds := 0, 0, 0
		var errU, errI float64
		rng := rand.New(rand.NewPCG(5, 6))
		seatZeroDecisions(t, pol, func(_ uint64, s *engine.State, obs *engine.Observation) {
			if s.Phase != engine.PhasePlay {
				return
			}
			decisions++
			var avoid engine.Avoid
			if infer(obs, &avoid) {
				read++
				for _, out := range avoid[1] {
					if out {
						kinds++
					}
				}
			}
			var truth, eu, ei [engine.NumCards]float64
			for _, c := range s.Hands[1] {
				truth[c]++
			}
			const samples = 60
			for range samples {
				u, d := engine.Sample(obs, rng), engine.SampleAvoiding(obs, rng, &avoid)
				for k := range engine.HandSlots {
					eu[u.Hands[1][k]] += 1.0 / samples
					ei[d.Hands[1][k]] += 1.0 / samples
				}
			}
			for c := engine.Card(1); c < engine.NumCards; c++ {
				errU += (eu[c] - truth[c]) * (eu[c] - truth[c])
				errI += (ei[c] - truth[c]) * (ei[c] - truth[c])
			}
		})
		d := float64(decisions)
		t.Logf("seat 1 plays the tuned policy: %v; %d decisions, read at %.1f%% (%.1f kinds of card a read); squared error uniform %.3f, inferred %.3f",
			pol != nil, decisions, 100*float64(read)/d, float64(kinds)/float64(max(read, 1)), errU/d, errI/d)
		if errI >= errU {
			t.Errorf("the inferred deals are no closer to the real hand (%.3f) than uniform ones (%.3f)", errI/d, errU/d)
		}
	}
}
