package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
)

// The messages between the board and its components. A component's
// update says what it led to as one of these, and the board takes it at
// once (Board.do), so that a key is taken whole before the next one.
type (
	// guideClosedMsg: the guide closed (Esc, q, Return on the last page,
	// its close button).
	guideClosedMsg struct{}
)

type (
	// actMsg: take the viewer's action a (the end-of-hand window's
	// another hand, the hand's play and discard).
	actMsg struct{ a engine.Action }
	// askQuitMsg: q, or the end-of-hand window's leave button: leaving
	// asks first.
	askQuitMsg struct{}
	// newGameMsg: N, or the end of a game's new setup button.
	newGameMsg struct{}
)

// do takes a component's message at once: what it led to.
func (m *Board) do(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case guideClosedMsg:
		m.screen = screenBoard
	case actMsg:
		return m.act(msg.a)
	case askQuitMsg:
		return m.top.askQuit(false)
	case newGameMsg:
		return m.top.newGame()
	}
	return nil
}
