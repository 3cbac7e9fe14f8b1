package screens

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// waitingKey handles a key in the waiting room, before the game starts:
// a digit takes that seat, t moves to the next team with a free seat, s
// starts (the host), w watches instead of playing, q leaves.
func (s *Screen) waitingKey(msg tea.KeyPressMsg) tea.Cmd {
	u := s.last
	k := s.keys.waiting
	s.msg = nil // the last refusal was about the last key
	var err error
	switch {
	case key.Matches(msg, k.Leave):
		s.conn.Quit()
		s.conn = nil
		s.list.read(s.Lobby())
		return nil
	case len(u.Seats) == 0:
		return nil // the room's first view has not come: nothing to act on
	case key.Matches(msg, k.Start):
		err = s.conn.Start()
	case key.Matches(msg, k.Open) && u.Restored:
		err = s.conn.OpenSeats(!u.OpenSeats)
	case key.Matches(msg, k.Watch) && !u.Watching:
		// Give the seat up and watch the table instead.
		r := s.conn.Table()
		c, werr := r.Watch(s.ID(), s.Name(), s.conn.Seat())
		if werr != nil {
			err = werr
			break
		}
		s.conn.Quit()
		s.conn = c
		return nil
	case key.Matches(msg, k.Team) && !u.Watching:
		sides := len(u.Seats)
		if len(u.Seats) >= 4 {
			sides = len(u.Seats) / 2
		}
		mine := s.conn.Seat() % sides
		err = table.ErrNoSeat
		for d := 1; d < sides && errors.Is(err, table.ErrNoSeat); d++ {
			err = s.conn.SitSide((mine + d) % sides)
		}
	case key.Matches(msg, k.Seat):
		seat := int(msg.String()[0] - '1')
		if !u.Watching {
			err = s.conn.Sit(seat)
			break
		}
		// An onlooker takes a free seat: a new connection, then the old one goes.
		c, jerr := s.conn.Table().Join(s.ID(), s.Name(), seat)
		if jerr != nil {
			err = jerr
			break
		}
		s.conn.Leave()
		s.conn = c
		return nil
	}
	if err != nil {
		s.msg = s.refusal(err)
	}
	return nil
}

// viewWaiting draws the waiting room: the room's options, the seats by team
// (or player by player without teams) and who sits there, the onlookers
// and what this person may do.
func (s *Screen) viewWaiting(b *strings.Builder, h hits) {
	u := s.last
	r := s.conn.Table()
	cfg := r.Config()
	if len(u.Seats) == 0 {
		b.WriteString(s.lang.T(lang.WrJoining, r.Name()) + "\n")
		return
	}
	st := s.st
	b.WriteString(s.para(s.lang.T(lang.WrHead, st.Heading.Render(s.lang.T(lang.WrRoom, u.Room)), s.tableText(cfg.Game.Players), cfg.Game.Rules, s.lang.Level(cfg.Level))) + "\n")
	if u.Restored {
		b.WriteString(s.para(s.lang.T(lang.WrSaved)) + "\n")
		if u.OpenSeats {
			b.WriteString(s.para(s.lang.T(lang.WrOpen)) + "\n")
		}
	}
	b.WriteString("\n")
	sides := cfg.Game.Sides()
	for side := range sides {
		if cfg.Game.Players >= 4 {
			b.WriteString(st.Heading.Render(s.lang.T(lang.WrTeam, side+1)) + "\n")
		}
		for i, seat := range u.Seats {
			if cfg.Game.SideOf(i) != side {
				continue
			}
			who := s.presence(seat, lang.WrFree)
			if seat.Host {
				who += s.lang.T(lang.WrHostMark)
			}
			h.mark(b, press(fmt.Sprint(i+1)))
			line := fmt.Sprintf("%d  %-20s %s", i+1, seat.Name, who)
			switch {
			case i == u.Seat && !u.Watching:
				line = st.Selected.Render("* " + line)
			case seat.Human:
				line = "  " + line
			default:
				line = "  " + st.Dim.Render(line)
			}
			b.WriteString(line + "\n")
		}
	}
	if u.Onlookers > 0 {
		b.WriteString("\n" + s.lang.T(lang.WrOnlookers, u.Onlookers) + "\n")
	}
	b.WriteString("\n")
	// The help lists what this person may do; a guest's s is still
	// answered, with a refusal.
	keys := s.keys.waiting
	keys.Seat.SetHelp(fmt.Sprintf("1-%d", len(u.Seats)), s.lang.T(lang.WrTakeSeat))
	switch {
	case u.Ended:
		b.WriteString(s.lang.T(lang.WrEnded) + "\n")
	case u.Watching:
		b.WriteString(s.lang.T(lang.WrWatching) + "\n")
		keys.Seat.SetHelp(keys.Seat.Help().Key, s.lang.T(lang.WrTakeFree))
	case u.Host:
		b.WriteString(s.para(s.lang.T(lang.WrYouHost)) + "\n")
		h.mark(b, press("s"))
		b.WriteString(st.ButtonOn.Render(s.lang.T(lang.WrStartBtn)) + "\n")
	default:
		b.WriteString(s.lang.T(lang.WrWaitHost) + "\n")
	}
	seated := !u.Watching && !u.Restored && !u.Ended
	keys.Start.SetEnabled(u.Host && !u.Watching && !u.Ended)
	keys.Seat.SetEnabled((!u.Restored || u.Watching && u.OpenSeats) && !u.Ended)
	keys.Open.SetEnabled(u.Host && u.Restored && !u.Ended)
	if u.OpenSeats {
		keys.Open.SetHelp("o", s.lang.T(lang.WrClose))
	}
	keys.Team.SetEnabled(seated && sides > 1 && cfg.Game.Players >= 4)
	keys.Watch.SetEnabled(seated)
	b.WriteString(helpView(*s.help, keys, s.inner()) + "\n")
	if u.Notice.Kind != table.NoNotice {
		fmt.Fprintf(b, "\n%s\n", st.Message.Render(s.lang.Notice(u.Notice)))
	}
	if msg := s.message(); msg != "" {
		fmt.Fprintf(b, "\n%s\n", st.Error.Render(msg))
	}
}

// tableText describes a table size in a sentence.
func (s *Screen) tableText(players int) string {
	switch players {
	case 4:
		return s.lang.T(lang.WrFour)
	case 6:
		return s.lang.T(lang.WrSix)
	}
	return s.lang.T(lang.WrPlayers, players)
}

// presence says who is at a seat: a person here or away, or the words of
// key computer when no person holds it.
func (s *Screen) presence(seat table.SeatInfo, computer lang.Key) string {
	switch seat.Presence("") {
	case "here":
		return s.lang.T(lang.WrHere)
	case "away":
		return s.lang.T(lang.WrAway)
	}
	return s.lang.T(computer)
}
