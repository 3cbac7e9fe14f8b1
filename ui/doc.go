// Package ui is mille's terminal game: a Bubble Tea v2 program that shows
// one person's view of a Mille Bornes table and takes their moves by
// keyboard (the BSD mille(6) keys and modern ones) and by mouse.
//
// Board is the view over one connection to a table (package table), and
// shows only what its viewer may see: the connection's table.View.
// NewRemote shows a Board alone over a table the host program runs, such
// as a room on mille's SSH server. New makes local play's Model, which
// wraps a Board over a table of its own and adds what only local play
// has: saves and loads, new games, the autosave, the options file,
// quitting the program. Computers, undo, hot-seat and dealing on are the
// table's, alike for both.
//
// Both follow the Elm architecture: Update turns messages into a new
// model and commands (hints, saves, loads and option files all run in
// commands), View draws the screen as a lipgloss compositor whose layer
// IDs also serve for mouse hit-testing.
package ui
