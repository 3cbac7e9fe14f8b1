package ai

import "github.com/millebornes/mille/engine"

// view is what the heuristic decides from: one seat's knowledge of the
// table. It is built either from an Observation (a real decision) or from a
// sampled State (a rollout inside a search, where the state is already a
// guess and the acting seat may only use its own part of it).
type view struct {
	cfg      engine.Config
	seat     int
	side     int
	sides    int
	phase    engine.Phase
	trip     int
	drawLen  int
	extender int
	threat   engine.Card
	hand     [engine.HandSlots]engine.Card
	tabs     *[engine.MaxSides]engine.Tableau
	// unseen counts, by card, the cards this seat cannot see.
	unseen [engine.NumCards]uint8
	// held counts, by card, this seat's own hand.
	held [engine.NumCards]uint8
	// handSizes are the hand sizes per seat.
	handSizes [engine.MaxSeats]uint8
	// pol, when set, changes the heuristic's rules of thumb (the searching
	// players' own policy); nil is the plain heuristic.
	pol *policy
}

// viewOf builds the view of the observing seat.
func viewOf(o *engine.Observation, v *view) {
	v.cfg = o.Config
	v.seat = o.Seat
	v.side = o.Config.SideOf(o.Seat)
	v.sides = o.Config.Sides()
	v.phase = o.Phase
	v.trip = int(o.Trip)
	v.drawLen = int(o.DrawLen)
	v.extender = int(o.Extender)
	v.threat = o.Threat
	v.hand = o.MyHand
	v.tabs = &o.Tableaus
	v.unseen = o.Unseen()
	v.held = countHand(&v.hand)
	v.handSizes = o.HandSizes
}

// viewOfState builds the view of the seat to act in s without copying the
// state: only that seat's hand and the public table are read.
func viewOfState(s *engine.State, v *view) {
	seat := s.ToAct()
	v.cfg = s.Config
	v.seat = seat
	v.side = s.Config.SideOf(seat)
	v.sides = s.Config.Sides()
	v.phase = s.Phase
	v.trip = int(s.Trip)
	v.drawLen = int(s.DrawLen)
	v.extender = int(s.Extender)
	v.threat = s.Threat
	v.hand = s.Hands[seat]
	v.tabs = &s.Tableaus
	v.unseen = s.Unseen(seat)
	v.held = countHand(&v.hand)
	for p := 0; p < s.Config.Players; p++ {
		v.handSizes[p] = uint8(s.HandLen(p))
	}
}

// countHand counts the cards of a hand by card.
func countHand(hand *[engine.HandSlots]engine.Card) (n [engine.NumCards]uint8) {
	for _, c := range hand {
		n[c]++
	}
	n[engine.NoCard] = 0
	return n
}

// safetyHeld reports whether side has laid the safety against hazard h.
func (v *view) safe(side int, h engine.Card) bool {
	return v.tabs[side].Has(engine.SafetyFor(h))
}

// unseenHands is how many unseen cards sit in other players' hands.
func (v *view) unseenHands() int {
	n := 0
	for p := 0; p < v.cfg.Players; p++ {
		if p != v.seat {
			n += int(v.handSizes[p])
		}
	}
	return n
}

// maxTrip is the longest trip still possible for this hand.
func (v *view) maxTrip() int {
	if v.trip < engine.ExtendedTrip && v.cfg.HasExtension() && v.extender < 0 {
		return engine.ExtendedTrip
	}
	return v.trip
}

// weights returns the weights the view decides with: its policy, or the
// plain heuristic's.
func (v *view) weights() *policy {
	if v.pol != nil {
		return v.pol
	}
	return &plain
}
