package local

import (
	"strings"
	"unicode/utf8"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// Person is the choice for a seat, beside the computer players' levels,
// that a person sharing the keyboard plays (hot-seat).
const Person = "person"

// Seats are the seats of a new game: the person at this keyboard at seat
// 0, the people who share it at the seats in others (hot-seat), and
// computer players at the given level everywhere else. One person is
// "You"; people who share the keyboard go by the names they typed (Named),
// else by none, which the front ends say "Player N": never a computer's
// name.
func Seats(cfg engine.Config, level string, others []int) []record.Seat {
	seats := make([]record.Seat, cfg.Players)
	seats[0] = record.Seat{Name: "You", Human: true}
	for i := 1; i < cfg.Players; i++ {
		seats[i] = record.Seat{Name: table.ComputerName(i, cfg.Players), Level: level}
	}
	for _, i := range others {
		seats[i] = record.Seat{Human: true}
	}
	if len(others) > 0 {
		seats[0].Name = ""
	}
	return seats
}

// MaxName is the longest name a person may type for a seat, in
// characters: it must fit the board's and the score's columns.
const MaxName = 12

// CheckName checks a name typed for a seat (spaces at its ends left out):
// at most MaxName printable characters, none of the names mille gives
// seats itself (names.Reserved) and none of the names in taken (the other
// seats'), whatever the case. "" is fine: the seat then has none.
func CheckName(name string, taken []string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return nil
	case utf8.RuneCountInString(name) > MaxName:
		return lang.Err(lang.NameLong, MaxName)
	case !record.Printable(name):
		return lang.Err(lang.NameOdd)
	case names.Reserved(name):
		return lang.Err(lang.NameMille, name)
	}
	for _, t := range taken {
		if strings.EqualFold(strings.TrimSpace(t), name) {
			return lang.Err(lang.NameTaken, name)
		}
	}
	return nil
}

// Named gives the seats of people sharing the keyboard the names in names
// (by seat, as Options.Names keeps them), each that CheckName takes among
// the seats' names; a game with one person keeps its "You".
func Named(seats []record.Seat, names []string) {
	people := 0
	for _, s := range seats {
		if s.Human {
			people++
		}
	}
	if people < 2 {
		return
	}
	for i := range seats {
		if !seats[i].Human || i >= len(names) {
			continue
		}
		var taken []string
		for j, s := range seats {
			if j != i {
				taken = append(taken, s.Name)
			}
		}
		if CheckName(names[i], taken) == nil {
			seats[i].Name = strings.TrimSpace(names[i])
		}
	}
}

// NamePeople gives the people of seats, in seat order, the names typed
// in names (--names): one each, every one that CheckName takes, or the
// refusal of the first it does not, or NamesCount when the count differs.
// A game with one person keeps its "You" unless a name is given.
func NamePeople(seats []record.Seat, names []string) error {
	var people []int
	for i, s := range seats {
		if s.Human {
			people = append(people, i)
		}
	}
	if len(names) != len(people) {
		return lang.Err(lang.NamesCount, len(names), len(people))
	}
	for k, i := range people {
		var taken []string
		for j, s := range seats {
			if j != i {
				taken = append(taken, s.Name)
			}
		}
		name := strings.TrimSpace(names[k])
		if name == "" {
			return lang.Err(lang.NamesEmpty, k+1)
		}
		if err := CheckName(name, taken); err != nil {
			return err
		}
		seats[i].Name = name
	}
	return nil
}

// SeatsOf are the seats of a new game at this keyboard: the person at
// seat 0, and at each next seat what others names for it, in order: a
// computer player (a level, or any player ai.New knows) or Person.
func SeatsOf(cfg engine.Config, others []string) ([]record.Seat, error) {
	if len(others) != cfg.Players-1 {
		return nil, lang.Err(lang.ErrSeatCount, len(others), cfg.Players-1)
	}
	var people []int
	for i, o := range others {
		if o == Person {
			people = append(people, i+1)
		} else if _, err := ai.New(o, 0); err != nil {
			return nil, lang.Err(lang.ErrSeat, i+2, err, Person)
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
