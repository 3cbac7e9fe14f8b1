package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// keyPress dispatches a key of local play: its own screens and
// questions take it, else the board.
func (m *Model) keyPress(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if key.Matches(msg, k.Interrupt) || m.w > 0 && (m.w < MinWidth || m.h < MinHeight) {
		return m.Board.keyPress(msg)
	}
	if m.loader != nil {
		return m.loadUpdate(msg)
	}
	if m.setup != nil {
		return m.setupUpdate(msg)
	}
	if m.screen == screenGuide {
		return m.Board.keyPress(msg)
	}
	if m.saver != nil {
		return m.saveUpdate(msg)
	}
	if m.stats != nil {
		m.stats = nil // any key closes it
		return nil
	}
	if q := m.question(); q != nil {
		return m.answered(q.update(&m.screenContext, msg))
	}
	return m.Board.keyPress(msg)
}

// keyPress dispatches a key by what the board shows.
func (m *Board) keyPress(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if key.Matches(msg, k.Interrupt) {
		m.ask(quitMsg{})
		return nil
	}
	if m.w > 0 && (m.w < MinWidth || m.h < MinHeight) {
		// Nothing can be seen: only leaving works (the game is kept).
		if key.Matches(msg, k.Quit) {
			m.ask(quitMsg{})
		}
		return nil
	}
	if m.screen == screenGuide {
		return m.do(m.guide.update(msg))
	}
	if m.keysHelp != nil {
		m.keysHelp = nil // any key closes it
		return nil
	}
	if q := m.question(); q != nil {
		if a := q.update(&m.screenContext, msg); a != nil {
			m.dialog = dialogNone
			return a.do()
		}
		return nil
	}
	if m.curtain() {
		switch {
		case key.Matches(msg, k.Default), key.Matches(msg, k.Yes):
			return m.passTo(m.view.Next)
		case key.Matches(msg, k.Quit):
			return m.up(askQuitMsg{})
		}
		return nil
	}
	if p := m.gamePrompt(); p != promptNone {
		if p == promptAnotherHand || p == promptAnotherGame {
			if out, ok := m.scores.endKey(msg, m.scores.endButtons(m.offers.own), m.keysNow(false).NewGame.Enabled(), m.now()); ok {
				return m.do(out)
			}
		}
		switch {
		case key.Matches(msg, k.Default) && (p == promptCoupFourre || p == promptExtension):
			// Return answers the highlighted button (the end of a hand's
			// window, endKey, after a moment).
			return m.answer(p == promptCoupFourre)
		case key.Matches(msg, k.Yes):
			return m.answer(true)
		case key.Matches(msg, k.No):
			return m.answer(false)
		case key.Matches(msg, k.Quit):
			return m.up(askQuitMsg{})
		case key.Matches(msg, k.Window):
			m.scores.toggleWindow()
			return nil
		case key.Matches(msg, k.Undo):
			return m.undo()
		case key.Matches(msg, k.Hint) && (p == promptCoupFourre || p == promptExtension):
			return m.hint() // the review judges these answers too
		case key.Matches(msg, k.Help):
			m.keysHelp = &keysWindow{}
			return nil
		case key.Matches(msg, k.Save) && p != promptCoupFourre:
			return m.up(saveMsg{afterSaveNothing})
		case key.Matches(msg, k.Review) && (p == promptAnotherHand || p == promptAnotherGame):
			return m.up(reviewMsg{})
		}
		return nil
	}
	if m.hand.target != engine.NoCard {
		return m.do(m.hand.targetKey(msg))
	}
	return m.boardKey(msg)
}

func cycle(list []int, cur, d int) int {
	for i, v := range list {
		if v == cur {
			return list[(i+d+len(list))%len(list)]
		}
	}
	return list[0]
}

// boardKey handles keys on the board when no question is asked.
func (m *Board) boardKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	s := msg.String()
	// BSD: after U or D, a slot (1-6 or P), then Return or Space.
	if m.hand.pending != 0 {
		switch {
		case key.Matches(msg, k.Cancel):
			m.hand.pending, m.hand.pendSlot = 0, -1
			m.message = ""
			return nil
		case m.hand.pendSlot < 0 && (key.Matches(msg, k.Pick) || key.Matches(msg, k.Slot)):
			pos := 0
			if key.Matches(msg, k.Slot) {
				pos = int(s[0] - '0')
			}
			m.hand.pendSlot = m.displayOfSlot(pos)
			m.hand.sel = m.hand.pendSlot
			return nil
		case m.hand.pendSlot >= 0 && key.Matches(msg, k.Play):
			pos, what := m.hand.pendSlot, m.hand.pending
			m.hand.pending, m.hand.pendSlot = 0, -1
			if what == 'u' {
				return m.do(m.hand.playAt(pos))
			}
			return m.do(m.hand.discardAt(pos))
		case key.Matches(msg, k.Backspace):
			m.hand.pendSlot = -1
			return nil
		}
		p := m.hand.pending
		m.hand.pending, m.hand.pendSlot = 0, -1
		return m.setError(m.t(lang.UIAfterUseKey, s, string(rune(p-32))))
	}
	switch {
	case key.Matches(msg, k.Left):
		m.hand.moveSel(-1)
	case key.Matches(msg, k.Right):
		m.hand.moveSel(1)
	case key.Matches(msg, k.Slot):
		m.hand.sel = int(s[0] - '0')
	case key.Matches(msg, k.Play):
		return m.do(m.hand.playAt(m.hand.sel))
	case key.Matches(msg, k.Discard):
		return m.do(m.hand.discardAt(m.hand.sel))
	case key.Matches(msg, k.Use):
		m.hand.pending, m.hand.pendSlot = 'u', -1
		m.message, m.isError = "", false
	case key.Matches(msg, k.DiscardN):
		m.hand.pending, m.hand.pendSlot = 'd', -1
		m.message, m.isError = "", false
	case key.Matches(msg, k.Pick):
		return m.do(m.hand.pick())
	case key.Matches(msg, k.Order):
		m.opts.Ordered = !m.opts.Ordered
		m.message, m.isError = m.t(map[bool]lang.Key{true: lang.UIOrdered, false: lang.UIUnordered}[m.opts.Ordered]), false
		return m.up(optionsMsg{})
	case key.Matches(msg, k.Window):
		m.scores.toggleWindow()
	case key.Matches(msg, k.Redraw):
		return tea.ClearScreen
	case key.Matches(msg, k.Save):
		return m.up(saveMsg{afterSaveNothing})
	case key.Matches(msg, k.Load):
		return m.up(loadMsg{})
	case key.Matches(msg, k.Stats):
		return m.up(openStatsMsg{})
	case key.Matches(msg, k.Quit):
		return m.up(askQuitMsg{})
	case key.Matches(msg, k.Undo):
		return m.undo()
	case key.Matches(msg, k.Hint):
		return m.hint()
	case key.Matches(msg, k.NewGame):
		return m.up(newGameMsg{})
	case key.Matches(msg, k.Guide):
		m.openGuide()
	case key.Matches(msg, k.LogUp):
		m.logs.scrollLog(3)
	case key.Matches(msg, k.LogDown):
		m.logs.scrollLog(-3)
	case key.Matches(msg, k.Lang):
		return m.nextLang()
	case key.Matches(msg, k.Bell):
		m.opts.Bell = !m.opts.Bell
		m.message, m.isError = m.t(map[bool]lang.Key{true: lang.UIBellOn, false: lang.UIBellOff}[m.opts.Bell]), false
		return m.up(optionsMsg{})
	case key.Matches(msg, k.Speed):
		return m.up(speedMsg{})
	case key.Matches(msg, k.Help):
		m.keysHelp = &keysWindow{}
	case key.Matches(msg, k.Cancel):
		m.message, m.isError = "", false
	default:
		if len(s) == 1 {
			return m.setError(m.t(lang.UIUnknownKey, s))
		}
	}
	return nil
}

// animations lists the paces in the order the speed key cycles them.
var animations = []string{"normal", "slow", "off", "fast"}

// animationWords are the paces' names in the catalogue.
var animationWords = map[string]lang.Key{"normal": lang.UIAnimNormal, "slow": lang.UIAnimSlow, "off": lang.UIAnimOff, "fast": lang.UIAnimFast}

// speed sets the computers' next pace, and keeps it in the options.
func (m *Model) speed() tea.Cmd {
	for i, a := range animations {
		if a == m.opts.Animation {
			m.opts.Animation = animations[(i+1)%len(animations)]
			break
		}
	}
	m.message, m.isError = m.t(lang.UIAnimation, m.t(animationWords[m.opts.Animation])), false
	m.local.SetPace(m.opts.Delay())
	return m.persist()
}
