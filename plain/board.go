package plain

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// board is the table as the session last saw it, in words: the view and
// the observation in it, how to name its seats and sides, and everything
// the full-screen board shows read aloud (status, the tables and the
// piles; hand; score; summary; threats). The other components of a game
// share it and read it; only the game's see writes it.
type board struct {
	*Session
	view table.View
	obs  engine.Observation
	seen bool // a view has been shown
}

// names gives the words of the engine's sentences for the seat shown
// (table.View.Viewer says who is "you").
func (b *board) names() engine.Names { return b.cat.NamesOf(&b.view) }

// seatName names a seat, "Player N" when the table did not; a person away
// is marked.
func (b *board) seatName(seat int) string { return b.cat.SeatOf(&b.view, seat) }

// sideName names a side for the player: "you", "your team", "Ann", "Ann
// & Cal" (Catalogue.Team; speech reads "Ann and Cal", so a list of teams
// is joined where a verb or a number parts them, or with Versus).
func (b *board) sideName(side int) string { return b.cat.Side(b.names(), side) }

// milesOf says how far a side other than the first of a line has gone,
// with its unit: "Ann has 300 miles", "Ann & Cal have 300 miles".
func (b *board) milesOf(side int) string {
	key := lang.MilesSideOne
	if b.cat.SidePair(b.names(), side) {
		key = lang.MilesPairOne
	}
	return b.cat.Count(int(b.obs.Tableaus[side].Miles), key, b.sideName(side))
}

// early reports whether a move typed now would come before its turn:
// the table waits for a computer's move, or, in the coup fourré's hidden
// window, for a decision no other person present can be making. Such a
// move waits (commands.ahead) until the computer has played.
func (b *board) early() bool {
	v, o := &b.view, &b.obs
	if v.ComputerThinks() {
		return true
	}
	if !v.Started || v.Ended || !o.Waiting || o.Phase >= engine.PhaseHandOver {
		return false
	}
	for i, s := range v.Seats {
		if s.Human && s.Connected && !v.Plays(i) {
			return false
		}
	}
	return true
}

// milesLine says how far every side has gone: "you have 450 miles,
// Computer 325"; where nobody is "you", every side by its name.
func (b *board) milesLine() string {
	o := &b.obs
	mine := o.Side()
	var parts []string
	switch {
	case mine != b.view.YourSide():
		parts = append(parts, b.cat.Count(int(o.Tableaus[mine].Miles), lang.MilesSideOne, capital(b.sideName(mine))))
	case o.Config.Players >= 4:
		parts = append(parts, b.cat.Count(int(o.Tableaus[mine].Miles), lang.MilesTeamOne))
	default:
		parts = append(parts, b.cat.Count(int(o.Tableaus[mine].Miles), lang.MilesYouOne))
	}
	for _, side := range b.view.Opponents() {
		parts = append(parts, b.milesOf(side))
	}
	return b.list(parts, lang.And)
}

// refuse tells why action a was refused.
func (b *board) refuse(a engine.Action, err error) {
	o := &b.obs
	var r *engine.Refusal
	switch {
	case errors.Is(err, table.ErrOnlooker) || o.Onlooker:
		b.say(lang.Watching)
	case errors.Is(err, engine.ErrNotNow) && o.MyTurn() && o.Phase != engine.PhasePlay:
		b.say(lang.AnswerFirst)
	case errors.Is(err, engine.ErrNotNow) && o.MyTurn():
		b.say(lang.CantDo, b.cat.Reason(err))
	case errors.Is(err, engine.ErrNotNow) || errors.Is(err, table.ErrNotYourTurn):
		switch {
		case o.Phase >= engine.PhaseHandOver:
			b.say(lang.HandIsOver)
		case o.Waiting:
			b.say(lang.WaitPause)
		default:
			b.say(lang.WaitTurn, b.seatName(int(o.Turn)))
		}
	case errors.As(err, &r):
		b.line(b.cat.Refused(a, err))
	case errors.Is(err, table.ErrEnded):
		b.say(lang.TableEnded)
	case errors.Is(err, table.ErrFrozen):
		b.say(lang.ShuttingDown)
	default:
		b.say(lang.Failed, b.cat.Error(err))
	}
}

// slotName names a slot: P, 1 to 6.
func (b *board) slotName(slot int) string {
	if slot == engine.DrawSlot {
		return b.text(lang.SlotP)
	}
	return strconv.Itoa(slot)
}

// targetNames names sides as a choice: "Ann or Bob".
func (b *board) targetNames(sides []int) string {
	names := make([]string, len(sides))
	for i, side := range sides {
		names[i] = b.sideName(side)
	}
	return b.list(names, lang.Or)
}

// whomNames lists the sides a question asks to choose from, each with the
// number that names it too: "Ann (or 2) or Bob (or 3)".
func (b *board) whomNames(sides []int) string {
	names := make([]string, len(sides))
	for i, side := range sides {
		names[i] = b.text(lang.SideNumber, b.sideName(side), side+1) // matchSide takes the number too
	}
	return b.list(names, lang.Or)
}

// matchSide finds the opponent's side the player named: a player's name
// or its start ("comp"), the side's name, or its number.
func (b *board) matchSide(text string) (int, bool) {
	text = strings.ToLower(strings.Join(strings.Fields(text), " "))
	if text == "" {
		return 0, false
	}
	cfg := b.obs.Config
	exact, start := -1, -1
	starts := 0
	for _, side := range b.view.Opponents() {
		names := []string{b.sideName(side), strconv.Itoa(side + 1)}
		for seat := range cfg.Players {
			if cfg.SideOf(seat) == side && seat < len(b.view.Seats) {
				names = append(names, b.view.Seats[seat].Name)
			}
		}
		prefix := false
		for _, name := range names {
			name = strings.ToLower(name)
			if name == text {
				exact = side
			}
			prefix = prefix || strings.HasPrefix(name, text)
		}
		if prefix {
			start, starts = side, starts+1
		}
	}
	switch {
	case exact >= 0:
		return exact, true
	case starts == 1:
		return start, true
	}
	return 0, false
}

// The board read aloud: everything the full-screen board shows is in
// status (the tables and the piles), hand and score, the table in one
// line in summary, and the recent moves in the speech's log.

// handLine lists the hand in BSD's slot order, P first; with does, what
// each card can do now, the cards that can do the same told together:
// "P Go and 2 Go (play); 1 75 miles and 3 50 miles (you need a Go first)".
func (b *board) handLine(does bool) string {
	o := &b.obs
	var groups []string // what cards can do, in the order of their first card
	cards := map[string][]string{}
	for slot, c := range o.MyHand {
		if c == engine.NoCard {
			continue
		}
		card := b.text(lang.SlotCard, b.slotName(slot), b.cat.Card(c))
		what := ""
		if does {
			what = b.does(c)
		}
		if _, ok := cards[what]; !ok {
			groups = append(groups, what)
		}
		cards[what] = append(cards[what], card)
	}
	if !does {
		return b.list(cards[""], lang.And)
	}
	parts := make([]string, len(groups))
	for i, what := range groups {
		parts[i] = b.text(lang.CardsDo, b.list(cards[what], lang.And), what)
	}
	return strings.Join(parts, b.text(lang.Semicolon))
}

// does says briefly what card c can do now: "play", "attack Ann or Bob",
// or why not, in a few words ("needs a Go").
func (b *board) does(c engine.Card) string {
	o := &b.obs
	if c.IsHazard() {
		if open := b.view.OpenSides(c); len(open) > 0 {
			return b.text(lang.DoAttack, b.targetNames(open))
		}
		if opp := b.view.Opponents(); len(opp) == 1 {
			return b.cat.Brief(o.Check(engine.Attack(c, opp[0])))
		}
		return b.text(lang.NoTarget) // each for a reason of its own: status tells
	}
	if err := o.Check(engine.Play(c)); err != nil {
		return b.cat.Brief(err)
	}
	return b.text(lang.DoPlay)
}

// The groups of the short turn line, in the order it tells them.
const (
	groupPlay = iota
	groupAttack
	groupDiscard
	numGroups
)

// groupKeys words each group of the short turn line.
var groupKeys = [numGroups]lang.Key{groupPlay: lang.TurnPlay, groupAttack: lang.TurnAttack, groupDiscard: lang.TurnDiscard}

// shortHand is the short turn line's body: the cards that can be played,
// those that can attack, and those only to discard, each by its name, once
// ("play Go and 75 miles; attack with Stop; to discard: 100 miles and End
// of Limit"), the distance cards of a group together, with their unit once
// ("25, 75 and 200 miles", "25, 75 miles and Go"): said in under 10 seconds
// (TestTranscriptForSpeech), as the
// commands take a card's name as well as its slot. The slots, why a card
// cannot be played and whom a hazard can go to, verbose and the hand
// command tell, and the question after attack asks.
func (b *board) shortHand() string {
	o := &b.obs
	var names [numGroups][]string // the cards' names, in the order of their first slot
	var miles [numGroups][]int    // the distance cards' miles, in the name "miles" stands for
	for _, c := range o.MyHand {
		if c == engine.NoCard {
			continue
		}
		g := groupDiscard
		switch {
		case c.IsHazard() && len(b.view.OpenSides(c)) > 0:
			g = groupAttack
		case !c.IsHazard() && o.Check(engine.Play(c)) == nil:
			g = groupPlay
		}
		name := b.cat.Card(c)
		if c.IsDistance() {
			if !slices.Contains(miles[g], c.Miles()) {
				miles[g] = append(miles[g], c.Miles())
			}
			name = milesName
		}
		if !slices.Contains(names[g], name) {
			names[g] = append(names[g], name)
		}
	}
	for g := range names {
		if i := slices.Index(names[g], milesName); i >= 0 {
			slices.Sort(miles[g])
			n := make([]string, len(miles[g]))
			for k, m := range miles[g] {
				n[k] = strconv.Itoa(m)
			}
			list := b.list(n, lang.And)
			if len(names[g]) > 1 { // one "and" in a list: "25, 75 miles and Go"
				list = strings.Join(n, b.text(lang.Comma))
			}
			names[g][i] = b.text(lang.TurnDistance, list)
		}
	}
	var parts []string
	for g, key := range groupKeys {
		if len(names[g]) == 0 {
			continue
		}
		if g == groupDiscard && len(parts) == 0 {
			key = lang.TurnDiscardAll // nothing else to do
		}
		parts = append(parts, b.text(key, b.list(names[g], lang.And)))
	}
	return strings.Join(parts, b.text(lang.Semicolon))
}

// milesName holds the place of a group's distance cards in shortHand.
const milesName = "\x00miles"

// turnLine is the line that tells the player's turn, as long as the
// session tells turns.
func (b *board) turnLine() string {
	if b.Session.turns == tellVerbose {
		return b.text(lang.Turn, b.handLine(true))
	}
	return b.text(lang.TurnShort, b.shortHand())
}

// hand tells the player's cards, and on their turn what each can do.
func (b *board) hand([]string) {
	o := &b.obs
	switch {
	case o.Onlooker:
		b.say(lang.NoHand)
	case o.HandSizes[o.Seat] == 0:
		b.say(lang.HandEmpty)
	default:
		b.say(lang.Hand, b.handLine(o.MyTurn() && o.Phase == engine.PhasePlay))
	}
}

// now says whom the table waits for, the one whose turn it is by name.
func (b *board) now(name string) string {
	o := &b.obs
	switch {
	case o.Phase == engine.PhaseHandOver:
		return b.text(lang.NowHandOver)
	case o.Phase == engine.PhaseGameOver:
		return b.text(lang.NowGameOver)
	case o.Waiting:
		return b.text(lang.NowPause)
	case o.MyTurn():
		return b.text(lang.NowYours)
	}
	return b.text(lang.NowTurnOf, name)
}

// status reads the table: the game, every side's piles, miles and
// safeties (the player's own first, then the others in seat order), the
// draw and discard piles, and the size of the other hands.
func (b *board) status([]string) {
	o := &b.obs
	now := b.now(b.seatName(int(o.Turn)))
	b.say(lang.StatusHead, o.Game+1, o.Hand+1, o.Trip, o.Config.Rules, now)
	for _, side := range b.view.Sides() {
		b.sideStatus(side)
	}
	switch {
	case o.DiscardLen == 1:
		b.say(lang.PilesOne, o.DrawLen, b.cat.Card(o.Discards[0]))
	case o.DiscardLen > 0:
		b.say(lang.Piles, o.DrawLen, o.DiscardLen, b.cat.Card(o.Discards[o.DiscardLen-1]))
	default:
		b.say(lang.PilesNoTop, o.DrawLen)
	}
	var sizes []string
	for seat := range o.Config.Players {
		if seat != o.Seat || o.Onlooker {
			sizes = append(sizes, b.cat.Count(int(o.HandSizes[seat]), lang.HandSizeOne, b.seatName(seat)))
		}
	}
	b.say(lang.HandSizes, b.list(sizes, lang.And))
}

// sideStatus reads one side's table.
func (b *board) sideStatus(side int) {
	o := &b.obs
	t := &o.Tableaus[side]
	state := b.text(lang.Stopped)
	if t.Rolling() {
		state = b.text(lang.Rolling)
	}
	if t.Limited() {
		state = b.text(lang.Limited, state)
	}
	var safeties, distance []string
	for _, c := range engine.AllSafeties {
		switch {
		case t.HasCoupFourre(c):
			safeties = append(safeties, b.text(lang.CoupFourreOf, b.cat.Card(c)))
		case t.Has(c):
			safeties = append(safeties, b.cat.Card(c))
		}
	}
	for _, c := range engine.DistanceCards {
		if n := t.Cards[c]; n > 0 {
			distance = append(distance, b.text(lang.Count, n, b.cat.Card(c)))
		}
	}
	b.line(b.cat.Count(int(t.Miles), lang.SideOne, capital(b.sideName(side)), o.Trip, state,
		b.pile(t.Battle), b.pile(t.Speed), b.list(safeties, lang.And), b.list(distance, lang.And)))
}

// pile names the top card of a pile, or says it is empty.
func (b *board) pile(top engine.Card) string {
	if top == engine.NoCard {
		return b.text(lang.Empty)
	}
	return b.cat.Card(top)
}

// score reads the scores: each side's points of this hand so far, item by
// item, its game total and the games it won.
func (b *board) score([]string) {
	o := &b.obs
	b.say(lang.ScoreHead, engine.WinningScore)
	for _, side := range b.view.Sides() {
		s := o.LiveScore(side)
		var items []string
		for _, it := range []struct {
			k lang.Key
			n int16
		}{
			{lang.ItemMiles, s.Milestones}, {lang.ItemSafeties, s.Safeties}, {lang.ItemAllSafeties, s.AllSafeties},
			{lang.ItemCoups, s.CoupsFourres}, {lang.ItemTrip, s.Trip}, {lang.ItemDelayed, s.Delayed},
			{lang.ItemSafeTrip, s.SafeTrip}, {lang.ItemExtension, s.Extension}, {lang.ItemShutOut, s.ShutOut},
			{lang.ItemNoHundreds, s.NoHundreds},
		} {
			if it.n != 0 {
				items = append(items, b.text(it.k, it.n))
			}
		}
		detail := ""
		if len(items) > 0 {
			detail = b.text(lang.Items, strings.Join(items, b.text(lang.Comma)))
		}
		b.say(lang.Score, capital(b.sideName(side)), b.cat.Count(s.Total(), lang.CountPoint), detail, b.cat.Count(int(o.Totals[side]), lang.CountPoint), o.GamesWon[side])
	}
}

// summary tells the table in one line: whom it waits for, each side's
// miles and state, the player's side first, and the hand by names.
func (b *board) summary([]string) {
	o := &b.obs
	now := b.now(capital(b.seatName(int(o.Turn))))
	var sides []string
	for _, side := range b.view.Sides() {
		t := &o.Tableaus[side]
		var state string
		switch {
		case t.Battle.IsHazard():
			state = b.text(lang.SumStoppedBy, b.cat.CardThe(t.Battle))
		case !t.Rolling():
			state = b.text(lang.SumNeedsGo)
		default:
			state = b.text(lang.Rolling)
		}
		if t.Limited() {
			state = b.text(lang.Limited, state)
		}
		sides = append(sides, b.cat.Count(int(t.Miles), lang.SumSideOne, capital(b.sideName(side)), state))
	}
	line := b.text(lang.Summary, now, strings.Join(sides, b.text(lang.Semicolon)))
	if !o.Onlooker && o.HandSizes[o.Seat] > 0 {
		var cards []string
		for _, c := range o.MyHand {
			if c != engine.NoCard {
				cards = append(cards, b.cat.Card(c))
			}
		}
		line += " " + b.text(lang.SumHold, b.list(cards, lang.And))
	}
	b.line(line)
}

// rules tells the rules in a few sentences, with this game's trip, and
// where the game's ruleset departs from the standard rules, its own rule
// right after the sentence it changes (the guide says the same).
func (b *board) rules([]string) {
	r := b.obs.Config.Rules
	// The points the departures speak of, as the engine scores them.
	const shutOut, noHundreds, extension = 500, 500, 200
	b.say(lang.Rules1, b.obs.Trip)
	b.say(lang.Rules2)
	b.sayIf(r.KeepSafeties(), lang.RulesKeepSafeties, r)
	b.say(lang.Rules3)
	b.sayIf(r.SpeedAlternates(), lang.RulesSpeedAlternates, r)
	b.say(lang.Rules4)
	b.sayIf(r.RollOnSafety(), lang.RulesRollOnSafety, r)
	b.sayIf(r.NoReplayWhenOut(), lang.RulesNoReplayWhenOut, r)
	b.say(lang.Rules5)
	if r.EndWhenStuck() {
		b.say(lang.RulesEndWhenStuck, r)
	} else {
		b.say(lang.RulesDeckOut)
	}
	b.say(lang.Rules6)
	b.sayIf(r.CapotToEach(), lang.RulesCapotToEach, r, shutOut)
	b.sayIf(r.NoHundredsBonus(), lang.RulesNoHundreds, r, noHundreds)
	b.sayIf(r.ExtensionToFinisher() && b.obs.Config.HasExtension(), lang.RulesExtensionFirst, r, extension, engine.ExtendedTrip)
	b.sayIf(r.TieEndsGame(), lang.RulesTieEndsGame, r)
	b.say(lang.RulesScoreCommand)
}

// sayIf says the sentence of k when the ruleset has its rule.
func (b *board) sayIf(when bool, k lang.Key, args ...any) {
	if when {
		b.say(k, args...)
	}
}

// threats tells, in a few words, what stops the player's side now and
// what may: its hazard and the remedy, a Speed Limit, the hazards no
// safety keeps off, and the opponent nearest the end.
func (b *board) threats([]string) {
	o := &b.obs
	me := &o.Tableaus[o.Side()]
	switch {
	case me.Battle.IsHazard():
		b.say(lang.ThreatStopped, capital(b.cat.CardThe(me.Battle)), b.cat.CardA(engine.RemedyFor(me.Battle)))
	case !me.Rolling():
		b.say(lang.ThreatNeedGo)
	}
	if me.Limited() {
		b.say(lang.ThreatLimit)
	}
	var open []string
	for _, h := range []engine.Card{engine.OutOfGas, engine.FlatTire, engine.Accident, engine.Stop, engine.SpeedLimit} {
		if !me.Has(engine.SafetyFor(h)) {
			open = append(open, b.cat.Card(h))
		}
	}
	if len(open) == 0 {
		b.say(lang.ThreatSafe)
	} else {
		b.say(lang.ThreatOpen, b.list(open, lang.And))
	}
	// The opponents nearest the end: all of them when they are level,
	// and nobody named before anyone has driven. Teams level are said as
	// teams, one level with the other: "Ann & Dee and Bob & Eve" is heard
	// as four names.
	var nearest []string
	most, nearestSide := -1, 0
	for _, side := range b.view.Opponents() {
		switch miles := int(o.Tableaus[side].Miles); {
		case miles > most:
			nearest, most, nearestSide = []string{b.sideName(side)}, miles, side
		case miles == most:
			nearest = append(nearest, b.sideName(side))
		}
	}
	switch {
	case most < 0:
	case most == 0 && me.Miles == 0:
		b.say(lang.ThreatNoMiles, o.Trip)
	case len(nearest) > 1 && b.cat.SidePair(b.names(), nearestSide):
		b.say(lang.ThreatNearestTeams, capital(nearest[0]), b.list(nearest[1:], lang.And), int(o.Trip)-most)
	case len(nearest) > 1 || b.cat.SidePair(b.names(), nearestSide):
		b.say(lang.ThreatNearestTie, capital(b.list(nearest, lang.And)), int(o.Trip)-most)
	default:
		b.say(lang.ThreatNearest, capital(nearest[0]), int(o.Trip)-most)
	}
}
