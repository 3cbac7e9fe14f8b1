package ui

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// summary is the message line's summary of what just happened, at the
// 80-column board and whole.
func summary(s shown) [2]string {
	m := s.b()
	short, _ := m.logs.narration(80, 0)
	whole, _ := m.logs.narration(1<<20, 0)
	return [2]string{short, whole}
}

// step makes the viewer's next decision at a model's own table, the eager
// way, answering the questions of the game yes; false at the game's end.
func step(s shown) bool {
	m := s.b()
	switch m.gamePrompt() {
	case promptAnotherGame:
		return false
	case promptAnotherHand, promptCoupFourre, promptExtension:
		m.answer(true)
	default:
		m.act(humanMove(m))
	}
	return true
}

// TestResumedSaveSaysTheSameLine plays games to their end, and at every
// decision of the person's saves the game, reads it back and shows it as
// `mille FILE` does: the message line must tell what it told before the
// save, across the ends of hands too (asking for the next hand starts the
// line over at the deal).
func TestResumedSaveSaysTheSameLine(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		players int
		seed    uint64
	}{{2, 1}, {4, 2}} {
		m := newModel(t, testConfig(t, tt.players, tt.seed))
		settleModel(m)
		hands := 0
		for n := 0; n < 400 && hands < 2; n++ {
			path, err := local.WriteSave(filepath.Join(dir, "g"+strconv.Itoa(n)), m.local.Table().Record())
			if err != nil {
				t.Fatal(err)
			}
			g, err := local.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			cfg := testConfig(t, tt.players, 99)
			cfg.Local.Game, cfg.Local.File = g, path
			back := newModel(t, cfg)
			if got, want := summary(back), summary(m); got != want {
				t.Fatalf("%d players, seed %d, decision %d: resumed, the line says\n%q\nbefore the save\n%q", tt.players, tt.seed, n, got[1], want[1])
			}
			if back.message != "" {
				t.Fatalf("a message hides the line: %q", back.message)
			}
			if m.gamePrompt() == promptAnotherHand {
				hands++
			}
			if !step(m) {
				break
			}
			settleModel(m)
		}
		if hands < 2 {
			t.Fatalf("%d players, seed %d: only %d hands played", tt.players, tt.seed, hands)
		}
	}
}

// TestResumedAutosaveSaysTheSameLine: a game resumed from the autosave at
// the start (the "Welcome back" question) tells what it told when it was
// left, not a welcome that hides it (issue 16, 6).
func TestResumedAutosaveSaysTheSameLine(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 5))
	settleModel(m)
	for range 6 {
		step(m)
		settleModel(m)
	}
	g := m.local.Table().Record()
	back := newModel(t, testConfig(t, 2, 99))
	back.Update(resumedMsg{g: g})
	if got, want := summary(back), summary(m); got != want || back.message != "" {
		t.Fatalf("resumed from the autosave, the line says %q (message %q); when left, %q", got[1], back.message, want[1])
	}
}

// settleRemote shows a remote model its table's views until the table
// waits for the viewer or the hand is over.
func settleRemote(t *testing.T, m *Board, c *table.Conn) {
	t.Helper()
	deadline := time.After(testkit.TimeLeft(t))
	for {
		v := c.View()
		if v.Next == v.Seat || v.Obs.Phase >= engine.PhaseHandOver && !v.Seats[v.Seat].Ready {
			m.Update(v)
			return
		}
		select {
		case <-c.Updates():
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatal("the computers did not move")
		}
	}
}

// TestRestoredRoomSaysTheSameLine is the same for a server's room: saved
// by the table, restored from the record as the server does at a restart,
// started again by its host and shown to the person back at their seat.
func TestRestoredRoomSaysTheSameLine(t *testing.T) {
	cfg := table.Config{Game: engine.Config{Players: 3, Rules: engine.Standard}, Seed: 5, Level: "eager", NewPlayer: eagerPlayers}
	tb, err := table.New("r", "ann", cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	c, err := tb.Join("ann", "Ann", 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Start("ann"); err != nil {
		t.Fatal(err)
	}
	m, err := NewRemote(RemoteConfig{Table: c, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	settleRemote(t, m, c)
	checked := 0
	for n := 0; n < 120; n++ {
		if n%7 == 3 {
			g := tb.Record()
			back, err := table.FromRecord("r", g, []string{"", "ann", ""}, "ann", true, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			bc, err := back.Join("ann", "Ann", 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := back.Start("ann"); err != nil {
				t.Fatal(err)
			}
			shown, err := NewRemote(RemoteConfig{Table: bc, Options: remoteOptions(), Dark: true})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := summary(shown), summary(m); got != want {
				t.Fatalf("decision %d: restored, the line says\n%q\nbefore the save\n%q", n, got[1], want[1])
			}
			back.Close()
			checked++
		}
		if m.gamePrompt() == promptAnotherGame {
			break
		}
		step(m)
		settleRemote(t, m, c)
	}
	if checked < 10 {
		t.Fatalf("%d restorations checked", checked)
	}
}

// TestResumeOfferSaysWhichGame: the offer of the autosave says which game
// it is (players, hand, points, when saved) over a hidden board, and n
// asks again before the game is thrown away.
func TestResumeOfferSaysWhichGame(t *testing.T) {
	old := newModel(t, testConfig(t, 2, 5))
	settleModel(old)
	g := old.local.Table().Record()
	g.Saved = time.Date(2026, 11, 26, 11, 40, 0, 0, time.Local)
	dropped := 0
	cfg := testConfig(t, 2, 99)
	cfg.Local.Resume = "autosave"
	cfg.Local.Load = func(string) (record.Game, error) { return g, nil }
	cfg.Local.DropAutosave = func() error { dropped++; return nil }
	m := newModel(t, cfg)
	screen := screenOf(m, 80, 24)
	for _, want := range []string{"You left a game unfinished:", "2 players (standard), game 1, hand 1", "saved Thu 26 Nov 11:40"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the offer lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "╭1") || strings.Contains(screen, "Deck") {
		t.Errorf("the new game's board shows under the offer:\n%s", screen)
	}
	m.Update(keyMsg("n"))
	if m.asking != askResumeDrop || !strings.Contains(screenOf(m, 80, 24), "Throw the unfinished game away") {
		t.Fatalf("n at the offer: question %v, want the second question", m.asking)
	}
	m.Update(keyMsg("enter")) // Back, the highlighted answer
	if m.asking != askResume || dropped != 0 {
		t.Fatalf("Return at the second question: question %v, %d drops; want the offer again", m.asking, dropped)
	}
	m.Update(keyMsg("n"))
	_, cmd := m.Update(keyMsg("y"))
	if cmd != nil {
		cmd()
	}
	if m.asking != askNone || dropped != 1 {
		t.Fatalf("n then y: question %v, %d drops; want a new game and the autosave gone", m.asking, dropped)
	}
}
