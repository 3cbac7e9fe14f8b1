package review

import (
	"math"
	"regexp"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// The words of a review for a reader or a listener, which mille review's
// text and the line mode share: no figure carries a sign to read (a
// screen reader reads "-485" as "485"), a result is "ahead" or "behind".

// MarginIn words a result against the best other side in the language
// of c: "120 points ahead", "45 points behind", "even".
func MarginIn(c *lang.Catalogue, points float64) string {
	switch n := round(points); {
	case n > 0:
		return c.T(lang.RvlAhead, c.Count(n, lang.CountPoint))
	case n < 0:
		return c.T(lang.RvlBehind, c.Count(-n, lang.CountPoint))
	}
	return c.T(lang.RvlEven)
}

// SplitWordsIn words a split's terms in the language of c: what the
// seat's play gained or cost against the computer's steady play, what
// the others' play cost or gained them (the seat's side's gain or loss),
// and what the cards gave or took.
func SplitWordsIn(c *lang.Catalogue, p *Split) (play, theirs, cards string) {
	pick := func(x float64, up, down lang.Key) string {
		if n := round(x); n < 0 {
			return c.T(down, c.Count(-n, lang.CountPoint))
		}
		return c.T(up, c.Count(round(x), lang.CountPoint))
	}
	return pick(p.Skill, lang.RvlPlayGained, lang.RvlPlayLost),
		pick(p.Others, lang.RvlTheirsCost, lang.RvlTheirsGained),
		pick(p.Luck, lang.RvlCardsGave, lang.RvlCardsTook)
}

// plusMinus is the standard error a reason writes after a loss, "(±
// 21)": the screen's, which speech reads badly ("plus 21") and a reader
// needs less than the loss itself.
var plusMinus = regexp.MustCompile(`\s*\(±\s*\d+\)`)

// WithoutNoise is a reason (WhyIn) without the standard error after its
// loss, for a reader or a listener.
func WithoutNoise(why string) string { return plusMinus.ReplaceAllString(why, "") }

// MoveNumbers are the numbers the review screen gives the moves, by
// place in g's history: each hand's moves (every seat's, the hand's end
// left out) counted from 1. A history that does not replay is numbered
// as far as it does.
func MoveNumbers(g *record.Game) map[int]int {
	numbers := map[int]int{}
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return numbers
	}
	n := 0
	for i, a := range g.History {
		if s.HandOver() {
			n = 0
		} else {
			n++
			numbers[i] = n
		}
		if s.Step(a) != nil {
			break
		}
	}
	return numbers
}

// HandLines are what the review of hand h says of it, in the language of
// c, one sentence a line, the same in mille review's text and in the line
// mode (which goes on to tell the decisions that gave points away, and
// the turning points): its result, name being its seat's as the reader
// knows it, or that it is under way; what could be expected and, once
// played out, what each did and whether the terms add up; how many
// decisions gave points away.
func HandLines(c *lang.Catalogue, h *Hand, name string) []string {
	var lines []string
	say := func(k lang.Key, args ...any) { lines = append(lines, c.T(k, args...)) }
	if h.Finished {
		say(lang.RvlHand, h.Hand, h.Game, name, c.Count(h.Points, lang.CountPoint), MarginIn(c, float64(h.Result)))
	} else {
		say(lang.RtHandOpen, h.Hand, h.Game, name)
	}
	if p := h.Split; p != nil && h.Finished {
		play, theirs, cards := SplitWordsIn(c, p)
		say(lang.RvlSplit, MarginIn(c, p.Expected), play, theirs, cards)
		// The terms are measured apart: say how near their sum comes.
		off, se := p.Off(h.Result)
		if math.Abs(off) <= Within*se {
			say(lang.RvlSplitHolds, c.Count(round(math.Abs(off)), lang.CountPoint))
		} else {
			say(lang.RvlSplitMisses, c.Count(round(math.Abs(off)), lang.CountPoint))
		}
	} else {
		say(lang.RvlExpectOpen, MarginIn(c, h.Expected))
	}
	flagged := 0
	for k := range h.Decisions {
		if h.Decisions[k].Verdict != Good {
			flagged++
		}
	}
	switch {
	case len(h.Decisions) == 0:
		say(lang.RvlNoChoice)
	case flagged == 0 && len(h.Decisions) == 1:
		say(lang.RvlCleanOne)
	case flagged == 0:
		say(lang.RvlClean, len(h.Decisions))
	default:
		lines = append(lines, c.Count(flagged, lang.RtFlaggedOne, len(h.Decisions)))
	}
	return lines
}
