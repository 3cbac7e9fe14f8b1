package ai

import (
	"context"

	"github.com/millebornes/mille/engine"
)

// Hint suggests an action for the seat that observes obs, with a reason
// of a few words ("attack the leader", "finish the trip", "keep the safety
// for a coup fourré"). It searches like the strongest level, so it may
// take a second or two: call it off the UI's event loop and cancel ctx to
// get the best action found so far at once. The same observation always
// gets the same hint.
func Hint(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, string) {
	p := newExpert(uint64(obs.EventCount)<<8 | uint64(obs.Seat))
	a := p.Choose(ctx, obs, legal)
	return a, Explain(obs, a)
}

// Explain says in a few words why a is a sensible move for the seat that
// observes obs, from the heuristic's point of view.
func Explain(obs *engine.Observation, a engine.Action) string {
	var v view
	viewOf(obs, &v)
	_, r := v.score(a)
	if r == rNone {
		return rNone.String()
	}
	if a.Kind() == engine.KindPlay && a.Card().IsSafety() && r == rSafetyKeep {
		return "lay the safety: 100 points and another turn"
	}
	if r == rSafetyHold {
		for _, c := range engine.AllSafeties {
			if v.held[c] > 0 {
				return "keep " + c.String() + " for a coup fourré"
			}
		}
	}
	if r == rAttack && v.sides > 2 && !v.isLeader(a.Target()) {
		return "attack while they are rolling"
	}
	return r.String()
}

// isLeader reports whether side has the most miles among the opponents.
func (v *view) isLeader(side int) bool {
	for o := 0; o < v.sides; o++ {
		if o != v.side && v.tabs[o].Miles > v.tabs[side].Miles {
			return false
		}
	}
	return true
}
