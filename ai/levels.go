package ai

import (
	"time"
)

// The levels, as players and budgets. A level is its budget of rollouts,
// never a time: with the same seed and position it makes the same choice
// on a quiet machine and a busy one (TestLevelIgnoresLoad), so a player
// gets the level they chose whatever else the machine is doing.
//
// Each level keeps a time cap as a safety net, for a machine in distress
// (swapping, a stopped virtual machine, dozens of searches per core): a
// player then waits at most that long, and the cut search plays as it
// can. The caps are far above the slowest searches at a load of 8 on a
// 2-core machine: the slowest of 453 hard decisions took 4.0 s at a load
// of 18 to 20 (docs/benchmarks.md), so about 1.7 s at 8, against a cap of
// 10 s; expert's budget is about twice hard's, medium's a fiftieth.
// docs/ai.md gives the measured strength.
const (
	mediumIters = 300
	mediumLimit = 2 * time.Second
	hardIters   = 14000
	hardLimit   = 10 * time.Second
	expertIters = 30000
	expertLimit = 40 * time.Second
	// endgameBudget is how many positions expert's exact endgames may
	// visit (about a microsecond each): the endgames of real hands visit a
	// few thousand, and one that needs more is searched as before.
	endgameBudget = 100_000
)

// DefaultLevel is the level of the computer players when nobody chose
// one: mille's --level, the new-game screen, a computer seat without a
// level.
const DefaultLevel = "medium"

// Levels are the computer levels a person can choose, weakest first:
// easy, medium (DefaultLevel), hard and expert.
var Levels = []string{"easy", DefaultLevel, "hard", "expert"}

// newLevel returns the player for one of Levels; ok is false for any
// other name.
func newLevel(level string, seed uint64) (p Player, ok bool) {
	switch level {
	case "easy":
		return &named{name: "easy", Player: NewNoisy(0.3, seed)}, true
	case "medium":
		return &named{name: "medium", Player: NewMonteCarlo(mediumIters, mediumLimit, seed)}, true
	case "hard":
		return NewISMCTS(hardIters, seed, WithTimeLimit(hardLimit), withPolicy(&tuned), withName("hard")), true
	case "expert":
		return newExpert(seed), true
	}
	return nil, false
}

// newExpert returns the expert level's player, the strongest.
func newExpert(seed uint64) Player {
	return NewISMCTS(expertIters, seed, WithTimeLimit(expertLimit), withPolicy(&tuned), withName("expert"), withEndgame(endgameBudget))
}

// named gives a player the name of the level it plays.
type named struct {
	Player
	name string
}

func (n *named) Name() string { return n.name }
