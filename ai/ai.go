// Package ai holds mille's computer players. A player sees only what its
// seat may see, an engine.Observation, and the legal actions; it never
// reads the hidden state of a game.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/millebornes/mille/engine"
)

// Player chooses actions for one seat.
type Player interface {
	// Name says which player this is ("heuristic", "hard").
	Name() string
	// Choose returns one of legal (never empty) for the seat that observes
	// obs. When ctx is cancelled it returns at once with the best action
	// found so far. Choose is deterministic for a given player seed, obs and
	// budget.
	Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action
}

// Random plays uniformly random legal actions: a baseline for tests.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random player drawing from seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x6d696c6c65))}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Choose picks one legal action at random.
func (r *Random) Choose(_ context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	return legal[r.rng.IntN(len(legal))]
}

// Levels are the computer levels a person can choose, weakest first.
var Levels = []string{"easy", "medium", "hard", "expert"}

// New returns the computer player for a level name (or a player name such
// as "random"), drawing its randomness from seed.
//
// Until the searching players land every level plays at random.
func New(level string, seed uint64) (Player, error) {
	switch level {
	case "random", "easy", "medium", "hard", "expert":
		return NewRandom(seed), nil
	}
	return nil, fmt.Errorf("unknown computer level %q (want easy, medium, hard or expert)", level)
}
