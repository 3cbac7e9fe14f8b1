package engine

import (
	"strconv"
	"strings"
)

// EventKind says what happened at the table.
type EventKind uint8

// The kinds of event. Every Apply records one or more.
const (
	EvNone       EventKind = iota
	EvDeal                 // a hand was dealt; Seat plays first
	EvDraw                 // Seat drew Card (the card is private to Seat)
	EvPlay                 // Seat played Card on its own side
	EvAttack               // Seat played hazard Card on side Target
	EvSafety               // Seat played safety Card
	EvCoupFourre           // Seat declared a coup fourré with Card
	EvDiscard              // Seat discarded Card
	EvTrip                 // Seat's side reached the trip (Target is the trip / 100)
	EvExtend               // Seat called the extension
	EvStopTrip             // Seat stopped at 700
	EvHandOver             // the hand is over
	EvGameOver             // the game is over; Target is the winning side, or NoSide for a tie
	EvCancelled            // Card was thrown out of side Target's piles by a safety
	EvDeclined             // Seat let a coup fourré pass (private to Seat)
)

// NoSide marks "no side" in an event's Target (a tied game).
const NoSide = 7

// Event is one thing that happened, in a form a screen can print with Text.
type Event struct {
	Kind   EventKind
	Seat   uint8
	Card   Card
	Target uint8
}

// Private reports whether the event is seen only by its own seat: the card
// drawn, and a coup fourré declined.
func (e Event) Private() bool { return e.Kind == EvDraw || e.Kind == EvDeclined }

// Names gives the words for seats and sides when an event is told to one
// seat: "you" for the viewer, the players' names for the others.
type Names struct {
	Config Config
	Viewer int      // the seat the text is for; -1 for an onlooker
	Seats  []string // a name per seat; missing names read "Player N"
}

func (n Names) seat(s int) string {
	if s == n.Viewer {
		return "you"
	}
	if s >= 0 && s < len(n.Seats) && n.Seats[s] != "" {
		return n.Seats[s]
	}
	return "Player " + string(rune('1'+s))
}

// Side names a side as seen by the viewer: "you", "your team", a player's
// name, or "Ann & Bob" for a team.
func (n Names) Side(side int) string {
	cfg := n.Config
	if cfg.Players < 4 {
		return n.seat(side)
	}
	if n.Viewer >= 0 && cfg.SideOf(n.Viewer) == side {
		return "your team"
	}
	return n.seat(side) + " & " + n.seat(side+cfg.Sides())
}

// Describe tells action a in the words of the player who takes it: "play
// Stop on Ann", "discard 75", "declare the coup fourré".
func (n Names) Describe(a Action) string {
	c := a.Card()
	switch a.Kind() {
	case KindPlay:
		if c.IsHazard() {
			return "play " + c.String() + " on " + n.Side(a.Target())
		}
		return "play " + c.String()
	case KindDiscard:
		return "discard " + c.String()
	case KindCoupFourre:
		return "declare the coup fourré"
	case KindDecline:
		return "let the coup fourré pass"
	case KindExtend:
		return "extend the trip to 1000"
	case KindStopTrip:
		return "stop at 700"
	case KindContinue:
		return "deal the next hand"
	}
	return a.String()
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Text tells the event in a short sentence: "Computer plays Stop on you",
// "You draw 100", "Coup fourré! Ann plays Extra Tank".
func (e Event) Text(n Names) string {
	who := n.seat(int(e.Seat))
	you := int(e.Seat) == n.Viewer
	verb := func(v string) string { // "you play" / "Ann plays"
		if you {
			return capital(who) + " " + v
		}
		return capital(who) + " " + v + "s"
	}
	switch e.Kind {
	case EvDeal:
		if you {
			return "New hand: you play first"
		}
		return "New hand: " + who + " plays first"
	case EvDraw:
		if e.Card != NoCard { // the card is told to whoever may see it
			return verb("draw") + " " + e.Card.String()
		}
		return verb("draw") + " a card"
	case EvPlay:
		return verb("play") + " " + e.Card.String()
	case EvAttack:
		return verb("play") + " " + e.Card.String() + " on " + n.Side(int(e.Target))
	case EvSafety:
		return verb("play") + " " + e.Card.String()
	case EvCoupFourre:
		return "Coup fourré! " + verb("play") + " " + e.Card.String()
	case EvDiscard:
		return verb("discard") + " " + e.Card.String()
	case EvTrip:
		trip := int(e.Target) * 100
		if you {
			return "You reach " + strconv.Itoa(trip) + " miles"
		}
		return capital(who) + " reaches " + strconv.Itoa(trip) + " miles"
	case EvExtend:
		return "Extension called by " + who + ": the trip is now 1000"
	case EvStopTrip:
		return verb("stop") + " at 700"
	case EvHandOver:
		return "The hand is over"
	case EvGameOver:
		if e.Target == NoSide {
			return "The game is over: a tie"
		}
		side := n.Side(int(e.Target))
		if side == "you" || side == "your team" {
			return "The game is over: " + side + " won!"
		}
		return "The game is over: " + side + " won"
	case EvCancelled:
		return capital(e.Card.String()) + " on " + n.Side(int(e.Target)) + " is thrown out"
	case EvDeclined:
		return verb("let") + " the coup fourré pass"
	}
	return ""
}
