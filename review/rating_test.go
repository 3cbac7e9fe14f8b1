package review

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// TestRate: the rating counts the decisions with a real choice only, and
// charges all their losses, the unflagged ones too.
func TestRate(t *testing.T) {
	a, b := engine.Play(engine.Go), engine.Discard(engine.Go)
	choice := func(loss float64, v Verdict) Decision { // b is 300 points worse than a
		return Decision{Played: a, Best: a, Loss: loss, Verdict: v,
			Options: []Option{{Action: a, Deals: 100}, {Action: b, Deals: 20, Gain: -300}}}
	}
	noChoice := Decision{Played: a, Best: a, Options: []Option{{Action: a, Deals: 100}, {Action: b, Deals: 100, Gain: -10}}}
	r := &Review{Depth: Normal, Hands: []Hand{
		{Seat: 0, Decisions: []Decision{choice(0, Good), choice(60, Inaccuracy), choice(30, Good), noChoice}},
		{Seat: 1, Decisions: []Decision{noChoice}},
	}}
	rt, ok := Rate(r, 0)
	if !ok || rt.Decisions != 3 || rt.PerDecision != 30 || rt.Like != "easy" || rt.Label != "casual" {
		t.Errorf("rating %+v", rt)
	}
	if _, ok := Rate(r, 1); ok {
		t.Error("a seat without a real choice is rated")
	}
}

// TestLike: a rate is placed among the rates measured at its depth of
// review, hard and expert in one band.
func TestLike(t *testing.T) {
	for _, tt := range []struct {
		rate        float64
		depth       Depth
		like, label string
	}{
		{0, Normal, "hard/expert", "strong"}, {2.5, Normal, "hard/expert", "strong"}, {10, Normal, "medium", "good"},
		{50, Normal, "easy", "casual"}, {300, Normal, "random", "beginner"}, {2.5, Deep, "hard/expert", "strong"},
		// At quick the review's noise adds to every rate: 8.5 is the strong
		// band's there, medium's at normal.
		{8.5, Quick, "hard/expert", "strong"}, {8.5, Normal, "medium", "good"}, {12, Quick, "medium", "good"},
		{100, Quick, "random", "beginner"},
	} {
		if like, label := Like(tt.rate, tt.depth); like != tt.like || label != tt.label {
			t.Errorf("%.1f a decision at %v: %s, %s; want %s, %s", tt.rate, tt.depth, like, label, tt.like, tt.label)
		}
	}
	for d, bands := range levelRates {
		for i := 1; i < len(bands); i++ {
			if bands[i].rate <= bands[i-1].rate {
				t.Errorf("depth %v: %s's rate %v is not above %s's %v", Depth(d), bands[i].level, bands[i].rate, bands[i-1].level, bands[i-1].rate)
			}
		}
	}
	if got := LevelIn(&lang.French, "hard/expert"); got != lang.French.Level("hard")+"/"+lang.French.Level("expert") {
		t.Errorf("hard/expert in French: %q", got)
	}
}

// TestKindOf: a decision's kind is the first that fits its moves.
func TestKindOf(t *testing.T) {
	p, d, at := engine.Play, engine.Discard, engine.Attack
	for _, tt := range []struct {
		played, best engine.Action
		want         Kind
	}{
		{engine.DeclineCoupFourre, engine.DeclareCoupFourre, CoupFourreKind},
		{engine.Extend, engine.StopTrip, ExtensionKind},
		{p(engine.RightOfWay), p(engine.Miles100), SafetyKind},
		{p(engine.Miles200), d(engine.Miles75), Miles200Kind},
		{d(engine.Go), p(engine.Miles50), GoKind},
		{at(engine.Stop, 1), at(engine.Stop, 2), TargetKind},
		{d(engine.Miles50), at(engine.Accident, 1), AttackKind},
		{d(engine.Miles50), d(engine.Miles75), DiscardKind},
		{p(engine.Miles25), p(engine.Miles75), DistanceKind},
	} {
		if got := KindOf(&Decision{Played: tt.played, Best: tt.best}); got != tt.want {
			t.Errorf("%v for %v: %v, want %v", tt.played, tt.best, got, tt.want)
		}
	}
}

// TestWordsInFrench: the verdicts, the leaks' kinds and the ratings'
// labels have their words in each language, English's being the names
// the JSON keeps.
func TestWordsInFrench(t *testing.T) {
	for v := Good; v <= Blunder; v++ {
		if VerdictIn(&lang.English, v) != v.String() || VerdictIn(&lang.French, v) == v.String() {
			t.Errorf("verdict %v: %q, %q", v, VerdictIn(&lang.English, v), VerdictIn(&lang.French, v))
		}
	}
	for k := CoupFourreKind; k <= DistanceKind; k++ {
		if KindIn(&lang.English, k) != k.String() || KindIn(&lang.French, k) == k.String() {
			t.Errorf("kind %v: %q, %q", k, KindIn(&lang.English, k), KindIn(&lang.French, k))
		}
	}
	for _, lr := range levelRates[Normal] {
		if LabelIn(&lang.English, lr.label) != lr.label {
			t.Errorf("label %q in English: %q", lr.label, LabelIn(&lang.English, lr.label))
		}
	}
	if LabelIn(&lang.French, "beginner") != "débutant" {
		t.Errorf("beginner in French: %q", LabelIn(&lang.French, "beginner"))
	}
}

// TestRatingLevelsInTheCatalogue: every level a rating may liken a
// player's play to has its name in the catalogue, so French says it.
func TestRatingLevelsInTheCatalogue(t *testing.T) {
	for _, bands := range levelRates {
		for _, b := range bands {
			for _, l := range strings.Split(b.level, "/") {
				if got := lang.French.Level(l); got == l && l != "expert" {
					t.Errorf("level %q has no French name", l)
				}
			}
		}
	}
}
