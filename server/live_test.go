package server

import (
	"io"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// servedBoard is a served session's board and painter at 100x30 in a
// 256-colour terminal (the load test's), seat 0 of g on its turn, after
// keys that move the selection; every frame painted goes to frames.
func servedBoard(t testing.TB, g *boardGame, frames func(string)) (tea.Model, *painter) {
	var model tea.Model = g.model(t)
	model, _ = model.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	p := newPainter(io.Discard, colorprofile.ANSI256, 100, 30)
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyRight}, {Code: tea.KeyLeft}, {Code: tea.KeyRight}} {
		model, _ = model.Update(k)
		v := model.View().Content
		frames(v)
		p.paint(v, tea.MouseModeCellMotion)
		p.idle.Wait()
	}
	return model, p
}

// onTurn is a 4-player game of seed on seat 0's turn.
func onTurn(t testing.TB, seed uint64) *boardGame {
	g := newBoardGame(t, 4, seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	for g.st.ToAct() != 0 {
		g.play(t, rng, 1)
	}
	return g
}

// TestPainterKeepsNoFrame (issue 36): a frame painted is not kept by its
// session's board or painter. The painter's colour translations were
// keyed by sequences cut from the frames, which kept whole frames alive,
// some 15 KB a session.
func TestPainterKeepsNoFrame(t *testing.T) {
	freed := make(chan struct{}, 8)
	n := 0
	model, p := servedBoard(t, onTurn(t, 3), func(v string) {
		n++
		runtime.AddCleanup(unsafe.StringData(v), func(ch chan struct{}) { ch <- struct{}{} }, freed)
	})
	// Collect until every frame's cleanup has run, bounded by a deadline
	// far past what a collection takes.
	deadline := time.After(20 * time.Second)
	for got := 0; got < n; {
		runtime.GC()
		select {
		case <-freed:
			got++
		case <-deadline:
			t.Fatalf("%d of %d frames painted are still live", n-got, n)
		default:
			runtime.Gosched()
		}
	}
	runtime.KeepAlive(model)
	runtime.KeepAlive(p)
}

// BenchmarkServedBoardsLive reports the live heap a served board and its
// painter hold between keys, in rooms of four whose players see one
// game: 100 boards, 25 games. Bytes do not depend on the machine's load.
//
//	go test ./server -run '^$' -bench ServedBoardsLive -benchtime 1x
func BenchmarkServedBoardsLive(b *testing.B) {
	const rooms, per = 25, 4
	games := make([]*boardGame, rooms)
	for i := range games {
		games[i] = onTurn(b, uint64(i+1))
	}
	servedBoard(b, games[0], func(string) {}) // what the first board makes once (styles, catalogues)
	for b.Loop() {
		before := liveHeap()
		models := make([]tea.Model, 0, rooms*per)
		painters := make([]*painter, 0, rooms*per)
		for _, g := range games {
			for range per {
				m, p := servedBoard(b, g, func(string) {})
				models, painters = append(models, m), append(painters, p)
			}
		}
		after := liveHeap()
		b.ReportMetric(float64(after-before)/float64(len(models)), "live-B/board")
		runtime.KeepAlive(models)
		runtime.KeepAlive(painters)
	}
}
