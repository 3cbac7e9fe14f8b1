// Package bot is mille's bot protocol: line-based JSON by which a
// computer player runs as a separate program, the way chess engines speak
// UCI. Serve is the bot's side (mille bot); Start runs a bot program and
// makes it an ai.Player (mille arena's cmd: seats). docs/protocol.md is the
// specification; this file is its types and their translation to and from
// the engine's.
package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/millebornes/mille/engine"
)

// Version is the protocol version spoken here: Serve greets with it, and
// a host speaks to each bot in the version of its hello, from OldestVersion
// to Version. It changes only when a message changes incompatibly.
// Protocol 2 writes phases and action kinds in the engine's notation;
// protocol 1 spelled three phases and one kind its own way (see
// protocol1Phases).
const Version = 2

// OldestVersion is the oldest protocol a host still speaks.
const OldestVersion = 1

// Message is every line of the protocol: Type says which fields matter.
type Message struct {
	Type string `json:"type"` // hello, decide, action, error, quit

	// hello (bot to host)
	Name     string `json:"name,omitempty"`
	Program  string `json:"version,omitempty"`
	Protocol int    `json:"protocol,omitempty"`

	// decide (host to bot), action and error (either way)
	ID          int             `json:"id,omitempty"`
	Observation *Observation    `json:"observation,omitempty"`
	Legal       []ActionJSON    `json:"legal,omitempty"`
	Action      *ActionJSON     `json:"action,omitempty"`
	Index       *int            `json:"index,omitempty"`
	Reason      string          `json:"reason,omitempty"`
	Message     string          `json:"message,omitempty"`
	Extra       json.RawMessage `json:"extra,omitempty"` // ignored; room for extensions
}

// ActionJSON is an action in readable form: {"kind":"attack","card":"Stop","side":1}.
type ActionJSON struct {
	Kind string `json:"kind"`           // the verb: play, attack, discard, coup-fourre, decline, extend, stop, continue
	Card string `json:"card,omitempty"` // card name as printed ("Out of Gas", "100")
	Side *int   `json:"side,omitempty"` // target side of an attack
	Text string `json:"text,omitempty"` // a description for people; ignored on input
}

// TableauJSON is one side's cards on the table.
type TableauJSON struct {
	Battle       string         `json:"battle"`
	BattleUnder  string         `json:"battle_under"`
	Speed        string         `json:"speed"`
	SpeedUnder   string         `json:"speed_under"`
	Safeties     []string       `json:"safeties"`
	CoupsFourres []string       `json:"coups_fourres"`
	Miles        int            `json:"miles"`
	Cards        map[string]int `json:"cards"` // every card on the side's piles, by name
}

// Observation is engine.Observation in readable form. The public event log
// is not sent: a bot keeps its own history if it wants one.
type Observation struct {
	Players         int           `json:"players"`
	Rules           string        `json:"rules"`
	Seat            int           `json:"seat"`
	Side            int           `json:"side"`
	Game            int           `json:"game"`
	Hand            int           `json:"hand"`
	First           int           `json:"first"`
	Phase           string        `json:"phase"`
	Turn            int           `json:"turn"`
	Trip            int           `json:"trip"`
	Extender        int           `json:"extender"`
	Finisher        int           `json:"finisher"`
	FinishedDelayed bool          `json:"finished_delayed"`
	Threat          string        `json:"threat,omitempty"`
	ThreatSide      int           `json:"threat_side,omitempty"`
	Attacker        int           `json:"attacker,omitempty"`
	MyHand          []string      `json:"my_hand"`
	HandSizes       []int         `json:"hand_sizes"`
	DrawPile        int           `json:"draw_pile"`
	Discards        []string      `json:"discards"`
	Tableaus        []TableauJSON `json:"tableaus"`
	Totals          []int         `json:"totals"`
	GamesWon        []int         `json:"games_won"`
}

// cardName writes a card in the engine's notation, "" for no card.
func cardName(c engine.Card) string { return c.String() }

// parseCard reads a card in the engine's notation; "" is no card where
// empty allows it.
func parseCard(name string, empty bool) (engine.Card, error) {
	if name == "" && empty {
		return engine.NoCard, nil
	}
	return engine.ParseCard(name)
}

// Protocol 1 spelled three phases and one action kind otherwise than the
// engine's notation, which protocol 2 uses. A host writes them for a bot
// that greets with protocol 1; both sides read either spelling.
var protocol1Phases = [...]string{
	engine.PhaseCoupFourre: "coup fourré", engine.PhaseHandOver: "hand over", engine.PhaseGameOver: "game over",
}

const protocol1CoupFourre = "coup_fourre" // the kind of engine.VerbCoupFourre

// parsePhase reads a phase in either protocol's spelling.
func parsePhase(name string) (engine.Phase, error) {
	for p, old := range protocol1Phases {
		if old != "" && old == name {
			return engine.Phase(p), nil
		}
	}
	return engine.ParsePhase(name)
}

// parseVerb reads an action kind in either protocol's spelling.
func parseVerb(kind string) (engine.Verb, error) {
	if kind == protocol1CoupFourre {
		return engine.VerbCoupFourre, nil
	}
	return engine.ParseVerb(kind)
}

// toProtocol1 respells m's phase and action kinds as protocol 1 does.
func toProtocol1(m *Message) {
	if o := m.Observation; o != nil {
		if p, err := engine.ParsePhase(o.Phase); err == nil && protocol1Phases[p] != "" {
			o.Phase = protocol1Phases[p]
		}
	}
	for i := range m.Legal {
		if m.Legal[i].Kind == engine.VerbCoupFourre.String() {
			m.Legal[i].Kind = protocol1CoupFourre
		}
	}
}

// EncodeAction gives the readable form of a, in protocol 2.
func EncodeAction(a engine.Action) ActionJSON {
	j := ActionJSON{Kind: a.Verb().String(), Card: cardName(a.Card()), Text: a.String()}
	if a.Verb() == engine.VerbAttack {
		side := a.Target()
		j.Side = &side
	}
	return j
}

// DecodeAction reads an action in readable form, in either protocol. As
// in protocol 1, a card or side that the kind does not take is ignored.
func DecodeAction(j ActionJSON) (engine.Action, error) {
	v, err := parseVerb(j.Kind)
	if err != nil {
		return 0, err
	}
	var c engine.Card
	if v.NamesCard() {
		if c, err = parseCard(j.Card, false); err != nil {
			return 0, err
		}
	}
	side := 0
	if v == engine.VerbAttack {
		if !c.IsHazard() {
			return 0, fmt.Errorf("%v is not a hazard: attack with Out of Gas, Flat Tire, Accident, Speed Limit or Stop", c)
		}
		if j.Side == nil || *j.Side < 0 || *j.Side >= engine.MaxSides {
			return 0, fmt.Errorf(`an attack needs a "side" from 0 to %d`, engine.MaxSides-1)
		}
		side = *j.Side
	}
	if v == engine.VerbPlay && c.IsHazard() {
		return 0, errors.New(`a hazard is played with kind "attack" and a side`)
	}
	return engine.NewAction(v, c, side)
}

// EncodeObservation gives the readable form of o.
func EncodeObservation(o *engine.Observation) *Observation {
	j := &Observation{
		Players: o.Config.Players, Rules: o.Config.Rules.String(), Seat: o.Seat, Side: o.Side(),
		Game: int(o.Game), Hand: int(o.Hand), First: int(o.First), Phase: o.Phase.String(),
		Turn: int(o.Turn), Trip: int(o.Trip), Extender: int(o.Extender), Finisher: int(o.Finisher),
		FinishedDelayed: o.FinishedDelayed, DrawPile: int(o.DrawLen),
		MyHand: []string{}, Discards: []string{},
	}
	if o.Threat != engine.NoCard {
		j.Threat, j.ThreatSide, j.Attacker = cardName(o.Threat), int(o.ThreatSide), int(o.Attacker)
	}
	for _, c := range o.MyHand {
		if c != engine.NoCard {
			j.MyHand = append(j.MyHand, cardName(c))
		}
	}
	for p := 0; p < o.Config.Players; p++ {
		j.HandSizes = append(j.HandSizes, int(o.HandSizes[p]))
	}
	for _, c := range o.Discards[:o.DiscardLen] {
		j.Discards = append(j.Discards, cardName(c))
	}
	for side := 0; side < o.Config.Sides(); side++ {
		t := &o.Tableaus[side]
		tj := TableauJSON{
			Battle: cardName(t.Battle), BattleUnder: cardName(t.BattleUnder),
			Speed: cardName(t.Speed), SpeedUnder: cardName(t.SpeedUnder),
			Safeties: []string{}, CoupsFourres: []string{}, Miles: int(t.Miles), Cards: map[string]int{},
		}
		for _, s := range engine.AllSafeties {
			if t.Has(s) {
				tj.Safeties = append(tj.Safeties, cardName(s))
			}
			if t.HasCoupFourre(s) {
				tj.CoupsFourres = append(tj.CoupsFourres, cardName(s))
			}
		}
		for c := engine.Card(1); c < engine.NumCards; c++ {
			if t.Cards[c] > 0 {
				tj.Cards[cardName(c)] = int(t.Cards[c])
			}
		}
		j.Tableaus = append(j.Tableaus, tj)
		j.Totals = append(j.Totals, int(o.Totals[side]))
		j.GamesWon = append(j.GamesWon, int(o.GamesWon[side]))
	}
	return j
}

// DecodeObservation reads and checks an observation. Whatever the input,
// it either fails with a message saying what is wrong or returns an
// observation that is consistent: every card of the deck accounted for
// and a table the rules could have reached, so that players can search it.
func DecodeObservation(j *Observation) (o engine.Observation, err error) {
	if j == nil {
		return o, errors.New(`"observation" is missing`)
	}
	rules, err := engine.ParseRuleset(j.Rules)
	if err != nil {
		return o, err
	}
	o.Config = engine.Config{Players: j.Players, Rules: rules}
	if err := o.Config.Validate(); err != nil {
		return o, err
	}
	players, sides := j.Players, o.Config.Sides()
	if j.Seat < 0 || j.Seat >= players {
		return o, fmt.Errorf("seat %d: want 0 to %d", j.Seat, players-1)
	}
	o.Seat = j.Seat
	if !inRange(j.Game, 0, 65535) || !inRange(j.Hand, 0, 65535) || !inRange(j.First, 0, players-1) || !inRange(j.Turn, 0, players-1) {
		return o, errors.New("game, hand, first or turn out of range")
	}
	o.Game, o.Hand, o.First, o.Turn = uint16(j.Game), uint16(j.Hand), uint8(j.First), uint8(j.Turn)
	if o.Phase, err = parsePhase(j.Phase); err != nil {
		return o, err
	}
	if j.Trip != o.Config.BaseTrip() && j.Trip != engine.ExtendedTrip {
		return o, fmt.Errorf("trip %d: want %d or %d", j.Trip, o.Config.BaseTrip(), engine.ExtendedTrip)
	}
	o.Trip = uint16(j.Trip)
	if !inRange(j.Extender, -1, sides-1) || !inRange(j.Finisher, -1, sides-1) {
		return o, errors.New("extender or finisher out of range")
	}
	o.Extender, o.Finisher, o.FinishedDelayed = int8(j.Extender), int8(j.Finisher), j.FinishedDelayed
	if o.Threat, err = parseCard(j.Threat, true); err != nil {
		return o, fmt.Errorf("threat: %w", err)
	}
	if o.Threat != engine.NoCard && (!o.Threat.IsHazard() || !inRange(j.ThreatSide, 0, sides-1) || !inRange(j.Attacker, 0, players-1)) {
		return o, errors.New("threat, threat_side or attacker out of range")
	}
	o.ThreatSide, o.Attacker = uint8(j.ThreatSide), uint8(j.Attacker)
	if len(j.MyHand) > engine.HandSlots {
		return o, fmt.Errorf("my_hand holds %d cards, at most %d", len(j.MyHand), engine.HandSlots)
	}
	// Fill from slot 1 and the draw slot last, as the engine does.
	for k, name := range j.MyHand {
		c, err := parseCard(name, false)
		if err != nil {
			return o, fmt.Errorf("my_hand: %w", err)
		}
		o.MyHand[(k+1)%engine.HandSlots] = c
	}
	if len(j.HandSizes) != players {
		return o, fmt.Errorf("hand_sizes has %d entries, want %d", len(j.HandSizes), players)
	}
	for p, n := range j.HandSizes {
		if !inRange(n, 0, engine.HandSlots) {
			return o, fmt.Errorf("hand_sizes[%d] = %d out of range", p, n)
		}
		o.HandSizes[p] = uint8(n)
	}
	if int(o.HandSizes[o.Seat]) != len(j.MyHand) {
		return o, fmt.Errorf("hand_sizes[%d] = %d but my_hand holds %d cards", o.Seat, o.HandSizes[o.Seat], len(j.MyHand))
	}
	if !inRange(j.DrawPile, 0, o.Config.DeckSize()) {
		return o, fmt.Errorf("draw_pile %d out of range", j.DrawPile)
	}
	o.DrawLen = uint8(j.DrawPile)
	if len(j.Discards) > o.Config.DeckSize() {
		return o, errors.New("too many discards")
	}
	for k, name := range j.Discards {
		c, err := parseCard(name, false)
		if err != nil {
			return o, fmt.Errorf("discards: %w", err)
		}
		o.Discards[k] = c
	}
	o.DiscardLen = uint8(len(j.Discards))
	if len(j.Tableaus) != sides {
		return o, fmt.Errorf("tableaus has %d entries, want %d", len(j.Tableaus), sides)
	}
	for side, tj := range j.Tableaus {
		if err := decodeTableau(&tj, &o.Tableaus[side]); err != nil {
			return o, fmt.Errorf("tableaus[%d]: %w", side, err)
		}
	}
	if len(j.Totals) != sides || len(j.GamesWon) != sides {
		return o, fmt.Errorf("totals and games_won need %d entries", sides)
	}
	for side := range sides {
		if !inRange(j.Totals[side], 0, 1<<30) || !inRange(j.GamesWon[side], 0, 65535) {
			return o, errors.New("totals or games_won out of range")
		}
		o.Totals[side], o.GamesWon[side] = int32(j.Totals[side]), uint16(j.GamesWon[side])
	}
	o.Winner = -1
	if err := checkAccounts(&o); err != nil {
		return o, err
	}
	return o, nil
}

func decodeTableau(tj *TableauJSON, t *engine.Tableau) error {
	var err error
	for _, f := range []struct {
		name string
		dst  *engine.Card
	}{{tj.Battle, &t.Battle}, {tj.BattleUnder, &t.BattleUnder}, {tj.Speed, &t.Speed}, {tj.SpeedUnder, &t.SpeedUnder}} {
		if *f.dst, err = parseCard(f.name, true); err != nil {
			return err
		}
	}
	if !inRange(tj.Miles, 0, engine.ExtendedTrip) {
		return fmt.Errorf("miles %d out of range", tj.Miles)
	}
	t.Miles = uint16(tj.Miles)
	for name, n := range tj.Cards {
		c, err := parseCard(name, false)
		if err != nil {
			return fmt.Errorf("cards: %w", err)
		}
		if !inRange(n, 0, engine.MaxDeck) {
			return fmt.Errorf("cards[%q] = %d out of range", name, n)
		}
		t.Cards[c] = uint8(n)
	}
	for _, group := range []struct {
		names []string
		mask  *uint8
	}{{tj.Safeties, &t.Safeties}, {tj.CoupsFourres, &t.CoupsFourres}} {
		for _, name := range group.names {
			c, err := parseCard(name, false)
			if err != nil {
				return err
			}
			if !c.IsSafety() {
				return fmt.Errorf("%v is not a safety", c)
			}
			*group.mask |= 1 << (c - engine.ExtraTank)
		}
	}
	return nil
}

// checkAccounts makes sure every card of the deck is in exactly one place
// and the table is one the rules allow: that is what searching players
// rely on when they deal the unseen cards.
func checkAccounts(o *engine.Observation) (err error) {
	var seen [engine.NumCards]int
	for _, c := range o.MyHand {
		seen[c]++
	}
	for _, c := range o.Discards[:o.DiscardLen] {
		seen[c]++
	}
	for side := 0; side < o.Config.Sides(); side++ {
		for c := engine.Card(1); c < engine.NumCards; c++ {
			seen[c] += int(o.Tableaus[side].Cards[c])
		}
	}
	unseen := 0
	for c := engine.Card(1); c < engine.NumCards; c++ {
		n := o.Config.DeckCount(c) - seen[c]
		if n < 0 {
			return fmt.Errorf("%d × %v seen, but the deck holds %d", seen[c], c, o.Config.DeckCount(c))
		}
		unseen += n
	}
	hidden := int(o.DrawLen)
	for p := 0; p < o.Config.Players; p++ {
		if p != o.Seat {
			hidden += int(o.HandSizes[p])
		}
	}
	if hidden != unseen {
		return fmt.Errorf("the draw pile and the other hands hold %d cards but %d are unaccounted for", hidden, unseen)
	}
	// Deal the unseen cards and let the engine check the whole table.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("inconsistent observation: %v", r)
		}
	}()
	s := engine.Sample(o, fixedRand())
	if o.Phase == engine.PhasePlay && int(o.Turn) != o.Seat {
		return errors.New("it is not this seat's turn")
	}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("inconsistent observation: %w", err)
	}
	return nil
}

func inRange(n, lo, hi int) bool { return n >= lo && n <= hi }

// cleanError makes an error message one line.
func cleanError(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }
