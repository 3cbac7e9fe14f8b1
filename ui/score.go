package ui

import (
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// scorePane is the right column (BSD's score window, its command list,
// or the log, which w goes round) and the end-of-hand window over it:
// its buttons, the highlight, and the player's record of the hand.
type scorePane struct {
	*seen
	window     bool           // true: the score window; false: the command list
	logPanel   bool           // the log instead of either (w goes round the three)
	peek       bool           // the end-of-hand window is put aside to show the board
	endSel     int            // the end-of-hand window's highlighted button (endButtons)
	endAt      time.Time      // when that window opened: Return is ignored for endGuard
	record     string         // the player's record, shown at the end of a hand (local play)
	recordedAt uint32         // event count of the last hand end whose record was asked for
	window1    kept[[]string] // the score window last drawn (scoreWindow)
	briefRows  kept[int]      // the rows of the brief one (logRoom)
}

// rightPanel is the BSD score window (or the command list) with the log of
// recent moves under it; shown is how many of the newest moves the log
// shows there (logLines).
func (m *scorePane) rightPanel(obs *engine.Observation, lg *logPane, commands [][2]lang.Key, w, h int, withLog bool) (panel string, shown int) {
	if m.logPanel {
		// The log in the whole column: every move since the viewer's last
		// turn stays readable when the score window leaves it no room.
		rows, shown := lg.logLines(w, h-1)
		top := []string{m.styles.Heading.Render(padRight(m.t(lang.UIRecentMoves), w, '─'))}
		return strings.Join(append(top, rows...), "\n"), shown
	}
	var top []string
	if m.window {
		top = m.scoreWindow(obs, w, false)
		if withLog && h-len(top)-1 < max(5, obs.Config.Players+1) {
			// No room for the moves under the boxes (three sides at
			// 80x24), or not for those between two of the viewer's
			// turns (about one a player, and their own draw): the score
			// keeps the items scored, and the moves, those since the
			// viewer's last turn standing out, have the rows it leaves
			// (issue 34: "+8 more (w: log)").
			top = m.scoreWindow(obs, w, true)
		}
	} else {
		top = m.commandList(commands, w)
	}
	if !withLog && h-len(top) >= 10 { // room for both windows
		if m.window {
			top = append(top, "")
			top = append(top, m.commandList(commands, w)...)
		} else {
			top = append(top, "")
			top = append(top, m.scoreWindow(obs, w, false)...)
		}
	}
	logH := h - len(top) - 1
	if withLog && logH >= 3 {
		rows, n := lg.logLines(w, logH)
		top = append(top, m.styles.Heading.Render(padRight(m.t(lang.UIRecentMoves), w, '─')))
		top, shown = append(top, rows...), n
	}
	if len(top) > h {
		top = top[:h]
	}
	return strings.Join(top, "\n"), shown
}

// logRoom is how many rows of h the right column would leave the log of
// recent moves, under the score's scored items or the command list.
func (m *scorePane) logRoom(obs *engine.Observation, commands [][2]lang.Key, w, h int) int {
	switch {
	case m.logPanel:
		return h - 1
	case m.window:
		// Its rows only, kept: the brief window itself is drawn only
		// where the whole one leaves the log no room (rightPanel).
		rows := func() int { return len(m.drawScoreWindow(obs, w, true)) }
		if !m.keeps(obs) {
			return h - rows() - 1
		}
		return h - m.briefRows.get(m.from(w, ""), rows) - 1
	}
	return h - len(m.commandList(commands, w)) - 1
}

// commandList is BSD's command window, with the modern keys: two
// columns, the second at half the width, or further right when a command
// of the first would leave less than two spaces before it and the second
// column still fits (French "←→/1-6 : choisir" ran into "entrée : jouer").
func (m *scorePane) commandList(rows [][2]lang.Key, w int) []string {
	st := m.styles
	lines := []string{st.Heading.Render(padRight(m.t(lang.CmdHeading), w, '─'))}
	col, left, right := w/2+1, 0, 0
	for _, r := range rows {
		left, right = max(left, width(" "+m.t(r[0]))), max(right, width(m.t(r[1])))
	}
	if need := left + 2; need > col && need+right <= w {
		col = need
	}
	for _, r := range rows {
		lines = append(lines, st.Text.Render(padRight(" "+m.t(r[0]), col, ' ')+m.t(r[1])))
	}
	return lines
}

// commandRows are the command list: local play's, or a served board's,
// where q leaves, S saves the room for its host, and an onlooker has no
// hand.
func (m *scorePane) commandRows() [][2]lang.Key {
	if m.offers.own {
		return [][2]lang.Key{
			{lang.CmdPick, lang.CmdQuit},
			{lang.CmdUse, lang.CmdOrder},
			{lang.CmdDiscardN, lang.CmdSave},
			{lang.CmdWindow, lang.CmdReprint},
			{lang.CmdSelect, lang.CmdPlay},
			{lang.CmdDiscard, lang.CmdUndo},
			{lang.CmdNewGame, lang.CmdGuide},
			{lang.CmdAllKeys, lang.CmdScroll},
		}
	}
	if m.obs.Onlooker {
		return [][2]lang.Key{
			{lang.CmdWindow, lang.CmdLeave},
			{lang.CmdGuide, lang.CmdReprint},
			{lang.CmdAllKeys, lang.CmdScroll},
		}
	}
	save := lang.CmdHint
	if m.canSave() {
		save = lang.CmdSave
	}
	return [][2]lang.Key{
		{lang.CmdPick, lang.CmdLeave},
		{lang.CmdUse, lang.CmdOrder},
		{lang.CmdDiscardN, save},
		{lang.CmdWindow, lang.CmdReprint},
		{lang.CmdSelect, lang.CmdPlay},
		{lang.CmdDiscard, lang.CmdGuide},
		{lang.CmdAllKeys, lang.CmdScroll},
	}
}

// scoreRows are the rows of BSD's score window, with a shorter label for
// narrow windows.
var scoreRows = []struct {
	label, short lang.Key
	get          func(s engine.Score) int16
	only         func(r engine.Ruleset) bool // the rulesets that score the item; nil for all
}{
	{lang.ScoreMilestones, lang.ScoreMilestonesShort, func(s engine.Score) int16 { return s.Milestones }, nil},
	{lang.ScoreSafety, lang.ScoreSafetyShort, func(s engine.Score) int16 { return s.Safeties }, nil},
	{lang.ScoreAllSafeties, lang.ScoreAllSafetiesShort, func(s engine.Score) int16 { return s.AllSafeties }, nil},
	{lang.ScoreCoup, lang.ScoreCoupShort, func(s engine.Score) int16 { return s.CoupsFourres }, nil},
	{lang.ScoreTrip, lang.ScoreTripShort, func(s engine.Score) int16 { return s.Trip }, nil},
	{lang.ScoreSafeTrip, lang.ScoreSafeTripShort, func(s engine.Score) int16 { return s.SafeTrip }, nil},
	{lang.ScoreDelayed, lang.ScoreDelayedShort, func(s engine.Score) int16 { return s.Delayed }, nil},
	{lang.ScoreExtension, lang.ScoreExtensionShort, func(s engine.Score) int16 { return s.Extension }, nil},
	{lang.ScoreShutOut, lang.ScoreShutOutShort, func(s engine.Score) int16 { return s.ShutOut }, nil},
	{lang.ScoreNoHundreds, lang.ScoreNoHundredsShort, func(s engine.Score) int16 { return s.NoHundreds }, engine.Ruleset.NoHundredsBonus},
}

// unitScore is what each item of the score is worth, as the engine scores
// it: the hand of a side that earns every item once (a mile, the four
// safeties, one of them as a coup fourré, the trip completed without a
// 200 after the deck ran out, with the extension it called, its opponent
// shut out, under dujardin+500 so that its own item has a value), each
// safety's points divided by the four.
var unitScore = sync.OnceValue(func() engine.Score {
	s := engine.State{Config: engine.Config{Players: 2, Rules: engine.Dujardin500}, Phase: engine.PhaseHandOver,
		Finisher: 0, Extender: 0, FinishedDelayed: true, Trip: engine.ExtendedTrip}
	t := &s.Tableaus[0]
	t.Miles, t.Safeties, t.CoupsFourres = 1, 0b1111, 0b0001
	sc := s.LiveScore(0)
	sc.Safeties /= int16(len(engine.AllSafeties))
	return sc
})

// scoreHeads are the score window's column headings for n sides, short
// or not (seatShort): a row of one name a side, or a team's rows.
func (m *scorePane) scoreHeads(n int, short bool) [][]string {
	if teams := m.teamHeads(short); teams != nil {
		return teams
	}
	heads := [][]string{make([]string, n)}
	for s := range heads[0] {
		heads[0][s] = m.sideShort(s, short)
	}
	return heads
}

// sideShort is a side's column heading in the score window.
func (m *scorePane) sideShort(side int, short bool) string {
	if side == m.view.YourSide() {
		if m.obs.Config.Partner(m.obs.Seat) >= 0 {
			return m.t(lang.ScoreUs)
		}
		return m.t(lang.ScoreYou)
	}
	return m.seatShort(m.view.SideSeats(side)[0], short)
}

// teamHeads are the score window's headings of a team game: a row per
// seat of a team, so that each column names its whole team, "You" above
// your partner's name; nil without teams.
func (m *scorePane) teamHeads(short bool) [][]string {
	cfg := m.obs.Config
	if cfg.Players < 4 {
		return nil
	}
	rows := make([][]string, cfg.Players/cfg.Sides())
	for k := range rows {
		rows[k] = make([]string, cfg.Sides())
		for side := range cfg.Sides() {
			seat := m.view.SideSeats(side)[k]
			if seat == m.view.Viewer() {
				rows[k][side] = m.t(lang.ScoreYou)
			} else {
				rows[k][side] = m.seatShort(seat, short)
			}
		}
	}
	return rows
}

// seatShort is a seat's name in a score column, "Computer" said "Comp"
// if short: who is away is told on the board, not here, where "Bob
// (away)" was cut to "Bob…".
func (m *scorePane) seatShort(seat int, short bool) string {
	if m.view.SeatName(seat) == "" { // "Player 2", told apart from "Player 3" in 5 columns
		return m.t(lang.ScorePlayer, seat+1)
	}
	name := m.lang.SeatName(m.view.SeatName(seat), seat, false)
	// "Computer 2" (a record of an earlier server) must stay told apart
	// from "Computer 3" in 5 columns.
	if rest, ok := strings.CutPrefix(name, m.t(lang.NameComputer)); ok && short {
		return m.t(lang.ScoreComputer, strings.TrimSpace(rest))
	}
	return name
}

// scoreColumn is the width of a side's column in a score window w cells
// wide under these rows of headings: least cells, or as many as the
// longest heading takes, with a space, while the short labels keep their
// room: a served player's name may be twelve letters long.
func (m *scorePane) scoreColumn(heads [][]string, w, least int) int {
	colW, n := least, 0
	for _, hs := range heads {
		n = len(hs)
		for _, h := range hs {
			colW = max(colW, width(h)+1)
		}
	}
	label := 0
	for _, r := range scoreRows {
		label = max(label, width(m.t(r.short)))
	}
	for _, k := range []lang.Key{lang.ScoreHandTotalShort, lang.ScoreOverallShort, lang.ScoreGamesShort} {
		label = max(label, width(m.t(k)))
	}
	if n > 0 && label+n*colW > w {
		colW = max(least, (w-label)/n)
	}
	return colW
}

// scoreWindow is BSD's score window in w cells: a row per item, a column
// per side, and the items' values when there is room. Labels are
// shortened below 16 cells; with brief set, the items nobody scored are
// left out.
func (m *scorePane) scoreWindow(obs *engine.Observation, w int, brief bool) []string {
	if !m.keeps(obs) || brief {
		return m.drawScoreWindow(obs, w, brief)
	}
	lines := m.window1.get(m.from(w, ""), func() []string { return m.drawScoreWindow(obs, w, false) })
	return lines[:len(lines):len(lines)] // an append copies: the lines kept stay as drawn
}

// drawScoreWindow draws the score window (scoreWindow).
func (m *scorePane) drawScoreWindow(obs *engine.Observation, w int, brief bool) []string {
	st := m.styles
	n := obs.Config.Sides()
	over := obs.Phase == engine.PhaseHandOver || obs.Phase == engine.PhaseGameOver
	scores := make([]engine.Score, n)
	colW := 6
	for s := 0; s < n; s++ {
		scores[s] = obs.LiveScore(s)
		total := int(obs.Totals[s])
		if !over {
			total += scores[s].Total()
		}
		if width(m.lang.Num(total)) > 4 {
			colW = 7 // "5 650 6 050" would read as four numbers
		}
	}
	// The names whole ("Computer") where they leave the labels and the
	// values' column theirs, else short ("Comp", as BSD's window says it).
	numW, heads := colW, m.scoreHeads(n, true)
	colW = m.scoreColumn(heads, w, numW)
	need := 17
	if w >= 17+n*colW+7 {
		need += 7
	}
	if full := m.scoreHeads(n, false); need+n*m.scoreColumn(full, w, numW) <= w {
		heads, colW = full, m.scoreColumn(full, w, numW)
	}
	labelW := 17
	showValue := w >= labelW+n*colW+7
	if labelW+n*colW > w {
		labelW = w - n*colW
	}
	row := func(label, short string, vals []string, value string, style paint) string {
		var b strings.Builder
		if width(label) > labelW || labelW < 16 {
			label = short
		}
		b.Grow(labelW + len(vals)*colW + 16)
		padLeft(&b, fit(label, labelW), labelW)
		for _, v := range vals {
			padLeft(&b, v, colW)
		}
		if showValue {
			padLeft(&b, value, 7)
		}
		return style.Render(b.String())
	}
	title := m.t(lang.ScoreHeading)
	if over {
		title = m.t(lang.ScoreHeadingOver)
	}
	lines := []string{st.Heading.Render(padRight(title, w, '─'))}
	for k, hs := range heads {
		for s := range hs {
			hs[s] = fit(hs[s], colW-1)
		}
		value := ""
		if k == len(heads)-1 {
			value = m.t(lang.ScoreValue)
		}
		lines = append(lines, row("", "", hs, value, st.Title))
	}
	vals := make([]string, n)
	for _, r := range scoreRows {
		scored := false
		for s := range vals {
			vals[s] = m.lang.Num(int(r.get(scores[s])))
			scored = scored || r.get(scores[s]) != 0
		}
		if brief && !scored || r.only != nil && !r.only(obs.Config.Rules) {
			continue
		}
		v := ""
		if n := r.get(unitScore()); n > 1 { // a point a mile goes without saying, as in BSD
			v = m.lang.Num(int(n))
		}
		lines = append(lines, row(m.t(r.label), m.t(r.short), vals, v, st.Text))
	}
	dash := make([]string, n)
	for s := range dash {
		dash[s] = "----"
	}
	lines = append(lines, row("", "", dash, "", st.Dim))
	for s := range vals {
		vals[s] = m.lang.Num(scores[s].Total())
	}
	lines = append(lines, row(m.t(lang.ScoreHandTotal), m.t(lang.ScoreHandTotalShort), vals, "", st.Title))
	// Brief during a hand, the window leaves out too the game's total
	// while it is the hand's (the first hand) and the games won while none
	// is: rows for the moves under it (issue 34).
	before, won := over, over
	for s := range vals {
		total := int(obs.Totals[s])
		before = before || total != 0
		if !over {
			total += scores[s].Total()
		}
		vals[s] = m.lang.Num(total)
		won = won || obs.GamesWon[s] != 0
	}
	if !brief || before {
		lines = append(lines, row(m.t(lang.ScoreOverall), m.t(lang.ScoreOverallShort), vals, "", st.Title))
	}
	for s := range vals {
		vals[s] = strconv.Itoa(int(obs.GamesWon[s]))
	}
	if !brief || won {
		lines = append(lines, row(m.t(lang.ScoreGames), m.t(lang.ScoreGamesShort), vals, "", st.Text))
	}
	return lines
}

// toggleWindow is w: it puts the end-of-hand window aside, or brings it
// back; during a hand it switches the score window and the command list.
func (m *scorePane) toggleWindow() {
	if m.obs.Phase >= engine.PhaseHandOver {
		m.peek = !m.peek
		return
	}
	// w goes round the score window, the command list (BSD's two) and the
	// log.
	switch {
	case m.logPanel:
		m.logPanel, m.window = false, true
	case m.window:
		m.window = false
	default:
		m.logPanel = true
	}
}

// handEnd says why the hand ended: who completed the trip, of what
// length and how, or why nobody did.
func (m *scorePane) handEnd(obs *engine.Observation) string {
	names := m.names()
	trip := m.t(lang.EndMiles, obs.Trip)
	if obs.Finisher < 0 {
		how := m.t(lang.EndRanOut)
		if obs.Config.Rules.EndWhenStuck() {
			how = m.t(lang.EndRanOutBSD)
		}
		if obs.Extender >= 0 {
			return m.t(lang.EndNobodyExt, trip, m.lang.Side(names, int(obs.Extender)), how)
		}
		return m.t(lang.EndNobody, how)
	}
	who := m.lang.Side(names, int(obs.Finisher))
	var why string
	switch {
	case obs.Extender == obs.Finisher:
		why = m.t(lang.EndExtended, who, trip)
	case obs.Extender >= 0:
		why = m.t(lang.EndOtherExt, who, trip, m.lang.Side(names, int(obs.Extender)))
	case obs.Config.HasExtension():
		why = m.t(lang.EndStopped, who, trip)
	default:
		why = m.t(lang.EndDone, who, trip)
	}
	if obs.FinishedDelayed {
		why += m.t(lang.EndDelayed)
	}
	return lang.Capital(why + m.t(lang.EndStop))
}

// endGuard is how long the end-of-hand window ignores Return after it
// opens: a Return typed for the last move must not skip the scores.
const endGuard = 600 * time.Millisecond

// endButtons are the end-of-hand window's answers, the highlighted one
// on (endSel): another hand or game, then leaving the table, which asks
// first; in a game of this machine's own (own), a new setup at the end of
// a game, and quitting.
func (m *scorePane) endButtons(own bool) []button {
	bs := []button{m.againButton(), {"btn-no", m.t(lang.BtnLeave), false}}
	if own {
		bs = []button{m.againButton()}
		if m.obs.Phase == engine.PhaseGameOver {
			bs = append(bs, button{"btn-new", m.t(lang.BtnNewSetup), false})
		}
		bs = append(bs, button{"btn-no", m.t(lang.BtnQuit), false})
	}
	bs[min(max(m.endSel, 0), len(bs)-1)].on = true
	return bs
}

// againButton deals the next hand, or the next game.
func (m *scorePane) againButton() button {
	if m.obs.Phase == engine.PhaseGameOver {
		return button{"btn-yes", m.t(lang.BtnAnotherGame), false}
	}
	return button{"btn-yes", m.t(lang.BtnAnotherHand), false}
}

// endKey handles the keys of the end-of-hand window: y, n and q answer,
// ←→ and Tab move the highlight, Return presses the highlighted button
// once the window has been up for endGuard. bs are its buttons, newGame
// whether N sets up a new game here (else it leaves, as q does).
func (m *scorePane) endKey(msg tea.KeyPressMsg, bs []button, newGame bool, now time.Time) (tea.Msg, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Yes):
		return actMsg{engine.Continue}, true
	case key.Matches(msg, k.NewGame) && newGame:
		return newGameMsg{}, true
	case key.Matches(msg, k.NewGame), key.Matches(msg, k.Quit):
		return askQuitMsg{}, true
	case key.Matches(msg, k.Left), key.Matches(msg, k.Up):
		m.endSel = (m.endSel + len(bs) - 1) % len(bs)
		return nil, true
	case key.Matches(msg, k.Right), key.Matches(msg, k.Down), key.Matches(msg, k.NextField):
		m.endSel = (m.endSel + 1) % len(bs)
		return nil, true
	case key.Matches(msg, k.Default):
		if now.Sub(m.endAt) < endGuard {
			return nil, true // typed for the last move
		}
		for _, b := range bs {
			switch {
			case !b.on:
			case b.id == "btn-yes":
				return actMsg{engine.Continue}, true
			case b.id == "btn-new":
				return newGameMsg{}, true
			default:
				return askQuitMsg{}, true
			}
		}
	}
	return nil, false
}

// handOverWidth is the end-of-hand window's width on a screen laid out
// as l: the score column and the gap left of it.
func handOverWidth(l layout) int { return l.rightW + 1 }

// handOverBox is the end-of-hand window, in the score column from the top
// to the help line, so that the final board and the log stay in view:
// why the hand ended, the breakdown, and the question of another hand
// (or game).
// buttons are its answers (endButtons).
func (m *scorePane) handOverBox(obs *engine.Observation, buttons []button, l layout) []*layer {
	if m.peek {
		return nil // put aside with w: the whole board shows
	}
	st := m.styles
	bw := handOverWidth(l)
	inner := bw - 4 // the border and a column of padding each side
	rows := l.helpY - l.areaY - 2
	title := m.t(lang.EndOfHand, int(obs.Hand)+1)
	var after []string
	if obs.Phase == engine.PhaseGameOver {
		title += m.t(lang.EndGameOver)
		var won string
		switch {
		case obs.Winner < 0:
			won = m.t(lang.EndTie)
		case int(obs.Winner) == m.view.YourSide():
			won = m.t(lang.EndYouWin)
		default:
			won = m.t(lang.EndWins, m.sideName(int(obs.Winner)))
		}
		after = append(after, "")
		for _, line := range wrap(won, inner) {
			after = append(after, st.Heading.Render(line))
		}
	}
	// after[recordFrom:recordTo] is the statistics' line, the first to go
	// when rows are short.
	recordFrom := len(after)
	if m.record != "" && m.recordedAt == obs.EventCount {
		for _, line := range wrap(m.record, inner) {
			after = append(after, st.Dim.Render(line))
		}
	}
	recordTo := len(after)
	if m.gamePrompt() == promptNone {
		// Asked already, or watching: who the table still waits for.
		next := m.t(lang.EndNextHand)
		if obs.Phase == engine.PhaseGameOver {
			next = m.t(lang.EndNextGame)
		}
		wait := m.t(lang.EndWaitAll, next)
		if names := m.lang.WaitingNames(&m.view); len(names) > 0 {
			wait = m.t(lang.EndWaitFor, m.lang.List(names, lang.And), next)
		}
		after = append(after, "")
		for _, line := range wrap(wait, inner) {
			after = append(after, st.Dim.Render(line))
		}
		buttons = []button{{"btn-leave", m.t(lang.BtnLeave), false}}
	}

	// The buttons, on as many rows as they need.
	type placed struct {
		b      button
		row, x int
	}
	var bs []placed
	row, x := 0, 0
	for _, b := range buttons {
		bw := width(m.buttonText(b))
		if x > 0 && x+3+bw > inner {
			row, x = row+1, 0
		} else if x > 0 {
			x += 3
		}
		bs = append(bs, placed{b, row, x})
		x += bw
	}
	buttonRows := make([]string, row+1)
	for _, p := range bs {
		buttonRows[p.row] = padRight(buttonRows[p.row], p.x, ' ') + m.buttonText(p.b)
	}

	// The breakdown, without the items nobody scored and the blank rows
	// when the window is short of rows.
	head := []string{st.Heading.Render(title)}
	for _, line := range wrap(m.handEnd(obs), inner) {
		head = append(head, st.Text.Render(line))
	}
	layout := func(brief, tight, short bool) []string {
		body := append([]string{}, head...)
		if !tight {
			body = append(body, "")
		}
		body = append(body, m.scoreWindow(obs, inner, brief)[1:]...)
		for i, line := range after {
			if short && i >= recordFrom && i < recordTo {
				continue
			}
			if line != "" || !tight {
				body = append(body, line)
			}
		}
		if !tight {
			body = append(body, "")
		}
		return append(body, buttonRows...)
	}
	body := layout(false, false, false)
	if len(body) > rows {
		body = layout(true, false, false)
	}
	if len(body) > rows {
		body = layout(true, true, false)
	}
	if len(body) > rows {
		body = layout(true, true, true)
	}
	if extra := len(body) - rows; extra > 0 {
		// Still too tall: the breakdown's last rows go, never the buttons
		// or the help line under the window.
		cut := len(body) - len(buttonRows) - extra
		body = append(body[:max(1, cut)], body[len(body)-len(buttonRows):]...)
	}
	for len(body) < rows {
		body = append(body[:len(body)-len(buttonRows)], append([]string{""}, body[len(body)-len(buttonRows):]...)...)
	}
	for i := range body {
		body[i] = padRight(body[i], inner, ' ')
	}
	box := st.Dialog.Render(strings.Join(body, "\n"))
	bx, by := l.w-bw, l.areaY
	layers := []*layer{lay(box).X(bx).Y(by).Z(10)}
	top := by + 1 + len(body) - len(buttonRows)
	for _, p := range bs {
		layers = append(layers, lay(m.buttonText(p.b)).ID(p.b.id).X(bx+2+p.x).Y(top+p.row).Z(11))
	}
	return layers
}

// padLeft writes s right-aligned in w runes, as fmt's %*s does.
func padLeft(b *strings.Builder, s string, w int) {
	writeSpaces(b, w-utf8.RuneCountInString(s))
	b.WriteString(s)
}
