package ui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// undo takes back the viewer's last decision of the hand, where the
// table allows it.
func (m *Board) undo() tea.Cmd {
	err := m.table.Undo()
	switch {
	case errors.Is(err, table.ErrUndoShared):
		return m.setError(m.t(lang.NoUndoShared))
	case err != nil:
		return m.setError(m.t(lang.NoUndo))
	}
	m.hints.Stop()
	m.hand.target, m.hand.pending, m.hand.pendSlot = engine.NoCard, 0, -1
	m.message, m.isError = m.t(lang.Undone), false
	return nil // the hand as it was comes on the table's updates (show)
}

// hint asks the strongest computer for a move, in a command.
func (m *Board) hint() tea.Cmd {
	if m.hintFn == nil {
		return m.setError(m.t(lang.UINoHints))
	}
	if !m.obs.MyTurn() {
		return m.setError(m.t(lang.HintOnTurn))
	}
	n, _, search := m.hints.Start(m.hintFn, m.obs)
	m.message, m.isError = m.t(lang.UIThinkingHint), false
	return tea.Batch(func() tea.Msg {
		a, why := search()
		return hintMsg{n: n, a: a, why: why}
	}, m.spinIfWaiting())
}
