package ai

import (
	"math"
	"runtime"
	"sync"

	"github.com/millebornes/mille/engine"
)

// Policy holds the weights of the heuristic's rules of thumb. The plain
// heuristic plays PlainPolicy; the searching players play their own,
// TunedPolicy, for their side in the trees and rollouts (the other sides
// are still modelled by the plain heuristic) and start from its choice.
// Its fields are exported for the tuning command (ai/tune), which moves
// them one at a time and measures each try with PolicyHands.
//
// Scores rate playing a card (higher is better; the best-scored legal
// action is played); keep values rate holding a card (a discard scores
// minus its keep value, and a keep value of zero or less marks a dead
// card). The tuned weights were found by duplicate play of the policy
// alone against the heuristic (docs/ai.md).
type Policy struct {
	// Remedies and distance.
	GoPlay        float64 // score of a Go
	EndLimitBig   float64 // of an End of Limit when rolling with a 75 or more in hand
	EndLimit      float64 // of an End of Limit otherwise
	Remedy        float64 // of Gasoline, Spare Tire or Repairs
	Distance      float64 // of a distance card, before its miles
	DistancePer   float64 // added per mile of a distance card
	First200      float64 // taken off the first 200: it costs the safe-trip bonus
	SafetyRoll    float64 // of Right of Way when it gets the side rolling without a Go
	SafetyUnlimit float64 // of Right of Way under a Speed Limit, holding big distance and no End of Limit
	SafetyFix     float64 // of a safety that fixes the hazard the side is stopped by, without its remedy
	SafetyKeep    float64 // of any other safety (below zero: keep it for a coup fourré)
	EndingMiles   float64 // an opponent this close to the trip ends the hand soon: lay the safeties

	// Attacks.
	Attack       float64 // score of a hazard
	AttackPer    float64 // added per mile of the target
	AttackBehind float64 // added when the target is not the opponent furthest ahead
	AttackScarce float64 // added per copy of the remedy already seen
	AttackRoad   float64 // added for Stop and the road hazards (they need a remedy and a Go)
	Limit        float64 // score of a Speed Limit, before the target's miles
	LimitUseless float64 // of a Speed Limit on a target already limited or within 50 of the trip
	LimitStopped float64 // added when the target is not rolling
	CoupRisk     float64 // taken off in proportion to the chance the target holds the safety

	// Keep values.
	KeepGo          float64 // of a single Go
	KeepGoExtra     float64 // of a second Go
	KeepEndLimit    float64 // of a single End of Limit, before the unseen Speed Limits
	KeepEndLimitPer float64 // added per unseen Speed Limit
	KeepRemedy      float64 // of a single other remedy, before the unseen hazards it answers
	KeepRemedyPer   float64 // added per unseen hazard it answers
	KeepRemedyExtra float64 // of a second copy of a remedy
	KeepStop        float64 // of a Stop
	KeepLimit       float64 // of a Speed Limit
	KeepHazard      float64 // of another hazard
	KeepDistance    float64 // of a distance card, before its miles
	KeepDistancePer float64 // added per mile
	KeepSmall       float64 // added for a 25 or 50 while a Speed Limit may come
	ExtendDanger    float64 // extend only if at most this many unseen hazards could stop the side
}

// plain is the heuristic's own policy.
var plain = Policy{
	GoPlay: 650, EndLimitBig: 600, EndLimit: 350, Remedy: 700,
	Distance: 400, DistancePer: 0.5, First200: 30,
	SafetyRoll: 800, SafetyUnlimit: 500, SafetyFix: 800, SafetyKeep: -100, EndingMiles: 100,
	Attack: 550, AttackPer: 0.2, AttackBehind: -40, AttackScarce: 5, AttackRoad: 30,
	Limit: 300, LimitUseless: 50, LimitStopped: -60, CoupRisk: 400,
	KeepGo: 60, KeepGoExtra: 25, KeepEndLimit: 20, KeepEndLimitPer: 5,
	KeepRemedy: 30, KeepRemedyPer: 10, KeepRemedyExtra: 10,
	KeepStop: 35, KeepLimit: 25, KeepHazard: 45,
	KeepDistance: 15, KeepDistancePer: 0.25, KeepSmall: 10, ExtendDanger: 4,
}

// tuned is the policy the hard and expert levels play for their side.
var tuned = func() Policy {
	p := plain
	p.KeepDistance -= 15
	p.KeepStop += 20
	p.KeepLimit += 20
	p.KeepHazard += 20
	p.Limit += 200
	p.LimitUseless += 200
	p.GoPlay -= 200
	p.Remedy -= 200
	return p
}()

// PlainPolicy returns the heuristic's own weights.
func PlainPolicy() Policy { return plain }

// TunedPolicy returns the weights the hard and expert levels play for
// their side.
func TunedPolicy() Policy { return tuned }

// HandResults are one policy's results, hand by hand, in a fixed order:
// 1 for a hand won, ½ tied, 0 lost.
type HandResults []float32

// onEveryCore calls do(i) for every i below n, spread over one goroutine
// a core, and returns when all have returned; each i is done once, so
// results kept by i do not depend on the cores.
func onEveryCore(n int, do func(i int)) {
	workers := runtime.NumCPU()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				do(i)
			}
		})
	}
	wg.Wait()
}

// PolicyHands measures p against the plain heuristic without any search:
// it plays deals deals of cfg (seeded from seed) in duplicate, each side
// playing p once per deal while the others play the heuristic, on every
// core, and returns p's result in each of the deals×sides hands. The same
// deals and seed give the same hands, so the results of two policies can
// be compared hand by hand (GainOver).
func PolicyHands(cfg engine.Config, deals int, seed uint64, p Policy) HandResults {
	sides := cfg.Sides()
	out := make(HandResults, deals*sides)
	onEveryCore(deals, func(d int) {
		for r := range sides {
			s, _ := engine.New(cfg, seed*1_000_003+uint64(d))
			rollout(&s, nil, 0, &p, r) // no noise: the rng is never read
			mine, best := s.HandScores[r].Total(), math.MinInt
			for o := range sides {
				if o != r {
					best = max(best, s.HandScores[o].Total())
				}
			}
			switch {
			case mine > best:
				out[d*sides+r] = 1
			case mine == best:
				out[d*sides+r] = 0.5
			}
		}
	})
	return out
}

// Share is the share of the hands won, a tie counting half.
func (r HandResults) Share() float64 {
	s := 0.0
	for _, x := range r {
		s += float64(x)
	}
	return s / float64(len(r))
}

// GainOver is the mean gain per hand of r over base, measured on the same
// hands, and its standard error.
func (r HandResults) GainOver(base HandResults) (mean, se float64) {
	var s, sq float64
	for i := range r {
		d := float64(r[i] - base[i])
		s += d
		sq += d * d
	}
	n := float64(len(r))
	mean = s / n
	return mean, math.Sqrt(max(0, sq/n-mean*mean) / (n - 1))
}
