package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// busyBoard is a 4-player game 10 moves into a hand, at 120x40.
func busyBoard(b *testing.B) *Model {
	m := newModel(b, testConfig(b, 4, 5))
	syncPlay(m, 10)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m
}

// BenchmarkView draws a busy 4-player board at 120x40.
func BenchmarkView(b *testing.B) {
	m := busyBoard(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkViewAfterMove draws a frame whose tables all changed (a move
// was played), so none of the drawn table boxes can be reused.
func BenchmarkViewAfterMove(b *testing.B) {
	m := busyBoard(b)
	b.ReportAllocs()
	for b.Loop() {
		m.boxes = [len(m.boxes)]boxCache{}
		_ = m.View()
	}
}

// BenchmarkViewSelect draws the frames of a player moving the selection
// along the hand: the tables are as they were.
func BenchmarkViewSelect(b *testing.B) {
	m := busyBoard(b)
	b.ReportAllocs()
	keys := []tea.KeyPressMsg{keyMsg("right"), keyMsg("left")}
	for i := 0; b.Loop(); i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
}
