package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/lang"
)

// Local play's windows over the board are components the Model holds
// while they are open: the load picker (loadDialog), the save dialog
// (saveDialog), the new-game screen (newGameScreen) and the statistics
// (statsWindow). Each has its own key map, which the footer shows; the
// board only knows that one is open (holder.covering).

// covering reports whether one of local play's windows or questions is
// open over the board.
func (m *Model) covering() bool {
	return m.loader != nil || m.saver != nil || m.setup != nil || m.stats != nil || m.asking != askNone
}

// answered closes the question asked, local play's or the board's, and
// does what answer a does; nil is no answer: the question stays.
func (m *Model) answered(a *answer) tea.Cmd {
	if a == nil {
		return nil
	}
	m.asking, m.dialog = askNone, dialogNone
	return a.do()
}

// footer is the key map of local play's open window, else the board's.
func (m *Model) footer() []key.Binding {
	switch {
	case m.loader != nil:
		return m.loader.keys.ShortHelp()
	case m.setup != nil:
		return m.setup.keys.ShortHelp()
	case m.saver != nil:
		return m.saver.keys.ShortHelp()
	case m.stats != nil:
		return m.stats.ShortHelp()
	}
	if q := m.question(); q != nil && m.keysHelp == nil {
		return q.keyMap(&m.screenContext).ShortHelp()
	}
	return m.Board.footer()
}

// statsMsg is the lifetime statistics read for their window.
type statsMsg struct {
	text string
	err  error
}

// statsWindow is the lifetime statistics' window as a component: the
// text read, in a box; any key or click closes it, so it binds no key of
// its own.
type statsWindow struct{ text string }

// ShortHelp is the footer under the window: empty, as its button says
// any key closes it.
func (w *statsWindow) ShortHelp() []key.Binding { return nil }

// openStats reads the lifetime statistics in a command.
func (m *Model) openStats() tea.Cmd {
	if m.cfg.Stats == nil {
		return m.setError(m.t(lang.PkNoStats))
	}
	fn, c := m.cfg.Stats, m.lang // the board's language, f's choice, not the command line's
	return func() tea.Msg {
		text, err := fn(c)
		return statsMsg{text: text, err: err}
	}
}

// layers draw the statistics in a box.
func (w *statsWindow) layers(c *screenContext, l layout) []*layer {
	var body []string
	for _, s := range strings.Split(strings.TrimRight(w.text, "\n"), "\n") {
		// A sentence goes on over the next rows, where the folder of the
		// statistics was cut (issue 34); the table's rows fit.
		body = append(body, wrap(s, pickerWidth)...)
	}
	return c.dialogBox(l, c.t(lang.PkStatsTitle), body, []button{{"btn-yes", c.t(lang.BtnAnyKey), true}})
}
