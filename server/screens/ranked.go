package screens

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
)

// Ranked play in full screen (issue 35): the lobby's line of the person's
// rating, the ranking (l), a quick match (m), and a rated game's change
// told back in the lobby.

// playBot seats the person against the bot that has waited longest on
// the ladder, in a command: the lobby reads the store for it.
func (s *Screen) playBot() tea.Cmd {
	adm := s.Admission
	return s.seat("", func() (*table.Conn, error) { return adm.PlayBot(context.Background()) })
}

// quickMatch looks for a quick match of players (quickLook) until one is
// made, the person stops looking or asks for another size, or the
// session ends.
func (s *Screen) quickMatch(players int) tea.Cmd {
	s.msg = nil
	return s.quick.start(s.Done, players, "")
}

// quickDone enters the room a quick match found, or shows why none; a
// person matched into a room of another server of the cluster leaves
// the program, which relays the session there (Moved).
func (s *Screen) quickDone(m quickMsg) tea.Cmd {
	c, err, ok := s.quick.found(m)
	switch {
	case s.quick.moved != "":
		return tea.Quit
	case ok:
		s.connect(c, err)
	}
	return nil
}

// Moved is the room of another server of the cluster a quick match
// seated the person in, where the session goes once the program ends;
// "" if none.
func (s *Screen) Moved() string { return s.quick.moved }

// rankedKey handles a key of the ranking, or while a quick match is
// looked for (quickLook.key): the way back to the lobby.
func (s *Screen) rankedKey(msg tea.KeyPressMsg) tea.Cmd {
	if s.quick.on() {
		cmd, stopped := s.quick.key(msg, s.keys.back.Back, s.Done, s.st, s.lang)
		if !stopped {
			if cmd != nil {
				s.msg = nil // a look's refusal was about the look before
			}
			return cmd
		}
	} else if !key.Matches(msg, s.keys.back.Back) {
		return nil
	}
	s.ranking.close()
	return s.readRating()
}

// viewRanked draws the ranking, or the quick match being looked for.
func (s *Screen) viewRanked(b *strings.Builder) {
	if s.quick.on() {
		s.quick.view(b, s.lang, s.para, s.Name(), s.Lobby().WaitForQuick())
	} else {
		s.ranking.view(b, s.st, s.lang, s.para)
	}
	if msg := s.message(); msg != "" {
		fmt.Fprintf(b, "\n%s\n", s.st.Error.Render(s.para(msg)))
	}
	b.WriteString("\n" + helpView(*s.help, s.keys.back, s.inner()) + "\n")
}

// ratingMsg is the lobby's line of the person's rating, read from the
// store (readRating).
type ratingMsg struct{ line said }

// changeMsg is what a rated game just left did to the person's rating,
// nil if nothing, and the line of the rating it left (ratedChange).
type changeMsg struct{ change, line said }

// readRating reads the lobby's line of the person's rating, in a
// command: the store may be slow.
func (s *Screen) readRating() tea.Cmd {
	l, id := s.Lobby(), s.ID()
	if !l.Rated() || s.prompt != nil {
		s.rating = nil
		return nil
	}
	return func() tea.Msg { return ratingMsg{ratingLine(l, id)} }
}

// ratingLine is the lobby's line of the rating of the person whose key
// is id.
func ratingLine(l *lobby.Lobby, id string) said {
	r, ok := l.RatingOf(id)
	return func(c *lang.Catalogue) string {
		if !ok {
			return c.T(lang.SrvNoRating)
		}
		rating := fmt.Sprint(r.Rating)
		if r.Provisional {
			rating = c.T(lang.RankProvisional, r.Rating)
		}
		return c.T(lang.SrvYourRating, rating, r.Games)
	}
}

// ratedChange reads what the game of table t, just left, did to the
// person's rating, in a command (changeMsg), and the line of the rating
// once LastChange has seen the game's result written: read before, the
// line told the rating before the game under the change.
func (s *Screen) ratedChange(t *table.Table) tea.Cmd {
	l, id := s.Lobby(), s.ID()
	if !l.Rated() {
		return nil
	}
	return func() tea.Msg {
		var m changeMsg
		if change, now, ok := l.TableChange(id, t); ok {
			m.change = func(c *lang.Catalogue) string { return c.RatedChange(change, now, false) }
		} else if l.Forfeiting(id, t) {
			room := t.Name()
			m.change = func(c *lang.Catalogue) string { return c.T(lang.RatedLeft, room) }
		}
		m.line = ratingLine(l, id)
		return m
	}
}

// changeRead shows what a rated game did, unless the person is in a room
// again.
func (s *Screen) changeRead(m changeMsg) {
	s.rating = m.line
	if m.change != nil && s.conn == nil {
		s.msg = m.change
	}
}
