package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

func TestRecordHandAndItsLine(t *testing.T) {
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	line, err := local.RecordHand(m.local.Table().Record(), 0, &lang.English)
	if err != nil || !strings.HasPrefix(line, "Against medium: ") || strings.Contains(line, "0 of 0 games") {
		t.Fatalf("record %q, %v", line, err)
	}
	m.scores.record, m.scores.recordedAt = line, state(m).EventCount
	screen := screenOf(m, 80, 24)
	if !strings.Contains(screen, "Against medium") || !strings.Contains(screen, "[ y Another hand ]") || !strings.Contains(screen, "╚") {
		t.Fatalf("the end-of-hand window does not fit with the record:\n%s", screen)
	}
}

// TestHandRecorderKeepsFinishedGames: the end of a game keeps it for
// review and says how to review it; the end of a hand only records it; a
// keep of 0 keeps nothing.
func TestHandRecorderKeepsFinishedGames(t *testing.T) {
	for _, keep := range []int{20, 0} {
		dir := t.TempDir()
		t.Setenv("MILLE_DATA_DIR", dir)
		g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 3, local.Seats(engine.Config{Players: 2, Rules: engine.Standard}, "easy", nil))
		if err != nil {
			t.Fatal(err)
		}
		var told string
		record := local.HandRecorder(keep, &lang.English, func(name string) { told = name })
		var buf []engine.Action
		for g.State.Phase != engine.PhaseGameOver {
			if g.State.Phase == engine.PhaseHandOver {
				if line, err := record(g, 0); err != nil || strings.Contains(line, "review") {
					t.Fatalf("a hand's end: %q, %v", line, err)
				}
			}
			buf = g.State.Legal(buf[:0])
			if err := g.Apply(buf[0]); err != nil {
				t.Fatal(err)
			}
		}
		line, err := record(g, 0)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := save.ListFinished("")
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case keep == 0 && (len(kept) != 0 || strings.Contains(line, "review")):
			t.Fatalf("keep 0: %d games kept, line %q", len(kept), line)
		case keep > 0 && (len(kept) != 1 || !strings.HasSuffix(line, "review it later: mille review "+kept[0].Name)):
			t.Fatalf("keep %d: %d games kept, line %q", keep, len(kept), line)
		case keep > 0 && told != kept[0].Name, keep == 0 && told != "":
			t.Fatalf("keep %d: the name told is %q", keep, told)
		}
	}
}

// TestGameOverWindowLeavesTheHelpLine: at 80x24 the end-of-game window,
// with the winner and a record that wraps on several rows, stays above
// the help line (it used to cover its end), on its two rows there; the
// record is what gives way.
func TestGameOverWindowLeavesTheHelpLine(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	for i := 0; i < 40 && m.gamePrompt() != promptAnotherGame; i++ {
		syncPlay(m, 3000)
		if m.gamePrompt() == promptAnotherHand {
			m.act(engine.Continue)
			settleModel(m)
		}
	}
	if m.gamePrompt() != promptAnotherGame {
		t.Fatal("the game never ended")
	}
	// As tall as a record of a game with an extension, a shut-out and a
	// reason on three rows leaves it.
	m.scores.record = "Against medium: 0 of 3 hands won, 0 of 1 games · best hand 1075 · a long name for the game that wraps on several more rows of the window · review it later: mille review 2026-11-25-1555"
	m.scores.recordedAt = state(m).EventCount
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		lines := strings.Split(strings.TrimRight(screenOf(m, size[0], size[1]), "\n"), "\n")
		help := strings.Join(lines[len(lines)-2:], "\n") // the keys take two rows at 80 columns
		if size[0] > 80 {
			help = lines[len(lines)-1]
		}
		if strings.ContainsAny(help, "╚═║╝") || !strings.Contains(help, "q quit") || !strings.Contains(help, "w see the board") {
			t.Errorf("%dx%d: the window covers the help line: %q", size[0], size[1], help)
		}
		screen := strings.Join(lines, "\n")
		if !strings.Contains(screen, "[ y Another game ]") || !strings.Contains(screen, "won the game") {
			t.Errorf("%dx%d: the window lost its winner or its buttons:\n%s", size[0], size[1], screen)
		}
		if size[1] >= 40 && !strings.Contains(screen, "mille review") {
			t.Errorf("%dx%d: the record went although there is room:\n%s", size[0], size[1], screen)
		}
	}
}

// TestWriteSaveStaysInItsPlaces: a save goes in the saves folder by name,
// or at a full path; a relative path with folders ("../../x"), which
// would land wherever mille was started, and a hidden name are refused,
// and nothing is written.
func TestWriteSaveStaysInItsPlaces(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MILLE_DATA_DIR", dir)
	work := t.TempDir()
	t.Chdir(filepath.Join(work))
	g, err := local.NewGame(engine.Config{Players: 2, Rules: engine.Standard}, "easy", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"../../x", "sub/x", "./x", ".hidden"} {
		if path, err := local.WriteSave(bad, g); err == nil {
			t.Errorf("save %q went to %s", bad, path)
		}
	}
	if entries, _ := os.ReadDir(work); len(entries) > 0 {
		t.Errorf("refused saves wrote %d files in the working folder", len(entries))
	}
	if path, err := local.WriteSave("monday", g); err != nil || path != filepath.Join(dir, "monday"+save.Ext) {
		t.Errorf("save monday: %s, %v", path, err)
	}
	abs := filepath.Join(t.TempDir(), "x")
	if path, err := local.WriteSave(abs, g); err != nil || path != abs+save.Ext {
		t.Errorf("save %s: %s, %v", abs, path, err)
	}
}

// TestRecordHandInFrench: the statistics' line at the end of a hand is
// said in the game's language, with the level in its words (it was
// English on the French screen).
func TestRecordHandInFrench(t *testing.T) {
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	line, err := local.RecordHand(m.local.Table().Record(), 0, &lang.French)
	if err != nil || !strings.HasPrefix(line, "Niveau moyen\u00a0: manches gagnées ") {
		t.Fatalf("record %q, %v", line, err)
	}
}
