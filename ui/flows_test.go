package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// keysFor is how a person types the eager move with the keyboard: a slot
// key then Return to play, x to discard, y or n for the prompts.
func keysFor(s shown) []string {
	m := s.b()
	switch m.gamePrompt() {
	case promptCoupFourre:
		return []string{"y"}
	case promptExtension:
		return []string{"n"}
	case promptAnotherHand, promptAnotherGame:
		return []string{"y"}
	}
	a := humanMove(m)
	pos := posOf(m, a.Card())
	sel := strings.ToLower(slotKey(pos))
	if a.Kind() == engine.KindDiscard {
		return []string{sel, "x"}
	}
	return []string{sel, "enter"}
}

// clicksFor is the same move with the mouse: a card twice to play it, a
// card then the discard pile, or a dialog's button.
func clicksFor(s shown) []string {
	m := s.b()
	switch m.gamePrompt() {
	case promptCoupFourre:
		return []string{"btn-yes"}
	case promptExtension:
		return []string{"btn-no"}
	case promptAnotherHand, promptAnotherGame:
		return []string{"btn-yes"}
	}
	a := humanMove(m)
	slot := "slot-" + string(rune('0'+posOf(m, a.Card())))
	if a.Kind() == engine.KindDiscard {
		return []string{slot, "discard"}
	}
	return []string{slot, slot}
}

// playHand plays the human's moves until the end-of-hand window.
func playHand(t *testing.T, tm *teatest.TestModel, mouse bool) {
	t.Helper()
	for step := 0; step < 300; step++ {
		waitModel(t, tm, "the human's turn", settled)
		if probe(tm, func(m *Model) bool { return m.gamePrompt() == promptAnotherHand || m.gamePrompt() == promptAnotherGame }) {
			return
		}
		before := probe(tm, func(m *Model) int { return actions(m) })
		if mouse {
			for _, id := range probe(tm, clicksFor) {
				x, y := probe(tm, func(m *Model) [2]int { x, y := where(m, id); return [2]int{x, y} })[0], 0
				_ = x
				xy := probe(tm, func(m *Model) [2]int { x, y := where(m, id); return [2]int{x, y} })
				x, y = xy[0], xy[1]
				tm.Send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			}
		} else {
			press(tm, probe(tm, keysFor)...)
		}
		waitModel(t, tm, "the move to be taken", func(m *Model) bool { return actions(m) > before })
	}
	t.Fatal("the hand did not end")
}

// quitWithoutSaving quits with q, then q again (Quit, without saving).
func quitWithoutSaving(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	press(tm, "q")
	waitModel(t, tm, "the quit question", func(m *Model) bool { return m.dialog == dialogQuit })
	press(tm, "q")
	tm.WaitFinished(t)
}

func TestFlowWholeHandWithKeys(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	playHand(t, tm, false)
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "End of hand 1")
	contains(t, screen, "Milestones Played")
	contains(t, screen, "[ y Another hand ]")
	press(tm, "y")
	waitModel(t, tm, "the second hand", func(m *Model) bool { return state(m).Hand == 1 && m.gamePrompt() == promptNone })
	quitWithoutSaving(t, tm)
}

func TestFlowWholeHandWithMouse(t *testing.T) {
	cfg := testConfig(t, 2, 11)
	tm := runTest(t, newModel(t, cfg), 120, 40)
	playHand(t, tm, true)
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "End of hand 1")
	xy := probe(tm, func(m *Model) [2]int { x, y := where(m, "btn-yes"); return [2]int{x, y} })
	tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	waitModel(t, tm, "the second hand", func(m *Model) bool { return state(m).Hand == 1 })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowThreePlayersTarget(t *testing.T) {
	// With three sides a hazard asks for its target: by number key.
	setup, acts := findPrefix(t, 3, func(s *engine.State) bool {
		if s.Phase != engine.PhasePlay {
			return false
		}
		for _, c := range s.Hands[0] {
			if c.IsHazard() && c != engine.SpeedLimit && s.Check(engine.Attack(c, 1)) == nil && s.Check(engine.Attack(c, 2)) == nil {
				return true
			}
		}
		return false
	})
	cfg := resumeAt(t, setup, acts)
	m := newModel(t, cfg)
	var hazard engine.Card
	st := state(m)
	for _, c := range st.Hands[0] {
		if c.IsHazard() && c != engine.SpeedLimit && st.Check(engine.Attack(c, 2)) == nil {
			hazard = c
		}
	}
	tm := runTest(t, m, 80, 24)
	press(tm, strings.ToLower(slotKey(posOf(m, hazard))), "enter")
	waitModel(t, tm, "the target question", func(m *Model) bool { return m.hand.target == hazard })
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "Play "+hazard.String()+" on:")
	press(tm, "2")
	waitModel(t, tm, "the attack", func(m *Model) bool {
		return actions(m) > len(acts) && history(m)[len(acts)] == engine.Attack(hazard, 2)
	})
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowCoupFourre(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhaseCoupFourre })
	cfg := resumeAt(t, setup, acts)
	tm := runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the coup fourré question", func(m *Model) bool { return m.gamePrompt() == promptCoupFourre })
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "Coup fourré! Play ")
	press(tm, "y")
	waitModel(t, tm, "the coup fourré", func(m *Model) bool { return m.obs.Tableaus[0].CoupsFourres != 0 })
	msg := probe(tm, func(m *Model) string { return m.logs.logText() })
	if !strings.Contains(msg, "Coup fourré! You play") {
		t.Fatalf("log lacks the coup fourré:\n%s", msg)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowExtension(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhaseExtension })
	cfg := resumeAt(t, setup, acts)
	tm := runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the extension question", func(m *Model) bool { return m.gamePrompt() == promptExtension })
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "Extend the trip to 1000")
	// Taken with the mouse.
	xy := probe(tm, func(m *Model) [2]int { x, y := where(m, "btn-yes"); return [2]int{x, y} })
	tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	waitModel(t, tm, "the extension", func(m *Model) bool { return m.obs.Trip == 1000 })
	screen = probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "Trip 1000")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowRefusedMove(t *testing.T) {
	// Seed 7 deals 75 into P before anyone has a Go.
	m := newModel(t, testConfig(t, 2, 7))
	if c := state(m).Hands[0][engine.DrawSlot]; c != engine.Miles75 {
		t.Fatalf("seed 7 draws %v", c)
	}
	tm := runTest(t, m, 80, 24)
	press(tm, "u", "p", "enter") // BSD: use P
	waitModel(t, tm, "the refusal", func(m *Model) bool { return m.isError })
	msg := probe(tm, (*Model).Message)
	if msg != "You can't play 75 miles: you need a Go first." {
		t.Fatalf("message %q", msg)
	}
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "You can't play 75 miles: you need a Go first.")
	if n := probe(tm, func(m *Model) int { return actions(m) }); n != 0 {
		t.Fatalf("%d actions taken", n)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowQuitSaves(t *testing.T) {
	dir := saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter") // Go
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "q")
	waitModel(t, tm, "the quit question", func(m *Model) bool { return m.dialog == dialogQuit })
	contains(t, probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) }), "[ y Save and quit ]")
	press(tm, "y")
	waitModel(t, tm, "the file name", func(m *Model) bool { return m.saver != nil })
	tm.Type("game")
	press(tm, "enter")
	final := tm.FinalModel(t).(*Model)
	if final.local.File() != filepath.Join(dir, "game.mille.json") {
		t.Fatalf("saved as %q", final.local.File())
	}
	if file, autosave := final.Left(); file != final.local.File() || autosave {
		t.Fatalf("Left() = %q, %v; want the file", file, autosave)
	}
	if _, err := os.Stat(final.local.File()); err != nil {
		t.Fatal(err)
	}
	ss, err := local.Load(final.local.File())
	if err != nil {
		t.Fatal(err)
	}
	if g := final.local.Table().Record(); len(ss.History) != len(g.History) || ss.State != g.State {
		t.Fatal("the loaded game differs from the saved one")
	}
}

func TestFlowResize(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 120, 40)
	resize(t, tm, 80, 24)
	screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	lines := strings.Split(screen, "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines at 80x24", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Fatalf("line %d is %d wide: %q", i, w, l)
		}
	}
	contains(t, screen, "MILLE BORNES")
	resize(t, tm, 70, 20)
	screen = probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
	contains(t, screen, "at least 80x24")
	contains(t, screen, "70x20")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowUndo(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "the computer's reply", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "z")
	waitModel(t, tm, "the undo", func(m *Model) bool { return actions(m) == 0 })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowUndoMovesTheMarker: after an undo, the table's marker ("◀ Go"
// on a table's title) shows the card put on a table last in what is left
// of the hand, never the card taken back.
func TestFlowUndoMovesTheMarker(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 80, 24)
	for i := 0; i < 3; i++ {
		waitModel(t, tm, "the human's turn", settled)
		before := probe(tm, func(m *Model) int { return actions(m) })
		press(tm, probe(tm, keysFor)...)
		waitModel(t, tm, "the move", func(m *Model) bool { return actions(m) > before })
	}
	waitModel(t, tm, "the human's turn", settled)
	before := probe(tm, func(m *Model) int { return actions(m) })
	press(tm, "z")
	waitModel(t, tm, "the undo", func(m *Model) bool { return actions(m) < before && settled(m) })
	var want engine.Card = engine.NoCard
	for _, a := range probe(tm, history) {
		if a.Kind() == engine.KindPlay || a.Kind() == engine.KindCoupFourre {
			want = a.Card()
		}
	}
	if want == engine.NoCard {
		t.Fatal("no card left on the tables: the test shows nothing")
	}
	screen := screenNow(tm)
	if n := strings.Count(screen, "◀"); n != 1 || !strings.Contains(screen, "◀ "+want.String()) {
		t.Fatalf("%d markers, want one on %v:\n%s", n, want, screen)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// resize sends a new size until it sticks: the program also sends its
// initial size from a goroutine, which may arrive after ours.
func resize(t *testing.T, tm *teatest.TestModel, w, h int) {
	t.Helper()
	for i := 0; i < 100; i++ {
		tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
		ok := 0
		for j := 0; j < 5; j++ {
			if probe(tm, func(m *Board) bool { return m.w == w && m.h == h }) {
				ok++
			}
		}
		if ok == 5 {
			return
		}
	}
	t.Fatalf("the size %dx%d did not stick", w, h)
}

func TestFlowHint(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Hint = func(_ context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
		return engine.Play(engine.Go), ai.WhyGo
	}
	m := newModel(t, cfg)
	if !m.keysNow(false).Hint.Enabled() {
		t.Fatal("the hint key is hidden")
	}
	tm := runTest(t, m, 80, 24)
	press(tm, "t")
	waitModel(t, tm, "the hint", func(m *Model) bool { return strings.HasPrefix(m.message, "Hint:") })
	if msg := probe(tm, (*Model).Message); msg != "Hint: play Go (play Go to start rolling)." {
		t.Fatalf("hint %q", msg)
	}
	if sel := probe(tm, func(m *Model) engine.Card { return m.handView()[m.hand.sel].card }); sel != engine.Go {
		t.Fatalf("selected %v", sel)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowHintAtQuestions: t answers the coup fourré and the extension
// questions, which the review judges too, and the hint shows under them.
func TestFlowHintAtQuestions(t *testing.T) {
	for _, tt := range []struct {
		name  string
		phase engine.Phase
		p     gamePrompt
	}{{"coup fourré", engine.PhaseCoupFourre, promptCoupFourre}, {"extension", engine.PhaseExtension, promptExtension}} {
		t.Run(tt.name, func(t *testing.T) {
			setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == tt.phase })
			cfg := resumeAt(t, setup, acts)
			cfg.Hint = func(_ context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
				return legal[0], ai.Explain(obs, legal[0])
			}
			tm := runTest(t, newModel(t, cfg), 80, 24)
			waitModel(t, tm, "the question", func(m *Model) bool { return m.gamePrompt() == tt.p })
			if !probe(tm, func(m *Model) bool { return m.keysNow(false).Hint.Enabled() }) {
				t.Error("the hint key is hidden at the question")
			}
			press(tm, "t")
			waitModel(t, tm, "the hint", func(m *Model) bool { return strings.HasPrefix(m.message, "Hint:") })
			screen := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
			contains(t, screen, "Hint:")
			tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
			tm.WaitFinished(t)
		})
	}
}

func TestHintHiddenWithoutHinter(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	if m.keysNow(false).Hint.Enabled() {
		t.Fatal("the hint key shows without a hinter")
	}
}

func TestFlowInterruptAutosavesAndResumes(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	saved := make(chan record.Game, 1)
	cfg.Local.Autosave = func(g record.Game) error { saved <- g; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	var kept record.Game
	select {
	case kept = <-saved:
	default:
		t.Fatal("Ctrl-C kept nothing")
	}

	// The next start offers the game back.
	cfg = testConfig(t, 2, 99)
	dropped := false
	cfg.Local.Resume = "autosave"
	cfg.Local.Load = func(string) (record.Game, error) { return kept, nil }
	cfg.Local.DropAutosave = func() error { dropped = true; return nil }
	tm = runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the resume question", func(m *Model) bool { return m.asking == askResume })
	contains(t, probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) }), "Resume it where you left it?")
	press(tm, "y")
	waitModel(t, tm, "the old game", func(m *Model) bool { return m.local.Table().Config().Seed == 7 && actions(m) == len(kept.History) })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	if dropped {
		t.Fatal("the autosave was removed while its game went on")
	}
}

func TestFlowHandOverRecordsStats(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	hands := make(chan int, 4)
	cfg.Local.HandOver = func(g record.Game, seat int) (string, error) {
		hands <- int(g.State.Hand)
		return "Against medium: 1 of 1 hands won", nil
	}
	tm := runTest(t, newModel(t, cfg), 80, 24)
	playHand(t, tm, false)
	waitModel(t, tm, "the record", func(m *Model) bool { return len(hands) == 1 && m.scores.record != "" })
	contains(t, probe(tm, handOverText), "Against medium: 1 of 1 hands won")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	if len(hands) != 1 {
		t.Fatalf("%d hands recorded", len(hands))
	}
}

func TestFlowOptionsPersist(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Options = nil // read and write the folder
	m := newModel(t, cfg)
	if m.asking != askGuideOffer {
		t.Fatal("the first start does not offer the guide")
	}
	tm := runTest(t, m, 80, 24)
	press(tm, "n") // just play
	waitModel(t, tm, "the board", func(m *Model) bool { return m.bare() })
	press(tm, "o", "b", "a")
	waitModel(t, tm, "the options", func(m *Model) bool { return m.opts.Ordered && !m.opts.Bell && m.opts.Animation == "slow" })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	var o local.Options
	for end := time.Now().Add(testkit.TimeLeft(t)); time.Now().Before(end); { // the last write runs in a command
		o, _, _ = local.LoadOptions(cfg.ConfigDir)
		if o.Animation == "slow" {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !o.Ordered || o.Bell || o.Animation != "slow" || !o.SeenGuide {
		t.Fatalf("options on disk: %+v", o)
	}
	m2 := newModel(t, cfg)
	if m2.asking == askGuideOffer || !m2.opts.Ordered {
		t.Fatal("the second start forgot the options")
	}
}

func TestFlowNewGameAndGuideByMouse(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 80, 24)
	click := func(id string) {
		xy := probe(tm, func(m *Model) [2]int { x, y := where(m, id); return [2]int{x, y} })
		tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	}
	press(tm, "g")
	waitModel(t, tm, "the guide", func(m *Model) bool { return m.screen == screenGuide })
	click("guide-next")
	waitModel(t, tm, "page 2", func(m *Model) bool { return m.guide.page == 1 })
	click("guide-close")
	waitModel(t, tm, "the board", func(m *Model) bool { return m.screen == screenBoard })
	press(tm, "n")
	waitModel(t, tm, "the new-game screen", func(m *Model) bool { return m.setup != nil })
	click("ng-0-2") // 4 players
	waitModel(t, tm, "4 players", func(m *Model) bool { return m.setup.form.players == 4 })
	click("ng-start")
	waitModel(t, tm, "the new game", func(m *Model) bool { return m.screen == screenBoard && m.obs.Config.Players == 4 })
	contains(t, probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) }), "You & Bob")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowBSDDiscardAndWindow(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 80, 24)
	press(tm, "w")
	waitModel(t, tm, "the command list", func(m *Model) bool { return !m.scores.window })
	contains(t, probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) }), "u: use #")
	press(tm, "d", "p")
	waitModel(t, tm, "the slot", func(m *Model) bool { return m.hand.pendSlot == 0 })
	contains(t, probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) }), ">>:Move: Discard P")
	press(tm, "space")
	waitModel(t, tm, "the discard", func(m *Model) bool { return actions(m) > 0 })
	if a := probe(tm, func(m *Model) engine.Action { return history(m)[0] }); a != engine.Discard(engine.Miles75) {
		t.Fatalf("took %v", a)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowMouseAttackByClickingATable(t *testing.T) {
	attackable := func(s *engine.State) engine.Card {
		for _, c := range s.Hands[0] {
			if c.IsHazard() && s.Check(engine.Attack(c, 1)) == nil {
				return c
			}
		}
		return engine.NoCard
	}
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool { return s.Phase == engine.PhasePlay && attackable(s) != engine.NoCard })
	m := newModel(t, resumeAt(t, setup, acts))
	st := state(m)
	hazard := attackable(&st)
	tm := runTest(t, m, 80, 24)
	click := func(id string) {
		xy := probe(tm, func(m *Model) [2]int { x, y := where(m, id); return [2]int{x, y} })
		tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	}
	click("slot-" + string(rune('0'+probe(tm, func(m *Model) int { return posOf(m, hazard) }))))
	waitModel(t, tm, "the selection", func(m *Model) bool { return m.handView()[m.hand.sel].card == hazard })
	click("side-1")
	waitModel(t, tm, "the attack", func(m *Model) bool {
		return actions(m) > len(acts) && history(m)[len(acts)] == engine.Attack(hazard, 1)
	})
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowHotSeat(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.openNewGame()
	m.setup.form.set(2, 4) // the second seat: a person
	m.startNew()
	if v := m.table.View(); len(v.Mine) != 2 || v.Seats[0].Name != "" || v.Seats[1].Name != "" {
		t.Fatalf("seats %+v, mine %v", v.Seats, v.Mine)
	}
	if err := m.table.Undo(); !errors.Is(err, table.ErrUndoShared) {
		t.Fatalf("undo between people: %v", err)
	}
	tm := runTest(t, m, 80, 24)
	curtains, told := 0, 0
	for turn := 0; turn < 8; turn++ {
		waitModel(t, tm, "a person's turn", func(m *Model) bool { return m.view.Next >= 0 && settled(m) })
		if turn == 0 && !probe(tm, (*Model).curtain) {
			t.Fatal("the first turn of a hot-seat game shows a hand without passing the keyboard")
		}
		if probe(tm, (*Model).curtain) {
			hidden := probe(tm, func(m *Model) bool {
				for _, l := range m.layers(80, 24) {
					if strings.HasPrefix(l.id, "slot-") {
						return false
					}
				}
				return true
			})
			if !hidden {
				t.Fatal("a hand shows behind the curtain")
			}
			curtain := probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
			contains(t, curtain, "Pass the keyboard to")
			if regexp.MustCompile(`plays \d+ miles\.`).MatchString(curtain) {
				t.Fatalf("a distance told without its side's total:\n%s", curtain)
			}
			told += strings.Count(curtain, " in all.")
			press(tm, "enter")
			curtains++
			waitModel(t, tm, "the next person", func(m *Model) bool { return !m.curtain() })
		}
		viewer := probe(tm, func(m *Model) int { return m.view.Seat })
		if viewer != probe(tm, func(m *Model) int { st := state(m); return st.ToAct() }) {
			t.Fatal("the screen shows someone else's turn")
		}
		before := probe(tm, func(m *Model) int { return actions(m) })
		press(tm, probe(tm, keysFor)...)
		waitModel(t, tm, "the move", func(m *Model) bool { return actions(m) > before })
	}
	if curtains < 2 {
		t.Fatalf("%d curtains in eight turns", curtains)
	}
	if told == 0 {
		t.Fatal("no curtain told a distance with its side's total")
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowHotSeatSaysNames: where people share the keyboard, "you" would
// be whoever holds it now: the log, the message line and the score window
// name the people, as the tables do.
func TestFlowHotSeatSaysNames(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.openNewGame()
	m.setup.form.set(2, 4) // the second seat: a person
	m.setup.form.names[0], m.setup.form.names[1] = "Amy", "Ada"
	m.startNew()
	tm := runTest(t, m, 80, 24)
	for turn := 0; turn < 2; turn++ {
		waitModel(t, tm, "a person's turn", func(m *Model) bool { return m.view.Next >= 0 && settled(m) })
		if probe(tm, (*Model).curtain) {
			press(tm, "enter")
			waitModel(t, tm, "the next person", func(m *Model) bool { return !m.curtain() })
		}
		before := probe(tm, func(m *Model) int { return actions(m) })
		press(tm, probe(tm, keysFor)...)
		waitModel(t, tm, "the move", func(m *Model) bool { return actions(m) > before })
	}
	waitModel(t, tm, "a person's turn", func(m *Model) bool { return m.view.Next >= 0 && settled(m) })
	press(tm, "enter") // past the curtain
	waitModel(t, tm, "the board", func(m *Model) bool { return !m.curtain() })
	you := regexp.MustCompile(`\b[Yy]ou\b|\byour team\b`)
	screen := screenNow(tm)
	log := probe(tm, func(m *Model) string { return m.logs.logText() })
	// The input line speaks to whoever holds the keyboard now ("Your
	// turn: 75: you need a Go first"): what it says is theirs.
	told := regexp.MustCompile(`(?m)^Your turn:.*$`).ReplaceAllString(screen, "")
	if you.MatchString(told) || you.MatchString(log) {
		t.Fatalf("\"you\" at a shared keyboard:\n%s\nlog:\n%s", screen, log)
	}
	contains(t, log, "Amy plays")
	contains(t, log, "Amy draws ") // her own card, named
	if strings.Contains(log, "Amy draws a card") {
		t.Fatalf("the person at the keyboard is not told their card:\n%s", log)
	}
	contains(t, screen, "Amy   Ada") // the score window's columns
	// A hazard on the side of the person at the keyboard still stands out.
	if msg, alert := probe(tm, func(m *Model) string { s, _ := m.logs.narration(80, 0); return s }), probe(tm, func(m *Model) bool { _, a := m.logs.narration(80, 0); return a }); !alert || !strings.Contains(msg, " on Amy") {
		t.Fatalf("message line %q, alert %v", msg, alert)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowQuitWithoutSavingKeepsTheAutosave(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	kept := make(chan record.Game, 1)
	cfg.Local.Autosave = func(g record.Game) error { kept <- g; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	quitWithoutSaving(t, tm)
	select {
	case ss := <-kept:
		if len(ss.History) < 2 {
			t.Fatal("the autosave lacks the moves")
		}
	default:
		t.Fatal("quitting without saving kept nothing")
	}
	if file, autosave := tm.FinalModel(t).(*Model).Left(); file != "" || !autosave {
		t.Fatalf("Left() = %q, %v; want the autosave", file, autosave)
	}
}

// TestHintedTargetPreselected: after a hint to attack a side, playing the
// hinted card asks for the target with the hinted side highlighted, so
// Return plays the hint.
func TestHintedTargetPreselected(t *testing.T) {
	setup, acts := findPrefix(t, 3, func(s *engine.State) bool {
		if s.Phase != engine.PhasePlay {
			return false
		}
		for _, c := range s.Hands[0] {
			if c.IsHazard() && c != engine.SpeedLimit && s.Check(engine.Attack(c, 1)) == nil && s.Check(engine.Attack(c, 2)) == nil {
				return true
			}
		}
		return false
	})
	m := newModel(t, resumeAt(t, setup, acts))
	settleModel(m)
	var hazard engine.Card
	st := state(m)
	for _, c := range st.Hands[0] {
		if c.IsHazard() && c != engine.SpeedLimit && st.Check(engine.Attack(c, 1)) == nil && st.Check(engine.Attack(c, 2)) == nil {
			hazard = c
		}
	}
	m.do(m.hand.showHint(engine.Attack(hazard, 2), ai.WhyAttack))
	m.Update(keyMsg("enter"))
	if m.hand.target != hazard || m.hand.tsel != 2 {
		t.Fatalf("after the hint, Return asks for %v's target with %d highlighted; want side 2", m.hand.target, m.hand.tsel)
	}
}

// TestHotSeatQuestionHidesTheHand: a question asked before the first
// person took the keyboard (the guide's offer at the first start) hides
// every hand, as the curtain does.
func TestHotSeatQuestionHidesTheHand(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.openNewGame()
	m.setup.form.set(2, 4) // the second seat: a person
	m.startNew()
	m.asking = askGuideOffer
	if !m.curtain() {
		t.Fatal("no curtain before the first turn")
	}
	for _, l := range m.layers(80, 24) {
		if strings.HasPrefix(l.id, "slot-") {
			t.Fatal("a hand shows under the guide's offer")
		}
	}
	contains(t, screenOf(m, 80, 24), "Read the rules")
}
