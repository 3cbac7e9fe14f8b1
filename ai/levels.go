package ai

import (
	"fmt"
	"strings"
	"time"
)

// The levels, as players and budgets. easy and medium must answer within
// 20 ms and hard within 250 ms at the 95th percentile on a 2-core machine.
// medium's budget is sized to fit, with its limit as a safety net on a
// slower or busier machine. hard's budget uses most of its allowance
// (strength still grows with rollouts) and its limit cuts the few slowest
// searches. docs/ai.md gives the measured strength.
const (
	mediumIters = 300
	mediumLimit = 15 * time.Millisecond
	hardIters   = 14000
	hardLimit   = 230 * time.Millisecond
	expertIters = 30000
	expertLimit = 1 * time.Second
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
