package ui

import (
	"fmt"
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/internal/testkit"
)

// TestKeptPartsDrawTheSame plays through the keys, local play's model and
// a served board alike, with the terminal resized and its background and
// the language changed and the spinner turning on the way, and checks that every frame drawn with
// the parts kept from frame to frame (kept, drawnFrom) is the frame drawn
// without them.
func TestKeptPartsDrawTheSame(t *testing.T) {
	keys := []string{"left", "right", "left", "right", "1", "3", "6", "enter", "enter", "x", "w", "?", "esc",
		"[", "]", "o", "f", "u", "d", "p", "y", "n", "g", "esc", "z", "space", "2", "5", "b", "r"}
	steps := testkit.Size(60, 300, 3000)
	sizes := [][2]int{{100, 30}, {100, 40}, {80, 24}, {120, 40}, {140, 45}, {90, 26}}
	run := func(t *testing.T, s shown, settle func()) {
		rng := rand.New(rand.NewPCG(5, 5))
		s.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		for step := range steps {
			var did string
			switch n := rng.IntN(30); {
			case n == 0:
				sz := sizes[rng.IntN(len(sizes))]
				s.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				did = fmt.Sprintf("resized to %dx%d", sz[0], sz[1])
			case n == 1:
				c := lipgloss.Color("#ffffff")
				if rng.IntN(2) == 0 {
					c = lipgloss.Color("#000000")
				}
				s.Update(tea.BackgroundColorMsg{Color: c})
				did = "a background"
			case n < 5:
				s.Update(s.b().spin.Tick()) // the spinner turns while a computer thinks
				did = "a tick of the spinner"
			default:
				k := keys[rng.IntN(len(keys))]
				s.Update(keyMsg(k))
				did = "key " + k
			}
			settle()
			kept := s.View().Content
			caching = false
			whole := s.View().Content
			caching = true
			if kept != whole {
				t.Fatalf("step %d, after %s: the frame drawn with the parts kept differs from the frame drawn whole:\n%s\n--- whole:\n%s",
					step, did, kept, whole)
			}
		}
	}
	t.Run("local", func(t *testing.T) {
		m := newModel(t, testConfig(t, 3, 21)) // three sides: a hazard's target is chosen
		run(t, m, func() {
			if m.screen == screenBoard && m.setup == nil && !m.quitting && !settled(m) {
				settleModel(m) // a new view only when the table moved: most keys bring none
			}
		})
	})
	t.Run("served", func(t *testing.T) {
		c := realTable(t, 4, 0, 22)
		m, err := NewRemote(RemoteConfig{Table: c, Options: remoteOptions(), Dark: true})
		if err != nil {
			t.Fatal(err)
		}
		run(t, m, func() {
			if c.View().Version != m.view.Version {
				seeMove(m)
			}
		})
	})
}
