package ui

import (
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/local"
)

// quit leaves local play at once (Ctrl-C, quitting, a closed terminal,
// after a save): an unfinished game with moves no file holds goes to the
// autosave, so that the next start can offer it, and the autosave of a
// game now over goes (local.Session.Leave).
func (m *Model) quit() tea.Cmd {
	keep := m.local.Leave()
	m.hints.Stop()
	go m.local.Close() // its computers stop in the background; its record stays readable
	m.quitting = true
	// The last options write goes before leaving, or it could be lost.
	return tea.Sequence(func() tea.Msg { _, _ = keep(); return nil }, m.persist(), tea.Quit)
}

// respond answers what the board asks of local play (messages.go).
func (m *Model) respond(ask tea.Msg) tea.Cmd {
	switch ask := ask.(type) {
	case quitMsg:
		return m.quit()
	case askQuitMsg:
		return m.askQuit(false)
	case saveMsg:
		return m.startSave(ask.after)
	case newGameMsg:
		return m.newGame()
	case reviewMsg:
		return m.reviewHand()
	case speedMsg:
		return m.speed()
	case loadMsg:
		return m.openLoad()
	case openStatsMsg:
		return m.openStats()
	case optionsMsg:
		return m.persist()
	case shownMsg:
		return m.recordHand()
	}
	return nil
}

// unsaved reports whether the game on the table is unfinished and has
// moves that neither a save nor the file it came from holds (the
// autosave's game, resumed, is held there until it moves on): leaving it
// asks first.
func (m *Model) unsaved() bool { return m.local.Unsaved() }

// Keep writes an unfinished game to the autosave at once. Call it only
// once the program has stopped: play.go does after a hangup, in case the
// closed terminal ended the program before the model could.
func (m *Model) Keep() error {
	_, err := m.local.Leave()()
	return err
}

// Left tells, once the program has stopped, where the game it leaves is
// kept: in file (the game as it is: saved or loaded there), or in the
// autosave; neither for a game over, or one kept nowhere.
func (m *Model) Left() (file string, autosave bool) {
	return m.local.Left()
}

// afterSave is what a save from the save dialog leads to.
type afterSave int

const (
	afterSaveNothing afterSave = iota // play goes on
	afterSaveQuit                     // quitting
	afterSaveReplace                  // the next game takes the table (Model.next)
)

// persist writes the options in a command.
func (m *Model) persist() tea.Cmd {
	dir, o := m.cfg.ConfigDir, m.opts
	if dir == "" {
		return nil
	}
	w := m.optw
	w.mu.Lock()
	w.seq++
	seq := w.seq
	w.mu.Unlock()
	return func() tea.Msg {
		// Commands run concurrently: a write older than the last one
		// written is dropped, so the file always ends with the newest.
		w.mu.Lock()
		defer w.mu.Unlock()
		if seq <= w.done {
			return nil
		}
		w.done = seq
		return optionsSavedMsg{err: local.SaveOptions(dir, o)}
	}
}

// optionsWriter orders the option writes of one model.
type optionsWriter struct {
	mu        sync.Mutex
	seq, done uint64
}
