package engine

import (
	"errors"
	"fmt"
)

// Validate checks that s is a state the engine could have reached: a valid
// config, every card of the deck in exactly one place, piles and tableaus
// consistent with the rules, and a decision to make. Saves call it on load.
func (s *State) Validate() error {
	cfg := s.Config
	if err := cfg.Validate(); err != nil {
		return err
	}
	if s.Phase > PhaseGameOver {
		return fmt.Errorf("unknown phase %d", s.Phase)
	}
	if int(s.Turn) >= cfg.Players || int(s.First) >= cfg.Players {
		return errors.New("turn or first player is not a seat")
	}
	if s.Trip != uint16(cfg.BaseTrip()) && !(s.Trip == ExtendedTrip && cfg.HasExtension()) {
		return fmt.Errorf("trip %d is not possible", s.Trip)
	}
	if s.Extender >= 0 && s.Trip != ExtendedTrip {
		return errors.New("extension called but the trip is not 1000")
	}
	if int(s.Extender) >= cfg.Sides() || s.Extender < -1 || int(s.Finisher) >= cfg.Sides() || s.Finisher < -1 ||
		int(s.Winner) >= cfg.Sides() || s.Winner < -1 {
		return errors.New("a side number is out of range")
	}
	if int(s.DrawLen) > MaxDeck || int(s.DiscardLen) > MaxDeck {
		return errors.New("a pile is larger than the deck")
	}

	var count [NumCards]int
	tally := func(where string, cards []Card) error {
		for _, c := range cards {
			if !c.Valid() {
				return fmt.Errorf("%s holds an invalid card %d", where, c)
			}
			count[c]++
		}
		return nil
	}
	if err := tally("the draw pile", s.DrawPile[:s.DrawLen]); err != nil {
		return err
	}
	if err := tally("the discard pile", s.Discards[:s.DiscardLen]); err != nil {
		return err
	}
	for _, c := range s.DrawPile[s.DrawLen:] {
		if c != NoCard {
			return errors.New("a card lies past the end of the draw pile")
		}
	}
	for _, c := range s.Discards[s.DiscardLen:] {
		if c != NoCard {
			return errors.New("a card lies past the end of the discard pile")
		}
	}
	for p := 0; p < MaxSeats; p++ {
		for _, c := range s.Hands[p] {
			if c == NoCard {
				continue
			}
			if p >= cfg.Players {
				return fmt.Errorf("seat %d holds cards but is not playing", p+1)
			}
			if !c.Valid() {
				return fmt.Errorf("seat %d holds an invalid card %d", p+1, c)
			}
			count[c]++
		}
	}
	for side := 0; side < MaxSides; side++ {
		t := &s.Tableaus[side]
		if side >= cfg.Sides() {
			if *t != (Tableau{}) {
				return fmt.Errorf("side %d has cards but is not playing", side+1)
			}
			continue
		}
		if err := t.validate(s.Trip); err != nil {
			return fmt.Errorf("side %d: %w", side+1, err)
		}
		for c := Card(1); c < NumCards; c++ {
			count[c] += int(t.Cards[c])
		}
	}
	for c := Card(1); c < NumCards; c++ {
		if count[c] != cfg.DeckCount(c) {
			return fmt.Errorf("the game has %d %v cards, the deck %d", count[c], c, cfg.DeckCount(c))
		}
	}

	switch s.Phase {
	case PhaseCoupFourre:
		if !s.Threat.IsHazard() || int(s.ThreatSide) >= cfg.Sides() || int(s.Attacker) >= cfg.Players ||
			cfg.SideOf(int(s.Turn)) != int(s.ThreatSide) || !s.holds(int(s.Turn), SafetyFor(s.Threat)) {
			return errors.New("the coup fourré window does not match the table")
		}
	case PhasePlay:
		if s.HandLen(int(s.Turn)) == 0 {
			return errors.New("the player to act holds no card")
		}
	case PhaseExtension:
		if s.Extender >= 0 || int(s.Tableaus[cfg.SideOf(int(s.Turn))].Miles) != cfg.BaseTrip() {
			return errors.New("an extension decision that cannot arise")
		}
	}
	return nil
}

func (t *Tableau) validate(trip uint16) error {
	miles := 0
	for _, c := range DistanceCards {
		miles += c.Miles() * int(t.Cards[c])
	}
	switch {
	case miles != int(t.Miles):
		return fmt.Errorf("distance cards add up to %d, not %d", miles, t.Miles)
	case t.Miles > trip:
		return fmt.Errorf("%d miles is past the trip", t.Miles)
	case t.Cards[Miles200] > 2:
		return errors.New("more than two 200s")
	case t.CoupsFourres&^t.Safeties != 0 || t.Safeties > 0xf:
		return errors.New("coups fourrés or safeties are inconsistent")
	}
	for _, sf := range AllSafeties {
		if t.Cards[sf] != 0 && !t.Has(sf) || t.Cards[sf] == 0 && t.Has(sf) || t.Cards[sf] > 1 {
			return errors.New("the safety area does not match its cards")
		}
	}
	for _, c := range [...]Card{t.Battle, t.BattleUnder} {
		if c != NoCard && (c.Kind() != Hazard && c.Kind() != Remedy || c == SpeedLimit || c == EndOfLimit) {
			return fmt.Errorf("%v cannot lie on a battle pile", c)
		}
	}
	for _, c := range [...]Card{t.Speed, t.SpeedUnder} {
		if c != NoCard && c != SpeedLimit && c != EndOfLimit {
			return fmt.Errorf("%v cannot lie on a speed pile", c)
		}
	}
	if t.Battle != NoCard && t.Cards[t.Battle] == 0 || t.Speed != NoCard && t.Cards[t.Speed] == 0 {
		return errors.New("a pile shows a card it does not hold")
	}
	return nil
}
