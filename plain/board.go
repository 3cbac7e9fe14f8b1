package plain

import (
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// The board read aloud: everything the full-screen board shows is in
// status (the tables and the piles), hand and score, and the recent moves
// in log.

// handLine lists the hand in BSD's slot order, P first; with does, what
// each card can do now, the cards that can do the same told together:
// "P Go and 2 Go (play); 1 75 miles and 3 50 miles (you need a Go first)".
func (g *game) handLine(does bool) string {
	o := &g.obs
	var groups []string // what cards can do, in the order of their first card
	cards := map[string][]string{}
	for slot, c := range o.MyHand {
		if c == engine.NoCard {
			continue
		}
		card := g.text(lang.SlotCard, g.slotName(slot), g.cat.Card(c))
		what := ""
		if does {
			what = g.does(c)
		}
		if _, ok := cards[what]; !ok {
			groups = append(groups, what)
		}
		cards[what] = append(cards[what], card)
	}
	if !does {
		return g.list(cards[""], lang.And)
	}
	parts := make([]string, len(groups))
	for i, what := range groups {
		parts[i] = g.text(lang.CardsDo, g.list(cards[what], lang.And), what)
	}
	return strings.Join(parts, g.text(lang.Semicolon))
}

// does says briefly what card c can do now: "play", "attack Ann or Bob",
// or why not, in a few words ("needs a Go").
func (g *game) does(c engine.Card) string {
	o := &g.obs
	if c.IsHazard() {
		if open := g.view.OpenSides(c); len(open) > 0 {
			return g.text(lang.DoAttack, g.targetNames(open))
		}
		switch opp := g.view.Opponents(); {
		case g.Session.brief:
			return g.text(lang.DoDiscardOnly)
		case len(opp) == 1:
			return g.cat.Brief(o.Check(engine.Attack(c, opp[0])))
		}
		return g.text(lang.NoTarget) // each for a reason of its own: status tells
	}
	if err := o.Check(engine.Play(c)); err != nil {
		if g.Session.brief {
			return g.text(lang.DoDiscardOnly)
		}
		return g.cat.Brief(err)
	}
	return g.text(lang.DoPlay)
}

// hand tells the player's cards, and on their turn what each can do.
func (g *game) hand([]string) {
	o := &g.obs
	switch {
	case o.Onlooker:
		g.say(lang.NoHand)
	case o.HandSizes[o.Seat] == 0:
		g.say(lang.HandEmpty)
	default:
		g.say(lang.Hand, g.handLine(o.MyTurn() && o.Phase == engine.PhasePlay))
	}
}

// now says whom the table waits for, the one whose turn it is by name.
func (g *game) now(name string) string {
	o := &g.obs
	switch {
	case o.Phase == engine.PhaseHandOver:
		return g.text(lang.NowHandOver)
	case o.Phase == engine.PhaseGameOver:
		return g.text(lang.NowGameOver)
	case o.Waiting:
		return g.text(lang.NowPause)
	case o.MyTurn():
		return g.text(lang.NowYours)
	}
	return g.text(lang.NowTurnOf, name)
}

// status reads the table: the game, every side's piles, miles and
// safeties (the player's own first, then the others in seat order), the
// draw and discard piles, and the size of the other hands.
func (g *game) status([]string) {
	o := &g.obs
	now := g.now(g.seatName(int(o.Turn)))
	g.say(lang.StatusHead, o.Game+1, o.Hand+1, o.Trip, o.Config.Rules, now)
	for _, side := range g.view.Sides() {
		g.sideStatus(side)
	}
	switch {
	case o.DiscardLen == 1:
		g.say(lang.PilesOne, o.DrawLen, g.cat.Card(o.Discards[0]))
	case o.DiscardLen > 0:
		g.say(lang.Piles, o.DrawLen, o.DiscardLen, g.cat.Card(o.Discards[o.DiscardLen-1]))
	default:
		g.say(lang.PilesNoTop, o.DrawLen)
	}
	var sizes []string
	for seat := range o.Config.Players {
		if seat != o.Seat || o.Onlooker {
			sizes = append(sizes, g.text(lang.HandSize, g.seatName(seat), o.HandSizes[seat]))
		}
	}
	g.say(lang.HandSizes, g.list(sizes, lang.And))
}

// sideStatus reads one side's table.
func (g *game) sideStatus(side int) {
	o := &g.obs
	t := &o.Tableaus[side]
	state := g.text(lang.Stopped)
	if t.Rolling() {
		state = g.text(lang.Rolling)
	}
	if t.Limited() {
		state = g.text(lang.Limited, state)
	}
	var safeties, distance []string
	for _, c := range engine.AllSafeties {
		switch {
		case t.HasCoupFourre(c):
			safeties = append(safeties, g.text(lang.CoupFourreOf, g.cat.Card(c)))
		case t.Has(c):
			safeties = append(safeties, g.cat.Card(c))
		}
	}
	for _, c := range engine.DistanceCards {
		if n := t.Cards[c]; n > 0 {
			distance = append(distance, g.text(lang.Count, n, g.cat.Card(c)))
		}
	}
	g.say(lang.Side, capital(g.sideName(side)), t.Miles, o.Trip, state,
		g.pile(t.Battle), g.pile(t.Speed), g.list(safeties, lang.And), g.list(distance, lang.And))
}

// pile names the top card of a pile, or says it is empty.
func (g *game) pile(top engine.Card) string {
	if top == engine.NoCard {
		return g.text(lang.Empty)
	}
	return g.cat.Card(top)
}

// score reads the scores: each side's points of this hand so far, item by
// item, its game total and the games it won.
func (g *game) score([]string) {
	o := &g.obs
	g.say(lang.ScoreHead, engine.WinningScore)
	for _, side := range g.view.Sides() {
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
				items = append(items, g.text(it.k, it.n))
			}
		}
		detail := ""
		if len(items) > 0 {
			detail = g.text(lang.Items, strings.Join(items, g.text(lang.Comma)))
		}
		g.say(lang.Score, capital(g.sideName(side)), s.Total(), detail, o.Totals[side], o.GamesWon[side])
	}
}

// showLog reads the recent moves again.
func (g *game) showLog([]string) {
	if len(g.log) == 0 {
		g.say(lang.LogEmpty)
		return
	}
	g.say(lang.LogHead)
	for _, l := range g.log[max(0, len(g.log)-logShown):] {
		g.line(l.text)
	}
}
