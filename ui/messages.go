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
	// another hand).
	actMsg struct{ a engine.Action }
	// noteMsg: say text on the message line; err marks a refusal (the
	// bell rings if the player wants it).
	noteMsg struct {
		text string
		err  bool
	}
	// clearMsg: the message line goes back to the recent moves.
	clearMsg struct{}
)

// What the board asks of the program around it (Board.ask): local play's
// Model answers each with the game of its own (Model.respond), a served
// board answers itself (Board.served).
type (
	// quitMsg: leave now (ctrl+c, a closed terminal, the quit question's
	// yes): local play quits the program, a served board leaves the table.
	quitMsg struct{}
	// askQuitMsg: q, n at the end of a hand, the end-of-hand window's
	// leave button: leaving asks first.
	askQuitMsg struct{}
	// saveMsg: S, or the quit question's save first.
	saveMsg struct{ after afterSave }
	// newGameMsg: N, or the end of a game's new setup button.
	newGameMsg struct{}
	// reviewMsg: v at the end of a hand.
	reviewMsg struct{}
	// speedMsg: the computers' next pace.
	speedMsg struct{}
	// loadMsg: L, the load picker.
	loadMsg struct{}
	// openStatsMsg: the statistics' key.
	openStatsMsg struct{}
	// optionsMsg: the player's options changed (keep them).
	optionsMsg struct{}
	// shownMsg: a view of the table was shown (the hand's record, once
	// it is over).
	shownMsg struct{}
)

// up sends msg to the program around the board (ask), as a key's last
// step.
func (m *Board) up(msg tea.Msg) tea.Cmd {
	m.ask(msg)
	return nil
}

// do takes a component's message at once: what it led to.
func (m *Board) do(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case guideClosedMsg:
		m.screen = screenBoard
	case actMsg:
		return m.act(msg.a)
	case noteMsg:
		if msg.err {
			return m.setError(msg.text)
		}
		m.message, m.isError = msg.text, false
	case clearMsg:
		m.message = ""
	case nil:
	default:
		m.ask(msg) // the program around's (askQuitMsg, newGameMsg)
	}
	return nil
}
