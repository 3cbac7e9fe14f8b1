package ai

// policy holds the weights of the heuristic's rules of thumb. The plain
// heuristic plays plain; the searching players play their own, tuned
// policy for their side in the trees and rollouts (the other sides are
// still modelled by the plain heuristic) and start from its choice.
//
// Scores rate playing a card (higher is better; the best-scored legal
// action is played); keep values rate holding a card (a discard scores
// minus its keep value, and a keep value of zero or less marks a dead
// card). The tuned weights were found by duplicate play of the policy
// alone against the heuristic (docs/ai.md).
type policy struct {
	// Remedies and distance.
	goPlay        float64 // score of a Go
	endLimitBig   float64 // of an End of Limit when rolling with a 75 or more in hand
	endLimit      float64 // of an End of Limit otherwise
	remedy        float64 // of Gasoline, Spare Tire or Repairs
	distance      float64 // of a distance card, before its miles
	distancePer   float64 // added per mile of a distance card
	first200      float64 // taken off the first 200: it costs the safe-trip bonus
	safetyRoll    float64 // of Right of Way when it gets the side rolling without a Go
	safetyUnlimit float64 // of Right of Way under a Speed Limit, holding big distance and no End of Limit
	safetyFix     float64 // of a safety that fixes the hazard the side is stopped by, without its remedy
	safetyKeep    float64 // of any other safety (below zero: keep it for a coup fourré)
	endingMiles   float64 // an opponent this close to the trip ends the hand soon: lay the safeties

	// Attacks.
	attack       float64 // score of a hazard
	attackPer    float64 // added per mile of the target
	attackBehind float64 // added when the target is not the opponent furthest ahead
	attackScarce float64 // added per copy of the remedy already seen
	attackRoad   float64 // added for Stop and the road hazards (they need a remedy and a Go)
	limit        float64 // score of a Speed Limit, before the target's miles
	limitUseless float64 // of a Speed Limit on a target already limited or within 50 of the trip
	limitStopped float64 // added when the target is not rolling
	coupRisk     float64 // taken off in proportion to the chance the target holds the safety

	// Keep values.
	keepGo          float64 // of a single Go
	keepGoExtra     float64 // of a second Go
	keepEndLimit    float64 // of a single End of Limit, before the unseen Speed Limits
	keepEndLimitPer float64 // added per unseen Speed Limit
	keepRemedy      float64 // of a single other remedy, before the unseen hazards it answers
	keepRemedyPer   float64 // added per unseen hazard it answers
	keepRemedyExtra float64 // of a second copy of a remedy
	keepStop        float64 // of a Stop
	keepLimit       float64 // of a Speed Limit
	keepHazard      float64 // of another hazard
	keepDistance    float64 // of a distance card, before its miles
	keepDistancePer float64 // added per mile
	keepSmall       float64 // added for a 25 or 50 while a Speed Limit may come
	extendDanger    float64 // extend only if at most this many unseen hazards could stop the side
}

// plain is the heuristic's own policy.
var plain = policy{
	goPlay: 650, endLimitBig: 600, endLimit: 350, remedy: 700,
	distance: 400, distancePer: 0.5, first200: 30,
	safetyRoll: 800, safetyUnlimit: 500, safetyFix: 800, safetyKeep: -100, endingMiles: 100,
	attack: 550, attackPer: 0.2, attackBehind: -40, attackScarce: 5, attackRoad: 30,
	limit: 300, limitUseless: 50, limitStopped: -60, coupRisk: 400,
	keepGo: 60, keepGoExtra: 25, keepEndLimit: 20, keepEndLimitPer: 5,
	keepRemedy: 30, keepRemedyPer: 10, keepRemedyExtra: 10,
	keepStop: 35, keepLimit: 25, keepHazard: 45,
	keepDistance: 15, keepDistancePer: 0.25, keepSmall: 10, extendDanger: 4,
}

// tuned is the policy the hard and expert levels play for their side.
var tuned = func() policy {
	p := plain
	p.keepDistance -= 15
	p.keepStop += 20
	p.keepLimit += 20
	p.keepHazard += 20
	p.limit += 200
	p.limitUseless += 200
	p.goPlay -= 200
	p.remedy -= 200
	return p
}()
