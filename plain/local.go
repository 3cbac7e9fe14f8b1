package plain

import (
	"context"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

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
func (s *Session) askResume(ctx context.Context, g record.Game) resumeAnswer {
	st := &g.State
	points := make([]string, st.Config.Sides())
	for side := range points {
		var names []string
		for seat := range st.Config.Players {
			if st.Config.SideOf(seat) == side {
				names = append(names, s.seatNameIn(g, seat))
			}
		}
		points[side] = s.cat.Count(g.Points(side), lang.PointsOne, s.cat.Team(names...))
	}
	which := s.text(lang.ResumeWhich, st.Config.Players, st.Game+1, int(st.Hand)+1,
		s.cat.Date(g.Saved.Local()), g.Saved.Local().Format("15:04"), s.list(points, lang.And))
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
				if lang.Typed(line, lang.WordQuit) {
					return resumeLater
				}
				s.say(lang.ResumeHelp)
			}
			s.say(lang.Resume, which)
		}
	}
}

// seatNameIn names a seat of a saved game: its player's name, or Player N.
func (s *Session) seatNameIn(g record.Game, seat int) string {
	if seat < len(g.Seats) && g.Seats[seat].Name != "" {
		return g.Seats[seat].Name
	}
	return s.text(lang.PlayerN, seat+1)
}

// PlayLocal plays local play's game (package local: the person at the
// keyboard holds every person's seat; people who share the keyboard pass
// it at every turn), first offering the autosave if there is one, and
// keeps the game in the autosave unless it was saved or is over. It
// returns the game as it was left. Of opts, only Hint, Review and
// FirstStart count:
// the session saves, records the statistics and gives the record.
func (s *Session) PlayLocal(ctx context.Context, cfg local.Config, opts Options) (End, record.Game, error) {
	l := local.New(cfg)
	defer l.Close()
	c, end, err := s.dealLocal(ctx, l)
	if err != nil {
		return Quit, cfg.Game, err
	}
	if c == nil {
		return end, cfg.Game, nil
	}
	opts = Options{Hint: opts.Hint, Review: opts.Review, FirstStart: opts.FirstStart, Record: l.Record, Unsaved: l.Unsaved}
	if l.CanSave() {
		opts.Save = l.Save
	}
	opts.HandOver = func() {
		if _, record := l.HandOver(); record != nil {
			_, _ = record()
		}
	}
	end = s.Play(ctx, c, opts)
	l.Table().Hold(true) // nothing moves while the game is kept
	if end != SavedQuit {
		kept, err := l.Leave()()
		switch {
		case err != nil:
			s.say(lang.SaveFailed, s.cat.Error(err))
		case kept:
			s.say(lang.Kept)
		}
	}
	if end == Quit || end == SavedQuit {
		s.say(lang.Bye)
	}
	return end, l.Record(), nil
}

// dealLocal deals the session's game, or the autosave's if the player
// wants it back; with no connection and no error, the player left before
// any game (end says how).
func (s *Session) dealLocal(ctx context.Context, l *local.Session) (c *table.Conn, end End, err error) {
	if l.Resume() != "" {
		// The autosave holds the game until it is saved or over (or
		// written anew at the end); one that cannot be read stays as it
		// is, for the player to look at, and a new game begins.
		back, err := l.LoadResume()
		if err != nil {
			s.say(lang.Failed, s.cat.Error(err))
			s.say(lang.NewGame)
		} else {
			switch s.askResume(ctx, back) {
			case resumeClosed:
				return nil, InputClosed, nil
			case resumeLater:
				s.say(lang.Bye)
				return nil, Quit, nil
			case resumeNo:
				s.say(lang.NewGame)
				l.DeclineResume() // the player let it go, asked twice
			default:
				c, err := l.Deal(back, local.From{Autosave: true})
				return c, 0, err
			}
		}
	}
	c, err = l.Start()
	return c, 0, err
}
