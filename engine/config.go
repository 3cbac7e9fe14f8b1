package engine

import (
	"errors"
	"fmt"
)

// Size limits of a game; fixed arrays in State are sized by them.
const (
	MaxSeats  = 6   // players at the table
	MaxSides  = 3   // sides (single players or teams of two)
	MaxDeck   = 106 // cards in the full deck
	HandSlots = 7   // six cards between turns plus the drawn card
	HandSize  = 6   // cards dealt to each player
	// DrawSlot is the hand slot that receives the card drawn at the start of
	// a turn: the "P" slot of BSD mille.
	DrawSlot = 0
	// WinningScore is the game total that ends a game.
	WinningScore = 5000
)

// Ruleset selects between the published rules and the BSD program's rules.
type Ruleset uint8

// The two rulesets; see docs/rules.md.
const (
	Standard Ruleset = iota // Parker Brothers / Winning Moves rules
	BSD                     // the rules of BSD mille(6): 2 players only
)

// Config is what a game is set up with: how many players and which rules.
type Config struct {
	Players int     // 2, 3, 4 or 6
	Rules   Ruleset // Standard or BSD
}

// DefaultConfig is the game mille starts with: two players, standard rules.
var DefaultConfig = Config{Players: 2, Rules: Standard}

// Validate reports whether the configuration can be played.
func (c Config) Validate() error {
	switch c.Players {
	case 2, 3, 4, 6:
	default:
		return fmt.Errorf("%d players: mille plays with 2, 3, 4 or 6", c.Players)
	}
	switch c.Rules {
	case Standard:
	case BSD:
		if c.Players != 2 {
			return errors.New("the bsd ruleset is for 2 players only")
		}
	default:
		return fmt.Errorf("unknown ruleset %d", c.Rules)
	}
	return nil
}

// Sides is the number of sides: each player alone with 2 or 3 players,
// teams of two with 4 or 6.
func (c Config) Sides() int {
	if c.Players >= 4 {
		return c.Players / 2
	}
	return c.Players
}

// SideOf returns the side a seat plays for. Partners sit opposite, so seats
// 0 and 2 (4 players) or 0 and 3 (6 players) share side 0.
func (c Config) SideOf(seat int) int {
	if uint(c.Players) <= MaxSeats && uint(seat) < MaxSeats {
		return int(sideOf[c.Players][seat])
	}
	return seat % c.Sides()
}

// sideOf is SideOf as a table, without a division: searches ask it at
// every step.
var sideOf = func() (t [MaxSeats + 1][MaxSeats]uint8) {
	for players := 1; players <= MaxSeats; players++ {
		c := Config{Players: players}
		for seat := range MaxSeats {
			t[players][seat] = uint8(seat % c.Sides())
		}
	}
	return t
}()

// Partner returns the other seat of seat's side, or -1 without teams.
func (c Config) Partner(seat int) int {
	if c.Players < 4 {
		return -1
	}
	return (seat + c.Sides()) % c.Players
}

// DeckSize is 106 with 4 or 6 players and 101 with 2 or 3.
func (c Config) DeckSize() int {
	n := 0
	for _, k := range c.deck() {
		n += int(k)
	}
	return n
}

// DeckCount returns how many copies of card the deck holds.
func (c Config) DeckCount(card Card) int {
	if card >= NumCards {
		return 0
	}
	d := c.deck()
	return int(d[card])
}

func (c Config) deck() *[NumCards]uint8 {
	if c.Players >= 4 {
		return &fullDeck
	}
	return &smallDeck
}

// HasExtension reports whether a side reaching 700 may extend the trip to
// 1000; with 4 players the trip is 1000 from the start.
func (c Config) HasExtension() bool { return c.Players != 4 }

// BaseTrip is the trip at the start of a hand: 1000 with 4 players, else 700.
func (c Config) BaseTrip() int {
	if c.Players == 4 {
		return 1000
	}
	return 700
}

// ExtendedTrip is the trip after an extension.
const ExtendedTrip = 1000
