package screens

import (
	"context"
	"runtime"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// hintPlaces are the hints a server searches at once, one a core: a
// public server must not let its players' keys buy all of its cores,
// and a hint cut short by a busy server would not be the review's
// judgment, so a hint waits for a place rather than being cut.
var hintPlaces = make(chan struct{}, runtime.NumCPU())

// Hint is review.Hint, the same search as at home, once one of the
// hintPlaces is free. A cancelled ctx (the player moved on) ends the
// wait, and the search at once.
func Hint(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
	select {
	case hintPlaces <- struct{}{}:
		defer func() { <-hintPlaces }()
	case <-ctx.Done():
	}
	return review.Hint(ctx, obs, legal)
}

// game is the in-game part of a session: the ui's board over the seat,
// once the room's game has started.
type game struct {
	m    *ui.Board // nil until the game starts, and after leaving
	w, h int       // the terminal's size, for the board when it opens
}

// keep is how the board over seat c keeps its room, for its host
// (ui.RemoteConfig.Keep): through the session's way in, which writes the
// audit line; a failure the board says in its language, naming none of
// the server's files.
func (s *Screen) keep(c *table.Conn) func() (string, error) {
	return func() (string, error) {
		name, err := s.Save(c)
		if err != nil {
			return "", s.public(err)
		}
		return name, nil
	}
}

// inGame handles a message while the session plays (or is about to): the
// room's updates, which the session alone reads, go to the board as
// table.View (ui.RemoteConfig.Fed), everything else but
// ctrl+c to the board, and the board's ui.LeaveMsg gives the seat up and
// goes back to the lobby. It reports whether it took the message; if not,
// the lobby and waiting-room screen handles it.
func (s *Screen) inGame(msg tea.Msg) (tea.Cmd, bool) {
	g := &s.game
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		g.w, g.h = msg.Width, msg.Height
		if g.m != nil {
			g.m.Update(msg)
		}
		return nil, false // the screen keeps its width too
	case updateMsg:
		if msg.c != s.conn || !msg.open || !msg.u.Started {
			if !msg.open && msg.c == s.conn {
				g.m = nil // the room ended: back to the lobby
			}
			return nil, false
		}
		s.last = msg.u
		if g.m != nil {
			// The session reads the seat's updates, before the game and
			// during it, and hands each to the board: one reader.
			_, cmd := g.m.Update(msg.u)
			return cmd, true
		}
		m, err := ui.NewRemote(ui.RemoteConfig{Table: s.conn, Keep: s.keep(s.conn), Hint: Hint, Dark: s.st.Dark, Lang: s.lang, Fed: true})
		if err != nil {
			s.msg = s.refusal(err)
			return nil, true
		}
		g.m = m
		if g.w > 0 {
			m.Update(tea.WindowSizeMsg{Width: g.w, Height: g.h})
		}
		return m.Init(), true
	case ui.LeaveMsg:
		if g.m != nil {
			g.m = nil
			if s.conn != nil && !msg.Ended {
				s.conn.Quit()
			}
			s.msg = nil // a refusal from before the game no longer holds
			if msg.Ended {
				s.msg = s.ended()
			}
			var cmd tea.Cmd
			if s.conn != nil {
				cmd = s.ratedChange(s.conn.Table())
			}
			s.conn = nil
			s.list.read(s.Lobby())
			return cmd, true
		}
		return nil, true
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return nil, false // leaves the session; the seat waits for a return
		}
	case listTick, focusField, pickRoom:
		return nil, false // the lobby's own, kept ticking
	}
	if g.m == nil {
		return nil, false
	}
	_, cmd := g.m.Update(msg)
	return cmd, true
}

// gameView is the board, while the session plays.
func (s *Screen) gameView() (tea.View, bool) {
	if s.game.m == nil {
		return tea.View{}, false
	}
	return s.game.m.View(), true
}
