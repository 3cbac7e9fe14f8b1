package review

import (
	"sort"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// Kind is a kind of decision, for a player's leaks: where the points
// given away went.
type Kind uint8

// The kinds of decision, the first that fits the move played or the best.
const (
	CoupFourreKind Kind = iota // declaring a coup fourré or not
	ExtensionKind              // extending the trip or stopping
	SafetyKind                 // laying, keeping or discarding a safety
	Miles200Kind               // a 200
	GoKind                     // when to play, keep or discard a Go
	TargetKind                 // whom to attack with the same card
	AttackKind                 // attacking or not
	DiscardKind                // which card to discard
	DistanceKind               // which distance to play
)

var kindNames = [...]string{"coups fourrés", "the extension", "safeties", "200s", "Go timing", "choice of target", "attacks", "discards", "distance"}

// String names the kind: "coups fourrés", "Go timing", …
func (k Kind) String() string { return kindNames[k] }

// KindIn names kind k in the language of c.
func KindIn(c *lang.Catalogue, k Kind) string {
	if int(k) >= len(kindNames) {
		return k.String()
	}
	return c.Text[lang.LeakCoupFourre+lang.Key(k)]
}

// KindOf is the kind of decision d.
func KindOf(d *Decision) Kind {
	p, b := d.Played, d.Best
	either := func(f func(engine.Action) bool) bool { return f(p) || f(b) }
	card := func(c engine.Card) func(engine.Action) bool {
		return func(a engine.Action) bool {
			return (a.Kind() == engine.KindPlay || a.Kind() == engine.KindDiscard) && a.Card() == c
		}
	}
	switch {
	case either(func(a engine.Action) bool { return a.Kind() == engine.KindCoupFourre || a.Kind() == engine.KindDecline }):
		return CoupFourreKind
	case either(func(a engine.Action) bool { return a.Kind() == engine.KindExtend || a.Kind() == engine.KindStopTrip }):
		return ExtensionKind
	case either(func(a engine.Action) bool { return a.Card().IsSafety() }):
		return SafetyKind
	case either(card(engine.Miles200)):
		return Miles200Kind
	case either(card(engine.Go)):
		return GoKind
	case attack(p) && attack(b) && p.Card() == b.Card():
		return TargetKind
	case either(attack):
		return AttackKind
	case either(func(a engine.Action) bool { return a.Kind() == engine.KindDiscard }):
		return DiscardKind
	}
	return DistanceKind
}

func attack(a engine.Action) bool { return a.Kind() == engine.KindPlay && a.Card().IsHazard() }

// Reviewed is a game's review under the name the player knows the game
// by (a finished game's name).
type Reviewed struct {
	Name   string
	Review *Review
	// Game is the game reviewed, when it was read: a moment's position
	// is then said in the reader's language (Moment.PositionIn).
	Game *record.Game
}

// Moment is one decision of a reviewed game.
type Moment struct {
	Name       string // the game's
	Game, Hand int
	Seat       int
	Decision   Decision
	game       *record.Game // Reviewed.Game
}

// PositionIn is what the seat saw at the moment's decision, in the
// language of c with the players' names (SummaryIn); the English of
// Decision.Observation when the game is not known or does not replay.
func (m *Moment) PositionIn(c *lang.Catalogue) string {
	g := m.game
	if g == nil {
		return m.Decision.Observation
	}
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil || m.Decision.Index > len(g.History) {
		return m.Decision.Observation
	}
	for _, a := range g.History[:m.Decision.Index] {
		if s.Step(a) != nil {
			return m.Decision.Observation
		}
	}
	obs := engine.Observe(&s, s.ToAct())
	names := gameNames(g)
	names.Viewer = obs.Seat
	return SummaryIn(c, &obs, names)
}

// Names are the players' names of the moment's game for Describe, so an
// attack reads "on Computer" rather than "on Player 2".
func (m *Moment) Names() engine.Names {
	if m.game == nil {
		return engine.Names{Viewer: -1}
	}
	return gameNames(m.game)
}

// Leak is where a kind of decision gave points away across games: the
// flagged losses added up, and the costliest of them.
type Leak struct {
	Kind      Kind
	Points    float64
	Decisions int // flagged
	Worst     Moment
}

// Leaks adds up the flagged losses of the games by kind of decision, the
// costliest kind first.
func Leaks(games []Reviewed) []Leak {
	byKind := map[Kind]*Leak{}
	for _, m := range flagged(games) {
		k := KindOf(&m.Decision)
		l := byKind[k]
		if l == nil {
			l = &Leak{Kind: k, Worst: m}
			byKind[k] = l
		}
		l.Points += m.Decision.Loss
		l.Decisions++
		if m.Decision.Loss > l.Worst.Decision.Loss {
			l.Worst = m
		}
	}
	var out []Leak
	for _, l := range byKind {
		out = append(out, *l)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Points > out[b].Points })
	return out
}

// Practice are the n costliest flagged decisions of the games: positions
// to try again.
func Practice(games []Reviewed, n int) []Moment {
	ms := flagged(games)
	sort.SliceStable(ms, func(a, b int) bool { return ms[a].Decision.Loss > ms[b].Decision.Loss })
	return ms[:min(n, len(ms))]
}

// flagged lists the flagged decisions of the games, in order.
func flagged(games []Reviewed) []Moment {
	var ms []Moment
	for _, g := range games {
		for _, h := range g.Review.Hands {
			for _, d := range h.Decisions {
				if d.Verdict != Good {
					ms = append(ms, Moment{Name: g.Name, Game: h.Game, Hand: h.Hand, Seat: h.Seat, Decision: d, game: g.Game})
				}
			}
		}
	}
	return ms
}

// Try judges choice, one of the moment's legal moves, as the review
// judged the move played: its loss against the best move, with its
// standard error, and the verdict.
func (m *Moment) Try(choice engine.Action) (best engine.Action, loss, se float64, v Verdict, ok bool) {
	d := &m.Decision
	var b, c *Option
	for k := range d.Options {
		if d.Options[k].Action == d.Best {
			b = &d.Options[k]
		}
		if d.Options[k].Action == choice {
			c = &d.Options[k]
		}
	}
	if b == nil || c == nil {
		return 0, 0, 0, Good, false
	}
	if c.Action == b.Action {
		return b.Action, 0, 0, Good, true
	}
	loss = b.Gain - c.Gain
	se = b.GainSE + c.GainSE // at most: the two gains share the played move's deals
	return b.Action, loss, se, Judge(loss, se), true
}
