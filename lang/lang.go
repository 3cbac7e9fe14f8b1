// Package lang is the catalogue of every sentence mille says, in each of
// its languages: one key per message (Key), one Catalogue per language
// (English, French), all of the same type. The front ends (ui, plain,
// review, server, the command line) say nothing that does not come from
// here, and the engine's names (its cards, events, refusals and the
// ai's reasons for a hint) are reached through it too: the engine keeps
// its English notation for files and programs, a person reads the
// catalogue's words.
package lang

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// A Catalogue is every sentence of mille in one language, by key, as fmt
// formats. Where a language orders the arguments otherwise, it writes
// %[2]s.
type Catalogue struct {
	// Tag is the language's code, as --lang and the options file write
	// it: "en", "fr".
	Tag string
	// Language is the language for CLDR's rules (its plural forms).
	Language language.Tag
	// Name is the language's name in itself: "English", "Français".
	Name string
	// Text holds the sentences by key.
	Text [NumKeys]string
	// Group separates the thousands of a number ("5 000" in French);
	// "" writes digits alone ("5000").
	Group string
	// Decimal is the mark between a number's whole part and its
	// fraction ("190,1" in French); "" is a point.
	Decimal string
	// Elide writes "de" and "que" as "d'" and "qu'" before an argument
	// that begins with a vowel: French says "le jeu d'Ann", "qu'Ordinateur
	// joue".
	Elide bool
	// The and A are a card's name with its definite and its indefinite
	// article where a sentence needs one ("Vous tenez l'As du volant",
	// "posez un Feu vert"); a card not in them is said by its name alone,
	// as English says every card (CardThe, CardA).
	The, A map[engine.Card]string
}

// T is the sentence of key k with its arguments. A whole number given
// to %d (and a float to %.0f) is written as the language writes numbers
// (Num: "5 000" in French), padded to the verb's width, and a fraction
// with the language's decimal mark ("190,1"); %v writes the digits alone,
// for a number typed back (a seed). An error is said as Error says it.
func (c *Catalogue) T(k Key, args ...any) string {
	if len(args) == 0 {
		return c.Text[k]
	}
	// Every catalogue wraps its numbers, English too: %.0f rounds as one
	// method (half away from zero, never "-0") whatever the language.
	args = slices.Clone(args)
	for i, a := range args {
		switch n := a.(type) {
		case int:
			args[i] = number{n: int64(n), group: c.Group}
		case int64:
			args[i] = number{n: n, group: c.Group}
		case int32:
			args[i] = number{n: int64(n), group: c.Group}
		case int16:
			args[i] = number{n: int64(n), group: c.Group}
		case uint16:
			args[i] = number{n: int64(n), group: c.Group}
		case uint32:
			args[i] = number{n: int64(n), group: c.Group}
		case float64:
			args[i] = number{f: n, float: true, group: c.Group, decimal: c.Decimal}
		case error:
			args[i] = c.Error(n) // a refusal in this language too
		}
	}
	s := fmt.Sprintf(c.Text[k], args...)
	if c.Elide {
		s = elide(s, args)
	}
	return s
}

// elide writes "de Ann" and "que Ordinateur" as "d'Ann" and
// "qu'Ordinateur", for each argument s holds that begins with a vowel.
func elide(s string, args []any) string {
	for _, a := range args {
		name, ok := a.(string)
		if !ok || name == "" || !strings.ContainsRune("AEIOUYÂÀÉÈÊÎÏÔÛaeiouyâàéèêîïôû", []rune(name)[0]) {
			continue
		}
		for _, w := range [][2]string{{" de ", " d'"}, {" que ", " qu'"}} {
			s = strings.ReplaceAll(s, w[0]+name, w[1]+name)
			if rest, ok := strings.CutPrefix(s, strings.TrimPrefix(w[0], " ")+name); ok {
				s = strings.TrimPrefix(w[1], " ") + name + rest
			}
		}
	}
	return s
}

// Spoken is c for text that speech reads (the line mode, mille review's
// text): its numbers in digits alone. French groups thousands with a
// no-break space, "1 700", which the eye joins but espeak-ng reads as two
// numbers, "un sept cents"; "1700" it reads "mille sept cents".
func (c *Catalogue) Spoken() *Catalogue {
	if c.Group == "" {
		return c
	}
	digits := *c
	digits.Group = ""
	return &digits
}

// Date says a day as speech reads it, "28 November", "1er novembre":
// espeak-ng reads 2026-11-28 as numbers and dashes.
func (c *Catalogue) Date(t time.Time) string {
	months := strings.Fields(c.Text[Months])
	month := t.Month().String()
	if int(t.Month()) <= len(months) {
		month = months[t.Month()-1]
	}
	if t.Day() == 1 {
		return c.T(DayFirst, t.Day(), month)
	}
	return c.T(DayMonth, t.Day(), month)
}

// Count says the text of one, a key in the singular whose first
// argument is n, with args after it, when the language's plural rule
// (CLDR's) puts n in the singular; else the plural key that follows one:
// "1 decision", "0 decisions" in English, "0 décision", "2 décisions" in
// French, which takes the singular for 0 and 1.
func (c *Catalogue) Count(n int, one Key, args ...any) string {
	k := one
	if !c.singular(n) {
		k = one + 1
	}
	return c.T(k, append([]any{n}, args...)...)
}

// singular reports whether the language says n of a thing in the
// singular: CLDR's "one" form (a negative number by its size).
func (c *Catalogue) singular(n int) bool {
	if n < 0 {
		n = -n
	}
	return plural.Cardinal.MatchPlural(c.Language, n, 0, 0, 0, 0) == plural.One
}

// Num writes a whole number as the language does: "5 000" in French
// (Group), "5000" in English. Every number a person reads is written
// by it, or by T, which calls it.
func (c *Catalogue) Num(n int) string { return grouped(int64(n), c.Group) }

// grouped writes n with sep between its groups of three digits.
func grouped(n int64, sep string) string {
	s := strconv.FormatInt(n, 10)
	if sep == "" {
		return s
	}
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return b.String()
}

// number is an argument of T that formats itself as the language
// writes numbers.
type number struct {
	n       int64
	f       float64
	float   bool
	group   string
	decimal string
}

// Format writes the number for %d (and %.0f), grouped, with the verb's
// sign and width; any other verb as fmt would.
func (x number) Format(s fmt.State, verb rune) {
	var v any = x.n
	if x.float {
		v = x.f
	}
	prec, hasPrec := s.Precision()
	if !(verb == 'd' && !x.float || verb == 'f' && x.float && hasPrec && prec == 0) {
		text := fmt.Sprintf(fmt.FormatString(s, verb), v)
		if x.float && verb == 'f' && x.decimal != "" {
			text = strings.Replace(text, ".", x.decimal, 1)
		}
		io.WriteString(s, text)
		return
	}
	n := x.n
	if x.float {
		n = int64(math.Round(x.f))
	}
	text := grouped(n, x.group)
	if s.Flag('+') && n >= 0 {
		text = "+" + text
	}
	if w, ok := s.Width(); ok {
		if pad := w - utf8.RuneCountInString(text); pad > 0 {
			if s.Flag('-') {
				text += strings.Repeat(" ", pad)
			} else {
				text = strings.Repeat(" ", pad) + text
			}
		}
	}
	io.WriteString(s, text)
}

// All are the catalogues, English first: the default.
var All = []*Catalogue{&English, &French}

// Lookup finds a catalogue by its tag ("fr"), its name ("français") or
// a locale ("fr_FR.UTF-8", "fr-CA"), whatever the case.
func Lookup(name string) (*Catalogue, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	tag, _, _ := strings.Cut(name, ".") // the encoding
	tag, _, _ = strings.Cut(tag, "@")   // a modifier
	tag, _, _ = strings.Cut(tag, "_")   // the territory
	tag, _, _ = strings.Cut(tag, "-")
	for _, c := range All {
		if tag == c.Tag || name == strings.ToLower(c.Name) {
			return c, true
		}
	}
	return nil, false
}

// FromEnv is the language of the environment that getenv reads (os.Getenv,
// or an SSH session's variables): LC_ALL, else LC_MESSAGES, else LANG, the
// first one set deciding as POSIX says; English when that one names no
// language of mille's (C, POSIX, German).
func FromEnv(getenv func(string) string) *Catalogue {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if value := getenv(v); value != "" {
			if c, ok := Lookup(value); ok {
				return c
			}
			return &English
		}
	}
	return &English
}

// Tags lists the languages' tags for a usage line: "en, fr".
func Tags() string {
	tags := make([]string, len(All))
	for i, c := range All {
		tags[i] = c.Tag
	}
	return strings.Join(tags, ", ")
}

// Choose is the language a person asked for, by flag or option (name),
// else the environment's; an unknown name is an error that lists the
// languages.
func Choose(name string, getenv func(string) string) (*Catalogue, error) {
	if name == "" {
		return FromEnv(getenv), nil
	}
	if c, ok := Lookup(name); ok {
		return c, nil
	}
	return nil, Err(ErrUnknownLang, name, Tags())
}

// cardKeys are the keys of the cards' names, by card.
var cardKeys = [engine.NumCards]Key{
	engine.OutOfGas: CardOutOfGas, engine.FlatTire: CardFlatTire, engine.Accident: CardAccident,
	engine.SpeedLimit: CardSpeedLimit, engine.Stop: CardStop,
	engine.Gasoline: CardGasoline, engine.SpareTire: CardSpareTire, engine.Repairs: CardRepairs,
	engine.EndOfLimit: CardEndOfLimit, engine.Go: CardGo,
	engine.ExtraTank: CardExtraTank, engine.PunctureProof: CardPunctureProof,
	engine.DrivingAce: CardDrivingAce, engine.RightOfWay: CardRightOfWay,
	engine.Miles25: CardMiles25, engine.Miles50: CardMiles50, engine.Miles75: CardMiles75,
	engine.Miles100: CardMiles100, engine.Miles200: CardMiles200,
}

// CardKey is the key of a card's name; ok is false for NoCard or a value
// that is no card.
func CardKey(card engine.Card) (k Key, ok bool) {
	if !card.Valid() {
		return 0, false
	}
	return cardKeys[card], true
}

// Card names a card in a sentence, distances with their unit ("75
// miles", never heard as a slot number); "" for NoCard.
func (c *Catalogue) Card(card engine.Card) string {
	if k, ok := CardKey(card); ok {
		return c.Text[k]
	}
	return ""
}

// CardThe names a card with its definite article where the language
// puts one before a card in a sentence: "l'As du volant", "la Citerne"
// (issue 34's G7: "Vous tenez As du volant"); the log's telegraphic
// "Vous jouez Feu vert." keeps the bare name (Card).
func (c *Catalogue) CardThe(card engine.Card) string {
	if s, ok := c.The[card]; ok {
		return s
	}
	return c.Card(card)
}

// CardA names a card with its indefinite article, for a card to play:
// "un Feu vert", "une Roue de secours".
func (c *Catalogue) CardA(card engine.Card) string {
	if s, ok := c.A[card]; ok {
		return s
	}
	return c.Card(card)
}

// seat names a seat for the viewer of n: "you", a player's name, or
// "Player N".
func (c *Catalogue) seat(n engine.Names, s int) string {
	if s == n.Viewer {
		return c.Text[You]
	}
	if s >= 0 && s < len(n.Seats) && n.Seats[s] != "" {
		// A log's names may be those its makers had (table.View.NamesAt),
		// as the table keeps them: said here in this language.
		return c.defaultName(n.Seats[s])
	}
	return c.T(PlayerN, s+1)
}

// SeatName names seat s as a table shows it: its person's or computer's
// name, "Player N" when it has none, marked when its person is away.
func (c *Catalogue) SeatName(name string, s int, away bool) string {
	name = c.defaultName(name)
	switch {
	case name == "":
		return c.T(PlayerN, s+1)
	case away:
		return c.T(Away, name)
	}
	return name
}

// defaultName says in the catalogue's language the names mille itself
// gives seats, which games keep in English: "You", "Computer" in a game
// of two, and "Computer N", the name a server's tables gave computers
// before names.Computers. No person can take one of these (names.Reserved), so
// any other name is a person's or a computer's and stays as it is.
func (c *Catalogue) defaultName(name string) string {
	switch name {
	case "You":
		return c.Text[NameYou]
	case "Computer":
		return c.Text[NameComputer]
	}
	if rest, ok := strings.CutPrefix(name, "Computer "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n > 0 && n <= engine.MaxSeats {
			return c.T(NameComputerN, n)
		}
	}
	return name
}

// levelKeys are the computer levels' names (ai.Levels) and the seat a
// person sharing the keyboard plays, as the catalogues say them.
var levelKeys = map[string]Key{
	"easy": LevelEasy, "medium": LevelMedium, "hard": LevelHard, "expert": LevelExpert, "person": LevelPerson,
	"human": LevelHuman, "mixed": LevelMixed, "computer": LevelComputer, "random": LevelRandom,
}

// Typed reports whether word, as a person typed it, is one of key k's
// words (WordPlay…) in any language: the line mode takes each
// language's words whatever language it speaks.
func Typed(word string, k Key) bool {
	word = strings.ToLower(strings.TrimSpace(word))
	for _, c := range All {
		if slices.Contains(strings.Fields(c.Text[k]), word) {
			return true
		}
	}
	return false
}

// Words are key k's words (WordPlay…) in every language, English first.
func Words(k Key) []string {
	var words []string
	for _, c := range All {
		for _, w := range strings.Fields(c.Text[k]) {
			if !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
	}
	return words
}

// ParseLevel finds the computer level (ai.Levels' name) that word names
// in any language: "hard", "fort"; ok is false for none.
func ParseLevel(word string) (level string, ok bool) {
	word = strings.ToLower(strings.TrimSpace(word))
	for _, name := range ai.Levels {
		for _, c := range All {
			if word == strings.ToLower(c.Text[levelKeys[name]]) {
				return name, true
			}
		}
	}
	return "", false
}

// RulesLine says in a line what sets ruleset r apart, for the screens
// where a game's rules are chosen.
func (c *Catalogue) RulesLine(r engine.Ruleset) string {
	switch r {
	case engine.BSD:
		return c.Text[NgBSD]
	case engine.Dujardin:
		return c.Text[NgDujardin]
	case engine.Dujardin500:
		return c.Text[NgDujardin5]
	}
	return c.Text[NgStandard]
}

// ColonMark is the language's colon after a word, without the space
// that follows it: ":" in English, a no-break space and ":" in French
// ("n : nouvelle salle"), for a key's legend or a title.
func (c *Catalogue) ColonMark() string { return strings.TrimRight(c.Text[Colon], " ") }

// Level says a computer level, or "person", in this language; the
// command line and saves keep their English names.
func (c *Catalogue) Level(name string) string {
	if k, ok := levelKeys[name]; ok {
		return c.Text[k]
	}
	return name
}

// Side names a side as seen by the viewer of n: "you", "your team", a
// player's name, or a team's two names.
func (c *Catalogue) Side(n engine.Names, side int) string {
	cfg := n.Config
	if cfg.Players < 4 {
		return c.seat(n, side)
	}
	if n.Viewer >= 0 && cfg.SideOf(n.Viewer) == side {
		return c.Text[YourTeam]
	}
	return c.Team(c.seat(n, side), c.seat(n, side+cfg.Sides()))
}

// Team names a side by its players, partners as one: "Ann & Dee", in
// both languages, on every screen and in every sentence (issue 34 found
// four forms); one name stands alone. espeak-ng reads the ampersand as
// "and" and as "et"; the sentences that make a team their subject take
// the plural (SidePair).
func (c *Catalogue) Team(names ...string) string {
	if len(names) == 0 {
		return ""
	}
	team := names[0]
	for _, n := range names[1:] {
		team = c.T(Pair, team, n)
	}
	return team
}

// SidePair reports whether Side names side as two partners ("Ann &
// Dee"), which a sentence's verb agrees with in the plural; "your team"
// and one player are singular.
func (c *Catalogue) SidePair(n engine.Names, side int) bool {
	cfg := n.Config
	return cfg.Players >= 4 && (n.Viewer < 0 || cfg.SideOf(n.Viewer) != side)
}

// GameWhich describes a saved game in this language, wherever one is
// offered or reviewed: which ("2 joueurs (standard), partie 1, manche
// 3") and its sides with their points ("Vous 600, Ordinateur 1 300").
// The seats' names are n's as the save keeps them, the ones mille gives
// itself ("You") said in this language; points are by side.
func (c *Catalogue) GameWhich(n engine.Names, game, hand int, points []int) (which, scores string) {
	cfg := n.Config
	which = c.T(GameWhich, cfg.Players, cfg.Rules, game+1, hand+1)
	sides := make([]string, 0, len(points))
	for side, p := range points {
		sides = append(sides, c.Side(n, side)+" "+c.Num(p))
	}
	return which, strings.Join(sides, ", ")
}

// Describe tells action a in the words of the player who takes it: "play
// Stop on Ann", "discard 75 miles", "declare the coup fourré".
func (c *Catalogue) Describe(n engine.Names, a engine.Action) string {
	card := c.Card(a.Card())
	switch a.Kind() {
	case engine.KindPlay:
		if a.Card().IsHazard() {
			target := c.Side(n, a.Target())
			if target == c.Text[NameYou] {
				target = c.Text[You] // a save's seat "You", inside a sentence: "on you", "contre vous"
			}
			return c.T(ActAttack, card, target)
		}
		return c.T(ActPlay, card)
	case engine.KindDiscard:
		return c.T(ActDiscard, card)
	case engine.KindCoupFourre:
		return c.Text[ActCoupFourre]
	case engine.KindDecline:
		return c.Text[ActDecline]
	case engine.KindExtend:
		return c.Text[ActExtend]
	case engine.KindStopTrip:
		return c.Text[ActStop]
	case engine.KindContinue:
		return c.Text[ActContinue]
	}
	return a.String()
}

// Event tells e in a sentence to the viewer of n: "Ann plays Stop on
// you." "" for an event that has nothing to tell.
func (c *Catalogue) Event(e engine.Event, n engine.Names) string {
	who := c.seat(n, int(e.Seat))
	you := int(e.Seat) == n.Viewer
	card := c.Card(e.Card)
	// say picks the viewer's own form of a sentence or the other's,
	// which takes the seat's name first.
	say := func(own, other Key, args ...any) string {
		if you {
			return c.T(own, args...)
		}
		return c.T(other, append([]any{who}, args...)...)
	}
	switch e.Kind {
	case engine.EvDeal:
		return say(EvDealYou, EvDeal)
	case engine.EvDraw:
		if e.Card != engine.NoCard { // told to whoever may see it
			return say(EvDrawCardYou, EvDrawCard, card)
		}
		return say(EvDrawYou, EvDraw)
	case engine.EvPlay, engine.EvSafety:
		return say(EvPlayYou, EvPlay, card)
	case engine.EvAttack:
		return say(EvAttackYou, EvAttack, card, c.Side(n, int(e.Target)))
	case engine.EvCoupFourre:
		return say(EvCoupFourreYou, EvCoupFourre, card)
	case engine.EvDiscard:
		return say(EvDiscardYou, EvDiscard, card)
	case engine.EvTrip:
		return say(EvTripYou, EvTrip, int(e.Target)*100)
	case engine.EvExtend:
		return say(EvExtendYou, EvExtend)
	case engine.EvStopTrip:
		return say(EvStopTripYou, EvStopTrip)
	case engine.EvHandOver:
		return c.Text[EvHandOver]
	case engine.EvGameOver:
		side := int(e.Target)
		switch {
		case e.Target == engine.NoSide:
			return c.Text[EvGameTie]
		case n.Viewer >= 0 && n.Config.SideOf(n.Viewer) == side && n.Config.Players >= 4:
			return c.Text[EvGameWonTeam]
		case n.Viewer >= 0 && n.Config.SideOf(n.Viewer) == side:
			return c.Text[EvGameWonYou]
		}
		return c.T(EvGameWon, c.Side(n, side))
	case engine.EvCancelled:
		return Capital(c.T(EvCancelled, c.CardThe(e.Card), c.Side(n, int(e.Target))))
	case engine.EvDeclined:
		return say(EvDeclinedYou, EvDeclined)
	}
	return ""
}

// EventIn tells e as a clause inside a sentence, without its full stop,
// to be listed with others: a coup fourré says so after its card ("Ann
// plays Right of Way as a coup fourré"), where Event opens a sentence with
// "Coup fourré!".
func (c *Catalogue) EventIn(e engine.Event, n engine.Names) string {
	if e.Kind != engine.EvCoupFourre {
		return strings.TrimSuffix(c.Event(e, n), ".")
	}
	if int(e.Seat) == n.Viewer {
		return c.T(EvCoupFourreInYou, c.Card(e.Card))
	}
	return c.T(EvCoupFourreIn, c.seat(n, int(e.Seat)), c.Card(e.Card))
}

// refusalKeys are the keys of the engine's refusals that name no card,
// by reason.
var refusalKeys = [engine.NumReasons]Key{
	engine.RefNotNow: RefNotNow, engine.RefNotInHand: RefNotInHand, engine.RefNoSuchSide: RefNoSuchSide,
	engine.RefOwnSide: RefOwnSide, engine.RefNotRolling: RefNotRolling, engine.RefHasHazard: RefHasHazard,
	engine.RefAlreadyLimit: RefAlreadyLimit, engine.RefAlreadyGo: RefAlreadyGo, engine.RefYouHaveRoW: RefYouHaveRoW,
	engine.RefNotLimited: RefNotLimited, engine.RefNeedGo: RefNeedGo, engine.RefStopped: RefStopped,
	engine.RefLimited: RefLimited, engine.RefTwo200s: RefTwo200s, engine.RefPast700: RefPast700,
	engine.RefPast1000: RefPast1000, engine.RefKeepSafeties: RefKeepSafeties,
}

// refusalCardKeys are the keys of the refusals that name a card, by
// reason and card: each card its own sentence, as languages put
// articles and prepositions before each name their own way.
var refusalCardKeys = map[engine.Refusal]Key{
	{Why: engine.RefTheyHave, Card: engine.ExtraTank}:     RefTheyHaveTank,
	{Why: engine.RefTheyHave, Card: engine.PunctureProof}: RefTheyHaveProof,
	{Why: engine.RefTheyHave, Card: engine.DrivingAce}:    RefTheyHaveAce,
	{Why: engine.RefTheyHave, Card: engine.RightOfWay}:    RefTheyHaveRoW,
	{Why: engine.RefFixFirst, Card: engine.OutOfGas}:      RefFixGas,
	{Why: engine.RefFixFirst, Card: engine.FlatTire}:      RefFixFlat,
	{Why: engine.RefFixFirst, Card: engine.Accident}:      RefFixAccident,
	{Why: engine.RefNothingToFix, Card: engine.OutOfGas}:  RefNotOutOfGas,
	{Why: engine.RefNothingToFix, Card: engine.FlatTire}:  RefNoFlat,
	{Why: engine.RefNothingToFix, Card: engine.Accident}:  RefNoAccident,
	{Why: engine.RefStoppedBy, Card: engine.OutOfGas}:     RefOutOfGas,
	{Why: engine.RefStoppedBy, Card: engine.FlatTire}:     RefFlat,
	{Why: engine.RefStoppedBy, Card: engine.Accident}:     RefHadAccident,
}

// refusalKey is the key of an engine refusal, by its code and card.
func refusalKey(r *engine.Refusal) Key {
	if r.Card != engine.NoCard {
		return refusalCardKeys[*r]
	}
	return refusalKeys[r.Why]
}

// Reason words why the engine refused an action, completing Cant: "you
// are under a Speed Limit". An error that is no refusal of the engine's
// is said as Error says it: a table's refusal in c's language.
func (c *Catalogue) Reason(err error) string {
	return c.Error(err) // the engine's refusal by its code, a table's or a server's by its key
}

// Refused says that action a was refused and why: "You can't play 50
// miles: you need a Go first.", "You can't discard …", or, for an action
// of no card, "You can't: …". Both front ends say a refusal so.
func (c *Catalogue) Refused(a engine.Action, err error) string {
	if a.Card() == engine.NoCard {
		return c.T(CantDo, c.Reason(err))
	}
	verb := VerbPlay
	if a.Kind() == engine.KindDiscard {
		verb = VerbDisc
	}
	return c.T(Cant, c.T(verb), c.Card(a.Card()), c.Reason(err))
}

// briefs are the refusals that the turn line says shorter, heard at every
// turn for many cards.
var briefs = map[error]Key{
	engine.ErrNeedGo:       BriefNeedGo,
	engine.ErrAlreadyGo:    BriefAlreadyGo,
	engine.ErrStopped:      BriefStopped,
	engine.ErrLimited:      BriefLimited,
	engine.ErrNotLimited:   BriefNotLimited,
	engine.ErrPast700:      BriefPast700,
	engine.ErrPast1000:     BriefPast1000,
	engine.ErrTwo200s:      BriefTwo200s,
	engine.ErrHasHazard:    BriefHasHazard,
	engine.ErrAlreadyLimit: BriefAlreadyLimit,
	engine.ErrYouHaveRoW:   BriefYouHaveRoW,
}

// Brief words a refusal in a few words ("needs a Go"), or as Reason does.
func (c *Catalogue) Brief(err error) string {
	if k, ok := briefs[err]; ok {
		return c.Text[k]
	}
	return c.Reason(err)
}

// whyKeys are the keys of the ai's reasons, by reason.
var whyKeys = [ai.NumReasons]Key{
	ai.WhyBest: WhyBest, ai.WhyCoupFourre: WhyCoupFourre, ai.WhyDecline: WhyDecline, ai.WhyExtend: WhyExtend,
	ai.WhyStopTrip: WhyStopTrip, ai.WhyFinish: WhyFinish, ai.WhySafetyBeforeEnd: WhySafetyBeforeEnd,
	ai.WhySafetyDead: WhySafetyDead, ai.WhySafetyFix: WhySafetyFix, ai.WhySafetyRoll: WhySafetyRoll,
	ai.WhySafetyKeep: WhySafetyKeep, ai.WhySafetyHold: WhySafetyHold, ai.WhyRemedy: WhyRemedy, ai.WhyGo: WhyGo,
	ai.WhyEndOfLimit: WhyEndOfLimit, ai.WhyAttack: WhyAttack, ai.WhyLimit: WhyLimit, ai.WhyDistance: WhyDistance,
	ai.WhySmallUnderLimit: WhySmallUnderLimit, ai.WhyDiscardDead: WhyDiscardDead, ai.WhyDiscard: WhyDiscard,
	ai.WhyContinue: WhyContinue, ai.WhyLaySafety: WhyLaySafety, ai.WhyAttackRolling: WhyAttackRolling,
	ai.WhySlowDown: WhySlowDown,
}

// Why words the reason a hint or a review gives (ai.Explain): "finish
// the trip".
func (c *Catalogue) Why(r ai.Reason) string {
	if r >= ai.NumReasons {
		r = ai.WhyBest
	}
	return c.Text[whyKeys[r]]
}

// WhyAfter is Why said after the move it explains: the reasons that
// start by naming their move ("stop at 700: extending is too risky") say
// only the rest ("extending is too risky").
func (c *Catalogue) WhyAfter(r ai.Reason) string {
	switch r {
	case ai.WhyExtend:
		return c.Text[WhyExtendAfter]
	case ai.WhyStopTrip:
		return c.Text[WhyStopTripAfter]
	case ai.WhyCoupFourre:
		return c.Text[WhyCoupFourreAfter]
	}
	return c.Why(r)
}

// HintLine is the sentence of a hint: the move (desc, as the front end
// tells it) and the ai's reason, the move said once ("Hint: stop at 700
// (extending is too risky)." rather than "stop at 700 (stop at 700:
// extending is too risky)").
func (c *Catalogue) HintLine(desc string, r ai.Reason) string {
	return c.T(Hint, desc, c.WhyAfter(r))
}

// List joins items as a sentence does: "a, b and c" (last is And or Or).
func (c *Catalogue) List(items []string, last Key) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], c.Text[Comma]) + c.Text[last] + items[len(items)-1]
}

// Capital starts text with a capital letter, as a sentence does.
func Capital(text string) string {
	for i, r := range text {
		return strings.ToUpper(string(r)) + text[i+len(string(r)):]
	}
	return text
}

// Face is a card's face on the full screen, in two lines of six columns
// at most, or nine on a big card; "" for NoCard.
func (c *Catalogue) Face(card engine.Card, big bool) (top, bottom string) {
	if !card.Valid() {
		return "", ""
	}
	k := FaceOutOfGas
	if big {
		k = BigOutOfGas
	}
	top, bottom, _ = strings.Cut(c.Text[k+Key(card-engine.OutOfGas)], "\n")
	return top, bottom
}

// Kind names a card's kind on a big card ("hazard"); "" for none.
func (c *Catalogue) Kind(k engine.Kind) string {
	if k < engine.Hazard || k > engine.Distance {
		return ""
	}
	return c.Text[KindHazard+Key(k-engine.Hazard)]
}

// Short names a safety in a few letters ("Tank"), for a row of four.
func (c *Catalogue) Short(safety engine.Card) string {
	if !safety.IsSafety() {
		return ""
	}
	return c.Text[ShortExtraTank+Key(safety-engine.ExtraTank)]
}

// Abbr names a card in six columns at most, for a row of cards that
// does not fit their names: "NoGas", "Limit", a safety's Short, a
// distance's number.
func (c *Catalogue) Abbr(card engine.Card) string {
	switch {
	case card.IsSafety():
		return c.Short(card)
	case card.IsDistance():
		return strconv.Itoa(card.Miles())
	case card.Valid():
		return c.Text[AbbrOutOfGas+Key(card-engine.OutOfGas)]
	}
	return ""
}

// QuitsNamePrompt reports whether line, typed at a server's name prompt,
// leaves rather than names the person: quit or exit, in English or in
// French, in any capitals. It is the prompt's way out when the server's
// database is out of reach and no name can be kept (issue 32); nobody
// is called Quit.
func QuitsNamePrompt(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "quit", "exit", "quitter", "sortir":
		return true
	}
	return false
}

// Change writes a change of rating: "+14", "−14" (a minus sign, which
// screen readers speak as such, not a hyphen), "±0"; spoken (the line
// mode), in words: "up 14", "down 14", "unchanged".
func (c *Catalogue) Change(n int, spoken bool) string {
	switch {
	case spoken && n > 0:
		return c.T(RatingUp, n)
	case spoken && n < 0:
		return c.T(RatingDown, -n)
	case spoken:
		return c.T(RatingSame)
	case n > 0:
		return "+" + c.Num(n)
	case n < 0:
		return "\u2212" + c.Num(-n)
	}
	return "±0"
}

// RatedChange says what a rated game did to the reader's rating, change,
// which left it at now; spoken as Change says.
func (c *Catalogue) RatedChange(change, now int, spoken bool) string {
	return c.T(RatedChange, c.Change(change, spoken), now)
}

// QuickLooking says a quick match of players is looked for, with
// seconds the longest wait: two alone, three each for themselves, four
// and six in teams of two.
func (c *Catalogue) QuickLooking(players, seconds int) string {
	switch {
	case players <= 2:
		return c.T(QuickLooking, seconds)
	case players == 3:
		return c.T(QuickLookingTable, players, players-1, seconds)
	}
	return c.T(QuickLookingTeams, players, players-1, players/2, seconds)
}

// RankLine says one line of a server's ranking: its rank, the player's
// name (a house computer's level, said in the language), the rating
// (marked provisional) and the games played, or that a house computer's
// rating is fixed.
func (c *Catalogue) RankLine(rank int, name string, rating int, provisional, house, bot bool, games, wins int) string {
	said := c.Num(rating)
	if provisional {
		said = c.T(RankProvisional, rating)
	}
	what := c.T(RankGames, games, wins)
	switch {
	case house:
		name, what = c.Level(name), c.T(RankHouse)
	case bot:
		name = c.T(RankBot, name)
	}
	return c.T(RankLine, rank, name, said, what)
}
