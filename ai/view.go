package ai

import (
	"encoding/binary"

	"github.com/millebornes/mille/engine"
)

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
	// handSizes are the hand sizes per seat, for a view of an observation;
	// a view of a state counts them in st when asked (handSize), as few
	// decisions need them.
	handSizes [engine.MaxSeats]uint8
	st        *engine.State
	// holdsSafety says whether the hand holds a safety.
	holdsSafety bool
	// pol, when set, changes the heuristic's rules of thumb (the searching
	// players' own policy); nil is the plain heuristic.
	pol *Policy
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
	v.countHand()
	v.handSizes = o.HandSizes
	v.st = nil
}

// viewOfState builds the view of the seat to act in s without copying the
// state: only that seat's hand and the public table are read. t is the
// tally of the line of play that led to s.
func viewOfState(s *engine.State, v *view, t *tally) {
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
	t.unseen(s, seat, &v.unseen)
	v.countHand()
	v.st = s
}

// handSize is the number of cards in seat p's hand.
func (v *view) handSize(p int) int {
	if v.st != nil {
		return v.st.HandLen(p)
	}
	return int(v.handSizes[p])
}

// countHand counts the cards of the view's hand by card.
func (v *view) countHand() {
	v.held = [engine.NumCards]uint8{}
	for _, c := range v.hand {
		v.held[c]++
	}
	v.held[engine.NoCard] = 0
	v.holdsSafety = false
	for _, c := range engine.AllSafeties {
		if v.held[c] > 0 {
			v.holdsSafety = true
		}
	}
}

// tally counts the cards in the discard pile as one line of play goes on,
// reading only the discards added since it last looked: within a hand the
// pile only grows, and counting all of it again for every decision of a
// rollout took a sixth of the rollout's time.
type tally struct {
	deck     [engine.NumCards]uint8
	discards [engine.NumCards]uint8
	counted  uint8 // discards counted so far
}

// reset starts counting the discards of a new line of play in s.
func (t *tally) reset(s *engine.State) {
	for c := range engine.Card(engine.NumCards) {
		t.deck[c] = uint8(s.Config.DeckCount(c))
	}
	t.discards = [engine.NumCards]uint8{}
	t.counted = 0
}

// unseen sets n to State.Unseen(seat) for a state on the tally's line of
// play: the deck less the seat's hand, the discards and the tableaus. It
// writes in place: returning the counts copied them at every decision.
func (t *tally) unseen(s *engine.State, seat int, n *[engine.NumCards]uint8) {
	for ; t.counted < s.DiscardLen; t.counted++ {
		t.discards[s.Discards[t.counted]]++
	}
	*n = t.deck
	subCounts(n, &t.discards)
	for side := range s.Config.Sides() {
		subCounts(n, &s.Tableaus[side].Cards)
	}
	for _, c := range s.Hands[seat] {
		n[c]--
	}
	n[engine.NoCard] = 0
}

// subCounts takes the counts m from n, eight cards at a time. It needs
// m[c] <= n[c] for every card, so that no byte borrows from the next.
func subCounts(n, m *[engine.NumCards]uint8) {
	i := 0
	for ; i+8 <= len(n); i += 8 {
		binary.LittleEndian.PutUint64(n[i:], binary.LittleEndian.Uint64(n[i:])-binary.LittleEndian.Uint64(m[i:]))
	}
	for ; i < len(n); i++ {
		n[i] -= m[i]
	}
}

// safe reports whether side has laid the safety against hazard h.
func (v *view) safe(side int, h engine.Card) bool {
	return v.tabs[side].Has(engine.SafetyFor(h))
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
func (v *view) weights() *Policy {
	if v.pol != nil {
		return v.pol
	}
	return &plain
}
