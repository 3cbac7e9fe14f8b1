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
// What it stores is the one record of a game, a record.Game (package
// record), which a table deals from and gives back (Table.Record) for the
// S key, the autosave, the statistics and the server's saved rooms:
//
//	g, err := record.New(engine.DefaultConfig, seed, seats)
//	err = save.Write(path, g)           // the S key
//	g, err = save.Read(path)            // mille FILE, the load screen
//	err = save.WriteAutosave(g)         // quit or SIGHUP mid-game
//	st, err := save.UpdateStats(&g, me) // at the end of every hand
//
// Files live in Dir (MILLE_DATA_DIR, or the user's data folder) and end in
// Ext. The package depends on the engine and the record only.
package save

import (
	"errors"
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
)

// ErrNewer is wrapped by the error for a file written by a newer mille,
// whose schema this one cannot read.
var ErrNewer = errors.New("written by a newer mille")
