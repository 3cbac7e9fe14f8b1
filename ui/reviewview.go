package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/review"
)

// size is the screen's size, the minimum until the terminal says.
func (rs *ReviewScreen) size() (int, int) {
	if rs.w == 0 || rs.h == 0 {
		return MinWidth, MinHeight
	}
	return rs.w, rs.h
}

// View draws the screen.
func (rs *ReviewScreen) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = rs.lang.T(lang.RvTitleWin)
	w, h := rs.size()
	if w < MinWidth || h < MinHeight {
		msg := rs.lang.T(lang.RvTooSmall, MinWidth, MinHeight, w, h)
		v.SetContent(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, msg))
		return v
	}
	v.SetContent(drawLayers(w, h, rs.layers(w, h), nil))
	return v
}

// name names a seat in the screen's language (a local game's
// "Computer" is "Ordinateur" in French).
func (rs *ReviewScreen) name(seat int) string {
	name := ""
	if s := rs.cfg.Game.Seats; seat < len(s) {
		name = s[seat].Name
	}
	return rs.lang.SeatName(name, seat, false)
}

// layers lay the screen out from the top: title, the hand's header, the
// board before the move, the move and its verdict, the hand's moves (a
// click target each) and the keys.
func (rs *ReviewScreen) layers(w, h int) []*layer {
	st := rs.styles
	i := rs.moves[rs.cur]
	s := &rs.states[i]
	var top []string
	start, end := rs.handMoves(rs.cur)
	title := rs.lang.T(lang.RvTitle, s.Game+1, s.Hand+1, rs.cur-start+1, end-start)
	top = append(top, st.Title.Render(padRight(title, w-22, ' '))+st.Dim.Render(rs.status()))
	rule := st.Dim.Render(strings.Repeat("─", w))
	below := append([]string{rule}, rs.board(s, w, h)...)
	below = append(below, rule)
	below = append(below, rs.verdict(i, w)...)
	below = append(below, rule)
	// The game's lines go first when rows are short: the move list keeps
	// minListRows rows (the keys' line takes the last).
	header := rs.header(s, w, true)
	if h-1-len(top)-len(header)-len(below) < minListRows {
		header = rs.header(s, w, false)
	}
	top = append(top, header...)
	top = append(top, below...)
	layers := []*layer{lay(strings.Join(top, "\n"))}
	listY := len(top)
	layers = append(layers, rs.moveList(listY, w, h-1-listY)...)
	layers = append(layers, lay(rs.keyLine(w)).Y(h-1))
	return layers
}

// keyLine is the review's keys with their help in w columns. The keys
// are listed most needed first: when the line is too wide the last ones
// go, never back (q) nor step (←→), so a narrow French screen keeps its
// way out.
func (rs *ReviewScreen) keyLine(w int) string {
	st := rs.styles
	keys := []key.Binding{rs.nav.Prev, rs.nav.PrevFlag, rs.nav.PrevHand, rs.nav.First}
	for n := len(keys); ; n-- {
		var help []string
		for _, b := range append(keys[:n:n], rs.nav.Back) {
			help = append(help, st.Heading.Render(b.Help().Key)+" "+st.Dim.Render(b.Help().Desc))
		}
		if line := " " + strings.Join(help, "  "); n == 1 || width(line) <= w {
			return line
		}
	}
}

// status is the analysis' progress, or its end.
func (rs *ReviewScreen) status() string {
	switch {
	case rs.err != nil:
		return rs.lang.T(lang.RvFailedShort)
	case rs.rev != nil && !rs.measuring:
		return rs.lang.T(lang.RvDepth, review.DepthIn(rs.lang, rs.rev.Depth))
	case rs.total == 0:
		return rs.lang.T(lang.RvAnalysing)
	}
	const n = 10
	f := rs.done * n / rs.total
	return "[" + strings.Repeat("#", f) + strings.Repeat("·", n-f) + "] " + strconv.Itoa(rs.done) + "/" + strconv.Itoa(rs.total)
}

// minListRows are the rows the move list keeps before the header's game
// lines take any: the current move and a few around it.
const minListRows = 5

// header sums up the hand of the move for the seats under review: its
// result split into what could be expected, the play of each side
// against the computer's steady play and the cards (review.Split), and,
// with game, the same added up over the game's hands (gameSplit), the
// points given away and the costliest moments.
func (rs *ReviewScreen) header(s *engine.State, w int, game bool) []string {
	st := rs.styles
	if rs.err != nil {
		return []string{st.Error.Render(rs.lang.T(lang.RvFailed, rs.err)), ""}
	}
	if rs.rev == nil {
		return []string{st.Dim.Render(rs.lang.T(lang.RvComputing)), ""}
	}
	var lines []string
	for k := range rs.rev.Hands {
		h := &rs.rev.Hands[k]
		if h.Game != int(s.Game)+1 || h.Hand != int(s.Hand)+1 {
			continue
		}
		// The result split: what could be expected, what the decisions
		// of each side did and what the cards did, once measured.
		l := rs.lang
		line := " " + rs.name(h.Seat) + l.T(lang.Colon)
		switch p := h.Split; {
		case !h.Finished:
			line += l.T(lang.RvLineOpen, h.Expected, h.ExpectedSE)
		case p != nil:
			line += l.T(lang.RvLineFinished, h.Points, h.Result) + l.T(lang.RvLineSplit, p.Expected, p.Skill, p.Others, p.Luck)
		case rs.measuring:
			line += l.T(lang.RvLineFinished, h.Points, h.Result) + l.T(lang.RvLineMeasuring)
		default:
			line += l.T(lang.RvLineFinished, h.Points, h.Result)
		}
		costly := " " + l.T(lang.RvLineGiven, h.GivenAway) + l.T(lang.RvCostliestNone)
		if len(h.Costliest) > 0 {
			var c []string
			for _, k := range h.Costliest {
				d := &h.Decisions[k]
				c = append(c, fmt.Sprintf("%s (%.0f)", l.Describe(rs.names(), d.Played), d.Loss))
			}
			given := " " + l.T(lang.RvLineGiven, h.GivenAway)
			costly = given + wholeItems(func(list string) string { return l.T(lang.RvCostliest, list) }, c, l.T(lang.Comma), w-width(given))
		}
		// The figures are wrapped, not cut: a cut one reads as another
		// number ("the cards -1…" for -1289).
		for _, part := range wrapIndented(line, w) {
			lines = append(lines, st.Text.Render(part))
		}
		if sum, n := rs.gameSplit(h.Game, h.Seat); game && n > 1 {
			for _, part := range wrapIndented(l.T(lang.RvLineGame, n, sum.Expected, sum.Skill, sum.Others, sum.Luck), w) {
				lines = append(lines, st.Text.Render(part))
			}
		}
		lines = append(lines, st.Dim.Render(truncate(costly, w)))
		if chart := rs.chart(h, w); chart != "" {
			lines = append(lines, chart)
		}
	}
	if lines == nil {
		lines = []string{st.Dim.Render(rs.lang.T(lang.RvNoDecision)), ""}
	}
	return lines
}

// gameSplit is seat's split added up over the hands of game (counted
// from 1) played out and measured so far, and how many those are.
func (rs *ReviewScreen) gameSplit(game, seat int) (review.Split, int) {
	var sum review.Split
	n := 0
	for k := range rs.rev.Hands {
		h := &rs.rev.Hands[k]
		if h.Game != game || h.Seat != seat || !h.Finished || h.Split == nil {
			continue
		}
		n++
		sum.Add(h.Split)
	}
	return sum, n
}

// sparks are the heights of the chart's bars, lowest first.
var sparks = []rune("▁▂▃▄▅▆▇█")

// chart draws the hand's course for its seat in a line: the result it
// could expect before each decision, then the result, as bars, the
// turning points marked, and what they were, by move number: " chances
// ▂▃▅▇▆▂▁█ -420…+300 · turns: after 9 luck -420, 23 skill -150".
func (rs *ReviewScreen) chart(h *review.Hand, w int) string {
	st := rs.styles
	c := h.Course()
	if len(c) < 2 {
		return ""
	}
	lo, hi := c[0], c[0]
	for _, v := range c {
		lo, hi = min(lo, v), max(hi, v)
	}
	turns := h.Turns(2)
	turning := map[int]bool{}
	var words []string
	for _, t := range turns {
		move := rs.moveNumber(h.Decisions[t.Decision].Index)
		if t.Skill {
			turning[t.Decision] = true
			words = append(words, rs.lang.T(lang.RvTurnSkill, move, t.Points))
		} else {
			turning[t.Decision+1] = true // the bar after the luck
			words = append(words, rs.lang.T(lang.RvTurnLuck, move, t.Points))
		}
	}
	var b strings.Builder
	// The label says what the bars are where it leaves room for them,
	// their range and the turning points after them.
	label := " " + rs.lang.T(lang.RvChartLong) + " "
	if ansi.StringWidth(label)+len(c)+40 > w {
		label = " " + rs.lang.T(lang.RvChart) + " "
	}
	b.WriteString(st.Dim.Render(label))
	for k, v := range c {
		i := 0
		if hi > lo {
			i = int(math.Round((v - lo) / (hi - lo) * float64(len(sparks)-1)))
		}
		bar := string(sparks[i])
		switch {
		case turning[k]:
			b.WriteString(st.Error.Render(bar))
		default:
			b.WriteString(st.Text.Render(bar))
		}
	}
	tail := fmt.Sprintf(" %+.0f…%+.0f", lo, hi)
	room := w - ansi.StringWidth(label) - len(c)
	if room < width(tail) {
		return b.String()
	}
	if len(words) > 0 {
		tail += wholeItems(func(list string) string { return rs.lang.T(lang.RvTurns, list) }, words, rs.lang.T(lang.Comma), room-width(tail))
	}
	return b.String() + st.Dim.Render(tail)
}

// wholeItems is the list of items said by say, with as many of the first
// items as fit in w cells, none cut: "" when not even the first fits.
func wholeItems(say func(list string) string, items []string, sep string, w int) string {
	for n := len(items); n > 0; n-- {
		if s := say(strings.Join(items[:n], sep)); width(s) <= w {
			return s
		}
	}
	return ""
}

// wrapIndented breaks a line of the review's that begins with a space
// into rows of w cells, each after a space, so that no figure is cut
// ("les cartes -8…" at 80 columns in French).
func wrapIndented(s string, w int) []string {
	if width(s) <= w {
		return []string{s}
	}
	rows := wordWrap(strings.TrimLeft(s, " "), w-1)
	for i := range rows {
		rows[i] = " " + rows[i]
	}
	return rows
}

// wordWrap breaks s into rows of w cells at its spaces only: wrap breaks
// at a hyphen too, and "-885" lost its sign to the row above.
func wordWrap(s string, w int) []string {
	var rows []string
	row := ""
	for _, word := range strings.Split(s, " ") {
		switch {
		case row == "":
			row = word
		case width(row+" "+word) <= w:
			row += " " + word
		default:
			rows = append(rows, row)
			row = word
		}
	}
	return append(rows, fit(row, w))
}

// sentencesIn is text in n rows of w cells: the whole sentences that
// fit, never a row ending inside a sentence that goes on unseen ("…
// bornes de moins. 2"); a first sentence longer than n rows takes one
// more (the move list under it moves down a row), and is cut after.
func sentencesIn(text string, w, n int) []string {
	rows := wordWrap(text, w)
	if len(rows) <= n {
		return rows
	}
	sentences := strings.SplitAfter(text, ". ")
	for k := len(sentences) - 1; k > 0; k-- {
		if rows := wordWrap(strings.TrimSpace(strings.Join(sentences[:k], "")), w); len(rows) <= n {
			return rows
		}
	}
	rows = wordWrap(sentences[0], w)
	if n++; len(rows) > n {
		rows = rows[:n]
		rows[n-1] = fit(rows[n-1]+" …", w)
	}
	return rows
}

// moveNumber is the number, in its hand's move list, of the move at
// history index i.
func (rs *ReviewScreen) moveNumber(i int) int {
	k := slices.Index(rs.moves, i)
	if k < 0 {
		return 0
	}
	return k - rs.handStart(k) + 1
}

// board draws every seat's table and hand before the move, and the piles.
func (rs *ReviewScreen) board(s *engine.State, w, h int) []string {
	st := rs.styles
	cfg := s.Config
	twoLines := h >= 24+2*cfg.Players-4 // room for each hand on a line of its own
	var lines []string
	for seat := range cfg.Players {
		side := cfg.SideOf(seat)
		t := &s.Tableaus[side]
		mark := "  "
		if seat == s.ToAct() {
			mark = st.Turn.Render("▶ ")
		}
		var piles []string
		switch {
		case t.Battle != engine.NoCard:
			piles = append(piles, st.chip(rs.lang, t.Battle))
		case !t.Rolling():
			piles = append(piles, st.Dim.Render(rs.lang.T(lang.PosNoGo)))
		}
		if t.Limited() {
			piles = append(piles, st.chip(rs.lang, engine.SpeedLimit))
		}
		for _, c := range engine.AllSafeties {
			if t.Has(c) {
				piles = append(piles, st.Kind[engine.Safety].Render("★ "+rs.lang.Short(c)))
			}
		}
		table := mark + padRight(truncate(rs.name(seat), 12), 12, ' ') + " " + rs.lang.T(lang.RvMiles, t.Miles) + "  " + strings.Join(piles, " ")
		hand := rs.hand(s.Hands[seat], false)
		if width(hand)+6+5 > w {
			hand = rs.hand(s.Hands[seat], true)
		}
		if twoLines {
			lines = append(lines, table, "      "+st.Dim.Render(rs.lang.T(lang.RvHand)+" ")+hand)
		} else {
			lines = append(lines, truncate(table+st.Dim.Render(" │ ")+hand, w))
		}
	}
	top := "—"
	if s.DiscardLen > 0 {
		top = st.chip(rs.lang, s.Discards[s.DiscardLen-1])
	}
	lines = append(lines, st.Dim.Render("  "+rs.lang.T(lang.RvPiles, s.DrawLen, s.Trip)+" ")+top)
	return lines
}

// hand draws a hand's cards as chips, by short names if short.
func (rs *ReviewScreen) hand(cards [engine.HandSlots]engine.Card, short bool) string {
	st := rs.styles
	var chips []string
	for _, c := range cards {
		switch {
		case c == engine.NoCard:
		case short:
			chips = append(chips, st.Kind[c.Kind()].Render(kindGlyph[c.Kind()]+rs.lang.Abbr(c)))
		default:
			chips = append(chips, st.chip(rs.lang, c))
		}
	}
	return strings.Join(chips, " ")
}

// verdict tells the move and, for a decision under review, the analysis'
// word on it.
func (rs *ReviewScreen) verdict(i, w int) []string {
	st := rs.styles
	s := &rs.states[i]
	a := rs.cfg.Game.History[i]
	names := rs.names()
	move := " " + rs.name(s.ToAct()) + rs.lang.T(lang.Colon) + rs.lang.Describe(names, a)
	d := rs.decisions[i]
	switch {
	case d == nil && rs.rev == nil && rs.err == nil && rs.reviewed(s.ToAct()):
		return []string{st.Text.Render(move), st.Dim.Render(rs.lang.T(lang.RvAnalysingMove)), ""}
	case d == nil:
		return []string{st.Text.Render(move), "", ""}
	}
	mark := verdictMark(d.Verdict)
	head := move + "  " + mark + " " + review.VerdictIn(rs.lang, d.Verdict)
	if d.Best != d.Played {
		head += rs.lang.T(lang.RvBest, rs.lang.Describe(names, d.Best), d.Loss, d.LossSE)
	}
	paint := st.Text
	if d.Verdict >= review.Mistake {
		paint = st.Error
	}
	// A head too long for its row goes on in the reason's first row, so
	// that the window keeps its height from move to move.
	var lines []string
	heads := wrapIndented(head, w)
	if len(heads) > 2 {
		heads = []string{heads[0], truncate(strings.Join(heads[1:], " "), w)}
	}
	for _, h := range heads {
		lines = append(lines, paint.Render(h))
	}
	obs := engine.Observe(s, s.ToAct())
	// The head line names the best move and the loss: the reason goes on
	// with what the two lines of play changed, when the search has them.
	reason := review.LinesIn(rs.lang, &obs, d, names)
	if reason == "" {
		reason = review.WhyIn(rs.lang, &obs, d, names)
	}
	rows := 2
	if rs.h >= 30 {
		rows = 3
	}
	for _, row := range sentencesIn(reason, w-2, rows+1-len(lines)) {
		lines = append(lines, st.Text.Render(" "+row))
	}
	for len(lines) < 1+rows {
		lines = append(lines, "")
	}
	if rs.h >= 30 {
		var opts []string
		for _, o := range d.Options {
			if o.Action != d.Played && o.Deals > 0 {
				opts = append(opts, fmt.Sprintf("%s %+.0f±%.0f", rs.lang.Describe(names, o.Action), o.Gain, o.GainSE))
			}
		}
		lines = append(lines, st.Dim.Render(wholeItems(func(list string) string { return rs.lang.T(lang.RvOthers, list) }, opts, " · ", w)))
	}
	return lines
}

// reviewed reports whether seat is under review.
func (rs *ReviewScreen) reviewed(seat int) bool { return slices.Contains(rs.seats, seat) }

// verdictMark is the chess annotation of a verdict: ?! an inaccuracy, ?
// a mistake, ?? a blunder.
func verdictMark(v review.Verdict) string {
	return [...]string{review.Good: "✓", review.Inaccuracy: "?!", review.Mistake: "?", review.Blunder: "??"}[v]
}

// moveList lists the moves of the hand in columns from row y, rows high,
// the current one highlighted and the flagged ones marked; each move is a
// click target. Each move names its player in full ("Computer: discard
// End of Limit"): the columns are as wide as the longest move, as many
// as fit, a move wider than the screen goes on over a second row, and
// the columns scroll to keep the current move in view.
func (rs *ReviewScreen) moveList(y, w, rows int) []*layer {
	st := rs.styles
	if rows < 1 {
		return nil
	}
	start, end := rs.handMoves(rs.cur)
	names := rs.names()
	texts := make([]string, end-start)
	longest := 0
	for k := start; k < end; k++ {
		i := rs.moves[k]
		mark := "  "
		if d := rs.decisions[i]; d != nil {
			mark = padRight(verdictMark(d.Verdict), 2, ' ')
		}
		texts[k-start] = fmt.Sprintf("%3d %s %s%s%s", k-start+1, mark, rs.name(rs.states[i].ToAct()), rs.lang.T(lang.Colon), rs.lang.Describe(names, rs.cfg.Game.History[i]))
		longest = max(longest, width(texts[k-start]))
	}
	cols := max(1, min(w/(longest+2), (end-start+rows-1)/rows))
	colW := w / cols
	// The rows of the list, a move's second row indented under its words.
	type row struct {
		k    int
		text string
	}
	var list []row
	cur := 0
	const indent = "       "
	for k := start; k < end; k++ {
		if k == rs.cur {
			cur = len(list)
		}
		lines := []string{texts[k-start]}
		if width(lines[0]) > colW-1 {
			lines = wrap(lines[0], colW-1-len(indent))
		}
		for n, line := range lines {
			if n > 0 {
				line = indent + line
			}
			list = append(list, row{k, line})
		}
	}
	first := 0
	if per := rows * cols; cur >= per {
		first = cur/rows*rows - (cols-1)*rows // the current move in the last column
	}
	var layers []*layer
	for n := first; n < len(list); n++ {
		col, r := (n-first)/rows, (n-first)%rows
		if col >= cols {
			break
		}
		k := list[n].k
		i := rs.moves[k]
		text := padRight(truncate(list[n].text, colW-1), colW-1, ' ')
		switch {
		case k == rs.cur:
			text = st.ButtonOn.Render(text)
		case rs.flagged(k):
			text = st.Error.Render(text)
		case rs.reviewed(rs.states[i].ToAct()):
			text = st.Text.Render(text)
		default:
			text = st.Dim.Render(text)
		}
		layers = append(layers, lay(text).X(col*colW).Y(y+r).ID("move:"+strconv.Itoa(k)))
	}
	return layers
}

// names are the words for the seats in the moves' descriptions: each
// player's name, as an onlooker reads them.
func (rs *ReviewScreen) names() engine.Names {
	seats := make([]string, len(rs.cfg.Game.Seats))
	for seat := range seats {
		seats[seat] = rs.name(seat)
	}
	return engine.Names{Config: rs.cfg.Game.State.Config, Viewer: -1, Seats: seats}
}

// truncate cuts s to w cells.
func truncate(s string, w int) string {
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}
