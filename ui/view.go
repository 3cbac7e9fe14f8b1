package ui

import (
	"charm.land/bubbles/v2/help"
	"strconv"
	"strings"
	"unicode"
	"unique"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// layout is where the parts of the board go for a terminal size.
type layout struct {
	w, h          int
	leftW, rightW int // tableau column and score/command column
	rightX        int
	areaY, areaH  int // rows of the tableaus and the score window
	handY         int
	msgY          int // the message line, the input line under it
	helpY         int
	helpRows      int // the rows of the line of keys, from helpY: 1, or 2 (layoutFor)
	cardGap       int
	big           bool // big cards in the hand
	handW, handH  int  // size of a card in the hand
}

func newLayout(w, h int) layout {
	l := layout{w: w, h: h}
	// The score window's column takes what the tables leave it: 34, 35
	// from 100 columns (the whole "Computer" over its column), and from
	// 110, all but the 82 the tables' piles as stacks need, 35 to 50.
	l.rightW = 34
	if w >= 100 {
		l.rightW = 35
	}
	if w >= 110 {
		l.rightW = min(50, max(35, w-2-stackInner-1))
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
	l.helpY, l.helpRows = h-1, 1
	if w >= 100 {
		l.cardGap = 1
	}
	return l
}

// layoutFor is the layout of the board under footer, its line of keys:
// at the coup fourré's and the extension's question, where the input
// line is free, and at the end of a hand, a line of keys too long for
// its row takes the row above too (French's keys of a question run to
// 110 columns), and the windows keep above it.
func (m *Board) layoutFor(w, h int, footer []key.Binding) layout {
	l := newLayout(w, h)
	p := m.gamePrompt()
	question := (p == promptCoupFourre || p == promptExtension) && m.hand.pending == 0 && m.hand.target == engine.NoCard
	end := m.obs.Phase >= engine.PhaseHandOver && !m.scores.peek && !m.overlaid()
	if m.screen == screenBoard && !m.curtain() && (question || end) && !helpFits(m.styles.help, footer, w) {
		l.helpY, l.helpRows = l.helpY-1, 2
	}
	return l
}

// windowTitle is the terminal window's title, but on the viewer's turn.
const windowTitle = "Mille Bornes"

// View draws the whole screen from a list of layers. The layers' IDs are
// the click targets: Update hit-tests a click on the same layers, built from
// the same model (with lipgloss's compositor), so a click always matches
// what is on screen.
func (m *Board) View() tea.View { return m.drawn(m.layers) }

// drawn is the screen drawn by layers: the board's own (layers), or local
// play's around it (Model.layers).
func (m *Board) drawn(layers func(w, h int) []*layer) tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = windowTitle
	if m.obs.MyTurn() && m.screen == screenBoard {
		v.WindowTitle = m.t(lang.UITitleTurn) // seen from another window
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
	v.SetContent(drawLayers(w, h, layers(w, h), &m.measured))
	return v
}

// tooSmall is the whole screen when the terminal is below 80x24.
func (m *seen) tooSmall(w, h int) string {
	quit := m.t(lang.UILeaves)
	if m.offers.own {
		quit = m.t(lang.UIQuits)
	}
	msg := m.t(lang.UITooSmall, MinWidth, MinHeight, w, h) + "\n\n" + quit
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, msg)
}

// layers are the pieces of the board's screen (w x h at least the
// minimum), with its own footer and questions.
func (m *Board) layers(w, h int) []*layer {
	footer := m.footer()
	return m.frame(w, h, footer, m.dialogLayers(&m.obs, m.layoutFor(w, h, footer)))
}

// frame are the pieces of the current screen with footer, the keys of
// what is active, and dialogs, what is open over the board: the board's
// own, or those of the program around it.
func (m *Board) frame(w, h int, footer []key.Binding, dialogs []*layer) []*layer {
	if m.screen == screenGuide {
		return m.guideLayers(w, h)
	}
	if m.curtain() && !m.overlaid() {
		return m.curtainLayers(w, h, m.spinView())
	}
	if m.curtain() {
		// A question or a window over the curtain (the guide's offer at
		// the first start, quitting, the load picker): no hand behind it.
		l := newLayout(w, h)
		return append([]*layer{lay(m.status.line(w, m.spinView())), lay(m.helpLine.shortHelp(m.styles.help, footer, l.w)).ID("help").Y(l.helpY)},
			dialogs...)
	}
	return m.boardLayers(m.layoutFor(w, h, footer), footer, dialogs)
}

// curtainLayers hide the table while the keyboard goes to another person.
func (m *seen) curtainLayers(w, h int, spin string) []*layer {
	st := m.styles
	toAct := m.view.Next
	name := m.seatName(toAct)
	l := newLayout(w, h)
	l.helpY = h - 1
	layers := []*layer{lay(m.statusLine(&m.obs, w, spin))}
	body := []string{
		m.t(lang.UIPassTurn, name),
		m.t(lang.UIPassSee, name),
		"",
		st.Dim.Render(m.t(lang.UIPassTrip, lang.Capital(m.lang.Side(m.names(), m.obs.Config.SideOf(toAct))), m.obs.Trip)),
	}
	if missed := m.missed(toAct, w-8, h-len(body)-10); len(missed) > 0 {
		head := m.t(lang.UIPassSince, name)
		if m.view.MissedSinceDeal(toAct) {
			head = m.t(lang.UIPassSinceDeal) // they have not played yet
		}
		body = append(append(body, "", head), missed...)
	}
	layers = append(layers, m.dialogBox(l, m.t(lang.UIPassTitle, name), body,
		[]button{{"btn-ready", m.t(lang.UIPassReady, name), true}})...)
	return layers
}

// missed tells, in at most rows lines of width w, each move since seat's
// person last played (table.View.Missed): the last ones when they are
// more, after an ellipsis.
func (m *seen) missed(seat, w, rows int) []string {
	var lines []string
	for _, s := range m.lang.MissedTold(&m.view, m.names(), seat) {
		lines = append(lines, wrap(s, w)...)
	}
	if rows = max(rows, 2); len(lines) > rows {
		lines = append([]string{"…"}, lines[len(lines)-rows+1:]...)
	}
	return lines
}

// boardLayers draws the table.
func (m *Board) boardLayers(l layout, footer []key.Binding, dialogs []*layer) []*layer {
	st := m.styles
	obs := &m.obs
	layers := make([]*layer, 0, 32)
	spin := m.spinView()
	layers = append(layers, lay(m.status.line(l.w, spin)))

	if m.obs.Phase >= engine.PhaseHandOver && !m.scores.peek && !m.overlaid() {
		// The end-of-hand window takes the score column and the rows of
		// the hand: the final board and the log stay in view, with a
		// message of the viewer's own under them.
		rows := l.helpY - l.areaY
		if m.message != "" {
			rows--
			layers = append(layers, lay(strings.Join(m.logs.messageLines(m.message, m.isError, l.leftW, false, 0), "\n")).Y(l.helpY-1))
		}
		sides, _, _ := m.tables.sideLayers(l, rows, &m.hand, &m.logs, 0)
		layers = append(layers, sides...)
		layers = append(layers, lay(m.helpLine.helpRows(m.styles.help, footer, l.w, l.helpRows)).ID("help").Y(l.helpY))
		return append(layers, dialogs...)
	}
	commands := m.scores.commandRows()
	sides, logged, shown := m.tables.sideLayers(l, l.areaH, &m.hand, &m.logs, m.scores.logRoom(obs, commands, l.rightW, l.areaH))
	layers = append(layers, sides...)

	// Score window or command list, and the log below when there is room.
	panel, right := m.scores.rightPanel(obs, &m.logs, commands, l.rightW, l.areaH, !logged)
	layers = append(layers, lay(panel).X(l.rightX).Y(l.areaY))
	shown = max(shown, right)

	// The hand: P then 1-6, then the deck and the discard pile. An
	// onlooker has no hand: a note takes its place.
	x := 0
	if obs.Onlooker {
		layers = append(layers, lay(m.hand.watchingNote(l)).X(0).Y(l.handY))
		x = engine.HandSlots * (l.handW + l.cardGap)
	} else {
		hv := m.handView()
		for i, hp := range hv {
			sel := i == m.hand.sel && m.gamePrompt() == promptNone
			if m.hand.pending != 0 && m.hand.pendSlot < 0 {
				sel = false
			}
			lk := look{key: slotKey(i), selected: sel, big: l.big, blocked: m.blocked(hp.card)}
			layers = append(layers, lay(st.card(m.lang, hp.card, lk)).ID("slot-"+strconv.Itoa(i)).X(x).Y(l.handY))
			x += l.handW + l.cardGap
		}
	}
	x += 2
	layers = append(layers, lay(m.hand.deckCard(obs, l.big)).ID("deck").X(x).Y(l.handY))
	x += l.handW + 1
	top := engine.NoCard
	if obs.DiscardLen > 0 {
		top = obs.Discards[obs.DiscardLen-1]
	}
	layers = append(layers, lay(st.card(m.lang, top, look{key: m.t(lang.PileDiscard), big: l.big})).ID("discard").X(x).Y(l.handY))
	x += l.handW + 1
	if l.w-x >= 12 {
		layers = append(layers, lay(m.hand.handNote(obs, l.w-x-1)).X(x+1).Y(l.handY))
	}

	// Message, input line and help. A message too long for its row goes
	// on over the input line's, unless a command or a target is being
	// chosen there.
	// A line of keys on two rows (layoutFor) takes the input line's, at
	// a question: a hint being sought is said on the message's.
	if l.helpRows == 2 {
		msg := m.logs.messageLines(m.message, m.isError, l.w, false, shown)[0]
		if m.hints.On() {
			msg = fit(m.hand.inputLine(obs, l.w, spin, true), l.w)
		}
		layers = append(layers,
			lay(msg).Y(l.msgY),
			lay(m.helpLine.helpRows(m.styles.help, footer, l.w, 2)).ID("help").Y(l.helpY))
		return append(layers, dialogs...)
	}
	msg := m.logs.messageLines(m.message, m.isError, l.w, m.hand.pending == 0 && m.hand.target == engine.NoCard, shown)
	if len(msg) == 1 {
		msg = append(msg, fit(m.hand.inputLine(obs, l.w, spin, m.hints.On()), l.w))
	}
	layers = append(layers,
		lay(strings.Join(msg, "\n")).Y(l.msgY),
		lay(m.helpLine.shortHelp(m.styles.help, footer, l.w)).ID("help").Y(l.helpY),
	)
	layers = append(layers, dialogs...)
	return layers
}

// messageLines are the message line's rows: the message, or else the
// recent moves (those the log's rows leave out first: shown, narration),
// styled, on one row or, when they need them and two may be taken, on
// two.
func (m *logPane) messageLines(message string, isError bool, w int, two bool, shown int) []string {
	st := m.styles
	msg, style := message, st.Message
	switch {
	case isError:
		style = st.Error
	case msg == "":
		var alert bool
		if msg, alert = m.narration(w, shown); alert {
			style = st.Kind[engine.Hazard]
		}
	}
	lines := wrap(msg, w)
	switch {
	case !two:
		lines = []string{fit(msg, w)}
	case len(lines) > 2:
		lines = []string{lines[0], fit(strings.Join(lines[1:], " "), w)}
	}
	for i := range lines {
		lines[i] = style.Render(lines[i])
	}
	return lines
}

// cachedLine is a drawn line and what it was drawn from, each kept once
// for every board that drew the same (unique.Make): the help line reads
// the same for every player of a language not on turn at one width, and
// a server held it, about 2 KB with its id, for each session (issue 36).
type cachedLine struct{ id, text unique.Handle[string] }

// shortHelp is the help line drawn by hm: the whole entries that fit in
// w cells, in their order.
func (c *cachedLine) shortHelp(hm *help.Model, bindings []key.Binding, w int) string {
	return c.helpRows(hm, bindings, w, 1)
}

// helpRows is the help drawn by hm on at most rows rows of w cells: the
// whole entries in their order, a row taken up when the next entry does
// not fit in it, those that fit in none left out. On one row the keys'
// window's entry ("? more keys", which lists what is left out) keeps its
// room.
func (c *cachedLine) helpRows(hm *help.Model, bindings []key.Binding, w, rows int) string {
	// Styling the line is a good part of a frame's cost, and the line
	// seldom changes between frames: it is kept, keyed by what it shows.
	var id strings.Builder
	id.WriteString(strconv.Itoa(w) + "/" + strconv.Itoa(rows))
	for _, kb := range bindings {
		if kb.Enabled() {
			id.WriteString("\x00" + kb.Help().Key + "\x01" + kb.Help().Desc)
		}
	}
	if c.id != (unique.Handle[string]{}) && c.id.Value() == id.String() {
		return c.text.Value()
	}
	hs := hm.Styles
	sep := hs.ShortSeparator.Inline(true).Render(hm.ShortSeparator)
	item := func(kb key.Binding) string {
		return hs.ShortKey.Inline(true).Render(kb.Help().Key) + " " + hs.ShortDesc.Inline(true).Render(kb.Help().Desc)
	}
	reserve := 0
	if rows == 1 {
		for _, kb := range bindings {
			if kb.Enabled() && kb.Help().Key == "?" {
				reserve = width(sep + item(kb))
			}
		}
	}
	lines := make([]strings.Builder, rows)
	used := make([]int, rows)
	row := 0
	for _, kb := range bindings {
		if !kb.Enabled() {
			continue
		}
		it := item(kb)
		room := w
		if kb.Help().Key != "?" {
			room -= reserve
		}
		for r := row; r < rows; r++ {
			iw := width(it)
			if used[r] > 0 {
				iw += width(sep)
			}
			if used[r]+iw > room && r+1 < rows {
				continue // the next row
			}
			if used[r]+iw <= room {
				if used[r] > 0 {
					lines[r].WriteString(sep)
				}
				lines[r].WriteString(it)
				used[r] += iw
				row = r
			}
			break
		}
		if kb.Help().Key == "?" {
			reserve = 0 // the entries after it take what is left
		}
	}
	text := make([]string, 0, rows)
	for r := range lines {
		if used[r] > 0 {
			text = append(text, lines[r].String())
		}
	}
	c.id, c.text = unique.Make(id.String()), unique.Make(strings.Join(text, "\n"))
	return c.text.Value()
}

// helpFits reports whether the help's enabled entries fit on one row of
// w cells.
func helpFits(hm *help.Model, bindings []key.Binding, w int) bool {
	used := 0
	for _, kb := range bindings {
		if kb.Enabled() {
			if used > 0 {
				used += width(hm.ShortSeparator)
			}
			used += width(kb.Help().Key) + 1 + width(kb.Help().Desc)
		}
	}
	return used <= w
}

// sideLayers are the sides' table boxes, stacked in the left column, as
// tall as their drawing needs within rows rows, and the log of recent
// moves in the rows left under them; logged reports whether the log had
// room there (three rows), and shown how many of the newest moves it
// shows (logLines). The log goes to the right column instead when right,
// the rows it would have there, are more and those under the boxes are
// fewer than the moves between two of the viewer's turns, about (one a
// player and their own draw): six players at 100x30 saw 3 of 7 (issue 34).
func (m *tablesPane) sideLayers(l layout, rows int, hand *handPane, logs *logPane, right int) (layers []*layer, logged bool, shown int) {
	obs := &m.obs
	n := obs.Config.Sides()
	inner, room := l.leftW-2, rows/n
	boxH := min(room, 6)
	switch {
	case inner >= roomyInner && room >= roomyRows+2:
		boxH = roomyRows + 2
	case inner >= stackInner && room >= stackRows+2:
		boxH = stackRows + 2
	case inner >= 52 && inner < stackInner && room >= 9:
		boxH = 9
	}
	for side := 0; side < n; side++ {
		box := m.tableauBox(obs, side, l.leftW, boxH, hand.target, hand.tsel)
		layers = append(layers, lay(box).ID("side-"+strconv.Itoa(side)).X(0).Y(l.areaY+side*boxH))
	}
	logRows := rows - n*boxH
	if logRows < 3 || logRows-1 < obs.Config.Players+1 && right > logRows-1 {
		return layers, false, 0
	}
	moves, shown := logs.logLines(l.leftW, logRows-1)
	lines := append([]string{m.styles.Heading.Render(padRight(m.t(lang.UIRecentMoves), l.leftW, '─'))}, moves...)
	return append(layers, lay(strings.Join(lines, "\n")).ID("log").X(0).Y(l.areaY+n*boxH)), true, shown
}

// spinView is the spinner's frame where one shows, while a computer
// thinks or a hint is sought (the status and input lines), else nothing:
// drawing it (a lipgloss style) on every frame was for none (issue 36).
func (m *Board) spinView() string {
	if !m.computerThinks() && !m.hints.On() {
		return ""
	}
	return m.spin.View()
}

// statusPane is the top row (statusLine), kept while what it reads is
// the same.
type statusPane struct {
	*seen
	kept kept[string]
}

// line is the status line in w cells, with the spinner's frame spin.
func (m *statusPane) line(w int, spin string) string {
	return m.kept.get(m.from(w, spin), func() string { return m.statusLine(&m.obs, w, spin) })
}

// statusLine is the top row: game, hand, trip and whose turn it is.
func (m *seen) statusLine(obs *engine.Observation, w int, spin string) string {
	st := m.styles
	turn := ""
	switch {
	case obs.Phase == engine.PhaseHandOver:
		turn = m.t(lang.UIHandOver)
	case obs.Phase == engine.PhaseGameOver:
		turn = m.t(lang.UIGameOver)
	case m.computerThinks():
		turn = spin + " " + m.t(lang.UIIsThinking, m.seatName(int(obs.Turn)))
	case obs.Waiting:
		turn = m.t(lang.UIPause)
	case int(obs.Turn) == obs.Seat && !obs.Onlooker:
		turn = m.t(lang.UIYourTurn)
	default:
		turn = m.t(lang.UITurnOf, m.seatName(int(obs.Turn)))
	}
	status := m.t(lang.UIStatus, obs.Game+1, obs.Hand+1, obs.Trip, obs.Config.Rules)
	for width("MILLE BORNES"+status)+1+width(turn) > w {
		// A long name: whose turn it is comes first, the status's last
		// items (the rules, the trip) go.
		i := strings.LastIndex(status, " · ")
		if i < 0 {
			break
		}
		status = status[:i]
	}
	left := st.Heading.Render("MILLE BORNES") + st.Dim.Render(status)
	right := st.Turn.Render(turn)
	gap := w - width(left) - width(right)
	if gap < 1 {
		gap = 1
	}
	return left + strings.Repeat(" ", gap) + right
}

// keysNow is the key map with the keys that do nothing now disabled;
// full lists them for the full help, where a key of the end of a hand is
// told all the same.
func (m *Board) keysNow(full bool) KeyMap {
	k := *m.keys // a copy: the language's map is shared
	prompt := m.gamePrompt() != promptNone || m.question() != nil
	myPlay := m.obs.MyTurn() && m.obs.Phase == engine.PhasePlay
	board := !prompt && !m.overlaid()
	choosing := m.hand.target != engine.NoCard || m.hand.pending != 0
	set := func(b *key.Binding, on bool) { b.SetEnabled(on) }
	set(&k.Yes, prompt)
	set(&k.Default, prompt)
	set(&k.No, prompt)
	hand := !m.obs.Onlooker // an onlooker has no cards to choose
	set(&k.Left, hand && board && !choosing || m.hand.target != engine.NoCard)
	set(&k.Right, hand && board && !choosing || m.hand.target != engine.NoCard)
	set(&k.Play, board && (myPlay || m.hand.target != engine.NoCard))
	set(&k.Discard, board && myPlay && !choosing)
	set(&k.Slot, hand && board && (m.hand.pending == 0 || m.hand.pendSlot < 0))
	set(&k.Use, board && myPlay && !choosing)
	set(&k.DiscardN, board && myPlay && !choosing)
	set(&k.Pick, board && myPlay && !choosing)
	set(&k.Cancel, choosing)
	set(&k.Folder, false)
	set(&k.Load, false)
	set(&k.Stats, false)
	set(&k.Undo, (board || prompt && !m.overlaid()) && m.view.CanUndo)
	question := m.gamePrompt() == promptCoupFourre || m.gamePrompt() == promptExtension
	set(&k.Hint, (board && myPlay || question && !m.overlaid()) && m.hintFn != nil)
	set(&k.Save, board && m.canSave())
	set(&k.Quit, board || m.gamePrompt() != promptNone && !m.overlaid())
	set(&k.Window, board || m.gamePrompt() != promptNone)
	set(&k.Order, hand && board && !choosing)
	set(&k.NewGame, false)
	set(&k.Guide, board && !choosing)
	set(&k.LogUp, board && len(m.logs.log) > 0)
	set(&k.Bell, board && !choosing)
	set(&k.Speed, false)
	set(&k.Redraw, board)
	set(&k.Review, false)
	set(&k.Help, board)
	set(&k.Up, false)
	set(&k.DontSave, false)
	if m.gamePrompt() == promptCoupFourre {
		m.said(&k.Yes, lang.BtnCoupFourre)
		m.said(&k.No, lang.BtnLetPass)
	}
	if m.obs.Phase >= engine.PhaseHandOver {
		k.Window.SetHelp("w", m.t(lang.UIKeySeeBoard))
		if m.scores.peek {
			k.Window.SetHelp("w", m.t(lang.UIKeySeeScores))
		}
	}
	if p := m.gamePrompt(); p == promptAnotherHand || p == promptAnotherGame {
		m.said(&k.Yes, lang.BtnAnotherHand)
		k.No.SetEnabled(false) // n: the end of a game's new setup, local play's (moreKeys)
		if p == promptAnotherGame {
			m.said(&k.Yes, lang.BtnAnotherGame)
			m.said(&k.No, lang.BtnNewSetup)
		}
	}
	m.moreKeys(&k, board && !choosing, full)
	if m.gamePrompt() == promptExtension {
		m.said(&k.Yes, lang.BtnExtend, engine.ExtendedTrip)
		m.said(&k.No, lang.BtnStop700, m.obs.Trip)
	}
	return k
}

// moreKeys are the keys of what the program around the board offers:
// a served board's q leaves the table; local play's files, new games,
// the pace, the review. free is whether the board takes keys now, full
// whether the full help lists them.
func (m *seen) moreKeys(k *KeyMap, free, full bool) {
	if !m.offers.own {
		k.Quit.SetHelp("q", m.t(lang.UIKeyLeave))
		return
	}
	k.Load.SetEnabled(free && m.offers.load)
	k.Stats.SetEnabled(free && m.offers.stats)
	k.NewGame.SetEnabled(free)
	k.Speed.SetEnabled(free)
	p := m.gamePrompt()
	end := p == promptAnotherHand || p == promptAnotherGame
	k.Review.SetEnabled(end || full) // the full help tells it all the same
	if end {
		k.NewGame.SetEnabled(true)
		k.No.SetEnabled(p == promptAnotherGame) // n: the new setup
	}
}

// padRight fills s to width w with r.
func padRight(s string, w int, r rune) string {
	n := width(s)
	if n >= w {
		return s
	}
	return s + strings.Repeat(string(r), w-n)
}

// lowerFirst writes a button's words as the footer says them: "Resume"
// is "resume"; a word in capitals ("STOP") stays.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 || len(r) > 1 && unicode.IsUpper(r[1]) {
		return s
	}
	return string(unicode.ToLower(r[0])) + string(r[1:])
}

// layers are the pieces of local play's screen: the new-game screen, the
// offer of the autosave's game, or the board; the load picker over them.
func (m *Model) layers(w, h int) []*layer {
	m.covered = m.covering() // what the board draws under is local play's to say
	var layers []*layer
	switch {
	case m.setup != nil:
		msg := ""
		if m.isError {
			msg = m.message
		}
		layers = m.setup.layers(&m.screenContext, m.helpModel(), w, h, msg, m.footer())
	case m.screen == screenBoard && m.resuming():
		// Not the new game's hand under the offer of the old game, nor
		// the offer under the load picker opened from it.
		l := newLayout(w, h)
		layers = []*layer{lay(m.helpLine.shortHelp(m.styles.help, m.footer(), l.w)).ID("help").Y(l.helpY)}
		if m.loader == nil {
			return append(layers, m.dialogLayers(&m.obs, l)...)
		}
	default:
		footer := m.footer()
		layers = m.Board.frame(w, h, footer, m.dialogLayers(&m.obs, m.layoutFor(w, h, footer)))
	}
	if m.loader != nil {
		// The picker opens over the board or the new-game screen.
		msg := ""
		if m.isError {
			msg = m.message
		}
		layers = append(layers, m.loader.layers(&m.screenContext, newLayout(w, h), msg)...)
	}
	return layers
}
