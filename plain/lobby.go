package plain

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// Room is one of a lobby's tables, as the line mode lists it.
type Room struct {
	Name     string
	Players  int
	Rules    string
	Level    string // of the computer players
	People   int    // seats held by people
	Bots     int    // seats held by bots of the ladder, not counted in People
	Started  bool
	Restored bool // a saved game waiting for its people and its host
	Rated    bool // a game of ranked play
}

// Seat is a person's connection to a room: the table it plays once the
// game has started, and what a person does in the room before.
type Seat interface {
	table.Link
	// Start deals the game, for the host.
	Start() error
	// Sit moves the person to another free seat before the start.
	Sit(seat int) error
	// Leave disconnects: the seat waits a while for the person's return.
	Leave()
	// Quit gives the seat up to a computer player for good.
	Quit()
}

// Lobby is where a line-mode session finds tables: a server's rooms, for
// one person.
type Lobby interface {
	// Name is the person's name, "" until they have chosen one.
	Name() string
	// Retired is the name the person had that is now a computer's,
	// "" if none: they are asked for another.
	Retired() string
	// Unread reports whether the person's name could not be read (the
	// server's database out of reach): the prompt says so.
	Unread() bool
	// SetName gives the person a name, or says why it can't be.
	SetName(name string) error
	// Rooms lists the open rooms.
	Rooms() []Room
	// Enter takes a seat in the room called name, and makes the room
	// with the server's defaults when there is none; a person who can't
	// sit there (the game has started, or no seat is free) watches.
	Enter(name string) (Seat, error)
	// Create makes a room of cfg whose computers play at level, with the
	// person as its host; rated makes it a room of ranked play.
	Create(name string, cfg engine.Config, level string, rated bool) (Seat, error)
	// Watch makes the person an onlooker of the room called name.
	Watch(name string) (Seat, error)
	// Save keeps the room the person last entered, for its host (a
	// server's room keeps itself), and gives the name it is kept under.
	Save() (string, error)
}

// Ranks is what a Lobby of ranked play has besides (a server whose store
// keeps ratings): the ranking, one player's line of it, and what the
// person's last rated game did to their rating.
type Ranks interface {
	// Ranking is the first lines of the ranking, best first.
	Ranking() ([]RankLine, error)
	// Rank is the line of the player called name and their last rated
	// games; ok is false if nobody of that name has a rating.
	Rank(name string) (line RankLine, games []RankGame, ok bool, err error)
	// Change is what the person's last game in room did to their
	// rating, and the rating it left; ok is false if it was not rated.
	Change(room string) (change, rating int, ok bool)
	// Left reports whether the person gave up a seat of the rated game in
	// room, still in play: it counts as lost when it ends, unless they
	// come back to the seat before.
	Left(room string) bool
	// Quick seats the person in a rated game of players (2, 3, 4 or 6):
	// with people of near rating, or after QuickWait with house
	// computers in the seats left. It returns ctx's error once ctx ends.
	//
	// With friend, the person asks to sit with them as partners (players
	// 4 or 6), the friend asking for them too.
	Quick(ctx context.Context, players int, friend string) (Seat, error)
	// QuickWait is how long a quick match waits for a person at most.
	QuickWait() time.Duration
	// FriendWait is how long a person who asked for a friend as partner
	// waits for the friend to ask for them.
	FriendWait() time.Duration
}

// BotPlayer is what a Lobby with a bot ladder has besides (a server's):
// a person may ask for a bot to play.
type BotPlayer interface {
	// PlayBot seats the person in a rated game of two, dealt, against a
	// bot waiting on the ladder; it refuses at once if none waits.
	PlayBot(ctx context.Context) (Seat, error)
}

// RankLine is one line of the ranking: a player, or a house computer.
type RankLine struct {
	Rank        int
	Name        string
	Rating      int
	Provisional bool
	House       bool // a house computer, at its fixed rating
	Bot         bool // a bot program (a key registered as a bot)
	Games, Wins int
}

// RankGame is one rated game of a player's.
type RankGame struct {
	Room           string
	Won            bool
	Points         int
	Change, Rating int
}

// Serve runs a session at a lobby: the person gives a name if they have
// none, enters room (or, with "", chooses one in the lobby), waits for the
// host to deal, plays, and comes back to the lobby, until they quit, the
// input ends or ctx is done.
func (s *Session) Serve(ctx context.Context, l Lobby, room string, opts Options) End {
	opts.Guest, opts.Keep = true, l.Save
	if l.Name() == "" {
		if end, ok := s.askName(ctx, l); !ok {
			return end
		}
	}
	s.say(lang.Hello, l.Name())
	if room != "" {
		if end, over := s.enter(ctx, l, l.Enter, false, room, opts); over {
			return end
		}
	} else {
		s.rooms(l)
	}
	for {
		select {
		case <-ctx.Done():
			return Cancelled
		case line, open := <-s.lines:
			if !open {
				return InputClosed
			}
			words := strings.Fields(line)
			if len(words) == 0 {
				s.say(lang.LobbyHelp)
				if _, ok := l.(Ranks); ok {
					s.say(lang.QuickSizesHelp)
				}
				continue
			}
			name := ""
			if len(words) > 1 {
				name = words[1]
			}
			var end End
			over := false
			switch lobbyCommand(words[0], lobbyCommands...) {
			case lang.WordRooms:
				s.rooms(l)
			case lang.WordJoin:
				end, over = s.enter(ctx, l, l.Enter, false, name, opts)
			case lang.WordWatch:
				end, over = s.enter(ctx, l, l.Watch, true, name, opts)
			case lang.WordCreate:
				cfg, level, rated, ok := s.roomSetup(words[min(2, len(words)):])
				if ok {
					end, over = s.enter(ctx, l, func(name string) (Seat, error) { return l.Create(name, cfg, level, rated) }, false, name, opts)
				}
			case lang.WordQuick:
				if len(words) > 1 && lang.Typed(words[1], lang.WordBot) {
					end, over = s.quickBot(ctx, l, opts)
					break
				}
				players := 2
				if len(words) > 1 {
					n, err := strconv.Atoi(words[1])
					if err != nil || !slices.Contains(engine.PlayerCounts[:], n) {
						s.say(lang.QuickSizeBad)
						break
					}
					players = n
				}
				friend := ""
				if len(words) > 2 && lang.Typed(words[2], lang.WordWith) {
					friend = strings.Join(words[3:], " ")
					if friend == "" || !(engine.Config{Players: players}).Teams() {
						s.say(lang.QuickPartySize)
						break
					}
				}
				end, over = s.quick(ctx, l, opts, players, friend)
			case lang.WordRanking:
				s.ranking(l, strings.TrimSpace(strings.Join(words[1:], " ")))
			case lang.WordHelp:
				s.say(lang.LobbyHelp)
				if _, ok := l.(Ranks); ok {
					s.say(lang.QuickSizesHelp)
				}
				s.say(lang.CreateHelp)
				s.say(lang.LangHelp, lang.Tags())
			case lang.WordLang:
				s.setLang(name)
			case lang.WordExit:
				s.say(lang.Bye)
				return Quit
			default:
				s.say(lang.LobbyUnknown, s.text(lang.UsageQuoted, shorten(line)))
			}
			if over {
				return end
			}
		}
	}
}

// askName asks the person's name until the lobby takes one; it reports
// false, with how the session ends, when the input ends first or the
// person quits (a line that is only a quit word: the prompt's way out
// while the server's database is out of reach, issue 32). A line that
// starts with a lobby command's word is not taken as a name: a person
// whose name was refused and who typed rooms or quick, taking the
// refusal for the lobby, was named "rooms".
func (s *Session) askName(ctx context.Context, l Lobby) (End, bool) {
	if old := l.Retired(); old != "" {
		s.say(lang.NameRetired, old)
	}
	if l.Unread() {
		s.say(lang.NameUnread)
	}
	s.say(lang.AskName)
	for {
		select {
		case <-ctx.Done():
			return Cancelled, false
		case line, open := <-s.lines:
			if !open {
				return InputClosed, false
			}
			if lang.QuitsNamePrompt(line) {
				s.say(lang.Bye)
				return Quit, false
			}
			// A command typed at the prompt (after a refusal, by someone
			// who took it for the lobby's) is not a name; lang is obeyed,
			// so that the prompt can be read.
			words := strings.Fields(line)
			switch cmd := lobbyCommand(strings.Join(words[:min(1, len(words))], ""), lobbyCommands...); {
			case cmd == lang.WordLang && len(words) > 1:
				s.setLang(words[1])
				s.say(lang.AskName)
				continue
			case cmd != 0:
				s.say(lang.NameIsCommand, shorten(words[0]))
				continue
			}
			if err := l.SetName(strings.TrimSpace(line)); err != nil {
				s.say(lang.NameRefused, s.cat.Error(err))
				continue
			}
			return End(0), true
		}
	}
}

// rooms lists the lobby's rooms.
func (s *Session) rooms(l Lobby) {
	list := l.Rooms()
	if len(list) == 0 {
		s.say(lang.NoRooms)
		s.say(lang.LobbyHelp)
		return
	}
	s.say(lang.RoomsHead)
	for _, r := range list {
		state := lang.RoomWaiting
		switch {
		case r.Restored:
			state = lang.RoomSaved
		case r.Started:
			state = lang.RoomPlaying
		}
		text := s.text(state)
		if r.Rated {
			text = s.cat.T(lang.RoomRated, text)
		}
		switch {
		case r.Bots == 1:
			text = s.cat.T(lang.RoomBot, text)
		case r.Bots > 1:
			text = s.cat.T(lang.RoomBots, text, r.Bots)
		}
		s.say(lang.RoomLine, r.Name, r.Players, r.Rules, s.cat.Level(r.Level), s.cat.Count(r.People, lang.RoomPerson), text)
	}
	s.say(lang.LobbyHelp)
}

// roomSetup reads the words after create NAME: a number of players, a
// ruleset, a level, rated, in any order; the server checks them.
func (s *Session) roomSetup(words []string) (cfg engine.Config, level string, rated, ok bool) {
	cfg = engine.Config{Players: 0, Rules: engine.Standard}
	for _, w := range words {
		if lang.Typed(w, lang.WordRated) {
			rated = true
		} else if n, err := strconv.Atoi(w); err == nil {
			cfg.Players = n
		} else if r, err := engine.ParseRuleset(strings.ToLower(w)); err == nil {
			cfg.Rules = r
		} else if name, ok := lang.ParseLevel(w); ok {
			level = name // "fort" is hard
		} else {
			level = strings.ToLower(w)
		}
	}
	if cfg.Players == 0 { // as the server's rooms: four for standard, two for bsd
		counts := cfg.Rules.Players()
		cfg.Players = counts[len(counts)/2]
	}
	if err := cfg.Validate(); err != nil {
		s.say(lang.Failed, s.cat.Error(err))
		s.say(lang.CreateHelp)
		return cfg, "", false, false
	}
	return cfg, level, rated, true
}

// enter takes a seat in room name (or watches, watch being what was
// asked) through take, waits in the room for the deal, plays, and comes
// back to l's lobby, first telling what a rated game did or will do to
// the person's rating (rated). over is set when the session is over, with
// why.
func (s *Session) enter(ctx context.Context, l Lobby, take func(string) (Seat, error), watch bool, name string, opts Options) (End, bool) {
	if name == "" {
		s.say(lang.WhichRoom)
		return 0, false
	}
	seat, err := take(name)
	if err != nil {
		if ctx.Err() == nil { // else the session ends, or goes elsewhere
			s.say(lang.Failed, s.cat.Error(err))
		}
		return 0, false
	}
	if v := seat.View(); v.Watching && v.Started && !watch {
		s.say(lang.JoinedWatching, v.Room) // asked to play, and told why not
	}
	s.ratedTold = false
	end := s.waitRoom(ctx, seat, opts)
	switch end {
	case Quit, TableEnded:
		if !s.ratedTold { // a change the table told is not told twice
			s.rated(l, seat.View().Room)
		}
		s.say(lang.BackInLobby)
		return end, false
	}
	return end, true
}

// waitRoom is the room before the deal: who sits where, and the host's
// start; then the game, and what the person does when it ends.
func (s *Session) waitRoom(ctx context.Context, seat Seat, opts Options) End {
	v := seat.View()
	told := ""
	tell := func(force bool) {
		if text := s.seating(&v); text != told || force {
			told = text
			s.line(text)
		}
	}
	if !v.Started {
		s.say(lang.InRoom, v.Room)
		tell(true)
		s.say(lang.RoomHelp)
	}
	for !v.Started {
		select {
		case <-ctx.Done():
			seat.Leave()
			return Cancelled
		case next, open := <-seat.Updates():
			if !open {
				s.say(lang.TableEnded)
				return TableEnded
			}
			v = next
			if !v.Started {
				tell(false)
			}
		case line, open := <-s.lines:
			if !open {
				seat.Leave()
				return InputClosed
			}
			words := strings.Fields(strings.ToLower(line))
			if len(words) == 0 {
				tell(true)
				continue
			}
			switch lobbyCommand(words[0], roomCommands...) {
			case lang.WordSeats:
				tell(true)
			case lang.WordSit:
				n := 0
				if len(words) > 1 {
					n, _ = strconv.Atoi(words[1])
				}
				if err := seat.Sit(n - 1); err != nil {
					s.say(lang.Failed, s.cat.Error(err))
				}
			case lang.WordStart:
				if err := seat.Start(); err != nil {
					s.say(lang.Failed, s.cat.Error(err))
				}
			case lang.WordLeave:
				seat.Quit()
				return Quit
			case lang.WordHelp:
				s.say(lang.RoomHelp)
			default:
				s.say(lang.RoomUnknown, s.text(lang.UsageQuoted, shorten(line)))
			}
		}
	}
	end := s.Play(ctx, seat, opts)
	switch end {
	case Quit, SavedQuit:
		seat.Quit()
		return Quit
	case InputClosed, Cancelled:
		seat.Leave()
	}
	return end
}

// seating tells who sits where in a room before the deal.
func (s *Session) seating(v *table.View) string {
	var seats []string
	for i, st := range v.Seats {
		var marks []string
		switch {
		case v.Plays(i):
			marks = append(marks, s.text(lang.MarkYou))
		case !st.Human:
			marks = append(marks, s.text(lang.MarkComputer))
		case !st.Connected:
			marks = append(marks, s.text(lang.MarkAway))
		default:
			marks = append(marks, s.text(lang.MarkHere))
		}
		if st.Host {
			marks = append(marks, s.text(lang.MarkHost))
		}
		seats = append(seats, s.text(lang.SeatLine, i+1, st.Name, strings.Join(marks, s.text(lang.Comma))))
	}
	text := s.text(lang.Seats, s.list(seats, lang.And))
	switch {
	case v.Watching:
		return text + " " + s.text(lang.RoomWatching)
	case v.Host:
		return text + " " + s.text(lang.RoomHost)
	}
	return text + " " + s.text(lang.RoomGuest)
}

// lobbyCommand is the lobby's command (or the room's: in) that word
// names, by its key (lang.WordRooms…), in any language; 0 for none.
func lobbyCommand(word string, in ...lang.Key) lang.Key {
	for _, k := range in {
		if lang.Typed(word, k) {
			return k
		}
	}
	return 0
}

// lobbyCommands and roomCommands are the keys of the lobby's and a
// room's commands.
var (
	lobbyCommands = []lang.Key{lang.WordRooms, lang.WordJoin, lang.WordWatch, lang.WordCreate, lang.WordQuick, lang.WordRanking, lang.WordHelp, lang.WordLang, lang.WordExit}
	roomCommands  = []lang.Key{lang.WordSeats, lang.WordSit, lang.WordStart, lang.WordLeave, lang.WordHelp}
)

// setLang speaks the language name (a tag, "fr", or a name) from now on.
func (s *Session) setLang(name string) {
	c, ok := lang.Lookup(name)
	if !ok {
		s.say(lang.LangHelp, lang.Tags())
		return
	}
	s.cat = c.Spoken()
	s.say(lang.LangNow)
}
