// Package ui is mille's terminal game: a Bubble Tea v2 program that shows
// one person's view of a Mille Bornes table, takes their moves by keyboard
// (the BSD mille(6) keys and modern ones) and by mouse, and runs the
// computer players in the background.
//
// The root Model follows the Elm architecture: Update turns messages into a
// new model and commands (computer searches, timers, saves and option files
// all run in commands), View draws the screen as a lipgloss compositor whose
// layer IDs also serve for mouse hit-testing.
//
// The model plays into a Table and shows only what its viewer may see: an
// engine.Observation and the seats' names. New plays a local Session (undo,
// saves, computer players, hot-seat); NewRemote plays a table held
// elsewhere, such as a room on mille's SSH server, whose views arrive as
// TableMsg messages.
package ui
