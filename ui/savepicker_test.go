package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/lang"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/save"
)

// TestSavePickerMoves walks a folder of saves and folders with the keys:
// saves first, then folders, by name; → opens a folder, ← comes back to
// it highlighted; Return on a save picks its path; the list scrolls.
func TestSavePickerMoves(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"b", "a", ".hidden", filepath.Join("b", "inner")} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"z" + save.Ext, "y" + save.Ext, save.StatsName, ".tmp" + save.Ext} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	k := newPickerKeys(DefaultKeyMap(&lang.English))
	p := newSavePicker(dir, 2)
	read := func(cmd tea.Cmd) {
		t.Helper()
		if cmd == nil {
			t.Fatal("no folder to read")
		}
		p.loaded(cmd().(pickerReadMsg))
	}
	names := func() []string {
		var n []string
		for _, e := range p.entries {
			n = append(n, e.name)
		}
		return n
	}
	read(p.Init())
	if got := names(); len(got) != 4 || got[0] != "y"+save.Ext || got[1] != "z"+save.Ext || got[2] != "a" || got[3] != "b" {
		t.Fatalf("entries %q", got)
	}
	for _, tt := range []struct {
		key      string
		sel, top int
		dir      string
		picked   string
	}{
		{"down", 1, 0, dir, ""},
		{"down", 2, 1, dir, ""},
		{"down", 3, 2, dir, ""},
		{"right", 0, 0, filepath.Join(dir, "b"), ""},
		{"left", 3, 2, dir, ""},
		{"down", 3, 2, dir, ""},
		{"up", 2, 2, dir, ""},
		{"up", 1, 1, dir, ""},
		{"up", 0, 0, dir, ""},
		{"enter", 0, 0, dir, filepath.Join(dir, "y"+save.Ext)},
	} {
		r := p.key(keyMsg(tt.key), k)
		if r.cmd != nil {
			read(r.cmd)
		}
		if p.sel != tt.sel || p.top != tt.top || p.dir != tt.dir || r.save != tt.picked {
			t.Fatalf("%s: sel %d top %d in %s, picked %q; want %d %d %s %q", tt.key, p.sel, p.top, p.dir, r.save, tt.sel, tt.top, tt.dir, tt.picked)
		}
	}
}

// TestSavePickerUnreadable: a folder that cannot be read says so in the
// picker's language; one not made yet (no save so far) is empty.
func TestSavePickerUnreadable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p := newSavePicker(file, 4) // a file, no folder; a folder not there yet is empty
	p.loaded(p.Init()().(pickerReadMsg))
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		lines := p.lines(StylesFor(true), c, 80, "")
		if len(lines) == 0 || !strings.Contains(ansi.Strip(lines[0]), c.T(lang.SaveUnreadable, "")) {
			t.Errorf("%s: %q", c.Tag, lines)
		}
	}
}

// TestPickerRowsFit: at 80 columns a picker's row keeps each save's
// sides and hand whole, in both languages, with 2, 4 and 6 players, four
// figures and the autosave's label (issue 34: the autosave's row of six
// players was cut): the year, the partners and the date give way first.
func TestPickerRowsFit(t *testing.T) {
	saved := time.Now().Add(-time.Hour)
	heads := []save.Header{
		{Saved: saved, Players: 2, Names: []string{"You", "Computer"}, Totals: []int64{4600, 3850}, Game: 1, Hand: 4},
		{Saved: saved, Players: 4, Names: []string{"You", "Ann", "Cal", "Dee"}, Totals: []int64{4600, 3850}, Game: 1, Hand: 4},
		{Saved: saved, Players: 6, Names: []string{"You", "Ann", "Bob", "Cal", "Dee", "Eve"}, Totals: []int64{4600, 3850, 4975}, Game: 1, Hand: 4},
		{Saved: saved.AddDate(-1, 0, 0), Players: 6, Names: []string{"You", "Ann", "Bob", "Cal", "Dee", "Eve"}, Totals: []int64{4600, 3850, 4975}, Game: 12, Hand: 14},
	}
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		for _, h := range heads {
			for _, auto := range []bool{false, true} {
				p := savePicker{rows: 3, read: true, noCursor: true, entries: []pickEntry{
					{name: "dimanche" + save.Ext, autosave: auto, head: h},
					{name: "reviews", folder: true},
				}}
				row := ansi.Strip(p.lines(newStyles(true), c, pickerWidth, "")[0])
				hand := c.T(lang.PkSaveGameHand, h.Game+1, h.Hand+1)
				if strings.Contains(row, "…") || !strings.Contains(row, hand) || !strings.Contains(row, c.Num(int(h.Totals[0]))) {
					t.Errorf("%s, %d players, autosave %v: %q", c.Tag, h.Players, auto, row)
				}
				if date := h.Saved.Local().Format("01-02 15:04"); c == &lang.English && h.Players == 2 && !strings.Contains(row, date) {
					t.Errorf("%s, %d players, autosave %v: the date %s gave way before the partners: %q", c.Tag, h.Players, auto, date, row)
				}
			}
		}
	}
}

// TestSavePickerNoFolderYet: the saves folder before the first save reads
// as empty, not as a folder that cannot be read (issue 34).
func TestSavePickerNoFolderYet(t *testing.T) {
	p := newSavePicker(filepath.Join(t.TempDir(), "gone"), 4)
	p.loaded(p.Init()().(pickerReadMsg))
	if line := ansi.Strip(p.lines(StylesFor(true), &lang.English, 80, "empty")[0]); !strings.Contains(line, "empty") {
		t.Errorf("%q", line)
	}
}

// TestPickerHintsKeepTheBoxWidth: the save and load pickers' lines of
// keys and text fit the pickers' rows in every language, so the box
// keeps its width as tab moves between the name and the folders, with
// room from the edges at 80 columns (issue 34: the French PkSaveBrowse
// ran to 76 columns and widened the box to the whole screen).
func TestPickerHintsKeepTheBoxWidth(t *testing.T) {
	for _, c := range lang.All {
		for _, k := range []lang.Key{lang.PkSaveBrowse, lang.PkSaveTab, lang.PkLoadHelp, lang.PkSaveText} {
			if w := width(c.T(k)); w > pickerWidth {
				t.Errorf("%s: %q is %d columns, the pickers' rows %d", c.Tag, c.T(k), w, pickerWidth)
			}
		}
	}
}
