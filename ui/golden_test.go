package ui

import (
	"context"
	"fmt"
	"image/color"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// syncPlay plays n of the human's moves (the eager policy) and the
// computers' replies without a program, for snapshots and benchmarks.
func syncPlay(m *Model, n int) {
	settleModel(m)
	for i := 0; i < n && m.gamePrompt() != promptAnotherHand && m.gamePrompt() != promptAnotherGame; i++ {
		m.act(humanMove(m))
		settleModel(m)
	}
}

// sizes are the golden sizes: the BSD screen and a roomy one.
var sizes = [][2]int{{80, 24}, {120, 40}}

func snap(t *testing.T, name string, m shown) {
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("%s_%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
			golden.RequireEqual(t, screenOf(m, sz[0], sz[1]))
		})
	}
}

func TestGoldenBoard(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 6)
	snap(t, "board", m)
	m.scores.window = false
	snap(t, "commands", m)
}

func TestGoldenThreePlayers(t *testing.T) {
	m := newModel(t, testConfig(t, 3, 5))
	syncPlay(m, 8)
	snap(t, "board3", m)
}

func TestGoldenFourPlayers(t *testing.T) {
	m := newModel(t, testConfig(t, 4, 5))
	syncPlay(m, 12)
	snap(t, "board4", m)
}

func TestGoldenHandOver(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 500)
	if m.gamePrompt() != promptAnotherHand {
		t.Fatalf("prompt %v", m.gamePrompt())
	}
	snap(t, "handover", m)
}

func TestGoldenPrompts(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhaseCoupFourre })
	m := newModel(t, resumeAt(t, setup, acts))
	snap(t, "coupfourre", m)
	setup, acts = findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhaseExtension })
	m = newModel(t, resumeAt(t, setup, acts))
	snap(t, "extension", m)
}

func TestGoldenScreens(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.openNewGame()
	snap(t, "newgame", m)
	m.setup = nil
	for i := range guidePages {
		m.openGuide()
		m.guide.page = i
		snap(t, fmt.Sprintf("guide%d", i+1), m)
	}
	m.screen = screenBoard
	m.keysHelp = &keysWindow{}
	snap(t, "keys", m)
	m.keysHelp = nil

	t.Run("toosmall", func(t *testing.T) { golden.RequireEqual(t, screenOf(m, 60, 20)) })
}

func TestGoldenGameOver(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	for i := 0; i < 40 && m.gamePrompt() != promptAnotherGame; i++ {
		syncPlay(m, 1000)
		if m.gamePrompt() == promptAnotherHand {
			m.answer(true)
		}
	}
	if m.gamePrompt() != promptAnotherGame {
		t.Fatal("no game over")
	}
	snap(t, "gameover", m)
	m.answer(true)
	if st := state(m); st.Phase != engine.PhasePlay || st.Game != 1 {
		t.Fatalf("another game: phase %v game %d", st.Phase, st.Game)
	}
}

func TestReturnNeverQuits(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.Update(keyMsg("q"))
	if m.dialog != dialogQuit {
		t.Fatal("q does not ask")
	}
	m.Update(keyMsg("enter"))
	if m.dialog != dialogNone || m.quitting {
		t.Fatal("Return quit the game")
	}
}

func TestLightBackground(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	dark := m.View().Content
	m.Update(tea.BackgroundColorMsg{Color: color.White})
	if m.styles.Dark {
		t.Fatal("a white background kept the dark styles")
	}
	light := m.View().Content
	if light == dark || ansi.Strip(light) != ansi.Strip(dark) {
		t.Fatal("the light styles should change the colours and only them")
	}
}

func TestRefusalRingsTheBellUnlessOff(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.opts.Bell = true
	if cmd := m.do(m.hand.playAt(0)); cmd == nil || !m.isError { // 75 before any Go
		t.Fatal("no bell for a refusal")
	}
	m.opts.Bell = false
	if cmd := m.do(m.hand.playAt(0)); cmd != nil {
		t.Fatal("the bell rang while off")
	}
}

func TestWheelScrollsTheLog(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 10)
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if m.logs.logOff != 2 {
		t.Fatalf("scrolled %d", m.logs.logOff)
	}
	if !strings.Contains(screenOf(m, 80, 24), "↓ 2 newer") {
		t.Fatal("the log does not say it is scrolled")
	}
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if m.logs.logOff != 1 {
		t.Fatalf("scrolled %d", m.logs.logOff)
	}
}

func TestUndoStaysInTheHand(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	if m.view.CanUndo || m.table.Undo() == nil {
		t.Fatal("undo at the end of a hand")
	}
	m.answer(true) // the next hand
	settleModel(m)
	before := actions(m)
	syncPlay(m, 2)
	if !m.view.CanUndo {
		t.Fatal("nothing to undo")
	}
	for m.view.CanUndo {
		m.undo()
		seeMove(m)
	}
	if actions(m) < before-1 {
		t.Fatalf("undo went back into the last hand: %d actions, %d at the deal", actions(m), before)
	}
	if g := m.local.Table().Record(); g.Check() != nil {
		t.Fatalf("the game after undo does not replay: %v", g.Check())
	}
}

// noted is a computer that tells on calls when it is asked to move, with
// whether the test had closed the guide by then.
type noted struct {
	closed *atomic.Bool
	calls  chan bool
}

func (noted) Name() string { return "noted" }

func (p noted) Choose(_ context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	select {
	case p.calls <- p.closed.Load():
	default:
	}
	return eagerPick(legal)
}

func TestTableWaitsWhileReading(t *testing.T) {
	cfg := testConfig(t, 2, 7) // seed 7: the person plays first
	var closed atomic.Bool
	p := noted{closed: &closed, calls: make(chan bool, 1)}
	cfg.Local.NewPlayer = func(string, uint64) (ai.Player, error) { return p, nil }
	m := newModel(t, cfg)
	m.Update(keyMsg("g")) // the rules guide
	if m.screen != screenGuide {
		t.Fatal("no guide")
	}
	if err := m.table.Act(humanMove(m)); err != nil {
		t.Fatal(err)
	}
	closed.Store(true)
	m.Update(keyMsg("esc"))
	if m.screen != screenBoard {
		t.Fatal("the guide stays open")
	}
	select {
	case after := <-p.calls:
		if !after {
			t.Fatal("the computer played behind the guide")
		}
	case <-time.After(testkit.TimeLeft(t)):
		t.Fatal("closing the guide does not wake the computer")
	}
}

func TestNarrationKeepsHazardsOnYou(t *testing.T) {
	m := newModel(t, testConfig(t, 4, 5))
	m.logs.recent = []recentEvent{{"You play 75", false, nil}, {"Ann plays Stop on your team", true, nil}, {"Bob discards Gasoline", false, nil}, {"Cal discards a very long card name indeed", false, nil}, {"You draw 100", false, nil}}
	msg, alert := m.logs.narration(64, 0)
	if !alert || !strings.Contains(msg, "Ann plays Stop on your team") || !strings.Contains(msg, "You draw 100") ||
		!strings.HasSuffix(msg, "+3 more (w: log)") || width(msg) > 64 {
		t.Fatalf("narration %q (alert %v)", msg, alert)
	}
}

func TestReturnDoesNotSkipTheScores(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	m.Update(keyMsg("enter"))
	m.Update(keyMsg("space"))
	if m.gamePrompt() != promptAnotherHand {
		t.Fatal("Return dealt the next hand")
	}
}

func TestGoldenCurtain(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.openNewGame()
	m.setup.form.set(2, 4)
	m.startNew()
	m.act(humanMove(m))
	seeMove(m)
	if !m.curtain() {
		t.Fatal("no curtain for the second person")
	}
	// The curtain tells the second person the first one's move.
	text := ansi.Strip(m.View().Content)
	contains(t, text, "Since the deal:") // Player 2 has not played yet (issue 34: "Since Player 2 last played")
	i := m.obs.EventCount - 1
	for m.obs.Log[i%engine.LogSize].Kind == engine.EvDraw {
		i--
	}
	contains(t, text, m.lang.Event(m.obs.Log[i%engine.LogSize], m.names()))
	snap(t, "curtain", m)
}
