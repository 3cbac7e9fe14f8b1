package local

import (
	"path/filepath"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// files is a session's file work, recorded.
type files struct {
	autosaved []record.Game
	dropped   int
	saved     []string
}

// newSession is local play of a new two-player game whose file work
// goes to f.
func newSession(t *testing.T, f *files) (*Session, record.Game) {
	t.Helper()
	g, err := NewGame(engine.Config{Players: 2, Rules: engine.Standard}, "random", 4)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{
		Game:         g,
		Save:         func(name string, g record.Game) (string, error) { f.saved = append(f.saved, name); return name, nil },
		Autosave:     func(g record.Game) error { f.autosaved = append(f.autosaved, g); return nil },
		DropAutosave: func() error { f.dropped++; return nil },
		HandOver:     func(record.Game, int) (string, error) { return "recorded", nil },
	})
	t.Cleanup(s.Close)
	return s, g
}

// moved is g after its first n moves.
func moved(t *testing.T, g record.Game, n int) record.Game {
	t.Helper()
	g.History = append([]engine.Action(nil), g.History...)
	for range n {
		if err := g.Apply(g.State.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestSessionUnsaved(t *testing.T) {
	var f files
	s, g := newSession(t, &f)
	if _, err := s.Start(); err != nil {
		t.Fatal(err)
	}
	s.Table().Hold(true)
	if s.Unsaved() {
		t.Error("a new game without moves reads as unsaved")
	}
	if kept, err := s.Leave()(); kept || err != nil || len(f.autosaved) != 0 {
		t.Errorf("leaving a game without moves kept it: %v, %v", kept, err)
	}

	// A game handed in with moves, from no file: unsaved.
	two := moved(t, g, 2)
	if _, err := s.Deal(two, From{}); err != nil {
		t.Fatal(err)
	}
	s.Table().Hold(true)
	if !s.Unsaved() {
		t.Error("moves no file holds read as saved")
	}
	// Saved: held, and in the file saved.
	if p, err := s.Save("monday"); err != nil || p != "monday" || s.File() != "monday" || s.Unsaved() {
		t.Errorf("after a save: %q, %v, file %q, unsaved %v", p, err, s.File(), s.Unsaved())
	}
	if file, auto := s.Left(); file != "monday" || auto {
		t.Errorf("Left() = %q, %v; want the file saved", file, auto)
	}
	// The same game from a file: held there.
	if _, err := s.Deal(two, From{File: "tuesday"}); err != nil {
		t.Fatal(err)
	}
	s.Table().Hold(true)
	if s.Unsaved() || s.File() != "tuesday" {
		t.Error("a game from a file reads as unsaved")
	}
}

func TestSessionAutosave(t *testing.T) {
	var f files
	s, g := newSession(t, &f)
	two := moved(t, g, 2)

	// Resumed from the autosave: it holds the game until it moves on.
	if _, err := s.Deal(two, From{Autosave: true}); err != nil {
		t.Fatal(err)
	}
	s.Table().Hold(true)
	if s.Unsaved() || !s.FromAutosave() {
		t.Fatal("the autosave's game reads as unsaved")
	}
	// Saved in a file, the autosave goes.
	if _, err := s.Save("monday"); err != nil || f.dropped != 1 || s.FromAutosave() {
		t.Fatalf("saving the autosave's game dropped it %d times, %v", f.dropped, err)
	}

	// Moves no file holds are kept as the person leaves, once.
	if _, err := s.Deal(moved(t, g, 3), From{}); err != nil {
		t.Fatal(err)
	}
	s.Table().Hold(true)
	if kept, err := s.Leave()(); !kept || err != nil || len(f.autosaved) != 1 {
		t.Fatalf("leaving unsaved moves: kept %v, %v", kept, err)
	}
	if kept, _ := s.Leave()(); kept || len(f.autosaved) != 1 {
		t.Error("the autosave written again for the same moves")
	}
	if file, auto := s.Left(); file != "" || !auto {
		t.Errorf("Left() = %q, %v; want the autosave", file, auto)
	}

	// A game over, from the autosave: leaving it drops the autosave.
	over := g
	over.History = append([]engine.Action(nil), g.History...)
	for over.State.Phase != engine.PhaseGameOver {
		if err := over.Apply(over.State.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Deal(over, From{Autosave: true}); err != nil {
		t.Fatal(err)
	}
	if kept, err := s.Leave()(); kept || err != nil || f.dropped != 2 {
		t.Errorf("leaving a game over: kept %v, %v, dropped %d times", kept, err, f.dropped)
	}
}

func TestSessionHandOver(t *testing.T) {
	var f files
	s, g := newSession(t, &f)
	if _, err := s.Deal(g, From{}); err != nil {
		t.Fatal(err)
	}
	if _, record := s.HandOver(); record != nil {
		t.Error("a hand in play recorded")
	}
	end := g
	end.History = append([]engine.Action(nil), g.History...)
	for end.State.Phase < engine.PhaseHandOver {
		if err := end.Apply(end.State.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Deal(end, From{}); err != nil {
		t.Fatal(err)
	}
	at, record := s.HandOver()
	if record == nil || at != end.State.EventCount {
		t.Fatalf("the hand over is not recorded (at %d)", at)
	}
	if line, err := record(); line != "recorded" || err != nil {
		t.Errorf("record: %q, %v", line, err)
	}
	if _, again := s.HandOver(); again != nil {
		t.Error("the same hand recorded twice")
	}
}

func TestSessionResume(t *testing.T) {
	dir := t.TempDir()
	auto := filepath.Join(dir, "autosave"+save.Ext)
	g, err := NewGame(engine.Config{Players: 2, Rules: engine.Standard}, "random", 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := save.Write(auto, g); err != nil {
		t.Fatal(err)
	}
	s := New(Config{Game: g, Resume: auto, Load: Load})
	if s.Resume() != auto {
		t.Fatalf("Resume = %q", s.Resume())
	}
	if back, err := s.LoadResume(); err != nil || back.State != g.State {
		t.Errorf("LoadResume: %v", err)
	}
	if New(Config{Game: g, Resume: auto}).Resume() != "" {
		t.Error("an autosave offered with nothing to read it")
	}
	if New(Config{Game: g, File: "monday", Resume: auto, Load: Load}).Resume() != "" {
		t.Error("an autosave offered over a file asked for")
	}
}
