package engine

import (
	"fmt"
	"slices"
	"strconv"
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

// Ruleset selects the rules a game is played by: the published rules, the
// BSD program's, or the French box's.
type Ruleset uint8

// The rulesets; see docs/rules.md.
const (
	Standard Ruleset = iota // Parker Brothers / Winning Moves rules
	BSD                     // the rules of BSD mille(6): 2 players only
	// Dujardin is the rules printed in the French box (Dujardin's 1000
	// Bornes): no extra turn for a safety once the draw pile is out, a
	// speed pile that alternates, and a Capot paid whoever ends the hand.
	Dujardin
	// Dujardin500 is Dujardin with the box's optional bonus: 500 more for a
	// trip completed with neither a 200 nor a 100.
	Dujardin500
)

// PlayerCounts lists the numbers of players mille plays with, smallest
// first: 2 and 3 each for themselves, 4 and 6 in teams of two. What
// follows from the count is Config's: Sides, Partner, DeckSize, BaseTrip
// and HasExtension.
var PlayerCounts = [...]int{2, 3, 4, 6}

// Rulesets lists the rulesets, the default first.
var Rulesets = [...]Ruleset{Standard, BSD, Dujardin, Dujardin500}

// trait is one way a ruleset departs from the standard rules; the rules ask
// Ruleset.has rather than naming rulesets, so that a ruleset is one line of
// the table below.
type trait uint16

const (
	goUnderRightOfWay   trait = 1 << iota // a Go is legal (and useless) under Right of Way
	keepSafeties                          // safeties can't be discarded
	rollOnSafety                          // a safety on its hazard lets the side roll at once
	endWhenStuck                          // once the pile is out, the hand ends when nobody can play
	tieEndsGame                           // a tie at the top ends the game, crediting nobody
	extensionToFinisher                   // the extension's 200 goes to whoever reaches 1000
	alternateSpeed                        // a Speed Limit goes only on an empty speed pile or an End of Limit
	noReplayWhenOut                       // once the pile is out, a safety earns no extra turn (a coup fourré still does)
	capotToEach                           // a side with distance scores 500 per side without, whoever ends the hand
	smallMilesBonus                       // 500 for a trip completed with neither a 200 nor a 100
)

// rulesets holds the traits of each ruleset.
var rulesets = [...]struct {
	name    string // as String prints it
	players uint8  // the player counts allowed: bit n for n players
	traits  trait
}{
	Standard: {"standard", 1<<2 | 1<<3 | 1<<4 | 1<<6, 0},
	BSD: {"bsd", 1 << 2, goUnderRightOfWay | keepSafeties | rollOnSafety | endWhenStuck |
		tieEndsGame | extensionToFinisher | alternateSpeed},
	Dujardin:    {"dujardin", 1<<2 | 1<<3 | 1<<4 | 1<<6, alternateSpeed | noReplayWhenOut | capotToEach},
	Dujardin500: {"dujardin+500", 1<<2 | 1<<3 | 1<<4 | 1<<6, alternateSpeed | noReplayWhenOut | capotToEach | smallMilesBonus},
}

// NoHundredsBonus reports whether the ruleset pays 500 for a trip
// completed with neither a 200 nor a 100 (dujardin+500), the score item
// the other rulesets never show.
func (r Ruleset) NoHundredsBonus() bool { return r.has(smallMilesBonus) }

// ExtensionToFinisher reports whether the extension's 200 goes to the
// first side to reach 1000, whoever called it (bsd), rather than to the
// caller or, if it fails, to the others: the stakes a player weighs.
func (r Ruleset) ExtensionToFinisher() bool { return r.has(extensionToFinisher) }

// SpeedAlternates reports whether a Speed Limit goes only on an empty
// speed pile or an End of Limit (bsd, dujardin), never on a Speed Limit
// still showing: what the guide and the line mode's rules teach.
func (r Ruleset) SpeedAlternates() bool { return r.has(alternateSpeed) }

// NoReplayWhenOut reports whether, once the draw pile is out, a safety
// laid in turn earns no extra turn (dujardin); a coup fourré still does.
func (r Ruleset) NoReplayWhenOut() bool { return r.has(noReplayWhenOut) }

// CapotToEach reports whether the shut-out is paid to every side that
// played distance, however the hand ended (dujardin), rather than only to
// the side that completed the trip.
func (r Ruleset) CapotToEach() bool { return r.has(capotToEach) }

// RollOnSafety reports whether a safety laid on its own hazard lets the
// side roll at once, without a Go (bsd).
func (r Ruleset) RollOnSafety() bool { return r.has(rollOnSafety) }

// KeepSafeties reports whether safeties can't be discarded (bsd).
func (r Ruleset) KeepSafeties() bool { return r.has(keepSafeties) }

// EndWhenStuck reports whether, once the draw pile is out, the hand ends
// when nobody can play (bsd) rather than when nobody holds a card.
func (r Ruleset) EndWhenStuck() bool { return r.has(endWhenStuck) }

// TieEndsGame reports whether a tie at the top of 5000 ends the game with
// no winner (bsd) rather than dealing another hand.
func (r Ruleset) TieEndsGame() bool { return r.has(tieEndsGame) }

// has reports whether the ruleset has trait t (and an unknown ruleset
// none, so that a bad value never panics).
func (r Ruleset) has(t trait) bool { return traitsOf[r]&t != 0 }

// traitsOf is each ruleset's traits as a table indexed by any byte, zero
// past the rulesets: has is then one load, not a bounds test and a look
// into rulesets' rows, and the rules ask it at most steps.
var traitsOf = func() (t [256]trait) {
	for r := range rulesets {
		t[r] = rulesets[r].traits
	}
	return t
}()

// Allows reports whether the ruleset is played with that many players:
// standard with every one of PlayerCounts, bsd with 2 only.
func (r Ruleset) Allows(players int) bool {
	return int(r) < len(rulesets) && players >= 0 && players < 8 && rulesets[r].players&(1<<players) != 0
}

// Players lists the player counts the ruleset allows, smallest first.
func (r Ruleset) Players() []int {
	var counts []int
	for _, n := range PlayerCounts {
		if r.Allows(n) {
			counts = append(counts, n)
		}
	}
	return counts
}

// Config is what a game is set up with: how many players and which rules.
type Config struct {
	Players int     // one of PlayerCounts
	Rules   Ruleset // one of Rulesets, which must allow Players
}

// DefaultConfig is the game mille starts with: two players, standard rules.
var DefaultConfig = Config{Players: 2, Rules: Standard}

// Configs lists every configuration Validate accepts: each ruleset of
// Rulesets with each player count it allows.
func Configs() []Config {
	var cs []Config
	for _, r := range Rulesets {
		for _, n := range r.Players() {
			cs = append(cs, Config{Players: n, Rules: r})
		}
	}
	return cs
}

// Validate reports whether the configuration can be played; if not, a
// *ConfigError says why.
func (c Config) Validate() error {
	switch {
	case !slices.Contains(PlayerCounts[:], c.Players):
		return &ConfigError{Why: BadPlayers, Config: c}
	case !slices.Contains(Rulesets[:], c.Rules):
		return &ConfigError{Why: BadRuleset, Config: c}
	case !c.Rules.Allows(c.Players):
		return &ConfigError{Why: BadRulesPlayers, Config: c}
	}
	return nil
}

// A ConfigError is why a configuration cannot be played: a code and the
// configuration, which a front end words through its catalogue; Error
// is the engine's English, for logs and programs.
type ConfigError struct {
	Why    ConfigReason
	Config Config
}

// A ConfigReason is what is wrong with a configuration.
type ConfigReason uint8

// The reasons a configuration is refused.
const (
	BadPlayers      ConfigReason = iota // no game has that many players (PlayerCounts)
	BadRuleset                          // no such ruleset
	BadRulesPlayers                     // the ruleset is not played by that many (Ruleset.Players)
)

func (e *ConfigError) Error() string {
	c := e.Config
	switch e.Why {
	case BadPlayers:
		return fmt.Sprintf("%d players: mille plays with %s", c.Players, orList(PlayerCounts[:]))
	case BadRuleset:
		return fmt.Sprintf("unknown ruleset %d", c.Rules)
	}
	return fmt.Sprintf("the %v ruleset is for %s players only", c.Rules, orList(c.Rules.Players()))
}

// Teams reports whether the players play as teams of two, partners
// sitting opposite: with 4 or 6 players.
func (c Config) Teams() bool { return c.Players >= 4 }

// Sides is the number of sides: each player alone with 2 or 3 players,
// teams of two with 4 or 6.
func (c Config) Sides() int {
	if c.Teams() {
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

// orList writes numbers as "2, 3, 4 or 6".
func orList(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	return joinOr(words)
}
