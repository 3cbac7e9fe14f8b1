// Package server is mille serve: the SSH server (Server) that admits
// connections at its gate (gate.go, shares.go), reads their session
// channels (channel.go), relays the players of rooms another server of a
// cluster holds (relay.go), and runs each session's program, the lobby's
// screens or the line mode (plain.go), painted to the client (paint.go).
// What sessions share, the rooms and what the server keeps, is package
// lobby's; the log is package events'.
package server

import (
	"bytes"
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
	"github.com/gliderlabs/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/screens"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// Config is how a Server runs. A limit left at zero does not hold;
// Defaults has mille serve's.
type Config struct {
	Dir string // data folder: host key, the store (players' names, rooms)
	// DB, when set, is the URL (postgres://...) of the PostgreSQL database
	// that holds the store in place of the data folder's SQLite file:
	// several servers share one (docs/server.md).
	DB string
	// Advertise is where the other servers of the same DB reach this one
	// to relay its rooms' players (host:port); "": the address Serve
	// listens on.
	Advertise   string
	MaxSessions int // SSH sessions at once; 0: no limit
	// MaxSessionsPerSource caps the sessions of one source (an IPv4
	// address, or an IPv6 /64); the last tenth of MaxSessions go only to
	// sources that have none (shares).
	MaxSessionsPerSource int
	MaxRooms             int // rooms at once; 0: no limit
	// IdleTimeout ends a session that received no key for this long (its
	// seat then waits for the player's return as after any disconnection);
	// 0: never.
	IdleTimeout time.Duration

	// The gate, before login. MaxStartups caps the connections still
	// logging in, with OpenSSH's random early drop, and
	// MaxStartupsPerSource those from one source (an IPv4 address, or an
	// IPv6 /64); more are turned away with lang.GateBusy.
	MaxStartups          Startups
	MaxStartupsPerSource int
	// HandshakeTimeout closes a connection not logged in after this long
	// (OpenSSH's LoginGraceTime); 0: the package's HandshakeTimeout.
	HandshakeTimeout time.Duration
	// VersionTimeout closes a connection whose client has not sent its
	// version line, the first thing it sends, after this long.
	VersionTimeout time.Duration
	// Penalty is how long the gate refuses a source whose connection
	// flooded a channel, or stalled its login past VersionTimeout or
	// HandshakeTimeout (OpenSSH's PerSourcePenalties).
	Penalty time.Duration

	// Connections. MaxConns caps the connections at once, logged in or
	// not, the last tenth of them only for sources that have none;
	// MaxConnsPerSource caps the connections from one source, logged in or
	// not; MaxConnsPerKey the logged-in ones with one key.
	// SessionTimeout closes a logged-in connection that has had no session
	// open for this long; MaxChannels caps the session channels open on
	// one connection (OpenSSH's MaxSessions), and ShellTimeout closes a
	// channel that has not asked for its shell after this long.
	MaxConns          int // connections at once, logged in or not (DefaultMaxConns)
	MaxConnsPerSource int
	MaxConnsPerKey    int
	SessionTimeout    time.Duration
	MaxChannels       int
	ShellTimeout      time.Duration

	// Sessions. MaxSessionsPerKey caps the sessions of one key,
	// MaxRoomsPerKey the rooms it hosts. KeyRate is how many key and mouse
	// events a second a session's program takes (as many again at once);
	// the others are dropped. Terminal sizes beyond MaxWidth x MaxHeight
	// are taken as that (0: the package's MaxWidth and MaxHeight).
	MaxSessionsPerKey   int
	MaxRoomsPerKey      int
	KeyRate             int
	MaxWidth, MaxHeight int

	// Rooms and computers.
	// MaxLevel is the strongest computer level a room may have (one of
	// ai.Levels; "": any). Restored rooms above it come back at it.
	MaxLevel string
	// Computers is how many computer players may search at once, shared
	// by every room in turn, each with one goroutine (0: GOMAXPROCS).
	// When all are busy a move waits for a place; it is never cut short.
	Computers int
	// CheckpointEvery is how often the games in play are written into the
	// store beside the ends of hands, so that a crash loses at most that
	// much of a hand; 0: only at the ends of hands.
	CheckpointEvery time.Duration
	// KeepSaves is how long the store keeps a room nobody played (0:
	// lobby.MaxSaveAge), and SavesPerKey how many rooms of each host (0: no
	// limit).
	KeepSaves   time.Duration
	SavesPerKey int

	Log       io.Writer // where the server logs; io.Discard when nil
	LogFormat string    // events.Text ("" too) or events.JSON
}

// The largest terminal a session draws for: a window beyond it is taken as
// this size (a 10000x10000 window made each frame 100 million cells).
const (
	MaxWidth  = 500
	MaxHeight = 200
)

// Defaults are mille serve's limits; docs/server.md says what attack each
// one stops.
var Defaults = Config{
	MaxSessions: 200, MaxSessionsPerSource: 20, MaxRooms: 50, IdleTimeout: 30 * time.Minute,
	MaxStartups: Startups{Start: 64, Rate: 30, Full: 256}, MaxStartupsPerSource: 8,
	HandshakeTimeout: HandshakeTimeout, VersionTimeout: 5 * time.Second, Penalty: 10 * time.Second,
	MaxConns: DefaultMaxConns(), MaxConnsPerSource: 32, MaxConnsPerKey: 4, SessionTimeout: 30 * time.Second,
	MaxChannels: 10, ShellTimeout: 10 * time.Second,
	MaxSessionsPerKey: 4, MaxRoomsPerKey: 3, KeyRate: 40,
	MaxWidth: MaxWidth, MaxHeight: MaxHeight,
	CheckpointEvery: 30 * time.Second, SavesPerKey: 10,
}

// Server is mille's SSH server: every session runs its own Bubble Tea
// program over the connection, and all share one lobby.Lobby.
type Server struct {
	Lobby *lobby.Lobby

	cfg      Config
	signer   gossh.Signer // the host key: also the key this server relays with
	peers    peers        // the connections it relays through (relay.go)
	store    store.Store
	lock     *os.File // the data folder's LockFile, held while the server runs
	users    *lobby.Users
	keeper   context.CancelFunc // stops the lobby's Keep
	kept     chan struct{}      // closed when Keep has returned
	ssh      *ssh.Server
	log      *events.Log
	gate     *gate
	sessions atomic.Int64
	places   shares           // sessions by source (MaxSessions)
	keys     tally            // sessions by key
	rooms    lobby.RoomsByKey // who hosts how many rooms
	stop     context.Context  // cancelled by Shutdown: every session ends
	cancel   context.CancelFunc
	wg       sync.WaitGroup // running sessions

	mu        sync.Mutex
	saved     map[string]bool // the rooms saved by Shutdown
	listeners []net.Listener  // given to Serve; Shutdown closes them

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
	if cfg.MaxLevel != "" && !slices.Contains(ai.Levels, cfg.MaxLevel) {
		return nil, fmt.Errorf("server: no computer level %q (want one of %s)", cfg.MaxLevel, strings.Join(ai.Levels, ", "))
	}
	if cfg.DB == "" && !store.HasSQLite() { // PostgreSQL needs no SQLite
		return nil, store.ErrNoSQLite // before any file is made
	}
	signer, err := HostKey(filepath.Join(cfg.Dir, HostKeyFile))
	if err != nil {
		return nil, err
	}
	logger, err := events.NewLogger(cfg.Log, cfg.LogFormat)
	if err != nil {
		return nil, err
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = HandshakeTimeout
	}
	if cfg.MaxWidth <= 0 || cfg.MaxHeight <= 0 {
		cfg.MaxWidth, cfg.MaxHeight = MaxWidth, MaxHeight
	}
	// The folder's database is this server's alone while it runs; a shared
	// PostgreSQL one (cfg.DB) is meant for several.
	var lock *os.File
	if cfg.DB == "" {
		if lock, err = lobby.LockData(cfg.Dir); err != nil {
			return nil, err
		}
	}
	st, problems, err := lobby.OpenStore(cfg.Dir, cfg.DB)
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
		Lobby: lobby.NewLobby(cfg.MaxRooms), cfg: cfg, store: st, lock: lock, users: lobby.NewUsers(logged), saved: map[string]bool{},
		log: log, stop: stop, cancel: cancel, now: time.Now,
	}
	s.rooms.Most = cfg.MaxRoomsPerKey
	s.places.most, s.places.perSource = cfg.MaxSessions, cfg.MaxSessionsPerSource
	if cfg.Computers <= 0 {
		cfg.Computers = runtime.GOMAXPROCS(0)
	}
	l := s.Lobby
	l.MaxLevel, l.Pool = cfg.MaxLevel, table.NewPool(cfg.Computers)
	l.Store, l.KeepSaves, l.SavesPerKey = logged, cfg.KeepSaves, cfg.SavesPerKey
	if cfg.DB != "" {
		host, _ := os.Hostname()
		l.Cluster = &lobby.Cluster{Shared: st, ID: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), rand.Text()[:8]), Addr: cfg.Advertise}
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
	s.gate = newGate(&s.cfg, s.log, func() time.Time { return s.now() })
	s.gate.peer, s.signer = signer.PublicKey(), signer
	go s.releaseAfterBursts(s.stop, heapMemory, freeMemory)
	s.ssh = &ssh.Server{
		// Any key is welcome: the key only says who comes back.
		PublicKeyHandler:     func(ssh.Context, ssh.PublicKey) bool { return true },
		ConnCallback:         s.gate.admit,
		ServerConfigCallback: s.gate.config,
		ChannelHandlers:      map[string]ssh.ChannelHandler{"session": s.sessionChannel},
	}
	if cfg.IdleTimeout > 0 {
		// A backstop for dead connections; sessions end on their own
		// idle timer first, with a message.
		s.ssh.IdleTimeout = cfg.IdleTimeout + time.Minute
	}
	s.ssh.AddHostKey(signer)
	keep, stopKeeping := context.WithCancel(context.Background())
	s.keeper, s.kept = stopKeeping, make(chan struct{})
	go func() {
		defer close(s.kept)
		if l.Cluster == nil {
			l.Keep(keep, cfg.CheckpointEvery)
			return
		}
		var wg sync.WaitGroup
		wg.Go(func() { l.Lease(keep) })
		l.Keep(keep, cfg.CheckpointEvery)
		wg.Wait()
	}()
	return s, nil
}

// Serve accepts SSH connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	// The SSH library forgets a Close that comes before it has seen the
	// listener, and would then accept forever: a SIGTERM just after the
	// start hung mille serve. So the server closes its listeners itself.
	s.mu.Lock()
	if s.stop.Err() != nil {
		s.mu.Unlock()
		l.Close()
		return nil
	}
	s.listeners = append(s.listeners, l)
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
	if errors.Is(err, ssh.ErrServerClosed) || s.stop.Err() != nil {
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
	s.peers.close()
	// Clients keep their connections open after their last session: close
	// them rather than wait for them.
	if cerr := s.ssh.Close(); err == nil && !errors.Is(cerr, ssh.ErrServerClosed) {
		err = cerr
	}
	s.mu.Lock()
	for _, l := range s.listeners {
		l.Close()
	}
	s.mu.Unlock()
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
func (s *Server) Connections() int { return int(s.gate.connCount.Load()) }

// admit is the way into the lobby (lobby.Admission) of the player with key id,
// from source, with the server's limits and its log.
func (s *Server) admit(id, source string) *lobby.Admission {
	a := lobby.NewAdmission(s.Lobby, s.users, id)
	a.Quota, a.Log, a.Source = &s.rooms, s.log, source
	return a
}

// handle runs one SSH session, once its client has asked for a shell. A
// panic ends this session only.
func (s *Server) handle(sess *sshSession) {
	s.wg.Add(1)
	defer s.wg.Done()
	s.sessions.Add(1)
	defer s.sessions.Add(-1)
	s.unrelay(sess)
	id, source := sess.id, sess.source
	// The refusals and farewells speak the client's LANG, else English;
	// once the lobby runs, the language chosen there.
	l := sessionLang(sess.env)
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("session panic", "source", source, "key", id, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			sess.refuse("\r\n" + l.T(lang.SshPanic))
		}
	}()
	switch {
	case s.stop.Err() != nil:
		sess.refuse(l.T(lang.FarewellBye))
		return
	case !s.keys.take(id, s.cfg.MaxSessionsPerKey):
		s.log.Limit("sessions with one key", "source", source, "key", id, "limit", s.cfg.MaxSessionsPerKey)
		sess.refuse(l.T(lang.SshKeySessions, s.cfg.MaxSessionsPerKey))
		return
	}
	defer s.keys.give(id)
	switch s.places.take(source) {
	case shareFull:
		s.log.Limit("sessions at once", "source", source, "key", id, "limit", s.cfg.MaxSessions)
		sess.refuse(l.T(lang.SshFull))
		return
	case shareSource:
		s.log.Limit("sessions from one source", "source", source, "key", id, "limit", s.cfg.MaxSessionsPerSource)
		sess.refuse(l.T(lang.SshSourceSessions, s.cfg.MaxSessionsPerSource))
		return
	case shareNewcomers:
		s.log.Limit("sessions kept for new sources", "source", source, "key", id, "limit", newcomers(s.cfg.MaxSessions))
		sess.refuse(l.T(lang.SshNewcomers))
		return
	}
	defer s.places.give(source)
	if cmd := strings.Fields(sess.command); len(cmd) > 0 && cmd[0] == PlainCommand || !sess.hasPTY {
		// Without a terminal (ssh -T, or a command without -t), the line
		// mode, as local play falls back to it: a screen reader's user
		// or a script gets lines, not a refusal.
		if len(cmd) > 0 && cmd[0] == PlainCommand {
			cmd = cmd[1:]
		}
		if len(cmd) > 0 && s.relayed(sess, id, cmd[0]) {
			return
		}
		s.log.Info("session", "source", source, "key", id, "mode", PlainCommand, "room", strings.Join(cmd, " "), "terminal", sess.hasPTY)
		s.handlePlain(sess, cmd)
		return
	}
	room := sess.room()
	if s.relayed(sess, id, room) {
		return
	}
	size := sess.size.get()
	env := append(sess.env, "TERM="+sess.term)
	began := time.Now()
	s.log.Info("session", "source", source, "key", id, "room", room, "term", sess.term, "width", size.width, "height", size.height)

	ctx, cancel := context.WithCancel(sess.ctx)
	defer cancel()
	stopSession := context.AfterFunc(s.stop, cancel)
	defer stopSession()
	// The program's reader stops with it, taking no byte meant for the
	// line mode when the person asks for it at the name prompt.
	programEnded := make(chan struct{})
	defer func() {
		select {
		case <-programEnded:
		default:
			close(programEnded)
		}
	}()
	input := &keyClock{r: sess.input.until(programEnded)}
	input.touch()
	idled := s.watchIdle(ctx, cancel, input)

	var m tea.Model
	var sc *screens.Screen
	if s.model != nil {
		m = s.model(id, room, size.width)
	} else {
		sc = screens.New(s.admit(id, source), room, size.width)
		sc.DataDir, sc.Done = s.cfg.Dir, ctx.Done()
		sc.SetLang(l)
		defer sc.Leave()
		m = sc
	}
	// Detection sees no terminal here and would strip all color.
	profile := colorprofile.Env(env)
	out := &lockedWriter{w: sess}
	if sc != nil && sc.Naming() {
		// A screen reader reads this line before any drawing: the first
		// words a newcomer hears say how to get the line mode.
		fmt.Fprint(out, l.T(lang.SrvReader)+"\r\n")
	}
	painter := newPainter(out, profile, size.width, size.height)
	defer painter.close()
	keys := newEventLimiter(s.cfg.KeyRate, s.cfg.KeyRate, s.now)
	p := tea.NewProgram(newPainted(m, painter, FrameEvery, time.Now),
		tea.WithInput(sessionInput(input, time.Now, time.Sleep)),
		tea.WithOutput(crlf{out}),
		tea.WithEnvironment(env),
		tea.WithColorProfile(profile),
		tea.WithWindowSize(size.width, size.height),
		tea.WithContext(ctx),
		tea.WithoutSignalHandler(),
		tea.WithFilter(func(m tea.Model, msg tea.Msg) tea.Msg { return keys.filter(noSuspend(m, msg)) }),
		tea.WithoutRenderer(), // the painter draws (paint.go)
	)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-sess.size.changed:
				w := sess.size.get() // the newest: a storm of changes is one
				p.Send(tea.WindowSizeMsg{Width: w.width, Height: w.height})
			}
		}
	}()
	_, err := p.Run()
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		s.log.Error("session", "source", source, "key", id, "err", err)
	}
	painter.close() // the terminal as it was, before the goodbyes
	close(programEnded)
	if sc != nil && sc.WantsPlain() && s.stop.Err() == nil && !idled.Load() {
		s.log.Info("session", "source", source, "key", id, "mode", PlainCommand, "from", "the name prompt")
		var args []string
		if room != "" {
			args = []string{room}
		}
		cancel() // the full screen's idle watch ends; the line mode has its own
		s.handlePlain(sess, args)
		return
	}
	end := "quit"
	if sc != nil {
		l = sc.Lang() // the lobby's choice
	}
	if idled.Load() {
		end = "idle"
		farewell(sess, "\n"+l.T(lang.FarewellIdle, s.cfg.IdleTimeout))
	}
	if s.stop.Err() != nil {
		end = "shutdown"
		farewell(sess, "\n"+l.T(lang.FarewellBye))
		if name := sc.RoomName(); name != "" && sc.Seated() && s.wasSaved(name) {
			farewell(sess, l.T(lang.FarewellSaved, name))
		}
	}
	if dropped := keys.dropped(); dropped > 0 {
		s.log.Limit("key events a second", "source", source, "key", id, "limit", s.cfg.KeyRate, "dropped", dropped)
	}
	s.log.Info("session end", "source", source, "key", id, "after", time.Since(began).Round(time.Second), "end", end)
	sess.exit(0)
}

// farewell writes text to a session whose program has ended, its lines
// broken between words to the narrowest terminal mille plays in: the
// terminal would break them anywhere ("join roo" / "m friday").
func farewell(w io.Writer, text string) {
	text = ansi.Wordwrap(text, ui.MinWidth, "")
	fmt.Fprint(w, strings.ReplaceAll(text, "\n", "\r\n")+"\r\n")
}

// keyClock notes when the session last sent input.
type keyClock struct {
	r    io.Reader
	last atomic.Int64 // unix nanoseconds
}

func (k *keyClock) touch() { k.last.Store(time.Now().UnixNano()) }

func (k *keyClock) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	if n > 0 {
		k.touch()
	}
	return n, err
}

// watchIdle ends the session (cancel) once it has sent no input for the
// idle timeout; the flag it returns says it did.
func (s *Server) watchIdle(ctx context.Context, cancel context.CancelFunc, k *keyClock) *atomic.Bool {
	idled := new(atomic.Bool)
	limit := s.cfg.IdleTimeout
	if limit <= 0 {
		return idled
	}
	go func() {
		t := time.NewTimer(limit)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			since := time.Since(time.Unix(0, k.last.Load()))
			if since >= limit {
				idled.Store(true)
				cancel()
				return
			}
			t.Reset(limit - since)
		}
	}()
	return idled
}

// crlf writes a session's output with every line feed as CR LF. Bubble
// Tea, whose input is not a terminal here, moves the cursor down with line
// feeds and counts on a terminal's output processing (ONLCR) to bring it
// back to the first column; there is no terminal on the server, and the
// SSH client's own terminal is raw, so the server does it.
type crlf struct{ w io.Writer }

func (c crlf) Write(p []byte) (int, error) {
	if bytes.IndexByte(p, '\n') < 0 {
		return c.w.Write(p)
	}
	if _, err := c.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// noSuspend keeps ctrl+z from suspending: there is no shell to return to
// on the server, so a suspended session would hang.
func noSuspend(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.SuspendMsg); ok {
		return tea.ResumeMsg{}
	}
	return msg
}
