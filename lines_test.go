package main

import (
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestNewGame checks the seats of mille --people: the people at the first
// seats, by their names when there are several, computers at the others.
func TestNewGame(t *testing.T) {
	for _, c := range []struct {
		players, people int
		names           []string
	}{
		{2, 1, []string{"You", "Computer"}},
		{2, 2, []string{"Amy", "Ann"}},
		{4, 2, []string{"Amy", "Ann", "Bob", "Cal"}},
		{6, 3, []string{"Amy", "Ann", "Bob", "Cal", "Dee", "Eve"}},
	} {
		g, err := newGame(engine.Config{Players: c.players}, "easy", 1, c.people)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range g.Seats {
			if s.Name != c.names[i] || s.Human != (i < c.people) || s.Human != (s.Level == "") {
				t.Errorf("%d players, %d people: seat %d is %+v", c.players, c.people, i, s)
			}
		}
	}
}
