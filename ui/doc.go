// Package ui is mille's terminal game: a Bubble Tea v2 program that shows
// one person's view of a Mille Bornes table and takes their moves by
// keyboard (the BSD mille(6) keys and modern ones) and by mouse.
//
// The root Model follows the Elm architecture: Update turns messages into a
// new model and commands (hints, saves, loads and option files all run in
// commands), View draws the screen as a lipgloss compositor whose layer IDs
// also serve for mouse hit-testing.
//
// The model is a view over one connection to a table (package table) and
// shows only what its viewer may see: the connection's table.View. New
// deals a local game at a table of the model's own (saves, new games, the
// computers' pace); NewRemote shows a table the host program runs, such as
// a room on mille's SSH server. Computers, undo, hot-seat and dealing on
// are the table's, alike for both.
package ui
