package review

import (
	"context"
	"fmt"
	"math"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// Split is a finished hand's result split into what the seat's side
// could expect when the hand was dealt, what the decisions of each side
// did, and what the cards did, every term measured apart with one
// estimator, heuristic play-outs, as poker's AIVAT measures luck
// (docs/review.md, "Skill and luck"). Expected + Skill + Others + Luck
// is the result within the noise of the play-outs, SumSE; the terms are
// in points of the hand's result (ai.HandMargin) of the seat's side.
type Split struct {
	// Expected is the result the seat could expect when the hand was
	// dealt, from its own cards, with the heuristic playing every seat.
	Expected   float64 `json:"expected"`
	ExpectedSE float64 `json:"expected_se"`
	// Skill is what the decisions of the seat's side did, each against
	// the heuristic's move in its place, in the deal as it was (the other
	// hands as they were, the draw pile unknown; ai.MoveSkill): above
	// zero where they did better than the heuristic, below where worse.
	// Others is the same for the other sides' decisions, for the seat's
	// side.
	Skill    float64 `json:"skill"`
	SkillSE  float64 `json:"skill_se"`
	Others   float64 `json:"others"`
	OthersSE float64 `json:"others_se"`
	// Luck is what the cards did: the hands the seat could not see when
	// the hand was dealt (ai.HiddenLuck) and every card drawn after that
	// (ai.DrawLuck). It averages zero whoever plays.
	Luck   float64 `json:"luck"`
	LuckSE float64 `json:"luck_se"`
	// SumSE is the standard error of Expected + Skill + Others + Luck,
	// whose first and last terms are not independent (the hidden hands'
	// luck is measured against the expectation).
	SumSE float64 `json:"sum_se"`
}

// Within is how many standard errors of the sum a split may be off and
// still add up to the result within the noise (Off): 95% of the hands
// would, were the terms right and their noise normal.
const Within = 1.96

// Off is what the split leaves unexplained of result (the hand's): the
// result less the sum of the terms, and the standard error of that sum.
// The terms are measured apart, so it is not zero by construction: it
// is the check that they add up.
func (p *Split) Off(result int) (off, se float64) {
	return float64(result) - (p.Expected + p.Skill + p.Others + p.Luck), p.SumSE
}

// Add adds q's terms to p's, and their standard errors in quadrature
// (each hand is measured apart): the split of two hands together, as the
// game's split adds up its hands'.
func (p *Split) Add(q *Split) {
	p.Expected += q.Expected
	p.Skill += q.Skill
	p.Others += q.Others
	p.Luck += q.Luck
	p.ExpectedSE = math.Hypot(p.ExpectedSE, q.ExpectedSE)
	p.SkillSE = math.Hypot(p.SkillSE, q.SkillSE)
	p.OthersSE = math.Hypot(p.OthersSE, q.OthersSE)
	p.LuckSE = math.Hypot(p.LuckSE, q.LuckSE)
	p.SumSE = math.Hypot(p.SumSE, q.SumSE)
}

// Splits measures the Split of every finished hand of hands (a review's
// of g, or Outline's) that has a decision of its seat, from the deal to
// the hand's end, in the order of hands (nil for the others). Every
// event is measured with deals sampled deals, seeded from seed and its
// place in the history. It stops at ctx's end with its error.
func Splits(ctx context.Context, g *record.Game, hands []Hand, seed uint64, deals int) ([]*Split, error) {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil, err
	}
	splits := make([]*Split, len(hands))
	// Variances until the end; sum is that of the sum.
	type vars struct{ expected, skill, others, luck, sum float64 }
	v := make([]vars, len(hands))
	// open are the hands, index in hands, under way.
	var open []int
	var buf [engine.MaxLegal]engine.Action
	var drawn []engine.Event
	dealt := true // s is a hand just dealt
	for i, a := range g.History {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if dealt {
			dealt = false
			for h := range hands {
				hd := &hands[h]
				if !hd.Finished || len(hd.Decisions) == 0 || hd.Game != int(s.Game)+1 || hd.Hand != int(s.Hand)+1 {
					continue
				}
				l, lse, e, ese := ai.HiddenLuck(&s, hd.Seat, deals, decisionSeed(seed, -i-1))
				side := hd.Side
				splits[h] = &Split{Expected: e[side], Luck: l[side]}
				v[h].expected = ese[side] * ese[side]
				v[h].luck = lse[side] * lse[side]
				// Expected and the hidden hands' luck add up to the mean
				// of the play-outs of the hands as they are: the sum's
				// variance is that mean's alone.
				v[h].sum = lse[side]*lse[side] - ese[side]*ese[side]
				open = append(open, h)
			}
		}
		if len(open) > 0 && !s.HandOver() && len(s.Legal(buf[:0])) > 1 {
			skill, se := ai.MoveSkill(&s, a, deals, decisionSeed(seed, i))
			mover := s.Config.SideOf(s.ToAct())
			for _, h := range open {
				side, p, pv := hands[h].Side, splits[h], &v[h]
				sv := se[side] * se[side]
				if mover == side {
					p.Skill += skill[side]
					pv.skill += sv
				} else {
					p.Others += skill[side]
					pv.others += sv
				}
				pv.sum += sv
			}
		}
		since := s.EventCount
		over := s.HandOver()
		if err := s.Step(a); err != nil {
			return nil, &record.FieldError{Field: fmt.Sprintf("history[%d] (%v)", i, a), Err: err}
		}
		if over && !s.HandOver() {
			dealt = true
			continue
		}
		if !over && s.HandOver() {
			open = open[:0]
			continue
		}
		if over || len(open) == 0 {
			continue
		}
		if drawn = ai.Draws(&s, since, drawn[:0]); len(drawn) == 0 {
			continue
		}
		l, e := ai.DrawLuck(&s, drawn, deals, decisionSeed(seed, i))
		for _, h := range open {
			side := hands[h].Side
			splits[h].Luck += l[side]
			v[h].luck += e[side] * e[side]
			v[h].sum += e[side] * e[side]
		}
	}
	for h, p := range splits {
		if p == nil {
			continue
		}
		p.ExpectedSE, p.SkillSE, p.OthersSE = math.Sqrt(v[h].expected), math.Sqrt(v[h].skill), math.Sqrt(v[h].others)
		p.LuckSE, p.SumSE = math.Sqrt(v[h].luck), math.Sqrt(v[h].sum)
	}
	return splits, nil
}

// Outline lists the hands and decisions a review of seats in g would
// analyse (Hand.Decisions hold their Index alone), with each hand's
// result: what Splits needs, without the search.
func Outline(g *record.Game, seats []int) ([]Hand, error) {
	var r Review
	if _, err := replay(g, seats, &r); err != nil {
		return nil, err
	}
	return r.Hands, nil
}
