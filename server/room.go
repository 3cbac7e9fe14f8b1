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
	ErrOnlooker    = errors.New("onlookers watch the table; they cannot play")
	ErrNoSaves     = errors.New("this server keeps no saves")
	ErrShutdown    = errors.New("the server is shutting down")
	ErrSavedSeats  = errors.New("the seats of a saved game stay as they were")
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
	Host      bool // the person is the room's host
	// Ready is set, between two hands, for a person who has asked for the
	// next one: the room deals on when every person present has.
	Ready bool
}

// presence says who is at the seat: "here", "away", or computer when no
// person holds it.
func (s SeatInfo) presence(computer string) string {
	switch {
	case s.Human && s.Connected:
		return "here"
	case s.Human:
		return "away"
	}
	return computer
}

// Update is what a room sends one seat: the table as that seat may see it.
// It never holds the room's engine.State, only the seat's Observation.
// Seats is shared between the updates of one change: read it, never write it.
type Update struct {
	Room     string
	Seat     int  // the receiving seat, or the seat an onlooker watches from
	Watching bool // the receiver is an onlooker: Obs is engine.Watch's, with no hand
	Host     bool
	Version  uint64 // bumped by every change of the room
	Seats    []SeatInfo
	Started  bool
	Ended    bool
	// Restored is set for a saved game brought back when the server
	// started, until its host starts it again.
	Restored  bool
	Onlookers int                // how many people watch the table
	Notice    string             // the latest news for everyone ("Bob is now the host")
	Obs       engine.Observation // meaningful once Started
}

// seat is the room's record of one seat.
type seat struct {
	user      string // identity of the person holding it; "" for a computer
	name      string
	away      bool      // the person disconnected and may come back
	ready     bool      // asked for the next hand (see Room.dealOnLocked)
	awaySince time.Time // when they left
	bot       ai.Player // plays the seat when there is no person or they are away
}

// Room is one table: the one authoritative game state, the seats and the
// connections watching them. All methods are safe for concurrent use.
type Room struct {
	name string
	cfg  RoomConfig
	now  func() time.Time
	dir  string // the folder Save writes into; "" keeps no saves

	mu      sync.Mutex
	host    string
	seats   []seat
	state   engine.State
	history []engine.Action // every action since engine.New, for saves
	started bool
	// restored is set for a game read back from a save; it waits for its
	// people to come back until the host starts it again.
	restored   bool
	restoredAt time.Time
	frozen     bool      // the server is shutting down: nothing moves any more
	hostGone   time.Time // since when the host has had no connection; zero while here
	notice     string
	saveMu     sync.Mutex // one save of the room at a time
	ended      bool
	version    uint64
	conns      map[*Conn]struct{}
	wake       chan struct{} // nudges the computer loop; capacity 1
	ctx        context.Context
	cancel     context.CancelFunc
	done       chan struct{} // closed when the computer loop returns

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
	st, err := engine.New(cfg.Game, cfg.Seed)
	if err != nil {
		return nil, err
	}
	return newRoom(name, host, cfg, st, now)
}

// newRoom makes a room around the game st.
func newRoom(name, host string, cfg RoomConfig, st engine.State, now func() time.Time) (*Room, error) {
	if cfg.Level == "" {
		cfg.Level = "easy"
	}
	if _, err := ai.New(cfg.Level, 0); err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Room{
		name: name, cfg: cfg, host: host, now: now,
		seats: make([]seat, cfg.Game.Players), state: st,
		conns: map[*Conn]struct{}{}, wake: make(chan struct{}, 1),
		ctx: ctx, cancel: cancel, done: make(chan struct{}),
	}
	for i := range r.seats {
		r.seats[i].name = computerName(i)
	}
	go r.loop()
	return r, nil
}

func computerName(seat int) string { return fmt.Sprintf("Computer %d", seat+1) }

// Name returns the room's name.
func (r *Room) Name() string { return r.name }

// Host returns the user id of the room's host, who may change when the
// host leaves.
func (r *Room) Host() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.host
}

// Config returns how the room was set up.
func (r *Room) Config() RoomConfig { return r.cfg }

// Join seats user (shown as name) and returns the connection that receives
// the seat's updates. A user who already holds a seat, even while away,
// gets it back whatever want says. Otherwise want picks a seat, or -1 the
// first free one; seats can be taken only before the game starts. Whoever
// cannot sit may still Watch.
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
	if r.restored && !r.started && user != r.host && !r.seatedHereLocked() {
		// The host of a saved game has the grace period from the moment
		// somebody waits for them, not from the server's start.
		r.hostGone = r.now()
	}
	c := &Conn{room: r, user: user, seat: i, updates: make(chan Update, 1)}
	r.conns[c] = struct{}{}
	if user == r.host {
		r.hostGone = time.Time{}
	} else if !r.hostPresentLocked() && (!r.restored || r.started) {
		// Nobody can start or save a room whose host is gone.
		r.passHostLocked()
	}
	r.changedLocked()
	return c, nil
}

// Watch makes user (shown as name) an onlooker of the table, seen from
// seat's place (-1: the first seat): the connection's updates carry
// engine.Watch observations, with no hand, and it can never act. An
// onlooker may come before or after the start; onlookers alone do not keep
// a room open.
func (r *Room) Watch(user, name string, seat int) (*Conn, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return nil, ErrEnded
	}
	if seat < 0 {
		seat = 0
	}
	if seat >= len(r.seats) {
		return nil, fmt.Errorf("no seat %d", seat)
	}
	c := &Conn{room: r, user: user, seat: seat, watch: true, updates: make(chan Update, 1)}
	r.conns[c] = struct{}{}
	r.changedLocked()
	return c, nil
}

// Start deals the game: empty seats get computer players. Only the host
// may start it. A restored game goes on where it was saved; the people not
// back yet have the grace period to come back.
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
	now := r.now()
	for i := range r.seats {
		s := &r.seats[i]
		switch {
		case s.user == "":
			*s = seat{name: s.name}
		case s.away:
			s.awaySince = now
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
	case r.frozen:
		return ErrShutdown
	case !r.started:
		return ErrNotStarted
	}
	i := r.seatOfLocked(user)
	if i < 0 {
		return ErrNotSeated
	}
	if r.state.HandOver() && a == engine.Continue && !r.seats[i].away {
		// Between hands everyone at the table reads the scores, so the
		// next hand waits for every person present, not for one seat.
		r.seats[i].ready = true
		r.dealOnLocked()
		r.changedLocked()
		return nil
	}
	if r.state.ToAct() != i || r.seats[i].away {
		return ErrNotYourTurn
	}
	if err := r.applyLocked(a); err != nil {
		return err
	}
	r.changedLocked()
	return nil
}

// dealOnLocked deals the next hand (or game) once every person present
// has asked for it. Computers never deal on by themselves: that would hide
// the scores from the people before they have read them.
func (r *Room) dealOnLocked() {
	if !r.started || r.ended || r.frozen || !r.state.HandOver() {
		return
	}
	present := 0
	for _, s := range r.seats {
		if s.user != "" && !s.away {
			present++
			if !s.ready {
				return
			}
		}
	}
	if present == 0 {
		return // nobody to read the next hand; wait for someone to come back
	}
	if err := r.applyLocked(engine.Continue); err != nil {
		return // cannot happen: Continue is the only action between hands
	}
	for i := range r.seats {
		r.seats[i].ready = false
	}
}

// applyLocked moves the game on by a and records it in the history.
func (r *Room) applyLocked(a engine.Action) error {
	next, err := engine.Apply(r.state, a)
	if err != nil {
		return err
	}
	r.state = next
	r.history = append(r.history, a)
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

// Restored reports whether the room is a saved game waiting for its host
// to start it again.
func (r *Room) Restored() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.restored && !r.started
}

// Ended reports whether the room is over.
func (r *Room) Ended() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ended
}

// Sweep gives the seats of people away longer than the grace period to the
// computer for good, hands the host role on when the host has been gone as
// long, and ends the room when no person is left. The lobby calls it from
// time to time; tests call it with their own clock.
func (r *Room) Sweep() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	changed := r.expireLocked()
	if !r.ended && !r.hostGone.IsZero() && r.now().Sub(r.hostGone) >= r.cfg.Grace && r.passHostLocked() {
		changed = true
	}
	if changed && !r.ended {
		r.changedLocked()
	}
}

// RestoreWait is how long a restored game waits in the lobby for its
// people before the lobby forgets it (its file stays).
const RestoreWait = 24 * time.Hour

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
// when nobody holds a seat; it reports whether anything changed. A restored
// game keeps its seats until it starts, for RestoreWait at most.
func (r *Room) expireLocked() bool {
	now := r.now()
	if r.restored && !r.started {
		if now.Sub(r.restoredAt) >= RestoreWait && !r.seatedHereLocked() {
			r.endLocked()
			return true
		}
		return false
	}
	changed := false
	for i := range r.seats {
		s := &r.seats[i]
		if s.user != "" && s.away && now.Sub(s.awaySince) >= r.cfg.Grace {
			r.seats[i] = seat{name: s.name + " (computer)"}
			changed = true
		}
	}
	// Onlookers alone do not keep a room open.
	if r.humansLocked() == 0 && (r.started || changed) {
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

// seatedHereLocked reports whether a person with a seat is connected.
func (r *Room) seatedHereLocked() bool {
	for c := range r.conns {
		if !c.watch {
			return true
		}
	}
	return false
}

// hostPresentLocked reports whether the host is connected to their seat.
func (r *Room) hostPresentLocked() bool {
	for c := range r.conns {
		if !c.watch && c.user == r.host {
			return true
		}
	}
	return false
}

// passHostLocked gives the host role to the first seated person who is
// here, and tells everyone; it reports whether the role moved.
func (r *Room) passHostLocked() bool {
	best := -1
	var user string
	for c := range r.conns {
		if !c.watch && c.user != r.host && (best < 0 || c.seat < best) {
			best, user = c.seat, c.user
		}
	}
	if best < 0 {
		if r.hostGone.IsZero() {
			r.hostGone = r.now()
		}
		return false
	}
	r.host, r.hostGone = user, time.Time{}
	r.notice = r.seats[best].name + " is now the host."
	return true
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
// computer; one who only disconnected keeps it for the grace period. A
// host who goes hands the role to another person here.
func (r *Room) leave(c *Conn, quit bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.conns[c]; !ok {
		return
	}
	delete(r.conns, c)
	close(c.updates) // only the room sends, and no longer to c
	if c.watch {
		r.changedLocked() // the count of onlookers changed
		return
	}
	for o := range r.conns {
		if !o.watch && o.user == c.user {
			return // the same person is still here on another connection
		}
	}
	s := &r.seats[c.seat]
	if s.user != c.user {
		return
	}
	switch {
	case r.restored && !r.started && !quit:
		// A saved game waits for its people.
		s.away, s.awaySince = true, r.now()
	case !r.started || quit || r.cfg.Grace <= 0:
		// Before the deal the seat is simply free again.
		r.seats[c.seat] = seat{name: computerName(c.seat)}
	default:
		s.away, s.awaySince = true, r.now()
	}
	if r.humansLocked() == 0 {
		r.endLocked()
		return
	}
	if c.user == r.host {
		r.passHostLocked()
	}
	r.dealOnLocked() // the others may all be waiting for the one who left
	r.changedLocked()
}

// sit moves c's person to seat before the start.
func (r *Room) sit(c *Conn, to int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ended:
		return ErrEnded
	case c.watch:
		return ErrOnlooker
	case r.started:
		return ErrStarted
	case r.restored:
		return ErrSavedSeats
	case to < 0 || to >= len(r.seats):
		return fmt.Errorf("no seat %d", to)
	case to == c.seat:
		return nil
	case r.seats[to].user != "":
		return ErrSeatTaken
	}
	if _, ok := r.conns[c]; !ok {
		return ErrNotSeated
	}
	from := c.seat
	r.seats[to] = r.seats[from]
	r.seats[from] = seat{name: computerName(from)}
	for o := range r.conns {
		if !o.watch && o.user == c.user {
			o.seat = to
		}
	}
	r.changedLocked()
	return nil
}

// freeSeatOnSide returns the first free seat of side, or -1.
func (r *Room) freeSeatOnSide(side int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.seats {
		if s.user == "" && r.cfg.Game.SideOf(i) == side {
			return i
		}
	}
	return -1
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
		info[i] = SeatInfo{
			Name: s.name, Human: s.user != "", Connected: s.user != "" && !s.away,
			Host: s.user != "" && s.user == r.host, Ready: s.ready,
		}
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
	watchers := 0
	for c := range r.conns {
		if c.watch {
			watchers++
		}
	}
	for c := range r.conns {
		u := Update{
			Room: r.name, Seat: c.seat, Watching: c.watch, Host: !c.watch && c.user == r.host,
			Version: r.version, Seats: seats, Started: r.started, Ended: r.ended,
			Restored: r.restored && !r.started, Onlookers: watchers, Notice: r.notice,
		}
		switch {
		case !r.started:
		case c.watch:
			u.Obs = engine.Watch(&r.state, c.seat)
		default:
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
			if r.ended || !r.started || r.frozen || r.state.HandOver() {
				r.mu.Unlock()
				break // between hands the people deal on (dealOnLocked)
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
			if r.version == version && !r.ended && !r.frozen {
				if err := r.applyLocked(a); err == nil {
					r.changedLocked()
				}
			}
			r.mu.Unlock()
		}
	}
}

// Conn is one session's link to its seat: updates come on Updates, actions
// go through Act. An onlooker's Conn watches a seat's place and cannot act.
type Conn struct {
	room    *Room
	user    string
	seat    int         // guarded by room.mu: Sit moves it
	watch   bool        // an onlooker
	updates chan Update // capacity 1: holds only the latest update
}

// Seat returns the seat this connection plays, or watches from.
func (c *Conn) Seat() int {
	c.room.mu.Lock()
	defer c.room.mu.Unlock()
	return c.seat
}

// Watching reports whether this connection is an onlooker's.
func (c *Conn) Watching() bool { return c.watch }

// Room returns the room.
func (c *Conn) Room() *Room { return c.room }

// Updates delivers the seat's view after every change of the room. A slow
// reader misses intermediate views, never the latest one.
func (c *Conn) Updates() <-chan Update { return c.updates }

// Act takes action a for this connection's seat. An onlooker gets
// ErrOnlooker.
func (c *Conn) Act(a engine.Action) error {
	if c.watch {
		return ErrOnlooker
	}
	return c.room.Act(c.user, a)
}

// Start starts the game, if this connection's user is the host.
func (c *Conn) Start() error {
	if c.watch {
		return ErrOnlooker
	}
	return c.room.Start(c.user)
}

// Sit moves this connection's person to another free seat before the
// start.
func (c *Conn) Sit(seat int) error { return c.room.sit(c, seat) }

// SitSide moves this connection's person to the first free seat of side
// (a team with 4 or 6 players) before the start.
func (c *Conn) SitSide(side int) error {
	i := c.room.freeSeatOnSide(side)
	if i < 0 {
		return ErrNoSeat
	}
	return c.room.sit(c, i)
}

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
