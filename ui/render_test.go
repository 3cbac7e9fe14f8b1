package ui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/engine"
)

// drawLayers must draw what lipgloss's compositor draws, only faster.
func TestDrawLayersMatchesCompositor(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhaseCoupFourre })
	boards := []*Model{newModel(t, testConfig(t, 4, 5)), newModel(t, resumeAt(t, setup, acts))}
	syncPlay(boards[0], 10)
	for i, m := range boards {
		for _, sz := range sizes {
			m.w, m.h = sz[0], sz[1]
			layers := m.layers(sz[0], sz[1])
			ls := make([]*lipgloss.Layer, len(layers))
			for j, l := range layers {
				ls[j] = lipgloss.NewLayer(l.s).X(l.x).Y(l.y).Z(l.z)
			}
			want := strings.Split(ansi.Strip(lipgloss.NewCompositor(ls...).Render()), "\n")
			got := strings.Split(ansi.Strip(drawLayers(sz[0], sz[1], layers, nil)), "\n")
			for y := range want {
				if strings.TrimRight(want[y], " ") != strings.TrimRight(got[y], " ") {
					t.Errorf("board %d at %v, row %d:\nwant %q\ngot  %q", i, sz, y, want[y], got[y])
				}
			}
		}
	}
}

func TestWidth(t *testing.T) {
	for _, s := range []string{"", "abc", "▲ Stop", "a\nlonger line", "\x1b[1;31mred\x1b[m", "日本", "e\u0301", "↑↓ · ★ ✪ ▰"} {
		if got, want := width(s), lipgloss.Width(s); got != want {
			t.Errorf("width(%q) = %d, want %d", s, got, want)
		}
	}
}
