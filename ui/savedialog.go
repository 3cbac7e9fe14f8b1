package ui

import (
	"path/filepath"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
)

// saveDialog is the save dialog as a component: the file name (a text
// input), the folder it goes to (a savePicker of the folders, and of the
// saves a name may replace), its key map and its box. Tab moves between
// the name and the folder; Return saves (in the name) or chooses a
// folder or a save to replace (in the folder); Esc and an empty name
// cancel. It says what the keys led to; the model writes the file.
type saveDialog struct {
	input  textinput.Model
	list   savePicker
	folder bool      // the keys go to the folder list
	after  afterSave // what the save leads to
	keys   saveKeys
}

// saveKeys is the save dialog's key map: Tab, Return, Esc, and the
// folder list's keys.
type saveKeys struct {
	Folder, Save, Cancel key.Binding
	list                 pickerKeys
}

// ShortHelp is the footer under the save dialog: Return saves, Tab and
// Esc (issue 34: it left out the key that saves).
func (k saveKeys) ShortHelp() []key.Binding { return []key.Binding{k.Save, k.Folder, k.Cancel} }

// newSaveDialog is the save dialog on folder dir, the name filled in,
// sized for c's screen; after says what the save leads to. Its command
// focuses the name and reads the folder.
func newSaveDialog(c *screenContext, dir, name string, after afterSave) (*saveDialog, tea.Cmd) {
	in := textinput.New()
	in.Prompt = c.t(lang.PkFile)
	in.CharLimit = 200
	in.SetValue(name)
	in.CursorEnd()
	save := c.keys.Default // Return, said as what it does here
	save.SetHelp(c.t(lang.KeyEnter), c.t(lang.KeySave))
	d := &saveDialog{input: in, list: newPicker(dir, pickerRows(c.h, true)), after: after,
		keys: saveKeys{Folder: c.keys.Folder, Save: save, Cancel: c.keys.Cancel, list: newPickerKeys(*c.keys)}}
	// The list shows its cursor once Tab gives it the keys, on the save
	// of the name given, else the newest (issue 34: it sat on reviews/).
	d.list.want, d.list.noCursor = name, true
	return d, tea.Batch(d.input.Focus(), d.list.Init())
}

// saveEnd is how a key leaves the save dialog.
type saveEnd int

const (
	saveOpen   saveEnd = iota // the dialog stays
	saveCancel                // Esc or the Cancel button
	saveEmpty                 // Return on an empty name: BSD resumes the game
	saveWrite                 // Return on a good name: write the game at path
)

// saveResult is what a message did in the save dialog: how it ends, the
// file to write, what the message line now says (nil: as it was), and
// the command to run.
type saveResult struct {
	end  saveEnd
	path string
	note *note
	cmd  tea.Cmd
}

// note is a text for the message line, an error or not.
type note struct {
	text    string
	isError bool
}

// Update takes a key, a click, a folder read, the screen's new size or
// the cursor's blinks, and says what it led to.
func (d *saveDialog) Update(c *screenContext, msg tea.Msg) saveResult {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		d.list.setRows(pickerRows(msg.Height, true))
		return saveResult{}
	case pickerReadMsg:
		d.list.loaded(msg)
		return saveResult{}
	case tea.KeyPressMsg:
		return d.key(c, msg)
	case clickMsg:
		if row, ok := strings.CutPrefix(msg.id, "pick-"); ok {
			n, _ := strconv.Atoi(row)
			r := d.list.click(n)
			d.input.Blur()
			return d.pick(c, r)
		}
		switch msg.id {
		case "btn-yes":
			d.folder = false // the button saves, wherever the keys were
			return d.key(c, tea.KeyPressMsg{Code: tea.KeyEnter})
		case "btn-no":
			return saveResult{end: saveCancel}
		}
		return saveResult{}
	}
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(msg)
	return saveResult{cmd: cmd}
}

// key handles a key: Tab, Esc, then the folder list's keys or the name's.
func (d *saveDialog) key(c *screenContext, msg tea.KeyPressMsg) saveResult {
	k := d.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return saveResult{end: saveCancel}
	case key.Matches(msg, k.Folder):
		d.folder = !d.folder
		d.list.noCursor = !d.folder
		if d.folder {
			d.input.Blur()
			return saveResult{}
		}
		return saveResult{cmd: d.input.Focus()}
	}
	if d.folder {
		r := d.pick(c, d.list.key(msg, k.list))
		if r.note == nil {
			r.note = &note{} // a key in the list clears the line
		}
		return r
	}
	if key.Matches(msg, k.Save) {
		name := strings.TrimSpace(d.input.Value())
		if name == "" {
			return saveResult{end: saveEmpty}
		}
		if why := badSaveName(c, name); why != "" {
			return saveResult{note: &note{why, true}}
		}
		path, err := save.Path(filepath.Join(d.list.dir, name))
		if err != nil {
			return saveResult{note: &note{c.lang.Error(err), true}}
		}
		if isAutosave(path) {
			return saveResult{note: &note{c.t(autosaveRefusal), true}}
		}
		return saveResult{end: saveWrite, path: path}
	}
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(msg)
	return saveResult{note: &note{}, cmd: cmd}
}

// pick is what the folder list chose: Return on a folder makes it the
// folder and goes back to the name; a save gives its name, to replace it.
func (d *saveDialog) pick(c *screenContext, r pickResult) saveResult {
	var n *note
	switch {
	case r.save != "" && isAutosave(r.save):
		return saveResult{note: &note{c.t(autosaveRefusal), true}}
	case r.save != "":
		d.list.dir = filepath.Dir(r.save)
		d.input.SetValue(strings.TrimSuffix(filepath.Base(r.save), save.Ext))
		d.input.CursorEnd()
		n = &note{c.t(lang.PkSavesOver, filepath.Base(r.save)), false}
	case r.chosen:
		n = &note{}
	default:
		return saveResult{cmd: r.cmd}
	}
	d.folder, d.list.noCursor = false, true
	return saveResult{note: n, cmd: tea.Batch(r.cmd, d.input.Focus())}
}

// autosaveRefusal says why the save dialog does not write the autosave:
// a game saved there would be offered back at start as one left unsaved.
var autosaveRefusal = lang.PkAutosave

// badSaveName says why a name typed in the save dialog is not a file name
// there ("" if it is): the folder is the picker's, never part of the name.
func badSaveName(c *screenContext, name string) string {
	switch {
	case strings.ContainsAny(name, `/\`+string(filepath.Separator)):
		return c.t(lang.PkNameOnly)
	case strings.HasPrefix(name, "."):
		return c.t(lang.PkNoDot)
	}
	return ""
}

// layers draw the save dialog: the name, and the folder list under it,
// each row clickable; message is the message line's, told in the box.
func (d *saveDialog) layers(c *screenContext, l layout, message string, isError bool) []*layer {
	st := c.styles
	folder := c.t(lang.PkFolder, save.Home(d.list.dir))
	if d.folder {
		folder = st.Heading.Render("▶ ") + folder
	} else {
		folder = "  " + folder
	}
	body := []string{
		c.t(lang.PkSaveText),
		"",
		d.input.View(),
		"",
		ansi.Truncate(folder, pickerWidth, "…"),
	}
	first := len(body)
	body = append(body, d.list.lines(st, c.lang, pickerWidth, c.t(lang.PkNoFolders))...)
	hint := st.Dim.Render(c.t(lang.PkSaveTab))
	switch {
	case message != "" && isError:
		hint = st.Error.Render(ansi.Truncate(message, pickerWidth, "…"))
	case message != "":
		hint = ansi.Truncate(message, pickerWidth, "…")
	case d.folder:
		hint = st.Dim.Render(c.t(lang.PkSaveBrowse))
	}
	body = append(body, hint)
	rows := map[int]string{}
	for i := 0; i < d.list.rows; i++ {
		rows[first+i] = "pick-" + strconv.Itoa(i)
	}
	return c.dialogBoxRows(l, c.t(lang.PkSaveTitle), body, []button{{"btn-yes", c.t(lang.BtnEnterSave), true}, {"btn-no", c.t(lang.BtnEscCancel), false}}, rows)
}

// startSave opens the save dialog, the name filled with the current
// file's, in its folder; after says what the save leads to.
func (m *Model) startSave(after afterSave) tea.Cmd {
	m.asking, m.dialog = askNone, dialogNone // the question that offered to save, if any
	if !m.local.CanSave() {
		return m.setError(m.t(lang.MsgNoSaving))
	}
	m.message, m.isError = "", false
	name := ""
	if file := m.local.File(); file != "" {
		name = strings.TrimSuffix(filepath.Base(file), save.Ext)
	}
	var cmd tea.Cmd
	m.saver, cmd = newSaveDialog(&m.screenContext, saveFolder(m.local.File()), name, after)
	return cmd
}

// saveUpdate hands a message to the open save dialog and does what it
// led to: the message line, the file written, the dialog closed.
func (m *Model) saveUpdate(msg tea.Msg) tea.Cmd {
	r := m.saver.Update(&m.screenContext, msg)
	var told tea.Cmd
	if n := r.note; n != nil && n.isError {
		told = m.setError(n.text)
	} else if n != nil {
		m.message, m.isError = n.text, false
	}
	switch r.end {
	case saveCancel:
		m.saver, m.next = nil, nil
		m.message, m.isError = m.t(lang.PkNotSaved), false
		return nil
	case saveEmpty:
		// An empty name: play resumes (a new game or a load waiting for
		// the save is given up) or, when the save was asked on quitting,
		// the game leaves (kept in the autosave), as BSD's did.
		after := m.saver.after
		m.saver, m.next = nil, nil
		m.message, m.isError = m.t(lang.PkNotSaved), false
		if after == afterSaveQuit {
			return m.quit()
		}
		return nil
	case saveWrite:
		// Written in a command: the disk is never touched in Update.
		l, path := m.local, r.path
		return func() tea.Msg {
			p, err := l.Save(path)
			return savedMsg{path: p, err: err}
		}
	}
	return tea.Batch(told, r.cmd)
}
