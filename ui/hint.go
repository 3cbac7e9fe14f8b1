package ui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
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
	m.stopHint()
	m.hand.target, m.hand.pending, m.hand.pendSlot = engine.NoCard, 0, -1
	cmd := m.see(m.table.View())
	m.message, m.isError = m.t(lang.Undone), false
	return cmd
}

// stopHint cancels the hint being sought and forgets its answer.
func (m *Board) stopHint() { m.hints.Stop() }

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

// showHint selects the suggested card and says why.
func (m *Board) showHint(a engine.Action, why ai.Reason) {
	if c := a.Card(); c != engine.NoCard {
		for i, hp := range m.handView() {
			if hp.card == c {
				m.hand.sel = i
				break
			}
		}
	}
	m.message, m.isError = m.lang.HintLine(m.lang.Describe(m.names(), a), why), false
	m.hand.hinted, m.hand.hintedAt = a, m.obs.EventCount
}
