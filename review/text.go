package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// WriteText prints r as mille review does, in the language of c and in
// the line mode's plain sentences: per hand its result, what could be
// expected of it and what the seat's play, the others' and the cards did
// (Split), how many decisions gave points away, then every decision by
// the number the review screen gives its move, with its verdict, and the
// reason and the position of each flagged one, and the hand's turning
// points; the game's totals and the rating; last, how it was measured.
// No figure carries a sign to read. g is the game reviewed, for the
// seats' names.
func WriteText(w io.Writer, c *lang.Catalogue, r *Review, g *record.Game) {
	which, scores := c.GameWhich(g.Names(), int(g.State.Game), int(g.State.Hand), g.Scores())
	fmt.Fprintln(w, c.T(lang.RtTitle, which, scores))
	if len(r.Hands) == 0 {
		fmt.Fprintln(w, "\n"+c.T(lang.RtNoDecision))
	}
	names := gameNames(g)
	why := namedReasons(c, r, g, names)
	moves := MoveNumbers(g)
	for i := range r.Hands {
		h := &r.Hands[i]
		fmt.Fprintln(w)
		writeHand(w, c, h, seatName(c, g, h.Seat))
		// A sentence a decision, which a screen reader reads well (a
		// padded table it reads as a run of words and numbers); the
		// position of a flagged one below it.
		for k := range h.Decisions {
			d := &h.Decisions[k]
			if d.Verdict == Good {
				fmt.Fprintln(w, "  "+c.T(lang.RtDecision, moves[d.Index], c.Describe(names, d.Played), VerdictIn(c, d.Verdict)))
				continue
			}
			reason, position := d.Why, d.Observation
			if named, ok := why[d.Index]; ok {
				reason, position = named.why, named.position
			}
			fmt.Fprintf(w, "  %s\n      %s\n", c.T(lang.RtFlaggedMove, moves[d.Index], c.Describe(names, d.Played), VerdictIn(c, d.Verdict), WithoutNoise(reason)), position)
		}
		writeTurns(w, c, h, names, moves)
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
	fmt.Fprintln(w)
	fmt.Fprintln(w, c.T(lang.RtMeasured, DepthIn(c, r.Depth), r.Depth.Rollouts(), r.Seed, InaccuracyPoints, MistakePoints, BlunderPoints))
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
		fmt.Fprintln(w, c.T(lang.RtInAll, seatName(c, g, seat), c.Count(decisions, lang.CountDecision), c.Count(hands, lang.CountHand), c.Count(round(given), lang.CountGiven), given/float64(hands),
			c.Count(verdicts[Inaccuracy], lang.CountInaccuracy), c.Count(verdicts[Mistake], lang.CountMistake), c.Count(verdicts[Blunder], lang.CountBlunder)))
		if split > 0 {
			play, theirs, cards := SplitWordsIn(c, &sum)
			fmt.Fprintln(w, "  "+c.T(lang.RvlGameSplit, play, theirs, cards))
		}
	}
}

// writeHand prints a hand's sentences, as the line mode says them
// (HandLines).
func writeHand(w io.Writer, c *lang.Catalogue, h *Hand, name string) {
	for _, line := range HandLines(c, h, name) {
		fmt.Fprintln(w, line)
	}
}

// writeTurns prints a hand's turning points: the decisions and the luck
// that moved its course most, by move number.
func writeTurns(w io.Writer, c *lang.Catalogue, h *Hand, names engine.Names, moves map[int]int) {
	course := h.Course()
	for _, t := range h.Turns(3) {
		d := &h.Decisions[t.Decision]
		if t.Skill {
			from := course[t.Decision]
			fmt.Fprintln(w, "  "+c.T(lang.RtTurnSkill, moves[d.Index], c.Describe(names, d.Played), MarginIn(c, from), MarginIn(c, from+t.Points)))
			continue
		}
		to := course[t.Decision+1]
		fmt.Fprintln(w, "  "+c.T(lang.RtTurnLuck, moves[d.Index], MarginIn(c, to-t.Points), MarginIn(c, to)))
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
