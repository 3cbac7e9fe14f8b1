package review

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// TestDepthAndLabelWords: a depth reads in the feminine after "profondeur", and
// the strong label does not repeat the hard level's word ("fort, comme
// fort/expert").
func TestDepthAndLabelWords(t *testing.T) {
	for _, tc := range []struct {
		c    *lang.Catalogue
		got  string
		want string
	}{
		{&lang.French, lang.French.T(lang.RvDepth, DepthIn(&lang.French, Normal)), "profondeur normale"},
		{&lang.French, DepthIn(&lang.French, Quick), "rapide"},
		{&lang.English, lang.English.T(lang.RvDepth, DepthIn(&lang.English, Normal)), "depth normal"},
		{&lang.English, DepthIn(&lang.English, Deep), "deep"},
		{&lang.English, DepthIn(&lang.English, Depth(9)), "depth(9)"},
		{&lang.French, LabelIn(&lang.French, "strong"), "confirmé"},
		{&lang.French, LabelIn(&lang.French, "good"), "bon"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.c.Name, tc.got, tc.want)
		}
	}
	if LabelIn(&lang.French, "strong") == lang.French.Level("hard") {
		t.Error("French: the strong label is the hard level's word")
	}
	if s := lang.English.T(lang.StRatingLine, "x", 1.0, "good", "hard"); !strings.Contains(s, "points lost per decision") {
		t.Errorf("English rating line %q: want \"points lost per decision\"", s)
	}
}

// TestMomentNames: a moment of --leaks or --practice describes an attack
// with the game's names, not "Player 2".
func TestMomentNames(t *testing.T) {
	for _, tc := range []struct {
		seats []record.Seat
		want  string
	}{
		{[]record.Seat{{Name: "Ann", Human: true}, {Name: "Bob", Level: "easy"}}, "on Bob"},
		{[]record.Seat{{Name: "You", Human: true}, {Name: "Computer", Level: "heuristic"}}, "on Computer"},
	} {
		g, err := record.New(engine.DefaultConfig, 5, tc.seats)
		if err != nil {
			t.Fatal(err)
		}
		anon := engine.Names{Config: g.State.Config, Viewer: -1}
		var attack engine.Action
		found := false
		for step := 0; !found && step < 400 && !g.State.HandOver(); step++ {
			legal := g.State.Legal(nil)
			for _, a := range legal {
				if g.State.ToAct() == 0 && strings.Contains(anon.Describe(a), "on Player 2") {
					attack, found = a, true
				}
			}
			if err := g.Apply(legal[0]); err != nil {
				t.Fatal(err)
			}
		}
		if !found {
			t.Fatal("seat 0 never had a hazard to play on seat 1")
		}
		m := Moment{game: &g}
		if got := lang.English.Describe(m.Names(), attack); !strings.Contains(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.seats, got, tc.want)
		}
	}
	if got := (&Moment{}).Names(); got.Viewer != -1 {
		t.Errorf("no game: viewer %d", got.Viewer)
	}
}
