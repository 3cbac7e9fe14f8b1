package engine

import "math/rand/v2"

// Observation is everything one seat may know: its own hand, the table, the
// discard pile, the sizes of the draw pile and of the other hands, scores,
// phase and whose turn it is, and the public log. Players, human or
// computer, decide from an Observation only.
type Observation struct {
	Config Config
	Seat   int // the seat observing
	Game   uint16
	Hand   uint16
	First  uint8
	Phase  Phase
	// Turn is the seat to act. While another seat decides on a coup fourré
	// the window is hidden: the phase reads PhasePlay, Turn is the seat that
	// plays next if the chance passes, and Waiting is set.
	Turn uint8
	// Waiting is set while a seat of the attacked side decides on a coup
	// fourré: nobody else may act. Only the pause shows, as at a real
	// table; who holds the safety does not.
	Waiting bool
	Trip    uint16

	Extender        int8
	Finisher        int8
	FinishedDelayed bool

	// The hazard a coup fourré would answer; set only for the holder.
	Threat     Card
	ThreatSide uint8
	Attacker   uint8

	MyHand     [HandSlots]Card
	HandSizes  [MaxSeats]uint8
	DrawLen    uint8
	Discards   [MaxDeck]Card
	DiscardLen uint8
	Tableaus   [MaxSides]Tableau

	HandScores [MaxSides]Score
	Totals     [MaxSides]int32
	GamesWon   [MaxSides]uint16
	Winner     int8

	// The public log: other seats' draws show no card, and a declined coup
	// fourré appears only to the seat that declined it.
	Log        [LogSize]Event
	EventCount uint32

	// Onlooker is set for someone watching the table from Seat's place
	// without playing it (Watch): the hand is empty and nothing is private.
	Onlooker bool
}

// Observe returns what seat may see of s.
func Observe(s *State, seat int) Observation { return observe(s, seat, false) }

// Watch returns what an onlooker sitting behind seat may see of s: the
// table as Observe shows it to seat, but none of seat's cards, draws or
// coup-fourré chances. It never reveals more than Observe does to any
// seat, so a late joiner can follow a game without learning a hand.
func Watch(s *State, seat int) Observation { return observe(s, seat, true) }

func observe(s *State, seat int, onlooker bool) Observation {
	o := Observation{
		Config: s.Config, Seat: seat, Game: s.Game, Hand: s.Hand, First: s.First,
		Phase: s.Phase, Turn: s.Turn, Trip: s.Trip,
		Extender: s.Extender, Finisher: s.Finisher, FinishedDelayed: s.FinishedDelayed,
		MyHand: s.Hands[seat], DrawLen: s.DrawLen, Discards: s.Discards, DiscardLen: s.DiscardLen,
		Tableaus: s.Tableaus, HandScores: s.HandScores, Totals: s.Totals, GamesWon: s.GamesWon,
		Winner: s.Winner, EventCount: s.EventCount, Onlooker: onlooker,
	}
	if onlooker {
		o.MyHand = [HandSlots]Card{}
	}
	for p := 0; p < s.Config.Players; p++ {
		o.HandSizes[p] = uint8(s.HandLen(p))
	}
	if s.Phase == PhaseCoupFourre {
		if int(s.Turn) == seat && !onlooker {
			o.Threat, o.ThreatSide, o.Attacker = s.Threat, s.ThreatSide, s.Attacker
		} else {
			o.Phase, o.Turn, o.Waiting = PhasePlay, uint8(s.next(int(s.Attacker))), true
		}
	}
	// Only the last LogSize entries are live; mask what others may not see.
	for i := range s.Log {
		e := s.Log[i]
		if int(e.Seat) != seat || onlooker {
			switch e.Kind {
			case EvDraw:
				e.Card = NoCard
			case EvDeclined:
				e = Event{}
			}
		}
		o.Log[i] = e
	}
	return o
}

// Side is the observing seat's side.
func (o *Observation) Side() int { return o.Config.SideOf(o.Seat) }

// MyTurn reports whether the observing seat has a decision to make.
func (o *Observation) MyTurn() bool { return !o.Waiting && !o.Onlooker && int(o.Turn) == o.Seat }

// Legal returns the observer's legal actions (only meaningful when it is
// the observer's turn): the same list State.Legal gives, computed from what
// the observer can see.
func (o *Observation) Legal(buf []Action) []Action {
	if !o.MyTurn() {
		return buf
	}
	s := o.decisionState()
	return s.Legal(buf)
}

// Check tells, as State.Check does, whether the observer may take action a
// now, and if not, why: ErrNotNow when it is not the observer's turn.
func (o *Observation) Check(a Action) error {
	if !o.MyTurn() {
		return ErrNotNow
	}
	s := o.decisionState()
	return s.Check(a)
}

// decisionState is a state holding just what the observer's decisions
// depend on: the phase, the table and the observer's own hand.
func (o *Observation) decisionState() State {
	s := State{
		Config: o.Config, Phase: o.Phase, Turn: o.Turn, Trip: o.Trip,
		Threat: o.Threat, Tableaus: o.Tableaus,
	}
	s.Hands[o.Seat] = o.MyHand
	return s
}

// LiveScore returns side's points so far, as State.LiveScore does: the
// items earned during the hand, and the whole breakdown once it is over.
func (o *Observation) LiveScore(side int) Score {
	return scoreSide(o.Config, &o.Tableaus, side, o.Finisher, o.Extender, o.FinishedDelayed, o.Phase >= PhaseHandOver)
}

// Unseen returns, by card, how many cards the observing seat cannot see:
// those in other hands and in the draw pile.
func (o *Observation) Unseen() [NumCards]uint8 {
	return unseen(o.Config, &o.MyHand, o.Discards[:o.DiscardLen], &o.Tableaus)
}

// Unseen returns what Observe(s, seat).Unseen() returns, without building
// the observation: searches call it on every sampled state. It reads only
// seat's own hand and the public table.
func (s *State) Unseen(seat int) [NumCards]uint8 {
	return unseen(s.Config, &s.Hands[seat], s.Discards[:s.DiscardLen], &s.Tableaus)
}

// unseen counts, by card, the deck less a hand, the discards and the
// tableaus: what the holder of that hand cannot see.
func unseen(cfg Config, hand *[HandSlots]Card, discards []Card, tabs *[MaxSides]Tableau) [NumCards]uint8 {
	n := *cfg.deck()
	for _, c := range hand {
		n[c]--
	}
	for _, c := range discards {
		n[c]--
	}
	for side := 0; side < cfg.Sides(); side++ {
		for c := Card(1); c < NumCards; c++ {
			n[c] -= tabs[side].Cards[c]
		}
	}
	n[NoCard] = 0
	return n
}

// Sample deals the cards the observer cannot see at random into the other
// hands and the draw pile, giving a whole State that agrees with o:
// Observe(Sample(o, rng), o.Seat) equals o. Computer players search such
// states. The game seed of a sample is drawn from rng, so it says nothing
// about the real deals.
func Sample(o *Observation, rng *rand.Rand) State { return SampleAvoiding(o, rng, nil) }

// Avoid says, per seat, which cards a sample should not deal into that
// seat's hand: what an observer infers from the seat's plays.
type Avoid [MaxSeats][NumCards]bool

// SampleAvoiding is Sample for an observer who has inferred something of
// the other hands: a seat's hand is dealt from the unseen cards that avoid
// does not name for it, uniformly, and the rest at random as Sample does.
// A seat for which too few such cards are left gets others to make up
// its hand (the seats are dealt in order, so with several seats to
// condition, an earlier one may take the cards a later one could hold). The hand of the seat deciding on a coup fourré while o waits
// is dealt as Sample deals it. With nothing to avoid (avoid nil or all
// false) it deals exactly as Sample, drawing the same numbers from rng.
func SampleAvoiding(o *Observation, rng *rand.Rand, avoid *Avoid) State {
	s := State{
		Config: o.Config, Seed: rng.Uint64(), Game: o.Game, Hand: o.Hand, First: o.First,
		Phase: o.Phase, Turn: o.Turn, Trip: o.Trip,
		Extender: o.Extender, Finisher: o.Finisher, FinishedDelayed: o.FinishedDelayed,
		Attacker: o.Attacker, Threat: o.Threat, ThreatSide: o.ThreatSide,
		Discards: o.Discards, DiscardLen: o.DiscardLen, Tableaus: o.Tableaus,
		HandScores: o.HandScores, Totals: o.Totals, GamesWon: o.GamesWon, Winner: o.Winner,
		Log: o.Log, EventCount: o.EventCount,
	}
	unseen := o.Unseen()
	holder := -1
	if o.Waiting {
		// Someone else on the attacked side holds the matching safety:
		// reopen the window the last attack opened, with a random holder.
		e := o.Log[(o.EventCount-1)%LogSize]
		s.Phase, s.Attacker, s.Threat, s.ThreatSide = PhaseCoupFourre, e.Seat, e.Card, e.Target
		var seats [2]int
		n := 0
		for p := int(e.Target); p < o.Config.Players; p += o.Config.Sides() {
			if p != o.Seat {
				seats[n] = p
				n++
			}
		}
		holder = seats[rng.IntN(n)]
		s.Turn = uint8(holder)
		unseen[SafetyFor(e.Card)]--
	}
	var pool [MaxDeck]Card
	n := 0
	for c := Card(1); c < NumCards; c++ {
		for k := uint8(0); k < unseen[c]; k++ {
			pool[n] = c
			n++
		}
	}
	shuffle(pool[:n], rng)
	s.Hands[o.Seat] = o.MyHand
	// The seats with cards to avoid are dealt first, each the first cards
	// it may hold in the shuffled pool; the rest of the pool is shuffled
	// again, as taking the allowed cards left it in an order that is not
	// uniform.
	var dealt [MaxSeats]bool
	if avoid != nil {
		for p := 0; p < o.Config.Players; p++ {
			if p == o.Seat || p == holder || avoid[p] == [NumCards]bool{} {
				continue
			}
			dealt[p] = true
			for k := 0; k < int(o.HandSizes[p]); k++ {
				j := n - 1
				for j >= 0 && avoid[p][pool[j]] {
					j--
				}
				n--
				if j >= 0 {
					pool[j], pool[n] = pool[n], pool[j]
				}
				s.Hands[p][(k+1)%HandSlots] = pool[n]
			}
		}
		if dealt != [MaxSeats]bool{} {
			shuffle(pool[:n], rng)
		}
	}
	for p := 0; p < o.Config.Players; p++ {
		if p == o.Seat || dealt[p] {
			continue
		}
		// Fill from slot 1, and slot P last: between turns P is empty.
		for k := 0; k < int(o.HandSizes[p]); k++ {
			slot := (k + 1) % HandSlots
			if p == holder && k == 0 {
				s.Hands[p][slot] = SafetyFor(s.Threat)
				continue
			}
			n--
			s.Hands[p][slot] = pool[n]
		}
	}
	s.DrawLen = uint8(n)
	copy(s.DrawPile[:n], pool[:n])
	return s
}

// shuffle puts the cards in a uniformly random order (Fisher-Yates).
func shuffle(cards []Card, rng *rand.Rand) {
	for i := len(cards) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}
