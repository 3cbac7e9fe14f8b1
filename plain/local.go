package plain

import (
	"context"
	"strings"
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

// The answers to the offer of the autosave's game.
type resumeAnswer int

const (
	resumeYes    resumeAnswer = iota
	resumeNo                  // a new game, the autosave thrown away
	resumeLater               // quit, the autosave kept
	resumeClosed              // the input ended
)

// askResume offers the autosave's game g, saying which game it is, until
// the answer is yes, no asked twice, or quit; help or anything else
// explains the answers.
func (s *Session) askResume(ctx context.Context, g save.Game) resumeAnswer {
	st := &g.State
	points := make([]string, st.Config.Sides())
	for side := range points {
		score := int(st.Totals[side])
		if !st.HandOver() {
			score += st.LiveScore(side).Total() // the hand's points so far
		}
		var names []string
		for seat := range st.Config.Players {
			if st.Config.SideOf(seat) == side {
				names = append(names, s.seatNameIn(g, seat))
			}
		}
		points[side] = s.text(lang.Points, s.list(names, lang.And), score)
	}
	which := s.text(lang.ResumeWhich, st.Config.Players, st.Game+1, int(st.Hand)+1,
		g.Saved.Local().Format("2006-01-02 15:04"), s.list(points, lang.And))
	s.say(lang.Resume, which)
	for {
		select {
		case <-ctx.Done():
			return resumeClosed
		case line, open := <-s.lines:
			if !open {
				return resumeClosed
			}
			switch yesNo(line) {
			case yes:
				return resumeYes
			case no:
				drop, ok := s.askYesNo(ctx, lang.ResumeDrop)
				switch {
				case !ok:
					return resumeClosed
				case drop:
					return resumeNo
				}
			default:
				if word := strings.ToLower(strings.TrimSpace(line)); word == "quit" || word == "q" || word == "quitter" {
					return resumeLater
				}
				s.say(lang.ResumeHelp)
			}
			s.say(lang.Resume, which)
		}
	}
}

// seatNameIn names a seat of a saved game: its player's name, or Player N.
func (s *Session) seatNameIn(g save.Game, seat int) string {
	if seat < len(g.Seats) && g.Seats[seat].Name != "" {
		return g.Seats[seat].Name
	}
	return s.text(lang.PlayerN, seat+1)
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
		// The autosave holds the game until it is saved or over (or
		// written anew at the end); one that cannot be read stays as it
		// is, for the player to look at, and a new game begins.
		back, err := l.Load(l.Resume)
		if err != nil {
			s.say(lang.Failed, err)
			s.say(lang.NewGame)
		} else {
			switch s.askResume(ctx, back) {
			case resumeClosed:
				return InputClosed, g, nil
			case resumeLater:
				s.say(lang.Bye)
				return Quit, g, nil
			case resumeNo:
				s.say(lang.NewGame)
				if l.DropResume != nil {
					_ = l.DropResume() // the player let it go, asked twice
				}
			default:
				g, resumed = back, true
			}
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
