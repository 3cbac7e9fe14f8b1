package ui

import (
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// seatNames name the seats with more than one opponent; seat 0 is "You"
// unless several people share the terminal.
var seatNames = [engine.MaxSeats]string{"Amy", "Ann", "Bob", "Cal", "Dee", "Eve"}

// Seats are the seats of a new game: the person at this keyboard at seat
// 0, the people who share it at the seats in others (hot-seat), and
// computer players at the given level everywhere else. One person is
// "You"; people who share the keyboard go by their names.
func Seats(cfg engine.Config, level string, others []int) []save.Seat {
	seats := make([]save.Seat, cfg.Players)
	seats[0] = save.Seat{Name: "You", Human: true}
	for i := 1; i < cfg.Players; i++ {
		name := seatNames[i]
		if cfg.Players == 2 {
			name = "Computer"
		}
		seats[i] = save.Seat{Name: name, Level: level}
	}
	for _, i := range others {
		seats[i] = save.Seat{Name: seatNames[i], Human: true}
	}
	if len(others) > 0 {
		seats[0].Name = seatNames[0]
	}
	return seats
}

// NewGame is a new game of mille: you against computer players at the
// given level, dealt from seed.
func NewGame(cfg engine.Config, level string, seed uint64) (save.Game, error) {
	return save.New(cfg, seed, Seats(cfg, level, nil))
}
