package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// playOne plays the person's next move by keys and waits for the
// computers' replies.
func playOne(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	waitModel(t, tm, "the person's turn", settled)
	before := probe(tm, func(m *Model) int { return actions(m) })
	press(tm, probe(tm, keysFor)...)
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) > before && settled(m) })
}

// TestFlowQuitAsksOnce: q asks one question, with the save in it, while
// the game has moves no file holds; just after a save it only asks
// whether to quit, and quitting then writes no autosave.
func TestFlowQuitAsksOnce(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	kept := 0
	cfg.Local.Autosave = func(record.Game) error { kept++; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	playOne(t, tm)
	press(tm, "q")
	waitModel(t, tm, "the quit question", func(m *Model) bool { return m.dialog == dialogQuit })
	screen := screenNow(tm)
	for _, b := range []string{"[ y Save and quit ]", "[ d Just quit ]", "[ n Cancel ]", "Its last moves are not saved.",
		"y save and quit • d/q just quit • n cancel • enter ok"} {
		contains(t, screen, b)
	}
	press(tm, "n")
	waitModel(t, tm, "play", func(m *Model) bool { return m.bare() && !m.quitting })

	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	tm.Type("x")
	press(tm, "enter")
	waitModel(t, tm, "the save", func(m *Model) bool { return m.bare() && m.local.File() != "" })
	press(tm, "q")
	waitModel(t, tm, "the quit question", func(m *Model) bool { return m.dialog == dialogQuit })
	screen = screenNow(tm)
	contains(t, screen, "Really quit the game?")
	contains(t, screen, "(Every move is saved in x"+save.Ext+".)")
	if strings.Contains(screen, "Save") {
		t.Fatalf("the quit question offers to save a saved game:\n%s", screen)
	}
	press(tm, "y")
	tm.WaitFinished(t)
	if kept != 0 {
		t.Fatal("quitting a saved game wrote the autosave")
	}
}

// TestFlowNewGameAsksFirst: Start on the new-game screen asks before it
// replaces a game with moves not saved: n keeps playing it, d starts the
// new game and keeps the old one in the autosave, y saves it first.
func TestFlowNewGameAsksFirst(t *testing.T) {
	dir := saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	kept := make(chan record.Game, 2)
	cfg.Local.Autosave = func(g record.Game) error { kept <- g; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	playOne(t, tm)
	n := probe(tm, func(m *Model) int { return actions(m) })

	press(tm, "n", "enter")
	waitModel(t, tm, "the question", func(m *Model) bool { return m.asking == askReplace && m.screen == screenBoard })
	screen := screenNow(tm)
	for _, b := range []string{"New game", "Save it first?", "[ y Save first ]", "[ d Don't save ]", "[ n Cancel ]"} {
		contains(t, screen, b)
	}
	press(tm, "n")
	waitModel(t, tm, "the game going on", func(m *Model) bool { return m.bare() })
	if got := probe(tm, func(m *Model) int { return actions(m) }); got != n || probe(tm, func(m *Model) uint64 { return m.local.Table().Config().Seed }) != 7 {
		t.Fatal("cancelled, the game was replaced anyway")
	}

	press(tm, "n", "enter")
	waitModel(t, tm, "the question", func(m *Model) bool { return m.asking == askReplace })
	press(tm, "y")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	tm.Type("before")
	press(tm, "enter")
	waitModel(t, tm, "the new game", func(m *Model) bool { return m.bare() && m.local.Table().Config().Seed != 7 })
	if g, err := local.Load(filepath.Join(dir, "before"+save.Ext)); err != nil || len(g.History) != n {
		t.Fatalf("the game saved first: %d actions, %v", len(g.History), err)
	}

	playOne(t, tm)
	press(tm, "n", "enter")
	waitModel(t, tm, "the question", func(m *Model) bool { return m.asking == askReplace })
	press(tm, "d")
	waitModel(t, tm, "another new game", func(m *Model) bool { return m.bare() && actions(m) == 0 })
	select {
	case g := <-kept:
		if len(g.History) == 0 {
			t.Fatal("the autosave kept a game without moves")
		}
	case <-time.After(testkit.TimeLeft(t)):
		t.Fatal("the game left unsaved was not kept in the autosave")
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowAutosaveLivesAsLongAsItsGame: the autosave, resumed, stays on
// disk while its game goes on; a load asks before replacing that game and,
// not saved, keeps it in the autosave; the autosave goes once its game is
// saved in a file.
func TestFlowAutosaveLivesAsLongAsItsGame(t *testing.T) {
	dir := saveDir(t)
	auto := filepath.Join(dir, save.AutosaveName)
	left := writeGame(t, auto) // seed 3, six moves in
	monday := filepath.Join(dir, "monday"+save.Ext)
	writeGame(t, monday)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save, cfg.Local.Load = local.WriteSave, local.Load
	cfg.Local.Autosave, cfg.Local.DropAutosave = local.Autosave, save.RemoveAutosave
	cfg.Local.Resume, cfg.Local.Load = auto, local.Load
	tm := runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the resume question", func(m *Model) bool { return m.asking == askResume })
	press(tm, "y")
	waitModel(t, tm, "the game left", func(m *Model) bool {
		return m.bare() && m.local.Table().Config().Seed == 3 && settled(m)
	})
	if _, err := os.Stat(auto); err != nil {
		t.Fatalf("the autosave went while its game goes on: %v", err)
	}
	playOne(t, tm)
	played := probe(tm, func(m *Model) int { return actions(m) })

	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool { return m.loader != nil && m.loader.list.read })
	press(tm, "enter") // monday, then the autosave
	waitModel(t, tm, "the question", func(m *Model) bool { return m.asking == askReplace })
	contains(t, screenNow(tm), "Load monday"+save.Ext)
	press(tm, "d")
	waitModel(t, tm, "monday", func(m *Model) bool { return m.bare() && m.local.File() == monday })
	waitModel(t, tm, "the game left for monday in the autosave", func(*Model) bool {
		g, err := save.Read(auto)
		return err == nil && len(g.History) == played
	})
	if played <= len(left.History) {
		t.Fatal("no move played after the resume")
	}

	// Loaded again from the picker, and saved in a file: the autosave goes.
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool { return m.loader != nil && m.loader.list.read })
	press(tm, "down", "enter") // monday, then the autosave
	waitModel(t, tm, "the autosave's game", func(m *Model) bool {
		return m.local.Table().Config().Seed == 3 && m.local.FromAutosave() && m.local.File() == ""
	})
	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil && m.saver.input.Value() == "" })
	tm.Type("kept")
	press(tm, "enter")
	waitModel(t, tm, "the save", func(m *Model) bool { return m.bare() && m.local.File() != "" })
	waitModel(t, tm, "the autosave gone", func(*Model) bool { _, err := os.Stat(auto); return err != nil })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowInterruptLeavesAnotherGamesAutosave: Ctrl-C over a game with no
// move since it was loaded leaves the autosave alone: it holds another
// game, left unsaved, which would be lost.
func TestFlowInterruptLeavesAnotherGamesAutosave(t *testing.T) {
	dir := saveDir(t)
	auto := filepath.Join(dir, save.AutosaveName)
	writeGame(t, auto) // seed 3
	g, err := local.NewGame(engine.Config{Players: 2}, ai.DefaultLevel, 7)
	if err != nil {
		t.Fatal(err)
	}
	for len(g.History) < 2 || g.State.ToAct() != 0 {
		obs := engine.Observe(&g.State, g.State.ToAct())
		if err := g.Apply(eagerPick(obs.Legal(nil))); err != nil {
			t.Fatal(err)
		}
	}
	monday := filepath.Join(dir, "monday"+save.Ext)
	if _, err := local.WriteSave(monday, g); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 2, 99)
	cfg.Local.Game, cfg.Local.File, cfg.Local.Autosave = g, monday, local.Autosave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the person's turn", settled)
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	kept, err := save.Read(auto)
	if err != nil || kept.State.Seed != 3 {
		t.Fatalf("the autosave of the other game was replaced: seed %d, %v", kept.State.Seed, err)
	}
}

// TestUndoThenAnotherMoveIsUnsaved: a move taken back and another made in
// its place leave as many events as the save held, but not the same game:
// leaving must still offer to save it.
func TestUndoThenAnotherMoveIsUnsaved(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	m := newModel(t, cfg)
	settleModel(m)
	for _, k := range []string{"1", "x"} {
		m.Update(keyMsg(k))
	}
	settleModel(m)
	if _, err := m.local.Save(filepath.Join(t.TempDir(), "now")); err != nil {
		t.Fatal(err)
	}
	savedEvents := m.local.Table().State().EventCount
	if m.unsaved() {
		t.Fatal("unsaved just after a save")
	}
	m.Update(keyMsg("z"))
	settleModel(m)
	for _, k := range []string{"2", "x"} {
		m.Update(keyMsg(k))
	}
	settleModel(m)
	if st := m.local.Table().State(); st.EventCount != savedEvents {
		t.Fatalf("the game after the undo has %d events, the save %d: pick a deal where they match", st.EventCount, savedEvents)
	}
	if !m.unsaved() {
		t.Fatal("another move in place of the one saved reads as saved")
	}
}
