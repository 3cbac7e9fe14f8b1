package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
)

// undo takes back the human's last action.
func (m *Model) undo() tea.Cmd {
	if m.remote {
		return m.setError("No undo at a shared table.")
	}
	if !m.sess.CanUndo() {
		return m.setError("Nothing to undo in this hand.")
	}
	m.stopThinking()
	m.sess.Undo()
	m.pull()
	m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	m.message, m.isError = "Undone: your move is yours to make again.", false
	m.log = append(m.log, "(undo)")
	m.selectDrawn()
	return m.next()
}

// hint asks the strongest computer for a move, in a command.
func (m *Model) hint() tea.Cmd {
	if m.cfg.Hint == nil {
		return m.setError("No hints in this version.")
	}
	if !m.obs.MyTurn() {
		return m.setError("Hints come on your turn.")
	}
	obs := m.obs
	legal := obs.Legal(make([]engine.Action, 0, engine.MaxLegal))
	ctx, cancel := context.WithCancel(context.Background())
	m.stopThinking()
	m.cancel = cancel
	m.hinting = true
	gen, fn := m.gen, m.cfg.Hint
	m.message, m.isError = "Thinking of a hint…", false
	return tea.Batch(func() tea.Msg {
		a, why := fn(ctx, &obs, legal)
		return hintMsg{gen: gen, a: a, why: why}
	}, m.spin.Tick)
}

// showHint selects the suggested card and says why.
func (m *Model) showHint(a engine.Action, why string) {
	if c := a.Card(); c != engine.NoCard {
		for i, hp := range m.handView() {
			if hp.card == c {
				m.sel = i
				break
			}
		}
	}
	m.message, m.isError = "Hint: "+m.describe(a)+" ("+why+").", false
}

// describe tells an action in the player's words.
func (m *Model) describe(a engine.Action) string {
	c := a.Card()
	switch a.Kind() {
	case engine.KindPlay:
		if c.IsHazard() {
			return "play " + c.String() + " on " + m.names().Side(a.Target())
		}
		return "play " + c.String()
	case engine.KindDiscard:
		return "discard " + c.String()
	case engine.KindCoupFourre:
		return "declare the coup fourré"
	case engine.KindDecline:
		return "let the coup fourré pass"
	case engine.KindExtend:
		return "extend the trip to 1000"
	case engine.KindStopTrip:
		return "stop at 700"
	case engine.KindContinue:
		return "deal the next hand"
	}
	return a.String()
}
