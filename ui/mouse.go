package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// click handles a click of local play: its own screens and questions
// take it, else the board.
func (m *Model) click(c clickMsg) tea.Cmd {
	id := c.id
	switch {
	case m.stats != nil:
		m.stats = nil // any click closes it
		return nil
	case m.loader != nil:
		// The picker is over the screen: a click elsewhere does nothing.
		return m.loadUpdate(c)
	case m.saver != nil && m.screen == screenBoard:
		return m.saveUpdate(c)
	}
	if m.setup != nil {
		return m.setupUpdate(c)
	}
	if q := m.question(); q != nil && m.screen == screenBoard {
		return m.answered(q.press(id))
	}
	return m.Board.click(c)
}

// click handles a click on a layer of the last view.
func (m *Board) click(c clickMsg) tea.Cmd {
	id := c.id
	if m.screen == screenGuide {
		return m.do(m.guide.press(id))
	}
	switch id {
	case "btn-yes", "btn-no":
		yes := id == "btn-yes"
		if m.keysHelp != nil {
			m.keysHelp = nil
			return nil
		}
		if q := m.question(); q != nil {
			if a := q.press(id); a != nil {
				m.dialog = dialogNone
				return a.do()
			}
			return nil
		}
		return m.answer(yes)
	case "btn-new":
		return m.up(newGameMsg{})
	case "btn-leave":
		return m.up(askQuitMsg{})
	case "btn-ready":
		if m.curtain() {
			return m.passTo(m.view.Next)
		}
		return nil
	}
	if m.overlaid() || m.gamePrompt() != promptNone || m.curtain() {
		return nil
	}
	switch {
	case strings.HasPrefix(id, "slot-"):
		pos := int(id[5] - '0')
		if m.hand.target != engine.NoCard {
			m.hand.target = engine.NoCard
		}
		if pos == m.hand.armed && pos == m.hand.sel && m.handView()[pos].card != engine.NoCard {
			m.hand.armed = -1
			return m.do(m.hand.playAt(pos))
		}
		m.hand.sel, m.hand.armed = pos, pos
		m.hand.pending, m.hand.pendSlot = 0, -1
		if c := m.handView()[pos].card; c != engine.NoCard {
			m.message, m.isError = m.t(lang.MsgClickAgain, m.lang.Card(c)), false
			if why := m.playRefusal(c); why != "" {
				m.message = m.t(lang.MsgClickWhy, m.lang.Card(c), why)
			}
		}
	case strings.HasPrefix(id, "side-"):
		side := int(id[5] - '0')
		if m.hand.target != engine.NoCard {
			return m.act(engine.Attack(m.hand.target, side))
		}
		c := m.handView()[m.hand.sel].card
		if c == engine.NoCard {
			return nil
		}
		if c.IsHazard() {
			if side == m.obs.Side() {
				return m.setError(m.lang.Refused(engine.Play(c), engine.ErrOwnSide))
			}
			return m.act(engine.Attack(c, side))
		}
		return m.do(m.hand.playAt(m.hand.sel))
	case id == "discard":
		m.hand.target = engine.NoCard
		return m.do(m.hand.discardAt(m.hand.sel))
	case id == "deck":
		return m.do(m.hand.pick())
	case id == "help":
		m.keysHelp = &keysWindow{}
	}
	return nil
}

// Hit returns the ID of the clickable thing at (x, y) on local play's
// screen, or "".
func (m *Model) Hit(x, y int) string {
	if m.w < MinWidth || m.h < MinHeight {
		return ""
	}
	return hitTest(m.layers(m.w, m.h), x, y)
}

// Hit returns the ID of the clickable thing at (x, y) on the current view,
// or "" (tests, and anything that wants to click without a terminal).
func (m *Board) Hit(x, y int) string {
	if m.w < MinWidth || m.h < MinHeight {
		return ""
	}
	return hitTest(m.layers(m.w, m.h), x, y)
}
