package local

import (
	"fmt"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// Person is the choice for a seat, beside the computer players' levels,
// that a person sharing the keyboard plays (hot-seat).
const Person = "person"

// seatNames name the seats with more than one opponent; seat 0 is "You"
// unless several people share the terminal.
var seatNames = [engine.MaxSeats]string{"Amy", "Ann", "Bob", "Cal", "Dee", "Eve"}

// Seats are the seats of a new game: the person at this keyboard at seat
// 0, the people who share it at the seats in others (hot-seat), and
// computer players at the given level everywhere else. One person is
// "You"; people who share the keyboard go by their names.
func Seats(cfg engine.Config, level string, others []int) []record.Seat {
	seats := make([]record.Seat, cfg.Players)
	seats[0] = record.Seat{Name: "You", Human: true}
	for i := 1; i < cfg.Players; i++ {
		name := seatNames[i]
		if cfg.Players == 2 {
			name = "Computer"
		}
		seats[i] = record.Seat{Name: name, Level: level}
	}
	for _, i := range others {
		seats[i] = record.Seat{Name: seatNames[i], Human: true}
	}
	if len(others) > 0 {
		seats[0].Name = seatNames[0]
	}
	return seats
}

// SeatsOf are the seats of a new game at this keyboard: the person at
// seat 0, and at each next seat what others names for it, in order: a
// computer player (a level, or any player ai.New knows) or Person.
func SeatsOf(cfg engine.Config, others []string) ([]record.Seat, error) {
	if len(others) != cfg.Players-1 {
		return nil, fmt.Errorf("%d seats given for the %d other players", len(others), cfg.Players-1)
	}
	var people []int
	for i, o := range others {
		if o == Person {
			people = append(people, i+1)
		} else if _, err := ai.New(o, 0); err != nil {
			return nil, fmt.Errorf("seat %d: %v (or %s)", i+2, err, Person)
		}
	}
	seats := Seats(cfg, ai.DefaultLevel, people)
	for i, o := range others {
		if o != Person {
			seats[i+1].Level = o
		}
	}
	return seats, nil
}

// NewGame is a new game of mille: you against computer players at the
// given level, dealt from seed.
func NewGame(cfg engine.Config, level string, seed uint64) (record.Game, error) {
	return record.New(cfg, seed, Seats(cfg, level, nil))
}
