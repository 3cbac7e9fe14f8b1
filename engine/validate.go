package engine

import (
	"fmt"
	"strings"
)

// An Invalid is why a state is not one the engine could have reached: a
// Flaw and its arguments (numbers, and a Card for the flaws that name
// one), and for a tableau's flaw the Side it is on (from 1; 0 for none).
// lang says it in the reader's language; Error gives the English, for
// logs.
type Invalid struct {
	Why  Flaw
	Side int
	Args []any
}

// A Flaw is a kind of Invalid.
type Flaw uint8

// The flaws State.Validate finds, with their arguments.
const (
	BadPhase       Flaw = iota // the phase is none (its number)
	BadTurnSeat                // the turn or first player is no seat
	BadTrip                    // the trip is not possible (its miles)
	BadExtender                // an extension called on a trip not 1000
	BadSideNumber              // a side number is out of range
	BadPileSize                // a pile larger than the deck
	BadDrawCard                // the draw pile holds an invalid card (its number)
	BadDiscardCard             // the discard pile holds an invalid card (its number)
	BadPastDraw                // a card past the end of the draw pile
	BadPastDiscard             // a card past the end of the discard pile
	BadSeatCards               // a seat not playing holds cards (the seat)
	BadSeatCard                // a seat holds an invalid card (the seat, the card's number)
	BadSideCards               // a side not playing has cards (the side)
	BadCount                   // a card's count (the game's, the Card, the deck's)
	BadCoupFourre              // the coup fourré window does not match the table
	BadNoCard                  // the player to act holds no card
	BadExtension               // an extension decision that cannot arise
	BadMiles                   // distance cards add up to (the sum), not (the miles)
	BadPastTrip                // the miles are past the trip (the miles)
	BadTwo200s                 // more than two 200s
	BadCoups                   // coups fourrés or safeties inconsistent
	BadSafeties                // the safety area does not match its cards
	BadBattle                  // a Card that cannot lie on a battle pile
	BadSpeed                   // a Card that cannot lie on a speed pile
	BadTopCard                 // a pile shows a card it does not hold
	NumFlaws                   // the number of flaws
)

// flawTexts are the flaws' English formats, for Error.
var flawTexts = [NumFlaws]string{
	BadPhase: "unknown phase %d", BadTurnSeat: "turn or first player is not a seat",
	BadTrip: "trip %d is not possible", BadExtender: "extension called but the trip is not 1000",
	BadSideNumber: "a side number is out of range", BadPileSize: "a pile is larger than the deck",
	BadDrawCard: "the draw pile holds an invalid card %d", BadDiscardCard: "the discard pile holds an invalid card %d",
	BadPastDraw: "a card lies past the end of the draw pile", BadPastDiscard: "a card lies past the end of the discard pile",
	BadSeatCards: "seat %d holds cards but is not playing", BadSeatCard: "seat %d holds an invalid card %d",
	BadSideCards: "side %d has cards but is not playing", BadCount: "the game has %d %v cards, the deck %d",
	BadCoupFourre: "the coup fourré window does not match the table", BadNoCard: "the player to act holds no card",
	BadExtension: "an extension decision that cannot arise", BadMiles: "distance cards add up to %d, not %d",
	BadPastTrip: "%d miles is past the trip", BadTwo200s: "more than two 200s",
	BadCoups: "coups fourrés or safeties are inconsistent", BadSafeties: "the safety area does not match its cards",
	BadBattle: "%v cannot lie on a battle pile", BadSpeed: "%v cannot lie on a speed pile",
	BadTopCard: "a pile shows a card it does not hold",
}

// Error is the flaw in English.
func (e *Invalid) Error() string {
	if e.Why >= NumFlaws {
		return "engine: invalid state " + fmt.Sprint(e.Why)
	}
	var b strings.Builder
	if e.Side > 0 {
		fmt.Fprintf(&b, "side %d: ", e.Side)
	}
	fmt.Fprintf(&b, flawTexts[e.Why], e.Args...)
	return b.String()
}

func invalid(why Flaw, args ...any) *Invalid { return &Invalid{Why: why, Args: args} }

// Validate checks that s is a state the engine could have reached: a valid
// config, every card of the deck in exactly one place, piles and tableaus
// consistent with the rules, and a decision to make. Saves call it on load.
func (s *State) Validate() error {
	cfg := s.Config
	if err := cfg.Validate(); err != nil {
		return err
	}
	if s.Phase > PhaseGameOver {
		return invalid(BadPhase, int(s.Phase))
	}
	if int(s.Turn) >= cfg.Players || int(s.First) >= cfg.Players {
		return invalid(BadTurnSeat)
	}
	if s.Trip != uint16(cfg.BaseTrip()) && !(s.Trip == ExtendedTrip && cfg.HasExtension()) {
		return invalid(BadTrip, int(s.Trip))
	}
	if s.Extender >= 0 && s.Trip != ExtendedTrip {
		return invalid(BadExtender)
	}
	if int(s.Extender) >= cfg.Sides() || s.Extender < -1 || int(s.Finisher) >= cfg.Sides() || s.Finisher < -1 ||
		int(s.Winner) >= cfg.Sides() || s.Winner < -1 {
		return invalid(BadSideNumber)
	}
	if int(s.DrawLen) > MaxDeck || int(s.DiscardLen) > MaxDeck {
		return invalid(BadPileSize)
	}

	var count [NumCards]int
	tally := func(where Flaw, cards []Card) error {
		for _, c := range cards {
			if !c.Valid() {
				return invalid(where, int(c))
			}
			count[c]++
		}
		return nil
	}
	if err := tally(BadDrawCard, s.DrawPile[:s.DrawLen]); err != nil {
		return err
	}
	if err := tally(BadDiscardCard, s.Discards[:s.DiscardLen]); err != nil {
		return err
	}
	for _, c := range s.DrawPile[s.DrawLen:] {
		if c != NoCard {
			return invalid(BadPastDraw)
		}
	}
	for _, c := range s.Discards[s.DiscardLen:] {
		if c != NoCard {
			return invalid(BadPastDiscard)
		}
	}
	for p := 0; p < MaxSeats; p++ {
		for _, c := range s.Hands[p] {
			if c == NoCard {
				continue
			}
			if p >= cfg.Players {
				return invalid(BadSeatCards, p+1)
			}
			if !c.Valid() {
				return invalid(BadSeatCard, p+1, int(c))
			}
			count[c]++
		}
	}
	for side := 0; side < MaxSides; side++ {
		t := &s.Tableaus[side]
		if side >= cfg.Sides() {
			if *t != (Tableau{}) {
				return invalid(BadSideCards, side+1)
			}
			continue
		}
		if err := t.validate(s.Trip); err != nil {
			err.Side = side + 1
			return err
		}
		for c := Card(1); c < NumCards; c++ {
			count[c] += int(t.Cards[c])
		}
	}
	for c := Card(1); c < NumCards; c++ {
		if count[c] != cfg.DeckCount(c) {
			return invalid(BadCount, count[c], c, cfg.DeckCount(c))
		}
	}

	switch s.Phase {
	case PhaseCoupFourre:
		if !s.Threat.IsHazard() || int(s.ThreatSide) >= cfg.Sides() || int(s.Attacker) >= cfg.Players ||
			cfg.SideOf(int(s.Turn)) != int(s.ThreatSide) || !s.holds(int(s.Turn), SafetyFor(s.Threat)) {
			return invalid(BadCoupFourre)
		}
	case PhasePlay:
		if s.HandLen(int(s.Turn)) == 0 {
			return invalid(BadNoCard)
		}
	case PhaseExtension:
		if s.Extender >= 0 || int(s.Tableaus[cfg.SideOf(int(s.Turn))].Miles) != cfg.BaseTrip() {
			return invalid(BadExtension)
		}
	}
	return nil
}

func (t *Tableau) validate(trip uint16) *Invalid {
	miles := 0
	for _, c := range DistanceCards {
		miles += c.Miles() * int(t.Cards[c])
	}
	switch {
	case miles != int(t.Miles):
		return invalid(BadMiles, miles, int(t.Miles))
	case t.Miles > trip:
		return invalid(BadPastTrip, int(t.Miles))
	case t.Cards[Miles200] > 2:
		return invalid(BadTwo200s)
	case t.CoupsFourres&^t.Safeties != 0 || t.Safeties > 0xf:
		return invalid(BadCoups)
	}
	for _, sf := range AllSafeties {
		if t.Cards[sf] != 0 && !t.Has(sf) || t.Cards[sf] == 0 && t.Has(sf) || t.Cards[sf] > 1 {
			return invalid(BadSafeties)
		}
	}
	for _, c := range [...]Card{t.Battle, t.BattleUnder} {
		if c != NoCard && (c.Kind() != Hazard && c.Kind() != Remedy || c == SpeedLimit || c == EndOfLimit) {
			return invalid(BadBattle, c)
		}
	}
	for _, c := range [...]Card{t.Speed, t.SpeedUnder} {
		if c != NoCard && c != SpeedLimit && c != EndOfLimit {
			return invalid(BadSpeed, c)
		}
	}
	if t.Battle != NoCard && t.Cards[t.Battle] == 0 || t.Speed != NoCard && t.Cards[t.Speed] == 0 {
		return invalid(BadTopCard)
	}
	return nil
}
