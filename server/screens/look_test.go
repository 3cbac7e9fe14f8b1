package screens

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/millebornes/mille/server/internal/servertest"
)

// TestGoldenScreens pins the screens around the board, in the board's
// framed panel, at 80x24 and 120x40: the name prompt, the lobby with a
// room, the room form and the waiting room. No line is wider than the
// terminal and none is cut inside a word at the panel's edge.
func TestGoldenScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		w, h := size[0], size[1]
		var screens []struct{ name, text string }
		// The screens are drawn in a bubble (their commands end or wait
		// there, drive), the subtests run outside it.
		synctest.Test(t, func(t *testing.T) { screens = goldenFrames(t, w, h) })
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, w, h), func(t *testing.T) {
				for _, line := range strings.Split(sc.text, "\n") {
					if n := ansi.StringWidth(line); n > w {
						t.Errorf("a line of %d columns: %q", n, line)
					}
					if body, ok := strings.CutSuffix(strings.TrimRight(line, " "), "│"); ok {
						body = strings.TrimRight(body, " ")
						if strings.HasSuffix(body, "…") {
							t.Errorf("a line cut at the panel's edge: %q", line)
						}
					}
				}
				golden.RequireEqual(t, sc.text)
			})
		}
	}
}

// goldenFrames draws the screens TestGoldenScreens pins at w x h.
func goldenFrames(t *testing.T, w, h int) []struct{ name, text string } {
	l, users := lobbyOfAnnAndBob(t)
	if _, err := l.Create(bg, "friday-night-league", "key-b", "Ben", -1, servertest.Config(6, 0, 1)); err != nil {
		t.Fatal(err)
	}
	frame := func(s *Screen) string {
		s.Update(tea.WindowSizeMsg{Width: w, Height: h})
		return ansi.Strip(s.View().Content)
	}
	newcomer := session(t, l, users, "key-new", "", w)
	ann := session(t, l, users, "key-a", "", w)
	screens := []struct{ name, text string }{{"name", frame(newcomer)}, {"lobby", frame(ann)}}
	do(t, ann, press("n"))
	screens = append(screens, struct{ name, text string }{"form", frame(ann)})
	do(t, ann, tea.KeyPressMsg{Code: tea.KeyEnter})
	settle(t, ann)
	return append(screens, struct{ name, text string }{"waiting", frame(ann)})
}
