package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/millebornes/mille/internal/testkit"
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
		m.tables.boxes = [len(m.tables.boxes)]boxCache{}
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

// BenchmarkKeyFrame is the work of one key press on the board, from the
// key message to the frame drawn: Update, then View (Bubble Tea's
// renderer then compares the frame with the screen; that part is not
// ours). It reports the CPU time a frame takes besides the wall time,
// which a loaded machine stretches. The selection moves right and left along the hand, on the
// person's turn, at the golden sizes with 2 and 6 players.
func BenchmarkKeyFrame(b *testing.B) {
	for _, players := range []int{2, 6} {
		for _, sz := range sizes {
			b.Run(fmt.Sprintf("%dp_%dx%d", players, sz[0], sz[1]), func(b *testing.B) {
				m := newModel(b, testConfig(b, players, 9))
				syncPlay(m, 6)
				if !m.obs.MyTurn() {
					b.Fatal("not the person's turn")
				}
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				keys := []tea.KeyPressMsg{keyMsg("right"), keyMsg("left")}
				b.ReportAllocs()
				cpu := testkit.CPUTime()
				for i := 0; b.Loop(); i++ {
					m.Update(keys[i%2])
					_ = m.View()
				}
				if cpu := testkit.CPUTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
				}
			})
		}
	}
}

// frameWriter is a terminal that tells when a frame is written to it.
type frameWriter struct{ wrote chan struct{} }

func (w frameWriter) Write(p []byte) (int, error) {
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

// BenchmarkKeyFrameProgram is the whole way of a key in local play: a
// Bubble Tea program (its renderer, at 120 frames a second, writing to a
// terminal that discards) gets the key, the model draws the frame, and the
// renderer compares it with the screen and writes what changed. Its wall
// time is mostly the wait for the renderer's next tick; the CPU time a
// key costs is the figure.
func BenchmarkKeyFrameProgram(b *testing.B) {
	for _, players := range []int{2, 6} {
		for _, sz := range sizes {
			b.Run(fmt.Sprintf("%dp_%dx%d", players, sz[0], sz[1]), func(b *testing.B) {
				m := newModel(b, testConfig(b, players, 9))
				syncPlay(m, 6)
				out := frameWriter{wrote: make(chan struct{}, 1)}
				p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(sz[0], sz[1]),
					tea.WithoutSignalHandler(), tea.WithFPS(120), tea.WithColorProfile(colorprofile.TrueColor))
				done := make(chan struct{})
				go func() { _, _ = p.Run(); close(done) }()
				<-out.wrote // the first frame
				keys := []tea.KeyPressMsg{keyMsg("right"), keyMsg("left")}
				cpu := testkit.CPUTime()
				for i := 0; b.Loop(); i++ {
					select {
					case <-out.wrote: // a write left from the frame before
					default:
					}
					p.Send(keys[i%2])
					<-out.wrote
				}
				if cpu := testkit.CPUTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
				}
				p.Quit()
				<-done
			})
		}
	}
}
