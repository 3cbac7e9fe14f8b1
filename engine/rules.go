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
			if c := a.Card(); !c.Valid() || !s.holds(int(s.Turn), c) {
				return ErrNotInHand
			}
			return s.checkHeld(int(s.Turn), a)
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

// checkHeld is the heart of the rules: may seat play card a.Card(), known
// to be in its hand (Check has looked), at a.Target() for a hazard? Legal's
// verdicts are held to it (TestLegalMatchesCheck).
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
// discard; but the verdicts are worked out once per call, three bits a card
// in one word (playable), not once per card: Legal runs at every step of
// every rollout the computer players make.
func (s *State) Legal(buf []Action) []Action {
	if s.Phase != PhasePlay {
		switch s.Phase {
		case PhaseCoupFourre:
			return append(buf, DeclareCoupFourre, DeclineCoupFourre)
		case PhaseExtension:
			return append(buf, Extend, StopTrip)
		case PhaseHandOver, PhaseGameOver:
			return append(buf, Continue)
		}
		// No phase of the rules: the plays of the hand, as in PhasePlay.
	}
	if len(buf)+MaxLegal > cap(buf) { // the room the actions are written in
		buf = append(make([]Action, 0, len(buf)+MaxLegal), buf...)
	}
	// Each card's three bits pick its actions from the row of legalRows
	// (for the sides its hazards go on), in order and counted; the actions
	// are written straight into buf (it has the room) without a branch on
	// the cards (four lanes every card, one 64-bit store, n moving on by the
	// count), so random hands cost no mispredicted jumps. A card's bits are
	// cleared once read, so its copies further in the hand give nothing; an
	// empty slot's NoCard, or a card out of range, reads the bits of NoCard,
	// which are never set. The seven slots are written out: a loop costs a
	// third more.
	out := (*[MaxLegal]Action)(buf[len(buf) : len(buf)+MaxLegal])
	seat := int(s.Turn)
	w, row := s.playable(seat)
	h := &s.Hands[seat]
	n := uint(0)
	w, n = legalCard(row, w, n, out, h[0])
	w, n = legalCard(row, w, n, out, h[1])
	w, n = legalCard(row, w, n, out, h[2])
	w, n = legalCard(row, w, n, out, h[3])
	w, n = legalCard(row, w, n, out, h[4])
	w, n = legalCard(row, w, n, out, h[5])
	_, n = legalCard(row, w, n, out, h[6])
	return buf[:len(buf)+int(n)]
}

// legalCard writes card c's actions at out[n], as its bits in w read in
// row give them, and returns w without c's bits and n past its actions.
// The four lanes of the row's entry (three actions and their count) are
// written as they lie, lowest first, which the compiler makes one 64-bit
// store; the fourth lane, the count, lands past the card's actions, where
// the next card's actions or nothing that is returned go.
func legalCard(row *[8]uint64, w legalWord, n uint, out *[MaxLegal]Action, c Card) (legalWord, uint) {
	a := row[w>>(cardShift[c]&63)&7] | cardLanes[c]
	o := (*[4]Action)(out[min(n, MaxLegal-4):]) // n is at most 18 here: min only spares the bounds checks
	o[0], o[1], o[2], o[3] = Action(a), Action(a>>16), Action(a>>32), Action(a>>48)
	return w & cardKeep[c], n + uint(a>>48)
}

// legalWord is what a seat may do with each card, three bits a card: bits
// 3c, 3c+1 and 3c+2 for card c. A hazard has bit 3c+2 set, and bit 3c if it
// may go on the first other side Legal names, 3c+1 on the second; it may
// always be discarded. Any other card has bit 3c if it may be played on the
// seat's own side and 3c+1 if it may be discarded. NoCard's bits, 0 to 2,
// are never set. 19 cards take bits 3 to 59.
type legalWord = uint64

// lane0 is the bit 3c of every card in a cardMask, a legalWord's first
// bit of each card. The engine's card sets are spelled out below as
// constants; lane0 builds its tables.
func lane0(m cardMask) legalWord {
	var w legalWord
	for c := Card(1); c < NumCards; c++ {
		if m&(1<<c) != 0 {
			w |= 1 << (3 * uint(c))
		}
	}
	return w
}

// cardMask is a set of cards, bit c for card c.
type cardMask = uint32

// The card sets playable works with, each card at bit 3c of a legalWord
// (TestCardSets checks them against the cards' kinds).
const (
	hazards3    legalWord = 1<<(3*OutOfGas) | 1<<(3*FlatTire) | 1<<(3*Accident) | 1<<(3*SpeedLimit) | 1<<(3*Stop)
	battle3     legalWord = hazards3 &^ (1 << (3 * SpeedLimit)) // the hazards that go on the battle pile
	safeties3   legalWord = 1<<(3*ExtraTank) | 1<<(3*PunctureProof) | 1<<(3*DrivingAce) | 1<<(3*RightOfWay)
	remedies3   legalWord = 1<<(3*Gasoline) | 1<<(3*SpareTire) | 1<<(3*Repairs) | 1<<(3*EndOfLimit) | 1<<(3*Go)
	distance3   legalWord = 1<<(3*Miles25) | 1<<(3*Miles50) | 1<<(3*Miles75) | 1<<(3*Miles100) | 1<<(3*Miles200)
	nonHazards3 legalWord = remedies3 | safeties3 | distance3
)

// cardShift, cardKeep and cardLanes are, for each card c, as tables
// indexed by any byte: 3c, where its bits lie in a legalWord; a mask that
// clears them; and c in each of the three actions Legal writes. A card out
// of range reads NoCard's bits, so it is never legal.
var cardShift, cardKeep, cardLanes = func() (shift [256]uint8, keep, lanes [256]uint64) {
	for c := range 256 {
		keep[c] = ^uint64(0)
		if Card(c).Valid() {
			shift[c] = 3 * uint8(c)
			keep[c] = ^(7 << shift[c])
			lanes[c] = uint64(c) * (1 | 1<<16 | 1<<32)
		}
	}
	return shift, keep, lanes
}()

// legalRows gives, for the two other sides a hazard may go on (the second
// unused with 2 players) and a card's three bits, the actions the card
// yields with no card in them (Legal ors it into each), 16 bits each, and
// their count in bits 48 to 63.
var legalRows = func() (t [MaxSides][MaxSides][8]uint64) {
	for s0 := range MaxSides {
		for s1 := range MaxSides {
			for bits := range 8 {
				var acts []Action
				if bits&4 != 0 { // a hazard
					if bits&1 != 0 {
						acts = append(acts, Attack(NoCard, s0))
					}
					if bits&2 != 0 {
						acts = append(acts, Attack(NoCard, s1))
					}
					acts = append(acts, Discard(NoCard))
				} else {
					if bits&1 != 0 {
						acts = append(acts, Play(NoCard))
					}
					if bits&2 != 0 {
						acts = append(acts, Discard(NoCard))
					}
				}
				w := uint64(len(acts)) << 48
				for i, a := range acts {
					w |= uint64(a) << (16 * i)
				}
				t[s0][s1][bits] = w
			}
		}
	}
	return t
}()

// playable works out checkHeld's verdict for every card at once, as a
// legalWord, with the row of legalRows for the seat's other sides. It must
// agree with checkHeld card for card (TestLegalMatchesCheck holds them to
// it); checkHeld stays the one that says why not. It reads tables rather
// than branching on the table's cards, which change from one seat's turn to
// the next.
func (s *State) playable(seat int) (legalWord, *[8]uint64) {
	r := &rulesWords[min(s.Config.Rules, Ruleset(len(Rulesets)))] // past them, an unknown ruleset: no trait (has)
	st := &seatSides[s.Config.Players&7][seat&7]
	t := &s.Tableaus[st.own]
	roW := t.Safeties >> 3 & 1 // safetyBit(RightOfWay)
	battle := t.Battle & 31
	w := r.base | r.own[roW][battle]
	var speedLimit uint8
	if t.Speed == SpeedLimit {
		speedLimit = 1
	}
	limited := speedLimit &^ roW
	w |= legalWord(limited) << (3 * EndOfLimit)
	var two200s uint8
	if t.Cards[Miles200] >= 2 {
		two200s = 1
	}
	room := min(max(int(s.Trip)-int(t.Miles), 0)/25, 8)
	w |= distanceWords[limited<<1|two200s][room] & rollingWords[roW][battle]
	// The other sides, written out rather than looped over: one with 2
	// players, the loop's own jumps cost as much as the side.
	if st.n > 0 {
		w |= s.attackable(r, st.others[0])
	}
	if st.n > 1 {
		w |= s.attackable(r, st.others[1]) << 1
	}
	return w, st.row
}

// attackable is the hazards that may go on side, each at its card's bit 3c.
func (s *State) attackable(r *rulesWord, side uint8) legalWord {
	o := &s.Tableaus[side]
	ok := rollingWords[o.Safeties>>3&1][o.Battle&31] & battle3 // rolling: no hazard shows on the battle pile
	if o.Speed != SpeedLimit {
		ok |= 1 << (3 * SpeedLimit)
	}
	ok |= r.speedOnSpeed
	return ok &^ safetyGuards[o.Safeties&0xf]
}

// seatSide is what playable reads of a seat's place at the table: its
// side, the other sides a hazard may go on, in Legal's order, at most two
// (the second 0 and unused with 2 players), and the row of legalRows for
// them.
type seatSide struct {
	own    uint8
	n      uint8
	others [MaxSides - 1]uint8
	row    *[8]uint64
}

// seatSides is seatSide by number of players and seat (all zero, no other
// side, for a number mille does not play with).
var seatSides = func() (t [8][8]seatSide) {
	for _, players := range PlayerCounts {
		cfg := Config{Players: players}
		for seat := range players {
			st := &t[players][seat]
			st.own = uint8(cfg.SideOf(seat))
			for side := range cfg.Sides() {
				if side != cfg.SideOf(seat) {
					st.others[st.n] = uint8(side)
					st.n++
				}
			}
		}
	}
	for players := range t {
		for seat := range t[players] {
			st := &t[players][seat]
			st.row = &legalRows[st.others[0]][st.others[1]]
		}
	}
	return t
}()

// rulesWord is what playable reads of a ruleset's traits.
type rulesWord struct {
	base legalWord // the discards and the hazards' marks
	// own is the seat's own plays but distance and End of Limit, by its
	// Right of Way (0 or 1) and battle pile's top card.
	own [2][32]legalWord
	// speedOnSpeed is the Speed Limit's bit if one goes on a Speed Limit.
	speedOnSpeed legalWord
}

// rulesWords is rulesWord by ruleset, and for any unknown ruleset last.
var rulesWords = func() (rw [len(Rulesets) + 1]rulesWord) {
	for r := range rw {
		rules := Ruleset(r)
		discard := nonHazards3
		if rules.has(keepSafeties) {
			discard &^= safeties3
		}
		rw[r].base = discard<<1 | hazards3<<2
		if !rules.has(alternateSpeed) {
			rw[r].speedOnSpeed = 1 << (3 * SpeedLimit)
		}
		for roW := range 2 {
			for b := range Card(32) {
				w := safeties3
				switch {
				case roW == 1 && !rules.has(goUnderRightOfWay):
				case b == Go, b.IsRoadHazard():
				default:
					w |= 1 << (3 * Go)
				}
				if b.IsRoadHazard() {
					w |= 1 << (3 * uint(RemedyFor(b)))
				}
				rw[r].own[roW][b] = w
			}
		}
	}
	return rw
}()

// rollingWords is every bit set if a side with Right of Way or not (0 or
// 1) and that card on its battle pile is rolling (Tableau.Rolling), none if
// not.
var rollingWords = func() (rw [2][32]legalWord) {
	for roW := range 2 {
		for b := range Card(32) {
			t := Tableau{Battle: b}
			if roW == 1 {
				t.Safeties = safetyBit(RightOfWay)
			}
			if t.Rolling() {
				rw[roW][b] = ^legalWord(0)
			}
		}
	}
	return rw
}()

// safetyGuards gives, for a side's safety mask, the hazards its safeties
// stop.
var safetyGuards = func() (g [16]legalWord) {
	for mask := range g {
		for _, sf := range AllSafeties {
			if mask&int(safetyBit(sf)) == 0 {
				continue
			}
			for h := OutOfGas; h <= Stop; h++ {
				if SafetyFor(h) == sf {
					g[mask] |= lane0(1 << h)
				}
			}
		}
	}
	return g
}()

// distanceWords is the distance cards a rolling side may play, by whether
// it is under a Speed Limit (2 if so) plus whether it has played its two
// 200s (1 if so), and the miles left to the trip, in 25s up to 200 (8).
var distanceWords = func() (d [4][9]legalWord) {
	for limited := range 2 {
		for two200s := range 2 {
			for room := range 9 {
				for _, c := range DistanceCards {
					if c.Miles() <= 25*room && (limited == 0 || c.Miles() <= 50) && (two200s == 0 || c != Miles200) {
						d[limited<<1|two200s][room] |= lane0(1 << c)
					}
				}
			}
		}
	}
	return d
}()

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
