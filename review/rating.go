package review

import (
	"math"
)

// Rating is a seat's performance over the hands of a review, as
// backgammon players rate a match by its error rate: the points the seat
// gave away (the flagged losses) per decision with a real choice, with a
// label and the computer level whose play rates closest.
type Rating struct {
	Seat int `json:"seat"`
	// Decisions counts the decisions with a real choice: where some legal
	// move was worse than the best by RealChoice points or more.
	Decisions int `json:"decisions"`
	// PerDecision is the points given away per such decision.
	PerDecision float64 `json:"per_decision"`
	// Label words it, from the worst to the best: "beginner", "casual",
	// "good", "strong", "excellent".
	Label string `json:"label"`
	// Like is the level whose calibrated rate is nearest: "random",
	// "easy", "medium", "hard" or "expert".
	Like string `json:"like"`
}

// RealChoice is how much worse than the best some legal move must be for
// a decision to count in the rating: below it every move was about as good.
const RealChoice = 25

// levelRates are the points given away per decision with a real choice
// by the computer levels, reviewed at depth normal, best first, with the
// label of a rate nearest each (docs/review.md, "A rating of your play",
// has the runs): expert 0.33 (8 hands), medium 7.5 and easy 31.6 (24
// hands), random 130.5 (12 hands). hard gave away nothing flagged in its
// 8 hands against expert: so few hands do not tell it from expert, and
// its rate here sits between expert's and medium's.
var levelRates = []struct {
	level, label string
	rate         float64
}{
	{"expert", "excellent", 0.33},
	{"hard", "strong", 1.5},
	{"medium", "good", 7.5},
	{"easy", "casual", 31.6},
	{"random", "beginner", 130.5},
}

// Rate rates seat over the hands of r; ok is false when the seat had no
// decision with a real choice.
func Rate(r *Review, seat int) (rt Rating, ok bool) {
	rt.Seat = seat
	var given float64
	for i := range r.Hands {
		h := &r.Hands[i]
		if h.Seat != seat {
			continue
		}
		for k := range h.Decisions {
			d := &h.Decisions[k]
			if !realChoice(d) {
				continue
			}
			rt.Decisions++
			if d.Verdict != Good {
				given += d.Loss
			}
		}
	}
	if rt.Decisions == 0 {
		return rt, false
	}
	rt.PerDecision = given / float64(rt.Decisions)
	rt.Like, rt.Label = Like(rt.PerDecision)
	return rt, true
}

// Like is the level, and its label, whose rate is nearest rate (points
// given away per decision with a real choice), on a logarithmic scale:
// 4 is as far from 2 as 8 is from 4.
func Like(rate float64) (level, label string) {
	best := math.Inf(1)
	for _, l := range levelRates {
		if dist := math.Abs(math.Log(rate+0.5) - math.Log(l.rate+0.5)); dist < best {
			best, level, label = dist, l.level, l.label
		}
	}
	return level, label
}

// realChoice reports whether some legal move of d was worse than the
// best by RealChoice points or more (one that left the search's race
// early was clearly worse: it counts).
func realChoice(d *Decision) bool {
	best, worst := math.Inf(-1), math.Inf(1)
	for _, op := range d.Options {
		if op.Deals == 0 {
			continue
		}
		best, worst = max(best, op.Gain), min(worst, op.Gain)
	}
	return best-worst >= RealChoice
}
