// Package store keeps what mille serve remembers between runs: the name
// each person chose, by SSH key; the rooms, both the games in progress
// (checkpointed as they go, so that a crash loses little) and the games
// saved by their hosts or at a shutdown; and the results of finished
// games.
//
// The Store interface is all the server sees. Its one implementation, SQL,
// speaks plain SQL that both SQLite and PostgreSQL run: the server opens
// an embedded SQLite database (OpenSQLite), and servers that outgrow one
// machine could share one PostgreSQL database through New
// (docs/server.md). A room's game is kept in the JSON save format
// (package save), so it can be exported to a file and imported back.
package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/millebornes/mille/record"
)

// The reasons a store refuses a request.
var (
	ErrNoRoom    = errors.New("no room of that name is kept")
	ErrNotYours  = errors.New("the room of that name is another game's")
	ErrNameTaken = errors.New("another key has claimed that name")
)

// Store keeps a server's data. Its methods are safe for concurrent use.
//
// Every call takes a context: the caller's (a session's, whose end
// cancels the calls it waits on, or the server's own work's), within
// which the call also ends by CallTimeout at the latest, the wait for one
// of the database's connections included (docs/server.md, "Deadlines").
type Store interface {
	// Name returns the name chosen by the person whose key has
	// fingerprint key; ok is false for a key never named.
	Name(ctx context.Context, key string) (name string, ok bool, err error)
	// SetName records the name of key, or changes it.
	SetName(ctx context.Context, key, name string) error
	// ClaimName records the name of key, or changes it, and claims for key
	// claim, the form in which names that look alike are equal (the
	// server folds capitals and widths): with ErrNameTaken, and nothing
	// recorded, if another key holds that claim. A key holds one claim,
	// that of its last name.
	ClaimName(ctx context.Context, key, name, claim string) error
	// ImportNames records many names at once (from an older data folder);
	// with claim, each name's claim too, the first key in order of
	// fingerprint keeping a claim that several names make. It may take
	// longer than CallTimeout (a large folder), never longer than ctx.
	ImportNames(ctx context.Context, names map[string]string, claim func(name string) string) error
	// Reclaim makes every key's claim again from its name, for when the
	// server's rules of names that look alike change; where several names
	// now make one claim, the first key in order of fingerprint keeps it.
	// It may take longer than CallTimeout, as ImportNames.
	Reclaim(ctx context.Context, claim func(name string) string) error

	// PutRoom keeps r, in place of the room of its name if there is one.
	// A room of that name whose game is another's is kept as it is, with
	// ErrNotYours: by, the key the write is made for (the host's), must be
	// one of its players or its host.
	PutRoom(ctx context.Context, r Room, by string) error
	// Room returns the room called name, or ErrNoRoom.
	Room(ctx context.Context, name string) (Room, error)
	// Rooms returns at most n rooms, the most recently written first. It
	// may take longer than CallTimeout (many rooms), as ImportNames.
	Rooms(ctx context.Context, n int) ([]Room, error)
	// DropCheckpoint forgets room name if it was only checkpointed, never
	// saved (Room.Saved): the game ended and nobody asked to keep it.
	DropCheckpoint(ctx context.Context, name string) error
	// Prune forgets the rooms written before before and, of each host's
	// rooms, all but the perKey most recent (0: no limit). It returns how
	// many it forgot. It may take longer than CallTimeout, as ImportNames.
	Prune(ctx context.Context, before time.Time, perKey int) (int, error)

	// AddResult records a finished game.
	AddResult(ctx context.Context, r Result) error

	// Close closes the store.
	Close() error
}

// Room is a room kept in the store: a game in progress or a saved one.
type Room struct {
	Name string
	// Game is the game's record, as a save file holds it; Game.Saved is
	// when it was written, and its UI map holds what the server needs to
	// restore it (whose are the seats).
	Game record.Game
	// Host is the key of the game's host, and Players the keys of the
	// people holding its seats: the people the game belongs to.
	Host    string
	Players []string
	// Saved is set once its host saved it, or the server did at a
	// shutdown; a game only checkpointed while it was played is not.
	Saved bool
}

// Result is a finished game: who sat where and how each side did.
type Result struct {
	Room     string
	Finished time.Time
	// Game names the game within the room's history (GameID): the same
	// game is recorded once, whichever server finished it and when.
	Game  string
	Seats []ResultSeat
	// Rated marks a game of ranked play: recording it rates its people
	// (ratings.go), once. Level is the level of its computers, who play
	// at their fixed ratings (rating.House), and Hands the points each
	// side scored in each of its hands, in order: every hand is rated
	// (docs/ranking.md says why).
	Rated bool
	Level string
	Hands [][]int
	// Rules is the game's ruleset (engine.Ruleset's name), for outside
	// tools (ExportResults).
	Rules string
}

// GameID names the game whose record is g, once it is over: its seed
// and the length of its history.
func GameID(g record.Game) string { return fmt.Sprintf("%d/%d", g.State.Seed, len(g.History)) }

// DealtFrom reports whether id (GameID) is the id of a game dealt from
// seed: a room's name comes back (quick2 on the next day), its game's
// seed does not.
func DealtFrom(id string, seed uint64) bool {
	return strings.HasPrefix(id, strconv.FormatUint(seed, 10)+"/")
}

// ResultSeat is one seat of a finished game.
type ResultSeat struct {
	Key    string // the person's key; "" for a computer
	Name   string
	Points int  // the game total of the seat's side
	Won    bool // the seat's side won
	Side   int  // the seat's side (engine.Config.SideOf), for rating
	// Forfeit marks the seat of a person who left the game in play and
	// did not come back (Key is theirs, though a computer finished it):
	// a rated game is their loss, their side placed below every side
	// that did not forfeit (ratings.go).
	Forfeit bool
}
