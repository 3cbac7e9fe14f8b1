package lobby

import (
	"sync"
	"sync/atomic"

	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// The reasons a room refuses a request that are the server's own; the
// table's are table's (table.ErrStarted, ...).
var (
	ErrNoSaves  = refuse(RefNoSaves)
	ErrNotSaved = refuse(RefNotSaved)
)

// Room is one table of the server: a table.Table that its lobby keeps in
// its store (saves.go).
type Room struct {
	*table.Table
	lobby *Lobby

	// level is the computer level of the room's table, read without its
	// lock (Room.moved runs under it).
	level string
	// rated marks a room of ranked play, whose games the store rates.
	rated bool

	saveMu  sync.Mutex // one write of the room at a time
	written int        // the length of the history last written
	unkept  bool       // the last write of the game failed; its people were told
	shut    int8       // the shutdown's save: 0 not tried, -1 failed (its people were told), 1 made

	// In a cluster: based is set once the store holds a record of the
	// game (Room.moved), and until is when the room's lease runs out
	// (Unix milliseconds).
	based atomic.Bool
	until atomic.Int64
	// epoch is the epoch of the room's lease this server holds, which
	// every write of the room names (store.Fence).
	epoch atomic.Int64
	// unsure is set when a move's write failed without an answer (a
	// deadline, the database cut off): made or not, the next renewal
	// compares the store's moves with the table's.
	unsure atomic.Bool
	// renewing is set while the room's lease is being renewed
	// (Lobby.renewAll); gone once the room stops here (Lobby.drop).
	renewing, gone atomic.Bool
	// gathered is who waited at the table, as last written before the
	// deal (Room.gathering); under the table's lock.
	gathered string
	// regather is set when that write failed: the lease's renewal tries
	// again (Lobby.renew).
	regather atomic.Bool
	// gatherNext is the record Room.gathering left to write, and
	// gatherBusy says writeGathering runs; under gatherMu.
	gatherMu   sync.Mutex
	gatherNext *gatherWrite
	gatherBusy bool
	gathers    sync.WaitGroup // writeGathering, while it runs

	endMu   sync.Mutex
	ended   *table.Checkpoint // the last hand's end, not written yet
	results []store.Result    // the games finished, not recorded yet
}

// roomOf is the room of c's table while this lobby keeps it open, else
// nil: the server's state of a table lives on its Room, the connection is
// the table's own (table.Conn), so there is one wrapper, not two.
func (l *Lobby) roomOf(c *table.Conn) *Room {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r := l.rooms[c.Table().Name()]; r != nil && r.Table == c.Table() {
		return r
	}
	return nil
}
