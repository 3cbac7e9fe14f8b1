package ai

import "github.com/millebornes/mille/engine"

// infer reads the other seats' last plays in the observation for what
// their hands cannot hold, so that the searches deal the unseen cards as
// the table tells rather than uniformly (engine.SampleAvoiding). It
// reports whether it found anything.
//
// A seat that discarded had, by the heuristic that models every opponent
// in the searches, nothing better to do: every other action scored zero
// or less, and a discard never scores more. So its hand, which is the
// hand it discarded from less the discard, holds no card that would have
// made a play scoring above zero: a seat stopped by a Stop that discards
// holds no Go and no Right of Way, a seat rolling that discards holds no
// distance that fits and no hazard it could play, ... Each card is judged
// on the table as it was when the seat discarded, held beside the
// discarded card. Only a seat's last action counts, and only when no card
// has been played since (draws and discards leave the table as it was);
// a seat whose discard the heuristic would not have made (it would have
// played the discarded card) is not read at all: it plays by other rules.
func infer(o *engine.Observation, avoid *engine.Avoid) bool {
	*avoid = engine.Avoid{}
	if o.Waiting || o.Phase != engine.PhasePlay {
		return false
	}
	found := false
	for p := range o.Config.Players {
		if p != o.Seat && inferSeat(o, p, &avoid[p]) {
			found = true
		}
	}
	return found
}

// inferSeat sets avoid to the cards seat p cannot hold, if its last action
// tells.
func inferSeat(o *engine.Observation, p int, avoid *[engine.NumCards]bool) bool {
	// Walk the log back to p's last action, through draws and discards of
	// the other seats only.
	var drew, discarded [engine.MaxSeats]int
	draws, discards := 0, 0
	card := engine.NoCard
	for i := int(o.EventCount) - 1; i >= 0 && i >= int(o.EventCount)-engine.LogSize && card == engine.NoCard; i-- {
		e := o.Log[i%engine.LogSize]
		switch {
		case e.Kind == engine.EvDraw && int(e.Seat) != p:
			drew[e.Seat]++
			draws++
		case e.Kind == engine.EvDiscard && int(e.Seat) == p:
			card = e.Card
		case e.Kind == engine.EvDiscard:
			discarded[e.Seat]++
			discards++
		default:
			return false
		}
	}
	pile := int(o.DiscardLen) - discards - 1
	if card == engine.NoCard || pile < 0 || o.Discards[pile] != card {
		return false
	}
	// The table when p discarded: p to play, its hand the discarded card
	// and the card judged, the piles as they were.
	s := engine.State{
		Config: o.Config, Phase: engine.PhasePlay, Turn: uint8(p), Trip: o.Trip,
		Extender: o.Extender, Finisher: o.Finisher, Tableaus: o.Tableaus,
		Discards: o.Discards, DiscardLen: uint8(pile), DrawLen: o.DrawLen + uint8(draws),
	}
	var sizes [engine.MaxSeats]uint8
	for q := range o.Config.Players {
		sizes[q] = uint8(int(o.HandSizes[q]) - drew[q] + discarded[q])
	}
	sizes[p]++
	unseen := o.Unseen()
	var v view
	var t tally
	var buf [engine.MaxLegal]engine.Action
	// positive reports whether p, holding the cards of its hand s, had a
	// play of card c (NoCard: of any card) scoring above zero.
	positive := func(c engine.Card) bool {
		t.reset(&s)
		viewOfState(&s, &v, &t)
		v.st, v.handSizes = nil, sizes
		for _, a := range s.Legal(buf[:0]) {
			if a.Kind() == engine.KindPlay && (c == engine.NoCard || a.Card() == c) {
				if sc, _ := v.score(a); sc > 0 {
					return true
				}
			}
		}
		return false
	}
	s.Hands[p][0] = card
	if positive(engine.NoCard) {
		return false // the heuristic would have played it: p plays otherwise
	}
	found := false
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if unseen[c] == 0 || c == card {
			continue
		}
		s.Hands[p][1] = c
		if positive(c) {
			avoid[c] = true
			found = true
		}
	}
	return found
}
