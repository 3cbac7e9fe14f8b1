// Package engine holds the rules of Mille Bornes as a plain value.
//
// A State is a whole game at one moment: fixed-size arrays and small
// integers, so copying it copies the game and no two states share memory.
// The player to act (State.ToAct) takes an Action, a small integer (see
// Action for the encoding); Legal lists the legal actions into a caller's
// buffer and Apply returns the next state, or a *Refusal saying in words why
// the action is not allowed. Neither allocates.
//
// A hand moves through phases: PhasePlay (draw, then play or discard; the
// draw happens by itself), PhaseCoupFourre (only the holder of the matching
// safety decides), PhaseExtension (at 700), then PhaseHandOver and, at 5000,
// PhaseGameOver; Continue deals on. Every Apply records Events that a
// screen can print with Event.Text.
//
// Players see a game only through Observe, which returns what one seat may
// know; Sample deals the unseen cards at random to give a State consistent
// with an Observation, for the computer players' searches.
//
// Cards, actions, phases, rulesets and event kinds print and parse in one
// notation (String, MarshalText and UnmarshalText, ParseCard, ParseAction
// and the other Parse functions), the one saves and the bot protocol
// write. PlayerCounts, Rulesets and Configs list the games mille plays.
//
// The same Config, seed and actions always give the same states, on every
// machine. The engine does no I/O. docs/rules.md tells the rules it plays.
package engine
