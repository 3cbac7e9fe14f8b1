package ai

import (
	"context"
	"math/rand/v2"

	"github.com/millebornes/mille/engine"
)

// Heuristic is the card-counting player: it scores every legal action with
// rules of thumb written from the rule book and the cards it has seen, and
// plays the best. It is fast enough (about a microsecond a decision) to be
// the searching players' rollout policy.
type Heuristic struct{}

// NewHeuristic returns the heuristic player. It uses no randomness.
func NewHeuristic() *Heuristic { return &Heuristic{} }

// Name returns "heuristic".
func (*Heuristic) Name() string { return "heuristic" }

// Choose scores the legal actions and returns the best.
func (*Heuristic) Choose(_ context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	var v view
	viewOf(obs, &v)
	a, _ := v.best(legal)
	return a
}

// A Reason is why the heuristic likes a move, for hints and reviews: a
// code, which a front end words through its catalogue (lang's Why). The
// move it explains goes with it and names the cards and the sides.
type Reason uint8

// The reasons.
const (
	WhyBest            Reason = iota // no Reason better than the search's choice
	WhyCoupFourre                    // a coup fourré
	WhyDecline                       // keep the safety for later
	WhyExtend                        // extend: the road looks clear
	WhyStopTrip                      // stop at 700: extending is too risky
	WhyFinish                        // the distance finishes the trip
	WhySafetyBeforeEnd               // lay the safety before the hand ends
	WhySafetyDead                    // its hazard can no longer come
	WhySafetyFix                     // the safety fixes the hazard
	WhySafetyRoll                    // Right of Way rolls at once
	WhySafetyKeep                    // a safety rather than a wasted card
	WhySafetyHold                    // keep the safety for a coup fourré
	WhyRemedy                        // repair
	WhyGo                            // Go to start rolling
	WhyEndOfLimit                    // lift the Speed Limit
	WhyAttack                        // attack the leader
	WhyLimit                         // slow the leader down
	WhyDistance                      // drive on
	WhySmallUnderLimit               // drive on under the Speed Limit
	WhyDiscardDead                   // a dead card
	WhyDiscard                       // the card needed least
	WhyContinue                      // deal on
	WhyLaySafety                     // a safety played: 100 points and another turn
	WhyAttackRolling                 // attack a side that is rolling, not the leader
	WhySlowDown                      // limit a side that is not the leader
	NumReasons                       // the number of reasons
)

// best returns the legal action with the highest score (the first on ties,
// so the choice is deterministic) and why.
//
// A discard never scores above zero (see score), so when some other action
// scores above zero the discards cannot win and are not scored: valuing
// every card kept was a sixth of a search's time. The choice is the same.
func (v *view) best(legal []engine.Action) (engine.Action, Reason) {
	k, r := v.bestIndex(legal)
	return legal[k], r
}

// bestIndex is best, giving the index of the action in legal.
func (v *view) bestIndex(legal []engine.Action) (int, Reason) {
	var scores [engine.MaxLegal]float64
	var reasons [engine.MaxLegal]Reason
	best, bestS := 0, -1e18
	for k, a := range legal {
		if a.Kind() == engine.KindDiscard {
			continue
		}
		scores[k], reasons[k] = v.score(a)
		if scores[k] > bestS {
			best, bestS = k, scores[k]
		}
	}
	if bestS > 0 {
		return best, reasons[best]
	}
	best, bestS = 0, -1e18
	for k, a := range legal {
		if a.Kind() == engine.KindDiscard {
			scores[k], reasons[k] = v.score(a)
		}
		if scores[k] > bestS {
			best, bestS = k, scores[k]
		}
	}
	return best, reasons[best]
}

// score rates one legal action: higher is better. Plays that help score
// above zero; discards score minus the value of keeping the card.
func (v *view) score(a engine.Action) (float64, Reason) {
	w := v.weights()
	switch a.Kind() {
	case engine.KindCoupFourre:
		return 1000, WhyCoupFourre
	case engine.KindDecline:
		return 0, WhyDecline
	case engine.KindExtend:
		if v.shouldExtend() {
			return 1, WhyExtend
		}
		return -1, WhyExtend
	case engine.KindStopTrip:
		return 0, WhyStopTrip
	case engine.KindContinue:
		return 0, WhyContinue
	case engine.KindDiscard:
		keep := v.keep(a.Card())
		if keep <= 0 {
			return keep, WhyDiscardDead
		}
		if v.holdsSafety {
			return -keep, WhySafetyHold
		}
		return -keep, WhyDiscard
	}
	c := a.Card()
	me := &v.tabs[v.side]
	switch c.Kind() {
	case engine.Safety:
		return v.scoreSafety(c)
	case engine.Remedy:
		switch c {
		case engine.Go:
			if me.Has(engine.RightOfWay) {
				return -1, WhyGo // legal in bsd, but Right of Way already rolls: discard it instead
			}
			return w.GoPlay, WhyGo
		case engine.EndOfLimit:
			if v.holdsBigDistance() && me.Rolling() {
				return w.EndLimitBig, WhyEndOfLimit
			}
			return w.EndLimit, WhyEndOfLimit
		}
		return w.Remedy, WhyRemedy
	case engine.Distance:
		m := int(me.Miles) + c.Miles()
		if m == v.trip {
			return 1000, WhyFinish
		}
		s := w.Distance + float64(c.Miles())*w.DistancePer
		if c == engine.Miles200 && me.Cards[engine.Miles200] == 0 {
			s -= w.First200
		}
		if me.Limited() {
			return s, WhySmallUnderLimit
		}
		return s, WhyDistance
	case engine.Hazard:
		return v.scoreAttack(c, a.Target())
	}
	return 0, WhyBest
}

// scoreSafety rates laying a safety: worth it when the coup fourré can no
// longer come, when the hand is ending, or when it gets the side moving.
func (v *view) scoreSafety(c engine.Card) (float64, Reason) {
	w := v.weights()
	me := &v.tabs[v.side]
	if v.canFinish() || v.handEnding() {
		return 1100, WhySafetyBeforeEnd // an extra turn, then finish
	}
	dead := true
	for h := engine.OutOfGas; h <= engine.Stop; h++ {
		if engine.SafetyFor(h) == c && v.unseen[h] > 0 {
			dead = false
		}
	}
	if dead {
		return 950, WhySafetyDead
	}
	if c == engine.RightOfWay {
		if me.Battle == engine.Stop && v.held[engine.Go] == 0 {
			return w.SafetyRoll, WhySafetyRoll
		}
		if !me.Rolling() && !me.Battle.IsHazard() && v.held[engine.Go] == 0 {
			return w.SafetyRoll, WhySafetyRoll
		}
		if me.Limited() && v.held[engine.EndOfLimit] == 0 && v.holdsBigDistance() {
			return w.SafetyUnlimit, WhySafetyRoll
		}
	} else if h := c - (engine.ExtraTank - engine.OutOfGas); me.Battle == h && v.held[engine.RemedyFor(h)] == 0 {
		return w.SafetyFix, WhySafetyFix
	}
	return w.SafetyKeep, WhySafetyKeep
}

// scoreAttack rates playing hazard h on side t.
func (v *view) scoreAttack(h engine.Card, t int) (float64, Reason) {
	w := v.weights()
	o := &v.tabs[t]
	lead := 0
	for side := 0; side < v.sides; side++ {
		if side != v.side && int(v.tabs[side].Miles) > lead {
			lead = int(v.tabs[side].Miles)
		}
	}
	// Prefer the side that is ahead, more so as it nears the trip.
	s := w.Attack + float64(o.Miles)*w.AttackPer
	if int(o.Miles) < lead {
		s += w.AttackBehind
	}
	// A hazard their remedies are scarce for hurts more.
	s += float64(6-int(v.unseen[engine.RemedyFor(h)])) * w.AttackScarce
	if h.IsRoadHazard() {
		s += w.AttackRoad
	}
	if h == engine.SpeedLimit {
		s = w.Limit + float64(o.Miles)*w.AttackPer
		if o.Limited() || int(v.trip)-int(o.Miles) <= 50 {
			s = w.LimitUseless // no effect worth a card
		}
		if !o.Rolling() {
			s += w.LimitStopped
		}
	}
	// Risk of a coup fourré: the safety may sit in one of their hands.
	safety := engine.SafetyFor(h)
	if v.unseen[safety] > 0 {
		n, total := 0, 0
		for p := 0; p < v.cfg.Players; p++ {
			if p == v.seat {
				continue
			}
			size := v.handSize(p)
			total += size
			if v.cfg.SideOf(p) == t {
				n += size
			}
		}
		total += v.drawLen
		if total > 0 {
			s -= w.CoupRisk * float64(n) / float64(total)
		}
	}
	if h == engine.SpeedLimit {
		return s, WhyLimit
	}
	return s, WhyAttack
}

// keep is how much holding card c is worth; zero or less means dead.
func (v *view) keep(c engine.Card) float64 {
	w := v.weights()
	me := &v.tabs[v.side]
	switch c.Kind() {
	case engine.Safety:
		return 1000
	case engine.Remedy:
		h := engine.HazardFor(c)
		if v.safe(v.side, h) || v.held[engine.SafetyFor(h)] > 0 && c != engine.Go {
			return 0
		}
		switch c {
		case engine.Go:
			if v.held[c] > 1 {
				return w.KeepGoExtra
			}
			return w.KeepGo
		case engine.EndOfLimit:
			if v.unseen[engine.SpeedLimit] == 0 && !me.Limited() {
				return 0
			}
			if v.held[c] > 1 {
				return w.KeepEndLimitPer
			}
			return w.KeepEndLimit + w.KeepEndLimitPer*float64(v.unseen[engine.SpeedLimit])
		}
		if v.unseen[h] == 0 && me.Battle != h {
			return 0
		}
		if v.held[c] > 1 {
			return w.KeepRemedyExtra
		}
		return w.KeepRemedy + w.KeepRemedyPer*float64(v.unseen[h])
	case engine.Hazard:
		open := false
		for side := 0; side < v.sides; side++ {
			if side != v.side && !v.safe(side, c) {
				open = true
			}
		}
		if !open {
			return 0
		}
		switch {
		case c == engine.Stop:
			return w.KeepStop
		case c == engine.SpeedLimit:
			return w.KeepLimit
		}
		return w.KeepHazard
	case engine.Distance:
		if c == engine.Miles200 && int(me.Cards[c])+int(v.held[c]) > 2 {
			return 0
		}
		m := int(me.Miles) + c.Miles()
		if m > v.maxTrip() {
			return 0
		}
		keep := float64(c.Miles())*w.KeepDistancePer + w.KeepDistance
		if c <= engine.Miles50 && (me.Limited() || v.unseen[engine.SpeedLimit] > 0) {
			keep += w.KeepSmall
		}
		if m > v.trip {
			keep /= 3
		}
		return keep
	}
	return 0
}

// canFinish reports whether a card in hand completes the trip now.
func (v *view) canFinish() bool {
	me := &v.tabs[v.side]
	if !me.Rolling() {
		return false
	}
	need := v.trip - int(me.Miles)
	for _, c := range engine.DistanceCards {
		if v.held[c] > 0 && c.Miles() == need {
			if c == engine.Miles200 && me.Cards[c] >= 2 || me.Limited() && c.Miles() > 50 {
				continue
			}
			return true
		}
	}
	return false
}

// handEnding reports whether the hand is about to end, so safeties held
// back for a coup fourré had better be laid.
func (v *view) handEnding() bool {
	if v.drawLen <= v.cfg.Players {
		return true
	}
	for side := 0; side < v.sides; side++ {
		t := &v.tabs[side]
		if side != v.side && t.Rolling() && float64(v.trip-int(t.Miles)) <= v.weights().EndingMiles {
			return true
		}
	}
	return false
}

// holdsBigDistance reports whether the hand has a 75 or more that fits.
func (v *view) holdsBigDistance() bool {
	me := &v.tabs[v.side]
	for _, c := range []engine.Card{engine.Miles75, engine.Miles100, engine.Miles200} {
		if v.held[c] > 0 && int(me.Miles)+c.Miles() <= v.trip {
			return true
		}
	}
	return false
}

// shouldExtend decides the extension from the risk: extend when the hand
// already holds the 300 miles to 1000 and no opponent is close.
func (v *view) shouldExtend() bool {
	me := &v.tabs[v.side]
	for side := 0; side < v.sides; side++ {
		if side != v.side && v.tabs[side].Miles >= 500 {
			return false
		}
	}
	if v.drawLen < 2*v.cfg.Players {
		return false
	}
	// Can the distance in hand make exactly 300?
	var n [engine.NumCards]int
	for _, c := range engine.DistanceCards {
		n[c] = int(v.held[c])
	}
	if m := 2 - int(me.Cards[engine.Miles200]); n[engine.Miles200] > m {
		n[engine.Miles200] = m
	}
	reach := [13]bool{true} // in units of 25 miles
	for _, c := range engine.DistanceCards {
		u := c.Miles() / 25
		for k := 0; k < n[c]; k++ {
			for x := 12; x >= u; x-- {
				reach[x] = reach[x] || reach[x-u]
			}
		}
	}
	if !reach[12] {
		return false
	}
	// Hazards that could still stop us, against what we can answer.
	danger := 0
	for h := engine.OutOfGas; h <= engine.Stop; h++ {
		if h != engine.SpeedLimit && !v.safe(v.side, h) && v.held[engine.SafetyFor(h)] == 0 {
			danger += int(v.unseen[h])
		}
	}
	return float64(danger) <= v.weights().ExtendDanger
}

// Noisy is the heuristic with lapses: with probability eps it plays a
// random legal action instead (never a safety discard it would regret).
// It makes the easy level beatable.
type Noisy struct {
	eps float64
	rng *rand.Rand
}

// NewNoisy returns a heuristic player that errs with probability eps.
func NewNoisy(eps float64, seed uint64) *Noisy {
	return &Noisy{eps: eps, rng: rand.New(rand.NewPCG(seed, 0x6e6f697379))}
}

// Name returns "noisy".
func (*Noisy) Name() string { return "noisy" }

// Choose usually plays like the heuristic.
func (n *Noisy) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	if n.rng.Float64() < n.eps {
		a := legal[n.rng.IntN(len(legal))]
		if !(a.Kind() == engine.KindDiscard && a.Card().IsSafety()) {
			return a
		}
	}
	return NewHeuristic().Choose(ctx, obs, legal)
}
