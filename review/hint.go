package review

import (
	"context"
	"slices"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// HintDepth is the depth of a hint: the review's own (the screens' and
// the commands' default), so that a player who follows every hint is not
// told later that the hints were mistakes (docs/review.md, "One judge").
const HintDepth = Normal

// hintTries bounds the judgments a hint makes: the heuristic's choice,
// then the better moves the judgments find, each judged in turn.
const hintTries = 4

// Hint suggests an action for the seat that observes obs, with a reason
// of a few words: a move the review, judging the decision at HintDepth
// with the seed it gives the position (positionSeed), finds no better
// move than (HintAt). It searches for a moment: call it off the UI's
// event loop, and cancel ctx to get the best move found so far at once.
// The same observation always gets the same hint.
func Hint(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
	return HintAt(ctx, obs, legal, HintDepth)
}

// HintAt is Hint judged at depth. It judges the heuristic's choice as the
// review would judge it played (judge, the same depth and seed, so the
// same figures); a move the review would flag gives way to the better move
// the judgment found, which is judged in turn, until a move is not
// flagged (hintTries at most, and a move is never judged twice). A review
// at depth of a game where the hint was played thus finds what the hint
// found: the move is not flagged.
func HintAt(ctx context.Context, obs *engine.Observation, legal []engine.Action, depth Depth) (engine.Action, ai.Reason) {
	a := ai.NewHeuristic().Choose(ctx, obs, legal)
	if len(legal) < 2 {
		return a, ai.Explain(obs, a)
	}
	seed := positionSeed(0, obs.EventCount, obs.Seat)
	var tried []engine.Action
	for {
		d := judge(ctx, obs, legal, a, depth, seed)
		tried = append(tried, d.Played)
		if d.Verdict == Good || ctx.Err() != nil || len(tried) == hintTries || slices.Contains(tried, d.Best) {
			// Out of tries, or back to a move judged already: the
			// last move stands, though the review would flag it
			// (docs/review.md, "One judge", counts how often).
			return a, ai.Explain(obs, a)
		}
		a = d.Best
	}
}

// hintBase is the seed a review gives every position when it is given
// none (Options.Seed 0), and the hint's: positionSeed.
const hintBase = 0x68696e74

// positionSeed is the search's seed for the decision of seat at events
// (the state's EventCount): from the position alone, not from the game,
// so that the hint, which sees only the seat's observation, searches the
// decision as the review of the game does. base is Options.Seed; 0 gives
// the hint's.
func positionSeed(base uint64, events uint32, seat int) uint64 {
	if base == 0 {
		base = hintBase
	}
	return decisionSeed(base, int(events)<<3|seat)
}
