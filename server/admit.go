package server

import (
	"errors"
	"fmt"
	"sync"

	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/table"
)

// admission is one session's way into the lobby, whatever its front end
// (the full screen, screen.go, or the line mode, plain.go): naming the
// player and making, joining and watching rooms all go through it, so
// every limit holds and every audit line is written alike for both. The
// line mode once made fifty rooms for one key, the server's all, while
// the full screen stopped the same loop at three, and wrote no line an
// operator could follow.
type admission struct {
	lobby  *Lobby
	users  *Users
	quota  *roomsByKey // the rooms each key hosts; nil: no limit
	log    *events.Log // the server's log; nil in tests
	id     string      // the player's key fingerprint
	source string      // where the connection comes from (sourceOf)
	name   string      // the player's name, "" until known
}

// newAdmission is the way in for the player with key id, with the name
// they chose before if there is one.
func newAdmission(lobby *Lobby, users *Users, id string) *admission {
	a := &admission{lobby: lobby, users: users, id: id}
	a.name, _ = users.Name(id)
	return a
}

// roomsByKey caps the rooms one key hosts (Config.MaxRoomsPerKey): one
// key made fifty rooms and filled the server.
type roomsByKey struct {
	most int // 0: no limit
	// mu lets one room be made at a time, so that two sessions of one key
	// cannot both take its last place.
	mu sync.Mutex
}

// create makes a room hosted by id, if id hosts fewer than the most.
func (q *roomsByKey) create(l *Lobby, name, id, userName string, cfg table.Config) (*Conn, error) {
	if q == nil || q.most <= 0 {
		return l.Create(name, id, userName, -1, cfg)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	hosted := 0
	for _, r := range l.roomList() {
		if !r.Ended() && r.Host() == id {
			hosted++
		}
	}
	if hosted >= q.most {
		return nil, roomsPerKeyError(hosted)
	}
	return l.Create(name, id, userName, -1, cfg)
}

// roomsPerKeyError refuses a room over Config.MaxRoomsPerKey: the rooms
// the player hosts.
type roomsPerKeyError int

func (e roomsPerKeyError) Error() string {
	return fmt.Sprintf("you host %d rooms already, the most one player may: end one first", int(e))
}

// note logs an event of the session's player.
func (a *admission) note(msg string, args ...any) {
	if a.log != nil {
		a.log.Info(msg, append([]any{"source", a.source, "key", a.id, "name", a.name}, args...)...)
	}
}

// setName gives the player name (Users.SetName).
func (a *admission) setName(name string) error {
	if err := a.users.SetName(a.id, name); err != nil {
		return err
	}
	a.name = name
	a.note("name chosen")
	return nil
}

// create makes room name, hosted by the player, within the rooms a key
// may host.
func (a *admission) create(name string, cfg table.Config) (*Conn, error) {
	c, err := a.quota.create(a.lobby, name, a.id, a.name, cfg)
	if err == nil {
		a.note("room created", "room", name, "players", cfg.Game.Players, "rules", fmt.Sprint(cfg.Game.Rules), "level", cfg.Level)
		return c, nil
	}
	if errors.As(err, new(roomsPerKeyError)) && a.log != nil {
		a.log.Limit("rooms with one key", "source", a.source, "key", a.id, "limit", a.quota.most)
	}
	return c, err
}

// enter takes a seat in the room called name, or, with create, makes it
// with the defaults when it is neither open nor kept (a kept game of that
// name is joined). Someone who cannot sit (the game started, no seat is
// free, or it is a saved game of others) watches instead.
func (a *admission) enter(name string, create bool) (*Conn, error) {
	c, err := a.lobby.Join(name, a.id, a.name, -1)
	switch {
	case err == nil:
		a.note("room joined", "room", name, "seat", c.Seat()+1)
	case errors.Is(err, ErrNoRoom) && create:
		cfg := defaultRoom
		cfg.Seed = newSeed()
		return a.create(name, cfg)
	case errors.Is(err, table.ErrStarted) || errors.Is(err, table.ErrNoSeat) || errors.Is(err, table.ErrNotPlayer):
		return a.watch(name)
	}
	return c, err
}

// watch makes the player an onlooker of the room called name.
func (a *admission) watch(name string) (*Conn, error) {
	r := a.lobby.Room(name)
	if r == nil {
		return nil, ErrNoRoom
	}
	c, err := r.Watch(a.id, a.name, -1)
	if err == nil {
		a.note("room watched", "room", name)
	}
	return c, err
}
