// Package record is the one record of a game in mille, beside the rules
// it records: the seats, the whole engine state (configuration and seed
// included) and every action since the deal, checked down to replaying
// the actions from the seed. A new game is record.New; a table (package
// table) is dealt from a Game and gives its game back as one
// (Table.Record) for saves, the autosave, the statistics, the review and
// the server's kept rooms. Package save writes it to files and reads it
// back; this package does no I/O.
package record

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/coded"
)

// Limits on what a record may hold, so hostile files stay small.
const (
	// MaxNameLen is the longest seat name, in characters.
	MaxNameLen = 40
	// MaxLevelLen is the longest computer level name, in bytes.
	MaxLevelLen = 32
	// MaxUIEntries bounds the UI preferences a record carries.
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

// Game is the record of a game: everything a save file holds.
//
// The zero Game is not a game; make one with New, or read one from a
// file (package save).
// State and History must agree: the UI moves the game on with Game.Apply,
// which keeps them in step, and Check (which save.Write makes) refuses a
// Game whose history does not replay to its state.
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
	if err := g.CheckMeta(); err != nil {
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

// ErrReplay is Check's error when replaying the history does not give the
// state: errors.Is finds it in any replay Fault (coded.Error.Is).
var ErrReplay error = coded.New(FaultReplay)

// A Fault is what is wrong with a game's seats, settings or history, at
// the field a FieldError names: a code and the arguments its comment
// lists, which lang words in the reader's language (issue 33). Error
// names the code, for logs.
type Fault = coded.Error[FaultReason]

// A FaultReason is a kind of Fault.
type FaultReason uint8

// The faults Check finds; the comment lists the arguments.
const (
	FaultSeats           FaultReason = iota // the seats, the players
	FaultUISettings                         // the settings, the most
	FaultUISetting                          // the setting's name
	FaultNameLong                           // the name's characters, the most
	FaultNameUnprintable                    // the name
	FaultHumanLevel                         // the level
	FaultNotLevel                           // the level
	FaultReplay                             // the actions, the field, its value replayed, its value in the file
	FaultReplayDiffers                      // the actions
	NumFaults                               // the number of faults
)

// faultNames are the faults' names, which Error gives.
var faultNames = [NumFaults]string{
	FaultSeats: "seats", FaultUISettings: "ui-settings", FaultUISetting: "ui-setting",
	FaultNameLong: "name-long", FaultNameUnprintable: "name-unprintable", FaultHumanLevel: "human-level",
	FaultNotLevel: "not-level", FaultReplay: "replay", FaultReplayDiffers: "replay",
}

// String names the fault, for logs.
func (r FaultReason) String() string {
	if r < NumFaults {
		return faultNames[r]
	}
	return "fault(" + strconv.Itoa(int(r)) + ")"
}

// A FieldError is what is wrong with one field of a game: the field, as
// a file names it ("history[3] (\"play 75\")"), and why, an error that may
// be a code a front end words in its reader's language (the engine's
// refusal, its configuration's fault).
type FieldError struct {
	Field string
	Err   error
}

// Error is the field and the fault, for logs; a fault of the whole
// document (Field "") is the fault alone.
func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Err.Error()
	}
	return e.Field + ": " + e.Err.Error()
}

// Unwrap gives the fault.
func (e *FieldError) Unwrap() error { return e.Err }

// Check reports the first thing wrong with g, the checks save.Decode makes:
// the seats, the UI settings, the state (engine.State.Validate) and that the
// history replays from the seed to exactly the state.
func (g *Game) Check() error {
	if err := g.CheckMeta(); err != nil {
		return err
	}
	if err := g.State.Validate(); err != nil {
		return &FieldError{"state", err}
	}
	return g.checkReplay()
}

// CheckMeta checks what the engine does not: the configuration, the seats
// and the UI settings (a file's reader checks them before the state).
func (g *Game) CheckMeta() error {
	if err := g.State.Config.Validate(); err != nil {
		return &FieldError{"config", err}
	}
	if len(g.Seats) != g.State.Config.Players {
		return &FieldError{"seats", coded.New(FaultSeats, len(g.Seats), g.State.Config.Players)}
	}
	for i, s := range g.Seats {
		if err := s.check(); err != nil {
			return &FieldError{fmt.Sprintf("seats[%d]", i), err}
		}
	}
	if len(g.UI) > MaxUIEntries {
		return &FieldError{"ui", coded.New(FaultUISettings, len(g.UI), MaxUIEntries)}
	}
	for k, v := range g.UI {
		if k == "" || len(k) > maxUIText || len(v) > maxUIText || !Printable(k) || !Printable(v) {
			return &FieldError{"ui", coded.New(FaultUISetting, k)}
		}
	}
	return nil
}

func (s Seat) check() error {
	if n := utf8.RuneCountInString(s.Name); n > MaxNameLen {
		return coded.New(FaultNameLong, n, MaxNameLen)
	}
	if !Printable(s.Name) {
		// A name goes straight to the terminal: no escape sequences.
		return coded.New(FaultNameUnprintable, s.Name)
	}
	if s.Human {
		if s.Level != "" {
			return coded.New(FaultHumanLevel, s.Level)
		}
		return nil
	}
	if s.Level == "" || len(s.Level) > MaxLevelLen ||
		strings.Trim(s.Level, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return coded.New(FaultNotLevel, s.Level)
	}
	return nil
}

// Printable reports whether s is valid UTF-8 without control characters:
// what a name or a setting may hold, since it goes to the terminal.
func Printable(s string) bool {
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
		return &FieldError{"config", err}
	}
	for i, a := range g.History {
		if err := s.Step(a); err != nil {
			return &FieldError{fmt.Sprintf("history[%d] (%v)", i, describe(a)), err}
		}
	}
	if s != g.State {
		return diffStates(len(g.History), &s, &g.State)
	}
	return nil
}

// describe names an action for an error message, in the engine's
// notation.
func describe(a engine.Action) string { return strconv.Quote(a.String()) }

// Names are the game's seats' names as it keeps them, for an onlooker
// (lang's GameWhich and Side say them in a language).
func (g *Game) Names() engine.Names {
	seats := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		seats[i] = s.Name
	}
	return engine.Names{Config: g.State.Config, Viewer: -1, Seats: seats}
}

// Scores are each side's points, as Points says them.
func (g *Game) Scores() []int {
	points := make([]int, g.State.Config.Sides())
	for side := range points {
		points[side] = g.Points(side)
	}
	return points
}

// Points is side's score in the game so far: its total, and the hand's
// points while the hand is under way (they join the total when it ends).
// The offers to resume a game say it.
func (g *Game) Points(side int) int {
	s := &g.State
	score := int(s.Totals[side])
	if !s.HandOver() {
		score += s.LiveScore(side).Total()
	}
	return score
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

// diffStates names the first field where the replayed state got differs
// from the saved state want.
func diffStates(actions int, got, want *engine.State) error {
	if path, g, w := firstDiff(reflect.ValueOf(*got), reflect.ValueOf(*want), "state"); path != "" {
		return coded.New(FaultReplay, actions, path, g, w)
	}
	return coded.New(FaultReplayDiffers, actions)
}

func firstDiff(a, b reflect.Value, path string) (string, any, any) {
	switch a.Kind() {
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			name := a.Type().Field(i).Name
			name = strings.ToLower(name[:1]) + name[1:]
			if p, x, y := firstDiff(a.Field(i), b.Field(i), path+"."+name); p != "" {
				return p, x, y
			}
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if p, x, y := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p, x, y
			}
		}
	default:
		if a.Interface() != b.Interface() {
			return path, a.Interface(), b.Interface()
		}
	}
	return "", nil, nil
}
