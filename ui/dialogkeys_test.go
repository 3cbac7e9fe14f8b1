package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
)

// buttonKeys finds the keys of a window's buttons, "[ y Resume ]".
var buttonKeys = regexp.MustCompile(`\[ (\S+) ([^\]]*?) \]`)

// TestDialogFootersShowEveryKey: every question and end window follows
// one pattern, a button is its key then its words, and the footer shows
// each button's key with the button's own words, then Return, at 80x24
// and 120x40 in both languages (the resume offer's footer said "y yes
// n no", the end of a game's left out n).
func TestDialogFootersShowEveryKey(t *testing.T) {
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		testLang = c
		cases := localScreens(t)
		testLang = nil
		saving := testConfig(t, 2, 7)
		saving.Lang = c
		saving.Local.Save = local.WriteSave
		unsaved := newModel(t, saving)
		syncPlay(unsaved, 4)
		cases = append(cases,
			screenCase{"quitunsaved", unsaved, func(m *Model) { m.dialog = dialogQuit }},
			screenCase{"replaceunsaved", unsaved, func(m *Model) { m.asking = askReplace }},
			screenCase{"resumedrop", unsaved, func(m *Model) { m.asking = askResumeDrop }})
		for _, sc := range cases {
			for _, sz := range sizes {
				m := sc.m
				restore := m.keep()
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				if sc.set != nil {
					sc.set(m.(*Model))
				}
				var footer, screen string
				for _, l := range m.layers(sz[0], sz[1]) {
					if l.id == "help" {
						footer = ansi.Strip(l.s)
					}
				}
				screen = ansi.Strip(m.View().Content)
				restore()
				switch {
				case strings.HasPrefix(sc.name, "keys") || sc.name == "stats":
					continue // closed by any key
				case strings.HasPrefix(sc.name, "guide"), strings.HasPrefix(sc.name, "newgame"), sc.name == "curtain":
					continue // screens of their own, with their own line of keys
				}
				name := fmt.Sprintf("%s %s %dx%d", c.Tag, sc.name, sz[0], sz[1])
				for _, b := range buttonKeys.FindAllStringSubmatch(screen, -1) {
					k, words := b[1], strings.ToLower(b[2])
					if !strings.Contains(footer, k+" "+words) && !strings.Contains(footer, k+"/") {
						t.Errorf("%s: the footer lacks %q for the button %q:\n%s", name, k+" "+words, b[0], footer)
					}
				}
			}
		}
	}
}
