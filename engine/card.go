package engine

// Card is one kind of Mille Bornes card. The zero value, NoCard, marks an
// empty slot or an empty pile.
type Card uint8

// The card kinds, grouped by what they do. The order is stable: it is part of
// the action encoding and of saved games.
const (
	NoCard Card = iota

	OutOfGas   // hazard, fixed by Gasoline, prevented by Extra Tank
	FlatTire   // hazard, fixed by Spare Tire, prevented by Puncture Proof
	Accident   // hazard, fixed by Repairs, prevented by Driving Ace
	SpeedLimit // hazard on the speed pile, fixed by End of Limit
	Stop       // hazard, fixed by Go, prevented by Right of Way

	Gasoline
	SpareTire
	Repairs
	EndOfLimit
	Go

	ExtraTank
	PunctureProof
	DrivingAce
	RightOfWay

	Miles25
	Miles50
	Miles75
	Miles100
	Miles200

	// NumCards bounds arrays indexed by Card (it includes NoCard at 0).
	NumCards
)

// Kind groups cards by what they do.
type Kind uint8

// The four kinds of card (NoKind only for NoCard).
const (
	NoKind Kind = iota
	Hazard
	Remedy
	Safety
	Distance
)

// Valid reports whether c is a real card (not NoCard, not out of range).
func (c Card) Valid() bool { return c > NoCard && c < NumCards }

// Kind tells whether c is a hazard, remedy, safety or distance card.
func (c Card) Kind() Kind {
	if c >= NumCards {
		return NoKind
	}
	return kinds[c]
}

// kinds is Kind as a table: the rules and the computer players ask it in
// every step of every rollout.
var kinds = func() (k [NumCards]Kind) {
	for c := range Card(NumCards) {
		switch {
		case c >= OutOfGas && c <= Stop:
			k[c] = Hazard
		case c >= Gasoline && c <= Go:
			k[c] = Remedy
		case c >= ExtraTank && c <= RightOfWay:
			k[c] = Safety
		case c >= Miles25 && c <= Miles200:
			k[c] = Distance
		}
	}
	return k
}()

// IsHazard reports whether c is a hazard card.
func (c Card) IsHazard() bool { return c.Kind() == Hazard }

// IsRemedy reports whether c is a remedy card (Go included).
func (c Card) IsRemedy() bool { return c.Kind() == Remedy }

// IsSafety reports whether c is a safety card.
func (c Card) IsSafety() bool { return c.Kind() == Safety }

// IsDistance reports whether c is a distance card.
func (c Card) IsDistance() bool { return c.Kind() == Distance }

// IsRoadHazard reports whether c is Out of Gas, Flat Tire or Accident: the
// hazards that need their own remedy and then a Go.
func (c Card) IsRoadHazard() bool { return c >= OutOfGas && c <= Accident }

var miles = [NumCards]int{Miles25: 25, Miles50: 50, Miles75: 75, Miles100: 100, Miles200: 200}

// Miles is the distance a distance card is worth, 0 for other cards.
func (c Card) Miles() int {
	if c >= NumCards {
		return 0
	}
	return miles[c]
}

// RemedyFor returns the remedy that fixes hazard h (Go for Stop), or NoCard.
func RemedyFor(h Card) Card {
	if h.IsHazard() {
		return h + (Gasoline - OutOfGas)
	}
	return NoCard
}

// SafetyFor returns the safety that protects against hazard h (Right of Way
// for both Stop and Speed Limit), or NoCard.
func SafetyFor(h Card) Card {
	switch h {
	case OutOfGas, FlatTire, Accident:
		return h + (ExtraTank - OutOfGas)
	case SpeedLimit, Stop:
		return RightOfWay
	}
	return NoCard
}

// HazardFor returns the hazard that remedy r fixes (Stop for Go), or NoCard.
func HazardFor(r Card) Card {
	if r.IsRemedy() {
		return r - (Gasoline - OutOfGas)
	}
	return NoCard
}

// safetyBit is the bit of a safety in a Tableau's Safeties and CoupsFourres masks.
func safetyBit(s Card) uint8 { return 1 << (s - ExtraTank) }

// AllSafeties lists the four safeties in card order.
var AllSafeties = [4]Card{ExtraTank, PunctureProof, DrivingAce, RightOfWay}

// DistanceCards lists the distance cards from the shortest to the longest.
var DistanceCards = [5]Card{Miles25, Miles50, Miles75, Miles100, Miles200}

// fullDeck and smallDeck give the number of each card in the 106-card deck
// (4 or 6 players) and the 101-card deck (2 or 3 players, and bsd).
var (
	fullDeck = [NumCards]uint8{
		OutOfGas: 3, FlatTire: 3, Accident: 3, SpeedLimit: 4, Stop: 5,
		Gasoline: 6, SpareTire: 6, Repairs: 6, EndOfLimit: 6, Go: 14,
		ExtraTank: 1, PunctureProof: 1, DrivingAce: 1, RightOfWay: 1,
		Miles25: 10, Miles50: 10, Miles75: 10, Miles100: 12, Miles200: 4,
	}
	smallDeck = [NumCards]uint8{
		OutOfGas: 2, FlatTire: 2, Accident: 2, SpeedLimit: 3, Stop: 4,
		Gasoline: 6, SpareTire: 6, Repairs: 6, EndOfLimit: 6, Go: 14,
		ExtraTank: 1, PunctureProof: 1, DrivingAce: 1, RightOfWay: 1,
		Miles25: 10, Miles50: 10, Miles75: 10, Miles100: 12, Miles200: 4,
	}
)
