package review

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// Why says in a sentence or two why the best move of decision d, taken
// by the seat that observes obs, is better than the move played, naming
// the seats with names. For a flagged decision it is built from what
// changed between the two lines of play in the search (the options' Us
// and Them): the turn lost, the coup fourré given up, the trip, safe-trip,
// shut-out or extension bonus put at risk, the miles, then what the
// better move gives up in exchange, and the cards still unseen that a
// discarded remedy or safety would answer: "Play Go was better, by about
// 850 points (± 20). After discard Go: a turn lost; you finish the trip
// 41% of the time instead of 81%; they drive about 228 more miles." A
// good move, or a decision without the lines, gets the hint's explanation
// (ai.Explain). Decision.Why is this with the seats named "Player N"; a
// screen that knows the players' names says it again with them.
func Why(obs *engine.Observation, d *Decision, names engine.Names) string {
	reason := ai.Explain(obs, d.Best)
	if d.Verdict == Good {
		return capital(reason) + "."
	}
	best := names.Describe(d.Best)
	head := fmt.Sprintf("%s was better, by about %.0f points (± %.0f)", capital(best), d.Loss, d.LossSE)
	if lines := Lines(obs, d, names); lines != "" {
		return head + ". " + lines
	}
	if h, rest, ok := strings.Cut(reason, ": "); ok && strings.Contains(strings.ToLower(best), h) {
		reason = rest // "stop at 700: extending is too risky" after "Stop at 700 was better"
	}
	return fmt.Sprintf("%s: %s.", head, reason)
}

// Lines is the part of Why built from the two lines of play, without
// naming the better move and the loss first: "After discard Go: a turn
// lost; …". It is empty for a good move or a decision without the lines.
// A screen that shows the best move and the loss already shows this.
func Lines(obs *engine.Observation, d *Decision, names engine.Names) string {
	if d.Verdict == Good {
		return ""
	}
	worse, better := lineFacts(d)
	if d.Played.Kind() == engine.KindDiscard && d.Best.Kind() == engine.KindPlay {
		worse = append([]string{"a turn lost"}, worse...)
	}
	if len(worse) == 0 {
		return ""
	}
	text := fmt.Sprintf("After %s: %s.", names.Describe(d.Played), strings.Join(worse, "; "))
	if len(better) > 0 {
		text += fmt.Sprintf(" In exchange, after %s: %s.", names.Describe(d.Best), strings.Join(better, "; "))
	}
	if c := d.Played.Card(); d.Played.Kind() == engine.KindDiscard && (c.IsRemedy() || c.IsSafety()) {
		if n, h := stoppers(obs, c); n > 0 {
			text += fmt.Sprintf(" %d unseen cards (%s) can still stop you, and %s answers them.", n, h, c)
		}
	}
	return text
}

// fact is one difference between the two lines of play: its words and
// how many points of the result it is worth.
type fact struct {
	words  string
	points float64
}

// lineFacts says what the line of play after the move played gave away
// against the best move's (worse), and what the best move's gave away in
// exchange (better), each most costly first, at most three.
func lineFacts(d *Decision) (worse, better []string) {
	var played, best *Option
	for k := range d.Options {
		switch d.Options[k].Action {
		case d.Played:
			played = &d.Options[k]
		case d.Best:
			best = &d.Options[k]
		}
	}
	if played == nil || best == nil {
		return nil, nil
	}
	var lost, gained []fact
	// add notes one item: gain is what the best line gets over the played
	// one, pv and bv the item in the played and the best line; say words
	// it from the worse line's side (w) against the better one's (b).
	add := func(gain, pv, bv float64, say func(w, b float64) string) {
		switch {
		case math.Abs(gain) < max(15, 0.2*d.Loss):
		case gain > 0:
			lost = append(lost, fact{say(pv, bv), gain})
		default:
			gained = append(gained, fact{say(bv, pv), -gain})
		}
	}
	u, v := played.Us, best.Us
	tu, tv := played.Them, best.Them
	add(v.Milestones-u.Milestones, u.Milestones, v.Milestones, func(w, b float64) string {
		return fmt.Sprintf("you drive about %.0f fewer miles", b-w)
	})
	add(v.CoupsFourres-u.CoupsFourres, u.CoupsFourres, v.CoupsFourres, func(w, b float64) string {
		return fmt.Sprintf("coups fourrés worth about %.0f points given up", b-w)
	})
	us, vs := u.Safeties+u.AllSafeties, v.Safeties+v.AllSafeties
	add(vs-us, us, vs, func(w, b float64) string {
		return fmt.Sprintf("fewer safeties laid (about %.0f points)", b-w)
	})
	add(v.Trip+v.Delayed-u.Trip-u.Delayed, u.Trip, v.Trip, func(w, b float64) string {
		return fmt.Sprintf("you finish the trip %s of the time instead of %s", pct(w/400), pct(b/400))
	})
	add(v.SafeTrip-u.SafeTrip, u.SafeTrip, v.SafeTrip, func(w, b float64) string {
		return fmt.Sprintf("the safe-trip bonus comes %s of the time instead of %s", pct(w/300), pct(b/300))
	})
	add(v.Extension-u.Extension, u.Extension, v.Extension, func(w, b float64) string {
		return fmt.Sprintf("the extension is made %s of the time instead of %s", pct(w/200), pct(b/200))
	})
	add(v.ShutOut-u.ShutOut, u.ShutOut, v.ShutOut, func(w, b float64) string {
		return fmt.Sprintf("you shut them out %s of the time instead of %s", pct(w/500), pct(b/500))
	})
	// The others' items: what the better line keeps from them.
	add(tu.Milestones-tv.Milestones, tu.Milestones, tv.Milestones, func(w, b float64) string {
		return fmt.Sprintf("they drive about %.0f more miles", w-b)
	})
	add(tu.CoupsFourres-tv.CoupsFourres, tu.CoupsFourres, tv.CoupsFourres, func(w, b float64) string {
		return fmt.Sprintf("they make coups fourrés worth about %.0f points more", w-b)
	})
	add(tu.Trip+tu.Delayed-tv.Trip-tv.Delayed, tu.Trip, tv.Trip, func(w, b float64) string {
		return fmt.Sprintf("they finish the trip %s of the time instead of %s", pct(w/400), pct(b/400))
	})
	add(tu.ShutOut-tv.ShutOut, tu.ShutOut, tv.ShutOut, func(w, b float64) string {
		return fmt.Sprintf("you are shut out %s of the time instead of %s", pct(w/500), pct(b/500))
	})
	return top(lost), top(gained)
}

// top are the words of the three costliest facts, costliest first.
func top(facts []fact) []string {
	sort.SliceStable(facts, func(a, b int) bool { return facts[a].points > facts[b].points })
	var out []string
	for k := range min(3, len(facts)) {
		out = append(out, facts[k].words)
	}
	return out
}

// stoppers counts the unseen hazards that card c, a remedy or a safety,
// answers, and names them.
func stoppers(obs *engine.Observation, c engine.Card) (int, string) {
	unseen := obs.Unseen()
	n := 0
	var kinds []string
	for h := engine.Card(0); h < engine.NumCards; h++ {
		if !h.IsHazard() || unseen[h] == 0 || (engine.RemedyFor(h) != c && engine.SafetyFor(h) != c) {
			continue
		}
		n += int(unseen[h])
		kinds = append(kinds, h.String())
	}
	return n, strings.Join(kinds, " or ")
}

// pct says a probability as a percentage: "42%".
func pct(p float64) string { return fmt.Sprintf("%.0f%%", 100*max(0, min(1, p))) }
