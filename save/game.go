// Package save stores mille games and lifetime statistics on disk.
//
// A saved game is one JSON document (docs/save-format.md) that a person can
// read: the configuration, the seats, the seed, the whole engine state with
// cards by name, and every action taken since the game began. Loading
// checks everything, down to replaying the history from the seed and
// finding exactly the saved state, so a damaged or edited file is refused
// with a one-line error and never reaches the engine. Writing is atomic: a
// crash or a full disk during a save leaves the previous save intact.
//
// A Game is the one record of a game in mille: a new game is save.New, a
// table (package table) is dealt from a Game and gives its game back as
// one (Table.Record) for the S key, the autosave, the statistics and the
// server's saved rooms:
//
//	g, err := save.New(engine.DefaultConfig, seed, seats)
//	err = save.Write(path, g)           // the S key
//	g, err = save.Read(path)            // mille FILE, the load screen
//	err = save.WriteAutosave(g)         // quit or SIGHUP mid-game
//	st, err := save.UpdateStats(&g, me) // at the end of every hand
//
// Files live in Dir (MILLE_DATA_DIR, or the user's data folder) and end in
// Ext. The package depends on the engine only.
package save

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/millebornes/mille/engine"
)

// Format is the format name every save file starts with.
const Format = "mille"

// Schema is the version of the save format this mille writes. Files with
// an older schema are migrated on load; newer ones are refused.
const Schema = 1

// MilleVersion is the mille version recorded in the files this program
// writes. The main package sets it from its build stamp at start-up.
var MilleVersion = "dev"

// Limits on what a save may hold, so hostile files stay small.
const (
	// MaxSize is the largest save file Read accepts, and Write produces:
	// about 200,000 actions, a hundred long games.
	MaxSize = 4 << 20
	// MaxNameLen is the longest seat name, in characters.
	MaxNameLen = 40
	// MaxLevelLen is the longest computer level name, in bytes.
	MaxLevelLen = 32
	// MaxUIEntries bounds the UI preferences a save carries.
	MaxUIEntries = 32
	// maxUIText bounds each UI preference key and value, in bytes.
	maxUIText = 256
)

// Seat is one player at the table.
type Seat struct {
	// Name is what the screen calls the player; "" lets the UI choose
	// ("Player 2"). Printable text, at most MaxNameLen characters.
	Name string
	// Human is true for a person at the keyboard, false for a computer.
	Human bool
	// Level is a computer player's level as ai.New takes it ("easy",
	// "hard"); "" for a human. Save checks only its spelling (lower-case
	// letters, digits and '-'), so the UI must handle an unknown level.
	Level string
}

// Game is a saved game in memory: everything a file holds.
//
// The zero Game is not a game; make one with New, or Read or Decode a file.
// State and History must agree: the UI moves the game on with Game.Apply,
// which keeps them in step, and Write refuses a Game whose history does not
// replay to its state.
type Game struct {
	// WrittenBy is the mille version that wrote the file (filled by Decode;
	// Encode always records MilleVersion).
	WrittenBy string
	// Saved is when the file was written (Write sets it to the present
	// time); zero if unknown.
	Saved time.Time
	// Seats has one entry per player, in seat order (len == Players).
	Seats []Seat
	// State is the whole game now, Config and Seed included.
	State engine.State
	// History is every action taken since engine.New(State.Config,
	// State.Seed), across hands and games.
	History []engine.Action
	// UI holds the interface's own settings for this game (hand order,
	// which seat the screen shows...) as short strings; save only stores
	// them. At most MaxUIEntries entries; nil if none.
	UI map[string]string
}

// New starts a game: the first deal of engine.New(cfg, seed), an empty
// history and the given seats (one per player).
func New(cfg engine.Config, seed uint64, seats []Seat) (Game, error) {
	s, err := engine.New(cfg, seed)
	if err != nil {
		return Game{}, err
	}
	g := Game{Seats: append([]Seat(nil), seats...), State: s}
	if err := g.checkMeta(); err != nil {
		return Game{}, err
	}
	return g, nil
}

// Apply moves the game on by one action of the seat to act, as engine.Apply
// does, and records the action in the history. An illegal action leaves the
// game unchanged and returns the engine's *engine.Refusal.
func (g *Game) Apply(a engine.Action) error {
	if err := g.State.Step(a); err != nil {
		return err
	}
	g.History = append(g.History, a)
	return nil
}

// Check reports the first thing wrong with g, the same checks Decode makes:
// the seats, the UI settings, the state (engine.State.Validate) and that the
// history replays from the seed to exactly the state.
func (g *Game) Check() error {
	if err := g.checkMeta(); err != nil {
		return err
	}
	if err := g.State.Validate(); err != nil {
		return fmt.Errorf("state: %v", err)
	}
	return g.checkReplay()
}

// checkMeta checks what the engine does not: seats and UI settings.
func (g *Game) checkMeta() error {
	if err := g.State.Config.Validate(); err != nil {
		return fmt.Errorf("config: %v", err)
	}
	if len(g.Seats) != g.State.Config.Players {
		return fmt.Errorf("seats: %d seats for %d players", len(g.Seats), g.State.Config.Players)
	}
	for i, s := range g.Seats {
		if err := s.check(); err != nil {
			return fmt.Errorf("seats[%d]: %v", i, err)
		}
	}
	if len(g.UI) > MaxUIEntries {
		return fmt.Errorf("ui: %d settings, at most %d", len(g.UI), MaxUIEntries)
	}
	for k, v := range g.UI {
		if k == "" || len(k) > maxUIText || len(v) > maxUIText || !printable(k) || !printable(v) {
			return fmt.Errorf("ui: setting %.40q is empty, too long or not printable", k)
		}
	}
	return nil
}

func (s Seat) check() error {
	if n := utf8.RuneCountInString(s.Name); n > MaxNameLen {
		return fmt.Errorf("name is %d characters long, at most %d", n, MaxNameLen)
	}
	if !printable(s.Name) {
		// A name goes straight to the terminal: no escape sequences.
		return fmt.Errorf("name %.40q holds characters that cannot be shown", s.Name)
	}
	if s.Human {
		if s.Level != "" {
			return fmt.Errorf("a human player has level %.40q", s.Level)
		}
		return nil
	}
	if s.Level == "" || len(s.Level) > MaxLevelLen ||
		strings.Trim(s.Level, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return fmt.Errorf("computer level %.40q is not a level name", s.Level)
	}
	return nil
}

// printable reports whether s is valid UTF-8 without control characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// checkReplay replays the history from the seed and compares the result
// with the state.
func (g *Game) checkReplay() error {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return fmt.Errorf("config: %v", err)
	}
	for i, a := range g.History {
		if err := s.Step(a); err != nil {
			return fmt.Errorf("history[%d] (%v): %v", i, describe(a), err)
		}
	}
	if s != g.State {
		where := diffStates(&s, &g.State)
		return fmt.Errorf("the state does not match its history of %d actions: %s", len(g.History), where)
	}
	return nil
}

// describe names an action for an error message, as the file spells it.
func describe(a engine.Action) string {
	b, err := encodeAction(a)
	if err != nil {
		return a.String()
	}
	return string(b)
}

// ErrNewer is wrapped by the error for a file written by a newer mille,
// whose schema this one cannot read.
var ErrNewer = errors.New("written by a newer mille")

// Summary describes g in one line for a list of saves or the offer to
// resume an autosave: "2 players (standard), game 1, hand 3: You 1250,
// Computer 900".
func (g *Game) Summary() string {
	s := &g.State
	cfg := s.Config
	var b strings.Builder
	fmt.Fprintf(&b, "%d players (%v), game %d, hand %d:", cfg.Players, cfg.Rules, s.Game+1, int(s.Hand)+1)
	for side := 0; side < cfg.Sides(); side++ {
		if side > 0 {
			b.WriteByte(',')
		}
		score := int(s.Totals[side]) // the hand's points join it when the hand ends
		if !s.HandOver() {
			score += s.LiveScore(side).Total()
		}
		fmt.Fprintf(&b, " %s %d", g.sideName(side), score)
	}
	return b.String()
}

// sideName names a side by its seats' names ("Ann & Bob" for a team).
func (g *Game) sideName(side int) string {
	cfg := g.State.Config
	name := func(seat int) string {
		if seat < len(g.Seats) && g.Seats[seat].Name != "" {
			return g.Seats[seat].Name
		}
		return fmt.Sprintf("Player %d", seat+1)
	}
	if p := cfg.Partner(side); p >= 0 {
		return name(side) + " & " + name(p)
	}
	return name(side)
}

// MovesDigest identifies a game by its moves (FNV-1a of the actions of its
// history), so that a player can be told whether a save holds the game as
// it is: a move taken back and another made in its place give another
// digest.
func MovesDigest(history []engine.Action) uint64 {
	h := fnv.New64a()
	var b [4]byte
	for _, a := range history {
		binary.LittleEndian.PutUint32(b[:], uint32(a))
		h.Write(b[:])
	}
	return h.Sum64()
}
