package ai

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/millebornes/mille/engine"
)

// Estimate is what Evaluate found of one legal action: the result of the
// hand it leads to, in points (HandMargin of the deciding seat's side),
// with the standard errors of the sampling.
type Estimate struct {
	Action engine.Action
	// Deals is how many sampled deals the action was played out in. An
	// action that fell clearly behind the best one left the race early,
	// so its figures rest on fewer deals than the others'.
	Deals int
	// Margin is the mean result of the hand after the action, and
	// MarginSE its standard error. It carries the whole luck of the
	// unseen cards, so it is much noisier than Gain.
	Margin, MarginSE float64
	// Gain is the mean of the action's result less the reference
	// action's in the same deals, and GainSE its standard error. Both
	// actions meet the same unseen cards (common random numbers), so the
	// luck of the deal mostly cancels. The reference's own gain is 0.
	Gain, GainSE float64
	// Us and Them are the items of the hand's score the action led to, on
	// average over its deals: of the deciding seat's side and of the best
	// other side (the one HandMargin counts against it). Set side by side
	// for two actions, they say what one line of play gave that the other
	// did not: a coup fourré, the trip, a shut-out, miles.
	Us, Them Items
}

// Items are the items of a hand's score (engine.Score), in points, as
// means over deals.
type Items struct {
	Milestones   float64 `json:"miles,omitempty"`
	Safeties     float64 `json:"safeties,omitempty"`
	AllSafeties  float64 `json:"all_safeties,omitempty"`
	CoupsFourres float64 `json:"coups_fourres,omitempty"`
	Trip         float64 `json:"trip,omitempty"`
	Delayed      float64 `json:"delayed,omitempty"`
	SafeTrip     float64 `json:"safe_trip,omitempty"`
	Extension    float64 `json:"extension,omitempty"`
	ShutOut      float64 `json:"shut_out,omitempty"`
}

// add adds a hand's score to the items.
func (it *Items) add(s engine.Score) {
	it.Milestones += float64(s.Milestones)
	it.Safeties += float64(s.Safeties)
	it.AllSafeties += float64(s.AllSafeties)
	it.CoupsFourres += float64(s.CoupsFourres)
	it.Trip += float64(s.Trip)
	it.Delayed += float64(s.Delayed)
	it.SafeTrip += float64(s.SafeTrip)
	it.Extension += float64(s.Extension)
	it.ShutOut += float64(s.ShutOut)
}

// scaled is the items times f.
func (it Items) scaled(f float64) Items {
	return Items{it.Milestones * f, it.Safeties * f, it.AllSafeties * f, it.CoupsFourres * f, it.Trip * f,
		it.Delayed * f, it.SafeTrip * f, it.Extension * f, it.ShutOut * f}
}

// Evaluate estimates every legal action of the seat that observes obs by
// searching as the expert level does (ISMCTS with its tuned policy for the
// seat's side, the other sides played by the heuristic) in deals sampled
// from obs: every action is played out in the same deals and compared
// with ref, one of legal, deal by deal. An action more than three standard
// errors behind the best leaves the race, and the search stops early once
// nothing beats ref by two standard errors; rollouts bounds the whole
// search. It reads nothing but obs, so it judges decisions, not the
// hidden cards.
//
// One goroutine searches, and the result depends only on obs, legal, ref,
// rollouts and seed: the same arguments give the same estimates. A
// cancelled ctx stops the search after the deal under way, with the
// estimates so far. The estimates are in the order of legal.
func Evaluate(ctx context.Context, obs *engine.Observation, legal []engine.Action, ref engine.Action, rollouts int, seed uint64) []Estimate {
	if !slices.Contains(legal, ref) {
		panic(fmt.Sprintf("ai: Evaluate's reference %v is not a legal action", ref))
	}
	p := NewISMCTS(rollouts, seed, withPolicy(&tuned))
	r := p.racer(obs, legal, ref, seedFor(seed, 0, 0), deadline{ctx: ctx})
	r.margin = true
	stats := r.run(rollouts)
	out := make([]Estimate, len(legal))
	for k, a := range legal {
		st := &stats[k]
		e := Estimate{Action: a, Deals: st.n}
		if st.n > 0 {
			e.Margin = st.val / float64(st.n)
			e.Gain = st.mean()
			e.Us, e.Them = st.us.scaled(1/float64(st.n)), st.them.scaled(1/float64(st.n))
		}
		if st.n > 1 {
			e.MarginSE = math.Sqrt(max(0, st.valSq/float64(st.n)-e.Margin*e.Margin) / float64(st.n-1))
			e.GainSE = st.se()
		}
		out[k] = e
	}
	return out
}
