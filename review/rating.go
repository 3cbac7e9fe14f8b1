package review

import (
	"math"
)

// Rating is a seat's performance over the hands of a review, as
// backgammon players rate a match by its error rate: the points the seat
// lost per decision with a real choice, with a label and the computer
// level whose play rates closest.
type Rating struct {
	Seat int `json:"seat"`
	// Decisions counts the decisions with a real choice: where some legal
	// move was worse than the best by RealChoice points or more.
	Decisions int `json:"decisions"`
	// PerDecision is the points lost per such decision: every loss, the
	// unflagged ones too (docs/review.md, "A rating of your play").
	PerDecision float64 `json:"per_decision"`
	// Label words it, from the worst to the best: "beginner", "casual",
	// "good", "strong".
	Label string `json:"label"`
	// Like is the band of levels whose calibrated rate is nearest:
	// "random", "easy", "medium" or "hard/expert" (the review cannot tell
	// hard from expert: they play alike within its noise).
	Like string `json:"like"`
}

// RealChoice is how much worse than the best some legal move must be for
// a decision to count in the rating: below it every move was about as good.
const RealChoice = 25

// band is a level, or levels the review cannot tell apart, with the
// points lost per decision with a real choice that their play rates.
type band struct {
	level, label string
	rate         float64
}

// levelRates are the bands' rates at each depth of review, best first
// (docs/review.md, "A rating of your play", has the runs and the
// command). The review's own noise and its search's limits add to every
// rate, more at a shallower depth, so a rate is placed among the rates
// measured at its own depth. Quick: 100 hands of one seat a level (118 of
// hard and of expert); normal: 100 hands a level; deep is not measured
// and uses normal's. hard and expert are one band: their rates differ by
// less than the noise of those hands at both depths.
var levelRates = [...][]band{
	Quick: {
		{"hard/expert", "strong", 6.6},
		{"medium", "good", 14.4},
		{"easy", "casual", 40.7},
		{"random", "beginner", 114.2},
	},
	Normal: normalRates,
	Deep:   normalRates,
}

var normalRates = []band{
	{"hard/expert", "strong", 4.0},
	{"medium", "good", 12.2},
	{"easy", "casual", 37.8},
	{"random", "beginner", 115.9},
}

// Rate rates seat over the hands of r; ok is false when the seat had no
// decision with a real choice.
func Rate(r *Review, seat int) (rt Rating, ok bool) {
	rt.Seat = seat
	var lost float64
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
			lost += d.Loss
		}
	}
	if rt.Decisions == 0 {
		return rt, false
	}
	rt.PerDecision = lost / float64(rt.Decisions)
	rt.Like, rt.Label = Like(rt.PerDecision, r.Depth)
	return rt, true
}

// Like is the band of levels, and its label, whose rate at depth is
// nearest rate (points lost per decision with a real choice), on a
// logarithmic scale: 4 is as far from 2 as 8 is from 4.
func Like(rate float64, depth Depth) (level, label string) {
	if !depth.valid() {
		depth = Normal
	}
	best := math.Inf(1)
	for _, l := range levelRates[depth] {
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
