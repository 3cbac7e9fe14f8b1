package screens

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
)

// Ranked play in full screen (issue 35): the lobby's line of the person's
// rating, the ranking (l), a quick match (m), and a rated game's change
// told back in the lobby.

// rankingLines is how many lines of the ranking the screen shows.
const rankingLines = 15

// quickMsg is the seat a quick match found, or why none; gen is the
// look it answers (Screen.quickGen).
type quickMsg struct {
	c   *table.Conn
	err error
	gen int
}

// playBot seats the person against the bot that has waited longest on
// the ladder, in a command: the lobby reads the store for it.
func (s *Screen) playBot() tea.Cmd {
	adm := s.Admission
	return s.seat("", func() (*table.Conn, error) { return adm.PlayBot(context.Background()) })
}

// quick looks for a quick match of players until one is made, the person
// stops looking (rankedKey) or asks for another size, or the session
// ends.
func (s *Screen) quick(players int) tea.Cmd { return s.quickWith(players, "") }

// quickWith is quick with the person called friend as partner (players
// 4 or 6), who asks for the person too (lobby.QuickWith).
func (s *Screen) quickWith(players int, friend string) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	s.quickGen++
	s.quickStop, s.quickSize, s.quickFriend, s.msg = cancel, players, friend, nil
	done, adm, gen := s.Done, s.Admission, s.quickGen
	return func() tea.Msg {
		if done != nil {
			go func() {
				select {
				case <-done:
					cancel()
				case <-ctx.Done():
				}
			}()
		}
		c, err := adm.QuickWith(ctx, players, friend)
		cancel()
		return quickMsg{c, err, gen}
	}
}

// quickDone enters the room a quick match found, or shows why none; a
// person matched into a room of another server of the cluster leaves
// the program, which relays the session there (Moved).
func (s *Screen) quickDone(m quickMsg) tea.Cmd {
	if s.quickStop == nil || m.gen != s.quickGen { // stopped: a seat found meanwhile is given up
		if m.c != nil {
			m.c.Quit()
		}
		return nil
	}
	s.quickStop = nil
	if errors.Is(m.err, context.Canceled) {
		return nil
	}
	if moved, ok := errors.AsType[*lobby.Matched](m.err); ok {
		s.moved = moved.Room
		return tea.Quit
	}
	s.connect(m.c, m.err)
	return nil
}

// Moved is the room of another server of the cluster a quick match
// seated the person in, where the session goes once the program ends;
// "" if none.
func (s *Screen) Moved() string { return s.moved }

// rankingMsg is the ranking read from the store, or why it could not
// be (showRanking).
type rankingMsg struct {
	list []lobby.Ranked
	err  error
}

// showRanking opens the ranking, whose lines come from the store in a
// command.
func (s *Screen) showRanking() tea.Cmd {
	s.ranking = []lobby.Ranked{} // its page, empty until the lines come
	l := s.Lobby()
	return func() tea.Msg {
		list, err := l.Ranking(rankingLines)
		return rankingMsg{list, err}
	}
}

// rankingRead shows the ranking read, or why it could not be.
func (s *Screen) rankingRead(m rankingMsg) {
	switch {
	case s.ranking == nil: // gone back meanwhile
	case m.err != nil:
		s.ranking, s.msg = nil, s.refusal(m.err)
	default:
		s.ranking, s.msg = append([]lobby.Ranked{}, m.list...), nil
	}
}

// rankedKey handles a key of the ranking, or while a quick match is
// looked for: the way back to the lobby.
func (s *Screen) rankedKey(msg tea.KeyPressMsg) tea.Cmd {
	if s.friending {
		return s.friendKey(msg)
	}
	if s.quickStop != nil {
		if n, err := strconv.Atoi(msg.Text); err == nil && slices.Contains(engine.PlayerCounts[:], n) && n != s.quickSize {
			s.quickStop()
			friend := s.quickFriend
			if n != 4 && n != 6 {
				friend = "" // a party sits only at tables of teams
			}
			return s.quickWith(n, friend)
		}
		if msg.Text == "p" {
			f := newField(s.st, lobby.MaxNameLen)
			f.Prompt = s.lang.T(lang.SrvFriendName)
			s.friendField, s.friending = &f, true
			return nil
		}
	}
	if !key.Matches(msg, s.keys.back.Back) {
		return nil
	}
	if s.quickStop != nil {
		s.quickStop()
		s.quickStop = nil
	}
	s.ranking = nil
	return s.readRating()
}

// friendKey handles a key as the person types their partner's name:
// Enter looks for a table of teams with them (4, or 6 if asked), Escape
// goes back to looking as before.
func (s *Screen) friendKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case msg.String() == "enter":
		friend := strings.TrimSpace(s.friendField.Value())
		s.friending, s.friendField = false, nil // kept by none but a session typing in it
		if friend == "" {
			return nil
		}
		size := s.quickSize
		if size != 4 && size != 6 {
			size = 4
		}
		s.quickStop()
		return s.quickWith(size, friend)
	case msg.String() == "esc":
		s.friending, s.friendField = false, nil
	default:
		*s.friendField, _ = s.friendField.Update(msg) // see newField
	}
	return nil
}

// viewRanked draws the ranking, or the quick match being looked for.
func (s *Screen) viewRanked(b *strings.Builder) {
	if s.quickStop != nil {
		if s.quickFriend != "" {
			b.WriteString(s.para(s.lang.T(lang.QuickFriendAsks, s.quickFriend, s.quickSize, s.Name(), int(lobby.FriendWait.Seconds()))) + "\n")
		} else {
			b.WriteString(s.para(s.lang.QuickLooking(s.quickSize, int(s.Lobby().WaitForQuick().Seconds()))) + "\n")
		}
		b.WriteString(s.para(s.lang.T(lang.QuickSizeKeys)) + "\n")
		b.WriteString(s.para(s.lang.T(lang.QuickFriendKey)) + "\n")
		if s.friending {
			b.WriteString("\n" + s.friendField.View() + "\n")
		}
	} else {
		b.WriteString(s.st.Heading.Render(s.para(s.lang.T(lang.RankHead))) + "\n")
		for _, r := range s.ranking {
			b.WriteString(s.para(rankLine(s.lang, r)) + "\n")
		}
	}
	if msg := s.message(); msg != "" {
		fmt.Fprintf(b, "\n%s\n", s.st.Error.Render(s.para(msg)))
	}
	b.WriteString("\n" + helpView(*s.help, s.keys.back, s.inner()) + "\n")
}

// rankLine is a line of the ranking in the language c.
func rankLine(c *lang.Catalogue, r lobby.Ranked) string {
	return c.RankLine(r.Rank, r.Name, r.Rating, r.Provisional, r.House, r.Bot, r.Games, r.Wins)
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
	if !l.Rated() || s.naming {
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
