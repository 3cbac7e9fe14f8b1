package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// WriteText prints r as mille review does: per hand a header (the
// result, what the analysis expected, the skill and the luck, the points
// given away and the costliest moments), then every decision with its verdict, and the
// reason for each flagged one. g is the game reviewed, for the seats'
// names.
func WriteText(w io.Writer, r *Review, g *record.Game) {
	fmt.Fprintf(w, "Review of %s\n", g.Summary())
	fmt.Fprintf(w, "Depth %v (%d rollouts a decision at most), seed %d.\n", r.Depth, r.Depth.Rollouts(), r.Seed)
	fmt.Fprintf(w, "Points are the hand's result: the side's points less the best other side's.\n")
	fmt.Fprintf(w, "A loss is flagged beyond %.0f standard errors and from %d (inaccuracy),\n%d (mistake) or %d points (blunder).\n",
		Noise, InaccuracyPoints, MistakePoints, BlunderPoints)
	if len(r.Hands) == 0 {
		fmt.Fprintln(w, "\nNo decision to review: the seats reviewed never had a choice.")
	}
	names := gameNames(g)
	why := namedReasons(r, g, names)
	for i := range r.Hands {
		h := &r.Hands[i]
		fmt.Fprintln(w)
		writeHeader(w, h, seatName(g, h.Seat), names)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  #\tplayed\tbest\tloss\tverdict\t")
		for k := range h.Decisions {
			d := &h.Decisions[k]
			best, loss := "", ""
			if d.Best != d.Played {
				best = names.Describe(d.Best)
				loss = fmt.Sprintf("%.0f ± %.0f", d.Loss, d.LossSE)
			}
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%v\t\n", k+1, names.Describe(d.Played), best, loss, d.Verdict)
		}
		tw.Flush()
		for k := range h.Decisions {
			if d := &h.Decisions[k]; d.Verdict != Good {
				reason := d.Why
				if named, ok := why[d.Index]; ok {
					reason = named
				}
				fmt.Fprintf(w, "  #%d %v: %s\n      %s\n", k+1, d.Verdict, reason, d.Observation)
			}
		}
	}
	if len(r.Hands) > 1 {
		fmt.Fprintln(w)
		writeTotals(w, r, g)
	}
	for _, seat := range r.Seats {
		if rt, ok := Rate(r, seat); ok {
			fmt.Fprintf(w, "Rating of %s: %.1f points given away per decision with a real choice (%d): %s; you played like %s.\n",
				seatName(g, seat), rt.PerDecision, rt.Decisions, rt.Label, rt.Like)
		}
	}
}

// writeTotals sums up every hand of each seat reviewed.
func writeTotals(w io.Writer, r *Review, g *record.Game) {
	for _, seat := range r.Seats {
		var decisions, hands int
		var given, skill, luck float64
		var verdicts [Blunder + 1]int
		for i := range r.Hands {
			h := &r.Hands[i]
			if h.Seat != seat {
				continue
			}
			hands++
			given += h.GivenAway
			skill += h.Skill
			luck += h.Luck
			for k := range h.Decisions {
				decisions++
				verdicts[h.Decisions[k].Verdict]++
			}
		}
		if hands == 0 {
			continue
		}
		fmt.Fprintf(w, "In all, %s: %d decisions in %d hands, %.0f points given away (%.0f a hand); %d inaccuracies, %d mistakes, %d blunders.\n",
			seatName(g, seat), decisions, hands, given, given/float64(hands), verdicts[Inaccuracy], verdicts[Mistake], verdicts[Blunder])
		fmt.Fprintf(w, "  skill %+.0f (%+.0f a hand), luck %+.0f (%+.0f a hand).\n", skill, skill/float64(hands), luck, luck/float64(hands))
	}
}

// writeHeader prints a hand's header.
func writeHeader(w io.Writer, h *Hand, name string, names engine.Names) {
	fmt.Fprintf(w, "Game %d, hand %d, %s", h.Game, h.Hand, name)
	if h.Finished {
		fmt.Fprintf(w, ": %d points, %+d against the best other side", h.Points, h.Result)
	} else {
		fmt.Fprint(w, ": hand not finished")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  expected at the first decision %+.0f ± %.0f; skill %+.0f ± %.0f", h.Expected, h.ExpectedSE, h.Skill, h.SkillSE)
	if h.Others != 0 {
		fmt.Fprintf(w, "; the other side's decisions %+.0f ± %.0f", h.Others, h.OthersSE)
	}
	if h.Finished {
		fmt.Fprintf(w, "; luck %+.0f ± %.0f", h.Luck, h.LuckSE)
	}
	fmt.Fprintf(w, "\n  given away by flagged decisions %.0f ± %.0f\n", h.GivenAway, h.GivenAwaySE)
	if c := h.Course(); len(c) > 1 {
		lo, hi := 0, 0
		for k := range c[:len(h.Decisions)] {
			if c[k] < c[lo] {
				lo = k
			}
			if c[k] > c[hi] {
				hi = k
			}
		}
		fmt.Fprintf(w, "  the course: expected %+.0f at the start, %+.0f at its highest (#%d), %+.0f at its lowest (#%d)",
			c[0], c[hi], hi+1, c[lo], lo+1)
		if h.Finished {
			fmt.Fprintf(w, ", result %+d", h.Result)
		}
		fmt.Fprintln(w)
	}
	if turns := h.Turns(3); len(turns) > 0 {
		var words []string
		for _, t := range turns {
			d := &h.Decisions[t.Decision]
			if t.Skill {
				words = append(words, fmt.Sprintf("#%d skill %+.0f (%s)", t.Decision+1, t.Points, names.Describe(d.Played)))
			} else {
				words = append(words, fmt.Sprintf("after #%d luck %+.0f", t.Decision+1, t.Points))
			}
		}
		fmt.Fprintf(w, "  turning points: %s\n", strings.Join(words, ", "))
	}
	if len(h.Costliest) > 0 {
		var moments []string
		for _, k := range h.Costliest {
			d := &h.Decisions[k]
			moments = append(moments, fmt.Sprintf("#%d %s (%.0f)", k+1, names.Describe(d.Played), d.Loss))
		}
		fmt.Fprintf(w, "  costliest: %s\n", strings.Join(moments, ", "))
	}
}

// seatName names a seat as the game does ("Player 2" without a name).
func seatName(g *record.Game, seat int) string {
	if seat < len(g.Seats) && g.Seats[seat].Name != "" {
		return fmt.Sprintf("seat %d (%s)", seat, g.Seats[seat].Name)
	}
	return fmt.Sprintf("seat %d", seat)
}

// namedReasons says again, with the players' names, the reason of every
// flagged decision (Decision.Why names them "Player N"), by index in the
// history. A history that does not replay leaves the reasons as they are.
func namedReasons(r *Review, g *record.Game, names engine.Names) map[int]string {
	flagged := map[int]*Decision{}
	for i := range r.Hands {
		for k := range r.Hands[i].Decisions {
			if d := &r.Hands[i].Decisions[k]; d.Verdict != Good {
				flagged[d.Index] = d
			}
		}
	}
	why := map[int]string{}
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil || len(flagged) == 0 {
		return why
	}
	for i, a := range g.History {
		if d, ok := flagged[i]; ok {
			obs := engine.Observe(&s, s.ToAct())
			why[i] = Why(&obs, d, names)
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
