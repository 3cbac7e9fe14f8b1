package ui

import (
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// seatNames name the seats with more than one opponent; seat 0 is "You"
// unless several people share the terminal.
var seatNames = [engine.MaxSeats]string{"Amy", "Ann", "Bob", "Cal", "Dee", "Eve"}

// DefaultSeats are the seats mille starts with: you (seat 0) against
// computer players at the given level.
func DefaultSeats(cfg engine.Config, level string) []save.Seat {
	seats := make([]save.Seat, cfg.Players)
	seats[0] = save.Seat{Name: "You", Human: true}
	for i := 1; i < cfg.Players; i++ {
		name := seatNames[i]
		if cfg.Players == 2 {
			name = "Computer"
		}
		seats[i] = save.Seat{Name: name, Level: level}
	}
	return seats
}

// NewGame is a new game of mille: you against computer players at the
// given level, dealt from seed.
func NewGame(cfg engine.Config, level string, seed uint64) (save.Game, error) {
	return save.New(cfg, seed, DefaultSeats(cfg, level))
}
