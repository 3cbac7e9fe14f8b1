package engine

import "math/bits"

// Phase says what kind of decision the state waits for.
type Phase uint8

// The phases of a hand and a game.
const (
	// PhasePlay: the player to act has drawn (while the pile lasted) and
	// must play or discard one card.
	PhasePlay Phase = iota
	// PhaseCoupFourre: a hazard was just played and the player holding the
	// matching safety may declare a coup fourré, before anyone draws.
	PhaseCoupFourre
	// PhaseExtension: the player whose card reached 700 chooses between
	// stopping there and extending the trip to 1000.
	PhaseExtension
	// PhaseHandOver: the hand is scored; Continue deals the next one.
	PhaseHandOver
	// PhaseGameOver: a side won the game (or bsd's tie ended it); Continue
	// starts a new game, keeping the games won.
	PhaseGameOver
)

// Tableau is one side's cards on the table: battle pile, speed pile,
// distance and safety area. Only the tops of the piles matter to the rules;
// Cards counts every card the side's piles hold, for accounting and scoring.
type Tableau struct {
	Battle      Card // top of the battle pile (NoCard when empty)
	BattleUnder Card // the card under it, shown again after a coup fourré
	Speed       Card // top of the speed pile (NoCard when empty)
	SpeedUnder  Card // the card under it
	// Safeties and CoupsFourres are bit masks over AllSafeties.
	Safeties     uint8
	CoupsFourres uint8
	Miles        uint16          // distance played this hand
	Cards        [NumCards]uint8 // cards on this side's piles, by card
}

// Has reports whether the side has played the given safety.
func (t *Tableau) Has(safety Card) bool {
	return safety.IsSafety() && t.Safeties&safetyBit(safety) != 0
}

// HasCoupFourre reports whether the side played the safety as a coup fourré.
func (t *Tableau) HasCoupFourre(safety Card) bool {
	return safety.IsSafety() && t.CoupsFourres&safetyBit(safety) != 0
}

// Rolling reports whether the side may play distance: Go shows, or it has
// Right of Way and no hazard shows.
func (t *Tableau) Rolling() bool {
	return t.Battle == Go || (t.Has(RightOfWay) && !t.Battle.IsHazard())
}

// Limited reports whether the side is under a Speed Limit.
func (t *Tableau) Limited() bool { return t.Speed == SpeedLimit && !t.Has(RightOfWay) }

// Score is one side's points for one hand, item by item as in the rule
// book's section 7 and BSD's score window.
type Score struct {
	Milestones   int16 // 1 per mile played
	Safeties     int16 // 100 per safety
	AllSafeties  int16 // 300 for all four
	CoupsFourres int16 // 300 per coup fourré
	Trip         int16 // 400 for completing the trip
	Delayed      int16 // 300 when completed after the draw pile ran out
	SafeTrip     int16 // 300 when completed without a 200
	Extension    int16 // 200, see the rule book
	ShutOut      int16 // 500 per opponent side with no distance
	NoHundreds   int16 // 500 under dujardin+500 when completed with neither a 200 nor a 100
}

// Total adds up the items.
func (s Score) Total() int {
	return int(s.Milestones) + int(s.Safeties) + int(s.AllSafeties) + int(s.CoupsFourres) +
		int(s.Trip) + int(s.Delayed) + int(s.SafeTrip) + int(s.Extension) + int(s.ShutOut) + int(s.NoHundreds)
}

// LogSize is how many recent events a State keeps.
const LogSize = 32

// State is a whole game at one moment: a plain value, so copying it copies
// the game. It holds hidden information (every hand and the order of the
// draw pile); players see it only through Observe.
//
// The fields are exported so that saves can store and restore a game; use
// Validate after building one by hand, and Apply to move it on.
type State struct {
	Config Config
	Seed   uint64 // the game's seed: every deal is drawn from it
	Game   uint16 // games finished in this session
	Hand   uint16 // hands finished in this game
	First  uint8  // seat that played first in this hand
	Phase  Phase
	Turn   uint8  // seat to act (see ToAct)
	Trip   uint16 // 700, or 1000 (4 players, or after an extension)

	Extender        int8 // side that called the extension, -1 if none
	Finisher        int8 // side that completed the trip, -1 if none
	FinishedDelayed bool // the trip was completed after the pile ran out

	// The coup-fourré window: Attacker played Threat on ThreatSide.
	Attacker   uint8
	Threat     Card
	ThreatSide uint8

	DrawPile   [MaxDeck]Card // the draw pile; the top card is DrawPile[DrawLen-1]
	DrawLen    uint8
	Discards   [MaxDeck]Card // the discard pile, oldest first
	DiscardLen uint8
	Hands      [MaxSeats][HandSlots]Card // slot DrawSlot holds the card drawn this turn
	Tableaus   [MaxSides]Tableau

	HandScores [MaxSides]Score  // the last finished hand's scores
	Totals     [MaxSides]int32  // game totals
	GamesWon   [MaxSides]uint16 // games won in this session
	Winner     int8             // side that won the game just over, -1 if none or a tie

	Log        [LogSize]Event // the last events, Log[i%LogSize] is event i
	EventCount uint32         // events recorded since the state was created
}

// New deals the first hand of a game.
func New(cfg Config, seed uint64) (State, error) {
	if err := cfg.Validate(); err != nil {
		return State{}, err
	}
	s := State{Config: cfg, Seed: seed, Winner: -1}
	s.deal()
	return s, nil
}

// ToAct returns the seat whose decision the state waits for. After a hand
// or a game it is seat 0, who deals on.
func (s *State) ToAct() int { return int(s.Turn) }

// Sides is the number of sides in the game.
func (s *State) Sides() int { return s.Config.Sides() }

// HandLen returns how many cards seat holds.
func (s *State) HandLen(seat int) int {
	n := 0
	for _, c := range s.Hands[seat] {
		if c != NoCard {
			n++
		}
	}
	return n
}

// HandOver reports whether the hand is over (and scored).
func (s *State) HandOver() bool { return s.Phase >= PhaseHandOver }

// Events returns the events recorded after the first `since` events, oldest
// first, into buf (at most LogSize of them); pass the EventCount of the
// state before an Apply to get what that Apply did.
func (s *State) Events(since uint32, buf []Event) []Event {
	if s.EventCount-since > LogSize {
		since = s.EventCount - LogSize
	}
	for i := since; i < s.EventCount; i++ {
		buf = append(buf, s.Log[i%LogSize])
	}
	return buf
}

func (s *State) record(e Event) {
	s.Log[s.EventCount%LogSize] = e
	s.EventCount++
}

// splitmix is the deal's random source: tiny, fast and the same on every
// machine, so a seed gives the same deals forever.
type splitmix uint64

func (r *splitmix) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *splitmix) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// sortedDeck is a deck in card order, the pile deal shuffles; made once
// for each deck rather than at every deal.
type sortedDeck struct {
	cards [MaxDeck]Card // NoCard past n
	n     uint8
}

var sortedSmall, sortedFull = sortDeck(&smallDeck), sortDeck(&fullDeck)

func sortDeck(counts *[NumCards]uint8) (d sortedDeck) {
	for c := Card(1); c < NumCards; c++ {
		for k := uint8(0); k < counts[c]; k++ {
			d.cards[d.n] = c
			d.n++
		}
	}
	return d
}

// deal shuffles a fresh deck for the current hand and deals it.
func (s *State) deal() {
	cfg := s.Config
	rng := splitmix(s.Seed ^ uint64(s.Game)<<48 ^ uint64(s.Hand)<<32)
	rng.next()
	sorted := &sortedSmall
	if cfg.deck() == &fullDeck {
		sorted = &sortedFull
	}
	s.DrawPile = sorted.cards
	d := s.DrawPile[:sorted.n]
	for i := len(d) - 1; i > 0; i-- {
		j := rng.intn(i + 1)
		d[i], d[j] = d[j], d[i]
	}
	s.DrawLen = sorted.n
	s.Discards = [MaxDeck]Card{}
	s.DiscardLen = 0
	s.Hands = [MaxSeats][HandSlots]Card{}
	s.Tableaus = [MaxSides]Tableau{}
	s.HandScores = [MaxSides]Score{}
	s.Trip = uint16(cfg.BaseTrip())
	s.Extender, s.Finisher, s.FinishedDelayed = -1, -1, false
	s.Attacker, s.Threat, s.ThreatSide = 0, NoCard, 0
	for k := 0; k < HandSize; k++ {
		for p := 0; p < cfg.Players; p++ {
			s.DrawLen--
			s.Hands[p][1+k] = s.DrawPile[s.DrawLen]
			s.DrawPile[s.DrawLen] = NoCard
		}
	}
	s.record(Event{Kind: EvDeal, Seat: s.First})
	s.startTurn(int(s.First))
}

// draw moves the top of the draw pile into the given slot of seat's hand.
func (s *State) draw(seat, slot int) {
	s.DrawLen--
	c := s.DrawPile[s.DrawLen]
	s.DrawPile[s.DrawLen] = NoCard
	s.Hands[seat][slot] = c
	s.record(Event{Kind: EvDraw, Seat: uint8(seat), Card: c})
}

// takeFromHand removes one card c from seat's hand and returns the slot it
// left. The drawn card (slot P) is taken first if it is c; otherwise the
// drawn card moves into the emptied slot, as in BSD mille. As DrawSlot is
// slot 0, that is the first slot holding c; the drawn card then moves into
// it (onto itself when it was c).
func (s *State) takeFromHand(seat int, c Card) int {
	h := &s.Hands[seat]
	i := firstSlot(h, c)
	if i >= HandSlots {
		panic("engine: card not in hand") // check() guarantees it is there
	}
	h[i] = h[DrawSlot]
	h[DrawSlot] = NoCard
	return i
}

// firstSlot returns the first slot of h that holds c, or HandSlots if none
// does. It looks at every slot, from the last to the first, keeping the
// last match seen: each test is a conditional move, not a jump, where a
// loop that stops at the card mispredicts its exit at random (the card
// lies anywhere). The slots are written out: a loop costs twice the
// instructions.
func firstSlot(h *[HandSlots]Card, c Card) int {
	i := HandSlots
	if h[6] == c {
		i = 6
	}
	if h[5] == c {
		i = 5
	}
	if h[4] == c {
		i = 4
	}
	if h[3] == c {
		i = 3
	}
	if h[2] == c {
		i = 2
	}
	if h[1] == c {
		i = 1
	}
	if h[0] == c {
		i = 0
	}
	return i
}

// holds reports whether seat holds card c (or, for NoCard, has an empty
// slot). It tests the seven slots at once, as bits, without a branch on
// where the card lies: a loop that stops at the card mispredicts its exit
// at random.
func (s *State) holds(seat int, c Card) bool {
	h := &s.Hands[seat]
	in := slotBits[h[0]] | slotBits[h[1]] | slotBits[h[2]] | slotBits[h[3]] |
		slotBits[h[4]] | slotBits[h[5]] | slotBits[h[6]]
	return in&slotBits[c] != 0
}

// slotBits is a bit for each card, NoCard included, as a table indexed
// by any byte; the bytes past the cards share bit 31 (no hand holds one,
// and holds is never asked for one).
var slotBits = func() (b [256]uint32) {
	for c := range b {
		b[c] = 1 << min(c, 31)
	}
	return b
}()

func (s *State) discard(c Card) {
	s.Discards[s.DiscardLen] = c
	s.DiscardLen++
}

// next returns the seat to the left of seat.
// It is (seat+1) % Players without the division, which every step paid.
func (s *State) next(seat int) int {
	if seat++; seat >= s.Config.Players {
		return 0
	}
	return seat
}

// startTurn gives the turn to seat, or to the next seat that can act, and
// draws for it while the pile lasts. It ends the hand when nobody can act.
func (s *State) startTurn(seat int) {
	if s.DrawLen > 0 { // while the pile lasts, seat draws and acts: most turns
		s.draw(seat, DrawSlot)
		s.Phase, s.Turn = PhasePlay, uint8(seat)
		return
	}
	if s.Config.Rules.has(endWhenStuck) && !s.anyoneCanPlay() {
		s.endHand()
		return
	}
	p := seat
	for i := 0; i < s.Config.Players; i, p = i+1, s.next(p) {
		if h := &s.Hands[p]; h[0]|h[1]|h[2]|h[3]|h[4]|h[5]|h[6] != NoCard { // a card in some slot
			s.Phase, s.Turn = PhasePlay, uint8(p)
			return
		}
	}
	s.endHand()
}

// anyoneCanPlay reports whether some player has a legal play other than a
// discard (the bsd end-of-hand test once the pile is empty). A Go under
// Right of Way does not count: it is legal in bsd but does nothing, and
// BSD mille's own test leaves it out.
func (s *State) anyoneCanPlay() bool {
	var buf [MaxSides]Action
	for p := 0; p < s.Config.Players; p++ {
		useless := Go
		if !s.Tableaus[s.Config.SideOf(p)].Has(RightOfWay) {
			useless = NoCard
		}
		for _, c := range s.Hands[p] {
			if c != NoCard && c != useless && len(s.appendPlays(p, c, buf[:0])) > 0 {
				return true
			}
		}
	}
	return false
}

// endHand scores the hand, adds it to the game totals and decides whether
// the game is over.
func (s *State) endHand() {
	best, bestSide, tied := int32(-1), -1, false
	for side := 0; side < s.Sides(); side++ {
		s.HandScores[side] = s.score(side, true)
		s.Totals[side] += int32(s.HandScores[side].Total())
		switch t := s.Totals[side]; {
		case t > best:
			best, bestSide, tied = t, side, false
		case t == best:
			tied = true
		}
	}
	s.Phase, s.Turn = PhaseHandOver, 0
	s.record(Event{Kind: EvHandOver})
	if best < WinningScore {
		return
	}
	if tied {
		if s.Config.Rules.has(tieEndsGame) {
			s.Phase, s.Winner = PhaseGameOver, -1
			s.record(Event{Kind: EvGameOver, Target: NoSide})
		}
		return // standard: another hand breaks the tie
	}
	s.Phase, s.Winner = PhaseGameOver, int8(bestSide)
	s.GamesWon[bestSide]++
	s.record(Event{Kind: EvGameOver, Target: uint8(bestSide)})
}

// LiveScore returns side's points so far: during a hand the items already
// earned (distance, safeties, coups fourrés); once the hand is over, the
// whole breakdown (the same as HandScores).
func (s *State) LiveScore(side int) Score { return s.score(side, s.HandOver()) }

func (s *State) score(side int, final bool) Score {
	return scoreSide(s.Config, &s.Tableaus, side, s.Finisher, s.Extender, s.FinishedDelayed, final)
}

// scoreSide counts side's points from the table, with the end-of-hand
// bonuses when final is set. State and Observation both score through it.
func scoreSide(cfg Config, tabs *[MaxSides]Tableau, side int, finisher, extender int8, delayed, final bool) Score {
	t := &tabs[side]
	var sc Score
	sc.Milestones = int16(t.Miles)
	n := bits.OnesCount8(t.Safeties)
	sc.Safeties = int16(100 * n)
	if n == 4 {
		sc.AllSafeties = 300
	}
	sc.CoupsFourres = int16(300 * bits.OnesCount8(t.CoupsFourres))
	if !final {
		return sc
	}
	if int(finisher) == side {
		sc.Trip = 400
		if delayed {
			sc.Delayed = 300
		}
		if t.Cards[Miles200] == 0 {
			sc.SafeTrip = 300
			if t.Cards[Miles100] == 0 && cfg.Rules.has(smallMilesBonus) {
				sc.NoHundreds = 500
			}
		}
	}
	// The shut-out goes to the side that completed the trip; dujardin's
	// Capot to every side that played distance, however the hand ended.
	if int(finisher) == side || cfg.Rules.has(capotToEach) && t.Miles > 0 {
		for o := 0; o < cfg.Sides(); o++ {
			if o != side && tabs[o].Miles == 0 {
				sc.ShutOut += 500
			}
		}
	}
	if extender >= 0 {
		if cfg.Rules.has(extensionToFinisher) {
			if int(finisher) == side {
				sc.Extension = 200
			}
		} else if finisher == extender {
			if int(extender) == side {
				sc.Extension = 200
			}
		} else if int(extender) != side {
			sc.Extension = 200
		}
	}
	return sc
}
