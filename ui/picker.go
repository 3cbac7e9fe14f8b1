package ui

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// Hangup tells the model that its terminal closed or the process was told
// to stop (SIGHUP, SIGTERM): it keeps an unfinished game in the autosave
// and quits. play.go sends it from its signal handler.
type Hangup struct{}

// loadedMsg is a save read for the load picker.
type loadedMsg struct {
	path     string
	g        record.Game
	err      error
	autosave bool // path is the autosave's
}

// pickerWidth is the widest row of a picker in its dialog.
const pickerWidth = 72

// newPicker returns the picker of a dialog on folder dir showing rows
// entries at once; its Init reads the folder.
func newPicker(dir string, rows int) savePicker {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // the dialogs show, and saves report, full paths
	}
	return newSavePicker(dir, rows)
}

// pickerRows is the picker's height on a screen h rows high: the save
// dialog has more lines around it than the load dialog.
func pickerRows(h int, saving bool) int {
	if h == 0 {
		h = MinHeight
	}
	if saving {
		return max(3, min(12, h-14))
	}
	return max(3, min(14, h-13))
}

// pickerKeys is a picker's key map, the bubbles way: moving in the list,
// opening a folder or picking a save, going up, and Esc.
type pickerKeys struct {
	Up, Down, PageUp, PageDown key.Binding
	Parent, Open, Choose       key.Binding // ← and Backspace; →; Return
	Cancel                     key.Binding
}

// newPickerKeys is a picker's keys from the screen's key map.
func newPickerKeys(k KeyMap) pickerKeys {
	return pickerKeys{Up: k.Up, Down: k.Down, PageUp: k.LogUp, PageDown: k.LogDown,
		Parent: key.NewBinding(key.WithKeys(slices.Concat(k.Left.Keys(), k.Backspace.Keys())...)),
		Open:   k.Right, Choose: k.Default, Cancel: k.Cancel}
}

// ShortHelp is the footer under a picker: every key it takes.
func (k pickerKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Choose, k.Open, k.Parent, k.Cancel}
}

// said gives the picker's keys their words in c's language, for its
// footer.
func (k pickerKeys) said(c *screenContext) pickerKeys {
	k.Up.SetHelp("↑↓", c.t(lang.PkKeyChoose))
	k.Choose.SetHelp(c.t(lang.KeyEnter), c.t(lang.PkKeyLoad))
	k.Open.SetHelp("→", c.t(lang.PkKeyOpen))
	k.Parent.SetHelp("←", c.t(lang.PkKeyUp))
	return k
}

// loadDialog is the load picker as a component: the saves folder's list
// (savePicker), its keys, and its box, drawn over the board or the
// new-game screen. It reads folders in commands and says what was picked
// or that it was cancelled; the model it belongs to loads the save.
type loadDialog struct {
	list savePicker
	keys pickerKeys
}

// newLoadDialog is the load picker on folder dir, sized for c's screen;
// its Init reads the folder.
func newLoadDialog(c *screenContext, dir string) *loadDialog {
	return &loadDialog{list: newPicker(dir, pickerRows(c.h, false)), keys: newPickerKeys(*c.keys).said(c)}
}

// Init reads the picker's folder.
func (d *loadDialog) Init() tea.Cmd { return d.list.Init() }

// Update takes a key, a click, a folder read or the screen's new size,
// and says what it led to: a save picked, the dialog cancelled, or a
// folder to read.
func (d *loadDialog) Update(msg tea.Msg) pickResult {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		d.list.setRows(pickerRows(msg.Height, false))
	case pickerReadMsg:
		d.list.loaded(msg)
	case tea.KeyPressMsg:
		if key.Matches(msg, d.keys.Cancel) {
			return pickResult{cancel: true}
		}
		return d.list.key(msg, d.keys)
	case clickMsg:
		if row, ok := strings.CutPrefix(msg.id, "pick-"); ok {
			n, _ := strconv.Atoi(row)
			return d.list.click(n)
		}
		if msg.id == "btn-no" {
			return pickResult{cancel: true}
		}
	}
	return pickResult{}
}

// layers draw the picker in its box, each row clickable; message is the
// screen's error, if any, told in the box.
func (d *loadDialog) layers(c *screenContext, l layout, message string) []*layer {
	st := c.styles
	body := []string{
		st.Dim.Render(ansi.Truncate(c.t(lang.PkFolder, save.Home(d.list.dir)), pickerWidth, "…")),
		"",
	}
	first := len(body)
	body = append(body, d.list.lines(st, c.lang, pickerWidth, c.t(lang.PkNoSaves))...)
	body = append(body, "", st.Dim.Render(c.t(lang.PkLoadHelp)))
	if message != "" {
		body = append(body, st.Error.Render(ansi.Truncate(message, pickerWidth, "…")))
	}
	rows := map[int]string{}
	for i := 0; i < d.list.rows; i++ {
		rows[first+i] = "pick-" + strconv.Itoa(i)
	}
	return c.dialogBoxRows(l, c.t(lang.PkLoadTitle), body, []button{{"btn-no", c.t(lang.BtnEscCancel), false}}, rows)
}

// openLoad opens the load picker on the saves folder, over the board or
// the new-game screen.
func (m *Model) openLoad() tea.Cmd {
	if !m.offers.load {
		return m.setError(m.t(lang.PkNoLoad))
	}
	dir, err := save.Dir()
	if err != nil {
		return m.setError(m.lang.Error(err))
	}
	m.hand.pending, m.hand.pendSlot, m.hand.target = 0, -1, engine.NoCard
	m.loader = newLoadDialog(&m.screenContext, dir)
	return m.loader.Init()
}

// loadUpdate hands a message to the open load picker and does what it
// led to: Esc closes it, a save picked is loaded.
func (m *Model) loadUpdate(msg tea.Msg) tea.Cmd {
	r := m.loader.Update(msg)
	switch {
	case r.cancel:
		m.loader = nil
		m.message, m.isError = m.t(lang.PkNothingLoaded), false
		return nil
	case r.save != "":
		// Read in a command; the game on the table goes on until it has
		// been read and checked.
		m.loader = nil
		m.message, m.isError = m.t(lang.PkLoading, r.save), false
		l, path := m.local, r.save
		return func() tea.Msg {
			g, err := l.Load(path)
			return loadedMsg{path: path, g: g, err: err, autosave: isAutosave(path)}
		}
	}
	return r.cmd
}

// isAutosave reports whether path is the autosave's file.
func isAutosave(path string) bool {
	auto, err := save.AutosavePath()
	if err != nil {
		return false
	}
	a, aerr := filepath.Abs(auto)
	b, berr := filepath.Abs(path)
	return aerr == nil && berr == nil && a == b
}

// loaded shows the game read from a file, or why it could not be; it
// takes the table once the player has said whether to save the game there.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	m.setup = nil
	if msg.err != nil {
		return m.setError(m.lang.Error(msg.err))
	}
	if m.resuming() {
		m.asking = askNone // picked at the resume question: the game loaded is the answer
	}
	next := nextGame{g: msg.g, file: msg.path, autosave: msg.autosave, message: m.t(lang.PkLoaded, save.Home(msg.path))}
	if msg.autosave {
		next.file = "" // saved, it goes to a file of the player's naming
	}
	return m.replaceWith(next, false)
}

// saveFolder is where the save dialog's picker starts: the folder of the
// game's file, or the saves folder.
func saveFolder(file string) string {
	if file != "" {
		return filepath.Dir(file)
	}
	if dir, err := save.Dir(); err == nil {
		return dir
	}
	return "."
}
