package review

import (
	"testing"

	"github.com/millebornes/mille/engine"
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
