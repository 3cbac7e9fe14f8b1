package review

import (
	"context"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// HintDepth is the depth of a hint: the review's own judgment, so that a
// player who follows every hint is not told later that the hints were
// mistakes (docs/review.md, "One judge", measures how often it happens).
const HintDepth = Quick

// Hint suggests an action for the seat that observes obs, with a reason
// of a few words: the best move of the review's judgment of the decision
// at HintDepth (HintAt). It searches for a moment: call it off the UI's
// event loop, and cancel ctx to get the best move found so far at once.
// The same observation always gets the same hint.
func Hint(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
	return HintAt(ctx, obs, legal, HintDepth)
}

// HintAt is Hint judged at depth: the review's analysis of the decision,
// taking the heuristic's choice as the move played, and its best move.
func HintAt(ctx context.Context, obs *engine.Observation, legal []engine.Action, depth Depth) (engine.Action, ai.Reason) {
	ref := ai.NewHeuristic().Choose(ctx, obs, legal)
	if len(legal) < 2 {
		return ref, ai.Explain(obs, ref)
	}
	d := judge(ctx, obs, legal, ref, depth, hintSeed(obs))
	return d.Best, ai.Explain(obs, d.Best)
}

// hintSeed is the search's seed for a hint: from the observation alone,
// so the same position gets the same hint.
func hintSeed(obs *engine.Observation) uint64 {
	return decisionSeed(0x68696e74, int(obs.EventCount)<<3|obs.Seat)
}
