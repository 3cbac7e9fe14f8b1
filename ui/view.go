package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
)

// layout is where the parts of the board go for a terminal size.
type layout struct {
	w, h          int
	leftW, rightW int // tableau column and score/command column
	rightX        int
	areaY, areaH  int // rows of the tableaus and the score window
	handY         int
	msgY, inputY  int
	helpY         int
	cardGap       int
	big           bool // big cards in the hand
	handW, handH  int  // size of a card in the hand
}

func newLayout(w, h int) layout {
	l := layout{w: w, h: h}
	l.rightW = 34
	if w >= 110 {
		l.rightW = min(50, w/3)
	}
	l.leftW = w - l.rightW - 1
	l.rightX = l.leftW + 1
	l.areaY = 1
	l.handW, l.handH = cardW, cardH
	if w >= 120 && h >= 36 {
		l.big, l.handW, l.handH = true, bigW, bigH
	}
	l.areaH = h - 1 - l.handH - 3
	l.handY = l.areaY + l.areaH
	l.msgY = l.handY + l.handH
	l.inputY = l.msgY + 1
	l.helpY = h - 1
	if w >= 100 {
		l.cardGap = 1
	}
	return l
}

// View draws the whole screen from a list of layers. The layers' IDs are
// the click targets: Update hit-tests a click on the same layers, built from
// the same model (with lipgloss's compositor), so a click always matches
// what is on screen.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Mille Bornes"
	if m.obs.MyTurn() && m.screen == screenBoard {
		v.WindowTitle = "Mille Bornes: your turn" // seen from another window
	}
	if m.quitting {
		return v
	}
	w, h := m.w, m.h
	if w == 0 || h == 0 {
		w, h = MinWidth, MinHeight
	}
	if w < MinWidth || h < MinHeight {
		v.SetContent(m.tooSmall(w, h))
		return v
	}
	v.SetContent(drawLayers(w, h, m.layers(w, h)))
	return v
}

// tooSmall is the whole screen when the terminal is below 80x24.
func (m *Model) tooSmall(w, h int) string {
	quit := "q quits."
	if m.remote {
		quit = "q leaves the table."
	}
	msg := fmt.Sprintf("mille needs a terminal of at least %dx%d.\nThis one is %dx%d: please enlarge it.\n\n%s", MinWidth, MinHeight, w, h, quit)
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, msg)
}

// layers are the pieces of the current screen (w x h at least the minimum).
func (m *Model) layers(w, h int) []*layer {
	var layers []*layer
	switch m.screen {
	case screenNewGame:
		layers = m.newGameLayers(w, h)
	case screenGuide:
		layers = m.guideLayers(w, h)
	default:
		if m.curtain() && m.dialog == dialogNone {
			return m.curtainLayers(w, h)
		}
		layers = m.boardLayers(newLayout(w, h))
	}
	if m.dialog == dialogLoad {
		// The picker opens over the board or the new-game screen.
		layers = append(layers, m.pickerDialog(newLayout(w, h))...)
	}
	return layers
}

// curtainLayers hide the table while the keyboard goes to another person.
func (m *Model) curtainLayers(w, h int) []*layer {
	st := m.styles
	toAct := m.sess.State().ToAct()
	name := m.seatName(toAct)
	l := newLayout(w, h)
	l.helpY = h - 1
	layers := []*layer{lay(m.statusLine(&m.obs, w))}
	layers = append(layers, m.dialogBox(l, "Pass the keyboard to "+name, []string{
		"It is " + name + "'s turn. The other players look away;",
		name + " presses Return (or clicks) to see their cards.",
		"",
		st.Dim.Render(m.names().Side(m.obs.Config.SideOf(toAct)) + " · trip " + strconv.Itoa(int(m.obs.Trip))),
	}, []button{{"btn-ready", "enter I am " + name, true}})...)
	return layers
}

// Hit returns the ID of the clickable thing at (x, y) on the current view,
// or "" (tests, and anything that wants to click without a terminal).
func (m *Model) Hit(x, y int) string {
	if m.w < MinWidth || m.h < MinHeight {
		return ""
	}
	return hitTest(m.layers(m.w, m.h), x, y)
}

// boardLayers draws the table.
func (m *Model) boardLayers(l layout) []*layer {
	st := m.styles
	obs := &m.obs
	layers := make([]*layer, 0, 32)
	layers = append(layers, lay(m.statusLine(obs, l.w)))

	// Tableaus, one box per side, stacked, as tall as their drawing needs;
	// the rows left under them hold the log of recent moves.
	n := obs.Config.Sides()
	boxH := min(l.areaH/n, 6)
	if l.leftW-2 >= 52 && l.leftW-2 < 77 && l.areaH/n >= 9 {
		boxH = 9
	}
	for side := 0; side < n; side++ {
		box := m.tableauBox(obs, side, l.leftW, boxH)
		layers = append(layers, lay(box).ID("side-"+strconv.Itoa(side)).X(0).Y(l.areaY+side*boxH))
	}
	logRows := min(l.areaH-n*boxH, 14)
	if logRows >= 3 {
		lines := append([]string{st.Heading.Render(padRight("── Recent moves ", l.leftW, '─'))}, m.logLines(l.leftW, logRows-1)...)
		layers = append(layers, lay(strings.Join(lines, "\n")).ID("log").X(0).Y(l.areaY+n*boxH))
	}

	// Score window or command list, and the log below when there is room.
	right := m.rightPanel(obs, l.rightW, l.areaH, logRows < 3)
	layers = append(layers, lay(right).X(l.rightX).Y(l.areaY))

	// On tall screens the hand comes right under the tables, not at the
	// bottom of an empty screen.
	if used := max(n*boxH+max(logRows, 0), strings.Count(right, "\n")+1); used < l.areaH {
		l.handY = l.areaY + used + 1
		l.msgY = l.handY + l.handH
		l.inputY = l.msgY + 1
		l.helpY = l.inputY + 1
	}

	// The hand: P then 1-6, then the deck and the discard pile. An
	// onlooker has no hand: a note takes its place.
	x := 0
	if obs.Onlooker {
		layers = append(layers, lay(m.watchingNote(l)).X(0).Y(l.handY))
		x = engine.HandSlots * (l.handW + l.cardGap)
	} else {
		hv := m.handView()
		for i, hp := range hv {
			sel := i == m.sel && m.gamePrompt() == promptNone
			if m.pending != 0 && m.pendSlot < 0 {
				sel = false
			}
			layers = append(layers, lay(st.drawCardSized(hp.card, slotKey(i), sel, l.big)).ID("slot-"+strconv.Itoa(i)).X(x).Y(l.handY))
			x += l.handW + l.cardGap
		}
	}
	x += 2
	layers = append(layers, lay(m.deckCard(obs, l.big)).ID("deck").X(x).Y(l.handY))
	x += l.handW + 1
	top := engine.NoCard
	if obs.DiscardLen > 0 {
		top = obs.Discards[obs.DiscardLen-1]
	}
	layers = append(layers, lay(st.drawCardSized(top, "Disc", false, l.big)).ID("discard").X(x).Y(l.handY))
	x += l.handW + 1
	if l.w-x >= 12 {
		layers = append(layers, lay(m.handNote(obs, l.w-x-1)).X(x+1).Y(l.handY))
	}

	// Message, input line and help.
	msg, msgStyle := m.message, st.Message
	switch {
	case m.isError:
		msgStyle = st.Error
	case msg == "":
		var alert bool
		if msg, alert = m.narration(l.w); alert {
			msgStyle = st.Kind[engine.Hazard]
		}
	}
	layers = append(layers,
		lay(msgStyle.Render(ansi.Truncate(msg, l.w, "…"))).Y(l.msgY),
		lay(ansi.Truncate(m.inputLine(obs), l.w, "…")).Y(l.inputY),
		lay(ansi.Truncate(m.help.ShortHelpView(m.activeKeys().ShortHelp()), l.w, "…")).ID("help").Y(l.helpY),
	)
	layers = append(layers, m.dialogLayers(obs, l)...)
	return layers
}

// statusLine is the top row: game, hand, trip and whose turn it is.
func (m *Model) statusLine(obs *engine.Observation, w int) string {
	st := m.styles
	turn := ""
	switch {
	case obs.Phase == engine.PhaseHandOver:
		turn = "hand over"
	case obs.Phase == engine.PhaseGameOver:
		turn = "game over"
	case m.thinking:
		turn = m.spin.View() + " " + m.seatName(int(obs.Turn)) + " is thinking"
	case obs.Waiting:
		turn = "a pause at the table…"
	case int(obs.Turn) == obs.Seat && !obs.Onlooker:
		turn = "▶ Your turn"
	default:
		turn = m.seatName(int(obs.Turn)) + "'s turn"
	}
	left := st.Heading.Render("MILLE BORNES") + st.Dim.Render(fmt.Sprintf("  Game %d · Hand %d · Trip %d · %s rules", obs.Game+1, obs.Hand+1, obs.Trip, obs.Config.Rules))
	right := st.Turn.Render(turn)
	gap := w - width(left) - width(right)
	if gap < 1 {
		gap = 1
	}
	return left + strings.Repeat(" ", gap) + right
}

// sideSeatsLabel is the title of a side's box: its players, the one to act
// marked, and the distance so far.
func (m *Model) tableauBox(obs *engine.Observation, side, w, h int) string {
	st := m.styles
	t := &obs.Tableaus[side]
	me := obs.Side() == side && !obs.Onlooker
	active := obs.Config.SideOf(int(obs.Turn)) == side && obs.Phase < engine.PhaseHandOver
	targeting := m.target != engine.NoCard && side == m.tsel
	// Title: seat names, ▶ on the seat to act.
	var title strings.Builder
	for i, s := range m.sideSeats(side) {
		if i > 0 {
			title.WriteString(" & ")
		}
		if s == int(obs.Turn) && obs.Phase < engine.PhaseHandOver {
			title.WriteString("▶")
		}
		title.WriteString(m.seatName(s))
	}
	if obs.Config.Sides() > 2 || obs.Config.Players > 3 {
		title.WriteString(" (side " + strconv.Itoa(side+1) + ")")
	}
	if m.target != engine.NoCard && !me {
		for i, o := range m.opponents() {
			if o == side {
				title.WriteString(" [" + strconv.Itoa(i+1) + "]")
			}
		}
	}
	if m.flashTo == side && obs.Phase < engine.PhaseHandOver {
		// The last card played here, so that a computer's move can be
		// followed at a glance.
		title.WriteString("  ◀ " + m.flash.String())
	}
	key := boxKey{tab: *t, trip: obs.Trip, title: title.String(), active: active, targeting: targeting, w: w, h: h, styles: st}
	if c := &m.boxes[side]; c.key == key && c.box != "" {
		return c.box // most frames change the hand or the messages, not the tables
	}
	box := m.drawTableauBox(key)
	m.boxes[side] = boxCache{key, box}
	return box
}

// boxKey is everything a side's table box is drawn from.
type boxKey struct {
	tab               engine.Tableau
	trip              uint16
	title             string
	active, targeting bool
	w, h              int
	styles            *Styles
}

// boxCache is the last box drawn for a side, with what it was drawn from.
type boxCache struct {
	key boxKey
	box string
}

// drawTableauBox draws a side's table box.
func (m *Model) drawTableauBox(k boxKey) string {
	st, t, w, h := k.styles, &k.tab, k.w, k.h
	active, targeting := k.active, k.targeting
	miles := fmt.Sprintf(" %d/%d ", t.Miles, k.trip)
	inner := w - 2
	var lines []string
	rows := h - 2
	switch {
	case rows >= 4 && inner >= 77:
		lines = m.tableauWide(t, inner)
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
	head := st.Title.Render(ansi.Truncate(k.title, inner-len(miles)-2, "…"))
	fill := inner - width(head) - len(miles) - 2
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
			line = ansi.Truncate(line, inner, "")
			pad = 0
		}
		b.WriteString("\n" + ec.Render(bs.Left) + line + strings.Repeat(" ", pad) + ec.Render(bs.Right))
	}
	b.WriteString("\n" + ec.Render(bs.BottomLeft+strings.Repeat(bs.Bottom, inner)+bs.BottomRight))
	return b.String()
}

// tableauCompact is a side's table in three or four text lines.
func (m *Model) tableauCompact(t *engine.Tableau, w, rows int) []string {
	st := m.styles
	battle := " " + st.Dim.Render("Battle ") + st.chip(t.Battle)
	speed := st.Dim.Render("Speed ") + st.chip(t.Speed)
	pad := 22 - width(battle)
	if pad < 1 {
		pad = 1
	}
	l1 := battle + strings.Repeat(" ", pad) + speed
	bar := m.tripBar(t, min(w-32, 16))
	counts := m.mileCounts(t, rows < 4)
	lines := []string{l1}
	if rows >= 4 {
		lines = append(lines, " "+bar+" "+st.Dim.Render(fmt.Sprintf("%d miles", t.Miles)), " "+counts)
	} else {
		lines = append(lines, " "+bar+" "+counts)
	}
	lines = append(lines, " "+m.safetyRow(t))
	return lines
}

// tableauMedium draws the battle and speed piles as cards with the
// distance, safeties and what the side needs beside them.
func (m *Model) tableauMedium(t *engine.Tableau, w, rows int) []string {
	st := m.styles
	bat := strings.Split(st.drawCard(t.Battle, "Bat", false), "\n")
	spd := strings.Split(st.drawCard(t.Speed, "Spd", false), "\n")
	right := []string{
		m.tripBar(t, 14) + " " + st.Dim.Render(fmt.Sprintf("%d miles", t.Miles)),
		m.mileCounts(t, false),
		m.safetyRow(t),
		m.sideStatus(t),
	}
	lines := make([]string, 0, rows)
	for i := 0; i < cardH; i++ {
		lines = append(lines, bat[i]+spd[i]+" "+right[i])
	}
	return lines
}

// sideStatus says in words what a side needs to roll.
func (m *Model) sideStatus(t *engine.Tableau) string {
	st := m.styles
	var s string
	switch {
	case t.Battle.IsHazard():
		s = st.Kind[engine.Hazard].Render("stopped") + st.Dim.Render(": needs "+engine.RemedyFor(t.Battle).String())
	case t.Rolling():
		s = st.Kind[engine.Remedy].Render("rolling")
	default:
		s = st.Kind[engine.Hazard].Render("stopped") + st.Dim.Render(": needs Go")
	}
	if t.Limited() {
		s += st.Dim.Render(" · limit 25/50")
	}
	return s
}

// tableauWide draws the piles and the safeties as cards, and the distance
// and what the side needs beside them.
func (m *Model) tableauWide(t *engine.Tableau, w int) []string {
	lines := m.tableauCards(t, w)[:cardH]
	right := []string{
		m.tripBar(t, 14) + " " + m.styles.Dim.Render(fmt.Sprintf("%d miles", t.Miles)),
		m.mileCounts(t, false),
		m.sideStatus(t),
		m.coupNote(t),
	}
	for i := range lines {
		lines[i] += " " + right[i]
	}
	return lines
}

// coupNote names the coups fourrés of a side, if any.
func (m *Model) coupNote(t *engine.Tableau) string {
	var names []string
	for _, s := range engine.AllSafeties {
		if t.HasCoupFourre(s) {
			names = append(names, s.String())
		}
	}
	if len(names) == 0 {
		return ""
	}
	return m.styles.Kind[engine.Safety].Render("coup fourré: " + strings.Join(names, ", "))
}

// tableauCards draws the piles as cards on tall boxes.
func (m *Model) tableauCards(t *engine.Tableau, w int) []string {
	st := m.styles
	cards := []string{st.drawCard(t.Battle, "Bat", false), st.drawCard(t.Speed, "Spd", false), "  "}
	for i, s := range engine.AllSafeties {
		c := engine.NoCard
		if t.Has(s) {
			c = s
		}
		key := ""
		if t.HasCoupFourre(s) {
			key = "CF"
		}
		_ = i
		cards = append(cards, st.drawCard(c, key, false))
	}
	row := lipgloss.JoinHorizontal(lipgloss.Top, cards...)
	lines := strings.Split(row, "\n")
	lines = append(lines, " "+m.tripBar(t, min(w-20, 30))+" "+st.Dim.Render(fmt.Sprintf("%d miles", t.Miles)), " "+m.mileCounts(t, false), " "+m.sideStatus(t))
	return lines
}

// tripBar shows the distance as a bar of w cells over the trip.
func (m *Model) tripBar(t *engine.Tableau, w int) string {
	if w < 4 {
		w = 4
	}
	trip := int(m.obs.Trip)
	full := int(t.Miles) * w / trip
	return m.styles.BarFull.Render(strings.Repeat("▰", full)) + m.styles.BarEmpty.Render(strings.Repeat("▱", w-full))
}

// mileCounts lists the distance cards played, by value.
func (m *Model) mileCounts(t *engine.Tableau, short bool) string {
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
		return m.styles.Dim.Render("no distance yet")
	}
	return strings.TrimRight(b.String(), " ")
}

// safetyRow shows the four safeties: ★ played, ✪ coup fourré, · not yet.
func (m *Model) safetyRow(t *engine.Tableau) string {
	st := m.styles
	parts := make([]string, 0, 4)
	for i, s := range engine.AllSafeties {
		switch {
		case t.HasCoupFourre(s):
			parts = append(parts, st.Kind[engine.Safety].Render("✪"+safetyShort[i]+"!"))
		case t.Has(s):
			parts = append(parts, st.Kind[engine.Safety].Render("★"+safetyShort[i]))
		default:
			parts = append(parts, st.Dim.Render("·"+safetyShort[i]))
		}
	}
	return strings.Join(parts, " ")
}

// deckCard is the draw pile with its count.
func (m *Model) deckCard(obs *engine.Observation, big bool) string {
	st := m.styles
	inner := cardW - 2
	if big {
		inner = bigW - 2
	}
	edge := st.Dim
	side := edge.Render("│")
	lines := []string{edge.Render("╭Deck" + strings.Repeat("─", inner-4) + "╮")}
	if big {
		lines = append(lines, side+strings.Repeat(" ", inner)+side, side+strings.Repeat(" ", inner)+side)
	}
	lines = append(lines,
		side+st.Title.Render(center(strconv.Itoa(int(obs.DrawLen)), inner))+side,
		side+st.Dim.Render(center("cards", inner))+side,
		edge.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return strings.Join(lines, "\n")
}

// handNote is the text right of the hand: what the slots mean.
func (m *Model) handNote(obs *engine.Observation, w int) string {
	st := m.styles
	var lines []string
	if !obs.Onlooker {
		lines = append(lines, st.Dim.Render("P: drawn card"))
	}
	if m.opts.Ordered && !obs.Onlooker {
		lines = append(lines, st.Dim.Render("hand ordered"))
	}
	if obs.DrawLen == 0 {
		lines = append(lines, st.Error.Render("deck empty"))
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], w, "")
	}
	return strings.Join(lines, "\n")
}

// inputLine is the row under the message: the BSD command being typed, the
// target choice, or what to do now.
func (m *Model) inputLine(obs *engine.Observation) string {
	st := m.styles
	switch {
	case m.pending != 0:
		verb := "Use"
		if m.pending == 'd' {
			verb = "Discard"
		}
		if m.pendSlot < 0 {
			return st.Heading.Render(">>:Move: "+verb+" card # ") + st.Dim.Render("(1-6 or P, Esc cancels)")
		}
		c := m.handView()[m.pendSlot].card
		return st.Heading.Render(">>:Move: "+verb+" "+slotKey(m.pendSlot)+" ") + st.chip(c) + st.Dim.Render("  Return or Space to confirm")
	case m.target != engine.NoCard:
		var b strings.Builder
		b.WriteString(st.Heading.Render("Play " + m.target.String() + " on: "))
		for i, o := range m.opponents() {
			label := fmt.Sprintf("[%d] %s", i+1, m.sideName(o))
			if o == m.tsel {
				label = st.ButtonOn.Render(label)
			}
			b.WriteString(label + "  ")
		}
		b.WriteString(st.Dim.Render("←→ enter, or click a table · esc"))
		return b.String()
	case m.thinking:
		return st.Dim.Render(m.spin.View() + " " + m.seatName(int(obs.Turn)) + " is thinking…")
	case m.hinting:
		return st.Dim.Render(m.spin.View() + " looking for a hint…")
	case obs.MyTurn() && obs.Phase == engine.PhasePlay:
		return st.Turn.Render("Your turn: ") + st.Dim.Render("←→ or 1-6 choose, enter plays, x discards (or U n, D n)")
	}
	return ""
}

// activeKeys is the key map with the keys that do nothing now disabled.
func (m *Model) activeKeys() KeyMap {
	k := m.keys
	prompt := m.gamePrompt() != promptNone || m.dialog == dialogQuit || m.dialog == dialogSaveOnQuit || m.dialog == dialogGuideOffer || m.dialog == dialogResume
	myPlay := m.obs.MyTurn() && m.obs.Phase == engine.PhasePlay
	board := !prompt && m.dialog == dialogNone
	choosing := m.target != engine.NoCard || m.pending != 0
	set := func(b *key.Binding, on bool) { b.SetEnabled(on) }
	set(&k.Yes, prompt)
	set(&k.Default, prompt && m.gamePrompt() != promptAnotherHand && m.gamePrompt() != promptAnotherGame)
	set(&k.No, prompt)
	hand := !m.obs.Onlooker // an onlooker has no cards to choose
	set(&k.Left, hand && board && !choosing || m.target != engine.NoCard)
	set(&k.Right, hand && board && !choosing || m.target != engine.NoCard)
	set(&k.Play, board && (myPlay || m.target != engine.NoCard))
	set(&k.Discard, board && myPlay && !choosing)
	set(&k.Slot, hand && board && (m.pending == 0 || m.pendSlot < 0))
	set(&k.Use, board && myPlay && !choosing)
	set(&k.DiscardN, board && myPlay && !choosing)
	set(&k.Pick, board && myPlay && !choosing)
	set(&k.Cancel, choosing || m.dialog == dialogSaveAs || m.dialog == dialogLoad)
	set(&k.Folder, m.dialog == dialogSaveAs)
	set(&k.Load, board && !choosing && m.cfg.Load != nil)
	set(&k.Stats, board && !choosing && m.cfg.Stats != nil)
	set(&k.Undo, (board || prompt && m.dialog == dialogNone) && m.sess != nil && m.sess.CanUndo())
	set(&k.Hint, board && myPlay && m.cfg.Hint != nil)
	set(&k.Save, board && m.canSave())
	set(&k.Quit, board || m.gamePrompt() != promptNone && m.dialog == dialogNone)
	set(&k.Window, board || m.gamePrompt() != promptNone)
	set(&k.Order, hand && board && !choosing)
	set(&k.NewGame, board && !choosing && !m.remote)
	set(&k.Guide, board && !choosing)
	set(&k.LogUp, board && len(m.log) > 0)
	set(&k.Bell, board && !choosing)
	set(&k.Speed, board && !choosing && !m.remote)
	set(&k.Redraw, board)
	set(&k.Help, board)
	set(&k.Up, false)
	if m.remote {
		k.Quit.SetHelp("q", "leave")
	}
	if m.gamePrompt() == promptCoupFourre {
		k.Yes.SetHelp("y", "coup fourré!")
		k.No.SetHelp("n", "let it pass")
	}
	if m.gamePrompt() == promptExtension {
		k.Yes.SetHelp("y", "extend to 1000")
		k.No.SetHelp("n", "stop at 700")
	}
	return k
}

// rightPanel is the BSD score window (or the command list) with the log of
// recent moves under it.
func (m *Model) rightPanel(obs *engine.Observation, w, h int, withLog bool) string {
	var top []string
	if m.window {
		top = m.scoreWindow(obs, w, false)
	} else {
		top = m.commandList(w)
	}
	if !withLog && h-len(top) >= 10 { // room for both windows
		if m.window {
			top = append(top, "")
			top = append(top, m.commandList(w)...)
		} else {
			top = append(top, "")
			top = append(top, m.scoreWindow(obs, w, false)...)
		}
	}
	logH := h - len(top) - 1
	if withLog && logH >= 3 {
		top = append(top, m.styles.Heading.Render(padRight("── Recent moves ", w, '─')))
		top = append(top, m.logLines(w, logH-0)...)
	}
	if len(top) > h {
		top = top[:h]
	}
	return strings.Join(top, "\n")
}

// padRight fills s to width w with r.
func padRight(s string, w int, r rune) string {
	n := width(s)
	if n >= w {
		return s
	}
	return s + strings.Repeat(string(r), w-n)
}

// logLines are the last h lines of the log, scrolled back by logOff.
func (m *Model) logLines(w, h int) []string {
	end := len(m.log) - m.logOff
	start := end - h
	if start < 0 {
		start = 0
	}
	lines := make([]string, 0, h)
	for i := start; i < end; i++ {
		style := m.styles.Dim
		if i == len(m.log)-1 {
			style = m.styles.Text
		}
		lines = append(lines, style.Render(ansi.Truncate(m.log[i], w, "…")))
	}
	if m.logOff > 0 && len(lines) > 0 {
		lines[len(lines)-1] = m.styles.Dim.Render(fmt.Sprintf("↓ %d newer ([ ] or wheel)", m.logOff))
	}
	return lines
}

// commandList is BSD's command window, with the modern keys.
func (m *Model) commandList(w int) []string {
	st := m.styles
	rows := [][2]string{
		{"p: pick", "q: quit"},
		{"u: use #", "o: order hand"},
		{"d: discard #", "s: save"},
		{"w: score window", "r: reprint"},
		{"←→/1-6: select", "enter: play"},
		{"x: discard", "z: undo"},
		{"n: new game", "g: rules guide"},
		{"?: all keys", "[ ]: scroll log"},
	}
	if m.remote {
		save := "t: hint"
		if m.canSave() {
			save = "s: save"
		}
		rows = [][2]string{
			{"p: pick", "q: leave"},
			{"u: use #", "o: order hand"},
			{"d: discard #", save},
			{"w: score window", "r: reprint"},
			{"←→/1-6: select", "enter: play"},
			{"x: discard", "g: rules guide"},
			{"?: all keys", "[ ]: scroll log"},
		}
		if m.obs.Onlooker {
			rows = [][2]string{
				{"w: score window", "q: leave"},
				{"g: rules guide", "r: reprint"},
				{"?: all keys", "[ ]: scroll log"},
			}
		}
	}
	lines := []string{st.Heading.Render(padRight("── Commands ", w, '─'))}
	half := w/2 + 1
	for _, r := range rows {
		lines = append(lines, st.Text.Render(padRight(" "+r[0], half, ' ')+r[1]))
	}
	return lines
}

// scoreRows are the rows of BSD's score window, with their values.
var scoreRows = []struct {
	label string
	value int
	get   func(s engine.Score) int16
}{
	{"Milestones Played", 0, func(s engine.Score) int16 { return s.Milestones }},
	{"Each Safety", 100, func(s engine.Score) int16 { return s.Safeties }},
	{"All 4 Safeties", 300, func(s engine.Score) int16 { return s.AllSafeties }},
	{"Each Coup Fourré", 300, func(s engine.Score) int16 { return s.CoupsFourres }},
	{"Trip Completed", 400, func(s engine.Score) int16 { return s.Trip }},
	{"Safe Trip", 300, func(s engine.Score) int16 { return s.SafeTrip }},
	{"Delayed Action", 300, func(s engine.Score) int16 { return s.Delayed }},
	{"Extension", 200, func(s engine.Score) int16 { return s.Extension }},
	{"Shut-Out", 500, func(s engine.Score) int16 { return s.ShutOut }},
}

// sideShort is a side's column heading in the score window.
func (m *Model) sideShort(side int) string {
	if side == m.obs.Side() && !m.obs.Onlooker {
		if m.obs.Config.Partner(m.obs.Seat) >= 0 {
			return "Us"
		}
		return "You"
	}
	name := m.seatName(m.sideSeats(side)[0])
	// "Computer 2" must stay told apart from "Computer 3" in 5 columns.
	if rest, ok := strings.CutPrefix(name, "Computer"); ok {
		return "Comp" + strings.TrimSpace(rest)
	}
	return name
}

// scoreWindow is BSD's score window: a row per item, a column per side.
func (m *Model) scoreWindow(obs *engine.Observation, w int, full bool) []string {
	st := m.styles
	n := obs.Config.Sides()
	colW := 6
	labelW := 17
	showValue := full || w >= labelW+n*colW+7
	if labelW+n*colW > w {
		labelW = w - n*colW
	}
	scores := make([]engine.Score, n)
	for s := 0; s < n; s++ {
		scores[s] = obs.LiveScore(s)
	}
	over := obs.Phase == engine.PhaseHandOver || obs.Phase == engine.PhaseGameOver
	row := func(label string, vals []string, value string, style paint) string {
		var b strings.Builder
		if len(label) > labelW && label == "Milestones Played" {
			label = "Milestones"
		}
		b.WriteString(fmt.Sprintf("%*s", labelW, ansi.Truncate(label, labelW, "")))
		for _, v := range vals {
			b.WriteString(fmt.Sprintf("%*s", colW, v))
		}
		if showValue {
			b.WriteString(fmt.Sprintf("%*s", 7, value))
		}
		return style.Render(b.String())
	}
	heads := make([]string, n)
	for s := range heads {
		heads[s] = ansi.Truncate(m.sideShort(s), colW-1, "")
	}
	title := "── Score "
	if over {
		title = "── Score: hand over "
	}
	lines := []string{st.Heading.Render(padRight(title, w, '─')), row("", heads, "Value", st.Title)}
	vals := make([]string, n)
	for _, r := range scoreRows {
		for s := range vals {
			vals[s] = strconv.Itoa(int(r.get(scores[s])))
		}
		v := ""
		if r.value > 0 {
			v = strconv.Itoa(r.value)
		}
		lines = append(lines, row(r.label, vals, v, st.Text))
	}
	dash := make([]string, n)
	for s := range dash {
		dash[s] = "----"
	}
	lines = append(lines, row("", dash, "", st.Dim))
	for s := range vals {
		vals[s] = strconv.Itoa(scores[s].Total())
	}
	lines = append(lines, row("Hand Total", vals, "", st.Title))
	for s := range vals {
		total := int(obs.Totals[s])
		if !over {
			total += scores[s].Total()
		}
		vals[s] = strconv.Itoa(total)
	}
	lines = append(lines, row("Overall Total", vals, "", st.Title))
	for s := range vals {
		vals[s] = strconv.Itoa(int(obs.GamesWon[s]))
	}
	lines = append(lines, row("Games", vals, "", st.Text))
	return lines
}

// button is a clickable answer in a dialog.
type button struct {
	id, label string
	on        bool
}

// dialogBox draws a dialog centred on the screen, its buttons as layers
// with IDs on top.
func (m *Model) dialogBox(l layout, title string, body []string, buttons []button) []*layer {
	return m.dialogBoxRows(l, title, body, buttons, nil)
}

// dialogBoxRows is dialogBox with some body rows clickable: rows maps a
// body line to its layer ID.
func (m *Model) dialogBoxRows(l layout, title string, body []string, buttons []button, rows map[int]string) []*layer {
	st := m.styles
	var row strings.Builder
	offs := make([]int, len(buttons))
	for i, b := range buttons {
		if i > 0 {
			row.WriteString("   ")
		}
		offs[i] = width(row.String())
		row.WriteString(m.buttonText(b))
	}
	content := append([]string{st.Heading.Render(title), ""}, body...)
	content = append(content, "", row.String())
	box := st.Dialog.Render(strings.Join(content, "\n"))
	bw, bh := width(box), lipgloss.Height(box)
	x := (l.w - bw) / 2
	y := (l.helpY + 1 - bh) / 2 // centred on the board, which may end above the bottom
	if y < 1 {
		y = 1
	}
	layers := []*layer{lay(box).X(x).Y(y).Z(10)}
	by := y + strings.Count(strings.Join(content, "\n"), "\n") + 1 // border, then the last content row
	for i, b := range buttons {
		layers = append(layers, lay(m.buttonText(b)).ID(b.id).X(x+2+offs[i]).Y(by).Z(11))
	}
	for i, id := range rows {
		layers = append(layers, lay(body[i]).ID(id).X(x+2).Y(y+3+i).Z(11)) // border and title, blank
	}
	return layers
}

func (m *Model) buttonText(b button) string {
	if b.on {
		return m.styles.ButtonOn.Render("[ " + b.label + " ]")
	}
	return m.styles.Button.Render("[ " + b.label + " ]")
}

// dialogLayers draws the question being asked, if any.
func (m *Model) dialogLayers(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	switch m.dialog {
	case dialogQuit:
		if m.remote {
			return m.dialogBox(l, "Leave", []string{m.leaveText()}, []button{{"btn-yes", "y Yes", false}, {"btn-no", "n No", true}})
		}
		return m.dialogBox(l, "Quit", []string{"Really quit the game?"}, []button{{"btn-yes", "y Yes", false}, {"btn-no", "n No", true}})
	case dialogResume:
		return m.dialogBox(l, "Welcome back", []string{"You left a game unfinished.", "Resume it where you left it?"},
			[]button{{"btn-yes", "y Resume", true}, {"btn-no", "n New game", false}})
	case dialogSaveOnQuit:
		return m.dialogBox(l, "Quit", []string{"Save the game before quitting?"}, []button{{"btn-yes", "y Save", true}, {"btn-no", "n Don't save", false}})
	case dialogGuideOffer:
		return m.dialogBox(l, "Welcome to Mille Bornes!", []string{
			"Race your opponents along a 700-mile road trip,",
			"hindering them with hazards as you go.",
			"",
			"Would you like to read the illustrated rules first?",
			st.Dim.Render("(g opens them any time)"),
		}, []button{{"btn-yes", "y Read the rules", true}, {"btn-no", "n Just play", false}})
	case dialogSaveAs:
		return m.saveDialog(l)
	case dialogStats:
		return m.statsDialog(l)
	case dialogLoad:
		return nil // drawn by layers, over any screen
	case dialogKeys:
		hm := m.help
		hm.ShowAll = true
		return m.dialogBox(l, "Keys", []string{hm.FullHelpView(m.keysForFullHelp()), "", st.Dim.Render("Mouse: click a card to select it, again to play it;"), st.Dim.Render("click a table to attack it, the discard pile to discard.")},
			[]button{{"btn-yes", "any key Close", true}})
	}
	switch m.gamePrompt() {
	case promptCoupFourre:
		safety := engine.SafetyFor(obs.Threat)
		body := []string{
			m.seatName(int(obs.Attacker)) + " played " + st.chip(obs.Threat) + " on " + m.names().Side(int(obs.ThreatSide)) + ".",
			"You hold " + st.chip(safety) + ": play it now as a coup fourré",
			"for 300 extra points and an extra turn?",
		}
		return m.dialogBox(l, "Coup fourré! Play "+safety.String()+"?", body, []button{{"btn-yes", "y Coup fourré!", true}, {"btn-no", "n Let it pass", false}})
	case promptExtension:
		var others []string
		for _, o := range m.opponents() {
			others = append(others, fmt.Sprintf("%s %d", m.sideName(o), obs.Tableaus[o].Miles))
		}
		body := []string{
			"You reached 700 miles (" + strings.Join(others, ", ") + ").",
			"Extend the trip to 1000 (200 bonus if your side gets there",
			"first, but the others get it if you don't), or stop here?",
		}
		return m.dialogBox(l, "Extension", body, []button{{"btn-yes", "y Extend to 1000", false}, {"btn-no", "n Stop at 700", true}})
	case promptAnotherHand, promptAnotherGame:
		return m.handOverBox(obs, l)
	}
	if m.remote && obs.Phase >= engine.PhaseHandOver {
		// The seat to deal on has the question; the others see the scores.
		return m.handOverBox(obs, l)
	}
	return nil
}

// keysForFullHelp is the full help, with every key that works shown.
func (m *Model) keysForFullHelp() [][]key.Binding {
	d := m.dialog
	m.dialog = dialogNone // the keys of the board behind the help
	k := m.activeKeys()
	m.dialog = d
	k.Help.SetEnabled(true)
	return k.FullHelp()
}

// handOverBox is the end-of-hand window: the full breakdown and the
// question of another hand (or game).
func (m *Model) handOverBox(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	n := obs.Config.Sides()
	w := 17 + 6*n + 7
	body := m.scoreWindow(obs, w, true)[1:]
	title := "End of hand " + strconv.Itoa(int(obs.Hand)+1)
	if obs.Finisher >= 0 {
		title += ": " + m.names().Side(int(obs.Finisher)) + " completed the trip"
	}
	buttons := []button{{"btn-yes", "y Another hand", true}, {"btn-no", "n Quit", false}}
	if m.remote {
		buttons[1].label = "n Leave"
	}
	if obs.Phase == engine.PhaseGameOver {
		title = "Game over"
		switch {
		case obs.Winner < 0:
			body = append(body, "", st.Heading.Render("A tie: nobody wins this game."))
		case int(obs.Winner) == obs.Side() && !obs.Onlooker:
			body = append(body, "", st.Heading.Render("You win the game!"))
		default:
			who, verb := m.sideName(int(obs.Winner)), " wins"
			if strings.Contains(who, "&") {
				verb = " win"
			}
			body = append(body, "", st.Heading.Render(who+verb+" the game."))
		}
		buttons = []button{{"btn-yes", "y Another game", true}, {"btn-new", "New setup", false}, {"btn-no", "n Quit", false}}
		if m.remote {
			buttons = []button{{"btn-yes", "y Another game", true}, {"btn-no", "n Leave", false}}
		}
	}
	if m.record != "" && m.recordedAt == obs.EventCount {
		body = append(body, st.Dim.Render(m.record))
	}
	if m.remote && m.gamePrompt() == promptNone {
		// Asked already, or watching: who the table still waits for.
		next := "the next hand"
		if obs.Phase == engine.PhaseGameOver {
			next = "the next game"
		}
		wait := "Waiting for the players to go on to " + next + "."
		if len(m.waitingFor) > 0 {
			wait = "Waiting for " + andList(m.waitingFor) + " to go on to " + next + "."
		}
		body = append(body, "", st.Dim.Render(wait))
		buttons = []button{{"btn-leave", "q Leave", false}}
	}
	return m.dialogBox(l, title, body, buttons)
}

// andList joins names as a sentence does: "Ann", "Ann and Bob", "Ann, Bob
// and Cal".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
