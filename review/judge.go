package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// Depth is how hard the review searches each decision: a budget of
// rollouts (a sampled deal played out to the end of the hand).
type Depth uint8

// The depths, cheapest first. docs/benchmarks.md gives their times.
const (
	Quick  Depth = iota // a first look: only the big losses stand out
	Normal              // the default: a typical 2-player hand in a few seconds
	Deep                // for a closer look at the small losses
)

var depthNames = [...]string{Quick: "quick", Normal: "normal", Deep: "deep"}

// Depths lists the depths by name, cheapest first.
var Depths = depthNames[:]

// depthRollouts are the rollouts per decision at each depth. The search
// stops earlier when no action beats the one played.
var depthRollouts = [...]int{Quick: 3000, Normal: 16000, Deep: 64000}

// Rollouts is the depth's budget of rollouts per decision.
func (d Depth) Rollouts() int { return depthRollouts[d] }

func (d Depth) valid() bool { return int(d) < len(depthNames) }

// String names the depth: "quick", "normal" or "deep".
func (d Depth) String() string {
	if d.valid() {
		return depthNames[d]
	}
	return fmt.Sprintf("depth(%d)", uint8(d))
}

// DepthIn words depth d in c's language, as it reads after "depth"
// (French needs the feminine: "profondeur normale"). String stays the
// name the command line takes.
func DepthIn(c *lang.Catalogue, d Depth) string {
	if !d.valid() {
		return d.String()
	}
	return c.Text[lang.DepthQuick+lang.Key(d)]
}

// ParseDepth reads a depth's name as String prints it.
func ParseDepth(name string) (Depth, error) {
	for d, n := range depthNames {
		if n == name {
			return Depth(d), nil
		}
	}
	return 0, lang.Err(lang.ErrUnknownDepth, name, strings.Join(Depths, ", "))
}

// MarshalText is String for a depth, and fails for another value.
func (d Depth) MarshalText() ([]byte, error) {
	if !d.valid() {
		return nil, fmt.Errorf("depth %d has no name", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText is ParseDepth.
func (d *Depth) UnmarshalText(text []byte) error {
	v, err := ParseDepth(string(text))
	if err == nil {
		*d = v
	}
	return err
}

// Verdict judges a decision by the points it gave away.
type Verdict uint8

// The verdicts. A decision is flagged (anything but Good) only when its
// loss exceeds both the verdict's threshold and Noise standard errors:
// a loss the search cannot tell from its own noise is no loss.
const (
	Good       Verdict = iota // the best move, or as good as the search can tell
	Inaccuracy                // gave away at least InaccuracyPoints
	Mistake                   // at least MistakePoints
	Blunder                   // at least BlunderPoints
)

// The thresholds of the verdicts, in points of the hand's result
// (docs/review.md says how they were chosen).
const (
	InaccuracyPoints = 50
	MistakePoints    = 150
	BlunderPoints    = 400
	// Noise is how many standard errors a loss must exceed to be flagged.
	Noise = 2.0
)

var verdictNames = [...]string{Good: "good", Inaccuracy: "inaccuracy", Mistake: "mistake", Blunder: "blunder"}

// String names the verdict: "good", "inaccuracy", "mistake" or "blunder".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", uint8(v))
}

// MarshalText is String for a verdict, and fails for another value.
func (v Verdict) MarshalText() ([]byte, error) {
	if int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("verdict %d has no name", uint8(v))
	}
	return []byte(verdictNames[v]), nil
}

// UnmarshalText reads a verdict's name as String prints it.
func (v *Verdict) UnmarshalText(text []byte) error {
	for k, n := range verdictNames {
		if n == string(text) {
			*v = Verdict(k)
			return nil
		}
	}
	return fmt.Errorf("unknown verdict %.40q (want %s)", text, strings.Join(verdictNames[:], ", "))
}

// Judge is the verdict on a loss of loss points with standard error se.
func Judge(loss, se float64) Verdict {
	if loss <= Noise*se {
		return Good
	}
	switch {
	case loss >= BlunderPoints:
		return Blunder
	case loss >= MistakePoints:
		return Mistake
	case loss >= InaccuracyPoints:
		return Inaccuracy
	}
	return Good
}

// minDeals is the fewest deals an action must have been tried in for its
// estimate to count as better than the move played.
const minDeals = 16

// judgeState analyses the decision of the seat to act in s, which played
// played. It looks at s only through the seat's observation: the hidden
// cards (other hands, the order of the draw pile) cannot change it.
func judgeState(ctx context.Context, s *engine.State, played engine.Action, depth Depth, seed uint64) Decision {
	obs := engine.Observe(s, s.ToAct())
	var buf [engine.MaxLegal]engine.Action
	return judge(ctx, &obs, obs.Legal(buf[:0]), played, depth, seed)
}

// judge analyses one decision of the seat that observes obs, which played
// played among legal. It reads nothing but obs.
func judge(ctx context.Context, obs *engine.Observation, legal []engine.Action, played engine.Action, depth Depth, seed uint64) Decision {
	est := ai.Evaluate(ctx, obs, legal, played, depth.Rollouts(), seed)
	d := Decision{Seat: obs.Seat, Observation: Summary(obs), Played: played, Best: played,
		Options: make([]Option, len(est))}
	for k, e := range est {
		d.Options[k] = Option{Action: e.Action, Deals: e.Deals, Expected: e.Margin, ExpectedSE: e.MarginSE,
			Gain: e.Gain, GainSE: e.GainSE, Us: e.Us, Them: e.Them}
		if e.Action != played && e.Deals >= minDeals && e.Gain > d.Loss {
			d.Best, d.Loss, d.LossSE = e.Action, e.Gain, e.GainSE
		}
	}
	d.Verdict = Judge(d.Loss, d.LossSE)
	d.Why = Why(obs, &d, engine.Names{Config: obs.Config, Viewer: -1})
	return d
}

// Summary sums up an observation in a line, in English and with the
// other seats as "Player N": what Decision.Observation keeps (SummaryIn
// words it for a screen).
func Summary(o *engine.Observation) string {
	return SummaryIn(&lang.English, o, engine.Names{Config: o.Config, Viewer: o.Seat})
}

// SummaryIn sums up an observation in a line, in the language of c and
// with the seats named by names (whose Viewer is the seat that observes):
// the phase when it is not an ordinary turn, each side's miles, battle
// and speed piles and safeties (the seat's own side first), the seat's
// hand and the draw pile: "you: 300 miles, Go · Ann: 450 miles, Stop,
// Speed Limit · hand: 25 miles, Go, Repairs · draw pile: 40".
func SummaryIn(c *lang.Catalogue, o *engine.Observation, names engine.Names) string {
	var parts []string
	switch o.Phase {
	case engine.PhaseCoupFourre:
		parts = append(parts, c.T(lang.PosCoupFourre, c.Card(o.Threat)))
	case engine.PhaseExtension:
		parts = append(parts, c.T(lang.PosExtension))
	}
	me := o.Side()
	sides := o.Config.Sides()
	for k := range sides {
		side := (me + k) % sides
		t := &o.Tableaus[side]
		line := []string{c.Count(int(t.Miles), lang.PosSideOne, c.Side(names, side))}
		switch {
		case t.Battle != engine.NoCard:
			line = append(line, c.Card(t.Battle))
		case !t.Rolling():
			line = append(line, c.T(lang.PosNoGo))
		}
		if t.Limited() {
			line = append(line, c.Card(engine.SpeedLimit))
		}
		for _, s := range engine.AllSafeties {
			if t.Has(s) {
				line = append(line, c.Card(s))
			}
		}
		parts = append(parts, strings.Join(line, c.T(lang.Comma)))
	}
	var hand []string
	for _, card := range o.MyHand {
		if card != engine.NoCard {
			hand = append(hand, c.Card(card))
		}
	}
	parts = append(parts, c.T(lang.PosHand, strings.Join(hand, c.T(lang.Comma))), c.T(lang.PosDraw, o.DrawLen))
	return strings.Join(parts, " · ")
}
