package save

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// The file's shape, as Go types. Every field without omitempty is required
// (decodeStrict enforces it); seats and sides are numbered from 0, as in the
// arrays that list them.

type docJSON struct {
	Format    string            `json:"format"`
	Schema    int               `json:"schema"`
	WrittenBy string            `json:"writtenBy"`
	Saved     string            `json:"saved,omitempty"`
	Config    configJSON        `json:"config"`
	Seed      string            `json:"seed"` // a string: JSON tools round big numbers
	Seats     []seatJSON        `json:"seats" max:"6"`
	UI        map[string]string `json:"ui,omitempty" max:"32"`
	State     stateJSON         `json:"state"`
	History   []actionJSON      `json:"history"`
}

type configJSON struct {
	Players int    `json:"players"`
	Rules   string `json:"rules"`
}

type seatJSON struct {
	Name  string `json:"name"`
	Human bool   `json:"human"`
	Level string `json:"level,omitempty"`
}

type stateJSON struct {
	Game            int           `json:"game"`
	Hand            int           `json:"hand"`
	First           int           `json:"first"`
	Phase           string        `json:"phase"`
	Turn            int           `json:"turn"`
	Trip            int           `json:"trip"`
	Extender        *int          `json:"extender"`
	Finisher        *int          `json:"finisher"`
	FinishedDelayed bool          `json:"finishedDelayed"`
	Attacker        int           `json:"attacker"`
	Threat          cardJSON      `json:"threat"`
	ThreatSide      int           `json:"threatSide"`
	DrawPile        []cardJSON    `json:"drawPile" max:"106"`
	Discards        []cardJSON    `json:"discards" max:"106"`
	Hands           [][]cardJSON  `json:"hands" max:"6"`
	Tableaus        []tableauJSON `json:"tableaus" max:"3"`
	HandScores      []scoreJSON   `json:"handScores" max:"3"`
	Totals          []int64       `json:"totals" max:"3"`
	GamesWon        []int         `json:"gamesWon" max:"3"`
	Winner          *int          `json:"winner"`
	Log             []eventJSON   `json:"log" max:"32"`
	EventCount      int64         `json:"eventCount"`
}

type tableauJSON struct {
	Battle       cardJSON   `json:"battle"`
	BattleUnder  cardJSON   `json:"battleUnder"`
	Speed        cardJSON   `json:"speed"`
	SpeedUnder   cardJSON   `json:"speedUnder"`
	Safeties     []cardJSON `json:"safeties" max:"4"`
	CoupsFourres []cardJSON `json:"coupsFourres" max:"4"`
	Miles        int        `json:"miles"`
	Cards        []cardJSON `json:"cards" max:"106"`
}

type scoreJSON struct {
	Milestones   int `json:"milestones"`
	Safeties     int `json:"safeties"`
	AllSafeties  int `json:"allSafeties"`
	CoupsFourres int `json:"coupsFourres"`
	Trip         int `json:"trip"`
	Delayed      int `json:"delayed"`
	SafeTrip     int `json:"safeTrip"`
	Extension    int `json:"extension"`
	ShutOut      int `json:"shutOut"`
	NoHundreds   int `json:"noHundreds,omitempty"` // dujardin+500 only
}

type eventJSON struct {
	Event  string   `json:"event"`
	Seat   int      `json:"seat"`
	Card   cardJSON `json:"card,omitempty"`
	Target int      `json:"target"`
}

// cardJSON is a card written in the engine's notation ("Out of Gas",
// "100"), or null for no card.
type cardJSON engine.Card

func (c cardJSON) MarshalJSON() ([]byte, error) {
	card := engine.Card(c)
	if card == engine.NoCard {
		return []byte("null"), nil
	}
	return json.Marshal(card) // its MarshalText fails for a value that is no card
}

func (c *cardJSON) decodeJSON(_ *json.Decoder, tok json.Token) error {
	switch t := tok.(type) {
	case nil:
		*c = cardJSON(engine.NoCard)
	case string:
		card, err := engine.ParseCard(t)
		if err != nil {
			return problemOf(err)
		}
		*c = cardJSON(card)
	default:
		return problem(FaultWant, KindCard, tokenOf(tok))
	}
	return nil
}

// actionJSON is one action of the history, its verb and card in the
// engine's notation:
//
//	{"play": "100"}                 a remedy, safety or distance card
//	{"attack": "Stop", "side": 1}   a hazard on a side
//	{"discard": "Go"}
//	"coup-fourre", "decline", "extend", "stop", "continue"
type actionJSON engine.Action

// encodeAction spells a in the history's form; it fails for an action no
// player could take (an unknown kind, a target on a non-hazard).
func encodeAction(a engine.Action) ([]byte, error) {
	if _, err := a.MarshalText(); err != nil {
		return nil, newFault(FaultNoAction, uint16(a))
	}
	switch v := a.Verb(); {
	case v == engine.VerbAttack:
		return fmt.Appendf(nil, `{%q:%q,"side":%d}`, v.String(), a.Card().String(), a.Target()), nil
	case v.NamesCard():
		return fmt.Appendf(nil, `{%q:%q}`, v.String(), a.Card().String()), nil
	default:
		return json.Marshal(v.String())
	}
}

func (a actionJSON) MarshalJSON() ([]byte, error) { return encodeAction(engine.Action(a)) }

func (a *actionJSON) decodeJSON(dec *json.Decoder, tok json.Token) error {
	if name, ok := tok.(string); ok {
		v, err := engine.ParseVerb(name)
		if err != nil {
			return problemOf(err)
		}
		action, err := engine.NewAction(v, engine.NoCard, 0)
		if err != nil {
			return problemOf(err)
		}
		*a = actionJSON(action)
		return nil
	}
	if tok != json.Delim('{') {
		return problem(FaultWant, KindAction, tokenOf(tok))
	}
	// The object's one verb (play, attack or discard) is the key of its
	// card; an attack adds "side". A null value counts as absent.
	verb, card, side, hasSide := engine.NoVerb, engine.NoCard, 0, false
	var seen []string
	for dec.More() {
		key, err := objectKey(dec)
		if err != nil {
			return err
		}
		v, verr := engine.ParseVerb(key)
		if key != "side" && (verr != nil || !v.NamesCard()) {
			return problem(FaultUnknownField, key)
		}
		if slices.Contains(seen, key) {
			return problem(FaultFieldTwice, key)
		}
		seen = append(seen, key)
		tok, err := dec.Token()
		if err != nil {
			return problemOf(jsonError(err))
		}
		if tok == nil {
			continue
		}
		if key == "side" {
			hasSide = true
			if err := decodeToken(dec, tok, reflect.ValueOf(&side).Elem(), 0); err != nil {
				return at(err, "."+key)
			}
			continue
		}
		if verb != engine.NoVerb {
			return problem(FaultOneCard)
		}
		verb = v
		if err := decodeToken(dec, tok, reflect.ValueOf((*cardJSON)(&card)).Elem(), 0); err != nil {
			return at(err, "."+key)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing }
		return problemOf(jsonError(err))
	}
	switch {
	case verb == engine.NoVerb:
		return problem(FaultOneCard)
	case verb == engine.VerbAttack && !hasSide:
		return problem(FaultAttackSide, engine.MaxSides-1)
	case verb != engine.VerbAttack && hasSide:
		return problem(FaultSideNotAttack)
	}
	action, err := engine.NewAction(verb, card, side)
	if err != nil {
		return problemOf(err)
	}
	*a = actionJSON(action)
	return nil
}

// toJSON turns g into the file's shape. It fails only for values the
// format cannot spell, such as an event kind newer than this package.
func toJSON(g *record.Game) (docJSON, error) {
	s := &g.State
	cfg := s.Config
	d := docJSON{
		Format:    Format,
		Schema:    Schema,
		WrittenBy: MilleVersion,
		Config:    configJSON{Players: cfg.Players, Rules: cfg.Rules.String()},
		Seed:      strconv.FormatUint(s.Seed, 10),
		Seats:     make([]seatJSON, len(g.Seats)),
		History:   make([]actionJSON, len(g.History)),
	}
	if !g.Saved.IsZero() {
		d.Saved = g.Saved.UTC().Format(time.RFC3339)
	}
	if len(g.UI) > 0 {
		d.UI = g.UI
	}
	for i, st := range g.Seats {
		d.Seats[i] = seatJSON(st)
	}
	for i, a := range g.History {
		d.History[i] = actionJSON(a)
	}
	phase, err := s.Phase.MarshalText()
	if err != nil {
		return d, newFault(FaultNoPhase, int(s.Phase))
	}
	sides := cfg.Sides()
	side := func(v int8) *int {
		if v < 0 {
			return nil
		}
		n := int(v)
		return &n
	}
	j := stateJSON{
		Game: int(s.Game), Hand: int(s.Hand), First: int(s.First),
		Phase: string(phase), Turn: int(s.Turn), Trip: int(s.Trip),
		Extender: side(s.Extender), Finisher: side(s.Finisher), FinishedDelayed: s.FinishedDelayed,
		Attacker: int(s.Attacker), Threat: cardJSON(s.Threat), ThreatSide: int(s.ThreatSide),
		DrawPile:   cards(s.DrawPile[:s.DrawLen]),
		Discards:   cards(s.Discards[:s.DiscardLen]),
		Hands:      make([][]cardJSON, cfg.Players),
		Tableaus:   make([]tableauJSON, sides),
		HandScores: make([]scoreJSON, sides),
		Totals:     make([]int64, sides),
		GamesWon:   make([]int, sides),
		Winner:     side(s.Winner),
		EventCount: int64(s.EventCount),
	}
	for p := range j.Hands {
		j.Hands[p] = cards(s.Hands[p][:])
	}
	for i := 0; i < sides; i++ {
		t := &s.Tableaus[i]
		tj := tableauJSON{
			Battle: cardJSON(t.Battle), BattleUnder: cardJSON(t.BattleUnder),
			Speed: cardJSON(t.Speed), SpeedUnder: cardJSON(t.SpeedUnder),
			Safeties: safetyList(t.Safeties), CoupsFourres: safetyList(t.CoupsFourres),
			Miles: int(t.Miles), Cards: []cardJSON{},
		}
		for c := engine.Card(1); c < engine.NumCards; c++ {
			for k := 0; k < int(t.Cards[c]); k++ {
				tj.Cards = append(tj.Cards, cardJSON(c))
			}
		}
		j.Tableaus[i] = tj
		sc := s.HandScores[i]
		j.HandScores[i] = scoreJSON{
			Milestones: int(sc.Milestones), Safeties: int(sc.Safeties), AllSafeties: int(sc.AllSafeties),
			CoupsFourres: int(sc.CoupsFourres), Trip: int(sc.Trip), Delayed: int(sc.Delayed),
			SafeTrip: int(sc.SafeTrip), Extension: int(sc.Extension), ShutOut: int(sc.ShutOut), NoHundreds: int(sc.NoHundreds),
		}
		j.Totals[i] = int64(s.Totals[i])
		j.GamesWon[i] = int(s.GamesWon[i])
	}
	for _, e := range s.Events(0, nil) {
		kind, err := e.Kind.MarshalText()
		if err != nil {
			return d, newFault(FaultNoEvent, int(e.Kind))
		}
		j.Log = append(j.Log, eventJSON{Event: string(kind), Seat: int(e.Seat), Card: cardJSON(e.Card), Target: int(e.Target)})
	}
	if j.Log == nil {
		j.Log = []eventJSON{}
	}
	d.State = j
	return d, nil
}

func cards(cs []engine.Card) []cardJSON {
	out := make([]cardJSON, len(cs))
	for i, c := range cs {
		out[i] = cardJSON(c)
	}
	return out
}

func safetyList(mask uint8) []cardJSON {
	out := []cardJSON{}
	for i, sf := range engine.AllSafeties {
		if mask&(1<<i) != 0 {
			out = append(out, cardJSON(sf))
		}
	}
	return out
}

// fromJSON checks the range of every field of d and builds the Game. It
// leaves the rules (engine.State.Validate) and the replay to the caller.
func fromJSON(d *docJSON) (record.Game, error) {
	var g record.Game
	g.WrittenBy = d.WrittenBy
	if len(d.WrittenBy) > 64 || !record.Printable(d.WrittenBy) {
		return g, &record.FieldError{Field: "writtenBy", Err: newFault(FaultNotVersion, d.WrittenBy)}
	}
	if d.Saved != "" {
		t, err := time.Parse(time.RFC3339, d.Saved)
		if err != nil {
			return g, &record.FieldError{Field: "saved", Err: newFault(FaultNotTime, d.Saved)}
		}
		g.Saved = t.UTC().Truncate(time.Second) // as Write records it
	}
	rules, err := engine.ParseRuleset(d.Config.Rules)
	if err != nil {
		return g, &record.FieldError{Field: "config.rules", Err: err}
	}
	cfg := engine.Config{Players: d.Config.Players, Rules: rules}
	if err := cfg.Validate(); err != nil {
		return g, &record.FieldError{Field: "config", Err: err}
	}
	g.Seats = make([]record.Seat, len(d.Seats))
	for i, s := range d.Seats {
		g.Seats[i] = record.Seat(s)
	}
	if len(d.UI) > 0 {
		g.UI = d.UI
	}
	for _, a := range d.History {
		g.History = append(g.History, engine.Action(a))
	}
	g.State.Config = cfg // the seats are checked before the state
	if err := g.CheckMeta(); err != nil {
		return g, err
	}
	s, err := stateFromJSON(&d.State, cfg)
	if _, ok := err.(wholeGame); ok {
		return g, err
	}
	if err != nil {
		return g, nest("state", err)
	}
	s.Seed, err = strconv.ParseUint(d.Seed, 10, 64)
	if err != nil {
		return g, &record.FieldError{Field: "seed", Err: newFault(FaultNotSeed, d.Seed, uint64(math.MaxUint64))}
	}
	g.State = s
	return g, nil
}

// wholeGame marks an error about the whole state rather than one field.
type wholeGame struct{ error }

// Unwrap gives the fault, a code lang words.
func (w wholeGame) Unwrap() error { return w.error }

// nest puts field before the field of err, a fault of a field inside it
// (or of field itself).
func nest(field string, err error) error {
	if fe, ok := err.(*record.FieldError); ok {
		return &record.FieldError{Field: field + "." + fe.Field, Err: fe.Err}
	}
	return &record.FieldError{Field: field, Err: err}
}

// An OutOfRange is a save's number outside its bounds, V not from Lo to
// Hi (nor null, where Null says null would do); lang says it in the
// reader's language, Error in English.
type OutOfRange struct {
	V, Lo, Hi int64
	Null      bool
}

// Error is the fault in English, for logs.
func (e *OutOfRange) Error() string {
	if e.Null {
		return fmt.Sprintf("%d is out of range (%d to %d) (or null)", e.V, e.Lo, e.Hi)
	}
	return fmt.Sprintf("%d is out of range (%d to %d)", e.V, e.Lo, e.Hi)
}

// inRange returns an error naming field if v is not in [lo, hi].
func inRange(field string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return &record.FieldError{Field: field, Err: &OutOfRange{V: v, Lo: lo, Hi: hi}}
	}
	return nil
}

// stateFromJSON checks the ranges of j's fields and builds the state. Its
// errors name the field without the leading "state.".
func stateFromJSON(j *stateJSON, cfg engine.Config) (engine.State, error) {
	s := engine.State{Config: cfg}
	players, sides := int64(cfg.Players), int64(cfg.Sides())
	for _, r := range []struct {
		field     string
		v, lo, hi int64
	}{
		{"game", int64(j.Game), 0, math.MaxUint16},
		{"hand", int64(j.Hand), 0, math.MaxUint16},
		{"first", int64(j.First), 0, players - 1},
		{"turn", int64(j.Turn), 0, players - 1},
		{"trip", int64(j.Trip), 0, engine.ExtendedTrip},
		{"attacker", int64(j.Attacker), 0, players - 1},
		{"threatSide", int64(j.ThreatSide), 0, sides - 1},
		{"eventCount", j.EventCount, 1, math.MaxUint32},
	} {
		if err := inRange(r.field, r.v, r.lo, r.hi); err != nil {
			return s, err
		}
	}
	phase, err := engine.ParsePhase(j.Phase)
	if err != nil {
		return s, &record.FieldError{Field: "phase", Err: err}
	}
	s.Game, s.Hand, s.First, s.Phase = uint16(j.Game), uint16(j.Hand), uint8(j.First), phase
	s.Turn, s.Trip, s.Attacker, s.ThreatSide = uint8(j.Turn), uint16(j.Trip), uint8(j.Attacker), uint8(j.ThreatSide)
	s.Threat = engine.Card(j.Threat)
	s.FinishedDelayed = j.FinishedDelayed
	for _, f := range []struct {
		field string
		p     *int
		out   *int8
	}{{"extender", j.Extender, &s.Extender}, {"finisher", j.Finisher, &s.Finisher}, {"winner", j.Winner, &s.Winner}} {
		*f.out = -1
		if f.p != nil {
			if v := int64(*f.p); v < 0 || v > sides-1 {
				return s, &record.FieldError{Field: f.field, Err: &OutOfRange{V: v, Lo: 0, Hi: sides - 1, Null: true}}
			}
			*f.out = int8(*f.p)
		}
	}

	// Every card of the deck in exactly one place: counted here to name
	// the card; engine.State.Validate checks the same and more.
	var count [engine.NumCards]int
	pile := func(field string, in []cardJSON, out []engine.Card) error {
		if len(in) > len(out) {
			return &record.FieldError{Field: field, Err: newFault(FaultPileSize, len(in), cfg.DeckSize())}
		}
		for i, c := range in {
			if c == cardJSON(engine.NoCard) {
				return &record.FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Err: newFault(FaultNullInPile)}
			}
			out[i] = engine.Card(c)
			count[c]++
		}
		return nil
	}
	if err := pile("drawPile", j.DrawPile, s.DrawPile[:]); err != nil {
		return s, err
	}
	if err := pile("discards", j.Discards, s.Discards[:]); err != nil {
		return s, err
	}
	s.DrawLen, s.DiscardLen = uint8(len(j.DrawPile)), uint8(len(j.Discards))
	if len(j.Hands) != cfg.Players {
		return s, &record.FieldError{Field: "hands", Err: newFault(FaultHands, len(j.Hands), cfg.Players)}
	}
	for p, h := range j.Hands {
		if len(h) != engine.HandSlots {
			return s, &record.FieldError{Field: fmt.Sprintf("hands[%d]", p), Err: newFault(FaultHandPlaces, len(h), engine.HandSlots)}
		}
		for i, c := range h {
			s.Hands[p][i] = engine.Card(c)
			if c != cardJSON(engine.NoCard) {
				count[c]++
			}
		}
	}
	for _, l := range []struct {
		field string
		n     int
	}{{"tableaus", len(j.Tableaus)}, {"handScores", len(j.HandScores)}, {"totals", len(j.Totals)}, {"gamesWon", len(j.GamesWon)}} {
		if l.n != int(sides) {
			return s, &record.FieldError{Field: l.field, Err: newFault(FaultSides, l.n, int(sides))}
		}
	}
	for i := range j.Tableaus {
		t, err := tableauFromJSON(&j.Tableaus[i])
		if err != nil {
			return s, nest(fmt.Sprintf("tableaus[%d]", i), err)
		}
		for c := engine.Card(1); c < engine.NumCards; c++ {
			count[c] += int(t.Cards[c])
		}
		s.Tableaus[i] = t
		sc := j.HandScores[i]
		for _, v := range []int{sc.Milestones, sc.Safeties, sc.AllSafeties, sc.CoupsFourres, sc.Trip, sc.Delayed, sc.SafeTrip, sc.Extension, sc.ShutOut, sc.NoHundreds} {
			if err := inRange(fmt.Sprintf("handScores[%d]", i), int64(v), 0, math.MaxInt16); err != nil {
				return s, err
			}
		}
		s.HandScores[i] = engine.Score{
			Milestones: int16(sc.Milestones), Safeties: int16(sc.Safeties), AllSafeties: int16(sc.AllSafeties),
			CoupsFourres: int16(sc.CoupsFourres), Trip: int16(sc.Trip), Delayed: int16(sc.Delayed),
			SafeTrip: int16(sc.SafeTrip), Extension: int16(sc.Extension), ShutOut: int16(sc.ShutOut), NoHundreds: int16(sc.NoHundreds),
		}
		if err := inRange(fmt.Sprintf("totals[%d]", i), j.Totals[i], 0, math.MaxInt32); err != nil {
			return s, err
		}
		s.Totals[i] = int32(j.Totals[i])
		if err := inRange(fmt.Sprintf("gamesWon[%d]", i), int64(j.GamesWon[i]), 0, math.MaxUint16); err != nil {
			return s, err
		}
		s.GamesWon[i] = uint16(j.GamesWon[i])
	}
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if count[c] != cfg.DeckCount(c) {
			return s, wholeGame{&engine.Invalid{Why: engine.BadCount, Args: []any{count[c], c, cfg.DeckCount(c)}}}
		}
	}

	// The log keeps the last LogSize events: Log[i%LogSize] is event i.
	s.EventCount = uint32(j.EventCount)
	if want := min(j.EventCount, engine.LogSize); int64(len(j.Log)) != want {
		return s, &record.FieldError{Field: "log", Err: newFault(FaultLog, len(j.Log), want, j.EventCount)}
	}
	first := s.EventCount - uint32(len(j.Log))
	for i, e := range j.Log {
		k, err := engine.ParseEventKind(e.Event)
		if err != nil {
			return s, &record.FieldError{Field: fmt.Sprintf("log[%d]", i), Err: err}
		}
		if err := inRange(fmt.Sprintf("log[%d].seat", i), int64(e.Seat), 0, players-1); err != nil {
			return s, err
		}
		if err := inRange(fmt.Sprintf("log[%d].target", i), int64(e.Target), 0, math.MaxUint8); err != nil {
			return s, err
		}
		s.Log[(first+uint32(i))%engine.LogSize] = engine.Event{
			Kind: k, Seat: uint8(e.Seat), Card: engine.Card(e.Card), Target: uint8(e.Target),
		}
	}
	return s, nil
}

func tableauFromJSON(j *tableauJSON) (engine.Tableau, error) {
	t := engine.Tableau{
		Battle: engine.Card(j.Battle), BattleUnder: engine.Card(j.BattleUnder),
		Speed: engine.Card(j.Speed), SpeedUnder: engine.Card(j.SpeedUnder),
	}
	if err := inRange("miles", int64(j.Miles), 0, engine.ExtendedTrip); err != nil {
		return t, err
	}
	t.Miles = uint16(j.Miles)
	if len(j.Cards) > engine.MaxDeck {
		return t, &record.FieldError{Field: "cards", Err: newFault(FaultPileSize, len(j.Cards), engine.MaxDeck)}
	}
	for i, c := range j.Cards {
		if c == cardJSON(engine.NoCard) {
			return t, &record.FieldError{Field: fmt.Sprintf("cards[%d]", i), Err: newFault(FaultNullInPile)}
		}
		t.Cards[c]++
	}
	var err error
	if t.Safeties, err = safetyMask("safeties", j.Safeties); err != nil {
		return t, err
	}
	if t.CoupsFourres, err = safetyMask("coupsFourres", j.CoupsFourres); err != nil {
		return t, err
	}
	return t, nil
}

func safetyMask(field string, list []cardJSON) (uint8, error) {
	var mask uint8
	for i, c := range list {
		bit := -1
		for k, sf := range engine.AllSafeties {
			if engine.Card(c) == sf {
				bit = k
			}
		}
		if bit < 0 {
			return 0, &record.FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Err: newFault(FaultNotSafety, engine.Card(c))}
		}
		if mask&(1<<bit) != 0 {
			return 0, &record.FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Err: newFault(FaultSafetyTwice, engine.Card(c))}
		}
		mask |= 1 << bit
	}
	return mask, nil
}
