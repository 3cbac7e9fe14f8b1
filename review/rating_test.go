package review

import (
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// TestRate: the rating counts the decisions with a real choice only, and
// charges their flagged losses.
func TestRate(t *testing.T) {
	a, b := engine.Play(engine.Go), engine.Discard(engine.Go)
	choice := func(loss float64, v Verdict) Decision { // b is 300 points worse than a
		return Decision{Played: a, Best: a, Loss: loss, Verdict: v,
			Options: []Option{{Action: a, Deals: 100}, {Action: b, Deals: 20, Gain: -300}}}
	}
	noChoice := Decision{Played: a, Best: a, Options: []Option{{Action: a, Deals: 100}, {Action: b, Deals: 100, Gain: -10}}}
	r := &Review{Hands: []Hand{
		{Seat: 0, Decisions: []Decision{choice(0, Good), choice(60, Inaccuracy), choice(30, Good), noChoice}},
		{Seat: 1, Decisions: []Decision{noChoice}},
	}}
	rt, ok := Rate(r, 0)
	if !ok || rt.Decisions != 3 || rt.PerDecision != 20 {
		t.Errorf("rating %+v", rt)
	}
	if _, ok := Rate(r, 1); ok {
		t.Error("a seat without a real choice is rated")
	}
	for _, tt := range []struct {
		rate        float64
		like, label string
	}{{0, "expert", "excellent"}, {2.5, "hard", "strong"}, {10, "medium", "good"}, {50, "easy", "casual"}, {300, "random", "beginner"}} {
		if like, label := Like(tt.rate); like != tt.like || label != tt.label {
			t.Errorf("%.1f a decision: %s, %s; want %s, %s", tt.rate, like, label, tt.like, tt.label)
		}
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
	for _, lr := range levelRates {
		if labelIn(&lang.English, lr.label) != lr.label {
			t.Errorf("label %q in English: %q", lr.label, labelIn(&lang.English, lr.label))
		}
	}
	if labelIn(&lang.French, "beginner") != "débutant" {
		t.Errorf("beginner in French: %q", labelIn(&lang.French, "beginner"))
	}
}

// TestRatingLevelsInTheCatalogue: every level a rating may liken a
// player's play to has its name in the catalogue, so French says it.
func TestRatingLevelsInTheCatalogue(t *testing.T) {
	for _, l := range levelRates {
		if got := lang.French.Level(l.level); got == l.level && l.level != "expert" {
			t.Errorf("level %q has no French name", l.level)
		}
	}
}
