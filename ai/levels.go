package ai

import "time"

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

// newLevel returns the player for a level name.
func newLevel(level string, seed uint64) Player {
	switch level {
	case "easy":
		return &named{name: "easy", Player: NewNoisy(0.3, seed)}
	case "medium":
		return &named{name: "medium", Player: NewMonteCarlo(mediumIters, mediumLimit, seed)}
	case "hard":
		return NewISMCTS(hardIters, seed, WithTimeLimit(hardLimit), withPolicy(&tuned), withName("hard"))
	default:
		return NewISMCTS(expertIters, seed, WithTimeLimit(expertLimit), withPolicy(&tuned), withName("expert"))
	}
}

// named gives a player the name of the level it plays.
type named struct {
	Player
	name string
}

func (n *named) Name() string { return n.name }
