// Package local is play on this machine, the same under both front ends
// (the full screen, package ui, and the line mode, package plain): a
// Session deals a game at a table of its own, where the person at the
// keyboard holds every person's seat, knows whether a file or the
// autosave holds the game as it is, saves it, keeps it in the autosave or
// drops the autosave, and records the statistics of each hand. Beside it
// are the files local play reads and writes: saves by name (files.go),
// the player's options (options.go), and the seats of a new game
// (seats.go).
package local

import (
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// Config is how local play is set up: the game to start with, the files
// it reads and writes, and the computers. A func left nil offers nothing
// of its kind (no saves, no autosave, no statistics).
type Config struct {
	// Game is the game to play first: a new one (NewGame) or one read
	// from File ("" for a new game), which holds it as it is.
	Game record.Game
	File string
	// Resume is an autosave to offer instead of Game ("" for none).
	Resume string
	// Pace is the shortest time a computer move takes (SetPace changes it).
	Pace time.Duration
	// NewPlayer makes the computer player of a seat; nil means ai.New.
	NewPlayer func(level string, seed uint64) (ai.Player, error)
	// Save writes the game to the file the player named and returns the
	// path written; WriteSave is the real one.
	Save func(name string, g record.Game) (string, error)
	// Load reads a saved game: one the player chose, or the autosave.
	// Load (this package's) is the real one.
	Load func(path string) (record.Game, error)
	// Autosave keeps an unfinished game the player leaves without saving
	// it (quitting, a closed terminal, another game dealt in its place);
	// Autosave (this package's) is the real one.
	Autosave func(g record.Game) error
	// DropAutosave deletes the autosave: when the player declines to
	// resume it, and once the game it holds is in a file or over (never
	// while that game is only there). save.RemoveAutosave is the real one.
	DropAutosave func() error
	// HandOver records the hand just over in the statistics of the person
	// at seat and returns a line about their record; HandRecorder is the
	// real one.
	HandOver func(g record.Game, seat int) (string, error)
}

// From says where a game dealt comes from.
type From struct {
	// File is the file the game was read from, which holds it as it is;
	// "" for a new game or the autosave's.
	File string
	// Autosave is set for the autosave's game: the autosave holds it
	// until it is saved in a file or over.
	Autosave bool
}

// localUser holds the people's seats of a local game: the person, or the
// people, at this keyboard.
const localUser = "local"

// Session is local play: the game on the table and what holds it. Its
// methods are safe for concurrent use, so that the full screen can do the
// file work (Save, Leave's, HandOver's) in commands.
type Session struct {
	cfg Config

	mu   sync.Mutex
	pace time.Duration
	t    *table.Table
	file string // the file that holds the game, "" for none
	// held is the game a file or the autosave holds (record.MovesDigest):
	// the game is unsaved once it moves on from there.
	held       uint64
	autosaved  bool   // the autosave holds the game on the table
	recordedAt uint32 // the event count of the last hand recorded
	recorded   bool
}

// New returns a session of local play with nothing on its table yet:
// Start deals the configured game.
func New(cfg Config) *Session {
	if cfg.NewPlayer == nil {
		cfg.NewPlayer = ai.New
	}
	return &Session{cfg: cfg, pace: cfg.Pace}
}

// Start deals the configured game (Config.Game, from Config.File).
func (s *Session) Start() (*table.Conn, error) {
	return s.Deal(s.cfg.Game, From{File: s.cfg.File})
}

// Deal puts game g on a table of the session's own in place of the game
// there, whose table closes in the background (Leave keeps that game
// first), and returns the connection of the person at the keyboard.
func (s *Session) Deal(g record.Game, from From) (*table.Conn, error) {
	users := make([]string, len(g.Seats))
	people := 0
	for i, st := range g.Seats {
		if st.Human {
			users[i] = localUser
			people++
		}
	}
	if people == 0 {
		return nil, lang.Err(lang.ErrNoPerson)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg := table.Config{Level: ai.DefaultLevel, Pace: s.pace, Undo: true, NewPlayer: s.cfg.NewPlayer}
	t, err := table.FromRecord("", g, users, localUser, false, cfg, nil)
	if err != nil {
		return nil, err
	}
	c, err := t.Join(localUser, "", -1)
	if err != nil {
		t.Close()
		return nil, err
	}
	if s.t != nil {
		go s.t.Close() // its computers stop in the background
	}
	s.t, s.file, s.autosaved, s.recorded = t, from.File, from.Autosave, false
	s.held = record.MovesDigest(nil) // a game of no moves needs no file
	if from.File != "" || from.Autosave {
		s.held = record.MovesDigest(g.History)
	}
	return c, nil
}

// Table is the table of the game dealt last, nil before the first.
func (s *Session) Table() *table.Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.t
}

// Close stops the table's computers; its record stays readable.
func (s *Session) Close() {
	if t := s.Table(); t != nil {
		t.Close()
	}
}

// SetPace sets the shortest time a computer move takes, from now on.
func (s *Session) SetPace(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pace = d
	if s.t != nil {
		s.t.SetPace(d)
	}
}

// File is the file that holds the game, "" for none.
func (s *Session) File() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.file
}

// FromAutosave reports whether the autosave holds the game on the table
// (it was resumed or loaded from there, and not saved in a file since).
func (s *Session) FromAutosave() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.autosaved
}

// Record is the game on the table, with every move made so far.
func (s *Session) Record() record.Game { return s.Table().Record() }

// CanAutosave reports whether an unfinished game left unsaved is kept in
// the autosave.
func (s *Session) CanAutosave() bool { return s.cfg.Autosave != nil }

// CanSave reports whether the game can be saved in a file.
func (s *Session) CanSave() bool { return s.cfg.Save != nil }

// Unsaved reports whether the game is unfinished and has moves that
// neither a file nor the autosave holds: leaving it asks first. The
// table's state counts, moves not yet shown included.
func (s *Session) Unsaved() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unsavedLocked()
}

func (s *Session) unsavedLocked() bool {
	if s.t == nil {
		return false
	}
	g := s.t.Record()
	return g.State.Phase != engine.PhaseGameOver && record.MovesDigest(g.History) != s.held
}

// Save writes the game as it stands to the file the player named and
// returns the path written; the autosave goes once its game is in a
// file. It touches the disk: the full screen runs it in a command.
func (s *Session) Save(name string) (string, error) {
	if s.cfg.Save == nil {
		return "", lang.Err(lang.ErrNoSaving)
	}
	g := s.Record()
	path, err := s.cfg.Save(name, g)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.file, s.held = path, record.MovesDigest(g.History)
	drop := s.dropLocked()
	s.mu.Unlock()
	drop()
	return path, nil
}

// dropLocked forgets that the autosave holds the game on the table and
// returns what deletes it (nothing when it does not hold it).
func (s *Session) dropLocked() func() {
	fn := s.cfg.DropAutosave
	if !s.autosaved || fn == nil {
		return func() {}
	}
	s.autosaved = false
	return func() { _ = fn() }
}

// Leave says what keeps the game on the table as the person leaves it
// (quitting, or for another game): an unfinished game with moves no file
// holds goes to the autosave, and the autosave of a game now over is
// deleted. It returns that file work, to run at once or in a command;
// kept reports an autosave written.
func (s *Session) Leave() func() (kept bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.t == nil {
		return func() (bool, error) { return false, nil }
	}
	g := s.t.Record()
	if fn := s.cfg.Autosave; fn != nil && s.unsavedLocked() {
		// The autosave holds the game now; its file, if any, no longer.
		s.held, s.autosaved, s.file = record.MovesDigest(g.History), true, ""
		return func() (bool, error) { return true, fn(g) }
	}
	drop := func() {}
	if g.State.Phase == engine.PhaseGameOver {
		drop = s.dropLocked()
	}
	return func() (bool, error) { drop(); return false, nil }
}

// Left tells, once the person has left, where the game is kept: in file
// (the game as it is: saved or loaded there), or in the autosave (Leave
// wrote it, or will); neither for a game over or one kept nowhere.
func (s *Session) Left() (file string, autosave bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.t == nil || s.t.Record().State.Phase == engine.PhaseGameOver {
		return "", false
	}
	unsaved := s.unsavedLocked()
	switch {
	case unsaved && s.cfg.Autosave != nil:
		return "", true
	case !unsaved && s.file != "":
		return s.file, false
	}
	return "", s.autosaved && !unsaved
}

// Resume is the autosave to offer at the start, "" for none.
func (s *Session) Resume() string {
	if s.cfg.Load == nil || s.cfg.File != "" {
		return ""
	}
	return s.cfg.Resume
}

// LoadResume reads the autosave offered (Resume); Deal it From the
// autosave. The autosave stays until its game is saved in a file or over:
// until then it is the only copy of the game on disk.
func (s *Session) LoadResume() (record.Game, error) { return s.cfg.Load(s.cfg.Resume) }

// DeclineResume deletes the autosave the person did not want back.
func (s *Session) DeclineResume() {
	if s.cfg.DropAutosave != nil {
		_ = s.cfg.DropAutosave()
	}
}

// CanLoad reports whether a saved game can be loaded (Load).
func (s *Session) CanLoad() bool { return s.cfg.Load != nil }

// Load reads the saved game at path.
func (s *Session) Load(path string) (record.Game, error) { return s.cfg.Load(path) }

// HandOver returns the recording of the hand just over in the statistics
// of the one person at the table, and the event count it is for; nil
// when there is nothing to record: no statistics, no hand over, a hand
// recorded already, or people sharing the keyboard.
func (s *Session) HandOver() (at uint32, record func() (string, error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn := s.cfg.HandOver
	if s.t == nil || fn == nil {
		return 0, nil
	}
	g := s.t.Record()
	at = g.State.EventCount
	seat, people := 0, 0
	for i, st := range g.Seats {
		if st.Human {
			seat, people = i, people+1
		}
	}
	if g.State.Phase < engine.PhaseHandOver || people != 1 || s.recorded && s.recordedAt == at {
		return 0, nil
	}
	s.recorded, s.recordedAt = true, at
	return at, func() (string, error) { return fn(g, seat) }
}
