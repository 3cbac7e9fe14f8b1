package ai

import (
	"fmt"
	"strings"
	"time"
)

// The levels, as players and budgets. A level is its budget of rollouts,
// never a time: with the same seed and position it makes the same choice
// on a quiet machine and a busy one (TestLevelIgnoresLoad), so a player
// gets the level they chose whatever else the machine is doing.
//
// Each level keeps a time cap as a safety net, for a machine in distress
// (swapping, a stopped virtual machine, dozens of searches on one core):
// a player then waits at most that long. The caps are about twenty times
// the slowest searches seen on a quiet 2-core machine, so that a load of
// 8 (four times slower) is far from them: hard's slowest searches take
// about 0.25 s quiet and 1 s at load 8, against a cap of 5 s.
// docs/ai.md gives the measured strength, docs/benchmarks.md the times.
const (
	mediumIters = 300
	mediumLimit = 1 * time.Second
	hardIters   = 14000
	hardLimit   = 5 * time.Second
	expertIters = 30000
	expertLimit = 20 * time.Second
)

// DefaultLevel is the level of the computer players when nobody chose
// one: mille's --level, the new-game screen, a computer seat without a
// level.
const DefaultLevel = "medium"

// Levels are the computer levels a person can choose, weakest first:
// easy, medium (DefaultLevel), hard and expert.
var Levels = []string{"easy", DefaultLevel, "hard", "expert"}

// newLevel returns the player for one of Levels, and an error naming them
// for any other name.
func newLevel(level string, seed uint64) (Player, error) {
	switch level {
	case "easy":
		return &named{name: "easy", Player: NewNoisy(0.3, seed)}, nil
	case "medium":
		return &named{name: "medium", Player: NewMonteCarlo(mediumIters, mediumLimit, seed)}, nil
	case "hard":
		return NewISMCTS(hardIters, seed, WithTimeLimit(hardLimit), withPolicy(&tuned), withName("hard")), nil
	case "expert":
		return newExpert(seed), nil
	}
	last := len(Levels) - 1
	return nil, fmt.Errorf("unknown computer level %q (want %s or %s)", level, strings.Join(Levels[:last], ", "), Levels[last])
}

// newExpert returns the expert level's player, the strongest.
func newExpert(seed uint64) Player {
	return NewISMCTS(expertIters, seed, WithTimeLimit(expertLimit), withPolicy(&tuned), withName("expert"))
}

// named gives a player the name of the level it plays.
type named struct {
	Player
	name string
}

func (n *named) Name() string { return n.name }
