package ai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/millebornes/mille/engine"
)

// The luck of the cards, measured apart from the search that judges the
// decisions (docs/review.md, "Skill and luck"). Once a hand is over every
// card is known, so the luck is measured with the whole state, as
// poker's AIVAT measures it: each chance event's luck is the expected
// result after it less the expected result over everything that could
// have come, both by playing the hand out with the heuristic in sampled
// deals. Over many hands it averages zero whoever plays, since the real
// cards came with the chances the samples give them.

// LuckDeals is how many sampled deals measure each chance event's luck
// in the review and the arena.
const LuckDeals = 200

// DrawLuck measures what the cards just drawn in s gave each side:
// drawn are the step's draws (its events of kind engine.EvDraw, Draws),
// one at the start of a turn, two after a coup fourré (the card that
// replaces the safety, then the turn's). It is the expected result of
// the hand (HandMargin) with those cards, less the expected result
// before the draws, when any cards of the draw pile could have come.
// Only the order of the pile is unknown here: each of deals samples
// shuffles it and is played out twice, as it is and with the drawn cards
// dealt again at random from the pile and themselves (each swapped with
// a card drawn at random, as a shuffle does), both the same way, so that
// only the cards differ. It returns the mean difference per side with
// its standard error, and depends only on s, drawn, deals and seed.
func DrawLuck(s *engine.State, drawn []engine.Event, deals int, seed uint64) (luck, se [engine.MaxSides]float64) {
	if len(drawn) == 0 {
		return luck, se
	}
	// Where each drawn card is now: the draw slot first, as the turn's
	// card goes there; a card drawn twice lies in two slots.
	type place struct{ seat, slot int }
	places := make([]place, 0, 2)
	for _, e := range drawn {
		p, at := int(e.Seat), -1
		for slot := range s.Hands[p] {
			if s.Hands[p][slot] != e.Card || slices.Contains(places, place{p, slot}) {
				continue
			}
			if at < 0 || slot == engine.DrawSlot {
				at = slot
			}
		}
		if at < 0 {
			return luck, se // played since: not a draw of this step
		}
		places = append(places, place{p, at})
	}
	rng := seedFor(seed, 0, 0)
	return paired(s, deals, rng, func(_, twin *engine.State) {
		// The drawn cards go back on the pile, past its end, and the last
		// len(places) cards of that longer pile are shuffled in: swapped
		// each with a card at random at or below it.
		n := int(twin.DrawLen)
		for k, p := range places {
			twin.DrawPile[n+k] = twin.Hands[p.seat][p.slot]
		}
		for k := len(places) - 1; k >= 0; k-- {
			i := n + k
			j := rng.IntN(i + 1)
			twin.DrawPile[i], twin.DrawPile[j] = twin.DrawPile[j], twin.DrawPile[i]
		}
		for k, p := range places {
			twin.Hands[p.seat][p.slot] = twin.DrawPile[n+k]
			twin.DrawPile[n+k] = engine.NoCard
		}
	})
}

// Draws appends to buf the cards drawn by the step that left s, whose
// events start at since (the EventCount before it), and returns it; a
// step that ends the hand draws none that count.
func Draws(s *engine.State, since uint32, buf []engine.Event) []engine.Event {
	if s.HandOver() {
		return buf
	}
	var events [engine.LogSize]engine.Event
	for _, e := range s.Events(since, events[:0]) {
		if e.Kind == engine.EvDraw {
			buf = append(buf, e)
		}
	}
	return buf
}

// PlayLuck adds up what every card drawn in a hand gave each side
// (DrawLuck, with deals sampled deals each): s is the hand's start, and
// history its actions, to its end or not. Played again, the same deal
// draws the same cards, whoever plays it: in duplicate play the deal's
// own luck cancels, and this is the luck that is left. It returns the
// luck per side, its standard error, and an error if history does not
// play from s.
func PlayLuck(s engine.State, history []engine.Action, deals int, seed uint64) (luck, se [engine.MaxSides]float64, err error) {
	var v [engine.MaxSides]float64
	var drawn []engine.Event
	for i, a := range history {
		since := s.EventCount
		if err := s.Step(a); err != nil {
			return luck, se, fmt.Errorf("action %d (%v): %v", i, a, err)
		}
		if drawn = Draws(&s, since, drawn[:0]); len(drawn) == 0 {
			continue
		}
		l, e := DrawLuck(&s, drawn, deals, seed+uint64(i)*0x9e3779b97f4a7c15)
		for side := range s.Sides() {
			luck[side] += l[side]
			v[side] += e[side] * e[side]
		}
	}
	for side := range v {
		se[side] = math.Sqrt(v[side])
	}
	return luck, se, nil
}

// HiddenLuck measures what the cards seat could not see in s (the other
// hands) gave each side: the expected result with those hands as they
// are, the draw pile shuffled, less the expected result over the deals
// seat could imagine (engine.Sample of its observation). Each expected
// result is the mean of deals heuristic play-outs, and expected is the
// second, with expectedSE its standard error: what seat could expect
// then of heuristic play at every seat. It depends only on s, seat,
// deals and seed.
func HiddenLuck(s *engine.State, seat, deals int, seed uint64) (luck, se, expected, expectedSE [engine.MaxSides]float64) {
	rng := seedFor(seed, 1, 0)
	obs := engine.Observe(s, seat)
	var a, b [engine.MaxSides]float64
	var sumA, sqA, sumB, sqB [engine.MaxSides]float64
	for range deals {
		det := *s
		shuffle(&det, rng)
		playOut(&det, &a)
		imagined := engine.Sample(&obs, rng)
		playOut(&imagined, &b)
		for side := range s.Sides() {
			sumA[side] += a[side]
			sqA[side] += a[side] * a[side]
			sumB[side] += b[side]
			sqB[side] += b[side] * b[side]
		}
	}
	ma, sa := meanSE(s.Sides(), deals, &sumA, &sqA)
	expected, expectedSE = meanSE(s.Sides(), deals, &sumB, &sqB)
	for side := range s.Sides() {
		luck[side] = ma[side] - expected[side]
		se[side] = math.Hypot(sa[side], expectedSE[side])
	}
	return luck, se, expected, expectedSE
}

// MoveSkill measures what action a, taken by the seat to act in s, did
// to each side's expected result against the heuristic's move in its
// place, in the deal as it is (every hand as it is, the draw pile
// shuffled): each of deals samples is played out twice with the
// heuristic, after a and from s (the heuristic choosing there too), so
// that only the move differs. The other hands are taken as they are, not
// as their maker could imagine them: dealing them at random (as
// engine.Sample does) would ignore what the other players' moves told,
// and what the move lost or won would lean with it. It returns the mean
// difference per side with its standard error, zero with no play-out
// when a is the heuristic's move, and depends only on s, a, deals and
// seed.
func MoveSkill(s *engine.State, a engine.Action, deals int, seed uint64) (skill, se [engine.MaxSides]float64) {
	if a == heuristicMove(s) {
		return skill, se
	}
	return paired(s, deals, seedFor(seed, 2, 0), func(det, _ *engine.State) { det.StepLegal(a) })
}

// paired measures what one difference makes to the hand's result: each
// of deals samples shuffles the draw pile of s, change makes the sample
// differ from its twin (the sample as it was) as the measure asks, and
// both are played out with the heuristic. It returns the mean difference
// per side (the sample's less the twin's) and its standard error.
func paired(s *engine.State, deals int, rng *rand.Rand, change func(det, twin *engine.State)) (mean, se [engine.MaxSides]float64) {
	var a, b, sum, sq [engine.MaxSides]float64
	for range deals {
		det := *s
		shuffle(&det, rng)
		twin := det
		change(&det, &twin)
		playOut(&det, &a)
		playOut(&twin, &b)
		for side := range s.Sides() {
			d := a[side] - b[side]
			sum[side] += d
			sq[side] += d * d
		}
	}
	return meanSE(s.Sides(), deals, &sum, &sq)
}

// heuristicMove is the heuristic's move in s, for the seat to act: the
// move the play-outs make there.
func heuristicMove(s *engine.State) engine.Action {
	var buf [engine.MaxLegal]engine.Action
	legal := s.Legal(buf[:0])
	if len(legal) == 1 {
		return legal[0]
	}
	var v view
	var t tally
	t.reset(s)
	viewOfState(s, &v, &t)
	a, _ := v.best(legal)
	return a
}

// shuffle puts the draw pile of s in a random order.
func shuffle(s *engine.State, rng *rand.Rand) {
	for i := int(s.DrawLen) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		s.DrawPile[i], s.DrawPile[j] = s.DrawPile[j], s.DrawPile[i]
	}
}

// playOut plays s to the end of the hand with the heuristic and sets
// margin to every side's HandMargin.
func playOut(s *engine.State, margin *[engine.MaxSides]float64) {
	rollout(s, nil, 0, nil, 0)
	for side := range s.Sides() {
		margin[side] = float64(HandMargin(s, side))
	}
}

// meanSE is the mean and its standard error per side of n values whose
// sums and sums of squares are given.
func meanSE(sides, n int, sum, sq *[engine.MaxSides]float64) (mean, se [engine.MaxSides]float64) {
	for side := range sides {
		m := sum[side] / float64(n)
		mean[side] = m
		if n > 1 {
			se[side] = math.Sqrt(max(0, sq[side]/float64(n)-m*m) / float64(n-1))
		}
	}
	return mean, se
}
