package plain

import (
	"context"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/table"
)

// Local is a game on this machine: the session deals it at a table of its
// own, where the person at the keyboard holds every person's seat (people
// who share the keyboard pass it at every turn).
type Local struct {
	Game save.Game
	// FromFile says that Game was read from a file, which holds it as it
	// is: quitting before it moves on leaves nothing unsaved.
	FromFile bool
	// Resume is an autosave to offer instead of Game; Load reads it, and
	// DropResume forgets it once read or refused.
	Resume     string
	Load       func(path string) (save.Game, error)
	DropResume func() error
	// Pace is the shortest time a computer move takes.
	Pace time.Duration
	// NewPlayer makes the computer players; nil means ai.New.
	NewPlayer func(level string, seed uint64) (ai.Player, error)
	// Hint suggests moves (ai.Hint); nil means no hints.
	Hint func(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, string)
	// Save writes the game under a name and says where; nil: no saves.
	Save func(name string, g save.Game) (string, error)
	// Autosave keeps an unfinished game that was not saved; nil: none.
	Autosave func(save.Game) error
	// HandOver adds a hand just over to the statistics of the person at
	// seat, when only one person plays.
	HandOver func(g save.Game, seat int) (string, error)
}

// localUser holds the people's seats of a local game.
const localUser = "local"

// PlayLocal plays a local game, first offering the autosave if there is
// one, and keeps the game in the autosave unless it was saved or is over.
// It returns the game as it was left.
func (s *Session) PlayLocal(ctx context.Context, l Local) (End, save.Game, error) {
	g := l.Game
	resumed := false // the game came from the autosave, which still holds it
	if l.Resume != "" && l.Load != nil {
		resume, ok := s.askYesNo(ctx, lang.Resume)
		if !ok {
			return InputClosed, g, nil
		}
		switch {
		case !resume:
			s.say(lang.NewGame)
			if l.DropResume != nil {
				_ = l.DropResume() // the player let it go
			}
		default:
			// The autosave holds the game until it is saved or over (or
			// written anew at the end); one that cannot be read stays as
			// it is, for the player to look at.
			back, err := l.Load(l.Resume)
			if err != nil {
				s.say(lang.Failed, err)
				break
			}
			g, resumed = back, true
		}
	}
	users := make([]string, len(g.Seats))
	people := 0
	seat := 0
	for i, st := range g.Seats {
		if st.Human {
			users[i] = localUser
			people, seat = people+1, i
		}
	}
	cfg := table.Config{Level: ai.DefaultLevel, Pace: l.Pace, Undo: true, NewPlayer: l.NewPlayer}
	t, err := table.FromRecord("", g, users, localUser, false, cfg, nil)
	if err != nil {
		return Quit, g, err
	}
	defer t.Close()
	c, err := t.Join(localUser, "", -1)
	if err != nil {
		return Quit, g, err
	}
	// held is the game a file or the autosave holds (save.MovesDigest; a
	// game of no moves otherwise), savedInFile whether a file does: the game
	// is unsaved once it moves on from there.
	held := save.MovesDigest(nil)
	savedInFile := l.FromFile
	if l.FromFile || resumed {
		held = save.MovesDigest(g.History)
	}
	unsaved := func(r save.Game) bool {
		return r.State.Phase != engine.PhaseGameOver && save.MovesDigest(r.History) != held
	}
	opts := Options{Hint: l.Hint, Unsaved: func() bool { return unsaved(t.Record()) }}
	if l.Save != nil {
		opts.Save = func(name string) (string, error) {
			r := t.Record()
			path, err := l.Save(name, r)
			if err == nil {
				held, savedInFile = save.MovesDigest(r.History), true
			}
			return path, err
		}
	}
	if l.HandOver != nil && people == 1 {
		opts.HandOver = func() { _, _ = l.HandOver(t.Record(), seat) }
	}
	end := s.Play(ctx, c, opts)
	t.Hold(true) // nothing moves while the game is kept
	g = t.Record()
	switch {
	case end != SavedQuit && l.Autosave != nil && unsaved(g):
		if err := l.Autosave(g); err != nil {
			s.say(lang.SaveFailed, err)
		} else {
			s.say(lang.Kept)
		}
	case resumed && l.DropResume != nil && (savedInFile || g.State.Phase == engine.PhaseGameOver):
		_ = l.DropResume() // the autosave's game lives on in a file, or is done
	}
	if end == Quit || end == SavedQuit {
		s.say(lang.Bye)
	}
	return end, g, nil
}
