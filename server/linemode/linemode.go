// Package linemode is mille serve's line-mode channel: a session of
// package plain's lines (for screen readers and scripts) over an SSH
// session channel, with or without a terminal, in the same lobby and
// rooms as the full-screen sessions.
package linemode

import (
	"context"
	"errors"
	"io"
	"time"
	"unicode/utf8"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/plain"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/screens"
	"github.com/millebornes/mille/table"
)

// Command is the SSH command of the line mode (package plain), for
// screen readers: ssh HOST plain [ROOM], with or without a terminal (-t).
const Command = "plain"

// Server is what a line-mode session needs of its server.
type Server struct {
	// Admit is the way into the lobby of the player with key id from
	// source, in the session whose context is ctx.
	Admit func(ctx context.Context, id, source string) *lobby.Admission
	Idle  time.Duration // a session without a key for this long ends; 0: never
	// Stop is done when the server shuts down; Saved then reports whether
	// it saved a room.
	Stop  context.Context
	Saved func(room string) bool
	Log   *events.Log
	// Relay, when set, relays the session to the server that holds room
	// (a quick match seated the person there), with the line mode's
	// command; it reports whether it did.
	Relay func(sess *channel.Session, room string) bool
}

// Run runs a session in the line mode, in the room args name if any: the
// lobby and the rooms as lines of text, the same rooms and seats as the
// full-screen sessions. Without a terminal the client's own terminal edits
// the lines; with one (ssh -t), the session echoes what is typed and lets
// it be erased.
func (s *Server) Run(sess *channel.Session, args []string) {
	ctx, cancel := context.WithCancel(sess.Ctx)
	defer cancel()
	stopSession := context.AfterFunc(s.Stop, cancel)
	defer stopSession()
	// The lines' reader stops with them, taking no byte meant for the
	// server a quick match relays the session to.
	linesInput := sess.Input.Until()
	defer linesInput.Stop()
	input := gate.NewKeyClock(linesInput)
	idled := gate.WatchIdle(ctx, cancel, input, s.Idle)

	var in io.Reader = gate.NewLimitReader(input, gate.InputRate, gate.InputBurst, time.Now, time.Sleep)
	var out io.Writer = &channel.LockedWriter{W: sess}
	if sess.HasPTY {
		out = channel.CRLF{W: out} // the client's terminal is raw: no output processing
		in = &lineEditor{r: in, echo: out}
	}
	room := ""
	if len(args) > 0 {
		room = args[0]
	}
	began := time.Now()
	lines := &lineLobby{adm: s.Admit(ctx, sess.ID, sess.Source), stop: cancel}
	session := plain.New(in, out, sess.Lang())
	session.Serve(ctx, lines, room, plain.Options{Hint: screens.Hint})
	if lines.moved != "" && s.Stop.Err() == nil && !idled.Load() && s.Relay != nil {
		session.SayFarewell(plain.FarewellElsewhere, lines.moved)
		session.Close()
		linesInput.Stop()
		s.Log.Info("session end", "source", sess.Source, "key", sess.ID, "mode", Command, "after", time.Since(began).Round(time.Second), "end", "relayed", "room", lines.moved)
		if s.Relay(sess, lines.moved) {
			return
		}
	}
	end := "quit"
	if idled.Load() {
		end = "idle"
		session.SayFarewell(plain.FarewellIdle, s.Idle)
	}
	if s.Stop.Err() != nil {
		end = "shutdown"
		session.SayFarewell(plain.FarewellBye)
		if name := lines.room; name != "" && lines.seated() && s.Saved(name) {
			session.SayFarewell(plain.FarewellSaved, name)
		}
	}
	session.Close()
	s.Log.Info("session end", "source", sess.Source, "key", sess.ID, "mode", Command, "after", time.Since(began).Round(time.Second), "end", end)
	sess.Exit(0)
}

// lineLobby is the server's lobby as a line-mode session sees it, for
// one person: the same way in (lobby.Admission) as the full screen's.
type lineLobby struct {
	adm  *lobby.Admission
	room string      // the last room entered
	conn *table.Conn // the connection to it
	// moved is the room of another server a quick match seated the
	// person in; stop then ends the session's lines, to relay it there.
	moved string
	stop  context.CancelFunc
}

// seated reports whether the person plays a seat of the last room entered.
func (l *lineLobby) seated() bool { return l.conn != nil && len(l.conn.View().Mine) > 0 }

// Name is the player's name, "" until known.
func (l *lineLobby) Name() string { return l.adm.Name() }

// Retired is the player's kept name that is now a computer's, or "".
func (l *lineLobby) Retired() string { return l.adm.Retired() }

// Unread reports whether the player's name could not be read.
func (l *lineLobby) Unread() bool { return l.adm.Unread() }

// SetName gives the player name.
func (l *lineLobby) SetName(name string) error { return l.adm.SetName(name) }

// Rooms lists the lobby's rooms.
func (l *lineLobby) Rooms() []plain.Room {
	var rooms []plain.Room
	for _, r := range l.adm.Lobby().List() {
		rooms = append(rooms, plain.Room{
			Name: r.Name, Players: r.Players, Rules: r.Rules, Level: r.Level,
			People: r.Humans, Bots: r.Bots, Started: r.Started, Restored: r.Restored, Rated: r.Rated,
		})
	}
	return rooms
}

// Enter sits in the room, as the full-screen lobby does for a room named
// on the command line.
func (l *lineLobby) Enter(name string) (plain.Seat, error) {
	c, err := l.adm.Enter(name, true)
	return l.seat(c, err, name)
}

func (l *lineLobby) Create(name string, game engine.Config, level string, rated bool) (plain.Seat, error) {
	cfg := lobby.DefaultRoom
	cfg.Game, cfg.Seed, cfg.Rated = game, lobby.NewSeed(), rated
	if level != "" {
		cfg.Level = level
	}
	c, err := l.adm.Create(name, cfg)
	return l.seat(c, err, name)
}

func (l *lineLobby) Watch(name string) (plain.Seat, error) {
	c, err := l.adm.Watch(name)
	return l.seat(c, err, name)
}

// Save keeps the room last entered, for its host (lobby.Admission.Save).
func (l *lineLobby) Save() (string, error) {
	if l.conn == nil {
		return "", table.ErrNotSeated
	}
	return l.adm.Save(l.conn)
}

// seat is c as a plain.Seat, or the error: never a nil *table.Conn in an
// interface.
func (l *lineLobby) seat(c *table.Conn, err error, name string) (plain.Seat, error) {
	if err != nil {
		return nil, err
	}
	l.room, l.conn = name, c
	return c, nil
}

// lineEditor is what a terminal's line discipline does, for a client
// whose terminal the SSH session put in raw mode: it echoes what is typed,
// erases with Backspace (and the whole line with Ctrl-U), hands on whole
// lines at Return, and ends the input at Ctrl-C, or Ctrl-D on an empty
// line. Escape sequences (arrow keys) are dropped.
type lineEditor struct {
	r     io.Reader
	echo  io.Writer
	line  []byte // being typed
	ready []byte // typed lines not yet read
	esc   int    // 1 after ESC, 2 inside a control sequence
	cr    bool   // the last byte was a carriage return
	err   error  // the end of the input, once ready is read
}

func (e *lineEditor) Read(p []byte) (int, error) {
	for len(e.ready) == 0 {
		if e.err != nil {
			return 0, e.err
		}
		var b [256]byte
		n, err := e.r.Read(b[:])
		for _, c := range b[:n] {
			if e.err == nil {
				e.feed(c)
			}
		}
		if err != nil && e.err == nil {
			e.err = err
		}
	}
	n := copy(p, e.ready)
	e.ready = e.ready[n:]
	return n, nil
}

// feed takes one byte typed.
func (e *lineEditor) feed(c byte) {
	cr := e.cr
	e.cr = c == '\r'
	switch {
	case e.esc == 1:
		e.esc = 0
		if c == '[' || c == 'O' {
			e.esc = 2
		}
	case e.esc == 2:
		if c >= 0x40 && c <= 0x7e {
			e.esc = 0
		}
	case c == 0x1b:
		e.esc = 1
	case c == '\n' && cr:
		// the line feed of a CR LF: the line went with the CR
	case c == '\r' || c == '\n':
		io.WriteString(e.echo, "\n")
		e.ready = append(append(e.ready, e.line...), '\n')
		e.line = e.line[:0]
	case c == 0x7f || c == 0x08:
		if len(e.line) > 0 {
			_, size := utf8.DecodeLastRune(e.line)
			e.line = e.line[:len(e.line)-size]
			io.WriteString(e.echo, "\b \b")
		}
	case c == 0x15: // Ctrl-U
		for n := utf8.RuneCount(e.line); n > 0; n-- {
			io.WriteString(e.echo, "\b \b")
		}
		e.line = e.line[:0]
	case c == 0x03, c == 0x04 && len(e.line) == 0:
		io.WriteString(e.echo, "\n")
		e.err = io.EOF
	case c < 0x20:
	default:
		e.line = append(e.line, c)
		e.echo.Write([]byte{c})
	}
}

// The ranking's lines and games the line mode says.
const (
	rankingLines = 30
	rankedGames  = 5
)

// Ranking implements plain.Ranks.
func (l *lineLobby) Ranking() ([]plain.RankLine, error) {
	list, err := l.adm.Lobby().Ranking(rankingLines)
	var lines []plain.RankLine
	for _, r := range list {
		lines = append(lines, rankLine(r))
	}
	return lines, err
}

// rankLine is r as the line mode says it.
func rankLine(r lobby.Ranked) plain.RankLine {
	return plain.RankLine{Rank: r.Rank, Name: r.Name, Rating: r.Rating, Provisional: r.Provisional, House: r.House, Bot: r.Bot, Games: r.Games, Wins: r.Wins}
}

// Rank implements plain.Ranks.
func (l *lineLobby) Rank(name string) (plain.RankLine, []plain.RankGame, bool, error) {
	r, games, ok, err := l.adm.Lobby().Rank(name, rankedGames)
	var said []plain.RankGame
	for _, g := range games {
		said = append(said, plain.RankGame{Room: g.Room, Won: g.Won, Points: g.Points, Change: g.Change, Rating: g.Rating})
	}
	return rankLine(r), said, ok, err
}

// lastTable is the table of room if it is the one last entered, nil if
// not: the rated game the lobby tells of is that one.
func (l *lineLobby) lastTable(room string) *table.Table {
	if l.conn == nil || l.conn.Table().Name() != room {
		return nil
	}
	return l.conn.Table()
}

// Change implements plain.Ranks: room is the one last entered, whose
// game is told.
func (l *lineLobby) Change(room string) (int, int, bool) {
	t := l.lastTable(room)
	if t == nil {
		return 0, 0, false
	}
	return l.adm.Lobby().TableChange(l.adm.ID(), t)
}

// Left implements plain.Ranks, of room as Change.
func (l *lineLobby) Left(room string) bool {
	t := l.lastTable(room)
	return t != nil && l.adm.Lobby().Forfeiting(l.adm.ID(), t)
}

// Quick implements plain.Ranks.
func (l *lineLobby) Quick(ctx context.Context, players int, friend string) (plain.Seat, error) {
	c, err := l.adm.QuickWith(ctx, players, friend)
	if m, ok := errors.AsType[*lobby.Matched](err); ok {
		l.moved = m.Room
		l.stop()
		return nil, context.Canceled
	}
	if err != nil {
		return nil, err
	}
	return l.seat(c, nil, c.Table().Name())
}

// PlayBot implements plain.BotPlayer.
func (l *lineLobby) PlayBot(ctx context.Context) (plain.Seat, error) {
	c, err := l.adm.PlayBot(ctx)
	if err != nil {
		return nil, err
	}
	return l.seat(c, nil, c.Table().Name())
}

// QuickWait implements plain.Ranks.
func (l *lineLobby) QuickWait() time.Duration { return l.adm.Lobby().WaitForQuick() }

// FriendWait implements plain.Ranks.
func (l *lineLobby) FriendWait() time.Duration { return lobby.FriendWait }
