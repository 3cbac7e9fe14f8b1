package save

import (
	"encoding/json"
	"strconv"

	"github.com/millebornes/mille/internal/coded"
)

// A Fault is what is wrong with a damaged save's content, at the field a
// record.FieldError names (or the whole document): a code and the
// arguments its comment lists, which lang words in the reader's language
// (issue 33: these were English sentences). Error names the code, for
// logs.
type Fault = coded.Error[FaultReason]

// A FaultReason is a kind of Fault.
type FaultReason uint8

// The faults of a save's content; the comment lists the arguments.
const (
	FaultUnknownField  FaultReason = iota // the field's name
	FaultFieldTwice                       // the field's name
	FaultMissingField                     // the field's name
	FaultTooMany                          // the most entries
	FaultWant                             // the Kind wanted, the Token met
	FaultNotWhole                         // the number as written
	FaultSyntax                           // the byte offset of encoding/json's syntax error
	FaultJSON                             // encoding/json's error, neither syntax nor an early end
	FaultTruncated                        // -
	FaultOneCard                          // -
	FaultAttackSide                       // the last side
	FaultSideNotAttack                    // -
	FaultNotVersion                       // the text
	FaultNotTime                          // the text
	FaultNotSeed                          // the text, the largest seed
	FaultPileSize                         // the cards, the deck's
	FaultNullInPile                       // -
	FaultHands                            // the hands, the players
	FaultHandPlaces                       // the places, a hand's
	FaultSides                            // the entries, the sides
	FaultLog                              // the events, the events kept, the event count
	FaultNotSafety                        // the card
	FaultSafetyTwice                      // the card
	FaultNoAction                         // the action's number: no action a player could take
	FaultNoPhase                          // the phase's number
	FaultNoEvent                          // the event kind's number
	FaultRange                            // -
	FaultNotLevel                         // the text
	FaultNotHand                          // -
	FaultBadName                          // -
	NumFaults                             // the number of faults
)

// faultNames are the faults' names, which Error gives.
var faultNames = [NumFaults]string{
	FaultUnknownField: "unknown-field", FaultFieldTwice: "field-twice", FaultMissingField: "missing-field",
	FaultTooMany: "too-many", FaultWant: "want", FaultNotWhole: "not-whole", FaultSyntax: "syntax", FaultJSON: "json",
	FaultTruncated: "truncated", FaultOneCard: "one-card", FaultAttackSide: "attack-side",
	FaultSideNotAttack: "side-not-attack", FaultNotVersion: "not-version", FaultNotTime: "not-time",
	FaultNotSeed: "not-seed", FaultPileSize: "pile-size", FaultNullInPile: "null-in-pile",
	FaultHands: "hands", FaultHandPlaces: "hand-places", FaultSides: "sides", FaultLog: "log",
	FaultNotSafety: "not-safety", FaultSafetyTwice: "safety-twice", FaultNoAction: "no-action",
	FaultNoPhase: "no-phase", FaultNoEvent: "no-event", FaultRange: "range", FaultNotLevel: "not-level",
	FaultNotHand: "not-hand", FaultBadName: "bad-name",
}

// String names the fault, for logs.
func (r FaultReason) String() string {
	if r < NumFaults {
		return faultNames[r]
	}
	return "fault(" + strconv.Itoa(int(r)) + ")"
}

// newFault is the Fault why with its arguments.
func newFault(why FaultReason, args ...any) *Fault { return coded.New(why, args...) }

// A Kind is a kind of JSON value a field wants or a file holds, which
// lang names.
type Kind uint8

// The kinds of value.
const (
	KindOther  Kind = iota // something else
	KindObject             // an object
	KindArray              // an array
	KindString             // a string
	KindBool               // true or false
	KindWhole              // a whole number
	KindCard               // a card's name
	KindAction             // an action
	KindNull               // null
	KindNumber             // a number (Token.Number)
	NumKinds               // the number of kinds
)

// A Token is the value a field met where it wanted another kind: its
// kind, and a number as written (at most 40 bytes of it).
type Token struct {
	Kind   Kind
	Number string
}

// String is the token for logs.
func (t Token) String() string {
	if t.Kind == KindNumber {
		return "number " + t.Number
	}
	return "kind(" + strconv.Itoa(int(t.Kind)) + ")"
}

// tokenOf is what kind of value tok starts.
func tokenOf(tok json.Token) Token {
	switch t := tok.(type) {
	case nil:
		return Token{Kind: KindNull}
	case string:
		return Token{Kind: KindString}
	case bool:
		return Token{Kind: KindBool}
	case json.Number:
		n := string(t)
		if len(n) > 40 {
			n = n[:40]
		}
		return Token{Kind: KindNumber, Number: n}
	case json.Delim:
		if t == '{' {
			return Token{Kind: KindObject}
		}
		return Token{Kind: KindArray}
	}
	return Token{Kind: KindOther}
}
