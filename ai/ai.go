// Package ai holds mille's computer players. A player sees only what its
// seat may see, an engine.Observation, and the legal actions; it never
// reads the hidden state of a game.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

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

// New returns the computer player for a level name (one of Levels) or a
// player name, drawing its randomness from seed. Player names are
// "random", "heuristic", "montecarlo" and "ismcts"; the searching players
// take an iteration budget after a colon ("ismcts:3000"). A searching
// player or level followed by "+infer" ("hard+infer", "ismcts:3000+infer")
// deals the unseen cards as the other seats' discards tell (infer) instead
// of uniformly: an experiment, measured in docs/ai.md, that the levels do
// not play. A level or player that searches by ISMCTS followed by "+solve"
// ("hard+solve", "ismcts:3000+solve") solves 2-player endgames exactly
// (endgame), as expert does. Any other name is an error.
func New(level string, seed uint64) (Player, error) {
	if base, ok := strings.CutSuffix(level, "+solve"); ok && !strings.HasSuffix(base, "+solve") {
		p, err := New(base, seed)
		if err != nil {
			return nil, err
		}
		if n, ok := p.(*named); ok {
			p = n.Player
		}
		if p, ok := p.(*ISMCTS); ok {
			if p.eg == nil {
				p.eg = newEndgame(endgameBudget)
			}
			p.name = level
			return p, nil
		}
		return nil, &LevelError{Why: LevelNoSolve, Level: base}
	}
	if base, ok := strings.CutSuffix(level, "+infer"); ok && !strings.HasSuffix(base, "+infer") {
		p, err := New(base, seed)
		if err != nil {
			return nil, err
		}
		if n, ok := p.(*named); ok {
			p = n.Player
		}
		switch p := p.(type) {
		case *ISMCTS:
			p.infer, p.name = true, level
			return p, nil
		case *MonteCarlo:
			p.infer, p.name = true, level
			return p, nil
		}
		return nil, &LevelError{Why: LevelNoInfer, Level: base}
	}
	name, arg, hasArg := strings.Cut(level, ":")
	iters := 0
	if hasArg {
		n, err := strconv.Atoi(arg)
		if err != nil || n <= 0 || n > 10_000_000 {
			return nil, &LevelError{Why: LevelBadBudget, Level: level}
		}
		iters = n
		if name != "montecarlo" && name != "ismcts" {
			return nil, &LevelError{Why: LevelNoBudget, Level: name}
		}
	}
	switch name {
	case "random":
		return NewRandom(seed), nil
	case "heuristic":
		return NewHeuristic(), nil
	case "montecarlo":
		if iters == 0 {
			iters = 1000
		}
		return NewMonteCarlo(iters, 0, seed), nil
	case "ismcts":
		if iters == 0 {
			iters = 1000
		}
		return NewISMCTS(iters, seed), nil
	}
	if p, ok := newLevel(name, seed); ok {
		return p, nil
	}
	return nil, &LevelError{Why: LevelUnknown, Level: level}
}

// A LevelError is why New refuses a level's name: a code and the name,
// which a front end words through its catalogue; Error is the English,
// for logs and programs.
type LevelError struct {
	Why   LevelReason
	Level string
}

// A LevelReason is what is wrong with a level's name.
type LevelReason uint8

// The reasons New refuses a name.
const (
	LevelUnknown   LevelReason = iota // no level or player has that name (Levels, Players)
	LevelBadBudget                    // the budget after the colon is no positive number
	LevelNoBudget                     // a player that does not search takes no budget
	LevelNoInfer                      // a player that does not search takes no +infer
	LevelNoSolve                      // a player that does not search by ISMCTS takes no +solve
)

// Players are the names of the players New knows besides Levels; the
// searching ones take a budget (":N").
var Players = []string{"random", "heuristic", "montecarlo[:N]", "ismcts[:N]"}

func (e *LevelError) Error() string {
	switch e.Why {
	case LevelBadBudget:
		return fmt.Sprintf("bad iteration budget in %q: want a positive number", e.Level)
	case LevelNoBudget:
		return fmt.Sprintf("%q takes no budget", e.Level)
	case LevelNoInfer:
		return fmt.Sprintf("%q does not search: it takes no +infer", e.Level)
	case LevelNoSolve:
		return fmt.Sprintf("%q does not search by ISMCTS: it takes no +solve", e.Level)
	}
	return fmt.Sprintf("unknown computer level %q (want %s, or %s)", e.Level, strings.Join(Levels, ", "), strings.Join(Players, ", "))
}
