package ai

// policy is a set of changes to the heuristic's rules of thumb: the
// searching players' own policy. They start from its choice, and their
// own side plays it in the trees and rollouts (the other sides are still
// modelled by the plain heuristic). A nil *policy is the plain heuristic.
//
// The changes were tuned by duplicate play of the policy alone against the
// heuristic (2 players; docs/ai.md): keep hazards longer and short distance
// less, attack before playing a Go or a remedy when both are possible, and
// slow the leader with a Speed Limit more readily.
type policy struct {
	keepDistance float64 // added to the value of keeping a distance card
	keepHazard   float64 // added to the value of keeping a hazard
	limit        float64 // added to the score of playing a Speed Limit
	goPlay       float64 // added to the score of playing a Go
	remedy       float64 // added to the score of playing Gasoline, Spare Tire or Repairs
}

// tuned is the policy the hard and expert levels play.
var tuned = policy{keepDistance: -15, keepHazard: 20, limit: 200, goPlay: -200, remedy: -200}

func (p *policy) keepDistanceAdd() float64 {
	if p == nil {
		return 0
	}
	return p.keepDistance
}

func (p *policy) keepHazardAdd() float64 {
	if p == nil {
		return 0
	}
	return p.keepHazard
}

func (p *policy) limitAdd() float64 {
	if p == nil {
		return 0
	}
	return p.limit
}

func (p *policy) goAdd() float64 {
	if p == nil {
		return 0
	}
	return p.goPlay
}

func (p *policy) remedyAdd() float64 {
	if p == nil {
		return 0
	}
	return p.remedy
}
