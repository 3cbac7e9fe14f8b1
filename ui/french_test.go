package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// frenchScreens are the local game's screens (localScreens) in French.
func frenchScreens(t *testing.T) []screenCase {
	testLang = &lang.French
	defer func() { testLang = nil }()
	return localScreens(t)
}

// TestNoWordCutFrench draws every screen, dialog and guide page in
// French (with 2, 4 and 6 players) at 80x24 and 120x40 (and 100x30), and
// fails on a word cut at the edge of a box or of the screen, or a key
// lost: French is longer, and "Limite de vitesse" must fit where "Speed
// Limit" does.
func TestNoWordCutFrench(t *testing.T) {
	testLang = &lang.French
	cases := everyScreen(t)
	testLang = nil
	testFit(t, cases, append(sizes[:len(sizes):len(sizes)], [2]int{100, 30}))
}

// TestGoldenFrench keeps every screen, dialog and guide page in French at
// 80x24 and 120x40 (but the ones that show a temporary folder).
func TestGoldenFrench(t *testing.T) {
	for _, c := range frenchScreens(t) {
		if c.name == "saveas" || c.name == "load" {
			continue // a temporary folder's name
		}
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				m := c.m
				defer m.keep()()
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				if c.set != nil {
					c.set(m.(*Model))
				}
				golden.RequireEqual(t, ansi.Strip(m.View().Content))
			})
		}
	}
}

// TestLanguageKey: f speaks the next language at once, the board's
// boxes and keys too, and keeps the choice in the options.
func TestLanguageKey(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 2)
	contains(t, screenOf(m, 80, 24), "Game 1 · Hand 1")
	m.Update(keyMsg("f"))
	if m.lang != &lang.French || m.opts.Lang != "fr" {
		t.Fatalf("after f: %s, options %q", m.lang.Tag, m.opts.Lang)
	}
	screen := screenOf(m, 80, 24)
	for _, want := range []string{"Partie 1 · Manche 1", "mille parle français maintenant.", "arrêt", "cartes"} {
		contains(t, screen, want)
	}
	m.Update(keyMsg("f"))
	if m.lang != &lang.English || m.opts.Lang != "en" {
		t.Fatalf("after f f: %s, options %q", m.lang.Tag, m.opts.Lang)
	}
	contains(t, screenOf(m, 80, 24), "Game 1 · Hand 1")
}

// TestLanguageKeyRetells: after f the log and the line of recent moves
// tell the moves made before it in the new language (french-faults E2:
// "You draw Spare Tire" stayed above French lines), and the statistics
// are read in it.
func TestLanguageKeyRetells(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	var asked *lang.Catalogue
	cfg.Stats = func(c *lang.Catalogue) (string, error) { asked = c; return c.T(lang.StNone, "x"), nil }
	m := newModel(t, cfg)
	syncPlay(m, 4)
	if !strings.Contains(m.logs.logText(), "You ") {
		t.Fatalf("no English line in the log:\n%s", m.logs.logText())
	}
	m.Update(keyMsg("f"))
	for _, l := range m.logs.log {
		if strings.Contains(l.text, "You ") || strings.Contains(l.text, " plays ") || strings.Contains(l.text, " draw") {
			t.Errorf("an English line in the French log: %q", l.text)
		}
	}
	for _, r := range m.logs.recent {
		if strings.Contains(r.text, "You ") || strings.Contains(r.text, " plays ") {
			t.Errorf("an English move on the French message line: %q", r.text)
		}
	}
	runCmd(m, m.openStats())
	if asked != &lang.French || m.stats == nil || !strings.Contains(m.stats.text, "Aucune") {
		t.Errorf("the statistics after f: asked in %v, %+v", asked, m.stats)
	}
}

// TestKeysWindowLosesNoKey opens the keys' window in both languages at
// 80x24 and 100x30 and fails when a key the board answers is not in it:
// French's longer words cut the fourth column at 80 columns.
func TestKeysWindowLosesNoKey(t *testing.T) {
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		testLang = c
		screens := localScreens(t)
		testLang = nil
		for _, s := range screens {
			if s.name != "keys" {
				continue
			}
			for _, sz := range [][2]int{{80, 24}, {100, 30}} {
				t.Run(fmt.Sprintf("%s_%dx%d", c.Tag, sz[0], sz[1]), func(t *testing.T) {
					m := s.m
					defer m.keep()()
					m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					if s.set != nil {
						s.set(m.(*Model))
					}
					b := m.b()
					open := b.keysHelp
					b.keysHelp = nil
					full := b.keysNow(true).FullHelp()
					b.keysHelp = open
					view := ansi.Strip(m.View().Content)
					if strings.Contains(view, "…") {
						t.Errorf("the keys' window cuts a column:\n%s", view)
					}
					for _, col := range full {
						for _, k := range col {
							if k.Enabled() && !strings.Contains(view, k.Help().Desc) {
								t.Errorf("%q (%s) is not in the keys' window:\n%s", k.Help().Desc, k.Help().Key, view)
							}
						}
					}
				})
			}
		}
	}
}

// TestBoxTitleGroupedMiles: a side's box is as wide on its title row as
// on the others when its distance is grouped ("0/1 000"): the no-break
// space, two bytes, was counted as two cells and the title row drawn one
// column short.
func TestBoxTitleGroupedMiles(t *testing.T) {
	testLang = &lang.French
	m := newModel(t, testConfig(t, 4, 5))
	testLang = nil
	for _, size := range [][2]int{{45, 6}, {45, 8}, {60, 12}, {90, 14}} {
		var tab engine.Tableau
		tab.Miles = 1000
		box := m.tables.drawTableauBox(boxKey{tab: tab, trip: 1000, title: "Vous & Bob (camp 1)", w: size[0], h: size[1], styles: m.styles, lang: m.lang})
		for i, line := range strings.Split(box, "\n") {
			if w := width(line); w != size[0] {
				t.Errorf("%dx%d: row %d is %d cells: %q", size[0], size[1], i, w, ansi.Strip(line))
			}
		}
	}
}

// TestCommandColumnsApart: the command list's two columns stand at least
// two spaces apart, whole, at 80x24 and 120x40 in both languages, as the
// English list does: French "←→/1-6 : choisir entrée : jouer" ran the
// two commands together with one space.
func TestCommandColumnsApart(t *testing.T) {
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		testLang = c
		m := newModel(t, testConfig(t, 2, 7))
		testLang = nil
		syncPlay(m, 6)
		m.scores.window = false
		for _, sz := range sizes {
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			screen := ansi.Strip(m.View().Content)
			for _, r := range m.scores.commandRows() {
				apart := regexp.MustCompile(regexp.QuoteMeta(c.T(r[0])) + ` {2,}` + regexp.QuoteMeta(c.T(r[1])) + `\s*$`)
				found := false
				for _, line := range strings.Split(screen, "\n") {
					found = found || apart.MatchString(line)
				}
				if !found {
					t.Errorf("%s %dx%d: %q and %q are not two spaces apart, whole, on a line:\n%s", c.Name, sz[0], sz[1], c.T(r[0]), c.T(r[1]), screen)
				}
			}
		}
	}
}
