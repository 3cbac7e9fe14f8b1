// Package lobby is what mille serve keeps and shares between sessions:
// the Lobby of Rooms (each a table.Table the lobby keeps in the server's
// store; a seat's connection is the table's own table.Conn), the
// players' names by key (Users), the one way a session enters the lobby (Admission, with its
// limits and audit lines), the data folder (its lock, the store, rooms
// moved in and out as save files) and, for servers sharing one
// PostgreSQL store, the rooms' leases and moves (Cluster).
//
// A room never hands its engine.State to anyone: each seat's connection
// receives only engine.Observe of that seat (a table.View), and sends the
// actions it intends, which the room checks with the engine. Computer
// players, and the seats of people who dropped out for a moment, are moved
// by the room itself. The package knows nothing of SSH or of screens.
package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// The reasons a lobby refuses a request.
var (
	ErrTooManyRooms = refuse(RefRoomsFull)
	ErrRoomExists   = refuse(RefRoomExists)
	ErrNoRoom       = refuse(RefNoRoom)
	ErrRoomName     = refuse(RefRoomName, MaxRoomName)
	ErrLevel        = refuse(RefLevel)
	ErrSavedName    = refuse(RefSavedName)
)

// MaxRoomName is the length of the longest room name.
const MaxRoomName = 20

var roomName = regexp.MustCompile(fmt.Sprintf(`^[A-Za-z0-9_-]{1,%d}$`, MaxRoomName))

// RoomInfo describes a room in the lobby's list.
type RoomInfo struct {
	Name    string
	Players int
	Rules   string
	Level   string // of the computer players
	// Humans counts the seats people hold, Bots those bots of the
	// ladder hold (table.SeatInfo.Program), which Humans does not count.
	Humans, Bots int
	Started      bool
	// Restored marks a saved game waiting for its people and its host.
	Restored bool
	// Rated marks a room of ranked play.
	Rated bool
}

// Lobby is the server's list of rooms. Safe for concurrent use.
type Lobby struct {
	MaxRooms int              // 0: no limit
	Now      func() time.Time // the clock; time.Now when nil
	// Store keeps the rooms: saved by their hosts (Admission.Save) or at a
	// shutdown (SaveAll), checkpointed while they are played (Checkpoint,
	// Keep), brought back at the start (Restore) or when someone asks for
	// one by name (Join); nil keeps nothing. Set it before the first room.
	Store store.Store
	// KeepSaves is how long the store keeps a room nobody played
	// (MaxSaveAge when 0), and SavesPerKey how many rooms it keeps of each
	// host, the most recent (0: no limit).
	KeepSaves   time.Duration
	SavesPerKey int
	// Logf reports what went wrong where nobody waits for an answer (a
	// checkpoint that could not be written); nil: nowhere.
	Logf func(format string, args ...any)
	// MaxLevel is the strongest computer level (of ai.Levels) a room may
	// have; restored rooms above it come back at it. "": any.
	MaxLevel string
	// Pool, when set, is the computer players' shared pool of every room
	// (table.Pool).
	Pool *table.Pool
	// Cluster, when set, makes the lobby one of several servers sharing
	// Store (cluster.go). Set it before the first room, with Store.
	Cluster *Cluster
	// Ratings, when set, is the store's ranked play (ranked.go): rated
	// rooms, the ranking. Set it with Store; nil: no ranked play.
	Ratings store.Ratings
	// Bots, when set, keeps the bot ladder's faults and benches
	// (ladder.go); nil: a bot's faults lose it its game, and never bench
	// it. Set it with Ratings.
	Bots store.Bots

	mu    sync.Mutex
	rooms map[string]*Room
	// restoreCfg gives the rooms brought back from the store their grace
	// period and pace (Restore).
	restoreCfg table.Config
	// wake tells Keep that a hand ended somewhere; capacity 1.
	wake chan struct{}
	// quick is the people waiting for a quick match (quick.go).
	quick quickQueue
	// ladder is the bots waiting for a game, and their faults (ladder.go).
	ladder ladder
	// unwritten are the rooms, by name, whose finished games' results
	// are not written yet, open here or not any more (Room.unwritten).
	unwrittenMu sync.Mutex
	unwritten   map[string]*Room
	// flushing is set while a renewal writes the results of retired
	// rooms (flushRetired), so that renewals do not pile up on a store
	// that does not answer.
	flushing atomic.Bool
}

// NewLobby returns an empty lobby holding at most maxRooms rooms.
func NewLobby(maxRooms int) *Lobby {
	return &Lobby{MaxRooms: maxRooms, rooms: map[string]*Room{}, restoreCfg: DefaultRoom, wake: make(chan struct{}, 1)}
}

// Create makes a room and seats its host in it, in the seat hostSeat wants
// (-1: the first). The store is asked within ctx, the host's session's.
func (l *Lobby) Create(ctx context.Context, name, host, hostName string, hostSeat int, cfg table.Config) (*table.Conn, error) {
	if !roomName.MatchString(name) {
		return nil, ErrRoomName
	}
	if l.MaxLevel != "" && !slices.Contains(l.Levels(), cfg.Level) {
		return nil, ErrLevel
	}
	if l.Store != nil {
		// A new game must not take the name of a kept one, which would
		// then be written over.
		switch k, err := l.Store.Room(ctx, name); {
		case err == nil && l.Cluster != nil && k.Game.UI[uiWaiting] != "":
			// Another server's room, not dealt: its lease says
			// where, or it is taken over soon; this server relays
			// a session that names it.
			return nil, elsewhere(l.Cluster.Address(), name)
		case !errors.Is(err, store.ErrNoRoom):
			return nil, ErrSavedName
		}
	}
	var c *table.Conn
	err := l.add(name, func() (r *Room, err error) {
		var lease store.Lease
		if l.Cluster != nil {
			if lease, err = l.claim(ctx, name); err != nil {
				return nil, err
			}
			defer func() {
				if err != nil {
					l.unclaim(name)
				}
			}()
			// The moves of an older game of that name, not kept, are
			// not this game's.
			if err := l.Cluster.Shared.DropMoves(ctx, lease.Fence(), 0); err != nil {
				return nil, err
			}
		}
		r, err = l.newRoom(cfg, lease, false, func(cfg table.Config) (*table.Table, error) { return table.New(name, host, cfg, l.Now) })
		if err != nil {
			return nil, err
		}
		if c, err = r.Join(host, hostName, hostSeat); err != nil {
			r.Close()
			return nil, err
		}
		return r, nil
	})
	return c, err
}

// FreeName is a name for a new room that no open room and no kept game
// has: room1, room2, and so on. The store is asked within ctx.
func (l *Lobby) FreeName(ctx context.Context) string {
	for i := 1; ; i++ {
		name := fmt.Sprintf("room%d", i)
		if l.Room(name) != nil {
			continue
		}
		if l.Store != nil {
			// A room kept under the name: try the next. Any other error
			// (the database out of reach) would be the same for every
			// name: the name is offered, and making the room says why it
			// cannot be made.
			if _, err := l.Store.Room(ctx, name); err == nil {
				continue
			}
		}
		return name
	}
}

// add puts the room that build makes under name, if the name is free and
// the lobby has room for one more.
func (l *Lobby) add(name string, build func() (*Room, error)) error {
	l.mu.Lock()
	ended := l.sweepLocked()
	err := l.addLocked(name, build)
	l.mu.Unlock()
	l.retire(ended)
	return err
}

func (l *Lobby) addLocked(name string, build func() (*Room, error)) error {
	if _, ok := l.rooms[name]; ok {
		return ErrRoomExists
	}
	if l.MaxRooms > 0 && len(l.rooms) >= l.MaxRooms && !l.evictLocked() {
		return ErrTooManyRooms
	}
	r, err := build()
	if err != nil {
		return err
	}
	l.rooms[name] = r
	return nil
}

// newRoom makes a room of the lobby around the table that makeTable makes
// from cfg: with the lobby's pool, and telling the lobby when a hand ends
// if it keeps its rooms. In a cluster the room holds lease (based: the
// store has the game's record) before its table exists, so that no write
// the table starts is fenced with another epoch.
func (l *Lobby) newRoom(cfg table.Config, lease store.Lease, based bool, makeTable func(table.Config) (*table.Table, error)) (*Room, error) {
	cfg.Rated = cfg.Rated && l.Ratings != nil
	r := &Room{lobby: l, level: cfg.Level, rated: cfg.Rated}
	r.epoch.Store(lease.Epoch)
	r.based.Store(based)
	r.until.Store(l.now().Add(LeaseTime).UnixMilli())
	cfg.Pool = l.Pool
	if l.Store != nil {
		cfg.HandEnd, cfg.Deserted = r.handEnded, r.deserted
	}
	if l.Cluster != nil {
		// Every move is the store's before anyone sees it; an undo would
		// take back moves the store holds.
		cfg.Moved, cfg.Undo = r.moved, false
		// Who waits for the deal is the store's too: the room survives
		// its server before it starts.
		cfg.Gathering = r.gathering
	}
	t, err := makeTable(cfg)
	if err != nil {
		return nil, err
	}
	r.Table = t
	return r, nil
}

// Levels are the computer levels the lobby's rooms may have: ai.Levels up
// to MaxLevel.
func (l *Lobby) Levels() []string {
	if i := slices.Index(ai.Levels, l.MaxLevel); i >= 0 {
		return ai.Levels[:i+1]
	}
	return ai.Levels
}

// level checks a restored room's computer level: one of ai.Levels (a
// saved file could name any player, with any budget), and at most
// MaxLevel.
func (l *Lobby) level(level string) (string, error) {
	if !slices.Contains(ai.Levels, level) {
		return "", refuse(RefLevelUnknown, level, strings.Join(ai.Levels, ", "))
	}
	if levels := l.Levels(); !slices.Contains(levels, level) {
		return levels[len(levels)-1], nil
	}
	return level, nil
}

// Join seats user in the room called name (see table.Table.Join), bringing it
// back from the store if it is kept there but not open.
func (l *Lobby) Join(ctx context.Context, name, user, userName string, seat int) (*table.Conn, error) {
	r := l.Room(name)
	if r == nil {
		r = l.reopen(ctx, name)
	}
	if r == nil && slices.ContainsFunc(l.remoteRooms(), func(i RoomInfo) bool { return i.Name == name }) {
		return nil, elsewhere(l.holderAddr(name), name)
	}
	if r == nil {
		return nil, ErrNoRoom
	}
	return r.Join(user, userName, seat)
}

// Room returns the open room called name, or nil.
func (l *Lobby) Room(name string) *Room {
	l.mu.Lock()
	r := l.rooms[name]
	if r == nil || !r.Ended() {
		l.mu.Unlock()
		return r
	}
	// An ended room's name is free at once, not only after a sweep.
	delete(l.rooms, name)
	l.mu.Unlock()
	l.retire([]*Room{r})
	return nil
}

// SeatedRoom is the name of an open room in which user holds a seat (one
// they were disconnected from, or are in on another connection), the first
// by name; "" if none.
func (l *Lobby) SeatedRoom(user string) string {
	var names []string
	for _, r := range l.roomList() {
		if r.Holds(user) {
			names = append(names, r.Name())
		}
	}
	if len(names) == 0 {
		return ""
	}
	return slices.Min(names)
}

// roomList returns the rooms now in the lobby, to be read without the
// lobby's lock (each room has its own).
func (l *Lobby) roomList() []*Room {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Collect(maps.Values(l.rooms))
}

// List describes the open rooms by name, and in a cluster those the
// other servers hold.
func (l *Lobby) List() []RoomInfo {
	list := l.remoteRooms()
	for _, r := range l.roomList() {
		if r.Ended() {
			continue
		}
		info := RoomInfo{
			Name: r.Name(), Players: r.Config().Game.Players, Rules: fmt.Sprint(r.Config().Game.Rules),
			Level: r.Config().Level, Started: r.Started(), Restored: r.Restored(), Rated: r.rated,
		}
		for _, s := range r.Seats() {
			switch {
			case s.Program:
				info.Bots++
			case s.Human:
				info.Humans++
			}
		}
		list = append(list, info)
	}
	slices.SortFunc(list, func(a, b RoomInfo) int { return roomOrder(a.Name, b.Name) })
	return list
}

// roomOrder orders room names as a person reads them: a run of digits
// counts as its number, so room2 comes before room10 (the names the room
// form offers); names alike but for leading zeros go in byte order.
func roomOrder(a, b string) int {
	x, y := a, b
	for x != "" && y != "" {
		nx, ny := digitRun(x), digitRun(y)
		if nx == 0 || ny == 0 {
			if x[0] != y[0] {
				return cmp.Compare(x[0], y[0])
			}
			x, y = x[1:], y[1:]
			continue
		}
		dx, dy := strings.TrimLeft(x[:nx], "0"), strings.TrimLeft(y[:ny], "0")
		if c := cmp.Or(cmp.Compare(len(dx), len(dy)), strings.Compare(dx, dy)); c != 0 {
			return c
		}
		x, y = x[nx:], y[ny:]
	}
	return cmp.Or(cmp.Compare(len(x), len(y)), strings.Compare(a, b))
}

// digitRun is the length of the run of ASCII digits s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// evictLocked makes room for a new room by forgetting a restored game
// that nobody came back to (it stays kept, for the next start or a join
// by name); it reports whether it found one.
func (l *Lobby) evictLocked() bool {
	for name, r := range l.rooms {
		if r.Idle() {
			delete(l.rooms, name)
			go r.Close() // Close waits for the room's goroutine: not under the lobby's lock
			return true
		}
	}
	return false
}

// Sweep expires grace periods and forgets the rooms that ended.
func (l *Lobby) Sweep() {
	l.mu.Lock()
	ended := l.sweepLocked()
	l.mu.Unlock()
	l.retire(ended)
}

// sweepLocked forgets the rooms that ended and returns them, for retire
// once the lobby's lock is let go.
func (l *Lobby) sweepLocked() []*Room {
	var ended []*Room
	for name, r := range l.rooms {
		r.Sweep()
		if r.Ended() {
			delete(l.rooms, name)
			ended = append(ended, r)
		}
	}
	return ended
}

// Close ends every room. The rooms that had ended by themselves are
// retired first, as a sweep would have; the results the store could not
// take are tried once more, and logged if still not written (lastResults).
func (l *Lobby) Close() {
	l.mu.Lock()
	rooms := l.rooms
	l.rooms = map[string]*Room{}
	l.mu.Unlock()
	var ended []*Room
	for _, r := range rooms {
		if r.Ended() {
			ended = append(ended, r)
		}
	}
	l.retire(ended)
	l.lastResults(rooms)
	for _, r := range rooms {
		r.Close()
	}
	for _, r := range rooms {
		// A record of who waits being written goes in before the room's
		// record is dropped and its lease given up: written after, it
		// outlived the room, or its refusal was logged as the room lost
		// to another server. Each write ends by store.CallTimeout, and
		// the rooms' run at once.
		r.gathers.Wait()
		if l.Cluster != nil && !r.Started() && !r.Restored() {
			// A room of a cluster not dealt: its people are told the
			// server stops, and nobody takes it over.
			if err := l.Store.DropCheckpoint(context.Background(), r.Name()); err != nil {
				l.logf("room %s: %v", r.Name(), err)
			}
		}
		l.unclaim(r.Name()) // saved, if it started: any server may open it again
	}
}

// now reads the lobby's clock.
func (l *Lobby) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// DefaultRoom is the table a player creates by naming a new room on the
// ssh command line, and the form's defaults: the game the issue calls
// best, four players in two teams.
var DefaultRoom = table.Config{Game: engine.Config{Players: 4, Rules: engine.Standard}, Level: "easy", Grace: 2 * time.Minute, Pace: 500 * time.Millisecond}

// NewSeed is the seed of a new room's deal.
func NewSeed() uint64 { return uint64(time.Now().UnixNano()) }
