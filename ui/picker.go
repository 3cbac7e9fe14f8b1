package ui

import (
	"path/filepath"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/filepicker"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// Hangup tells the model that its terminal closed or the process was told
// to stop (SIGHUP, SIGTERM): it keeps an unfinished game in the autosave
// and quits. play.go sends it from its signal handler.
type Hangup struct{}

// messages of the load picker and the statistics window.
type (
	loadedMsg struct {
		path string
		g    save.Game
		err  error
	}
	statsMsg struct {
		text string
		err  error
	}
)

// pickerWidth is the widest row of a picker in its dialog.
const pickerWidth = 64

// newPicker returns a file picker on dir: saves only (load), or folders
// only (the folder of a save).
func (m *Model) newPicker(dir string, folders bool) filepicker.Model {
	fp := filepicker.New()
	fp.CurrentDirectory = dir
	fp.ShowPermissions = false
	fp.AutoHeight = false // sized by the dialog, not the terminal
	fp.SetHeight(m.pickerRows())
	// Esc cancels the dialog rather than going up a folder.
	fp.KeyMap.Back = key.NewBinding(key.WithKeys("left", "h", "backspace"), key.WithHelp("←", "up a folder"))
	fp.Styles = m.styles.Picker
	if folders {
		fp.ShowSize = false
		fp.DirAllowed, fp.FileAllowed = true, false
		// No name ends in a separator: files show greyed, folders are the choice.
		fp.AllowedTypes = []string{string(filepath.Separator)}
		fp.Styles.EmptyDirectory = fp.Styles.EmptyDirectory.SetString("No folders here (← goes up).")
	} else {
		// Write's temporary files are hidden (dot) files, which the picker
		// hides; anything else that is not a save shows greyed.
		fp.AllowedTypes = []string{save.Ext}
		fp.Styles.EmptyDirectory = fp.Styles.EmptyDirectory.SetString("No saved games here (← goes up).")
	}
	return fp
}

// pickerRows is the picker's height for the screen: the save dialog has
// more lines around it than the load dialog.
func (m *Model) pickerRows() int {
	h := m.h
	if h == 0 {
		h = MinHeight
	}
	if m.dialog == dialogSaveAs {
		return max(3, min(12, h-14))
	}
	return max(3, min(14, h-13))
}

// openLoad opens the load picker on the saves folder, over the board or
// the new-game screen.
func (m *Model) openLoad() tea.Cmd {
	if m.cfg.Load == nil {
		return m.setError("Loading is not available.")
	}
	dir, err := save.Dir()
	if err != nil {
		return m.setError(err.Error())
	}
	m.dialog = dialogLoad
	m.pending, m.pendSlot, m.target = 0, -1, engine.NoCard
	m.picker = m.newPicker(dir, false)
	return m.picker.Init()
}

// loadKey is a key in the load picker: Esc cancels, Return on a save loads
// it, the rest moves in the picker.
func (m *Model) loadKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Cancel) {
		m.dialog = dialogNone
		m.message, m.isError = "Nothing loaded.", false
		return nil
	}
	var cmd tea.Cmd
	m.picker, cmd = m.picker.Update(msg)
	if ok, path := m.picker.DidSelectFile(msg); ok {
		return m.load(path)
	}
	if ok, path := m.picker.DidSelectDisabledFile(msg); ok {
		m.message, m.isError = filepath.Base(path)+" is not a saved game ("+save.Ext+").", true
	}
	return cmd
}

// load reads a save in a command; the game on the table goes on until it
// has been read and checked.
func (m *Model) load(path string) tea.Cmd {
	m.dialog = dialogNone
	m.message, m.isError = "Loading "+path+"…", false
	fn := m.cfg.Load
	return func() tea.Msg {
		g, err := fn(path)
		return loadedMsg{path: path, g: g, err: err}
	}
}

// loaded shows the game read from a file, or why it could not be.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	m.screen = screenBoard
	if msg.err != nil {
		return m.setError(msg.err.Error())
	}
	if err := m.start(msg.g); err != nil {
		return m.setError(msg.path + ": " + err.Error())
	}
	m.file = msg.path
	m.record = ""
	m.message, m.isError = "Loaded "+msg.path+": the game goes on.", false
	return m.watchTable()
}

// saveKey is a key in the save dialog: Tab moves between the name and the
// folder picker; Return saves (in the name) or chooses a folder (in the
// picker); Esc and an empty name cancel.
func (m *Model) saveKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.dialog, m.pickFolder = dialogNone, false
		m.message, m.isError = "Not saved.", false
		return nil
	case key.Matches(msg, k.Folder):
		m.pickFolder = !m.pickFolder
		if m.pickFolder {
			m.input.Blur()
			return nil
		}
		return m.input.Focus()
	}
	if m.pickFolder {
		var cmd tea.Cmd
		before := m.picker.CurrentDirectory
		m.picker, cmd = m.picker.Update(msg)
		if key.Matches(msg, m.picker.KeyMap.Select) && m.picker.CurrentDirectory != before {
			// Return went into a folder: it is the choice; back to the name.
			m.pickFolder = false
			return tea.Batch(cmd, m.input.Focus())
		}
		return cmd
	}
	if key.Matches(msg, k.Default) {
		name := strings.TrimSpace(m.input.Value())
		if name == "" { // BSD: an empty name resumes the game
			return m.cancelSave()
		}
		if filepath.Base(name) == name && !strings.HasPrefix(name, "~") {
			name = filepath.Join(m.picker.CurrentDirectory, name)
		}
		return m.save(name)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// cancelSave closes the save dialog after an empty name: play resumes
// or, when the save was asked on quitting, the game leaves (kept in the
// autosave), as BSD's did.
func (m *Model) cancelSave() tea.Cmd {
	m.dialog = dialogNone
	m.pickFolder = false
	m.message, m.isError = "Not saved.", false
	if m.quitAfterSave {
		return m.interrupt()
	}
	return nil
}

// saveFolder is where the save dialog's picker starts: the folder of the
// game's file, or the saves folder.
func (m *Model) saveFolder() string {
	if m.file != "" {
		return filepath.Dir(m.file)
	}
	if dir, err := save.Dir(); err == nil {
		return dir
	}
	return "."
}

// pickerLines is the picker's view cut to its rows and to width w.
func (m *Model) pickerLines(w int) []string {
	rows := m.picker.Height()
	lines := strings.Split(strings.TrimRight(m.picker.View(), "\n"), "\n")
	if len(lines) > rows {
		lines = lines[:rows]
	}
	for i := range lines {
		lines[i] = padRight(ansi.Truncate(lines[i], w, "…"), w, ' ')
	}
	for len(lines) < rows {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return lines
}

// pickerClick moves the picker's cursor to the clicked row and presses
// Return there: a click opens a folder or picks a file.
func (m *Model) pickerClick(row int) tea.Cmd {
	cur := -1
	for i, l := range m.pickerLines(pickerWidth) {
		if strings.HasPrefix(ansi.Strip(l), m.picker.Cursor) {
			cur = i
			break
		}
	}
	if cur < 0 {
		return nil
	}
	move := tea.KeyPressMsg{Code: tea.KeyDown}
	if row < cur {
		move = tea.KeyPressMsg{Code: tea.KeyUp}
	}
	for i := 0; i < abs(row-cur); i++ {
		m.picker, _ = m.picker.Update(move)
	}
	enter := tea.KeyPressMsg{Code: tea.KeyEnter}
	if m.dialog == dialogLoad {
		return m.loadKey(enter)
	}
	m.pickFolder = true
	m.input.Blur()
	return m.saveKey(enter)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// openStats reads the lifetime statistics in a command.
func (m *Model) openStats() tea.Cmd {
	if m.cfg.Stats == nil {
		return m.setError("No statistics in this version.")
	}
	fn := m.cfg.Stats
	return func() tea.Msg {
		text, err := fn()
		return statsMsg{text: text, err: err}
	}
}

// pickerDialog draws the load picker over whatever screen is shown; each
// row of the picker is clickable.
func (m *Model) pickerDialog(l layout) []*layer {
	st := m.styles
	body := []string{
		st.Dim.Render(ansi.Truncate("Folder: "+m.picker.CurrentDirectory, pickerWidth, "…")),
		"",
	}
	first := len(body)
	body = append(body, m.pickerLines(pickerWidth)...)
	body = append(body, "", st.Dim.Render("↑↓ choose · enter loads · → opens a folder · ← goes up"))
	if m.message != "" && m.isError {
		body = append(body, st.Error.Render(ansi.Truncate(m.message, pickerWidth, "…")))
	}
	rows := map[int]string{}
	for i := 0; i < m.picker.Height(); i++ {
		rows[first+i] = "pick-" + strconv.Itoa(i)
	}
	return m.dialogBoxRows(l, "Load a saved game", body, []button{{"btn-no", "esc Cancel", false}}, rows)
}

// saveDialog draws the save prompt: the name, and the folder picker under it.
func (m *Model) saveDialog(l layout) []*layer {
	st := m.styles
	folder := "Folder: " + m.picker.CurrentDirectory
	if m.pickFolder {
		folder = st.Heading.Render("▶ ") + folder
	} else {
		folder = "  " + folder
	}
	body := []string{
		"Save the game in a file (Return with no name: don't save).",
		"",
		m.input.View(),
		"",
		ansi.Truncate(folder, pickerWidth, "…"),
	}
	first := len(body)
	body = append(body, m.pickerLines(pickerWidth)...)
	hint := "tab: choose the folder (a name without one goes there)"
	if m.pickFolder {
		hint = "↑↓ · enter picks the folder · → opens · ← up · tab: name"
	}
	body = append(body, st.Dim.Render(hint))
	rows := map[int]string{}
	for i := 0; i < m.picker.Height(); i++ {
		rows[first+i] = "pick-" + strconv.Itoa(i)
	}
	return m.dialogBoxRows(l, "Save", body, []button{{"btn-yes", "enter Save", true}, {"btn-no", "esc Cancel", false}}, rows)
}

// statsDialog shows the lifetime statistics.
func (m *Model) statsDialog(l layout) []*layer {
	var body []string
	for _, s := range strings.Split(strings.TrimRight(m.statsText, "\n"), "\n") {
		body = append(body, ansi.Truncate(s, 72, "…"))
	}
	return m.dialogBox(l, "Statistics", body, []button{{"btn-yes", "any key Close", true}})
}
