package ui

import (
	"fmt"

	"github.com/millebornes/mille/engine"
)

// Seat says who sits in one seat of the table.
type Seat struct {
	Name  string // shown on the board ("You", "Ann")
	Human bool   // a person at this terminal
	Level string // computer level (ai.Levels) when not Human
}

// Setup is how a game was started: everything needed to deal it again.
type Setup struct {
	Config engine.Config
	Seats  []Seat
	Seed   uint64
}

// seatNames name the seats with more than one opponent; seat 0 is "You"
// unless several people share the terminal.
var seatNames = [engine.MaxSeats]string{"Amy", "Ann", "Bob", "Cal", "Dee", "Eve"}

// DefaultSetup is the game mille starts with: you against one computer
// player at the given level (with 2 players), or several.
func DefaultSetup(cfg engine.Config, level string, seed uint64) Setup {
	seats := make([]Seat, cfg.Players)
	seats[0] = Seat{Name: "You", Human: true}
	for i := 1; i < cfg.Players; i++ {
		name := seatNames[i]
		if cfg.Players == 2 {
			name = "Computer"
		}
		seats[i] = Seat{Name: name, Level: level}
	}
	return Setup{Config: cfg, Seats: seats, Seed: seed}
}

// Session is one game as played at this terminal: its setup, every action
// applied since it began and the states they led to (for undo and saves).
type Session struct {
	Setup
	Human   int             // the seat shown on screen
	Actions []engine.Action // every action since the game began
	// States[i] is the state before Actions[Base+i]; the last is current.
	// Undo never reaches back past a deal, so the states of finished hands
	// are dropped (Base counts the actions before States[0]).
	States []engine.State
	Base   int
}

// NewSession deals a new game.
func NewSession(setup Setup) (*Session, error) {
	if len(setup.Seats) != setup.Config.Players {
		return nil, fmt.Errorf("%d seats for %d players", len(setup.Seats), setup.Config.Players)
	}
	s, err := engine.New(setup.Config, setup.Seed)
	if err != nil {
		return nil, err
	}
	human := 0
	for i, seat := range setup.Seats {
		if seat.Human {
			human = i
			break
		}
	}
	return &Session{Setup: setup, Human: human, States: []engine.State{s}}, nil
}

// Resume rebuilds a session from a saved setup and action list, replaying
// the actions from the deal so that undo keeps working after a load.
func Resume(setup Setup, actions []engine.Action) (*Session, error) {
	ss, err := NewSession(setup)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if _, err := ss.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d (%v): %w", i, a, err)
		}
	}
	return ss, nil
}

// State returns the current state.
func (ss *Session) State() *engine.State { return &ss.States[len(ss.States)-1] }

// Observe returns what the human seat sees now.
func (ss *Session) Observe() engine.Observation { return engine.Observe(ss.State(), ss.Human) }

// Names gives the words the engine's event sentences use.
func (ss *Session) Names() engine.Names {
	names := make([]string, len(ss.Seats))
	for i, s := range ss.Seats {
		names[i] = s.Name
	}
	return engine.Names{Config: ss.Config, Viewer: ss.Human, Seats: names}
}

// Apply takes action a for the seat to act and returns the event count
// before it, so the caller can tell what happened.
func (ss *Session) Apply(a engine.Action) (uint32, error) {
	cur := ss.State()
	before := cur.EventCount
	next, err := engine.Apply(*cur, a)
	if err != nil {
		return before, err
	}
	ss.Actions = append(ss.Actions, a)
	if a.Kind() == engine.KindContinue { // a new deal: earlier states are done with
		ss.Base = len(ss.Actions)
		ss.States = []engine.State{next}
		return before, nil
	}
	ss.States = append(ss.States, next)
	return before, nil
}

// HumanToAct reports whether the seat to act is a person.
func (ss *Session) HumanToAct() bool {
	return ss.Seats[ss.State().ToAct()].Human
}

// ViewerToAct reports whether the seat to act is the one on screen.
func (ss *Session) ViewerToAct() bool { return ss.State().ToAct() == ss.Human }

// People counts the seats played by persons (more than one: hot-seat).
func (ss *Session) People() int {
	n := 0
	for _, s := range ss.Seats {
		if s.Human {
			n++
		}
	}
	return n
}

// CanUndo reports whether the human has an action to take back: only
// against computers, since taking back a move another person has seen
// answered would be unfair.
func (ss *Session) CanUndo() bool { return ss.People() == 1 && ss.undoPoint() >= 0 }

// undoPoint is the index of the human's last card decision (play, discard,
// coup fourré or extension choice) in this hand, or -1. Dealing on is not
// undone: that would only show the same deal again.
func (ss *Session) undoPoint() int {
	for i := len(ss.Actions) - 1; i >= ss.Base; i-- {
		st := &ss.States[i-ss.Base]
		if st.Phase == engine.PhaseHandOver || st.Phase == engine.PhaseGameOver {
			return -1
		}
		if ss.Seats[st.ToAct()].Human {
			return i
		}
	}
	return -1
}

// Undo takes back the human's last action and everything after it.
func (ss *Session) Undo() bool {
	i := ss.undoPoint()
	if i < 0 {
		return false
	}
	ss.Actions = ss.Actions[:i]
	ss.States = ss.States[:i-ss.Base+1]
	return true
}

// SideSeats lists the seats that play for a side.
func (ss *Session) SideSeats(side int) []int {
	var seats []int
	for i := range ss.Seats {
		if ss.Config.SideOf(i) == side {
			seats = append(seats, i)
		}
	}
	return seats
}

// SideName names a side for the board: "You", "Ann", "You & Cal".
func (ss *Session) SideName(side int) string {
	seats := ss.SideSeats(side)
	name := ""
	for i, s := range seats {
		if i > 0 {
			name += " & "
		}
		name += ss.Seats[s].Name
	}
	return name
}
