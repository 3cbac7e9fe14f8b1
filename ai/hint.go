package ai

import "github.com/millebornes/mille/engine"

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
