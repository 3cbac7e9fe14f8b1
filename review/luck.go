package review

import (
	"context"
	"fmt"
	"math"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// CardLuck measures, for every hand of r (a review of g), the luck of
// the cards alone, apart from the search that judged the decisions: what
// the cards hidden from the seat at its first decision gave its side
// (ai.HiddenLuck), and what every card drawn after it in the hand, by
// any seat, gave its side (ai.DrawLuck). Hand.Expected holds what came
// before the first decision. A card drawn into another window than the
// start of a turn (a coup fourré's) is left out (ai.Drew). It returns the luck and
// its standard error in the order of r.Hands (0 for an unfinished hand),
// each event measured with deals sampled deals seeded from r.Seed and
// its place in the history; it stops at ctx's end with its error.
func CardLuck(ctx context.Context, g *record.Game, r *Review, deals int) (luck, se []float64, err error) {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil, nil, err
	}
	luck, se = make([]float64, len(r.Hands)), make([]float64, len(r.Hands))
	// open are the hands, index in r.Hands, whose first decision has come
	// and that are not over yet.
	var open []int
	add := func(h int, l, e [engine.MaxSides]float64) {
		side := r.Hands[h].Side
		luck[h] += l[side]
		se[h] += e[side] * e[side] // a variance until the end
	}
	for i, a := range g.History {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		for h := range r.Hands {
			hd := &r.Hands[h]
			if hd.Finished && len(hd.Decisions) > 0 && hd.Decisions[0].Index == i {
				l, e := ai.HiddenLuck(&s, hd.Seat, deals, decisionSeed(r.Seed, -i-1))
				add(h, l, e)
				open = append(open, h)
			}
		}
		pile := s.DrawLen
		over := s.HandOver()
		if err := s.Step(a); err != nil {
			return nil, nil, fmt.Errorf("history[%d] (%v): %v", i, a, err)
		}
		if !over && s.HandOver() {
			open = open[:0]
			continue
		}
		if over || len(open) == 0 || !ai.Drew(&s, pile) {
			continue
		}
		l, e := ai.DrawLuck(&s, deals, decisionSeed(r.Seed, i))
		for _, h := range open {
			add(h, l, e)
		}
	}
	for h := range se {
		se[h] = math.Sqrt(se[h])
	}
	return luck, se, nil
}

// Unexplained is what the split of a finished hand's result leaves
// unexplained when its luck is the cards' luck measured apart (CardLuck):
// the result less expected + skill + others + luck, and the standard
// error of that sum. The search and the play-outs measure the terms
// apart, so it is not zero by construction: within a standard error or
// two on most hands, the split holds; much beyond, it does not.
func Unexplained(h *Hand, luck, luckSE float64) (off, se float64) {
	off = float64(h.Result) - (h.Expected + h.Skill + h.Others + luck)
	se = math.Sqrt(h.ExpectedSE*h.ExpectedSE + h.SkillSE*h.SkillSE + h.OthersSE*h.OthersSE + luckSE*luckSE)
	return off, se
}
