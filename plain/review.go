package plain

import (
	"context"
	"math"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
)

// The game review in sentences (issue 24, item 17; issue 25, item 6): the
// review's own results (package review) told for the ear: each hand's
// result split into what could be expected, what the player's play and
// the others' did against the computer's steady play, and what the
// cards did (review.Split); each decision that gave points away, with its
// verdict and why; the turning points of the hand's course, the chart in
// words; the rating.

// ReviewFunc reviews a game (review.Analyse, or through a cache).
type ReviewFunc func(ctx context.Context, g record.Game, o review.Options) (*review.Review, error)

// reviewer reviews the game when asked, away from the game's loop, and
// tells the review when done.
type reviewer struct {
	*board
	// review and record review the game and give its record; either nil:
	// no review.
	review ReviewFunc
	record func() record.Game
	// done brings the review asked for; cancel cancels it while it runs.
	done   chan reviewResult
	cancel context.CancelFunc
}

// reviewResult is a review done, of the game g.
type reviewResult struct {
	r   *review.Review
	g   record.Game
	err error
}

// start starts the review of the last hand ("review"), or of the
// game's hands ("review game"), which is told when done.
func (rv *reviewer) start(args []string) {
	o := &rv.obs
	switch {
	case rv.review == nil || rv.record == nil:
		rv.say(lang.RvlNone)
		return
	case o.Phase < engine.PhaseHandOver:
		rv.say(lang.RvlNotYet)
		return
	case rv.cancel != nil:
		rv.say(lang.RvlBusy)
		return
	}
	rec := rv.record()
	whole := len(args) > 0 && (strings.EqualFold(args[0], "game") || strings.EqualFold(args[0], "partie"))
	from := handStart(&rec, !whole)
	if whole {
		rv.say(lang.RvlStartedGame)
	} else {
		rv.say(lang.RvlStarted)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rv.cancel = cancel
	out, fn := rv.done, rv.review
	go func() {
		r, err := fn(ctx, rec, review.Options{Depth: review.Normal, From: from})
		select {
		case out <- reviewResult{r: r, g: rec, err: err}:
		case <-ctx.Done():
		}
	}()
}

// stop cancels the review under way, if any.
func (rv *reviewer) stop() {
	if rv.cancel != nil {
		rv.cancel()
		rv.cancel = nil
	}
}

// handStart is the place in g's history of the first action of its last
// hand, or, with hand false, of its last game.
func handStart(g *record.Game, hand bool) int {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return 0
	}
	start := 0
	for i, a := range g.History {
		over, game := s.HandOver(), s.Game
		if s.Step(a) != nil {
			return 0
		}
		if over && !s.HandOver() && (hand || s.Game != game) {
			start = i + 1
		}
	}
	return start
}

// tell tells a review done.
func (rv *reviewer) tell(res reviewResult) {
	rv.cancel = nil
	if res.err != nil {
		rv.say(lang.RvlFailed, res.err)
		return
	}
	r := res.r
	hands, decisions, split := 0, 0, 0
	var given float64
	var sum review.Split // the split hands' terms, added up
	// Moves are numbered as the review screen and mille review number
	// them, each hand's from 1, every seat's counted.
	moves := review.MoveNumbers(&res.g)
	for i := range r.Hands {
		h := &r.Hands[i]
		if !rv.view.Plays(h.Seat) {
			continue
		}
		hands++
		decisions += len(h.Decisions)
		given += h.GivenAway
		if h.Split != nil {
			split++
			sum.Add(h.Split)
		}
		rv.tellHand(h, &res.g, moves)
	}
	if hands == 0 {
		rv.say(lang.RvlNothing)
		return
	}
	if hands > 1 {
		rv.say(lang.RvlGame, rv.cat.Count(hands, lang.CountHand), rv.cat.Count(decisions, lang.CountDecision), rv.cat.Count(round(given), lang.CountGiven))
		if split > 0 {
			play, theirs, cards := rv.splitWords(&sum)
			rv.say(lang.RvlGameSplit, play, theirs, cards)
		}
	}
	for _, seat := range r.Seats {
		if rt, ok := review.Rate(r, seat); ok && rv.view.Plays(seat) {
			var like []string // a band of levels, "hard/expert", said "hard or expert"
			for _, level := range strings.Split(rt.Like, "/") {
				like = append(like, rv.cat.Level(level))
			}
			rv.say(lang.RvlRating, rt.PerDecision, rt.Decisions, review.LabelIn(rv.cat, rt.Label), rv.list(like, lang.Or))
		}
	}
}

// tellHand tells one hand's review; moves numbers its moves
// (review.MoveNumbers).
func (rv *reviewer) tellHand(h *review.Hand, rec *record.Game, moves map[int]int) {
	for _, line := range review.HandLines(rv.cat, h, capital(rv.seatName(h.Seat))) {
		rv.line(line)
	}
	rv.tellDecisions(h, rec, moves)
	course := h.Course()
	for _, t := range h.Turns(3) {
		d := &h.Decisions[t.Decision]
		if t.Skill {
			from := course[t.Decision]
			rv.say(lang.RvlTurnSkill, moves[d.Index], rv.cat.Describe(rv.names(), d.Played), rv.margin(from), rv.margin(from+t.Points))
			continue
		}
		to := course[t.Decision+1]
		end := len(rec.History)
		if t.Decision+1 < len(h.Decisions) {
			end = h.Decisions[t.Decision+1].Index
		}
		// The moves of the others that went the way the cards did: a
		// hazard on the player's side is no cause of a gain, nor one on
		// another side of a loss (the cards drawn were).
		var told []string
		for _, e := range luckEvents(rec, h.Seat, d.Index+1, end) {
			if goodFor(rec.State.Config, h.Seat, e) != (t.Points > 0) {
				continue
			}
			if text := rv.cat.EventIn(e, rv.names()); text != "" {
				told = append(told, text)
			}
		}
		if len(told) == 0 {
			rv.say(lang.RvlTurnLuckAll, moves[d.Index], rv.margin(to-t.Points), rv.margin(to))
			continue
		}
		rv.say(lang.RvlTurnLuck, moves[d.Index], rv.list(told[:min(3, len(told))], lang.And), rv.margin(to-t.Points), rv.margin(to))
	}
}

// tellDecisions tells each decision of h that gave points away: the move,
// the verdict, and why (review.WhyIn, with the players' names), by the
// number of its move (moves).
func (rv *reviewer) tellDecisions(h *review.Hand, rec *record.Game, moves map[int]int) {
	s, err := engine.New(rec.State.Config, rec.State.Seed)
	if err != nil {
		return
	}
	k := 0
	for i, a := range rec.History {
		for k < len(h.Decisions) && (h.Decisions[k].Index < i || h.Decisions[k].Verdict == review.Good) {
			k++
		}
		if k == len(h.Decisions) {
			return
		}
		if d := &h.Decisions[k]; d.Index == i {
			obs := engine.Observe(&s, s.ToAct())
			why := review.WithoutNoise(review.WhyIn(rv.cat, &obs, d, rv.names()))
			rv.say(lang.RvlDecision, moves[i], rv.cat.Describe(rv.names(), d.Played), review.VerdictIn(rv.cat, d.Verdict), why)
		}
		if s.Step(a) != nil {
			return
		}
	}
}

// luckEvents are what the other seats did that a listener calls luck,
// in g's history from index from up to to: the hazards, the safeties and
// the coups fourrés of seats other than seat.
func luckEvents(g *record.Game, seat, from, to int) []engine.Event {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil
	}
	var out []engine.Event
	for i, a := range g.History[:min(to, len(g.History))] {
		before := s.EventCount
		if s.Step(a) != nil {
			return out
		}
		for n := before; i >= from && n < s.EventCount; n++ {
			switch e := s.Log[n%engine.LogSize]; e.Kind {
			case engine.EvAttack, engine.EvCoupFourre, engine.EvSafety:
				if int(e.Seat) != seat {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// goodFor reports whether event e, another's move, went seat's way: an
// attack on another side, or a safety or a coup fourré of seat's own
// side.
func goodFor(cfg engine.Config, seat int, e engine.Event) bool {
	mine := cfg.SideOf(seat)
	if e.Kind == engine.EvAttack {
		return int(e.Target) != mine
	}
	return cfg.SideOf(int(e.Seat)) == mine
}

// margin words a result against the best other side: "120 points
// ahead" (review.MarginIn).
func (rv *reviewer) margin(points float64) string { return review.MarginIn(rv.cat, points) }

// splitWords words a split's terms for the ear (review.SplitWordsIn).
func (rv *reviewer) splitWords(p *review.Split) (play, theirs, cards string) {
	return review.SplitWordsIn(rv.cat, p)
}

func round(x float64) int { return int(math.Round(x)) }
