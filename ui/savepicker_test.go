package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
// picker's language.
func TestSavePickerUnreadable(t *testing.T) {
	p := newSavePicker(filepath.Join(t.TempDir(), "gone"), 4)
	p.loaded(p.Init()().(pickerReadMsg))
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		lines := p.lines(StylesFor(true), c, 80, "")
		if len(lines) == 0 || !strings.Contains(ansi.Strip(lines[0]), c.T(lang.SaveUnreadable, "")) {
			t.Errorf("%s: %q", c.Tag, lines)
		}
	}
}
