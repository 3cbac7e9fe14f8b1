package lobby

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/table"
)

// Admission is one session's way into the lobby, whatever its front end
// (the full screen, server/screen.go, or the line mode, server/linemode): naming the
// player and making, joining and watching rooms all go through it, so
// every limit holds and every audit line is written alike for both. The
// line mode once made fifty rooms for one key, the server's all, while
// the full screen stopped the same loop at three, and wrote no line an
// operator could follow.
//
// An Admission lives as long as its session, and holds the session's
// context: every call of the store it makes (the player's name, a room
// made or brought back) is made within it, so that a session that ends
// cancels the calls it waits on, rather than leave them to their
// deadline (store.CallTimeout) holding a connection of the database.
type Admission struct {
	ctx    context.Context
	lobby  *Lobby
	users  *Users
	Quota  *RoomsByKey // the rooms each key hosts; nil: no limit
	Log    *events.Log // the server's log; nil in tests
	Source string      // where the connection comes from
	id     string      // the player's key fingerprint
	name   string      // the player's name, "" until known
	old    string      // a name kept for the player that is now refused
	unread bool        // the store could not be read for the player's name
}

// NewAdmission is the way in for the player with key id, in the session
// whose context is ctx, with the name they chose before if there is one
// and ValidName still takes it: an earlier version kept names that are
// now a computer's, whose people choose again (Retired says which).
func NewAdmission(ctx context.Context, lobby *Lobby, users *Users, id string) *Admission {
	a := &Admission{ctx: ctx, lobby: lobby, users: users, id: id}
	var err error
	a.name, _, err = users.lookup(ctx, id)
	a.unread = err != nil
	if a.name != "" && ValidName(a.name) != nil {
		a.name, a.old = "", a.name
	}
	return a
}

// Retired is the name kept for the player that is now refused (a
// computer's), "" if none: the name prompt says why it asks again.
func (a *Admission) Retired() string { return a.old }

// Unread reports whether the store could not be read for the player's
// name (its database out of reach): the name prompt says so, and that
// quit leaves, rather than greet a returning player as a newcomer.
func (a *Admission) Unread() bool { return a.unread }

// ID is the player's key fingerprint.
func (a *Admission) ID() string { return a.id }

// Name is the player's name, "" until known.
func (a *Admission) Name() string { return a.name }

// Lobby is the lobby the player enters.
func (a *Admission) Lobby() *Lobby { return a.lobby }

// FreeName is a name for a new room that no room open or kept has
// (Lobby.FreeName), read within the session's context.
func (a *Admission) FreeName() string { return a.lobby.FreeName(a.ctx) }

// RoomsByKey caps the rooms one key hosts (server.Config.Rooms.PerKey): one
// key made fifty rooms and filled the server.
type RoomsByKey struct {
	Most int // 0: no limit
	// mu lets one room be made at a time, so that two sessions of one key
	// cannot both take its last place.
	mu sync.Mutex
}

// create makes a room hosted by id, if id hosts fewer than the most.
func (q *RoomsByKey) create(ctx context.Context, l *Lobby, name, id, userName string, cfg table.Config) (*table.Conn, error) {
	if q == nil || q.Most <= 0 {
		return l.Create(ctx, name, id, userName, -1, cfg)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	hosted := 0
	for _, r := range l.roomList() {
		if !r.Ended() && r.Host() == id {
			hosted++
		}
	}
	if hosted >= q.Most {
		return nil, refuse(RefRoomsPerKey, hosted)
	}
	return l.Create(ctx, name, id, userName, -1, cfg)
}

// Note logs an event of the session's player.
func (a *Admission) Note(msg string, args ...any) {
	if a.Log != nil {
		a.Log.Info(msg, append([]any{"source", a.Source, "key", a.id, "name", a.name}, args...)...)
	}
}

// SetName gives the player name: WriteName, then Named.
func (a *Admission) SetName(name string) error {
	if err := a.WriteName(name); err != nil {
		return err
	}
	a.Named(name)
	return nil
}

// WriteName writes the player's name down in the store (Users.SetName),
// or says why it is refused. It changes nothing of a, so a command may
// run it beside the session's Update, which then calls Named.
func (a *Admission) WriteName(name string) error { return a.users.SetName(a.ctx, a.id, name) }

// Named makes name, written down by WriteName, the player's.
func (a *Admission) Named(name string) {
	a.name, a.unread = name, false
	a.Note("name chosen")
}

// Create makes room name, hosted by the player, within the rooms a key
// may host.
func (a *Admission) Create(name string, cfg table.Config) (*table.Conn, error) {
	c, err := a.Quota.create(a.ctx, a.lobby, name, a.id, a.name, cfg)
	if err == nil {
		a.Note("room created", "room", name, "players", cfg.Game.Players, "rules", fmt.Sprint(cfg.Game.Rules), "level", cfg.Level)
		return c, nil
	}
	if e := (*Refusal)(nil); errors.As(err, &e) && e.Why == RefRoomsPerKey && a.Log != nil {
		a.Log.Limit("rooms with one key", "source", a.Source, "key", a.id, "limit", a.Quota.Most)
	}
	return c, err
}

// Enter takes a seat in the room called name, or, with create, makes it
// with the defaults when it is neither open nor kept (a kept game of that
// name is joined). Someone who cannot sit (the game started, no seat is
// free, or it is a saved game of others) watches instead.
func (a *Admission) Enter(name string, create bool) (*table.Conn, error) {
	c, err := a.lobby.Join(a.ctx, name, a.id, a.name, -1)
	switch {
	case err == nil:
		a.Note("room joined", "room", name, "seat", c.Seat()+1)
	case errors.Is(err, ErrNoRoom) && create:
		cfg := DefaultRoom
		cfg.Seed = NewSeed()
		return a.Create(name, cfg)
	case errors.Is(err, table.ErrStarted) || errors.Is(err, table.ErrNoSeat) || errors.Is(err, table.ErrNotPlayer):
		return a.Watch(name)
	}
	return c, err
}

// Save keeps the room of the player's seat c in the server's store
// (Lobby.saveConn), and writes the audit line, for both front ends alike.
func (a *Admission) Save(c *table.Conn) (string, error) {
	name, err := a.lobby.saveConn(c)
	if err == nil {
		a.Note("room saved", "room", name)
	}
	return name, err
}

// Watch makes the player an onlooker of the room called name.
func (a *Admission) Watch(name string) (*table.Conn, error) {
	r := a.lobby.Room(name)
	if r == nil {
		return nil, ErrNoRoom
	}
	c, err := r.Watch(a.id, a.name, -1)
	if err == nil {
		a.Note("room watched", "room", name)
	}
	return c, err
}

// PlayBot seats the player against a bot of the ladder (Lobby.PlayBot).
func (a *Admission) PlayBot(ctx context.Context) (*table.Conn, error) {
	c, err := a.lobby.PlayBot(ctx, a.id, a.name)
	if err == nil {
		a.Note("bot match", "room", c.Table().Name(), "seat", c.Seat()+1)
	}
	return c, err
}

// Quick seats the player in a quick match of size players (Lobby.Quick).
func (a *Admission) Quick(ctx context.Context, size int) (*table.Conn, error) {
	return a.QuickWith(ctx, size, "")
}

// QuickWith is Quick with the person called friend as the player's
// partner (Lobby.QuickWith).
func (a *Admission) QuickWith(ctx context.Context, size int, friend string) (*table.Conn, error) {
	c, err := a.lobby.QuickWith(ctx, a.id, a.name, size, friend)
	if err == nil {
		a.Note("quick match", "room", c.Table().Name(), "seat", c.Seat()+1)
	}
	return c, err
}
