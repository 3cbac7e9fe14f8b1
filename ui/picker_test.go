package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// saveDir points save.Dir at a temporary folder for the test.
func saveDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	return dir
}

// writeGame saves a game of seed 3 a few moves in at path and returns it.
func writeGame(t *testing.T, path string) record.Game {
	t.Helper()
	g, err := local.NewGame(engine.Config{Players: 2}, ai.DefaultLevel, 3)
	if err != nil {
		t.Fatal(err)
	}
	for len(g.History) < 6 {
		obs := engine.Observe(&g.State, g.State.ToAct())
		if err := g.Apply(eagerPick(obs.Legal(nil))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := local.WriteSave(path, g); err != nil {
		t.Fatal(err)
	}
	return g
}

func screenNow(tm *teatest.TestModel) string {
	return probe(tm, func(m *Model) string { return ansi.Strip(m.View().Content) })
}

// boardLines is the screen without its message line, which tells what
// just happened and so differs between a game played and the same game
// loaded, and the input line under it, where a long message goes on.
func boardLines(screen string, h int) string {
	lines := strings.Split(screen, "\n")
	msgY := newLayout(80, h).msgY
	if msgY+1 < len(lines) {
		lines = append(lines[:msgY:msgY], lines[msgY+2:]...)
	}
	return strings.Join(lines, "\n")
}

// loadedScreen is the board `mille FILE` shows for path.
func loadedScreen(t *testing.T, path string) string {
	t.Helper()
	cfg := testConfig(t, 2, 99)
	g, err := local.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Local.Game, cfg.Local.File = g, local.SavePath(path)
	return boardLines(screenOf(newModel(t, cfg), 80, 24), 24)
}

func TestFlowLoadWithThePicker(t *testing.T) {
	dir := saveDir(t)
	good := filepath.Join(dir, "monday"+save.Ext)
	want := writeGame(t, good)
	bad := filepath.Join(dir, "broken"+save.Ext)
	for name, data := range map[string]string{
		bad:                                     `{"format": "mille", "schema": 1`,
		filepath.Join(dir, ".monday.json.tmp1"): "temporary file of a write",
		filepath.Join(dir, "notes.txt"):         "not a save",
	} {
		if err := os.WriteFile(name, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter") // Go
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	before := probe(tm, func(m *Model) int { return actions(m) })

	// A bad file: the error on the message line, the game untouched.
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	screen := screenNow(tm)
	contains(t, screen, "Load a saved game")
	contains(t, screen, "broken")
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	footer := lines[len(lines)-1]
	for _, k := range []string{"↑↓ choose", "enter load", "→ open a folder", "← go up", "esc cancel"} {
		if !strings.Contains(footer, k) { // every key of the picker, as under every other dialog
			t.Errorf("the picker's footer lacks %q: %q", k, footer)
		}
	}
	if strings.Contains(screen, ".tmp") {
		t.Fatalf("the picker shows a temporary file:\n%s", screen)
	}
	press(tm, "enter") // broken comes first
	waitModel(t, tm, "the error", func(m *Model) bool { return m.bare() && m.isError })
	if msg := probe(tm, (*Model).Message); !strings.Contains(msg, "broken"+save.Ext) || strings.Contains(msg, "\n") {
		t.Fatalf("message %q", msg)
	}
	if n, seed := probe(tm, func(m *Model) int { return actions(m) }), probe(tm, func(m *Model) uint64 { return m.local.Table().Config().Seed }); n != before || seed != 7 {
		t.Fatalf("the game changed: %d actions, seed %d", n, seed)
	}

	// Esc cancels.
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool { return m.loader != nil })
	press(tm, "esc")
	waitModel(t, tm, "the board", func(m *Model) bool { return m.bare() && m.local.Table().Config().Seed == 7 })

	// A click on a save loads it.
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	xy := probe(tm, func(m *Model) [2]int { x, y := where(m, "pick-1"); return [2]int{x, y} })
	tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	waitModel(t, tm, "the question", func(m *Model) bool { return m.asking == askReplace })
	xy = probe(tm, func(m *Model) [2]int { x, y := where(m, "btn-without"); return [2]int{x, y} })
	tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	waitModel(t, tm, "the loaded game", func(m *Model) bool { return m.local.Table().Config().Seed == 3 && m.local.File() == good && settled(m) })
	if n := probe(tm, func(m *Model) int { return actions(m) }); n != len(want.History) {
		t.Fatalf("%d actions loaded, want %d", n, len(want.History))
	}
	got := boardLines(screenNow(tm), 24)
	if exp := loadedScreen(t, good); got != exp {
		t.Fatalf("the picked game's board:\n%s\nmille FILE's:\n%s", got, exp)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowLoadFromTheNewGameScreen(t *testing.T) {
	dir := saveDir(t)
	good := filepath.Join(dir, "monday"+save.Ext)
	writeGame(t, good)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "n")
	waitModel(t, tm, "the new-game screen", func(m *Model) bool { return m.setup != nil })
	contains(t, screenNow(tm), "[ L Load a saved game ]")
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool { return m.loader != nil })
	press(tm, "esc")
	waitModel(t, tm, "the new-game screen again", func(m *Model) bool { return m.bare() && m.setup != nil })
	xy := probe(tm, func(m *Model) [2]int { x, y := where(m, "ng-load"); return [2]int{x, y} })
	tm.Send(tea.MouseClickMsg{X: xy[0], Y: xy[1], Button: tea.MouseLeft})
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	press(tm, "enter")
	waitModel(t, tm, "the loaded game", func(m *Model) bool {
		return m.screen == screenBoard && m.local.Table().Config().Seed == 3 && m.local.File() == good
	})
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestFlowSaveInAChosenFolder(t *testing.T) {
	dir := saveDir(t)
	if err := os.Mkdir(filepath.Join(dir, "keep"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })

	// An empty name cancels, and play resumes.
	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	press(tm, "enter")
	waitModel(t, tm, "no save", func(m *Model) bool { return m.bare() && m.message == "Not saved." })

	press(tm, "s")
	waitModel(t, tm, "the folder picker", func(m *Model) bool {
		return m.saver != nil && m.saver.list.dir == dir && strings.Contains(ansi.Strip(m.View().Content), "keep")
	})
	contains(t, screenNow(tm), "Folder: "+dir)
	press(tm, "tab", "enter") // the only folder, keep
	waitModel(t, tm, "the folder chosen", func(m *Model) bool {
		return m.saver != nil && !m.saver.folder && m.saver.list.dir == filepath.Join(dir, "keep")
	})
	tm.Type("tuesday")
	press(tm, "enter")
	want := filepath.Join(dir, "keep", "tuesday"+save.Ext)
	waitModel(t, tm, "the save", func(m *Model) bool { return m.bare() && m.local.File() == want })
	if _, err := os.Stat(want); err != nil {
		t.Fatal(err)
	}

	// The game now comes from a file: S offers its name in its folder.
	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	if v, d := probe(tm, func(m *Model) string { return m.saver.input.Value() }), probe(tm, func(m *Model) string { return m.saver.list.dir }); v != "tuesday" || d != filepath.Dir(want) {
		t.Fatalf("offered %q in %q", v, d)
	}
	press(tm, "esc")
	waitModel(t, tm, "no save", func(m *Model) bool { return m.bare() })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// The flow: save with S into a new file, quit, start with that
// file (as mille FILE does), and the board is the same.
func TestFlowSaveQuitResumeSameBoard(t *testing.T) {
	path := filepath.Join(saveDir(t), "new")
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	tm.Type("new")
	press(tm, "enter")
	waitModel(t, tm, "the save", func(m *Model) bool { return m.local.File() == path+save.Ext && m.bare() })
	played := boardLines(screenNow(tm), 24)
	quitWithoutSaving(t, tm)
	if got := loadedScreen(t, path+save.Ext); got != played {
		t.Fatalf("the board played:\n%s\nthe board resumed:\n%s", played, got)
	}
}

func TestFlowHangupKeepsTheGame(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	kept := make(chan record.Game, 1)
	cfg.Local.Autosave = func(g record.Game) error { kept <- g; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	n := probe(tm, func(m *Model) int { return actions(m) })
	tm.Send(Hangup{})
	tm.WaitFinished(t)
	select {
	case ss := <-kept:
		if len(ss.History) != n {
			t.Fatalf("the autosave has %d actions, want %d", len(ss.History), n)
		}
	default:
		t.Fatal("the hangup kept nothing")
	}
}

func TestFlowStatisticsWindow(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	cfg.Stats = func(*lang.Catalogue) (string, error) {
		return "Lifetime statistics (stats.json)\n\nOpponents  Games   Won         Hands   Won\nmedium          1     1 (100%)      3     2 (67%)\n", nil
	}
	m := newModel(t, cfg)
	if !m.keysNow(false).Stats.Enabled() {
		t.Fatal("the statistics key is hidden")
	}
	tm := runTest(t, m, 80, 24)
	press(tm, "i")
	waitModel(t, tm, "the statistics", func(m *Model) bool { return m.stats != nil })
	screen := screenNow(tm)
	contains(t, screen, "Statistics")
	contains(t, screen, "medium          1     1 (100%)")
	press(tm, "x") // any key closes it, and does nothing else
	waitModel(t, tm, "the board", func(m *Model) bool { return m.bare() })
	if n := probe(tm, func(m *Model) int { return actions(m) }); n != 0 {
		t.Fatalf("the key closing the window played: %d actions", n)
	}
	press(tm, "i")
	waitModel(t, tm, "the statistics", func(m *Model) bool { return m.stats != nil })
	tm.Send(tea.MouseClickMsg{X: 1, Y: 1, Button: tea.MouseLeft})
	waitModel(t, tm, "the board", func(m *Model) bool { return m.bare() })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestLoadAndStatsKeysHiddenWithoutThem(t *testing.T) {
	k := newModel(t, testConfig(t, 2, 7)).keysNow(false)
	if k.Load.Enabled() || k.Stats.Enabled() {
		t.Fatal("load or statistics shown without a loader or statistics")
	}
}

func TestFlowEscInTheSaveOnQuitPromptGoesBackToPlay(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "q", "y")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil && m.saver.after == afterSaveQuit })
	press(tm, "tab", "esc")
	waitModel(t, tm, "play", func(m *Model) bool { return m.bare() && !m.quitting && m.message == "Not saved." })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowLoadPickerListsOnlySaves: the load picker lists the saves, the
// autosave and the folders, and not the statistics or any other
// file of the folder.
func TestFlowLoadPickerListsOnlySaves(t *testing.T) {
	dir := saveDir(t)
	writeGame(t, filepath.Join(dir, "monday"+save.Ext))
	writeGame(t, filepath.Join(dir, save.AutosaveName))
	for _, name := range []string{save.StatsName, "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "older"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	screen := screenNow(tm)
	contains(t, screen, lang.English.Text[lang.PkAutosaveEntry])
	contains(t, screen, "older")
	for _, name := range []string{save.StatsName, "notes.txt"} {
		if strings.Contains(screen, name) {
			t.Fatalf("the load picker lists %s:\n%s", name, screen)
		}
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowSaveOverAPickedSave: Return on a save in the save dialog's
// folder picker takes its name, and Return then saves over it; the
// autosave is not one to save over, and the dialog says so.
func TestFlowSaveOverAPickedSave(t *testing.T) {
	dir := saveDir(t)
	monday := filepath.Join(dir, "monday"+save.Ext)
	writeGame(t, monday)
	writeGame(t, filepath.Join(dir, save.AutosaveName))
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "s")
	waitModel(t, tm, "the folder picker", func(m *Model) bool {
		return m.saver != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	press(tm, "tab", "down", "enter") // the autosave comes after monday: not that one
	waitModel(t, tm, "the refusal", func(m *Model) bool { return m.isError && m.saver != nil && m.saver.folder })
	contains(t, screenNow(tm), lang.English.Text[autosaveRefusal])
	press(tm, "up", "enter")
	waitModel(t, tm, "the name taken", func(m *Model) bool { return m.saver != nil && m.saver.input.Value() == "monday" && !m.saver.folder })
	contains(t, screenNow(tm), "Return saves over monday"+save.Ext)
	press(tm, "enter")
	waitModel(t, tm, "the save", func(m *Model) bool { return m.bare() && m.local.File() == monday })
	g, err := local.Load(monday)
	if err != nil {
		t.Fatal(err)
	}
	if g.State.Seed != 7 {
		t.Fatalf("%s holds the game of seed %d", monday, g.State.Seed)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowSaveNameIsANameOnly: a name with a folder in it is refused
// (nothing is created where mille runs), and a save goes in the folder
// shown and reports its full path, even when the saves folder was given
// as a relative path.
func TestFlowSaveNameIsANameOnly(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	t.Setenv("HOME", work) // the message writes it "~"
	t.Setenv(save.DirEnv, "saves")
	if err := os.Mkdir("saves", 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitModel(t, tm, "a move", func(m *Model) bool { return actions(m) >= 2 && settled(m) })
	press(tm, "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil })
	tm.Type("nodir/x")
	press(tm, "enter")
	waitModel(t, tm, "the refusal", func(m *Model) bool { return m.isError })
	if open := probe(tm, func(m *Model) bool { return m.saver != nil }); !open {
		t.Fatal("the refusal closed the save dialog")
	}
	contains(t, screenNow(tm), "A name only, without folders")
	press(tm, "esc", "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil && m.saver.input.Value() == "" })
	tm.Type("autosave")
	press(tm, "enter")
	waitModel(t, tm, "the refusal", func(m *Model) bool { return m.isError && m.message == lang.English.Text[autosaveRefusal] })
	press(tm, "esc", "s")
	waitModel(t, tm, "the save prompt", func(m *Model) bool { return m.saver != nil && m.saver.input.Value() == "" })
	tm.Type("x")
	press(tm, "enter")
	want := filepath.Join(work, "saves", "x"+save.Ext)
	waitModel(t, tm, "the save", func(m *Model) bool { return m.bare() && m.local.File() != "" })
	if f, msg := probe(tm, func(m *Model) string { return m.local.File() }), probe(tm, (*Model).Message); f != want || msg != "Game saved in ~"+string(filepath.Separator)+filepath.Join("saves", "x"+save.Ext)+"." {
		t.Fatalf("saved as %q, saying %q; want %q", f, msg, want)
	}
	if _, err := os.Stat(want); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("nodir"); err == nil {
		t.Fatal("a folder nodir was made where mille runs")
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowLoadPickerSavesFirstWithDetails: the load picker starts on the
// first save; each save shows when it was saved, its players and score
// and its hand; a save it cannot read is listed as such; the autosave
// comes after the saves under its label, the folders last; the folder
// line writes the home folder "~".
func TestFlowLoadPickerSavesFirstWithDetails(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	dir := filepath.Join(home, "saves")
	t.Setenv(save.DirEnv, dir)
	for _, d := range []string{"finished", "reviews"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	g := writeGame(t, filepath.Join(dir, "monday"+save.Ext))
	writeGame(t, filepath.Join(dir, save.AutosaveName))
	if err := os.WriteFile(filepath.Join(dir, "broken"+save.Ext), []byte(`{"format": "mille", "schema": 1`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool { return m.loader != nil && m.loader.list.read })
	screen := screenNow(tm)
	contains(t, screen, "Folder: ~"+string(filepath.Separator)+"saves")
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		for _, name := range []string{"broken", "monday", "(autosave)", "finished/", "reviews/"} {
			if strings.Contains(l, name) {
				rows = append(rows, name)
				if name == "monday" || name == "(autosave)" {
					saved := g.Saved
					if saved.IsZero() {
						saved = time.Now()
					}
					for _, want := range []string{saved.Local().Format("2006-01-02"), g.Seats[0].Name + " 0", g.Seats[1].Name + " 0", "hand 1"} {
						if !strings.Contains(l, want) {
							t.Errorf("row %q lacks %q", l, want)
						}
					}
				}
				if name == "broken" && (!strings.Contains(l, "can't read") || strings.Contains(l, dir)) {
					t.Errorf("row %q does not say the save can't be read", l)
				}
			}
		}
	}
	if want := []string{"broken", "monday", "(autosave)", "finished/", "reviews/"}; !slices.Equal(rows, want) {
		t.Fatalf("rows %q, want %q:\n%s", rows, want, screen)
	}
	if e := probe(tm, func(m *Model) pickEntry { e, _ := m.loader.list.highlighted(); return e }); e.folder || e.name != "broken"+save.Ext {
		t.Fatalf("the picker starts on %+v", e)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestPickerListsTheNewestSaveFirst: the picker lists saves by when they
// were written, the newest first, whatever their names.
func TestPickerListsTheNewestSaveFirst(t *testing.T) {
	dir := saveDir(t)
	old := time.Now().Add(-48 * time.Hour)
	for i, name := range []string{"alpha", "mid", "zulu"} {
		path := filepath.Join(dir, name+save.Ext)
		writeGame(t, path)
		when := old.Add(time.Duration((i+1)%3) * time.Hour) // zulu oldest, then alpha, mid newest
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	msg := readPickerDir(dir)().(pickerReadMsg)
	var names []string
	for _, e := range msg.entries {
		names = append(names, e.name)
	}
	if want := []string{"mid" + save.Ext, "alpha" + save.Ext, "zulu" + save.Ext}; !slices.Equal(names, want) {
		t.Errorf("picker rows %q, want %q", names, want)
	}
}

// TestPickerOverTheCurtain: the load picker open as the keyboard passes
// to another person (opened while a computer moved, then the curtain
// came) keeps the hand hidden, as the curtain does.
func TestPickerOverTheCurtain(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	m := newModel(t, cfg)
	m.openNewGame()
	m.setup.form.set(2, 4) // the second seat: a person
	m.startNew()
	m.act(humanMove(m))
	seeMove(m)
	if !m.curtain() {
		t.Fatal("no curtain for the second person")
	}
	m.openLoad()
	screen := screenOf(m, 80, 24)
	contains(t, screen, "Load a saved game")
	for _, l := range m.layers(80, 24) {
		if strings.HasPrefix(l.id, "slot-") {
			t.Fatalf("the hand shows behind the picker over the curtain:\n%s", screen)
		}
	}
}

// TestPickerTakesEveryClick: a click beside the load picker, on the
// new-game screen under it, does nothing: the picker is what is asked.
func TestPickerTakesEveryClick(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	m := newModel(t, cfg)
	m.openNewGame()
	m.openLoad()
	screenOf(m, 120, 40)
	x, y := where(m, "ng-start") // beside the picker, 72 wide
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if screen := screenOf(m, 120, 40); m.setup == nil || !strings.Contains(screen, "Load a saved game") {
		t.Fatalf("a click beside the picker reached the screen under it:\n%s", screen)
	}
}

// TestSaveDialogFooterAtHandEnd: the save dialog opened at the end of a
// hand has its own keys in the footer (Tab, Esc), not the end window's,
// which it takes from the keyboard while it is open.
func TestSaveDialogFooterAtHandEnd(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Save = local.WriteSave
	m := newModel(t, cfg)
	syncPlay(m, 3000)
	if m.gamePrompt() != promptAnotherHand {
		t.Fatal("no end of hand")
	}
	m.Update(keyMsg("s"))
	screen := screenOf(m, 120, 40)
	contains(t, screen, "Save the game")
	footer := strings.Split(screen, "\n")[newLayout(120, 40).helpY]
	if !strings.Contains(footer, "tab name/folder") || !strings.Contains(footer, "esc cancel") || strings.Contains(footer, "another hand") {
		t.Fatalf("footer %q, want the save dialog's keys", footer)
	}
}

// TestPickerFooterOverNewGame: the load picker opened from the new-game
// screen has its keys in the footer, not the form's, which it takes from
// the keyboard while it is open.
func TestPickerFooterOverNewGame(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Local.Load = local.Load
	m := newModel(t, cfg)
	m.openNewGame()
	m.Update(keyMsg("L"))
	screen := screenOf(m, 80, 24)
	contains(t, screen, "Load a saved game")
	lines := strings.Split(screen, "\n")
	if footer := lines[len(lines)-1]; !strings.Contains(footer, "esc cancel") || strings.Contains(footer, "enter start") {
		t.Fatalf("footer %q, want the picker's keys", footer)
	}
}

// TestSaveDialogCursor: the save dialog's list shows no cursor while the
// keys are on the name (it sat on reviews/, issue 34); Tab puts it on the
// save of the name given, else on the newest save, before the folders.
func TestSaveDialogCursor(t *testing.T) {
	dir := saveDir(t)
	writeGame(t, filepath.Join(dir, "old"+save.Ext))
	writeGame(t, filepath.Join(dir, "new"+save.Ext))
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "old"+save.Ext), old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "reviews"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, cursor string }{{"old", "> old"}, {"", "> new"}} {
		m := newModel(t, testConfig(t, 2, 7))
		screenOf(m, 80, 24)
		d, _ := newSaveDialog(&m.screenContext, dir, c.name, afterSaveNothing)
		d.list.loaded(readPickerDir(dir)().(pickerReadMsg)) // what its command reads
		if rows := ansi.Strip(strings.Join(d.list.lines(m.styles, m.lang, pickerWidth, ""), "\n")); strings.Contains(rows, "> ") {
			t.Errorf("%q: a cursor on the list while the keys are on the name:\n%s", c.name, rows)
		}
		d.Update(&m.screenContext, tea.KeyPressMsg{Code: tea.KeyTab})
		if rows := ansi.Strip(strings.Join(d.list.lines(m.styles, m.lang, pickerWidth, ""), "\n")); !strings.Contains(rows, c.cursor) {
			t.Errorf("%q: after Tab the cursor is not %q:\n%s", c.name, c.cursor, rows)
		}
	}
}

// TestPickerFooterInFrench: the load picker's footer names its keys in
// the screen's language ("enter charger" was English under French,
// issue 34).
func TestPickerFooterInFrench(t *testing.T) {
	saveDir(t)
	cfg := testConfig(t, 2, 7)
	cfg.Lang = &lang.French
	cfg.Local.Load = local.Load
	m := newModel(t, cfg)
	m.Update(keyMsg("L"))
	lines := strings.Split(screenOf(m, 80, 24), "\n")
	footer := lines[len(lines)-1]
	if !strings.Contains(footer, lang.French.T(lang.KeyEnter)+" "+lang.French.T(lang.PkKeyLoad)) || strings.Contains(footer, "enter") {
		t.Fatalf("footer %q, want its keys in French", footer)
	}
}

// TestFlowLoadAtTheResumeOffer: L at the "Welcome back" offer opens the
// load picker, as in play, and the offer says so; Esc there comes back
// to the offer, a save picked is the game played, and the autosave is
// not thrown away (issue 34: L did nothing there).
func TestFlowLoadAtTheResumeOffer(t *testing.T) {
	dir := saveDir(t)
	good := filepath.Join(dir, "monday"+save.Ext)
	writeGame(t, good)
	cfg := testConfig(t, 2, 7)
	dropped := false
	cfg.Local.Resume = filepath.Join(dir, "autosave"+save.Ext)
	cfg.Local.Load = func(path string) (record.Game, error) {
		if path == cfg.Local.Resume {
			return local.NewGame(engine.Config{Players: 2}, ai.DefaultLevel, 5)
		}
		return local.Load(path)
	}
	cfg.Local.DropAutosave = func() error { dropped = true; return nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	waitModel(t, tm, "the resume question", func(m *Model) bool { return m.asking == askResume })
	screen := screenNow(tm)
	contains(t, screen, "[ L Load a saved game ]")
	contains(t, screen, "L load a saved game")
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	if screen := screenNow(tm); strings.Contains(screen, "Welcome back") {
		t.Fatalf("the offer shows under the picker:\n%s", screen)
	}
	press(tm, "esc")
	waitModel(t, tm, "the offer again", func(m *Model) bool {
		return m.loader == nil && m.asking == askResume && strings.Contains(ansi.Strip(m.View().Content), "Welcome back")
	})
	press(tm, "L")
	waitModel(t, tm, "the picker", func(m *Model) bool {
		return m.loader != nil && strings.Contains(ansi.Strip(m.View().Content), "monday")
	})
	press(tm, "enter")
	waitModel(t, tm, "the loaded game", func(m *Model) bool {
		return m.asking == askNone && m.local.Table().Config().Seed == 3 && m.local.File() == good && settled(m)
	})
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
	if dropped {
		t.Fatal("loading another game threw the autosave away")
	}
}

// TestStatisticsWindowWrapsItsSentences: a sentence of the statistics
// too long for the window's rows goes on over the next, in French too,
// where the folder holding them was cut at 80 columns (issue 34).
func TestStatisticsWindowWrapsItsSentences(t *testing.T) {
	for _, c := range lang.All {
		cfg := testConfig(t, 2, 7)
		cfg.Lang = c
		m := newModel(t, cfg)
		m.stats = &statsWindow{text: c.T(lang.StNone, "~/.local/share/mille/statistics/stats.json")}
		screen := screenOf(m, 80, 24)
		if strings.Contains(screen, "…") || !strings.Contains(screen, "stats.json).") {
			t.Errorf("%s: the statistics' sentence is cut:\n%s", c.Tag, screen)
		}
	}
}
