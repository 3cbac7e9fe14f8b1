package server

import (
	"errors"
	"sync"
	"time"

	"github.com/millebornes/mille/table"
)

// The reasons a room refuses a request: a table's, and the server's own.
var (
	ErrStarted     = table.ErrStarted
	ErrNotStarted  = table.ErrNotStarted
	ErrEnded       = table.ErrEnded
	ErrNotHost     = table.ErrNotHost
	ErrSeatTaken   = table.ErrSeatTaken
	ErrNoSeat      = table.ErrNoSeat
	ErrNotSeated   = table.ErrNotSeated
	ErrNotYourTurn = table.ErrNotYourTurn
	ErrOnlooker    = table.ErrOnlooker
	ErrShutdown    = table.ErrFrozen
	ErrSavedSeats  = table.ErrSavedSeats
	ErrNotPlayer   = table.ErrNotPlayer
	ErrNoSaves     = errors.New("this server keeps no saves")
)

// RoomConfig is how a room is set up when it is created.
type RoomConfig = table.Config

// Update is what a room sends one seat: the table as that seat may see it.
type Update = table.View

// SeatInfo is the public description of one seat.
type SeatInfo = table.SeatInfo

// RestoreWait is how long a restored game waits in the lobby for its
// people before the lobby forgets it (its file stays).
const RestoreWait = table.RestoreWait

// Room is one table of the server: a table.Table with the folder its game
// is saved into.
type Room struct {
	*table.Table
	dir    string     // the folder Save writes into; "" keeps no saves
	saveMu sync.Mutex // one save of the room at a time
}

// NewRoom makes a room named name whose host is user host. The game is dealt
// when the host starts it; until then people join and pick seats.
func NewRoom(name, host string, cfg RoomConfig, now func() time.Time) (*Room, error) {
	t, err := table.New(name, host, cfg, now)
	if err != nil {
		return nil, err
	}
	return &Room{Table: t}, nil
}

// Join seats user (shown as name) and returns the connection that receives
// the seat's updates (see table.Table.Join).
func (r *Room) Join(user, name string, want int) (*Conn, error) {
	c, err := r.Table.Join(user, name, want)
	if err != nil {
		return nil, err
	}
	return &Conn{Conn: c, room: r}, nil
}

// Watch makes user (shown as name) an onlooker of the table, seen from
// seat's place (see table.Table.Watch).
func (r *Room) Watch(user, name string, seat int) (*Conn, error) {
	c, err := r.Table.Watch(user, name, seat)
	if err != nil {
		return nil, err
	}
	return &Conn{Conn: c, room: r}, nil
}

// Conn is one session's link to its seat of a room.
type Conn struct {
	*table.Conn
	room *Room
}

// Room returns the room.
func (c *Conn) Room() *Room { return c.room }
