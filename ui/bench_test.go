package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkView draws a busy 4-player board at 120x40.
func BenchmarkView(b *testing.B) {
	m := newModel(b, testConfig(b, 4, 5))
	syncPlay(m, 10)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
