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
	"slices"
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/record"
)

// Config is how a table is set up.
type Config struct {
	Game engine.Config
	// Level is the computer level (ai.Levels, or an ai player name) of the
	// seats no person takes, and of seats people give up.
	Level string
	// Rated marks a game of ranked play (a server's rated room): the
	// table plays it as any other, and the program that keeps its
	// results rates it.
	Rated bool
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
	// Deserted, when set, receives the game as it stands when the table
	// ends in play because no person holds a seat of it any more (they
	// all left, or were away past the grace period): a rated game counts
	// as their loss though it never ended. Not for a restored game, whose
	// people keep their seats. It is called under the table's lock, as
	// HandEnd.
	Deserted func(Checkpoint)
	// Moved, when set, is told of every move before it is made: action a,
	// number n of the history, and the record as it stands before it. It
	// is called on a goroutine of its own, without the table's lock, one
	// move at a time: the table takes no other move meanwhile
	// (ErrWriting), tells everyone if it is slow (NoticeWriting), and
	// makes the move once it returns nil. An error refuses the move: it
	// is not made, everyone is told (NoticeNotWritten), and the computers
	// wait for Wake. A program that keeps every move (servers sharing a
	// database) then loses none that anyone saw, and one move's slow
	// write holds up no other table. ctx ends when the table does.
	Moved func(ctx context.Context, n int, a engine.Action, record Checkpoint) error
	// Gathering, when set, is told of a table not dealt yet (made by New
	// or Waiting) every time it changes, with dealt false, and once at its
	// deal, with dealt true: a program that keeps who waits at a table
	// (servers sharing a database, so that another can take the table
	// over) writes it. It is called under the table's lock, and must not
	// call the table.
	Gathering func(c Checkpoint, dealt bool)
}

// Checkpoint is a game at one moment: its record and who holds its seats.
type Checkpoint struct {
	Game    record.Game
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
	// Program says a program plays the person's seat for them
	// (Conn.Program): a bot of a server's ladder, not a person at a
	// keyboard.
	Program bool
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
	// Handed says the seat shown was handed to its person (Conn.Show):
	// until then a shared keyboard passes to whoever acts first too.
	Handed bool
	// CanUndo says the connection may take back a decision now (Undo).
	CanUndo bool
	Started bool
	Ended   bool
	// Rated says the game is one of ranked play (Config.Rated): a person
	// who leaves it loses it.
	Rated bool
	// Restored is set for a saved game brought back when the server
	// started, until its host starts it again.
	Restored bool
	// OpenSeats says the host of a restored game lets people who were not
	// in it take its free seats (Conn.OpenSeats).
	OpenSeats bool
	Onlookers int                // how many people watch the table
	Notice    Notice             // the latest news for everyone (Bob is now the host)
	Obs       engine.Observation // meaningful once Started
	// Makers says who made each seat's moves, where that changed (a
	// person left, or was away): see NamesAt.
	Makers []Maker
	// Acted is the Version of the latest change that was this
	// connection's own move (Act), 0 before its first. A move comes back
	// on Updates as every other change does, and views may be skipped: a
	// view whose Acted is newer than that of the view shown before it
	// shows the viewer's move.
	Acted uint64
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
	// gaveUpAs is the name gaveUp played the seat under: the computer
	// plays it under its own.
	gaveUpAs string
	// program, when set, plays the person's seat for them (Conn.Program):
	// a bot of a server's ladder.
	program *program
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
	writing   bool      // a move is being written (Config.Moved): no other is taken
	refused   bool      // Config.Moved refused the last move: the computers wait for Wake
	held      bool      // Hold: computers wait
	hostGone  time.Time // since when the host has had no connection; zero while here
	notice    Notice
	rated     map[string]Rating // the last rated game's changes, by identity (Rated)
	makers    []Maker           // who made each seat's moves (makers.go)
	ended     bool
	version   uint64
	moves     uint64             // bumped by every change of the state
	search    context.CancelFunc // cancels the computer search under way
	conns     map[*Conn]struct{}
	wake      chan struct{} // nudges the computer loop; capacity 1
	ctx       context.Context
	cancel    context.CancelFunc
	done      chan struct{}  // closed when the computer loop returns
	writers   sync.WaitGroup // the move being written, if any (writeMoveLocked)

	// resumed: made by Waiting; until the deal its host, away, keeps the
	// role for the grace period rather than hand it to whoever is back
	// first.
	resumed bool

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
		t.seats[i] = seat{name: ComputerName(i, cfg.Game.Players), level: cfg.Level}
	}
	go t.loop()
	return t, nil
}

// ComputerName is the name of a computer player at seat of a game of
// players, at this keyboard (local.Seats) and at a server's table alike:
// "Computer" in a game of two, where it is the only one; else its seat's
// of names.Computers (Ann, Bob, Cal…), short enough for six to fit
// the board's columns. Those names are reserved: no person takes one.
func ComputerName(seat, players int) string {
	if players == 2 {
		return "Computer"
	}
	return names.Computers[seat]
}

// FromRecord makes a table from a game record g (a save) with its history:
// the seats keep the record's names and levels, and the seats whose users
// are given (users[i], "" for none) belong to those people, who are away
// until they join. The table starts at once unless restored is set: then
// it is a saved game waiting for its people until its host starts it, and
// it belongs to them: their seats stay theirs for good (a computer plays
// a seat while its person is away), only they may host it, and anyone
// else may only watch unless the host opens the free seats (OpenSeats).
// A host who holds no seat gives the role to the first person who does.
func FromRecord(name string, g record.Game, users []string, host string, restored bool, cfg Config, now func() time.Time) (*Table, error) {
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
		person := i < len(users) && users[i] != ""
		if s.Name != "" || person {
			// A person's seat without a name stays without one ("Player
			// N"), never a computer's.
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

// Waiting makes a table not dealt yet from the record g of one (a game
// with no history, kept by Config.Gathering): the seats keep the record's
// names and levels, and the seats whose users are given (users[i], "" for
// none) are those people's, away until they join, for the grace period as
// if they had dropped. Anyone may take the free seats; host starts it.
func Waiting(name string, g record.Game, users []string, host string, cfg Config, now func() time.Time) (*Table, error) {
	if len(g.History) > 0 {
		return nil, ErrStarted
	}
	t, err := FromRecord(name, g, users, host, true, cfg, now)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	// Not a saved game: nobody owns it, and its host is who it was.
	t.restored, t.owners, t.host, t.resumed = false, nil, host, true
	return t, nil
}

// Gather tells Config.Gathering of the table as it stands again, if it
// is not dealt: for a program whose last write of it failed.
func (t *Table) Gather() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cfg.Gathering != nil && !t.started && !t.restored && !t.ended {
		t.cfg.Gathering(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, false)
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

// Version counts the changes of the table.
func (t *Table) Version() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.version
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

// Notify tells everyone at the table some news (the host saved the
// game).
func (t *Table) Notify(notice Notice) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.notice = notice
	if !t.ended {
		t.changedLocked()
	}
}

// Rated tells the people of a rated game just over what it did to their
// ratings, by identity: each one's view carries a NoticeRated with their
// own change; the others' (onlookers, people not rated) carry no news.
func (t *Table) Rated(changes map[string]Rating) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rated, t.notice = changes, Notice{Kind: NoticeRated}
	if !t.ended {
		t.changedLocked()
	}
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

// Writing reports whether a move is being written (Config.Moved), not
// made yet.
func (t *Table) Writing() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.writing
}

// Wake has the computers try their move again, after Config.Moved
// refused one.
func (t *Table) Wake() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.refused = false
	t.wakeLocked()
}

// SetPace sets the shortest time a computer move takes from now on.
func (t *Table) SetPace(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cfg.Pace = d
}

// Close ends the table at once and stops its computer players.
func (t *Table) Close() {
	t.mu.Lock()
	if !t.ended {
		t.endLocked()
	}
	t.mu.Unlock()
	<-t.done
	t.writers.Wait() // its context ended with the table
}

// desertedLocked tells Config.Deserted of a table in play that no person
// holds a seat of any more, as it ends.
func (t *Table) desertedLocked() {
	if t.cfg.Deserted != nil && t.started && t.owners == nil && t.state.Phase != engine.PhaseGameOver && t.humansLocked() == 0 {
		t.cfg.Deserted(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()})
	}
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

// viewLocked is what c sees of the table now.
func (t *Table) viewLocked(c *Conn, seats []SeatInfo, watchers int) View {
	v := View{
		Room: t.name, Seat: c.seat, Watching: c.watch, Host: !c.watch && c.user == t.host,
		Version: t.version, Seats: seats, Started: t.started, Ended: t.ended,
		Restored: t.restored && !t.started, Onlookers: watchers, Notice: t.notice, Next: -1,
		Rated: t.cfg.Rated, OpenSeats: t.openSeats, Makers: slices.Clone(t.makers), Handed: c.handed, Acted: c.acted,
	}
	if v.Notice.Kind == NoticeRated {
		r, ok := t.rated[c.user]
		v.Notice = Notice{}
		if ok && !c.watch {
			v.Notice = Notice{Kind: NoticeRated, Change: r.Change, Rating: r.Rating}
		}
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
	if t.cfg.Gathering != nil && !t.started && !t.restored && !t.ended {
		t.cfg.Gathering(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, false)
	}
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
