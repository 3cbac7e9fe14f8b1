package ui

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// start deals game g, which comes from where from says, at local play's
// table (the person at this keyboard holds every seat of a person), and
// shows it.
func (m *Model) start(g record.Game, from local.From) error {
	c, err := m.local.Deal(g, from)
	if err != nil {
		return err
	}
	m.hints.Stop()
	m.table = c
	m.view, m.obs, m.moving = table.View{}, engine.Observation{}, false
	m.scores.recordedAt, m.scores.record = 0, ""
	m.see(c.View())
	m.asks = m.asks[:0] // nothing of the game left behind is asked now
	_ = m.recordHand()  // a game dealt at its hand's end: that hand counts as recorded, as before
	return nil
}

// holdTable stops the computers of the model's own table while the
// player reads the rules, sets up a game or answers the first questions.
func (m *Model) holdTable() {
	m.local.Table().Hold(m.screen != screenBoard || m.setup != nil || m.asking == askGuideOffer || m.resuming())
}

// watchTable starts following a table just opened: its views, and the
// spinner if it waits for someone else.
func (m *Board) watchTable() tea.Cmd { return tea.Batch(m.listen(), m.spinIfWaiting()) }

// listen waits for the table's next view, in a command.
func (m *Board) listen() tea.Cmd {
	t := m.table
	if t == nil || m.fed {
		return nil
	}
	ch := t.Updates()
	return func() tea.Msg {
		v, open := <-ch
		return viewMsg{from: t, v: v, open: open}
	}
}

// see shows the table's new view and tells what happened since the last
// one, from the observation's log (views may have been skipped). Every
// change comes this way, the viewer's own moves too: a view that shows
// the viewer's move (View.Acted) starts the message line over from it.
func (m *Board) see(v table.View) tea.Cmd {
	if m.view.Seats != nil && v.Version < m.view.Version {
		// A view older than the one shown (a served session's first view
		// and the updates it hands on): old, and no undo.
		return nil
	}
	own := m.moving && v.Acted > m.view.Acted
	before := m.movedAt
	if own {
		m.moving = false
	}
	o := &v.Obs
	from := m.obs.EventCount
	if m.hints.Stale(o.EventCount) {
		m.hints.Stop() // a hint for a table that has moved on
		m.message = ""
	}
	note := v.Notice != m.note && v.Notice.Kind != table.NoNotice && m.view.Seats != nil // old news is no news
	m.note = v.Notice
	fresh := m.view.Seats == nil || o.Seat != m.obs.Seat || o.Onlooker != m.obs.Onlooker || v.Handed != m.view.Handed
	if o.Phase >= engine.PhaseHandOver && (fresh || o.Phase != m.obs.Phase || o.Hand != m.obs.Hand) {
		m.scores.endSel, m.scores.endAt = 0, m.now() // the end-of-hand window opens on its first button
	}
	m.view, m.obs = v, v.Obs
	m.gen++
	tell := func(from, to uint32, replace bool) {
		if m.logs.narrate(from, to, replace) {
			m.message, m.isError = "", false // told on the message line, the events take the board's message's place
		}
	}
	switch {
	case fresh:
		// The first view, or another seat's: the log tells what the table
		// still remembers, and the message line what happened since the
		// viewer's last move, as it did before (a game resumed from a save
		// reads as it did when it was saved).
		m.logs.log, m.logs.recent, m.logs.logOff = m.logs.log[:0], m.logs.recent[:0], 0
		last := m.lastMove()
		tell(0, last, false)
		m.logs.recent, m.logs.since = m.logs.recent[:0], last
		tell(last, o.EventCount, false)
		m.hand.selectDrawn()
	case o.EventCount < from:
		// An undo: the moves taken back leave the log.
		m.logs.unlog(o.EventCount)
		m.hand.selectDrawn()
	case own && o.EventCount != before:
		tell(from, before, false)
		tell(before, o.EventCount, true)
	default:
		tell(from, o.EventCount, false)
	}
	if o.EventCount != from || fresh {
		m.tables.markLast()
	}
	if !m.obs.MyTurn() {
		m.hand.target, m.hand.pending, m.hand.pendSlot = engine.NoCard, 0, -1
	}
	if o.EventCount != from || fresh {
		// A move: the log shows the newest, the next hand's end its
		// window, and the viewer's turn selects the card drawn.
		m.logs.logOff = 0
		if m.obs.Phase < engine.PhaseHandOver {
			m.scores.peek = false
		}
		if m.obs.MyTurn() && m.obs.Phase == engine.PhasePlay {
			m.hand.selectDrawn()
		}
	}
	if note {
		// News goes to the log, and to the message line unless a message
		// of the viewer's own is there (the host's "saved" beats the news
		// of the same save).
		notice := v.Notice
		say := func(c *lang.Catalogue) string { return c.Notice(notice) }
		m.logs.log = append(m.logs.log, logLine{text: say(m.lang), at: o.EventCount, say: say})
		if m.message == "" || m.isError {
			m.message, m.isError = m.lang.Notice(v.Notice), false
		}
	}
	m.ask(shownMsg{})
	return m.spinIfWaiting()
}

// lastMove is the count of events before the viewer's last move that the
// observation's log still holds (0 if none), or before the deal if the
// viewer has not moved since: asking for the next hand started the line
// over at the deal.
func (m *seen) lastMove() uint32 {
	o := &m.obs
	if o.Onlooker {
		return 0
	}
	first := uint32(0)
	if o.EventCount > engine.LogSize {
		first = o.EventCount - engine.LogSize
	}
	for i := o.EventCount; i > first; i-- {
		e := o.Log[(i-1)%engine.LogSize]
		if e.Kind == engine.EvDeal {
			return i - 1
		}
		if int(e.Seat) != o.Seat {
			continue
		}
		switch e.Kind {
		case engine.EvPlay, engine.EvAttack, engine.EvSafety, engine.EvCoupFourre, engine.EvDiscard,
			engine.EvExtend, engine.EvStopTrip, engine.EvDeclined:
			return i - 1
		}
	}
	return first
}

// othersToAct reports whether the table waits for a move from a seat that
// is not the viewer's.
func (m *seen) othersToAct() bool {
	v := &m.view
	return v.Started && !v.Ended && m.obs.Phase < engine.PhaseHandOver && v.Next < 0
}

// computerThinks reports whether the table waits for a computer's move
// (a computer's seat, or that of a person away): the spinner turns.
func (m *seen) computerThinks() bool { return m.view.ComputerThinks() }

// spinIfWaiting starts the spinner when the table waits for someone else.
func (m *Board) spinIfWaiting() tea.Cmd {
	if m.spinning || !m.computerThinks() && !m.hints.On() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// recordHand sends the hand just over to the player's statistics, once,
// in a command: a local game with one person only (a served board
// records nothing: Board.recordHand).
func (m *Model) recordHand() tea.Cmd {
	if m.obs.Phase < engine.PhaseHandOver {
		return nil
	}
	at, record := m.local.HandOver()
	if record == nil {
		return nil
	}
	m.scores.recordedAt = at
	return func() tea.Msg {
		rec, err := record()
		return handRecordedMsg{at: at, record: rec, err: err}
	}
}

// names gives the words the engine's event sentences use, for the viewer
// (table.View.Viewer says who is "you").
func (m *seen) names() engine.Names { return m.lang.NamesOf(&m.view) }

// seatName names a seat, "Player N" when the table did not; a person
// away is marked.
func (m *seen) seatName(seat int) string { return m.lang.SeatOf(&m.view, seat) }

// sideName names a side for the board: "You", "Ann", "You & Cal"
// (Catalogue.Team).
func (m *seen) sideName(side int) string {
	var names []string
	for _, s := range m.view.SideSeats(side) {
		names = append(names, m.seatName(s))
	}
	return m.lang.Team(names...)
}

// waitText is the refusal of an action when the viewer may not act now.
func (m *seen) waitText() string {
	switch {
	case m.obs.Onlooker:
		return m.t(lang.Watching)
	case m.obs.Waiting:
		return m.t(lang.WaitPause)
	}
	return m.t(lang.WaitTurn, m.seatName(int(m.obs.Turn)))
}

// refusal tells why an action was refused.
func (m *seen) refusal(a engine.Action, err error) string {
	if errors.Is(err, engine.ErrNotNow) || errors.Is(err, table.ErrNotYourTurn) {
		return m.waitText()
	}
	return m.lang.Refused(a, err)
}

// leaveText is the question q asks at a remote table.
func (m *seen) leaveText() string {
	switch {
	case m.obs.Onlooker:
		return m.t(lang.UIStopWatching)
	case m.gameOver():
		return m.t(lang.UILeaveOver) // no seat left for a computer to take over
	case m.view.Rated:
		return m.t(lang.UILeaveRated)
	}
	return m.t(lang.UILeaveTable)
}

// watchingNote takes the place of the hand for an onlooker: a box as wide
// and tall as the hand's cards.
func (m *handPane) watchingNote(l layout) string {
	st := m.styles
	w := engine.HandSlots*(l.handW+l.cardGap) - l.cardGap
	inner := w - 2
	lines := []string{
		st.Heading.Render(m.t(lang.UIWatchingSide, m.seatName(m.obs.Seat))),
		st.Dim.Render(m.t(lang.UINoHandQuit)),
	}
	edge := st.Dim
	var b strings.Builder
	b.WriteString(edge.Render("╭" + strings.Repeat("─", inner) + "╮"))
	for i := 0; i < l.handH-2; i++ {
		line := ""
		if i < len(lines) {
			line = fit(lines[i], inner-2)
		}
		b.WriteString("\n" + edge.Render("│") + " " + line + strings.Repeat(" ", max(0, inner-1-width(line))) + edge.Render("│"))
	}
	b.WriteString("\n" + edge.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return b.String()
}
