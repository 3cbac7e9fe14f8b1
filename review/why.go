package review

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
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
	return WhyIn(&lang.English, obs, d, names)
}

// WhyIn is Why in the language of catalogue c.
func WhyIn(c *lang.Catalogue, obs *engine.Observation, d *Decision, names engine.Names) string {
	why := ai.Explain(obs, d.Best)
	if d.Verdict == Good {
		return lang.Capital(c.Why(why)) + "."
	}
	best := c.Describe(names, d.Best)
	head := lang.Capital(c.T(lang.ReviewBetter, best, round(d.Loss), round(d.LossSE)))
	if lines := LinesIn(c, obs, d, names); lines != "" {
		return head + ". " + lines
	}
	// "extending is too risky" after "Stop at 700 was better".
	return c.T(lang.ReviewBecause, head, c.WhyAfter(why))
}

// LinesIn is the part of Why built from the two lines of play, in the
// language of catalogue c, without naming the better move and the loss
// first: "After discard Go: a turn lost; …". It is empty for a good move
// or a decision without the lines. A screen that shows the best move and
// the loss already shows this.
func LinesIn(c *lang.Catalogue, obs *engine.Observation, d *Decision, names engine.Names) string {
	if d.Verdict == Good {
		return ""
	}
	worse, better := lineFacts(c, d)
	if d.Played.Kind() == engine.KindDiscard && d.Best.Kind() == engine.KindPlay {
		worse = append([]string{c.Text[lang.LineTurnLost]}, worse...)
	}
	if len(worse) == 0 {
		return ""
	}
	join := c.Text[lang.ReviewJoin]
	text := c.T(lang.ReviewAfter, c.Describe(names, d.Played), strings.Join(worse, join))
	if len(better) > 0 {
		text += " " + c.T(lang.ReviewExchange, c.Describe(names, d.Best), strings.Join(better, join))
	}
	if card := d.Played.Card(); d.Played.Kind() == engine.KindDiscard && (card.IsRemedy() || card.IsSafety()) {
		if n, hazards := stoppers(obs, card); n > 0 {
			var hs []string
			for _, h := range hazards {
				hs = append(hs, c.Card(h))
			}
			text += " " + stoppersLine(c, n, hs, card)
		}
	}
	return text
}

// stoppersLine says that n unseen hazards can still stop the seat and
// that the discarded card answers them, in the singular for one.
func stoppersLine(c *lang.Catalogue, n int, hazards []string, card engine.Card) string {
	return c.Count(n, lang.ReviewStopper, c.List(hazards, lang.Or), c.Card(card))
}

// fact is one difference between the two lines of play: its words and
// how many points of the result it is worth.
type fact struct {
	words  string
	points float64
}

// lineFacts says, in the language of c, what the line of play after the
// move played gave away against the best move's (worse), and what the
// best move's gave away in exchange (better), each most costly first, at
// most three.
func lineFacts(c *lang.Catalogue, d *Decision) (worse, better []string) {
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
	// one, pv and bv the item in the played and the best line. key words
	// it from the worse line's side (w) against the better one's (b):
	// with the difference when unit is 0, else with each line's chance of
	// the bonus worth unit points.
	add := func(gain, pv, bv float64, key lang.Key, unit float64) {
		var f fact
		switch {
		case math.Abs(gain) < max(15, 0.2*d.Loss):
			return
		case gain > 0:
			f.points = gain
		default:
			f.points, pv, bv = -gain, bv, pv
		}
		if unit == 0 {
			f.words = c.T(key, round(math.Abs(bv-pv)))
		} else {
			f.words = c.T(key, percent(pv/unit), percent(bv/unit))
		}
		if gain > 0 {
			lost = append(lost, f)
		} else {
			gained = append(gained, f)
		}
	}
	u, v := played.Us, best.Us
	tu, tv := played.Them, best.Them
	add(v.Milestones-u.Milestones, u.Milestones, v.Milestones, lang.LineMiles, 0)
	add(v.CoupsFourres-u.CoupsFourres, u.CoupsFourres, v.CoupsFourres, lang.LineCoupsFourres, 0)
	add(v.Safeties+v.AllSafeties-u.Safeties-u.AllSafeties, u.Safeties+u.AllSafeties, v.Safeties+v.AllSafeties, lang.LineSafeties, 0)
	add(v.Trip+v.Delayed-u.Trip-u.Delayed, u.Trip, v.Trip, lang.LineTrip, 400)
	add(v.SafeTrip-u.SafeTrip, u.SafeTrip, v.SafeTrip, lang.LineSafeTrip, 300)
	add(v.Extension-u.Extension, u.Extension, v.Extension, lang.LineExtension, 200)
	add(v.ShutOut-u.ShutOut, u.ShutOut, v.ShutOut, lang.LineShutOut, 500)
	// The others' items: what the better line keeps from them.
	add(tu.Milestones-tv.Milestones, tu.Milestones, tv.Milestones, lang.LineTheirMiles, 0)
	add(tu.CoupsFourres-tv.CoupsFourres, tu.CoupsFourres, tv.CoupsFourres, lang.LineTheirCoups, 0)
	add(tu.Trip+tu.Delayed-tv.Trip-tv.Delayed, tu.Trip, tv.Trip, lang.LineTheirTrip, 400)
	add(tu.ShutOut-tv.ShutOut, tu.ShutOut, tv.ShutOut, lang.LineShutOutYou, 500)
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
// answers and that can still stop the seat that observes obs, and lists
// their kinds. A Speed Limit only slows, and a hazard whose safety the
// seat's side has laid, or the seat holds (other than c, discarded), no
// longer stops it.
func stoppers(obs *engine.Observation, c engine.Card) (int, []engine.Card) {
	unseen := obs.Unseen()
	mine := &obs.Tableaus[obs.Side()]
	n := 0
	var kinds []engine.Card
	for h := engine.Card(0); h < engine.NumCards; h++ {
		if !h.IsHazard() || h == engine.SpeedLimit || unseen[h] == 0 || (engine.RemedyFor(h) != c && engine.SafetyFor(h) != c) {
			continue
		}
		if safety := engine.SafetyFor(h); mine.Has(safety) || safety != c && slices.Contains(obs.MyHand[:], safety) {
			continue
		}
		n += int(unseen[h])
		kinds = append(kinds, h)
	}
	return n, kinds
}

// percent is a probability in whole percents, 0 to 100.
func percent(p float64) int { return round(100 * max(0, min(1, p))) }

// round is x to the nearest whole number.
func round(x float64) int { return int(math.Round(x)) }
