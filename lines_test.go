package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
)

// TestNewGame checks the seats of mille --people: the people at the first
// seats, by the names they typed last when there are several (else none:
// "Player N", never a computer's name), computers at the others.
func TestNewGame(t *testing.T) {
	for _, c := range []struct {
		players, people int
		typed           []string // the options' names
		names           []string
	}{
		{2, 1, nil, []string{"You", "Computer"}},
		{2, 1, []string{"Zoe"}, []string{"You", "Computer"}},
		{2, 2, nil, []string{"", ""}},
		{2, 2, []string{"Zoe", "Max"}, []string{"Zoe", "Max"}},
		{4, 2, []string{"Zoe", "Bob", "Max"}, []string{"Zoe", "", "Bob", "Cal"}}, // Bob is a computer here
		{6, 3, []string{"Zoe", "zoe", "Computer 4"}, []string{"Zoe", "", "", "Cal", "Dee", "Eve"}},
	} {
		g, err := newGame(engine.Config{Players: c.players}, "easy", 1, c.people, nil, c.typed, nil)
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

// TestNewGameNames checks mille --names: the people's names in seat
// order, over the names kept from last time, with --people or --seats.
func TestNewGameNames(t *testing.T) {
	g, err := newGame(engine.Config{Players: 4}, "easy", 1, 2, nil, []string{"Ann?", "Old"}, []string{"Zoé", " Max "})
	if err != nil || g.Seats[0].Name != "Zoé" || g.Seats[1].Name != "Max" || g.Seats[2].Human {
		t.Fatalf("--people 2 --names Zoé,Max: %+v, %v", g.Seats, err)
	}
	g, err = newGame(engine.Config{Players: 3}, "easy", 1, 1, []string{"hard", "person"}, nil, []string{"Zoé", "Max"})
	if err != nil || g.Seats[0].Name != "Zoé" || g.Seats[2].Name != "Max" || g.Seats[1].Human {
		t.Fatalf("--seats hard,person --names Zoé,Max: %+v, %v", g.Seats, err)
	}
	g, err = newGame(engine.Config{Players: 2}, "easy", 1, 1, nil, nil, []string{"Zoé"})
	if err != nil || g.Seats[0].Name != "Zoé" {
		t.Fatalf("one person named: %+v, %v", g.Seats, err)
	}
}

// TestNewGameSeats checks mille --seats: each other seat as the new-game
// screen sets it, a level or a person, and one-line refusals.
func TestNewGameSeats(t *testing.T) {
	for _, c := range []struct {
		players int
		seats   []string
		levels  []string // "" for a person
		err     lang.Key // 0: none; else the refusal within --seats's
	}{
		{2, []string{"hard"}, []string{"", "hard"}, 0},
		{3, []string{"easy", "expert"}, []string{"", "easy", "expert"}, 0},
		{4, []string{"person", "easy", "hard"}, []string{"", "", "easy", "hard"}, 0},
		{2, []string{"easy", "hard"}, nil, lang.ErrSeatCount},
		{3, []string{"easy", "master"}, nil, lang.ErrSeat},
	} {
		g, err := newGame(engine.Config{Players: c.players}, "medium", 1, 1, c.seats, nil, nil)
		if c.err != 0 {
			var e *lang.Error
			if !errors.As(err, &e) || e.Key != lang.ErrFlagSeats || len(e.Args) != 1 || !errors.As(e.Args[0].(error), &e) || e.Key != c.err {
				t.Errorf("%v: %v, want key %d within --seats", c.seats, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range g.Seats {
			if s.Level != c.levels[i] || s.Human != (c.levels[i] == "") {
				t.Errorf("%v: seat %d is %+v", c.seats, i, s)
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--seats", "easy", "--level", "hard"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "without --level or --people") {
		t.Errorf("--seats with --level: exit %d, %q", code, errb.String())
	}
}

// TestSeedSkipsTheAutosave: --seed asks for a new game, so the line mode
// does not offer the autosave's; without it, it does.
func TestSeedSkipsTheAutosave(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	g, err := newGame(engine.Config{Players: 2, Rules: engine.Standard}, "easy", 3, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := save.WriteAutosave(g); err != nil {
		t.Fatal(err)
	}
	for _, offer := range []bool{false, true} {
		var out, stderr strings.Builder
		lc, err := localConfig(g, "", offer, &lang.English)
		if err != nil {
			t.Fatal(err)
		}
		playLines(lc, &lang.English, false, strings.NewReader("quit\nyes\n"), &out, &stderr)
		if got := strings.Contains(out.String(), "You left a game unfinished"); got != offer {
			t.Errorf("offer %v: the autosave offered: %v\n%s", offer, got, out.String())
		}
	}
}
