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

// TestSplitCountsByPluralRule: the split's terms, the hand's points and
// how near the terms come to the result are counted by the language's
// plural rule (lang.Catalogue.Count), as every other count the line mode
// says: "1 point" (English said "1 points"), French "0 point", "1 point",
// "2 points".
func TestSplitCountsByPluralRule(t *testing.T) {
	for _, tc := range []struct {
		c                 *lang.Catalogue
		split             Split
		play, theirs, cds string
	}{
		{&lang.English, Split{Skill: 1, Others: -1, Luck: 0}, "gained you 1 point", "gained them 1 point", "gave you 0 points"},
		{&lang.English, Split{Skill: -2, Others: 1, Luck: -1}, "cost you 2 points", "cost them 1 point", "took 1 point from you"},
		{&lang.French, Split{Skill: 0, Others: 1, Luck: 2}, "vous a fait gagner 0 point", "leur a coûté 1 point", "vous ont donné 2 points"},
		{&lang.French, Split{Skill: -1, Others: -2, Luck: -1}, "vous a coûté 1 point", "leur a fait gagner 2 points", "vous ont pris 1 point"},
	} {
		play, theirs, cards := SplitWordsIn(tc.c, &tc.split)
		if play != tc.play || theirs != tc.theirs || cards != tc.cds {
			t.Errorf("%s %+v: %q, %q, %q; want %q, %q, %q", tc.c.Name, tc.split, play, theirs, cards, tc.play, tc.theirs, tc.cds)
		}
	}
	// A hand of 0 points whose terms come within 1 point of its result.
	h := &Hand{Hand: 1, Game: 1, Finished: true, Points: 0, Result: -1, Split: &Split{Expected: -2, SumSE: 10}}
	for _, tc := range []struct {
		c    *lang.Catalogue
		want []string
	}{
		{&lang.English, []string{"Hand 1 of game 1, Ann: 0 points;", "give or take 1 point,"}},
		{&lang.French, []string{"Manche 1 de la partie 1, Ann\u00a0: 0 point\u00a0;", "à 1 point près"}},
	} {
		var b strings.Builder
		writeHand(&b, tc.c, h, "Ann")
		for _, want := range tc.want {
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s: no %q in\n%s", tc.c.Name, want, b.String())
			}
		}
	}
}

// TestHandDecisionsCounted: a hand whose decisions all held says so in
// the number's own words, one decision and none included ("None of your
// 1 decisions", "None of your 0 decisions" before).
func TestHandDecisionsCounted(t *testing.T) {
	for _, tc := range []struct {
		c    *lang.Catalogue
		n    int
		want string
	}{
		{&lang.English, 0, "You had no real choice to make."},
		{&lang.English, 1, "Your one decision gave no points away."},
		{&lang.English, 3, "None of your 3 decisions gave points away."},
		{&lang.French, 0, "Vous n'avez eu aucun vrai choix à faire."},
		{&lang.French, 1, "Votre seule décision n'a laissé aucun point."},
		{&lang.French, 3, "Aucune de vos 3 décisions n'a laissé de points."},
	} {
		h := &Hand{Game: 1, Hand: 1, Decisions: make([]Decision, tc.n)} // Good, each
		var b strings.Builder
		writeHand(&b, tc.c, h, "Ann")
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s, %d decisions: %q, want %q", tc.c.Language, tc.n, b.String(), tc.want)
		}
	}
}

// TestTotalGivenCounted: mille review's total for a seat counts the
// points given away by the number ("1 point given away", French "0 point
// laissé"), as the line mode's total does (CountGiven); it said "1
// points given away".
func TestTotalGivenCounted(t *testing.T) {
	for _, tc := range []struct {
		c     *lang.Catalogue
		given float64
		want  string
	}{
		{&lang.English, 1.2, "1 point given away (1 a hand)"},
		{&lang.English, 0, "0 points given away (0 a hand)"},
		{&lang.English, 7.6, "8 points given away (8 a hand)"},
		{&lang.French, 0.9, "1 point laissé (1 par manche)"},
		{&lang.French, 0, "0 point laissé (0 par manche)"},
		{&lang.French, 2, "2 points laissés (2 par manche)"},
	} {
		r := &Review{Seats: []int{0}, Hands: []Hand{{Game: 1, Hand: 1, Finished: true, GivenAway: tc.given}}}
		var b strings.Builder
		writeTotals(&b, tc.c, r, &record.Game{})
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s, %v given away: %q, want %q", tc.c.Language, tc.given, b.String(), tc.want)
		}
	}
}

// TestExpectOpenEven: what a hand not split could be expected to give
// reads in French whatever its margin: "finir ainsi : à égalité", as the
// split's sentence says it, where it said "finir avec à égalité".
func TestExpectOpenEven(t *testing.T) {
	for expected, want := range map[float64]string{0: "finir ainsi\u00a0: à égalité\u00a0;", 120: "finir ainsi\u00a0: 120 points d'avance\u00a0;", -45: "finir ainsi\u00a0: 45 points de retard\u00a0;"} {
		lines := HandLines(&lang.French, &Hand{Game: 1, Hand: 1, Expected: expected}, "Ann")
		if len(lines) < 2 || !strings.Contains(lines[1], want) {
			t.Errorf("expected %v: %q, want %q", expected, lines, want)
		}
	}
}
