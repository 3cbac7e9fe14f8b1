package ai

import (
	"context"

	"github.com/millebornes/mille/engine"
)

// Explain says why a is a sensible move for the seat that observes obs,
// from the heuristic's point of view.
func Explain(obs *engine.Observation, a engine.Action) Reason {
	var v view
	viewOf(obs, &v)
	_, r := v.score(a)
	if r == WhyBest {
		return WhyBest
	}
	if a.Kind() == engine.KindPlay && a.Card().IsSafety() && r == WhySafetyKeep {
		return WhyLaySafety
	}
	if r == WhySafetyHold {
		// A discard scored while a safety waits in the hand: the Reason
		// is the discarded card's, not the safety's (a hint once said
		// "discard Accident (keep Extra Tank for a coup fourré)").
		r = WhyDiscard
	}
	// A side that is not ahead of the player's is no leader, even when it
	// leads the others (at 0 to 0, say).
	if (r == WhyAttack || r == WhyLimit) && (!v.isLeader(a.Target()) || v.tabs[a.Target()].Miles <= v.tabs[v.side].Miles) {
		if r == WhyLimit {
			return WhySlowDown
		}
		return WhyAttackRolling
	}
	return r
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

// HintFunc suggests an action for the seat that observes obs and says why;
// review.Hint is the real one.
type HintFunc func(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, Reason)

// HintSearch is the one hint a viewer waits for, in either front end: a
// new search or Stop cancels the one under way, and an answer that comes
// after is known by its search's number. The zero value waits for none.
type HintSearch struct {
	cancel context.CancelFunc
	n      int    // the number of the search under way, or of the last
	at     uint32 // the event count it searches for
	on     bool
}

// Start cancels the search under way and starts one for obs with fn: it
// returns the search's number, its context (done once it is stopped),
// and the search itself, to run off the event loop.
func (h *HintSearch) Start(fn HintFunc, obs engine.Observation) (n int, ctx context.Context, search func() (engine.Action, Reason)) {
	h.Stop()
	ctx, h.cancel = context.WithCancel(context.Background())
	h.at, h.on = obs.EventCount, true
	legal := obs.Legal(make([]engine.Action, 0, engine.MaxLegal))
	return h.n, ctx, func() (engine.Action, Reason) { return fn(ctx, &obs, legal) }
}

// Stop cancels the search under way, if any, and forgets its answer.
func (h *HintSearch) Stop() {
	if h.cancel != nil {
		h.cancel()
		h.cancel = nil
	}
	h.n++
	h.on = false
}

// On reports whether a hint is being sought.
func (h *HintSearch) On() bool { return h.on }

// Stale reports whether a hint is sought for a table that has moved on
// since: at is its event count now.
func (h *HintSearch) Stale(at uint32) bool { return h.on && at != h.at }

// Answer reports whether the answer of search n is the one waited for;
// if so, the wait is over.
func (h *HintSearch) Answer(n int) bool {
	if n != h.n || !h.on {
		return false
	}
	h.Stop()
	return true
}
