// Package table runs games of Mille Bornes: a Table holds the one
// authoritative game and its record, who sits at each seat, the computer
// players of the seats that no person plays now, and the connections
// through which people play and watch.
//
// Local play and every room of the server are tables. Nothing that leaves
// a table carries its engine.State: each connection receives only what its
// seat may see (engine.Observe, or engine.Watch for an onlooker) in a View,
// and sends the actions it intends, which the table checks with the
// engine. The terminal program (package ui) is a view over one connection.
package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// The reasons a table refuses a request.
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
	ErrFrozen      = errors.New("the server is shutting down")
	ErrSavedSeats  = errors.New("the seats of a saved game stay as they were")
	ErrNotPlayer   = errors.New("this saved game's seats are its players': you may watch, or its host may open the free seats")
	ErrNoUndo      = errors.New("nothing to undo in this hand")
	ErrUndoShared  = errors.New("no undo at a shared table")
)

// Config is how a table is set up.
type Config struct {
	Game engine.Config
	// Level is the computer level (ai.Levels, or an ai player name) of the
	// seats no person takes, and of seats people give up.
	Level string
	// Seed is the game's seed; computer seats derive theirs from it.
	Seed uint64
	// Grace is how long a disconnected person keeps a seat while a
	// computer plays it for them.
	Grace time.Duration
	// Pace is the shortest time a computer move takes, so people can
	// follow the table; zero in tests. SetPace changes it.
	Pace time.Duration
	// Undo lets the only person at the table take back their last decision
	// of a hand (Conn.Undo); a table shared by people never allows it.
	Undo bool
	// NewPlayer makes the computer player of a seat; nil means ai.New.
	NewPlayer func(level string, seed uint64) (ai.Player, error)
	// Pool, when set, is shared with other tables: the computers search
	// only with a place in it, one goroutine each, within its time a move.
	// nil (local play): they search as their level says, at once.
	Pool *Pool
	// HandEnd, when set, receives the game as it stands at the end of
	// every hand (and so of every game), for the program that keeps it.
	// It is called under the table's lock: it must return at once and
	// must not call the table.
	HandEnd func(Checkpoint)
}

// Checkpoint is a game at one moment: its record and who holds its seats.
type Checkpoint struct {
	Game    save.Game
	Seating Seating
}

// SeatInfo is the public description of one seat.
type SeatInfo struct {
	Name      string
	Human     bool // held by a person (who may be away, see Connected)
	Connected bool // the person is here now
	Host      bool // the person is the table's host
	// Ready is set, between two hands, for a person who has asked for the
	// next one: the table deals on when every person present has.
	Ready bool
}

// Presence says who is at the seat: "here", "away", or computer when no
// person holds it.
func (s SeatInfo) Presence(computer string) string {
	switch {
	case s.Human && s.Connected:
		return "here"
	case s.Human:
		return "away"
	}
	return computer
}

// View is what a table sends one connection: the table as that seat may
// see it. It never holds the table's engine.State, only the seat's
// Observation. Seats is shared between the views of one change: read it,
// never write it.
type View struct {
	Room     string // the table's name
	Seat     int    // the seat the connection shows now
	Watching bool   // an onlooker: Obs is engine.Watch's, with no hand
	Host     bool
	Version  uint64 // bumped by every change of the table
	Seats    []SeatInfo
	// Mine lists the seats the connection plays: one, or several for
	// people who share a keyboard (hot-seat); none for an onlooker.
	Mine []int
	// Next is the seat of Mine whose decision the table waits for, -1
	// when it waits for nobody here. With several seats it may differ
	// from Seat: the keyboard must then pass to that seat's person.
	Next int
	// CanUndo says the connection may take back a decision now (Undo).
	CanUndo bool
	Started bool
	Ended   bool
	// Restored is set for a saved game brought back when the server
	// started, until its host starts it again.
	Restored bool
	// OpenSeats says the host of a restored game lets people who were not
	// in it take its free seats (Conn.OpenSeats).
	OpenSeats bool
	Onlookers int                // how many people watch the table
	Notice    string             // the latest news for everyone ("Bob is now the host")
	Obs       engine.Observation // meaningful once Started
	// Makers says who made each seat's moves, where that changed (a
	// person left, or was away): see NamesAt.
	Makers []Maker
}

// Plays reports whether the connection plays seat.
func (v *View) Plays(seat int) bool {
	for _, s := range v.Mine {
		if s == seat {
			return true
		}
	}
	return false
}

// seat is the table's record of one seat.
type seat struct {
	user      string // identity of the person holding it; "" for a computer
	name      string
	level     string    // the computer's level, when no person holds it
	away      bool      // the person disconnected and may come back
	ready     bool      // asked for the next hand (see Table.dealOnLocked)
	awaySince time.Time // when they left
	bot       ai.Player // plays the seat when there is no person or they are away
	// gaveUp is the person who played the seat until they left the game
	// in play (quit, or away past the grace period): a computer plays it
	// now, and they may take it back (Join).
	gaveUp string
}

// Table is one game: the one authoritative state, the seats and the
// connections watching them. All methods are safe for concurrent use.
type Table struct {
	name string
	cfg  Config
	now  func() time.Time

	mu      sync.Mutex
	host    string
	seats   []seat
	state   engine.State
	history []engine.Action // every action since engine.New, for saves
	// handAt is the state at the deal of the hand in play and handBase
	// the length of history then: undo replays the hand from there.
	handAt   engine.State
	handBase int
	started  bool
	// restored is set for a game read back from a save; it waits for its
	// people to come back until the host starts it again.
	restored   bool
	restoredAt time.Time
	// owners are the people of a restored game, by identity: the saved
	// seats stay theirs, and only they may host it. nil for a game that
	// was not restored.
	owners map[string]bool
	// openSeats: the host lets people outside owners take the free seats
	// of a restored game before it starts again.
	openSeats bool
	frozen    bool      // the server is shutting down: nothing moves any more
	held      bool      // Hold: computers wait
	hostGone  time.Time // since when the host has had no connection; zero while here
	notice    string
	makers    []Maker // who made each seat's moves (makers.go)
	ended     bool
	version   uint64
	moves     uint64             // bumped by every change of the state
	search    context.CancelFunc // cancels the computer search under way
	conns     map[*Conn]struct{}
	wake      chan struct{} // nudges the computer loop; capacity 1
	ctx       context.Context
	cancel    context.CancelFunc
	done      chan struct{} // closed when the computer loop returns

	// onChange, when set (tests), sees every state the table reaches with
	// its version, under the table's lock.
	onChange func(version uint64, s engine.State)
}

// New makes a table named name whose host is user host. The game is dealt
// when the host starts it; until then people join and pick seats.
func New(name, host string, cfg Config, now func() time.Time) (*Table, error) {
	if err := cfg.Game.Validate(); err != nil {
		return nil, err
	}
	st, err := engine.New(cfg.Game, cfg.Seed)
	if err != nil {
		return nil, err
	}
	return newTable(name, host, cfg, st, now)
}

// newTable makes a table around the game st.
func newTable(name, host string, cfg Config, st engine.State, now func() time.Time) (*Table, error) {
	if cfg.Level == "" {
		cfg.Level = "easy"
	}
	if cfg.NewPlayer == nil {
		cfg.NewPlayer = ai.New
	}
	if _, err := cfg.NewPlayer(cfg.Level, 0); err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	t := &Table{
		name: name, cfg: cfg, host: host, now: now,
		seats: make([]seat, cfg.Game.Players), state: st, handAt: st,
		conns: map[*Conn]struct{}{}, wake: make(chan struct{}, 1),
		ctx: ctx, cancel: cancel, done: make(chan struct{}),
	}
	for i := range t.seats {
		t.seats[i] = seat{name: ComputerName(i), level: cfg.Level}
	}
	go t.loop()
	return t, nil
}

// ComputerName is the name of a seat no person has taken.
func ComputerName(seat int) string { return fmt.Sprintf("Computer %d", seat+1) }

// FromRecord makes a table from a game record g (a save) with its history:
// the seats keep the record's names and levels, and the seats whose users
// are given (users[i], "" for none) belong to those people, who are away
// until they join. The table starts at once unless restored is set: then
// it is a saved game waiting for its people until its host starts it, and
// it belongs to them: their seats stay theirs for good (a computer plays
// a seat while its person is away), only they may host it, and anyone
// else may only watch unless the host opens the free seats (OpenSeats).
// A host who holds no seat gives the role to the first person who does.
func FromRecord(name string, g save.Game, users []string, host string, restored bool, cfg Config, now func() time.Time) (*Table, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	cfg.Game, cfg.Seed = g.State.Config, g.State.Seed
	t, err := newTable(name, host, cfg, g.State, now)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.history = append(t.history, g.History...)
	t.markHandLocked()
	at := t.now()
	t.restored, t.restoredAt = restored, at
	t.started = !restored
	if restored {
		t.hostGone = at
	}
	for i, s := range g.Seats {
		if s.Name != "" {
			t.seats[i].name = s.Name
		}
		if s.Level != "" {
			t.seats[i].level = s.Level
		}
		if i < len(users) && users[i] != "" {
			t.seats[i].user, t.seats[i].away, t.seats[i].awaySince = users[i], true, at
		}
	}
	if restored {
		t.owners = map[string]bool{}
		for _, s := range t.seats {
			if s.user != "" {
				t.owners[s.user] = true
			}
		}
		if !t.owners[t.host] {
			for _, s := range t.seats {
				if s.user != "" {
					t.host = s.user
					break
				}
			}
		}
	}
	return t, nil
}

// markHandLocked finds the deal of the hand in play by replaying the
// history, so that undo works after a table is made from a record.
func (t *Table) markHandLocked() {
	s, err := engine.New(t.cfg.Game, t.cfg.Seed)
	if err != nil {
		return
	}
	t.handAt, t.handBase = s, 0
	for i, a := range t.history {
		if s.Step(a) != nil {
			return // cannot happen: save.Game.Check replayed it
		}
		if a.Kind() == engine.KindContinue {
			t.handAt, t.handBase = s, i+1
		}
	}
}

// Name returns the table's name.
func (t *Table) Name() string { return t.name }

// Host returns the user id of the table's host, who may change when the
// host leaves.
func (t *Table) Host() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.host
}

// Config returns how the table was set up (Redeal changes its seed).
func (t *Table) Config() Config {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cfg
}

// State returns the game now. It is for the program that runs the table
// (and its tests), never for a player: players see Views.
func (t *Table) State() engine.State {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.state
}

// Join seats user (shown as name) and returns the connection that receives
// the seat's views. A user who already holds seats, even while away, gets
// them back whatever want says. Otherwise want picks a seat, or -1 the
// first free one; seats can be taken only before the game starts. Whoever
// cannot sit may still Watch.
func (t *Table) Join(user, name string, want int) (*Conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return nil, ErrEnded
	}
	t.expireLocked()
	mine := t.seatsOfLocked(user)
	if len(mine) == 0 && t.started {
		// A person who left the game in play comes back to their seats.
		for i := range t.seats {
			if t.seats[i].user == "" && t.seats[i].gaveUp == user {
				t.seats[i] = seat{user: user, name: name, bot: t.seats[i].bot}
				mine = append(mine, i)
			}
		}
		if len(mine) > 0 {
			t.notice = name + " is back."
		}
	}
	if len(mine) == 0 {
		switch {
		case t.started:
			return nil, ErrStarted
		case t.owners != nil && !t.openSeats:
			return nil, ErrNotPlayer
		}
		i := -1
		switch {
		case want < 0:
			for j := range t.seats {
				if t.seats[j].user == "" {
					i = j
					break
				}
			}
			if i < 0 {
				return nil, ErrNoSeat
			}
		case want >= len(t.seats):
			return nil, fmt.Errorf("no seat %d", want)
		case t.seats[want].user != "":
			return nil, ErrSeatTaken
		default:
			i = want
		}
		t.seats[i] = seat{user: user, name: name}
		mine = []int{i}
	}
	for _, i := range mine {
		t.seats[i].away = false
	}
	if t.restored && !t.started && user != t.host && !t.seatedHereLocked() {
		// The host of a saved game has the grace period from the moment
		// somebody waits for them, not from the server's start.
		t.hostGone = t.now()
	}
	c := &Conn{table: t, user: user, seat: mine[0], updates: make(chan View, 1)}
	t.conns[c] = struct{}{}
	if user == t.host {
		t.hostGone = time.Time{}
	} else if !t.hostPresentLocked() && (!t.restored || t.started) {
		// Nobody can start or save a table whose host is gone.
		t.passHostLocked()
	}
	t.changedLocked()
	return c, nil
}

// Watch makes user (shown as name) an onlooker of the table, seen from
// seat's place (-1: the first seat): the connection's views carry
// engine.Watch observations, with no hand, and it can never act. An
// onlooker may come before or after the start; onlookers alone do not keep
// a table open.
func (t *Table) Watch(user, name string, seat int) (*Conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return nil, ErrEnded
	}
	if seat < 0 {
		seat = 0
	}
	if seat >= len(t.seats) {
		return nil, fmt.Errorf("no seat %d", seat)
	}
	c := &Conn{table: t, user: user, seat: seat, watch: true, updates: make(chan View, 1)}
	t.conns[c] = struct{}{}
	t.changedLocked()
	return c, nil
}

// Start deals the game: empty seats get computer players. Only the host
// may start it. A restored game goes on where it was saved; the people not
// back yet have the grace period to come back.
func (t *Table) Start(user string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.started:
		return ErrStarted
	case user != t.host:
		return ErrNotHost
	}
	now := t.now()
	for i := range t.seats {
		s := &t.seats[i]
		switch {
		case s.user == "":
			*s = seat{name: s.name, level: s.level}
			if s.level == "" {
				s.level = t.cfg.Level
			}
		case s.away:
			s.awaySince = now
		}
	}
	t.started = true
	t.changedLocked()
	return nil
}

// Act takes action a for user, who must hold the seat to act and be here.
// The engine checks the action; its refusal comes back as the error.
func (t *Table) Act(user string, a engine.Action) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.frozen:
		return ErrFrozen
	case !t.started:
		return ErrNotStarted
	}
	mine := t.seatsOfLocked(user)
	if len(mine) == 0 {
		return ErrNotSeated
	}
	if t.state.HandOver() && a == engine.Continue && !t.seats[mine[0]].away {
		// Between hands everyone at the table reads the scores, so the
		// next hand waits for every person present, not for one seat.
		for _, i := range mine {
			t.seats[i].ready = true
		}
		t.dealOnLocked()
		t.changedLocked()
		return nil
	}
	i := t.state.ToAct()
	if !t.holdsLocked(user, i) || t.seats[i].away {
		return ErrNotYourTurn
	}
	if err := t.applyLocked(a); err != nil {
		return err
	}
	t.changedLocked()
	return nil
}

// Holds reports whether user holds a seat of the table, here or away
// (not one they gave up).
func (t *Table) Holds(user string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.ended && len(t.seatsOfLocked(user)) > 0
}

// holdsLocked reports whether user holds seat.
func (t *Table) holdsLocked(user string, seat int) bool {
	return user != "" && t.seats[seat].user == user
}

// dealOnLocked deals the next hand (or game) once every person present
// has asked for it. Computers never deal on by themselves: that would hide
// the scores from the people before they have read them.
func (t *Table) dealOnLocked() {
	if !t.started || t.ended || t.frozen || !t.state.HandOver() {
		return
	}
	present := 0
	for _, s := range t.seats {
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
	if err := t.applyLocked(engine.Continue); err != nil {
		return // cannot happen: Continue is the only action between hands
	}
	for i := range t.seats {
		t.seats[i].ready = false
	}
}

// applyLocked moves the game on by a and records it in the history.
func (t *Table) applyLocked(a engine.Action) error {
	next, err := engine.Apply(t.state, a)
	if err != nil {
		return err
	}
	over := t.state.HandOver()
	t.state = next
	t.history = append(t.history, a)
	if a.Kind() == engine.KindContinue {
		t.handAt, t.handBase = next, len(t.history)
	}
	t.movedLocked()
	if !over && next.HandOver() && t.cfg.HandEnd != nil {
		t.cfg.HandEnd(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()})
	}
	return nil
}

// movedLocked records a change of the state: a computer search for the
// state before it is no longer wanted.
func (t *Table) movedLocked() {
	t.moves++
	if t.search != nil {
		t.search()
		t.search = nil
	}
}

// undoPointLocked is the index in the history of user's last decision
// of this hand (play, discard, coup fourré or extension choice) that may
// be taken back, or -1: only the table's one person may, and only until
// the hand is over. Dealing on is not undone: that would only show the
// same deal again.
func (t *Table) undoPointLocked(user string) int {
	if !t.cfg.Undo || !t.started || t.ended || t.frozen || t.humansLocked() != 1 || t.state.HandOver() {
		return -1
	}
	s := t.handAt
	last := -1
	for i := t.handBase; i < len(t.history); i++ {
		if t.holdsLocked(user, s.ToAct()) {
			last = i
		}
		if s.Step(t.history[i]) != nil {
			return -1 // cannot happen: the history replays
		}
	}
	return last
}

// undoLocked takes back user's last decision of this hand and everything
// after it.
func (t *Table) undoLocked(user string) error {
	switch {
	case t.ended:
		return ErrEnded
	case t.frozen:
		return ErrFrozen
	case !t.started:
		return ErrNotStarted
	case !t.cfg.Undo || t.humansLocked() != 1:
		// Taking back a move another person has seen answered would be
		// unfair.
		return ErrUndoShared
	}
	last := t.undoPointLocked(user)
	if last < 0 {
		return ErrNoUndo
	}
	s := t.handAt
	for _, a := range t.history[t.handBase:last] {
		_ = s.Step(a) // replayed by undoPointLocked
	}
	t.state = s
	t.history = t.history[:last]
	t.movedLocked()
	return nil
}

// Record returns the game as package save keeps it: the seats (a person's
// seat is Human), the state and the whole history.
func (t *Table) Record() save.Game {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.recordLocked()
}

func (t *Table) recordLocked() save.Game {
	g := save.Game{
		Seats:   make([]save.Seat, len(t.seats)),
		State:   t.state,
		History: append([]engine.Action(nil), t.history...),
	}
	for i, s := range t.seats {
		name := []rune(s.name)
		if len(name) > save.MaxNameLen {
			name = name[:save.MaxNameLen]
		}
		g.Seats[i] = save.Seat{Name: string(name), Human: s.user != ""}
		if s.user == "" {
			g.Seats[i].Level = s.level
		}
	}
	return g
}

// Seating says who holds each seat ("" for a computer's) and who hosts.
type Seating struct {
	Users []string
	Host  string
}

func (t *Table) seatingLocked() Seating {
	st := Seating{Users: make([]string, len(t.seats)), Host: t.host}
	for i, s := range t.seats {
		st.Users[i] = s.user
	}
	return st
}

// Snapshot returns the record of the game and its seating, for user, who
// must be the host of a game dealt or restored.
func (t *Table) Snapshot(user string) (save.Game, Seating, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return save.Game{}, Seating{}, ErrEnded
	case t.frozen:
		return save.Game{}, Seating{}, ErrFrozen
	case !t.started && !t.restored:
		return save.Game{}, Seating{}, ErrNotStarted
	case user != t.host:
		return save.Game{}, Seating{}, ErrNotHost
	case len(t.seatsOfLocked(user)) == 0:
		return save.Game{}, Seating{}, ErrNotSeated
	}
	return t.recordLocked(), t.seatingLocked(), nil
}

// Checkpoint returns the game as it stands, for the program that keeps
// it, while it is being played: dealt, not frozen, not ended.
func (t *Table) Checkpoint() (Checkpoint, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return Checkpoint{}, ErrEnded
	case t.frozen:
		return Checkpoint{}, ErrFrozen
	case !t.started:
		return Checkpoint{}, ErrNotStarted
	}
	return Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, nil
}

// OpenSeats lets people who were not in a restored game take its free
// seats before it starts again (on), or stops letting them (off). Only
// the host may; the seats already taken stay taken.
func (t *Table) OpenSeats(user string, on bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.started:
		return ErrStarted
	case user != t.host:
		return ErrNotHost
	case t.owners == nil:
		return nil // the seats of a new game are open to all
	}
	if t.openSeats != on {
		t.openSeats = on
		t.changedLocked()
	}
	return nil
}

// Version counts the changes of the table.
func (t *Table) Version() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.version
}

// Redeal deals the game again from another seed, before the start (a
// game made for a test or a demonstration plays a known deal).
func (t *Table) Redeal(seed uint64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.started {
		return ErrStarted
	}
	st, err := engine.New(t.cfg.Game, seed)
	if err != nil {
		return err
	}
	t.cfg.Seed, t.state, t.handAt, t.handBase, t.history = seed, st, st, 0, nil
	t.changedLocked()
	return nil
}

// Seats describes the seats now.
func (t *Table) Seats() []SeatInfo {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seatInfoLocked()
}

// Started reports whether the game has been dealt.
func (t *Table) Started() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.started
}

// Restored reports whether the table is a saved game waiting for its host
// to start it again.
func (t *Table) Restored() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.restored && !t.started
}

// Ended reports whether the table is over.
func (t *Table) Ended() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ended
}

// Idle reports whether the table is a restored game that nobody has come
// back to yet.
func (t *Table) Idle() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.restored && !t.started && !t.ended && len(t.conns) == 0
}

// Notify tells everyone at the table some news ("The host saved the
// game.").
func (t *Table) Notify(notice string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.notice = notice
	if !t.ended {
		t.changedLocked()
	}
}

// Freeze stops a game dealt or restored for good (the server is shutting
// down): nothing moves any more, and it returns the record and seating as
// they stand.
func (t *Table) Freeze() (save.Game, Seating, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return save.Game{}, Seating{}, ErrEnded
	case !t.started && !t.restored:
		return save.Game{}, Seating{}, ErrNotStarted
	}
	t.frozen = true
	t.movedLocked() // stops the search under way
	return t.recordLocked(), t.seatingLocked(), nil
}

// Hold stops the computer players while on is set (the person reads the
// rules, or sets up another game), and lets them go on when it is not.
func (t *Table) Hold(on bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held == on {
		return
	}
	t.held = on
	if on {
		t.movedLocked()
	}
	t.wakeLocked()
}

// SetPace sets the shortest time a computer move takes from now on.
func (t *Table) SetPace(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cfg.Pace = d
}

// Sweep gives the seats of people away longer than the grace period to the
// computer for good, hands the host role on when the host has been gone as
// long, and ends the table when no person is left. The lobby calls it from
// time to time; tests call it with their own clock.
func (t *Table) Sweep() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ended {
		return
	}
	changed := t.expireLocked()
	if !t.ended && !t.hostGone.IsZero() && t.now().Sub(t.hostGone) >= t.cfg.Grace && t.passHostLocked() {
		changed = true
	}
	if changed && !t.ended {
		t.changedLocked()
	}
}

// RestoreWait is how long a restored game waits for its people before the
// table ends (where it was kept, it stays).
const RestoreWait = 24 * time.Hour

// Close ends the table at once and stops its computer players.
func (t *Table) Close() {
	t.mu.Lock()
	if !t.ended {
		t.endLocked()
	}
	t.mu.Unlock()
	<-t.done
}

// expireLocked frees the seats whose grace period ran out and ends the
// table when nobody holds a seat; it reports whether anything changed. A
// restored game keeps its seats until it starts, for RestoreWait at most.
func (t *Table) expireLocked() bool {
	now := t.now()
	if t.restored && !t.started {
		if now.Sub(t.restoredAt) >= RestoreWait && !t.seatedHereLocked() {
			t.endLocked()
			return true
		}
		return false
	}
	changed := false
	gone := true // every person has been away for the grace period
	for i := range t.seats {
		s := &t.seats[i]
		if s.user == "" {
			continue
		}
		long := s.away && now.Sub(s.awaySince) >= t.cfg.Grace
		gone = gone && long
		// With no grace nobody is ever away but a table's people before
		// they join (leave frees the seat at once). The people of a
		// restored game keep their seats.
		if long && t.cfg.Grace > 0 && !t.owners[s.user] {
			t.seats[i] = seat{name: s.name + " (computer)", level: t.cfg.Level, bot: s.bot, gaveUp: s.user}
			changed = true
		}
	}
	// Onlookers alone do not keep a table open; nor do the seats of a
	// restored game's people when none of them has been here for the
	// grace period (the game stays saved where the table came from).
	if t.humansLocked() == 0 && (t.started || changed) || t.owners != nil && t.started && gone {
		t.endLocked()
		return true
	}
	return changed
}

// humansLocked counts the seats held by people, here or away.
func (t *Table) humansLocked() int {
	n := 0
	for _, s := range t.seats {
		if s.user != "" {
			n++
		}
	}
	return n
}

// seatedHereLocked reports whether a person with a seat is connected.
func (t *Table) seatedHereLocked() bool {
	for c := range t.conns {
		if !c.watch {
			return true
		}
	}
	return false
}

// hostPresentLocked reports whether the host is connected to their seat.
func (t *Table) hostPresentLocked() bool {
	for c := range t.conns {
		if !c.watch && c.user == t.host {
			return true
		}
	}
	return false
}

// passHostLocked gives the host role to the first seated person who is
// here (of a restored game, the first of its people), and tells everyone;
// it reports whether the role moved.
func (t *Table) passHostLocked() bool {
	best := -1
	var user string
	for c := range t.conns {
		if c.watch || c.user == t.host || t.owners != nil && !t.owners[c.user] {
			continue
		}
		if best < 0 || c.seat < best {
			best, user = c.seat, c.user
		}
	}
	if best < 0 {
		if t.hostGone.IsZero() {
			t.hostGone = t.now()
		}
		return false
	}
	t.host, t.hostGone = user, time.Time{}
	t.notice = t.seats[best].name + " is now the host."
	return true
}

func (t *Table) endLocked() {
	t.ended = true
	t.cancel()
	t.changedLocked()
	// The last view said Ended; closing tells readers nothing follows.
	for c := range t.conns {
		delete(t.conns, c)
		close(c.updates)
	}
}

// leave drops connection c. A person who quits gives their seats to the
// computer; one who only disconnected keeps them for the grace period. A
// host who goes hands the role to another person here.
func (t *Table) leave(c *Conn, quit bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.conns[c]; !ok {
		return
	}
	delete(t.conns, c)
	close(c.updates) // only the table sends, and no longer to c
	if c.watch {
		t.changedLocked() // the count of onlookers changed
		return
	}
	for o := range t.conns {
		if !o.watch && o.user == c.user {
			return // the same person is still here on another connection
		}
	}
	waiting := t.restored && !t.started // a saved game waiting for its people
	if quit && !waiting {
		// A person who gives a saved game up in play is out of it; one who
		// leaves its waiting room only steps out (it stays listed, their
		// seat kept).
		delete(t.owners, c.user)
	}
	for _, i := range t.seatsOfLocked(c.user) {
		s := &t.seats[i]
		switch {
		case waiting && !quit, t.owners[c.user]:
			// A saved game waits for its people.
			s.away, s.awaySince = true, t.now()
		case !t.started:
			// Before the deal the seat is simply free again.
			t.seats[i] = seat{name: ComputerName(i), level: t.cfg.Level}
		case quit || t.cfg.Grace <= 0:
			// A computer plays on; the person may come back to it.
			t.seats[i] = seat{name: ComputerName(i), level: t.cfg.Level, bot: s.bot, gaveUp: c.user}
		default:
			s.away, s.awaySince = true, t.now()
		}
	}
	if t.humansLocked() == 0 {
		t.endLocked()
		return
	}
	if c.user == t.host {
		t.passHostLocked()
	}
	t.dealOnLocked() // the others may all be waiting for the one who left
	t.changedLocked()
}

// sit moves c's person to seat before the start.
func (t *Table) sit(c *Conn, to int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case c.watch:
		return ErrOnlooker
	case t.started:
		return ErrStarted
	case t.restored:
		return ErrSavedSeats
	case to < 0 || to >= len(t.seats):
		return fmt.Errorf("no seat %d", to)
	case to == c.seat:
		return nil
	case t.seats[to].user != "":
		return ErrSeatTaken
	}
	if _, ok := t.conns[c]; !ok {
		return ErrNotSeated
	}
	from := c.seat
	t.seats[to] = t.seats[from]
	t.seats[from] = seat{name: ComputerName(from), level: t.cfg.Level}
	for o := range t.conns {
		if !o.watch && o.user == c.user {
			o.seat = to
		}
	}
	t.changedLocked()
	return nil
}

// freeSeatOnSide returns the first free seat of side, or -1.
func (t *Table) freeSeatOnSide(side int) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, s := range t.seats {
		if s.user == "" && t.cfg.Game.SideOf(i) == side {
			return i
		}
	}
	return -1
}

// seatsOfLocked lists the seats user holds.
func (t *Table) seatsOfLocked(user string) []int {
	var mine []int
	for i := range t.seats {
		if t.holdsLocked(user, i) {
			mine = append(mine, i)
		}
	}
	return mine
}

func (t *Table) seatInfoLocked() []SeatInfo {
	info := make([]SeatInfo, len(t.seats))
	for i, s := range t.seats {
		info[i] = SeatInfo{
			Name: s.name, Human: s.user != "", Connected: s.user != "" && !s.away,
			Host: s.user != "" && s.user == t.host, Ready: s.ready,
		}
	}
	return info
}

// viewLocked is what c sees of the table now.
func (t *Table) viewLocked(c *Conn, seats []SeatInfo, watchers int) View {
	v := View{
		Room: t.name, Seat: c.seat, Watching: c.watch, Host: !c.watch && c.user == t.host,
		Version: t.version, Seats: seats, Started: t.started, Ended: t.ended,
		Restored: t.restored && !t.started, Onlookers: watchers, Notice: t.notice, Next: -1,
		OpenSeats: t.openSeats, Makers: slices.Clone(t.makers),
	}
	if !c.watch {
		v.Mine = t.seatsOfLocked(c.user)
		if i := t.state.ToAct(); t.started && !t.state.HandOver() && t.holdsLocked(c.user, i) && !t.seats[i].away {
			v.Next = i
		}
		v.CanUndo = t.undoPointLocked(c.user) >= 0
	}
	switch {
	case !t.started:
	case c.watch:
		v.Obs = engine.Watch(&t.state, c.seat)
	default:
		v.Obs = engine.Observe(&t.state, c.seat)
	}
	return v
}

// watchersLocked counts the onlookers.
func (t *Table) watchersLocked() int {
	n := 0
	for c := range t.conns {
		if c.watch {
			n++
		}
	}
	return n
}

// changedLocked records a change: every connection gets its seat's new
// view, and the computer loop looks whether it has a move to make.
func (t *Table) changedLocked() {
	t.version++
	t.noteMakersLocked()
	if t.onChange != nil {
		t.onChange(t.version, t.state)
	}
	seats := t.seatInfoLocked()
	watchers := t.watchersLocked()
	for c := range t.conns {
		c.push(t.viewLocked(c, seats, watchers))
	}
	t.wakeLocked()
}

func (t *Table) wakeLocked() {
	select {
	case t.wake <- struct{}{}:
	default:
	}
}
