package local

import (
	"errors"
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// TestComputersNamedAlike: a served table's computers go by the names a
// game at this keyboard gives them (issue 24, 10: they were "Computer 2"
// over SSH and Bob here), and the computers of a local game keep the
// names older saves have.
func TestComputersNamedAlike(t *testing.T) {
	for _, tc := range []struct {
		players int
		want    []string
	}{
		{2, []string{"You", "Computer"}},
		{3, []string{"You", "Ann", "Bob"}},
		{4, []string{"You", "Ann", "Bob", "Cal"}},
		{6, []string{"You", "Ann", "Bob", "Cal", "Dee", "Eve"}},
	} {
		cfg := engine.Config{Players: tc.players, Rules: engine.Standard}
		var here []string
		for _, s := range Seats(cfg, "easy", nil) {
			here = append(here, s.Name)
		}
		if !slices.Equal(here, tc.want) {
			t.Errorf("%d players here: %q, want %q", tc.players, here, tc.want)
		}
		tab, err := table.New("t", "host", table.Config{Game: cfg, Level: "random"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Join("host", "Zoe", 0); err != nil {
			t.Fatal(err)
		}
		served := []string{"You"} // the host's seat, as seat 0 is here
		for _, s := range tab.Seats()[1:] {
			served = append(served, s.Name)
		}
		tab.Close()
		if !slices.Equal(served, here) {
			t.Errorf("%d players served: %q, here %q", tc.players, served, here)
		}
	}
}

// TestCheckNameRefusesComputers: nobody sharing the keyboard takes a
// computer's name, nor one that looks like it.
func TestCheckNameRefusesComputers(t *testing.T) {
	for _, name := range []string{"Bob", "B0b", "ann", " Cal ", "Ca1", "Еvе", "Fay", "Computer"} {
		var e *lang.Error
		if err := CheckName(name, nil); !errors.As(err, &e) || e.Key != lang.NameMille {
			t.Errorf("CheckName(%q) = %v, want a computer's name refused", name, err)
		}
	}
	for _, name := range []string{"Bobby", "Zoé", "Annie"} {
		if err := CheckName(name, nil); err != nil {
			t.Errorf("CheckName(%q) = %v", name, err)
		}
	}
}
