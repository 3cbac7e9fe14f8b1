package engine

// Action is one decision of the player to act, as a small integer:
//
//	bits 0-4  the card (a Card, 0 when the action names none)
//	bits 5-7  the target side of a hazard (0-2)
//	bits 8-10 the ActionKind
//
// So Play(Miles100) is 0x112, Attack(Stop, 1) is 0x125 and Discard(Go) is
// 0x20a. Actions never name a seat: they are taken by the seat whose turn it
// is (State.ToAct).
type Action uint16

// ActionKind says what an action does.
type ActionKind uint8

// The kinds of action.
const (
	NoAction ActionKind = iota
	// KindPlay plays a card from the hand: a remedy, distance or safety on the
	// player's own side, or a hazard on the target side.
	KindPlay
	// KindDiscard puts a card from the hand on the discard pile.
	KindDiscard
	// KindCoupFourre declares a coup fourré with the safety that matches the
	// hazard just played.
	KindCoupFourre
	// KindDecline lets the chance of a coup fourré pass.
	KindDecline
	// KindExtend calls the extension: the trip becomes 1000.
	KindExtend
	// KindStopTrip ends the hand at 700 instead of extending.
	KindStopTrip
	// KindContinue deals the next hand after a hand is over, or starts the
	// next game after a game is over.
	KindContinue
)

const (
	actionCardBits   = 0x1f
	actionTargetMask = 0x7
	actionTargetPos  = 5
	actionKindPos    = 8
)

func makeAction(k ActionKind, c Card, target int) Action {
	return Action(uint16(k)<<actionKindPos | uint16(target&actionTargetMask)<<actionTargetPos | uint16(c))
}

// Play returns the action that plays card on the player's own side.
func Play(c Card) Action { return makeAction(KindPlay, c, 0) }

// Attack returns the action that plays hazard h on the given side.
func Attack(h Card, side int) Action { return makeAction(KindPlay, h, side) }

// Discard returns the action that discards card.
func Discard(c Card) Action { return makeAction(KindDiscard, c, 0) }

// The actions that name no card.
var (
	DeclareCoupFourre = makeAction(KindCoupFourre, NoCard, 0)
	DeclineCoupFourre = makeAction(KindDecline, NoCard, 0)
	Extend            = makeAction(KindExtend, NoCard, 0)
	StopTrip          = makeAction(KindStopTrip, NoCard, 0)
	Continue          = makeAction(KindContinue, NoCard, 0)
)

// Kind returns what the action does.
func (a Action) Kind() ActionKind { return ActionKind(a >> actionKindPos) }

// Card returns the card the action plays or discards (NoCard if none).
func (a Action) Card() Card { return Card(a & actionCardBits) }

// Target returns the side a hazard is played on.
func (a Action) Target() int { return int(a>>actionTargetPos) & actionTargetMask }

// MaxLegal is a buffer size always large enough for Legal: seven distinct
// cards, each playable on at most two target sides and discardable.
const MaxLegal = 32
