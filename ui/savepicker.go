package ui

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
)

// savePicker is the list of the load dialog and of the save dialog's
// folder: a folder's saves, each with its details (when saved, players,
// score, hand), the autosave after them under its own label, then the
// subfolders; nothing else: no statistics, options or other people's
// files. The folder is read in a command; Return or → opens a folder or
// picks a save, ← goes up.
type savePicker struct {
	dir     string
	entries []pickEntry
	err     error // why the folder could not be read
	read    bool  // the folder has been read
	sel     int   // the highlighted entry
	top     int   // the first entry shown
	rows    int   // entries shown at once
	from    string
	// want is the save to highlight once read (the save dialog's name);
	// noCursor hides the highlight (the save dialog's keys on the name).
	want     string
	noCursor bool
}

// pickEntry is a row of the picker: a folder or a save, by its file name,
// with the save's header or why it could not be read.
type pickEntry struct {
	name     string
	folder   bool
	autosave bool
	head     save.Header
	headErr  error
	modified time.Time // the file's, to list the newest save first
}

// pickerReadMsg is a folder read for the picker.
type pickerReadMsg struct {
	dir     string
	entries []pickEntry
	err     error
}

// newSavePicker is a picker on dir showing rows entries at once; Init reads
// the folder.
func newSavePicker(dir string, rows int) savePicker {
	return savePicker{dir: dir, rows: rows}
}

// Init reads the picker's folder.
func (p *savePicker) Init() tea.Cmd { return readPickerDir(p.dir) }

// readPickerDir lists a folder's saves, the newest first (the game a
// player most likely wants back), the autosave after them, then its
// visible subfolders by name; each save's header is read for its row.
func readPickerDir(dir string) tea.Cmd {
	return func() tea.Msg {
		des, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return pickerReadMsg{dir: dir} // no save yet: the saves folder comes with the first
		}
		if err != nil {
			return pickerReadMsg{dir: dir, err: err}
		}
		var entries []pickEntry
		for _, de := range des {
			name := de.Name()
			if strings.HasPrefix(name, ".") {
				continue // hidden, and Write's temporary files
			}
			folder := de.IsDir()
			if de.Type()&os.ModeSymlink != 0 {
				if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
					folder = fi.IsDir()
				}
			}
			switch {
			case folder:
				entries = append(entries, pickEntry{name: name, folder: true})
			case save.IsSave(name):
				path := filepath.Join(dir, name)
				e := pickEntry{name: name, autosave: isAutosave(path)}
				if fi, err := de.Info(); err == nil {
					e.modified = fi.ModTime()
				}
				e.head, e.headErr = save.ReadHeader(path)
				if se := (*save.Error)(nil); errors.As(e.headErr, &se) { // the row names the file already
					bare := *se
					bare.Path = ""
					e.headErr = &bare
				}
				entries = append(entries, e)
			}
		}
		slices.SortFunc(entries, func(a, b pickEntry) int {
			return cmp.Or(cmp.Compare(a.rank(), b.rank()), b.modified.Compare(a.modified), cmp.Compare(a.name, b.name))
		})
		return pickerReadMsg{dir: dir, entries: entries}
	}
}

// rank orders the picker's rows: saves, the autosave, folders.
func (e pickEntry) rank() int {
	switch {
	case e.folder:
		return 2
	case e.autosave:
		return 1
	}
	return 0
}

// loaded takes a folder read; a read of a folder left meanwhile is dropped.
// Coming up from a subfolder highlights it.
func (p *savePicker) loaded(msg pickerReadMsg) {
	if msg.dir != p.dir {
		return
	}
	p.entries, p.err, p.read = msg.entries, msg.err, true
	p.sel, p.top = 0, 0
	for i, e := range p.entries {
		if e.folder && e.name == p.from || !e.folder && p.want != "" && e.name == p.want+save.Ext {
			p.move(i)
		}
	}
	p.from = ""
}

// setRows sizes the list to the dialog.
func (p *savePicker) setRows(n int) {
	p.rows = max(1, n)
	p.move(p.sel)
}

// move highlights entry i (kept in the list) and scrolls it into view.
func (p *savePicker) move(i int) {
	p.sel = max(0, min(i, len(p.entries)-1))
	if p.sel < p.top {
		p.top = p.sel
	}
	if p.sel >= p.top+p.rows {
		p.top = p.sel - p.rows + 1
	}
}

// highlighted is the entry under the cursor (ok false in an empty folder).
func (p *savePicker) highlighted() (pickEntry, bool) {
	if p.sel < len(p.entries) {
		return p.entries[p.sel], true
	}
	return pickEntry{}, false
}

// open goes into a subfolder, to read.
func (p *savePicker) open(name string) tea.Cmd {
	p.dir = filepath.Join(p.dir, name)
	p.entries, p.err, p.read, p.sel, p.top = nil, nil, false, 0, 0
	return readPickerDir(p.dir)
}

// up goes to the parent folder, to read.
func (p *savePicker) up() tea.Cmd {
	parent := filepath.Dir(p.dir)
	if parent == p.dir {
		return nil // the root
	}
	from := filepath.Base(p.dir)
	p.dir = parent
	p.entries, p.err, p.read, p.sel, p.top = nil, nil, false, 0, 0
	p.from = from
	return readPickerDir(p.dir)
}

// pickResult is what a key or a click did in the picker: a save picked
// (its path), a folder opened with Return (chosen), and the folder read to
// wait for.
type pickResult struct {
	save   string
	chosen bool
	cancel bool // Esc, or the Cancel button: the dialog closes
	cmd    tea.Cmd
}

// key handles a key in the list: ↑↓ and the page keys move, Return and →
// open the highlighted folder or pick the highlighted save, ← goes up.
func (p *savePicker) key(msg tea.KeyPressMsg, k pickerKeys) pickResult {
	switch {
	case key.Matches(msg, k.Up):
		p.move(p.sel - 1)
	case key.Matches(msg, k.Down):
		p.move(p.sel + 1)
	case key.Matches(msg, k.PageUp):
		p.move(p.sel - p.rows)
	case key.Matches(msg, k.PageDown):
		p.move(p.sel + p.rows)
	case key.Matches(msg, k.Parent):
		return pickResult{cmd: p.up()}
	case key.Matches(msg, k.Open), key.Matches(msg, k.Choose):
		return p.choose(key.Matches(msg, k.Choose))
	}
	return pickResult{}
}

// choose opens the highlighted folder or picks the highlighted save; enter
// says it was Return (a folder opened so is the one chosen).
func (p *savePicker) choose(enter bool) pickResult {
	e, ok := p.highlighted()
	switch {
	case !ok:
		return pickResult{}
	case e.folder:
		return pickResult{chosen: enter, cmd: p.open(e.name)}
	}
	return pickResult{save: filepath.Join(p.dir, e.name)}
}

// click highlights the clicked row and chooses it as Return does.
func (p *savePicker) click(row int) pickResult {
	if i := p.top + row; i < len(p.entries) {
		p.move(i)
		return p.choose(true)
	}
	return pickResult{}
}

// lines are the picker's rows, each cut or filled to w cells; empty says
// what an empty folder shows. A save's row is its name (without Ext) and
// its details, in columns.
func (p *savePicker) lines(st *Styles, c *lang.Catalogue, w int, empty string) []string {
	var lines []string
	nameW := 0
	for _, e := range p.entries {
		if !e.folder {
			nameW = max(nameW, min(16, ansi.StringWidth(e.label(c))))
		}
	}
	switch {
	case p.err != nil:
		lines = append(lines, st.Error.Render(ansi.Truncate("  "+c.T(lang.SaveUnreadable, c.Error(unnamed(p.err))), w, "…")))
	case p.read && len(p.entries) == 0:
		lines = append(lines, st.Dim.Render(ansi.Truncate("  "+empty, w, "…")))
	}
	for i := p.top; i < len(p.entries) && len(lines) < p.rows; i++ {
		e := p.entries[i]
		name, style := e.name, st.Picker.Save
		if e.folder {
			name, style = name+string(filepath.Separator), st.Picker.Folder
		} else {
			name = padRight(ansi.Truncate(e.label(c), nameW, "…"), nameW, ' ') + "  " + e.details(c, w-2-nameW-2, time.Now())
		}
		if i == p.sel && !p.noCursor {
			lines = append(lines, st.Picker.Cursor.Render("> ")+st.Picker.Selected.Render(ansi.Truncate(name, w-2, "…")))
			continue
		}
		lines = append(lines, "  "+style.Render(ansi.Truncate(name, w-2, "…")))
	}
	for i := range lines {
		lines[i] = padRight(lines[i], w, ' ')
	}
	for len(lines) < p.rows {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return lines
}

// label is a save's name in the picker: its file name without Ext, or
// the autosave's label.
func (e pickEntry) label(c *lang.Catalogue) string {
	if e.autosave {
		return c.T(lang.PkAutosaveEntry)
	}
	return strings.TrimSuffix(e.name, save.Ext)
}

// details are a save's row after its name, in w cells where it can: when
// it was saved, each side with its score, and the hand; or why its header
// could not be read. What gives way when the row is short (six players,
// the autosave's label, French): the year of a date of this year, then
// the partners' names, then the date; the sides last, cut.
func (e pickEntry) details(c *lang.Catalogue, w int, now time.Time) string {
	if e.headErr != nil {
		return c.T(lang.PkUnreadable, unnamed(e.headErr))
	}
	h := e.head
	hand := c.T(lang.PkSaveHand, h.Hand+1)
	if h.Game > 0 {
		hand = c.T(lang.PkSaveGameHand, h.Game+1, h.Hand+1)
	}
	var dates []string
	if !h.Saved.IsZero() {
		t := h.Saved.Local()
		dates = append(dates, t.Format("2006-01-02 15:04"))
		if t.Year() == now.Local().Year() {
			dates = append(dates, t.Format("01-02 15:04"))
		}
	}
	type form struct {
		date     string
		partners bool
	}
	var forms []form
	for _, d := range dates {
		forms = append(forms, form{d, true})
	}
	if len(dates) > 0 {
		forms = append(forms, form{dates[len(dates)-1], false})
	}
	forms = append(forms, form{"", true}, form{"", false})
	for _, f := range forms {
		row := strings.Join(slices.DeleteFunc([]string{f.date, sideScores(c, h, f.partners), hand}, func(s string) bool { return s == "" }), "  ")
		if ansi.StringWidth(row) <= w {
			return row
		}
	}
	return ansi.Truncate(sideScores(c, h, false), max(1, w-2-ansi.StringWidth(hand)), "…") + "  " + hand
}

// sideScores are the players and the score of a save's header in c's
// language: "Vous 120, Ordinateur 50", partners joined ("Vous & Ann 300,
// …") or, without partners, a side named by its first seat ("Vous 300"),
// the names mille gives seats itself said in c's language (a save keeps
// them in English); the names alone when the header's seats and scores do
// not match.
func sideScores(c *lang.Catalogue, h save.Header, partners bool) string {
	cfg := engine.Config{Players: h.Players}
	if h.Players < 2 || h.Players > engine.MaxSeats || len(h.Names) != h.Players || len(h.Totals) != cfg.Sides() {
		names := make([]string, len(h.Names))
		for seat, name := range h.Names {
			names[seat] = c.SeatName(name, seat, false)
		}
		return strings.Join(names, ", ")
	}
	seats := make([][]string, cfg.Sides())
	for seat, name := range h.Names {
		s := cfg.SideOf(seat)
		if len(seats[s]) > 0 && !partners {
			continue
		}
		seats[s] = append(seats[s], c.SeatName(name, seat, false))
	}
	sides := make([]string, cfg.Sides())
	for s := range sides {
		sides[s] = c.Team(seats[s]...) + " " + c.Num(int(h.Totals[s]))
	}
	return strings.Join(sides, ", ")
}

// pickerStyles are the styles of the picker's rows.
type pickerStyles struct {
	Cursor   lipgloss.Style // the "> " of the highlighted row
	Selected lipgloss.Style // the highlighted row's name
	Folder   lipgloss.Style
	Save     lipgloss.Style
}

// unnamed is an error without the path the dialog shows already; the
// catalogue says it (lang.Catalogue.T).
func unnamed(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
