// Package server is mille serve: the SSH server (Server) that admits
// connections at its gate (package gate), reads their session channels
// (package channel), relays the players of rooms another server of a
// cluster holds (package relay), and runs each session's program, the
// lobby's screens painted to the client (paint.go) or the line mode
// (package linemode). What sessions share, the rooms and what the server
// keeps, is package lobby's; the log is package events'.
package server

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/linemode"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/relay"
	"github.com/millebornes/mille/server/screens"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// Config is how a Server runs, by concern: the store, the cluster, the
// gate, the sessions, the rooms and the log. A limit left at zero does
// not hold; Defaults has mille serve's.
type Config struct {
	Dir      string // data folder: host key, the store (players' names, rooms)
	Store    StoreConfig
	Cluster  ClusterConfig
	Gate     gate.Limits // connections, before and after login, and their channels
	Sessions SessionLimits
	Rooms    RoomLimits
	Log      LogConfig
	// MemoryLimit is the process's soft memory limit, in bytes, that New
	// sets (runtime/debug.SetMemoryLimit, MemoryLimitFor); 0 leaves the
	// runtime's own (GOMEMLIMIT, or none).
	MemoryLimit int64
	// GCPercent is the collector's target percentage that New sets
	// (runtime/debug.SetGCPercent, GCPercentFor); 0 leaves the runtime's
	// own (GOGC, or 100).
	GCPercent int
}

// StoreConfig is where the server keeps players' names and rooms, and
// for how long.
type StoreConfig struct {
	// DB, when set, is the URL (postgres://...) of the PostgreSQL database
	// that holds the store in place of the data folder's SQLite file:
	// several servers share one (docs/server.md), a cluster.
	DB string
	// CheckpointEvery is how often the games in play are written into the
	// store beside the ends of hands, so that a crash loses at most that
	// much of a hand; 0: only at the ends of hands.
	CheckpointEvery time.Duration
	// KeepSaves is how long the store keeps a room nobody played (0:
	// lobby.MaxSaveAge), and SavesPerKey how many rooms of each host (0: no
	// limit).
	KeepSaves   time.Duration
	SavesPerKey int
}

// ClusterConfig is how a server works with the others of its cluster,
// those of the same Store.DB.
type ClusterConfig struct {
	// Advertise is where the other servers reach this one to relay its
	// rooms' players (host:port); "": the address Serve listens on.
	Advertise string
}

// SessionLimits are the limits of the sessions once a connection is in.
type SessionLimits struct {
	Max int // SSH sessions at once; 0: no limit
	// PerSource caps the sessions of one source (an IPv4 address, or an
	// IPv6 /64); the last tenth of Max go only to sources that have none
	// (gate.Shares). PerKey caps the sessions of one key.
	PerSource int
	PerKey    int
	// Idle ends a session that received no key for this long (its seat
	// then waits for the player's return as after any disconnection); 0:
	// never.
	Idle time.Duration
	// KeyRate is how many key and mouse events a second a session's
	// program takes (as many again at once); the others are dropped.
	KeyRate int
	// Terminal sizes beyond MaxWidth x MaxHeight are taken as that (0: the
	// package's MaxWidth and MaxHeight).
	MaxWidth, MaxHeight int
}

// RoomLimits are the limits of rooms and of their computer players.
type RoomLimits struct {
	Max    int // rooms at once; 0: no limit
	PerKey int // rooms one key hosts
	// MaxLevel is the strongest computer level a room may have (one of
	// ai.Levels; "": any). Restored rooms above it come back at it.
	MaxLevel string
	// Computers is how many computer players may search at once, shared
	// by every room in turn, each with one goroutine (0: GOMAXPROCS).
	// When all are busy a move waits for a place; it is never cut short.
	Computers int
}

// LogConfig is where and how the server logs.
type LogConfig struct {
	Out    io.Writer // io.Discard when nil
	Format string    // events.Text ("" too) or events.JSON
}

// The largest terminal a session draws for: a window beyond it is taken as
// this size (a 10000x10000 window made each frame 100 million cells).
const (
	MaxWidth  = 500
	MaxHeight = 200
)

// Defaults are mille serve's limits; docs/server.md says what attack each
// one stops. The caps of connections, sessions and rooms at once follow
// the machine's descriptors and memory (CapsFor).
var Defaults = Config{
	Store: StoreConfig{CheckpointEvery: 30 * time.Second, SavesPerKey: 10},
	Gate: gate.Limits{
		MaxStartups: gate.Startups{Start: 64, Rate: 30, Full: 256}, MaxStartupsPerSource: 8,
		HandshakeTimeout: gate.HandshakeTimeout, VersionTimeout: 5 * time.Second, Penalty: 10 * time.Second,
		MaxConns: machineCaps.Conns, MaxConnsPerSource: 32, MaxConnsPerKey: 4, SessionTimeout: 30 * time.Second,
		MaxChannels: 10, ShellTimeout: 10 * time.Second,
	},
	Sessions: SessionLimits{
		Max: machineCaps.Sessions, PerSource: 20, PerKey: 4, Idle: 30 * time.Minute, KeyRate: 40,
		MaxWidth: MaxWidth, MaxHeight: MaxHeight,
	},
	Rooms:       RoomLimits{Max: machineCaps.Rooms, PerKey: 3},
	MemoryLimit: MemoryLimitFor(thisMachine, os.Getenv("GOMEMLIMIT")),
	GCPercent:   GCPercentFor(os.Getenv("GOGC")),
}

// Server is mille's SSH server: every session runs its own Bubble Tea
// program over the connection, and all share one lobby.Lobby.
type Server struct {
	Lobby *lobby.Lobby

	cfg      Config
	signer   gossh.Signer // the host key: also the key this server relays with
	peers    relay.Peers  // the connections it relays through
	store    store.Store
	bots     store.Bots // the bot ladder's registrations (bots.go)
	lock     *os.File   // the data folder's LockFile, held while the server runs
	users    *lobby.Users
	keeper   context.CancelFunc // stops the lobby's Keep
	kept     chan struct{}      // closed when Keep has returned
	ssh      *channel.Server
	log      *events.Log
	gate     *gate.Gate
	sessions atomic.Int64
	places   gate.Shares      // sessions by source (Sessions.Max)
	keys     gate.Tally       // sessions by key
	rooms    lobby.RoomsByKey // who hosts how many rooms
	stop     context.Context  // cancelled by Shutdown: every session ends
	cancel   context.CancelFunc
	wg       sync.WaitGroup // running sessions

	mu    sync.Mutex
	saved map[string]bool // the rooms saved by Shutdown

	lines *linemode.Server // runs the line-mode sessions

	// model makes a session's program model; nil: the lobby screen. Tests
	// replace it.
	model func(id, room string, width int) tea.Model
	// now is the clock of the rate limits; tests stop it.
	now func() time.Time
}

// SweepEvery is how often the server expires grace periods and forgets
// the rooms that ended.
const SweepEvery = 10 * time.Second

// New prepares a server from cfg: it loads (or makes) the host key in
// cfg.Dir and opens the store there (lobby.OpenStore), which holds the players'
// names and the rooms kept from the last run. It refuses a data folder that
// another running server holds (lobby.ErrDataInUse). Shutdown closes the store
// and frees the folder.
func New(cfg Config) (*Server, error) {
	if cfg.Dir == "" {
		return nil, errors.New("server: no data folder")
	}
	if cfg.Rooms.MaxLevel != "" && !slices.Contains(ai.Levels, cfg.Rooms.MaxLevel) {
		return nil, fmt.Errorf("server: no computer level %q (want one of %s)", cfg.Rooms.MaxLevel, strings.Join(ai.Levels, ", "))
	}
	if cfg.Store.DB == "" && !store.HasSQLite() { // PostgreSQL needs no SQLite
		return nil, store.ErrNoSQLite // before any file is made
	}
	signer, err := HostKey(filepath.Join(cfg.Dir, HostKeyFile))
	if err != nil {
		return nil, err
	}
	logger, err := events.NewLogger(cfg.Log.Out, cfg.Log.Format)
	if err != nil {
		return nil, err
	}
	if cfg.Sessions.MaxWidth <= 0 || cfg.Sessions.MaxHeight <= 0 {
		cfg.Sessions.MaxWidth, cfg.Sessions.MaxHeight = MaxWidth, MaxHeight
	}
	// The folder's database is this server's alone while it runs; a shared
	// PostgreSQL one (cfg.Store.DB) is meant for several.
	var lock *os.File
	if cfg.Store.DB == "" {
		if lock, err = lobby.LockData(cfg.Dir); err != nil {
			return nil, err
		}
	}
	st, problems, err := lobby.OpenStore(cfg.Dir, cfg.Store.DB)
	if err != nil {
		if lock != nil {
			lock.Close()
		}
		return nil, err
	}
	log := events.New(logger)
	// A call of the store that takes longer than store.SlowCall is the
	// operator's to know of, with what it did and for which room.
	st.SetSlow(func(op, room string, took time.Duration) {
		log.Limited("slow store call", "op", op, "room", room, "took", took.Round(time.Millisecond))
	})
	for _, err := range problems {
		log.Error("not moved into the store", "err", err)
	}
	stop, cancel := context.WithCancel(context.Background())
	logged := lobby.LoggedStore{Store: st, Log: log}
	s := &Server{
		Lobby: lobby.NewLobby(cfg.Rooms.Max), cfg: cfg, store: st, bots: st, lock: lock, users: lobby.NewUsers(logged), saved: map[string]bool{},
		log: log, stop: stop, cancel: cancel, now: time.Now,
	}
	s.rooms.Most = cfg.Rooms.PerKey
	s.places.Most, s.places.PerSource = cfg.Sessions.Max, cfg.Sessions.PerSource
	computers := cfg.Rooms.Computers
	if computers <= 0 {
		computers = runtime.GOMAXPROCS(0)
	}
	l := s.Lobby
	l.MaxLevel, l.Pool = cfg.Rooms.MaxLevel, table.NewPool(computers)
	l.Store, l.KeepSaves, l.SavesPerKey = logged, cfg.Store.KeepSaves, cfg.Store.SavesPerKey
	l.Ratings, l.Bots = st, st
	if cfg.Store.DB != "" {
		host, _ := os.Hostname()
		l.Cluster = &lobby.Cluster{Shared: st, Queue: st, ID: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), rand.Text()[:8]), Addr: cfg.Cluster.Advertise}
	}
	// What goes wrong where nobody waits for an answer (a checkpoint, a
	// result) is an error of the server's.
	l.Logf = func(format string, args ...any) { log.Error(fmt.Sprintf(format, args...)) }
	// The rooms kept at the last run (saved, or in play when it stopped)
	// wait in the lobby for their people.
	restored, errs := l.Restore(lobby.DefaultRoom)
	for _, err := range errs {
		s.log.Error("room not restored", "err", err)
	}
	if len(restored) > 0 {
		s.log.Info("restored saved rooms", "count", len(restored), "rooms", strings.Join(restored, ", "))
	}
	// The caps, whether the machine's (CapsFor) or the operator's, and
	// what the machine allows, so that a full server is understood.
	m := gate.ThisMachine()
	if cfg.MemoryLimit > 0 {
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}
	if cfg.GCPercent > 0 {
		debug.SetGCPercent(cfg.GCPercent)
	}
	s.log.Info("caps", "conns", cfg.Gate.MaxConns, "sessions", cfg.Sessions.Max, "rooms", cfg.Rooms.Max,
		"descriptors", m.Descriptors, "memory_mb", m.Memory>>20, "session_kb", SessionCost>>10,
		"memory_limit_mb", memoryLimitNow()>>20, "gc_percent", gcPercentNow())
	now := func() time.Time { return s.now() }
	s.gate = gate.New(&s.cfg.Gate, s.log, now)
	s.gate.Peer, s.signer = signer.PublicKey(), signer
	s.lines = &linemode.Server{Admit: s.admit, Idle: cfg.Sessions.Idle, Stop: s.stop, Saved: s.wasSaved, Log: s.log,
		Relay: func(sess *channel.Session, room string) bool { return s.relayTo(sess, linemode.Command+" "+room, room) }}
	channels := &channel.Handler{
		Limits: &s.cfg.Gate, MaxWidth: cfg.Sessions.MaxWidth, MaxHeight: cfg.Sessions.MaxHeight,
		Log: s.log, Now: now, Run: s.handle,
	}
	go s.releaseAfterBursts(s.stop, heapMemory, freeMemory)
	s.ssh = &channel.Server{Gate: s.gate, HostKey: signer, Handler: channels}
	if cfg.Sessions.Idle > 0 {
		// A backstop for dead connections; sessions end on their own
		// idle timer first, with a message.
		s.ssh.IdleTimeout = cfg.Sessions.Idle + time.Minute
	}
	keep, stopKeeping := context.WithCancel(context.Background())
	s.keeper, s.kept = stopKeeping, make(chan struct{})
	go func() {
		defer close(s.kept)
		if l.Cluster == nil {
			l.Keep(keep, cfg.Store.CheckpointEvery)
			return
		}
		var wg sync.WaitGroup
		wg.Go(func() { l.Lease(keep) })
		l.Keep(keep, cfg.Store.CheckpointEvery)
		wg.Wait()
	}()
	return s, nil
}

// Serve accepts SSH connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	// A Serve that comes after the shutdown has begun returns at once: a
	// SIGTERM just after the start once hung mille serve, accepting
	// forever. One that comes after the SSH server's Close returns at
	// once too (channel.Server), which closes every listener it was given.
	s.mu.Lock()
	if s.stop.Err() != nil {
		s.mu.Unlock()
		l.Close()
		return nil
	}
	if c := s.Lobby.Cluster; c != nil && c.Address() == "" {
		c.SetAddr(l.Addr().String())
	}
	s.mu.Unlock()
	go func() {
		t := time.NewTicker(SweepEvery)
		defer t.Stop()
		for {
			select {
			case <-s.stop.Done():
				return
			case <-t.C:
				s.Lobby.Sweep()
			}
		}
	}()
	err := s.ssh.Serve(l)
	if errors.Is(err, channel.ErrServerClosed) || s.stop.Err() != nil {
		return nil
	}
	return err
}

// Shutdown saves every started room (each tells its people), tells every
// session that the server is going, waits (at most until ctx is done) for
// the sessions to say goodbye, ends the rooms and closes the listener and
// the connections.
func (s *Server) Shutdown(ctx context.Context) error {
	// The keeper stops first: no checkpoint may follow the last save.
	s.keeper()
	<-s.kept
	saved, serr := s.Lobby.SaveAll()
	// A disk full now may have room again in a moment: the rooms not saved
	// are tried again until ctx is done (issue 22, 11).
	for serr != nil && ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-time.After(lobby.RetryEvery):
			saved, serr = s.Lobby.SaveAll()
		}
	}
	if serr != nil {
		s.log.Error("shutdown: rooms not saved", "err", serr)
	}
	s.log.Info("shutting down", "saved_rooms", strings.Join(saved, ", "), "sessions", s.Sessions())
	s.mu.Lock()
	for _, name := range saved {
		s.saved[name] = true
	}
	s.mu.Unlock()
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.Lobby.Close()
	s.peers.Close()
	// Clients keep their connections open after their last session: close
	// them rather than wait for them, and the listeners.
	if cerr := s.ssh.Close(); err == nil {
		err = cerr
	}
	if cerr := s.store.Close(); err == nil {
		err = cerr
	}
	if s.lock != nil {
		s.lock.Close() // the data folder is free for the next server
	}
	return err
}

// wasSaved reports whether Shutdown saved room name.
func (s *Server) wasSaved(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saved[name]
}

// Sessions returns the number of sessions running.
func (s *Server) Sessions() int { return int(s.sessions.Load()) }

// Connections returns the number of connections open, logged in or not.
func (s *Server) Connections() int { return s.gate.Conns() }

// admit is the way into the lobby (lobby.Admission) of the player with key id,
// from source, with the server's limits and its log, in the session whose
// context is ctx: its end cancels the store's calls it waits on.
func (s *Server) admit(ctx context.Context, id, source string) *lobby.Admission {
	a := lobby.NewAdmission(ctx, s.Lobby, s.users, id)
	a.Quota, a.Log, a.Source = &s.rooms, s.log, source
	return a
}

// handle runs one SSH session, once its client has asked for a shell. A
// panic ends this session only.
func (s *Server) handle(sess *channel.Session) {
	s.wg.Add(1)
	defer s.wg.Done()
	s.sessions.Add(1)
	defer s.sessions.Add(-1)
	relay.Unrelay(sess)
	id, source := sess.ID, sess.Source
	// The refusals and farewells speak the client's LANG, else English;
	// once the lobby runs, the language chosen there.
	l := sess.Lang()
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("session panic", "source", source, "key", id, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			sess.Refuse("\r\n" + l.T(lang.SshPanic))
		}
	}()
	switch {
	case s.stop.Err() != nil:
		sess.Refuse(l.T(lang.FarewellBye))
		return
	case !s.keys.Take(id, s.cfg.Sessions.PerKey):
		s.log.Limit("sessions with one key", "source", source, "key", id, "limit", s.cfg.Sessions.PerKey)
		sess.Refuse(l.T(lang.SshKeySessions, s.cfg.Sessions.PerKey))
		return
	}
	defer s.keys.Give(id)
	switch s.places.Take(source) {
	case gate.Full:
		s.log.Limit("sessions at once", "source", source, "key", id, "limit", s.cfg.Sessions.Max)
		sess.Refuse(l.T(lang.SshFull))
		return
	case gate.SourceFull:
		s.log.Limit("sessions from one source", "source", source, "key", id, "limit", s.cfg.Sessions.PerSource)
		sess.Refuse(l.T(lang.SshSourceSessions, s.cfg.Sessions.PerSource))
		return
	case gate.ForNewcomers:
		s.log.Limit("sessions kept for new sources", "source", source, "key", id, "limit", gate.Newcomers(s.cfg.Sessions.Max))
		sess.Refuse(l.T(lang.SshNewcomers))
		return
	}
	defer s.places.Give(source)
	if s.botCommand(sess) {
		return
	}
	if cmd := strings.Fields(sess.Command); len(cmd) > 0 && cmd[0] == linemode.Command || !sess.HasPTY {
		// Without a terminal (ssh -T, or a command without -t), the line
		// mode, as local play falls back to it: a screen reader's user
		// or a script gets lines, not a refusal.
		if len(cmd) > 0 && cmd[0] == linemode.Command {
			cmd = cmd[1:]
		}
		if len(cmd) > 0 && s.relayed(sess, cmd[0]) {
			return
		}
		s.log.Info("session", "source", source, "key", id, "mode", linemode.Command, "room", strings.Join(cmd, " "), "terminal", sess.HasPTY)
		s.lines.Run(sess, cmd)
		return
	}
	room := sess.Room()
	if s.relayed(sess, room) {
		return
	}
	size := sess.Size.Get()
	env := append(sess.Env, "TERM="+sess.Term)
	began := time.Now()
	s.log.Info("session", "source", source, "key", id, "room", room, "term", sess.Term, "width", size.Width, "height", size.Height)

	ctx, cancel := context.WithCancel(sess.Ctx)
	defer cancel()
	stopSession := context.AfterFunc(s.stop, cancel)
	defer stopSession()
	// The program's reader stops with it, taking no byte meant for the
	// line mode when the person asks for it at the name prompt.
	programInput := sess.Input.Until()
	defer programInput.Stop()
	input := gate.NewKeyClock(waitless{programInput})
	idled := gate.WatchIdle(ctx, cancel, input, s.cfg.Sessions.Idle)

	var m tea.Model
	var sc *screens.Screen
	if s.model != nil {
		m = s.model(id, room, size.Width)
	} else {
		sc = screens.New(s.admit(ctx, id, source), room, size.Width)
		sc.Done = ctx.Done()
		sc.SetLang(l)
		defer sc.Leave()
		m = sc
	}
	// Detection sees no terminal here and would strip all color.
	profile := colorprofile.Env(env)
	out := &channel.LockedWriter{W: sess}
	if sc != nil && sc.Naming() {
		// A screen reader reads this line before any drawing: the first
		// words a newcomer hears say how to get the line mode.
		fmt.Fprint(out, l.T(lang.SrvReader)+"\r\n")
	}
	painter := newPainter(out, profile, size.Width, size.Height)
	defer painter.close()
	keys := gate.NewEventLimiter(s.cfg.Sessions.KeyRate, s.cfg.Sessions.KeyRate, s.now)
	// The model runs on this goroutine (drive.go); its context ends with
	// it, so that no command waits to send it a message after.
	driveCtx, driven := context.WithCancel(ctx)
	d := newDriver(driveCtx, channel.CRLF{W: painter}, func(m tea.Model, msg tea.Msg) tea.Msg { return keys.Filter(noSuspend(m, msg)) })
	if sc != nil {
		d.seat = sc
	}
	d.in = newFeed(sess.Input, input, sess.Size)
	defer d.in.close() // after a panic too
	d.reqs, d.requests = sess.TakeRequests(), sess
	defer sess.GiveRequests() // after a panic too
	err := d.run(newPainted(m, painter, FrameEvery, time.Now, driveCtx.Done()), profile, size.Width, size.Height, env)
	driven()
	// The requests go back first: the painter's last write may wait on
	// the connection, which reads on only while they are taken.
	sess.GiveRequests()
	if err != nil {
		s.log.Error("session", "source", source, "key", id, "err", err)
	}
	painter.close() // the terminal as it was, before the goodbyes
	programInput.Stop()
	d.in.close()
	if sc != nil && sc.WantsPlain() && s.stop.Err() == nil && !idled.Load() {
		s.log.Info("session", "source", source, "key", id, "mode", linemode.Command, "from", "the name prompt")
		var args []string
		if room != "" {
			args = []string{room}
		}
		cancel() // the full screen's idle watch ends; the line mode has its own
		s.lines.Run(sess, args)
		return
	}
	end := "quit"
	if sc != nil {
		l = sc.Lang() // the lobby's choice
	}
	if sc != nil && sc.Moved() != "" && s.stop.Err() == nil && !idled.Load() {
		room := sc.Moved()
		// A quick match seated the person on another server of the
		// cluster: the session goes there, as one that names the room.
		farewell(sess, l.T(lang.QuickElsewhere, room))
		s.log.Info("session end", "source", source, "key", id, "after", time.Since(began).Round(time.Second), "end", "relayed", "room", room)
		cancel()
		if s.relayTo(sess, room, room) {
			return
		}
	}
	if idled.Load() {
		end = "idle"
		farewell(sess, "\n"+l.T(lang.FarewellIdle, s.cfg.Sessions.Idle))
	}
	if s.stop.Err() != nil {
		end = "shutdown"
		farewell(sess, "\n"+l.T(lang.FarewellBye))
		if name := sc.RoomName(); name != "" && sc.Seated() && s.wasSaved(name) {
			farewell(sess, l.T(lang.FarewellSaved, name))
		}
	}
	if dropped := keys.Dropped(); dropped > 0 {
		s.log.Limit("key events a second", "source", source, "key", id, "limit", s.cfg.Sessions.KeyRate, "dropped", dropped)
	}
	s.log.Info("session end", "source", source, "key", id, "after", time.Since(began).Round(time.Second), "end", end)
	sess.Exit(0)
}

// farewell writes text to a session whose program has ended, its lines
// broken between words to the narrowest terminal mille plays in: the
// terminal would break them anywhere ("join roo" / "m friday").
func farewell(w io.Writer, text string) {
	text = ansi.Wordwrap(text, ui.MinWidth, "")
	fmt.Fprint(w, strings.ReplaceAll(text, "\n", "\r\n")+"\r\n")
}

// sessionInput is what a session's program reads of r, the client's
// bytes: at most gate.InputRate a second (the limit it returns), and
// through ui.Input, without the control sequences that would make Bubble
// Tea's input decoder panic in a goroutine of its own, which no recover
// reaches: 69 bytes typed at the name prompt once ended the server with
// every session (issue 22).
func sessionInput(r io.Reader, now func() time.Time, sleep func(time.Duration)) (io.Reader, *gate.LimitReader) {
	limit := gate.NewLimitReader(r, gate.InputRate, gate.InputBurst, now, sleep)
	return ui.Input(limit), limit
}

// relayTo relays the session, in the middle of it, to the server that
// holds room, with command (the room's name, or the line mode's and the
// room's), as a session that named it; it reports whether it did.
func (s *Server) relayTo(sess *channel.Session, command, room string) bool {
	sess.Command = command
	return s.relayed(sess, room)
}

// relayed relays the session if another server holds its room, and
// reports whether it did.
func (s *Server) relayed(sess *channel.Session, room string) bool {
	addr, ok := s.Lobby.Holder(sess.Ctx, room)
	if !ok {
		return false
	}
	s.log.Info("session relayed", "key", sess.ID, "room", room, "to", addr)
	if err := s.peers.Relay(sess, s.signer, addr, s.stop.Done()); err != nil {
		s.log.Error("relay", "key", sess.ID, "room", room, "to", addr, "err", err)
		sess.Refuse(sess.Lang().T(lang.SshGone, room, lobby.JoinCommand(s.Lobby.Cluster.Address(), room)))
	}
	return true
}

// noSuspend keeps ctrl+z from suspending: there is no shell to return to
// on the server, so a suspended session would hang.
func noSuspend(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.SuspendMsg); ok {
		return tea.ResumeMsg{}
	}
	return msg
}
