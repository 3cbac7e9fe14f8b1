package review

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// WriteText prints r as mille review does: per hand a header (the
// result and its split into expected, skill and luck, whether they add
// up, the points given away and the costliest moments), then every decision with its verdict, and the
// reason for each flagged one, in the language of c. g is the game
// reviewed, for the seats' names.
func WriteText(w io.Writer, c *lang.Catalogue, r *Review, g *record.Game) {
	which, scores := c.GameWhich(g.Names(), int(g.State.Game), int(g.State.Hand), g.Scores())
	fmt.Fprintln(w, c.T(lang.RtTitle, which, scores))
	fmt.Fprintln(w, c.T(lang.RtDepth, DepthIn(c, r.Depth), r.Depth.Rollouts(), r.Seed))
	fmt.Fprintln(w, c.T(lang.RtPoints))
	fmt.Fprintln(w, c.T(lang.RtFlagged, Noise, InaccuracyPoints, MistakePoints, BlunderPoints))
	if len(r.Hands) == 0 {
		fmt.Fprintln(w, "\n"+c.T(lang.RtNoDecision))
	}
	names := gameNames(g)
	why := namedReasons(c, r, g, names)
	for i := range r.Hands {
		h := &r.Hands[i]
		fmt.Fprintln(w)
		writeHeader(w, c, h, seatName(c, g, h.Seat), names)
		// A sentence a decision, which a screen reader reads well (a
		// padded table it reads as a run of words and numbers); the
		// position of a flagged one below it.
		for k := range h.Decisions {
			d := &h.Decisions[k]
			if d.Verdict == Good {
				fmt.Fprintln(w, "  "+c.T(lang.RtDecision, k+1, c.Describe(names, d.Played), VerdictIn(c, d.Verdict)))
				continue
			}
			reason, position := d.Why, d.Observation
			if named, ok := why[d.Index]; ok {
				reason, position = named.why, named.position
			}
			fmt.Fprintf(w, "  %s\n      %s\n", c.T(lang.RtFlaggedMove, k+1, c.Describe(names, d.Played), VerdictIn(c, d.Verdict), reason), position)
		}
	}
	if len(r.Hands) > 1 {
		fmt.Fprintln(w)
		writeTotals(w, c, r, g)
	}
	for _, seat := range r.Seats {
		if rt, ok := Rate(r, seat); ok {
			fmt.Fprintln(w, c.T(lang.RtRating, seatName(c, g, seat), rt.PerDecision, rt.Decisions, LabelIn(c, rt.Label), LevelIn(c, rt.Like)))
		}
	}
}

// VerdictIn names verdict v in the language of c ("inaccuracy").
func VerdictIn(c *lang.Catalogue, v Verdict) string {
	if int(v) >= len(verdictNames) {
		return v.String()
	}
	return c.Text[lang.VerdictGood+lang.Key(v)]
}

// labelKeys are the ratings' labels (Rating.Label, English as the JSON
// keeps them) and their words in the catalogues.
var labelKeys = map[string]lang.Key{
	"beginner": lang.RateBeginner, "casual": lang.RateCasual, "good": lang.RateGood, "strong": lang.RateStrong,
}

// LabelIn words a rating's label (Rating.Label, English as the JSON
// keeps it) in the language of c.
func LabelIn(c *lang.Catalogue, label string) string {
	if k, ok := labelKeys[label]; ok {
		return c.Text[k]
	}
	return label
}

// LevelIn words a rating's band of levels (Rating.Like: "medium",
// "hard/expert") in the language of c.
func LevelIn(c *lang.Catalogue, like string) string {
	parts := strings.Split(like, "/")
	for i, p := range parts {
		parts[i] = c.Level(p)
	}
	return strings.Join(parts, "/")
}

// writeTotals sums up every hand of each seat reviewed.
func writeTotals(w io.Writer, c *lang.Catalogue, r *Review, g *record.Game) {
	for _, seat := range r.Seats {
		var decisions, hands, split int
		var given float64
		var sum Split // the split hands' terms, added up
		var verdicts [Blunder + 1]int
		for i := range r.Hands {
			h := &r.Hands[i]
			if h.Seat != seat {
				continue
			}
			hands++
			given += h.GivenAway
			if h.Split != nil {
				split++
				sum.Add(h.Split)
			}
			for k := range h.Decisions {
				decisions++
				verdicts[h.Decisions[k].Verdict]++
			}
		}
		if hands == 0 {
			continue
		}
		fmt.Fprintln(w, c.T(lang.RtInAll, seatName(c, g, seat), c.Count(decisions, lang.CountDecision), c.Count(hands, lang.CountHand), given, given/float64(hands),
			c.Count(verdicts[Inaccuracy], lang.CountInaccuracy), c.Count(verdicts[Mistake], lang.CountMistake), c.Count(verdicts[Blunder], lang.CountBlunder)))
		if split > 0 {
			n := float64(split)
			fmt.Fprintln(w, "  "+c.T(lang.RtSkillLuck, split, sum.Expected, sum.Skill, sum.Skill/n, sum.Others, sum.Luck, sum.Luck/n))
		}
	}
}

// writeHeader prints a hand's header.
func writeHeader(w io.Writer, c *lang.Catalogue, h *Hand, name string, names engine.Names) {
	fmt.Fprint(w, c.T(lang.RtHand, h.Game, h.Hand, name))
	if h.Finished {
		fmt.Fprint(w, c.T(lang.RtHandPoints, h.Points, h.Result))
	} else {
		fmt.Fprint(w, c.T(lang.RtHandOpen))
	}
	fmt.Fprintln(w)
	if p := h.Split; p != nil && h.Finished {
		fmt.Fprintln(w, "  "+c.T(lang.RtSplit, p.Expected, p.ExpectedSE, p.Skill, p.SkillSE, p.Others, p.OthersSE, p.Luck, p.LuckSE))
		off, se := p.Off(h.Result)
		addUp := lang.RtAddUp
		if math.Abs(off) > Within*se {
			addUp = lang.RtAddUpNot
		}
		fmt.Fprintln(w, "  "+c.T(addUp, off, se))
	} else {
		fmt.Fprintln(w, "  "+c.T(lang.RtExpected, h.Expected, h.ExpectedSE))
	}
	fmt.Fprintln(w, "  "+c.T(lang.RtGiven, h.GivenAway, h.GivenAwaySE))
	if cat, c := c, h.Course(); len(c) > 1 {
		lo, hi := 0, 0
		for k := range c[:len(h.Decisions)] {
			if c[k] < c[lo] {
				lo = k
			}
			if c[k] > c[hi] {
				hi = k
			}
		}
		fmt.Fprint(w, "  "+cat.T(lang.RtCourse, c[0], c[hi], hi+1, c[lo], lo+1))
		if h.Finished {
			fmt.Fprint(w, cat.T(lang.RtResult, h.Result))
		}
		fmt.Fprintln(w)
	}
	if turns := h.Turns(3); len(turns) > 0 {
		var words []string
		for _, t := range turns {
			d := &h.Decisions[t.Decision]
			if t.Skill {
				words = append(words, c.T(lang.RtTurnSkill, t.Decision+1, t.Points, c.Describe(names, d.Played)))
			} else {
				words = append(words, c.T(lang.RtTurnLuck, t.Decision+1, t.Points))
			}
		}
		fmt.Fprintln(w, "  "+c.T(lang.RtTurning, strings.Join(words, c.Text[lang.Comma])))
	}
	if len(h.Costliest) > 0 {
		var moments []string
		for _, k := range h.Costliest {
			d := &h.Decisions[k]
			moments = append(moments, c.T(lang.RtCostlyMove, k+1, c.Describe(names, d.Played), d.Loss))
		}
		fmt.Fprintln(w, "  "+c.T(lang.RtCostliest, strings.Join(moments, c.Text[lang.Comma])))
	}
}

// seatName names a seat as --seat counts them, with its player's name.
func seatName(c *lang.Catalogue, g *record.Game, seat int) string {
	if seat < len(g.Seats) && g.Seats[seat].Name != "" {
		return c.T(lang.RtSeatNamed, seat, c.SeatName(g.Seats[seat].Name, seat, false))
	}
	return c.T(lang.RtSeat, seat)
}

// flaggedWords are a flagged decision's reason and position, said in a
// language with the players' names.
type flaggedWords struct{ why, position string }

// namedReasons says again, in the language of c and with the players'
// names, the reason and the position of every flagged decision
// (Decision.Why and Decision.Observation are English, with "Player N"),
// by index in the history. A history that does not replay leaves them
// as they are.
func namedReasons(c *lang.Catalogue, r *Review, g *record.Game, names engine.Names) map[int]flaggedWords {
	flagged := map[int]*Decision{}
	for i := range r.Hands {
		for k := range r.Hands[i].Decisions {
			if d := &r.Hands[i].Decisions[k]; d.Verdict != Good {
				flagged[d.Index] = d
			}
		}
	}
	why := map[int]flaggedWords{}
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil || len(flagged) == 0 {
		return why
	}
	for i, a := range g.History {
		if d, ok := flagged[i]; ok {
			obs := engine.Observe(&s, s.ToAct())
			seen := names
			seen.Viewer = obs.Seat
			why[i] = flaggedWords{WhyIn(c, &obs, d, names), SummaryIn(c, &obs, seen)}
		}
		if s.Step(a) != nil {
			break
		}
	}
	return why
}

// gameNames are the words for the game's seats in the moves' descriptions:
// the players' names, as an onlooker reads them.
func gameNames(g *record.Game) engine.Names {
	seats := make([]string, len(g.Seats))
	for i := range g.Seats {
		seats[i] = g.Seats[i].Name
	}
	return engine.Names{Config: g.State.Config, Viewer: -1, Seats: seats}
}
