package engine

import "strconv"

// A Refusal is why an action is not legal: a code (Why) and the card it
// names (Card: the safety the target has, the hazard to fix or that
// stops the player), plain data that a front end words through its
// catalogue (lang.Catalogue.Reason). Error gives its code's name, for
// logs and programs; the catalogue holds the only sentence. The
// refusals are fixed values, so comparing with == (or errors.Is) works
// and refusing allocates nothing.
type Refusal struct {
	Why  Reason
	Card Card
}

// A Reason is a kind of refusal. The ones that name a card (Card) are
// said per card.
type Reason uint8

// The reasons an action can be refused.
const (
	RefNotNow       Reason = iota // the action is no move of this phase
	RefNotInHand                  // the card is not in the hand
	RefNoSuchSide                 // the target is no side
	RefOwnSide                    // the target is the player's own side
	RefNotRolling                 // the target is not rolling
	RefHasHazard                  // the target already has a hazard
	RefAlreadyLimit               // the target is already limited (bsd)
	RefAlreadyGo                  // the player is already rolling
	RefYouHaveRoW                 // the player has Right of Way
	RefNotLimited                 // no Speed Limit to end
	RefNeedGo                     // distance before a Go
	RefStopped                    // distance on a Stop
	RefLimited                    // more than 50 under a Speed Limit
	RefTwo200s                    // a third 200
	RefPast700                    // past the trip of 700
	RefPast1000                   // past the trip of 1000
	RefKeepSafeties               // a safety discarded under bsd
	RefTheyHave                   // Card: the target's safety against the hazard
	RefFixFirst                   // Card: the road hazard to fix before a Go
	RefNothingToFix               // Card: the hazard the remedy fixes, not there
	RefStoppedBy                  // Card: the road hazard that stops the distance
	NumReasons                    // the number of reasons
)

// reasonNames are the reasons' names, which Error gives: the sentences
// a person reads are the catalogue's (lang), in their language.
var reasonNames = [NumReasons]string{
	RefNotNow: "not-now", RefNotInHand: "not-in-hand", RefNoSuchSide: "no-such-side",
	RefOwnSide: "own-side", RefNotRolling: "not-rolling", RefHasHazard: "has-hazard",
	RefAlreadyLimit: "already-limited", RefAlreadyGo: "already-go", RefYouHaveRoW: "right-of-way",
	RefNotLimited: "not-limited", RefNeedGo: "need-go", RefStopped: "stopped", RefLimited: "limited",
	RefTwo200s: "two-200s", RefPast700: "past-700", RefPast1000: "past-1000",
	RefKeepSafeties: "keep-safeties", RefTheyHave: "they-have", RefFixFirst: "fix-first",
	RefNothingToFix: "nothing-to-fix", RefStoppedBy: "stopped-by",
}

// Error names the refusal by its code and card, for logs and programs
// ("engine: refused: need-go", "engine: refused: they-have Extra Tank");
// a front end words it with lang.Catalogue.Reason.
func (r *Refusal) Error() string {
	if r.Why >= NumReasons {
		return "engine: refused: " + strconv.Itoa(int(r.Why))
	}
	if r.Card != NoCard {
		return "engine: refused: " + reasonNames[r.Why] + " " + r.Card.String()
	}
	return "engine: refused: " + reasonNames[r.Why]
}

func refuse(why Reason) *Refusal { return &Refusal{Why: why} }

// The refusals that name no card.
var (
	ErrNotNow       = refuse(RefNotNow)
	ErrNotInHand    = refuse(RefNotInHand)
	ErrNoSuchSide   = refuse(RefNoSuchSide)
	ErrOwnSide      = refuse(RefOwnSide)
	ErrNotRolling   = refuse(RefNotRolling)
	ErrHasHazard    = refuse(RefHasHazard)
	ErrAlreadyLimit = refuse(RefAlreadyLimit)
	ErrAlreadyGo    = refuse(RefAlreadyGo)
	ErrYouHaveRoW   = refuse(RefYouHaveRoW)
	ErrNotLimited   = refuse(RefNotLimited)
	ErrNeedGo       = refuse(RefNeedGo)
	ErrStopped      = refuse(RefStopped)
	ErrLimited      = refuse(RefLimited)
	ErrTwo200s      = refuse(RefTwo200s)
	ErrPast700      = refuse(RefPast700)
	ErrPast1000     = refuse(RefPast1000)
	ErrKeepSafeties = refuse(RefKeepSafeties)
)

// byCard are the refusals that name a card, by reason and card, made
// once so that refusing allocates nothing.
var byCard = func() (m [NumReasons][NumCards]*Refusal) {
	for why := RefTheyHave; why < NumReasons; why++ {
		for c := Card(1); c < NumCards; c++ {
			m[why][c] = &Refusal{Why: why, Card: c}
		}
	}
	return m
}()

// Check tells whether the player to act may take action a, and if not,
// why (a *Refusal).
func (s *State) Check(a Action) error {
	switch s.Phase {
	case PhasePlay:
		switch a.Kind() {
		case KindPlay:
			return s.checkPlay(int(s.Turn), a)
		case KindDiscard:
			c := a.Card()
			if a != Discard(c) || !c.Valid() || !s.holds(int(s.Turn), c) {
				return ErrNotInHand
			}
			if !s.mayDiscard(c) {
				return ErrKeepSafeties
			}
			return nil
		}
	case PhaseCoupFourre:
		if a == DeclareCoupFourre || a == DeclineCoupFourre {
			return nil
		}
	case PhaseExtension:
		if a == Extend || a == StopTrip {
			return nil
		}
	case PhaseHandOver, PhaseGameOver:
		if a == Continue {
			return nil
		}
	}
	return ErrNotNow
}

// checkPlay is the heart of the rules: may seat play card a.Card() (at
// a.Target() for a hazard)?
func (s *State) checkPlay(seat int, a Action) error {
	if c := a.Card(); !c.Valid() || !s.holds(seat, c) {
		return ErrNotInHand
	}
	return s.checkHeld(seat, a)
}

// checkHeld is checkPlay for a card known to be in seat's hand (Legal
// asks it of every card in the hand).
func (s *State) checkHeld(seat int, a Action) error {
	c := a.Card()
	own := s.Config.SideOf(seat)
	if !c.IsHazard() && a.Target() != 0 {
		return ErrNotNow // only hazards name a target
	}
	t := &s.Tableaus[own]
	switch c.Kind() {
	case Hazard:
		side := a.Target()
		if side >= s.Sides() {
			return ErrNoSuchSide
		}
		if side == own {
			return ErrOwnSide
		}
		return s.checkAttack(c, side)
	case Remedy:
		switch c {
		case Go:
			switch {
			case t.Has(RightOfWay) && !s.Config.Rules.has(goUnderRightOfWay):
				// bsd accepts this useless Go, as BSD mille does.
				return ErrYouHaveRoW
			case t.Battle == Go:
				return ErrAlreadyGo
			case t.Battle.IsRoadHazard():
				return byCard[RefFixFirst][t.Battle]
			}
		case EndOfLimit:
			if !t.Limited() {
				return ErrNotLimited
			}
		default:
			if h := HazardFor(c); t.Battle != h {
				return byCard[RefNothingToFix][h]
			}
		}
	case Distance:
		if !t.Rolling() {
			switch {
			case t.Battle.IsRoadHazard():
				return byCard[RefStoppedBy][t.Battle]
			case t.Battle == Stop:
				return ErrStopped
			}
			return ErrNeedGo
		}
		if t.Limited() && c.Miles() > 50 {
			return ErrLimited
		}
		if c == Miles200 && t.Cards[Miles200] >= 2 {
			return ErrTwo200s
		}
		if int(t.Miles)+c.Miles() > int(s.Trip) {
			if s.Trip == ExtendedTrip {
				return ErrPast1000
			}
			return ErrPast700
		}
	}
	return nil // safeties can always be played
}

// checkAttack is checkHeld for hazard c played on side, another side than
// the player's.
func (s *State) checkAttack(c Card, side int) error {
	o := &s.Tableaus[side]
	if o.Has(SafetyFor(c)) {
		return byCard[RefTheyHave][SafetyFor(c)]
	}
	if c == SpeedLimit {
		if s.Config.Rules.has(alternateSpeed) && o.Speed == SpeedLimit {
			return ErrAlreadyLimit
		}
		return nil
	}
	if o.Battle.IsHazard() {
		return ErrHasHazard
	}
	if !o.Rolling() {
		return ErrNotRolling
	}
	return nil
}

// Legal appends every action the player to act may take to buf and returns
// it; buf needs room for MaxLegal to avoid allocating. Each card in the hand
// appears once however many copies are held. It is empty only if the state
// is invalid.
//
// The list is checkHeld's verdicts, in hand order, each card's plays (on its
// own side, or on each side a hazard may go on, in side order) before its
// discard; but the verdicts are worked out once per call, as bit masks over
// the cards (playable), not once per card: Legal runs at every step of every
// rollout the computer players make.
func (s *State) Legal(buf []Action) []Action {
	switch s.Phase {
	case PhaseCoupFourre:
		return append(buf, DeclareCoupFourre, DeclineCoupFourre)
	case PhaseExtension:
		return append(buf, Extend, StopTrip)
	case PhaseHandOver, PhaseGameOver:
		return append(buf, Continue)
	}
	seat := int(s.Turn)
	m := s.playable(seat)
	// The actions are gathered in an array and appended at once, without a
	// branch on the cards: every candidate is written and kept (n moves on)
	// only if its mask has the card's bit, so random hands cost no
	// mispredicted jumps. A hazard has no Play bit and the others no attack
	// bits, so each card gives its attacks in side order or its play, then
	// its discard: at most three a card, 21 in all, within MaxLegal, and the
	// mask on the index spares the bounds checks. The candidates are the
	// card or'ed into the action with no card.
	att0, att1 := Attack(NoCard, int(m.sides[0])), Attack(NoCard, int(m.sides[1]))
	play, discard := Play(NoCard), Discard(NoCard)
	var out [MaxLegal]Action
	n := 0
	var seen cardMask
	for _, c := range s.Hands[seat] {
		bit := cardBits[c] // an empty slot's NoCard has no bit and yields nothing
		fresh := bit &^ seen
		seen |= bit
		shift, ac := c&31, Action(c&31)
		out[n&(MaxLegal-1)] = att0 | ac
		n += int(fresh & m.attack[0] >> shift)
		out[n&(MaxLegal-1)] = att1 | ac
		n += int(fresh & m.attack[1] >> shift)
		out[n&(MaxLegal-1)] = play | ac
		n += int(fresh & m.own >> shift)
		out[n&(MaxLegal-1)] = discard | ac
		n += int(fresh & m.discard >> shift)
	}
	if len(buf)+MaxLegal <= cap(buf) { // as Legal asks: one copy of fixed size
		*(*[MaxLegal]Action)(buf[len(buf) : len(buf)+MaxLegal]) = out
		return buf[:len(buf)+n]
	}
	return append(buf, out[:n]...)
}

// cardMask is a set of cards, bit c for card c.
type cardMask = uint32

// The card sets Legal and playable work with.
const (
	hazardBits   cardMask = 1<<OutOfGas | 1<<FlatTire | 1<<Accident | 1<<SpeedLimit | 1<<Stop
	battleBits   cardMask = hazardBits &^ (1 << SpeedLimit) // the hazards that go on the battle pile
	safetyBits   cardMask = 1<<ExtraTank | 1<<PunctureProof | 1<<DrivingAce | 1<<RightOfWay
	allCardBits  cardMask = 1<<NumCards - 2 // every card but NoCard
	distanceBits cardMask = 1<<Miles25 | 1<<Miles50 | 1<<Miles75 | 1<<Miles100 | 1<<Miles200
)

// cardBits is each card's bit in a cardMask, as a table indexed by any
// byte: a card out of range has no bit, so it is never legal.
var cardBits = func() (b [256]cardMask) {
	for c := Card(1); c < NumCards; c++ {
		b[c] = 1 << c
	}
	return b
}()

// plays is what seat may do with each card: the cards it may play on its
// own side (never a hazard), the hazards it may play on the other sides
// (at most two: on sides[0] then sides[1], the one missing in a 2-player
// game with an empty mask), and the cards it may discard.
type plays struct {
	own     cardMask
	attack  [MaxSides - 1]cardMask
	sides   [MaxSides - 1]uint8
	discard cardMask
}

// playable works out checkHeld's verdict for every card at once. It must
// agree with checkHeld card for card (TestLegalMatchesCheck holds them to
// it); checkHeld stays the one that says why not.
func (s *State) playable(seat int) plays {
	var m plays
	own := s.Config.SideOf(seat)
	t := &s.Tableaus[own]
	rules := s.Config.Rules
	m.own = safetyBits
	switch {
	case t.Has(RightOfWay) && !rules.has(goUnderRightOfWay):
	case t.Battle == Go, t.Battle.IsRoadHazard():
	default:
		m.own |= 1 << Go
	}
	if t.Limited() {
		m.own |= 1 << EndOfLimit
	}
	if h := t.Battle; h.IsRoadHazard() {
		m.own |= 1 << RemedyFor(h)
	}
	if t.Rolling() {
		m.own |= distanceFits(int(s.Trip)-int(t.Miles), t.Limited(), t.Cards[Miles200] >= 2)
	}
	alternate := rules.has(alternateSpeed)
	k := 0
	for side := 0; side < s.Sides() && k < len(m.sides); side++ {
		if side == own {
			continue
		}
		o := &s.Tableaus[side]
		var ok cardMask
		if o.Rolling() { // Rolling implies no hazard shows on the battle pile
			ok = battleBits
		}
		if !alternate || o.Speed != SpeedLimit {
			ok |= 1 << SpeedLimit
		}
		ok &^= safetyGuards[o.Safeties&0xf]
		m.attack[k], m.sides[k] = ok, uint8(side)
		k++
	}
	m.discard = allCardBits
	if rules.has(keepSafeties) {
		m.discard &^= safetyBits
	}
	return m
}

// safetyGuards gives, for a side's safety mask, the hazards its safeties
// stop.
var safetyGuards = func() (g [16]cardMask) {
	for mask := range g {
		for _, sf := range AllSafeties {
			if mask&int(safetyBit(sf)) == 0 {
				continue
			}
			for h := OutOfGas; h <= Stop; h++ {
				if SafetyFor(h) == sf {
					g[mask] |= 1 << h
				}
			}
		}
	}
	return g
}()

// distanceFits is the distance cards a rolling side may play with room
// miles left to the trip, under a Speed Limit or not, and with its two
// 200s played or not.
func distanceFits(room int, limited, two200s bool) cardMask {
	var m cardMask
	switch {
	case room >= 200:
		m = distanceBits
	case room >= 100:
		m = 1<<Miles25 | 1<<Miles50 | 1<<Miles75 | 1<<Miles100
	case room >= 75:
		m = 1<<Miles25 | 1<<Miles50 | 1<<Miles75
	case room >= 50:
		m = 1<<Miles25 | 1<<Miles50
	case room >= 25:
		m = 1 << Miles25
	}
	if limited {
		m &= 1<<Miles25 | 1<<Miles50
	}
	if two200s {
		m &^= 1 << Miles200
	}
	return m
}

// appendPlays appends the legal plays of card c by seat: one per side a
// hazard may go on, or the one play on its own side.
func (s *State) appendPlays(seat int, c Card, buf []Action) []Action {
	if !c.IsHazard() {
		if s.checkHeld(seat, Play(c)) == nil {
			buf = append(buf, Play(c))
		}
		return buf
	}
	own := s.Config.SideOf(seat)
	for side := 0; side < s.Sides(); side++ {
		if side != own && s.checkAttack(c, side) == nil {
			buf = append(buf, Attack(c, side))
		}
	}
	return buf
}

// mayDiscard reports whether c may be discarded: anything may, but bsd
// keeps safeties.
func (s *State) mayDiscard(c Card) bool { return !(c.IsSafety() && s.Config.Rules.has(keepSafeties)) }

// Apply returns the state after the player to act takes action a. An
// illegal action returns s unchanged and a *Refusal saying why.
func Apply(s State, a Action) (State, error) {
	err := s.Step(a)
	return s, err
}

// Step applies a to s in place (Apply without the copy, for searches). An
// illegal action leaves s unchanged and returns a *Refusal.
func (s *State) Step(a Action) error {
	if err := s.Check(a); err != nil {
		return err
	}
	s.StepLegal(a)
	return nil
}

// StepLegal applies a, which must be one of s.Legal's actions, to s in
// place without checking it: for searches that take every action from
// Legal, where Step's check is paid twice. Any other action leaves s in a
// state the rules cannot reach.
func (s *State) StepLegal(a Action) {
	seat := int(s.Turn)
	side := s.Config.SideOf(seat)
	switch a.Kind() {
	case KindPlay:
		s.play(seat, side, a)
	case KindDiscard:
		c := a.Card()
		s.takeFromHand(seat, c)
		s.discard(c)
		s.record(Event{Kind: EvDiscard, Seat: uint8(seat), Card: c})
		s.startTurn(s.next(seat))
	case KindCoupFourre:
		s.coupFourre(seat, side)
	case KindDecline:
		s.record(Event{Kind: EvDeclined, Seat: uint8(seat), Card: SafetyFor(s.Threat)})
		s.Threat = NoCard
		s.startTurn(s.next(int(s.Attacker)))
	case KindExtend:
		s.Trip = ExtendedTrip
		s.Extender = int8(side)
		s.record(Event{Kind: EvExtend, Seat: uint8(seat)})
		s.startTurn(s.next(seat))
	case KindStopTrip:
		s.record(Event{Kind: EvStopTrip, Seat: uint8(seat)})
		s.finish(side)
	case KindContinue:
		if s.Phase == PhaseGameOver {
			s.Game++
			s.Hand = 0
			s.Totals = [MaxSides]int32{}
			s.Winner = -1
		} else {
			s.Hand++
		}
		s.First = uint8(s.next(int(s.First)))
		s.deal()
	}
}

func (s *State) play(seat, side int, a Action) {
	c := a.Card()
	s.takeFromHand(seat, c)
	t := &s.Tableaus[side]
	switch c.Kind() {
	case Hazard:
		target := a.Target()
		o := &s.Tableaus[target]
		if c == SpeedLimit {
			o.SpeedUnder, o.Speed = o.Speed, c
		} else {
			o.BattleUnder, o.Battle = o.Battle, c
		}
		o.Cards[c]++
		s.record(Event{Kind: EvAttack, Seat: uint8(seat), Card: c, Target: uint8(target)})
		if holder := s.holderOf(target, SafetyFor(c)); holder >= 0 {
			s.Phase, s.Turn = PhaseCoupFourre, uint8(holder)
			s.Attacker, s.Threat, s.ThreatSide = uint8(seat), c, uint8(target)
			return
		}
		s.startTurn(s.next(seat))
	case Remedy:
		if c == EndOfLimit {
			t.SpeedUnder, t.Speed = t.Speed, c
		} else {
			t.BattleUnder, t.Battle = t.Battle, c
		}
		t.Cards[c]++
		s.record(Event{Kind: EvPlay, Seat: uint8(seat), Card: c})
		s.startTurn(s.next(seat))
	case Safety:
		s.record(Event{Kind: EvSafety, Seat: uint8(seat), Card: c})
		s.laySafety(side, c, false)
		if s.DrawLen == 0 && s.Config.Rules.has(noReplayWhenOut) {
			s.startTurn(s.next(seat)) // dujardin: not once the pile is out
			return
		}
		s.startTurn(seat) // a safety earns another turn
	case Distance:
		t.Cards[c]++
		t.Miles += uint16(c.Miles())
		s.record(Event{Kind: EvPlay, Seat: uint8(seat), Card: c})
		if t.Miles != s.Trip {
			s.startTurn(s.next(seat))
			return
		}
		s.record(Event{Kind: EvTrip, Seat: uint8(seat), Target: uint8(s.Trip / 100)})
		if s.Config.HasExtension() && s.Trip != ExtendedTrip {
			s.Phase, s.Turn = PhaseExtension, uint8(seat)
			return
		}
		s.finish(side)
	}
}

// holderOf returns the seat of side that holds card, or -1.
func (s *State) holderOf(side int, card Card) int {
	for p := side; p < s.Config.Players; p += s.Sides() {
		if s.holds(p, card) {
			return p
		}
	}
	return -1
}

// laySafety puts safety c into side's safety area and cancels the hazards
// it stops. A coup fourré has already taken its hazard off the pile.
func (s *State) laySafety(side int, c Card, coupFourre bool) {
	t := &s.Tableaus[side]
	t.Safeties |= safetyBit(c)
	if coupFourre {
		t.CoupsFourres |= safetyBit(c)
	}
	t.Cards[c]++
	if c == RightOfWay {
		if t.Battle == Stop {
			s.throwOut(side, Stop)
			t.Battle = t.BattleUnder
		}
		if t.Speed == SpeedLimit {
			s.throwOut(side, SpeedLimit)
			t.Speed = t.SpeedUnder
			if t.Speed == SpeedLimit { // a limit under a limit is covered too
				t.Speed = NoCard
			}
		}
		return
	}
	if h := c - (ExtraTank - OutOfGas); t.Battle == h {
		s.throwOut(side, h)
		if s.Config.Rules.has(rollOnSafety) {
			t.Battle = t.BattleUnder // bsd: rolls at once
		} else {
			t.Battle = NoCard // standard: still needs a Go
		}
	}
}

// throwOut moves a cancelled hazard from side's piles to the discard pile.
func (s *State) throwOut(side int, h Card) {
	s.Tableaus[side].Cards[h]--
	s.discard(h)
	s.record(Event{Kind: EvCancelled, Card: h, Target: uint8(side)})
}

func (s *State) coupFourre(seat, side int) {
	safety := SafetyFor(s.Threat)
	slot := s.takeFromHand(seat, safety)
	t := &s.Tableaus[side]
	s.record(Event{Kind: EvCoupFourre, Seat: uint8(seat), Card: safety})
	// The hazard goes to the discard pile: the pile shows what it did before.
	t.Cards[s.Threat]--
	s.discard(s.Threat)
	if s.Threat == SpeedLimit {
		t.Speed, t.SpeedUnder = t.SpeedUnder, NoCard
	} else {
		t.Battle, t.BattleUnder = t.BattleUnder, NoCard
	}
	s.Threat = NoCard
	s.laySafety(side, safety, true)
	if s.DrawLen > 0 {
		s.draw(seat, slot)
	}
	s.startTurn(seat)
}

// finish ends the hand with side having completed the trip.
func (s *State) finish(side int) {
	s.Finisher = int8(side)
	s.FinishedDelayed = s.DrawLen == 0
	s.endHand()
}
