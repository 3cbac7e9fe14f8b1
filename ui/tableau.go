package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unique"

	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// tablesPane draws the sides' tables, each a box kept while what it
// shows is the same, with the last card put on a table marked.
type tablesPane struct {
	*seen
	boxes   [engine.MaxSides]boxCache // the boxes last drawn
	flash   engine.Card               // the card the last move put on a table…
	flashTo int                       // …and the side whose table it went to (-1 none)
}

// tableauBox is a side's table box, titled with its players (the one to
// act marked); the box is drawn again only when what it shows has changed.
// target is the hazard being aimed (NoCard: none), tsel the side aimed at.
func (m *tablesPane) tableauBox(obs *engine.Observation, side, w, h int, target engine.Card, tsel int) string {
	c := &m.boxes[side]
	from := m.from(w, "", h, int(target), tsel, m.flashTo, int(m.flash))
	if caching && m.keeps(obs) && c.fromOK && c.from == from {
		return c.box.Value() // its title, even, is not worded again
	}
	st := m.styles
	t := &obs.Tableaus[side]
	me := obs.Side() == side && !obs.Onlooker
	active := obs.Config.SideOf(int(obs.Turn)) == side && obs.Phase < engine.PhaseHandOver
	targeting := target != engine.NoCard && side == tsel
	// Title: seat names, ▶ on the seat to act.
	var title strings.Builder
	var names []string
	for _, s := range m.view.SideSeats(side) {
		name := m.seatName(s)
		if s == int(obs.Turn) && obs.Phase < engine.PhaseHandOver {
			name = "▶" + name
		}
		names = append(names, name)
	}
	title.WriteString(m.lang.Team(names...))
	if obs.Config.Sides() > 2 || obs.Config.Players > 3 {
		title.WriteString(m.t(lang.BoardSideN, side+1))
	}
	if target != engine.NoCard && !me {
		for i, o := range m.view.Opponents() {
			if o == side {
				title.WriteString(" [" + strconv.Itoa(i+1) + "]")
			}
		}
	}
	if m.flashTo == side && obs.Phase < engine.PhaseHandOver {
		// The last card played here, so that a computer's move can be
		// followed at a glance.
		// Its name where it fits, else its kind's mark ("◀ ▲" on a
		// narrow side), never a name cut short.
		room := w - width(" "+m.lang.Num(1000)+"/"+m.lang.Num(1000)+" ") - 4 - width(title.String())
		for _, flash := range []string{"  ◀ " + cardName(m.lang, m.flash), "  ◀ " + kindGlyph[m.flash.Kind()], " ◀" + kindGlyph[m.flash.Kind()]} {
			if width(flash) <= room {
				title.WriteString(flash)
				break
			}
		}
	}
	key := boxKey{tab: *t, trip: obs.Trip, title: title.String(), active: active, targeting: targeting, w: w, h: h, styles: st, lang: m.lang}
	if c.key == key && c.box != (unique.Handle[string]{}) {
		c.from, c.fromOK = from, m.keeps(obs)
		return c.box.Value() // most frames change the hand or the messages, not the tables
	}
	box := unique.Make(m.drawTableauBox(key))
	*c = boxCache{key: key, box: box, from: from, fromOK: m.keeps(obs)}
	return box.Value()
}

// boxKey is everything a side's table box is drawn from.
type boxKey struct {
	tab               engine.Tableau
	trip              uint16
	title             string
	active, targeting bool
	w, h              int
	styles            *Styles
	lang              *lang.Catalogue
}

// boxCache is the last box drawn for a side, with what it was drawn from.
// The box is kept once for every board that drew the same (unique.Make):
// the players of a room see the same sides, and a server held each box,
// some 2-4 KB with its colours, once for each of them (issue 36).
type boxCache struct {
	key boxKey
	box unique.Handle[string]
	// from is what the box's key was made from, the view's generation
	// among them: while it is the same, the key is too.
	from   drawnFrom
	fromOK bool
}

// drawTableauBox draws a side's table box.
func (m *tablesPane) drawTableauBox(k boxKey) string {
	st, t, w, h := k.styles, &k.tab, k.w, k.h
	active, targeting := k.active, k.targeting
	miles := " " + k.lang.Num(int(t.Miles)) + "/" + k.lang.Num(int(k.trip)) + " "
	inner := w - 2
	var lines []string
	rows := h - 2
	switch {
	case rows >= roomyRows && inner >= roomyInner:
		lines = m.tableauRoomy(t, inner)
	case rows >= stackRows && inner >= stackInner:
		lines = m.tableauStacks(t, inner)
	case rows >= 7 && inner >= 52:
		lines = m.tableauCards(t, inner)
	case rows >= 4 && inner >= 43:
		lines = m.tableauMedium(t, inner, rows)
	default:
		lines = m.tableauCompact(t, inner, rows)
	}
	bs, ec := lipgloss.RoundedBorder(), st.BoxEdge
	switch {
	case targeting:
		bs, ec = lipgloss.ThickBorder(), st.Selected
	case active:
		bs, ec = lipgloss.ThickBorder(), st.TurnEdge
	}
	head := st.Title.Render(fit(k.title, inner-width(miles)-2))
	fill := inner - width(head) - width(miles) - 2
	if fill < 0 {
		fill = 0
	}
	var b strings.Builder
	b.WriteString(ec.Render(bs.TopLeft+bs.Top) + head + ec.Render(strings.Repeat(bs.Top, fill)) + st.BarFull.Render(miles) + ec.Render(bs.Top+bs.TopRight))
	for i := 0; i < rows; i++ {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		pad := inner - width(line)
		if pad < 0 {
			line = fit(line, inner)
			pad = inner - width(line)
		}
		b.WriteString("\n" + ec.Render(bs.Left) + line + strings.Repeat(" ", pad) + ec.Render(bs.Right))
	}
	b.WriteString("\n" + ec.Render(bs.BottomLeft+strings.Repeat(bs.Bottom, inner)+bs.BottomRight))
	return b.String()
}

// tableauCompact is a side's table in three or four text lines.
func (m *tablesPane) tableauCompact(t *engine.Tableau, w, rows int) []string {
	st := m.styles
	battle := " " + st.Dim.Render(m.t(lang.BoardBattle)+" ") + st.chip(m.lang, t.Battle)
	speed := st.Dim.Render(m.t(lang.BoardSpeed)+" ") + st.chip(m.lang, t.Speed)
	pad := 22 - width(battle)
	if pad < 1 {
		pad = 1
	}
	l1 := battle + strings.Repeat(" ", pad) + speed
	if width(l1) > w {
		// Long names (Limite de vitesse): the glyphs say which pile.
		battle = " " + st.chip(m.lang, t.Battle)
		l1 = battle + strings.Repeat(" ", max(22-width(battle), 1)) + st.chip(m.lang, t.Speed)
	}
	bar := m.tripBar(t, min(w-32, 16))
	counts := m.mileCounts(t, rows < 4)
	lines := []string{l1}
	if rows >= 4 {
		lines = append(lines, " "+bar+" "+st.Dim.Render(m.lang.Count(int(t.Miles), lang.BoardMilesOne)), " "+counts)
	} else {
		lines = append(lines, " "+bar+" "+counts)
	}
	lines = append(lines, " "+m.safetyRow(t))
	return lines
}

// tableauMedium draws the battle and speed piles as cards with the
// distance, safeties and what the side needs beside them.
func (m *tablesPane) tableauMedium(t *engine.Tableau, w, rows int) []string {
	st := m.styles
	bat := strings.Split(st.card(m.lang, t.Battle, look{key: m.t(lang.PileBattle)}), "\n")
	spd := strings.Split(st.card(m.lang, t.Speed, look{key: m.t(lang.PileSpeed)}), "\n")
	right := []string{
		m.milesLine(t, 14, w-2*cardW-1),
		m.mileCounts(t, false),
		m.safetyRow(t),
		m.sideStatus(t, w-2*cardW-1),
	}
	lines := make([]string, 0, rows)
	for i := 0; i < cardH; i++ {
		lines = append(lines, bat[i]+spd[i]+" "+right[i])
	}
	return lines
}

// sideStatus says in a line of w cells what a side needs to roll, and
// that it is under a Speed Limit when there is room (the speed pile shows
// it anyway). A stopped side's need is left out where it has no room
// ("à l'arrêt : Roue de secours" is one cell too long for a box of six
// players at 80 columns): its battle pile shows the hazard.
func (m *tablesPane) sideStatus(t *engine.Tableau, w int) string {
	status, limit := m.sideNeeds(t)
	if both := status + m.styles.Dim.Render(" · ") + limit; limit != "" && width(both) <= w {
		return both
	}
	return m.statusIn(t, status, w)
}

// statusIn is a side's status in w cells: a stopped side's need left out
// where it has no room.
func (m *tablesPane) statusIn(t *engine.Tableau, status string, w int) string {
	if width(status) > w && !t.Rolling() {
		return m.styles.Kind[engine.Hazard].Render(m.t(lang.BoardStopped))
	}
	return status
}

// coupNote names the coups fourrés of a side, if any.
func (m *tablesPane) coupNote(t *engine.Tableau) string {
	var names []string
	for _, s := range engine.AllSafeties {
		if t.HasCoupFourre(s) {
			names = append(names, m.lang.Short(s))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return m.styles.Kind[engine.Safety].Render(m.t(lang.BoardCoups, strings.Join(names, m.t(lang.Comma))))
}

// The sizes of the boxes drawn with their piles as stacks: inner rows and
// columns at least. A roomy box draws them big, with the distance as a
// stack per value.
const (
	stackRows  = cardH + 1
	stackInner = 2*(cardW+1) + 2 + 4*cardW + 1 + 26
	roomyRows  = bigH + 1 + 2
	roomyInner = 2*(bigW+1) + 2 + 4*bigW + 2 + 5*(bigW+1)
)

// pileCounts are how many cards a side's battle and speed piles hold.
func pileCounts(t *engine.Tableau) (battle, speed int) {
	for c := range engine.Card(engine.NumCards) {
		switch {
		case c == engine.SpeedLimit || c == engine.EndOfLimit:
			speed += int(t.Cards[c])
		case c.IsHazard() || c.IsRemedy():
			battle += int(t.Cards[c])
		}
	}
	return battle, speed
}

// pileCards are a side's piles drawn as stacks, then its safeties (the
// ones played as a coup fourré keyed CF), as cards of size big.
func (m *tablesPane) pileCards(t *engine.Tableau, big bool) []string {
	st := m.styles
	battle, speed := pileCounts(t)
	cards := []string{
		st.card(m.lang, t.Battle, look{key: m.t(lang.PileBattle), big: big, stack: true, count: battle}),
		st.card(m.lang, t.Speed, look{key: m.t(lang.PileSpeed), big: big, stack: true, count: speed}),
		"  ",
	}
	for _, s := range engine.AllSafeties {
		c, key := engine.NoCard, ""
		if t.Has(s) {
			c = s
		}
		if t.HasCoupFourre(s) {
			key = m.t(lang.PileCoupFourre)
		}
		cards = append(cards, st.card(m.lang, c, look{key: key, big: big}))
	}
	return cards
}

// sideNeeds says in words what a side needs to roll, and whether it is
// under a Speed Limit.
func (m *tablesPane) sideNeeds(t *engine.Tableau) (status, limit string) {
	st := m.styles
	switch {
	case t.Battle.IsHazard():
		status = st.Kind[engine.Hazard].Render(m.t(lang.BoardStopped)) + st.Dim.Render(m.t(lang.BoardNeeds, m.lang.Card(engine.RemedyFor(t.Battle))))
	case t.Rolling():
		status = st.Kind[engine.Remedy].Render(m.t(lang.BoardRolling))
	default:
		status = st.Kind[engine.Hazard].Render(m.t(lang.BoardStopped)) + st.Dim.Render(m.t(lang.BoardNeeds, m.lang.Card(engine.Go)))
	}
	if t.Limited() {
		limit = st.Dim.Render(m.t(lang.BoardLimit))
	}
	return status, limit
}

// tableauStacks draws the piles as stacks of cards and the safeties as
// cards, with the distance and what the side needs beside them.
func (m *tablesPane) tableauStacks(t *engine.Tableau, w int) []string {
	cards := m.pileCards(t, false)
	cards = append(cards, " ")
	lines := strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, cards...), "\n")
	status, limit := m.sideNeeds(t)
	room := w - width(lines[0])
	text := []string{
		m.milesLine(t, 14, room),
		m.mileCounts(t, false),
		m.statusIn(t, status, room),
		limit,
		m.coupNote(t),
	}
	for i := range lines {
		lines[i] += fit(text[i], room)
	}
	return lines
}

// tableauRoomy draws every pile as a stack of big cards, the distance as
// one per value, with the trip bar and what the side needs under them.
func (m *tablesPane) tableauRoomy(t *engine.Tableau, w int) []string {
	st := m.styles
	cards := m.pileCards(t, true)
	cards = append(cards, "  ")
	for i := len(engine.DistanceCards) - 1; i >= 0; i-- {
		c, n := engine.DistanceCards[i], int(t.Cards[engine.DistanceCards[i]])
		if n == 0 {
			cards = append(cards, st.card(m.lang, engine.NoCard, look{key: strconv.Itoa(c.Miles()), big: true, stack: true}))
		} else {
			cards = append(cards, st.card(m.lang, c, look{big: true, stack: true, count: n}))
		}
	}
	lines := strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, cards...), "\n")
	status, limit := m.sideNeeds(t)
	notes := []string{status}
	for _, s := range []string{limit, m.coupNote(t)} {
		if s != "" {
			notes = append(notes, s)
		}
	}
	return append(lines,
		" "+m.tripBar(t, 40)+" "+st.Dim.Render(m.lang.Count(int(t.Miles), lang.BoardMilesOne)),
		" "+fit(strings.Join(notes, st.Dim.Render(" · ")), w-1))
}

// tableauCards draws the piles as cards on tall boxes.
func (m *tablesPane) tableauCards(t *engine.Tableau, w int) []string {
	st := m.styles
	cards := []string{st.card(m.lang, t.Battle, look{key: m.t(lang.PileBattle)}), st.card(m.lang, t.Speed, look{key: m.t(lang.PileSpeed)}), "  "}
	for i, s := range engine.AllSafeties {
		c := engine.NoCard
		if t.Has(s) {
			c = s
		}
		key := ""
		if t.HasCoupFourre(s) {
			key = m.t(lang.PileCoupFourre)
		}
		_ = i
		cards = append(cards, st.card(m.lang, c, look{key: key}))
	}
	row := lipgloss.JoinHorizontal(lipgloss.Top, cards...)
	lines := strings.Split(row, "\n")
	lines = append(lines, " "+m.tripBar(t, min(w-20, 30))+" "+st.Dim.Render(m.lang.Count(int(t.Miles), lang.BoardMilesOne)), " "+m.mileCounts(t, false), " "+m.sideStatus(t, w-1))
	return lines
}

// milesLine is the trip bar, bar cells wide or less, and the distance
// in words after it, in w cells: French's "1 000 bornes" left no room
// for the words after a bar of 14.
func (m *tablesPane) milesLine(t *engine.Tableau, bar, w int) string {
	miles := m.lang.Count(int(t.Miles), lang.BoardMilesOne)
	return m.tripBar(t, min(bar, w-width(miles)-1)) + " " + m.styles.Dim.Render(miles)
}

// tripBar shows the distance as a bar of w cells over the trip.
func (m *tablesPane) tripBar(t *engine.Tableau, w int) string {
	if w < 4 {
		w = 4
	}
	trip := int(m.obs.Trip)
	full := int(t.Miles) * w / trip
	return m.styles.BarFull.Render(strings.Repeat("▰", full)) + m.styles.BarEmpty.Render(strings.Repeat("▱", w-full))
}

// mileCounts lists the distance cards played, by value.
func (m *tablesPane) mileCounts(t *engine.Tableau, short bool) string {
	var b strings.Builder
	for i := len(engine.DistanceCards) - 1; i >= 0; i-- {
		c := engine.DistanceCards[i]
		n := t.Cards[c]
		if short && n == 0 {
			continue
		}
		s := fmt.Sprintf("%d×%d", c.Miles(), n)
		if n == 0 {
			b.WriteString(m.styles.Dim.Render(s) + " ")
		} else {
			b.WriteString(m.styles.Kind[engine.Distance].Render(s) + " ")
		}
	}
	if b.Len() == 0 {
		return m.styles.Dim.Render(m.t(lang.BoardNoDistance))
	}
	return strings.TrimRight(b.String(), " ")
}

// safetyRow shows the four safeties: ★ played, ✪ coup fourré, · not yet.
func (m *tablesPane) safetyRow(t *engine.Tableau) string {
	st := m.styles
	parts := make([]string, 0, 4)
	for _, s := range engine.AllSafeties {
		short := m.lang.Short(s)
		switch {
		case t.HasCoupFourre(s):
			parts = append(parts, st.Kind[engine.Safety].Render("✪"+short+"!"))
		case t.Has(s):
			parts = append(parts, st.Kind[engine.Safety].Render("★"+short))
		default:
			parts = append(parts, st.Dim.Render("·"+short))
		}
	}
	return strings.Join(parts, " ")
}
