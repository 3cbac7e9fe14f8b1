package engine

import (
	"fmt"
	"strings"
)

// The notation: one spelling for every card, action, phase, ruleset and
// event kind, the one saves and the bot protocol write (docs/save-format.md,
// docs/protocol.md). Each type prints with String and MarshalText and reads
// with its Parse function and UnmarshalText. A Parse function accepts
// exactly what String prints, nothing looser (no other case, no extra
// spaces), and its error lists the names it knows.

var cardNames = [NumCards]string{
	OutOfGas: "Out of Gas", FlatTire: "Flat Tire", Accident: "Accident",
	SpeedLimit: "Speed Limit", Stop: "Stop",
	Gasoline: "Gasoline", SpareTire: "Spare Tire", Repairs: "Repairs",
	EndOfLimit: "End of Limit", Go: "Go",
	ExtraTank: "Extra Tank", PunctureProof: "Puncture Proof",
	DrivingAce: "Driving Ace", RightOfWay: "Right of Way",
	Miles25: "25", Miles50: "50", Miles75: "75", Miles100: "100", Miles200: "200",
}

// String returns the card's name as printed on the card ("Out of Gas",
// "75"), "" for NoCard and "?" for a value that is no card.
func (c Card) String() string {
	if c >= NumCards {
		return "?"
	}
	return cardNames[c]
}

// ParseCard reads a card's name as String prints it. NoCard has no name:
// the formats write an empty place their own way (null, "").
func ParseCard(name string) (Card, error) {
	if i := lookup(cardNames[:], name); i > 0 {
		return Card(i), nil
	}
	return NoCard, unknown("card", name, cardNames[1:])
}

// MarshalText is String for a real card; NoCard and values out of range
// have no name and fail.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("card %d has no name", uint8(c))
	}
	return []byte(cardNames[c]), nil
}

// UnmarshalText is ParseCard.
func (c *Card) UnmarshalText(text []byte) error {
	card, err := ParseCard(string(text))
	if err == nil {
		*c = card
	}
	return err
}

var phaseNames = [...]string{
	PhasePlay:       "play",
	PhaseCoupFourre: "coup-fourre",
	PhaseExtension:  "extension",
	PhaseHandOver:   "hand-over",
	PhaseGameOver:   "game-over",
}

// String names the phase: "play", "coup-fourre", "extension",
// "hand-over" or "game-over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// ParsePhase reads a phase's name as String prints it.
func ParsePhase(name string) (Phase, error) {
	if i := lookup(phaseNames[:], name); i >= 0 {
		return Phase(i), nil
	}
	return 0, unknown("phase", name, phaseNames[:])
}

// MarshalText is String for a known phase, and fails for another value.
func (p Phase) MarshalText() ([]byte, error) {
	if int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("phase %d has no name", uint8(p))
	}
	return []byte(phaseNames[p]), nil
}

// UnmarshalText is ParsePhase.
func (p *Phase) UnmarshalText(text []byte) error {
	phase, err := ParsePhase(string(text))
	if err == nil {
		*p = phase
	}
	return err
}

// String returns the ruleset's name, as on the command line: "standard"
// or "bsd".
func (r Ruleset) String() string {
	if int(r) < len(rulesets) {
		return rulesets[r].name
	}
	return fmt.Sprintf("ruleset(%d)", uint8(r))
}

// ParseRuleset reads a ruleset's name as String prints it.
func ParseRuleset(name string) (Ruleset, error) {
	names := make([]string, len(Rulesets))
	for i, r := range Rulesets {
		if r.String() == name {
			return r, nil
		}
		names[i] = r.String()
	}
	return 0, &UnknownRuleset{Name: name, Want: names}
}

// An UnknownRuleset is a ruleset's name that names none: the name, and
// the names of the rulesets (Want), for a front end to word through its
// catalogue; Error is the engine's English.
type UnknownRuleset struct {
	Name string
	Want []string
}

func (e *UnknownRuleset) Error() string { return unknownText("ruleset", e.Name, e.Want) }

// MarshalText is String for a known ruleset, and fails for another value.
func (r Ruleset) MarshalText() ([]byte, error) {
	if int(r) >= len(rulesets) {
		return nil, fmt.Errorf("ruleset %d has no name", uint8(r))
	}
	return []byte(rulesets[r].name), nil
}

// UnmarshalText is ParseRuleset.
func (r *Ruleset) UnmarshalText(text []byte) error {
	rules, err := ParseRuleset(string(text))
	if err == nil {
		*r = rules
	}
	return err
}

var eventNames = [...]string{
	EvDeal:       "deal",
	EvDraw:       "draw",
	EvPlay:       "play",
	EvAttack:     "attack",
	EvSafety:     "safety",
	EvCoupFourre: "coup-fourre",
	EvDiscard:    "discard",
	EvTrip:       "trip",
	EvExtend:     "extend",
	EvStopTrip:   "stop",
	EvHandOver:   "hand-over",
	EvGameOver:   "game-over",
	EvCancelled:  "cancelled",
	EvDeclined:   "declined",
}

// String names the event kind ("attack", "coup-fourre"); EvNone and values
// out of range have no name and print as "event(N)".
func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// ParseEventKind reads an event kind's name as String prints it.
func ParseEventKind(name string) (EventKind, error) {
	if i := lookup(eventNames[:], name); i > 0 {
		return EventKind(i), nil
	}
	return EvNone, unknown("event", name, eventNames[1:])
}

// MarshalText is String for a named event kind, and fails for EvNone and
// values out of range.
func (k EventKind) MarshalText() ([]byte, error) {
	if int(k) >= len(eventNames) || eventNames[k] == "" {
		return nil, fmt.Errorf("event kind %d has no name", uint8(k))
	}
	return []byte(eventNames[k]), nil
}

// UnmarshalText is ParseEventKind.
func (k *EventKind) UnmarshalText(text []byte) error {
	kind, err := ParseEventKind(string(text))
	if err == nil {
		*k = kind
	}
	return err
}

// Verb is what an action does, as the notation writes it: an ActionKind,
// except that a play is split in two, VerbPlay for a card played on the
// player's own side and VerbAttack for a hazard played on a side.
type Verb uint8

// The verbs, in the order of the ActionKinds they stand for.
const (
	NoVerb         Verb = iota
	VerbPlay            // "play": a remedy, safety or distance card on one's own side
	VerbAttack          // "attack": a hazard on a side
	VerbDiscard         // "discard"
	VerbCoupFourre      // "coup-fourre": declare the coup fourré
	VerbDecline         // "decline": let the coup fourré pass
	VerbExtend          // "extend": call the extension
	VerbStop            // "stop": end the trip at 700
	VerbContinue        // "continue": deal on
)

var verbNames = [...]string{
	VerbPlay: "play", VerbAttack: "attack", VerbDiscard: "discard",
	VerbCoupFourre: "coup-fourre", VerbDecline: "decline", VerbExtend: "extend",
	VerbStop: "stop", VerbContinue: "continue",
}

// verbOf gives the verb of each ActionKind but KindPlay, whose verb
// depends on the card.
var verbOf = [...]Verb{
	KindDiscard: VerbDiscard, KindCoupFourre: VerbCoupFourre, KindDecline: VerbDecline,
	KindExtend: VerbExtend, KindStopTrip: VerbStop, KindContinue: VerbContinue,
}

// String names the verb ("attack", "coup-fourre"), or prints "verb(N)"
// for a value that is none.
func (v Verb) String() string {
	if int(v) < len(verbNames) && verbNames[v] != "" {
		return verbNames[v]
	}
	return fmt.Sprintf("verb(%d)", uint8(v))
}

// ParseVerb reads a verb as String prints it.
func ParseVerb(name string) (Verb, error) {
	if i := lookup(verbNames[:], name); i > 0 {
		return Verb(i), nil
	}
	return NoVerb, unknown("action", name, verbNames[1:])
}

// NamesCard reports whether the verb takes a card: play, attack and
// discard do.
func (v Verb) NamesCard() bool { return v >= VerbPlay && v <= VerbDiscard }

// Verb returns what the action does, NoVerb for a value that is no
// action.
func (a Action) Verb() Verb {
	switch k := a.Kind(); {
	case k == KindPlay && a.Card().IsHazard():
		return VerbAttack
	case k == KindPlay:
		return VerbPlay
	case int(k) < len(verbOf):
		return verbOf[k]
	}
	return NoVerb
}

// NewAction builds the action of verb v with card c on side side, the
// parts the notation writes: a card for play, attack and discard (NoCard
// for the others), a side from 0 to MaxSides-1 for an attack only (0 for
// the others). It fails, saying why, for parts no action has.
func NewAction(v Verb, c Card, side int) (Action, error) {
	if v == NoVerb || int(v) >= len(verbNames) {
		return 0, &NotationError{Why: NoSuchVerb, Verb: v}
	}
	switch {
	case !v.NamesCard() && c != NoCard:
		return 0, &NotationError{Why: TakesNoCard, Verb: v, Card: c}
	case v.NamesCard() && !c.Valid():
		return 0, &NotationError{Why: NeedsCard, Verb: v}
	case v == VerbAttack && !c.IsHazard():
		return 0, &NotationError{Why: AttackNotHazard, Verb: v, Card: c}
	case v == VerbAttack && (side < 0 || side >= MaxSides):
		return 0, &NotationError{Why: AttackSide, Verb: v, Card: c}
	case v != VerbAttack && side != 0:
		return 0, &NotationError{Why: SideNotAttack, Verb: v, Card: c}
	case v == VerbPlay && c.IsHazard():
		return 0, &NotationError{Why: PlayHazard, Verb: v, Card: c}
	}
	switch v {
	case VerbPlay:
		return Play(c), nil
	case VerbAttack:
		return Attack(c, side), nil
	}
	for k, kv := range verbOf {
		if kv == v {
			return makeAction(ActionKind(k), c, 0), nil
		}
	}
	panic("engine: verb without a kind") // verbOf lists every verb but play and attack
}

// onSide separates an attack's hazard from its side.
const onSide = " on side "

// String writes the action in the notation: "play 100", "attack Stop on
// side 1", "discard Go", "coup-fourre", "decline", "extend", "stop" or
// "continue"; "action(0xN)" for a value that is no action.
func (a Action) String() string {
	b, err := a.MarshalText()
	if err != nil {
		return fmt.Sprintf("action(%#x)", uint16(a))
	}
	return string(b)
}

// MarshalText is String for an action a player could take, and fails for
// other values (an unknown kind, a card where none belongs, a side on
// anything but an attack).
func (a Action) MarshalText() ([]byte, error) {
	v := a.Verb()
	if b, err := NewAction(v, a.Card(), a.Target()); err != nil || b != a {
		return nil, fmt.Errorf("action %#x has no notation", uint16(a))
	}
	text := []byte(verbNames[v])
	if v.NamesCard() {
		text = append(append(text, ' '), cardNames[a.Card()]...)
	}
	if v == VerbAttack {
		text = append(append(text, onSide...), byte('0'+a.Target()))
	}
	return text, nil
}

// ParseAction reads an action as String writes it.
func ParseAction(text string) (Action, error) {
	verb, rest, hasCard := strings.Cut(text, " ")
	v, err := ParseVerb(verb)
	if err != nil || hasCard != v.NamesCard() {
		return 0, &NotationError{Why: UnknownAction, Token: text}
	}
	side := 0
	if v == VerbAttack {
		hazard, n, ok := strings.Cut(rest, onSide)
		if !ok || len(n) != 1 || n[0] < '0' || n[0] > '9' {
			return 0, &NotationError{Why: AttackForm, Token: text}
		}
		rest, side = hazard, int(n[0]-'0')
	}
	var c Card
	if v.NamesCard() {
		if c, err = ParseCard(rest); err != nil {
			return 0, err
		}
	}
	return NewAction(v, c, side)
}

// UnmarshalText is ParseAction.
func (a *Action) UnmarshalText(text []byte) error {
	action, err := ParseAction(string(text))
	if err == nil {
		*a = action
	}
	return err
}

// lookup returns the index of name in names, or -1; "" is never found.
func lookup(names []string, name string) int {
	for i, n := range names {
		if n != "" && n == name {
			return i
		}
	}
	return -1
}

// unknown is the error for a name of kind what that is not in names
// (which may hold "" for values without a name).
func unknown(what, name string, names []string) error {
	var want []string
	for _, n := range names {
		if n != "" {
			want = append(want, n)
		}
	}
	return &NotationError{Why: UnknownName, What: what, Token: name, Want: want}
}

// unknownText is the English of a name of kind what that is none of want.
func unknownText(what, name string, want []string) string {
	return fmt.Sprintf("unknown %s %.40q (want %s)", what, name, joinOr(want))
}

// A NotationError is why a text or a part is no card, phase, event or
// action of the notation: a code with the offending token or parts, for
// a program to act on with errors.As; Error is the engine's English,
// which files and bot programs read.
type NotationError struct {
	Why   NotationReason
	What  string   // UnknownName: what the name should name ("card", "phase", "event", "action")
	Token string   // UnknownName: the name; UnknownAction, AttackForm: the action as written
	Want  []string // UnknownName: the names that would do
	Verb  Verb     // NewAction's verb
	Card  Card     // NewAction's card
}

// A NotationReason is what is wrong with a notation.
type NotationReason uint8

// The reasons a notation is refused.
const (
	UnknownName     NotationReason = iota // a name of none of its kind
	UnknownAction                         // a text that is no action
	AttackForm                            // an attack not written attack HAZARD on side N
	NoSuchVerb                            // a verb value with no action
	TakesNoCard                           // a card for a verb that names none
	NeedsCard                             // no card for a verb that names one
	AttackNotHazard                       // an attack with a card that is not a hazard
	AttackSide                            // an attack on no side there can be
	SideNotAttack                         // a side for anything but an attack
	PlayHazard                            // play with a hazard (attack plays them)
)

func (e *NotationError) Error() string {
	switch e.Why {
	case UnknownName:
		return unknownText(e.What, e.Token, e.Want)
	case UnknownAction:
		return fmt.Sprintf("unknown action %.40q (want play CARD, attack HAZARD on side N, discard CARD, coup-fourre, decline, extend, stop or continue)", e.Token)
	case AttackForm:
		return fmt.Sprintf("%.40q: an attack is written attack HAZARD on side N", e.Token)
	case NoSuchVerb:
		return fmt.Sprintf("verb %d is no action", uint8(e.Verb))
	case TakesNoCard:
		return fmt.Sprintf("%v takes no card", e.Verb)
	case NeedsCard:
		return fmt.Sprintf("%v needs a card", e.Verb)
	case AttackNotHazard:
		return fmt.Sprintf("attack takes a hazard, not %v", e.Card)
	case AttackSide:
		return fmt.Sprintf("an attack needs a side from 0 to %d", MaxSides-1)
	case SideNotAttack:
		return "only an attack names a side"
	}
	return "play takes a card that is not a hazard (attack plays hazards)"
}

// joinOr writes words as "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	last := len(words) - 1
	return strings.Join(words[:last], ", ") + " or " + words[last]
}
