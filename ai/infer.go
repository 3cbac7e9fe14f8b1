package ai

import "github.com/millebornes/mille/engine"

// infer reads the other seats' last actions in the observation for what
// their hands cannot hold, so that the searches deal the unseen cards as
// the table tells rather than uniformly (engine.SampleAvoiding). It
// reports whether it found anything.
//
// The heuristic, which models every opponent in the searches, plays the
// action it scores highest, and a discard only when no play scores above
// zero. So a seat's hand (the one it acted from, less the card it played
// or discarded) holds no card whose play would have scored more than what
// the seat did: one stopped by a Stop that discards holds no Go and no
// Right of Way, one that drove a 25 with room for a 100 holds no 100, ...
// Each card is judged on the table as it was when the seat acted, held
// beside the card the seat played (inferSeat). Only a seat's last action
// counts, and only when nothing but draws and other seats' discards came
// since (so that the table can be put back as the seat saw it, and the
// seat has drawn nothing since); a seat whose action the heuristic would
// not have taken is not read at all: it plays by other rules.
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
//
// A discard says the seat had no play scoring above zero. A play (a
// distance, a remedy, a Go, an attack; not a safety, which changes the
// table too much to undo) says the seat held no card whose play would
// have scored more than the one it made: one who played a 25 holds no 100
// that fitted, one who played distance while it could attack the leader
// holds no hazard the heuristic would have played first. Since the other
// seats may be searching players whose own policy is the tuned one, a
// card is ruled out only when both the plain heuristic and the tuned
// policy would have preferred it.
func inferSeat(o *engine.Observation, p int, avoid *[engine.NumCards]bool) bool {
	// Walk the log back to p's last action, through draws and discards of
	// the other seats only.
	var drew, discarded [engine.MaxSeats]int
	draws, discards := 0, 0
	var last engine.Event
	for i := int(o.EventCount) - 1; i >= 0 && i >= int(o.EventCount)-engine.LogSize && last.Kind == engine.EvNone; i-- {
		e := o.Log[i%engine.LogSize]
		switch {
		case e.Kind == engine.EvDraw && int(e.Seat) != p:
			drew[e.Seat]++
			draws++
		case (e.Kind == engine.EvDiscard || e.Kind == engine.EvPlay || e.Kind == engine.EvAttack) && int(e.Seat) == p:
			last = e
		case e.Kind == engine.EvDiscard:
			discarded[e.Seat]++
			discards++
		default:
			return false
		}
	}
	card := last.Card
	pile := int(o.DiscardLen) - discards
	if last.Kind == engine.EvDiscard {
		pile--
		if pile < 0 || o.Discards[pile] != card {
			return false
		}
	}
	if last.Kind == engine.EvNone || pile < 0 {
		return false
	}
	// The table when p played: p to play, its hand the card it played and
	// the card judged, the piles as they were.
	s := engine.State{
		Config: o.Config, Phase: engine.PhasePlay, Turn: uint8(p), Trip: o.Trip,
		Extender: o.Extender, Finisher: o.Finisher, Tableaus: o.Tableaus,
		Discards: o.Discards, DiscardLen: uint8(pile), DrawLen: o.DrawLen + uint8(draws),
	}
	if !undoPlay(&s.Tableaus, o.Config.SideOf(p), last) {
		return false
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
	// best is the highest score, under policy pol, of a play of card c
	// (NoCard: of any card) by p holding the cards of its hand in s, and
	// the score of the play p made (for a discard, 0).
	best := func(c engine.Card, pol *Policy) (top, made float64) {
		t.reset(&s)
		viewOfState(&s, &v, &t)
		v.st, v.handSizes, v.pol = nil, sizes, pol
		top = -1e18
		for _, a := range s.Legal(buf[:0]) {
			if a.Kind() != engine.KindPlay {
				continue
			}
			if last.Kind != engine.EvDiscard && a.Card() == card && (last.Kind != engine.EvAttack || a.Target() == int(last.Target)) {
				made = bestCase(&v, a, sizes[p])
				top = max(top, made)
				continue
			}
			if sc, _ := v.score(a); (c == engine.NoCard || a.Card() == c) && sc > top {
				top = sc
			}
		}
		return top, made
	}
	s.Hands[p][0] = card
	for _, pol := range [...]*Policy{nil, &tuned} {
		top, made := best(engine.NoCard, pol)
		if last.Kind == engine.EvDiscard && top > 0 || last.Kind != engine.EvDiscard && (made <= 0 || top > made) {
			return false // the heuristic would not have done it: p plays otherwise
		}
	}
	found := false
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if unseen[c] == 0 || c == card || last.Kind != engine.EvDiscard && (c.IsSafety() || c == engine.EndOfLimit) {
			continue
		}
		s.Hands[p][1] = c
		out := true
		for _, pol := range [...]*Policy{nil, &tuned} {
			if top, made := best(c, pol); top <= made {
				out = false
				break
			}
		}
		if out {
			avoid[c] = true
			found = true
		}
	}
	return found
}

// bestCase is the score of the play a that p made as p may have seen it
// at best: the view built from the table and two cards of p's hand
// counts p's other cards as unseen, and an attack scores more when p
// holds the remedies of its target (they are scarcer) or the safety (no
// coup fourré to fear), and End of Limit when p holds big distance. It takes p to hold as many of them as the size of
// its hand, size, allows, so that a card is ruled out only if its play
// beats the play made however p's other cards stood. (The plays judged
// against it score at worst as seen, for the same reason.)
func bestCase(v *view, a engine.Action, size uint8) float64 {
	h := a.Card()
	if h == engine.EndOfLimit {
		// Worth more with big distance in hand to play after it.
		w := v.weights()
		return max(w.EndLimit, w.EndLimitBig)
	}
	if !h.IsHazard() {
		sc, _ := v.score(a)
		return sc
	}
	others := uint8(max(0, int(size)-2))
	saved := v.unseen
	r, sf := engine.RemedyFor(h), engine.SafetyFor(h)
	v.unseen[r] -= min(v.unseen[r], others)
	if others > 0 {
		v.unseen[sf] = 0
	}
	sc, _ := v.score(a)
	v.unseen = saved
	return sc
}

// undoPlay takes p's play e (of a seat of side) back off the tableaus:
// the card under a pile's top is unknown then, and left empty. A discard
// changes no tableau.
func undoPlay(tabs *[engine.MaxSides]engine.Tableau, side int, e engine.Event) bool {
	c := e.Card
	switch e.Kind {
	case engine.EvDiscard:
		return true
	case engine.EvAttack:
		side = int(e.Target)
	}
	t := &tabs[side]
	if t.Cards[c] == 0 {
		return false
	}
	t.Cards[c]--
	switch {
	case c.IsDistance():
		t.Miles -= uint16(c.Miles())
	case c == engine.SpeedLimit || c == engine.EndOfLimit:
		if t.Speed != c {
			return false
		}
		t.Speed, t.SpeedUnder = t.SpeedUnder, engine.NoCard
	default:
		if t.Battle != c {
			return false
		}
		t.Battle, t.BattleUnder = t.BattleUnder, engine.NoCard
	}
	return true
}
