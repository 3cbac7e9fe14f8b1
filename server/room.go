package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// The reasons a room refuses a request.
var (
	ErrStarted     = errors.New("the game has already started")
	ErrNotStarted  = errors.New("the game has not started")
	ErrEnded       = errors.New("the room has ended")
	ErrNotHost     = errors.New("only the host can do that")
	ErrSeatTaken   = errors.New("that seat is taken")
	ErrNoSeat      = errors.New("there is no free seat")
	ErrNotSeated   = errors.New("you have no seat in this room")
	ErrNotYourTurn = errors.New("it is not your turn")
)

// RoomConfig is how a room is set up when it is created.
type RoomConfig struct {
	Game  engine.Config
	Level string // computer level (ai.Levels or an ai player name) for empty seats
	Seed  uint64 // the game's seed; computer seats derive theirs from it
	// Grace is how long a disconnected player keeps a seat while a computer
	// plays it for them.
	Grace time.Duration
	// Pace is the pause before each computer move, so people can follow the
	// table; zero in tests.
	Pace time.Duration
}

// SeatInfo is the public description of one seat.
type SeatInfo struct {
	Name      string
	Human     bool // held by a person (who may be away, see Connected)
	Connected bool // the person is here now
}

// Update is what a room sends one seat: the table as that seat may see it.
// It never holds the room's engine.State, only the seat's Observation.
// Seats is shared between the updates of one change: read it, never write it.
type Update struct {
	Room    string
	Seat    int // the receiving seat
	Host    bool
	Version uint64 // bumped by every change of the room
	Seats   []SeatInfo
	Started bool
	Ended   bool
	Obs     engine.Observation // meaningful once Started
}

// seat is the room's record of one seat.
type seat struct {
	user      string // identity of the person holding it; "" for a computer
	name      string
	away      bool      // the person disconnected and may come back
	awaySince time.Time // when they left
	bot       ai.Player // plays the seat when there is no person or they are away
}

// Room is one table: the one authoritative game state, the seats and the
// connections watching them. All methods are safe for concurrent use.
type Room struct {
	name string
	cfg  RoomConfig
	host string
	now  func() time.Time

	mu      sync.Mutex
	seats   []seat
	state   engine.State
	started bool
	ended   bool
	version uint64
	conns   map[*Conn]struct{}
	wake    chan struct{} // nudges the computer loop; capacity 1
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{} // closed when the computer loop returns

	// onChange, when set (tests), sees every state the room reaches with
	// its version, under the room's lock.
	onChange func(version uint64, s engine.State)
}

// NewRoom makes a room named name whose host is user host. The game is dealt
// when the host starts it; until then people join and pick seats.
func NewRoom(name, host string, cfg RoomConfig, now func() time.Time) (*Room, error) {
	if err := cfg.Game.Validate(); err != nil {
		return nil, err
	}
	if cfg.Level == "" {
		cfg.Level = "easy"
	}
	if _, err := ai.New(cfg.Level, 0); err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	st, err := engine.New(cfg.Game, cfg.Seed)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Room{
		name: name, cfg: cfg, host: host, now: now,
		seats: make([]seat, cfg.Game.Players), state: st,
		conns: map[*Conn]struct{}{}, wake: make(chan struct{}, 1),
		ctx: ctx, cancel: cancel, done: make(chan struct{}),
	}
	for i := range r.seats {
		r.seats[i].name = fmt.Sprintf("Computer %d", i+1)
	}
	go r.loop()
	return r, nil
}

// Name returns the room's name.
func (r *Room) Name() string { return r.name }

// Host returns the user id of the room's host.
func (r *Room) Host() string { return r.host }

// Config returns how the room was set up.
func (r *Room) Config() RoomConfig { return r.cfg }

// Join seats user (shown as name) and returns the connection that receives
// the seat's updates. A user who already holds a seat, even while away,
// gets it back whatever want says. Otherwise want picks a seat, or -1 the
// first free one; seats can be taken only before the game starts.
func (r *Room) Join(user, name string, want int) (*Conn, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return nil, ErrEnded
	}
	r.expireLocked()
	i := r.seatOfLocked(user)
	if i < 0 {
		if r.started {
			return nil, ErrStarted
		}
		switch {
		case want < 0:
			for j := range r.seats {
				if r.seats[j].user == "" {
					i = j
					break
				}
			}
			if i < 0 {
				return nil, ErrNoSeat
			}
		case want >= len(r.seats):
			return nil, fmt.Errorf("no seat %d", want)
		case r.seats[want].user != "":
			return nil, ErrSeatTaken
		default:
			i = want
		}
		r.seats[i] = seat{user: user, name: name}
	}
	s := &r.seats[i]
	s.away = false
	c := &Conn{room: r, user: user, seat: i, updates: make(chan Update, 1)}
	r.conns[c] = struct{}{}
	r.changedLocked()
	return c, nil
}

// Start deals the game: empty seats get computer players. Only the host
// may start it.
func (r *Room) Start(user string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ended:
		return ErrEnded
	case r.started:
		return ErrStarted
	case user != r.host:
		return ErrNotHost
	}
	for i := range r.seats {
		if r.seats[i].user == "" {
			r.seats[i] = seat{name: r.seats[i].name}
		}
	}
	r.started = true
	r.changedLocked()
	return nil
}

// Act takes action a for user, who must hold the seat to act and be here.
// The engine checks the action; its refusal comes back as the error.
func (r *Room) Act(user string, a engine.Action) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ended:
		return ErrEnded
	case !r.started:
		return ErrNotStarted
	}
	i := r.seatOfLocked(user)
	if i < 0 {
		return ErrNotSeated
	}
	if r.state.ToAct() != i || r.seats[i].away {
		return ErrNotYourTurn
	}
	next, err := engine.Apply(r.state, a)
	if err != nil {
		return err
	}
	r.state = next
	r.changedLocked()
	return nil
}

// Seats describes the seats now.
func (r *Room) Seats() []SeatInfo {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seatInfoLocked()
}

// Started reports whether the game has been dealt.
func (r *Room) Started() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started
}

// Ended reports whether the room is over.
func (r *Room) Ended() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ended
}

// Sweep gives the seats of people away longer than the grace period to the
// computer for good, and ends the room when no person is left. The lobby
// calls it from time to time; tests call it with their own clock.
func (r *Room) Sweep() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	if r.expireLocked() {
		r.changedLocked()
	}
}

// Close ends the room at once and stops its computer players.
func (r *Room) Close() {
	r.mu.Lock()
	if !r.ended {
		r.endLocked()
	}
	r.mu.Unlock()
	<-r.done
}

// expireLocked frees the seats whose grace period ran out and ends the room
// when nobody holds a seat or watches; it reports whether anything changed.
func (r *Room) expireLocked() bool {
	changed := false
	now := r.now()
	for i := range r.seats {
		s := &r.seats[i]
		if s.user != "" && s.away && now.Sub(s.awaySince) >= r.cfg.Grace {
			r.seats[i] = seat{name: s.name + " (computer)"}
			changed = true
		}
	}
	if r.humansLocked() == 0 && len(r.conns) == 0 && (r.started || changed) {
		r.endLocked()
		return true
	}
	return changed
}

// humansLocked counts the seats held by people, here or away.
func (r *Room) humansLocked() int {
	n := 0
	for _, s := range r.seats {
		if s.user != "" {
			n++
		}
	}
	return n
}

func (r *Room) endLocked() {
	r.ended = true
	r.cancel()
	r.changedLocked()
	// The last update said Ended; closing tells readers nothing follows.
	for c := range r.conns {
		delete(r.conns, c)
		close(c.updates)
	}
}

// leave drops connection c. A player who quits gives the seat to the
// computer; one who only disconnected keeps it for the grace period.
func (r *Room) leave(c *Conn, quit bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.conns[c]; !ok {
		return
	}
	delete(r.conns, c)
	close(c.updates) // only the room sends, and no longer to c
	for o := range r.conns {
		if o.seat == c.seat {
			return // the same person is still here on another connection
		}
	}
	s := &r.seats[c.seat]
	if s.user != c.user {
		return
	}
	switch {
	case !r.started || quit || r.cfg.Grace <= 0:
		// Before the deal the seat is simply free again.
		r.seats[c.seat] = seat{name: fmt.Sprintf("Computer %d", c.seat+1)}
	default:
		s.away, s.awaySince = true, r.now()
	}
	if r.humansLocked() == 0 {
		r.endLocked()
		return
	}
	r.changedLocked()
}

func (r *Room) seatOfLocked(user string) int {
	for i, s := range r.seats {
		if s.user != "" && s.user == user {
			return i
		}
	}
	return -1
}

func (r *Room) seatInfoLocked() []SeatInfo {
	info := make([]SeatInfo, len(r.seats))
	for i, s := range r.seats {
		info[i] = SeatInfo{Name: s.name, Human: s.user != "", Connected: s.user != "" && !s.away}
	}
	return info
}

// changedLocked records a change: every connection gets its seat's new
// view, and the computer loop looks whether it has a move to make.
func (r *Room) changedLocked() {
	r.version++
	if r.onChange != nil {
		r.onChange(r.version, r.state)
	}
	seats := r.seatInfoLocked()
	for c := range r.conns {
		u := Update{
			Room: r.name, Seat: c.seat, Host: c.user == r.host, Version: r.version,
			Seats: seats, Started: r.started, Ended: r.ended,
		}
		if r.started {
			u.Obs = engine.Observe(&r.state, c.seat)
		}
		c.push(u)
	}
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// loop plays the computer seats (and the seats of people away) until the
// room ends. The search runs outside the lock; its answer is dropped if the
// room moved on meanwhile.
func (r *Room) loop() {
	defer close(r.done)
	var buf [engine.MaxLegal]engine.Action
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-r.wake:
		}
		for {
			r.mu.Lock()
			if r.ended || !r.started {
				r.mu.Unlock()
				break
			}
			i := r.state.ToAct()
			s := &r.seats[i]
			if s.user != "" && !s.away {
				r.mu.Unlock()
				break
			}
			if s.bot == nil {
				bot, err := ai.New(r.cfg.Level, r.cfg.Seed^uint64(i+1)*0x9e3779b97f4a7c15)
				if err != nil { // checked in NewRoom: cannot happen
					r.mu.Unlock()
					return
				}
				s.bot = bot
			}
			bot, version := s.bot, r.version
			obs := engine.Observe(&r.state, i)
			r.mu.Unlock()

			if r.cfg.Pace > 0 {
				select {
				case <-r.ctx.Done():
					return
				case <-time.After(r.cfg.Pace):
				}
			}
			a := bot.Choose(r.ctx, &obs, obs.Legal(buf[:0]))
			if r.ctx.Err() != nil {
				return
			}

			r.mu.Lock()
			if r.version == version && !r.ended {
				if next, err := engine.Apply(r.state, a); err == nil {
					r.state = next
					r.changedLocked()
				}
			}
			r.mu.Unlock()
		}
	}
}

// Conn is one session's link to its seat: updates come on Updates, actions
// go through Act.
type Conn struct {
	room    *Room
	user    string
	seat    int
	updates chan Update // capacity 1: holds only the latest update
}

// Seat returns the seat this connection plays.
func (c *Conn) Seat() int { return c.seat }

// Room returns the room.
func (c *Conn) Room() *Room { return c.room }

// Updates delivers the seat's view after every change of the room. A slow
// reader misses intermediate views, never the latest one.
func (c *Conn) Updates() <-chan Update { return c.updates }

// Act takes action a for this connection's seat.
func (c *Conn) Act(a engine.Action) error { return c.room.Act(c.user, a) }

// Start starts the game, if this connection's user is the host.
func (c *Conn) Start() error { return c.room.Start(c.user) }

// Leave disconnects: the seat waits for the player for the grace period.
func (c *Conn) Leave() { c.room.leave(c, false) }

// Quit gives the seat up to a computer player for good.
func (c *Conn) Quit() { c.room.leave(c, true) }

// push replaces any unread update by u. Only the room sends, under its
// lock, so after draining there is room for u.
func (c *Conn) push(u Update) {
	select {
	case c.updates <- u:
		return
	default:
	}
	select {
	case <-c.updates:
	default:
	}
	c.updates <- u
}
