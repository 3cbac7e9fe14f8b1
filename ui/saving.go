package ui

import (
	"path/filepath"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// interrupt leaves at once (Ctrl-C, or quitting without saving), keeping
// an unfinished game with moves no file holds in the autosave, so that the
// next start can offer it. A game its file or the autosave holds already
// leaves the autosave as it is: it may hold another game left unsaved.
func (m *Model) interrupt() tea.Cmd {
	if m.guest() {
		return m.leave()
	}
	if !m.unfinished() {
		return m.quitKept()
	}
	g, fn := m.own.Record(), m.cfg.Autosave
	m.stopHint()
	m.closeTable()
	m.quitting = true
	return tea.Sequence(func() tea.Msg { _ = fn(g); return nil }, m.persist(), tea.Quit)
}

// unsaved reports whether the game on the table is unfinished and has
// moves that neither a save nor the file it came from holds (the
// autosave's game, resumed, is held there until it moves on): leaving it
// asks first. The table's state counts, moves not yet shown included.
func (m *Model) unsaved() bool {
	if m.own == nil {
		return false
	}
	g := m.own.Record()
	return g.State.Phase != engine.PhaseGameOver && save.MovesDigest(g.History) != m.saved
}

// unfinished reports whether there is a game to keep in the autosave: an
// unsaved one.
func (m *Model) unfinished() bool {
	return m.cfg.Autosave != nil && m.unsaved()
}

// Keep writes an unfinished game to the autosave at once. Call it only
// once the program has stopped: play.go does after a hangup, in case the
// closed terminal ended the program before the model could.
func (m *Model) Keep() error {
	if !m.unfinished() {
		return nil
	}
	return m.cfg.Autosave(m.own.Record())
}

// Left tells, once the program has stopped, where the game it leaves is
// kept: in file (the game as it is: saved or loaded there), or in the
// autosave; neither for a game over or one kept nowhere.
func (m *Model) Left() (file string, autosave bool) {
	switch {
	case m.own == nil || m.gameOver():
		return "", false
	case m.unfinished():
		return "", true // quitting wrote it there (interrupt), or Keep does
	case !m.unsaved() && m.file != "":
		return m.file, false
	}
	return "", m.autosaved && !m.unsaved()
}

// quit stops the computers and leaves.
func (m *Model) quit() tea.Cmd {
	m.stopHint()
	m.closeTable()
	m.quitting = true
	// The last options write goes before leaving, or it could be lost.
	return tea.Sequence(m.persist(), tea.Quit)
}

// afterSave is what a save from the save dialog leads to.
type afterSave int

const (
	afterSaveNothing afterSave = iota // play goes on
	afterSaveQuit                     // quitting
	afterSaveReplace                  // the next game takes the table (Model.next)
)

// startSave opens the file name prompt, filled with the current file's
// name in its folder; after says what the save leads to.
func (m *Model) startSave(after afterSave) tea.Cmd {
	if m.guest() {
		return m.saveTable()
	}
	if m.cfg.Save == nil {
		m.dialog = dialogNone
		return m.setError("Saving is not available.")
	}
	m.afterSave = after
	m.dialog = dialogSaveAs
	m.pickFolder = false
	m.message, m.isError = "", false
	name := ""
	if m.file != "" {
		name = strings.TrimSuffix(filepath.Base(m.file), save.Ext)
	}
	m.input.SetValue(name)
	m.input.CursorEnd()
	m.picker = m.newPicker(m.saveFolder())
	return tea.Batch(m.input.Focus(), m.picker.Init())
}

// save writes the game in a command: the disk is never touched in Update.
func (m *Model) save(path string) tea.Cmd {
	g, fn := m.own.Record(), m.cfg.Save
	return func() tea.Msg {
		p, err := fn(path, g)
		return savedMsg{path: p, at: save.MovesDigest(g.History), err: err}
	}
}

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
		return optionsSavedMsg{err: SaveOptions(dir, o)}
	}
}

// optionsWriter orders the option writes of one model.
type optionsWriter struct {
	mu        sync.Mutex
	seq, done uint64
}
