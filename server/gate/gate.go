// Package gate is mille serve's admission and limits: which connections
// get in and how long they may take (Gate, with OpenSSH's MaxStartups,
// penalties and login deadlines), how places are dealt out among sources
// and keys (Shares, Tally), and how fast a session's input is taken
// (LimitReader, EventLimiter, KeyClock). Every limit here stops an attack
// docs/server.md names; the server (package server) wires them.
package gate

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
)

// Limits are the gate's: on connections before and after login, and on
// the session channels each opens. A limit left at zero does not hold.
type Limits struct {
	// MaxStartups caps the connections still logging in, with OpenSSH's
	// random early drop, and MaxStartupsPerSource those from one source
	// (an IPv4 address, or an IPv6 /64); more are turned away with
	// lang.GateBusy.
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

	// MaxConns caps the connections at once, logged in or not, the last
	// tenth of them only for sources that have none (MaxConnsFor);
	// MaxConnsPerSource caps the connections from one source, logged in or
	// not; MaxConnsPerKey the logged-in ones with one key.
	MaxConns          int
	MaxConnsPerSource int
	MaxConnsPerKey    int
	// SessionTimeout closes a logged-in connection that has had no session
	// open for this long; MaxChannels caps the session channels open on
	// one connection (OpenSSH's MaxSessions), and ShellTimeout closes a
	// channel that has not asked for its shell after this long.
	SessionTimeout time.Duration
	MaxChannels    int
	ShellTimeout   time.Duration
}

// Machine is what the process may take of the machine it runs on: the
// descriptors it may open (RLIMIT_NOFILE, which Go raises to its hard
// limit at start) and the memory still available (the system's, or its
// cgroup's room if less), each 0 where it cannot tell. mille serve's
// default caps of connections and sessions follow it (package server's
// CapsFor).
type Machine struct {
	Descriptors int
	Memory      uint64 // bytes
	MemoryMax   uint64 // the cgroup's memory.max, bytes; 0: none, or unknown
}

// ThisMachine reads the process's Machine.
func ThisMachine() Machine {
	return Machine{Descriptors: descriptorLimit(), Memory: availableMemory(), MemoryMax: memoryMax()}
}

// MaxConnsFor is the cap on connections at once, logged in or not
// (Limits.MaxConns), of a process that may open n descriptors (0:
// unknown), at most most: the descriptors less ReservedDescriptors for
// its files and listeners. Idle logged-in connections from 700 addresses
// once held 6,410 descriptors and 497 MB; a descriptor limit of 1,024
// would have refused every connection and file past it, the store's too.
// Package server's CapsFor also weighs the memory.
func MaxConnsFor(n, most int) int {
	if n <= 0 {
		return min(most, unknownConns)
	}
	return max(16, min(n-ReservedDescriptors, most))
}

// ReservedDescriptors are the descriptors kept for the store, the logs
// and the listeners; unknownConns is the cap when the descriptor limit
// is unknown.
const (
	ReservedDescriptors = 64
	unknownConns        = 1000
)

// HandshakeTimeout is how long a connection may take from its first byte
// to a successful login when Limits.HandshakeTimeout is 0.
const HandshakeTimeout = 20 * time.Second

// Startups is OpenSSH's MaxStartups: while Start connections are logging
// in, a new one is refused with probability Rate percent, rising
// linearly to certainty at Full. Refusing some early, at random, keeps the
// gate open to people even while a flood holds many places. The zero value
// sets no limit.
type Startups struct{ Start, Rate, Full int }

// String writes s as mille serve's --max-startups takes it.
func (s Startups) String() string {
	if s == (Startups{}) {
		return "0"
	}
	return fmt.Sprintf("%d:%d:%d", s.Start, s.Rate, s.Full)
}

// Set reads START:RATE:FULL, or a single number for a hard cap; it makes
// Startups a flag.Value.
func (s *Startups) Set(text string) error {
	parts := strings.Split(text, ":")
	var n []int
	for _, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return fmt.Errorf("%q: want START:RATE:FULL or a number", text)
		}
		n = append(n, v)
	}
	switch {
	case len(n) == 1 && n[0] == 0:
		*s = Startups{}
	case len(n) == 1:
		*s = Startups{Start: n[0], Rate: 100, Full: n[0]}
	case len(n) == 3 && n[1] <= 100 && n[0] <= n[2]:
		*s = Startups{Start: n[0], Rate: n[1], Full: n[2]}
	default:
		return fmt.Errorf("%q: want START:RATE:FULL with RATE a percentage and START at most FULL", text)
	}
	return nil
}

// drop reports whether a new login is refused while pending others are
// logging in; draw returns a number in [0, 100).
func (s Startups) drop(pending int, draw func() int) bool {
	switch {
	case s.Full <= 0 || pending < s.Start:
		return false
	case pending >= s.Full:
		return true
	}
	p := s.Rate + (100-s.Rate)*(pending-s.Start)/(s.Full-s.Start)
	return draw() < p
}

// SourceOf is who a connection comes from, for the limits by source: an
// IPv4 address, or the /64 prefix of an IPv6 address (one subscriber's
// network holds a whole /64, so counting single addresses would set no
// limit at all).
func SourceOf(addr net.Addr) string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return addr.String()
	}
	ip := ap.Addr().Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.WithZone("").Prefix(64)
	return p.String()
}

// Tally counts what each key or source holds, against a cap. The zero
// value is ready; safe for concurrent use.
type Tally struct {
	mu sync.Mutex
	n  map[string]int
}

// Take counts one more for k unless k holds most already (most 0: no cap).
func (t *Tally) Take(k string, most int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if most > 0 && t.n[k] >= most {
		return false
	}
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[k]++
	return true
}

// Give gives back one taken for k.
func (t *Tally) Give(k string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n[k]--; t.n[k] <= 0 {
		delete(t.n, k)
	}
}

// Gate admits connections: it caps the ones still logging in (their SSH
// handshake costs the server work before it knows who is there) and the
// ones from each source, and closes those that take too long to say their
// version or to log in, or that open no session once logged in.
type Gate struct {
	cfg *Limits
	log *events.Log
	// Peer is the server's host key: a client that logs in with it is
	// another server of the same cluster, which shares the host key.
	Peer gossh.PublicKey

	mu        sync.Mutex
	pending   int                  // connections logging in
	bySource  map[string]int       // of them, from each source
	waiting   map[*Conn]struct{}   // of them, those whose place a newcomer may take (silentLocked)
	open      map[*Conn]struct{}   // every connection, logged in or not (idleLocked)
	penalties map[string]time.Time // sources refused until then
	draw      func() int           // random early drop's die, [0, 100)
	now       func() time.Time
	conns     Shares       // connections by source, logged in or not (MaxConns)
	keys      Tally        // logged-in connections by key
	connCount atomic.Int64 // connections open, for the load test's figures
}

// New is a gate that holds to the limits cfg (read as the gate goes: a
// zero HandshakeTimeout is read as HandshakeTimeout), logs to log, and
// reads the time from now (tests stop it).
func New(cfg *Limits, log *events.Log, now func() time.Time) *Gate {
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = HandshakeTimeout
	}
	return &Gate{
		cfg: cfg, log: log, now: now, bySource: map[string]int{}, penalties: map[string]time.Time{},
		waiting: map[*Conn]struct{}{}, open: map[*Conn]struct{}{},
		draw:  func() int { return rand.IntN(100) },
		conns: Shares{Most: cfg.MaxConns, PerSource: cfg.MaxConnsPerSource},
	}
}

// maxPenalties bounds the sources remembered as penalized: past it the
// expired ones are forgotten, and if none has, all.
const maxPenalties = 1 << 14

// penalize refuses src's new connections for Limits.Penalty, as OpenSSH's
// PerSourcePenalties do: a source that floods or stalls its logins costs
// the server work (each of its connections is a handshake), so it waits.
func (g *Gate) penalize(src, why string) {
	d := g.cfg.Penalty
	if d <= 0 {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if len(g.penalties) >= maxPenalties {
		for s, until := range g.penalties {
			if !now.Before(until) {
				delete(g.penalties, s)
			}
		}
		if len(g.penalties) >= maxPenalties {
			clear(g.penalties)
		}
	}
	g.penalties[src] = now.Add(d)
	g.log.Limit("source penalized", "source", src, "reason", why, "for", d)
}

// take holds a place at the gate for a login from src, or says why not.
func (g *Gate) take(src string) (refusal string) {
	g.mu.Lock()
	if until, ok := g.penalties[src]; ok {
		if g.now().Before(until) {
			g.mu.Unlock()
			return "penalty"
		}
		delete(g.penalties, src)
	}
	g.mu.Unlock()
	var idle *Conn // a logged-in connection without a session, whose place src takes
	switch why := g.conns.Take(src); why {
	case SourceFull:
		return "connections from one source"
	case Full, ForNewcomers:
		// At the cap, a newcomer takes the place of a connection that
		// logged in and has had no session for a while: idle logged-in
		// connections from 700 addresses once held every place, and no
		// person got in.
		g.mu.Lock()
		idle = g.idleLocked()
		g.mu.Unlock()
		switch {
		case idle == nil && why == Full:
			return "connections at once"
		case idle == nil:
			return "connections kept for new sources"
		}
		g.conns.add(src)
	}
	defer func() {
		switch {
		case idle == nil:
		case refusal == "":
			g.log.Limit("connection without a session closed for a newcomer", "source", idle.source, "limit", g.cfg.MaxConns)
			// Its source waits: 700 addresses taking each other's places
			// left a person none.
			g.penalize(idle.source, "a connection without a session at a full server")
			idle.conn.Close()
		default: // refused all the same: the idle one stays
			g.mu.Lock()
			idle.evicted = false
			g.mu.Unlock()
		}
	}()
	g.mu.Lock()
	var victim *Conn
	switch {
	case g.cfg.MaxStartupsPerSource > 0 && g.bySource[src] >= g.cfg.MaxStartupsPerSource:
		g.mu.Unlock()
		g.conns.Give(src)
		return "logins at once from one source"
	case g.cfg.MaxStartups.Full > 0 && g.pending >= g.cfg.MaxStartups.Start:
		// Past START, a newcomer takes the place of a connection that
		// has said nothing for a while, before the random early drop
		// refuses anyone: silent sockets from 64 addresses once held the
		// gate and failed 27 of 48 logins, for drop refuses people and
		// the silent alike.
		// The random early drop then falls on the sources that hold a
		// login under way or an idle connection (logged in, without a
		// session for IdleGrace); one that holds neither is refused only
		// at FULL: 700 addresses asking 2,400 logins a second once kept
		// the gate so busy that 53 of a person's 56 logins were dropped
		// with theirs.
		fresh := g.bySource[src] == 0 && !g.holdsIdleLocked(src)
		if victim = g.silentLocked(src); victim == nil && (fresh && g.pending >= g.cfg.MaxStartups.Full ||
			!fresh && g.cfg.MaxStartups.drop(g.pending, g.draw)) {
			g.mu.Unlock()
			g.conns.Give(src)
			return "logins at once (max-startups)"
		}
	}
	g.pending++
	g.bySource[src]++
	g.mu.Unlock()
	if victim != nil {
		g.log.Limit("silent login closed for a newcomer", "source", victim.source, "after", g.now().Sub(victim.began).Round(time.Millisecond))
		victim.conn.Close()
	}
	return ""
}

// SilentGrace is how long a connection may go without its version line
// before a newcomer may take its place at a full gate: a client sends the
// line at once, so only a network slower than this loses its place.
const SilentGrace = 500 * time.Millisecond

// silentLocked picks the connection whose place a newcomer from src takes
// at a full gate, and marks it: one that has not sent its version line for
// SilentGrace, of the source holding the most places, the oldest; nil if
// there is none. The victim's source must hold more places than src will:
// the silent sources cannot churn each other's places, only a source
// holding fewer takes theirs.
func (g *Gate) silentLocked(src string) *Conn {
	now := g.now()
	var best *Conn
	most := g.bySource[src] + 1
	for c := range g.waiting {
		if c.evicted || c.versioned.Load() || now.Sub(c.began) < SilentGrace {
			continue
		}
		n := g.bySource[c.source]
		if n > most || best != nil && n == most && c.began.Before(best.began) {
			best, most = c, n
		}
	}
	if best != nil {
		best.evicted = true
	}
	return best
}

// IdleGrace is how long a logged-in connection may go without a session
// before a newcomer may take its place at the cap (MaxConns): a client
// opens its session as soon as it has logged in.
const IdleGrace = 2 * time.Second

// idleLocked picks the connection whose place a newcomer takes at the cap
// of connections, and marks it: one logged in with no session open for
// IdleGrace, of the source holding the most connections, the oldest; nil
// if there is none.
func (g *Gate) idleLocked() *Conn {
	now := g.now().UnixNano()
	var best *Conn
	var bestSince int64
	most := 0
	for c := range g.open {
		since := c.idleSince.Load()
		if c.evicted || since == 0 || now-since < int64(IdleGrace) {
			continue
		}
		n := g.conns.holds(c.source)
		if n > most || n == most && since < bestSince {
			best, bestSince, most = c, since, n
		}
	}
	if best != nil {
		best.evicted = true
	}
	return best
}

// holdsIdleLocked reports whether src holds a connection logged in
// without a session for IdleGrace.
func (g *Gate) holdsIdleLocked(src string) bool {
	now := g.now().UnixNano()
	for c := range g.open {
		if since := c.idleSince.Load(); c.source == src && since != 0 && now-since >= int64(IdleGrace) {
			return true
		}
	}
	return false
}

// waitFor notes c among the connections logging in, whose place a
// newcomer may take if it stays silent, and among those open.
func (g *Gate) waitFor(c *Conn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.waiting[c] = struct{}{}
	g.open[c] = struct{}{}
}

// loggedIn gives back a login's place.
func (g *Gate) loggedIn(c *Conn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.waiting, c)
	g.pending--
	if g.bySource[c.source]--; g.bySource[c.source] <= 0 {
		delete(g.bySource, c.source)
	}
}

// AfterFunc starts a timer of the gate or of a session channel: f runs
// after d unless stop is called first. It is time.AfterFunc; tests
// replace it to run the timers themselves instead of waiting for them.
var AfterFunc = func(d time.Duration, f func()) (stop func() bool) { return time.AfterFunc(d, f).Stop }

// Conn is one connection from its first byte to its close.
type Conn struct {
	g      *Gate
	conn   net.Conn
	source string
	began  time.Time

	versioned atomic.Bool // the client's version line has arrived
	authed    atomic.Bool
	evicted   bool // a newcomer took its place (guarded by Gate.mu)
	// idleSince is when the connection, logged in, last had no session
	// (g.now, Unix nanoseconds); 0 before its login and while a session
	// is open.
	idleSince atomic.Int64
	stopLogin func() bool // the login and version timers
	stopVer   func() bool

	mu        sync.Mutex
	key       string // the key's fingerprint, once verified
	peer      bool   // the key is the server's own: another server of its cluster (package relay)
	keyHeld   bool   // the key's place in gate.keys is taken
	refusal   string // every session is refused with this (over MaxConnsPerKey)
	channels  int    // session channels open
	noSession func() bool
	closed    bool
}

// Admit turns a new connection away when too many are logging in or its
// source holds too many (it then returns nil, having said why, and the
// caller closes conn), else holds a place for it, starts its timers and
// returns its state and the connection to read and write from now on,
// which the gate watches.
func (g *Gate) Admit(conn net.Conn) (*Conn, net.Conn) {
	src := SourceOf(conn.RemoteAddr())
	if why := g.take(src); why != "" {
		g.log.Refused(src, why)
		// Before the handshake no LANG has come: English.
		text := lang.GateBusy // too many logging in (MaxStartups)
		switch why {
		case "penalty":
			text = lang.GatePenalty
		case "connections from one source":
			text = lang.GateSource
		case "connections at once":
			text = lang.GateConnsFull
		case "connections kept for new sources":
			text = lang.GateConnsNewcomers
		}
		conn.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(conn, lang.English.T(text)+"\r\n")
		return nil, nil
	}
	g.connCount.Add(1)
	c := &Conn{g: g, conn: conn, source: src, began: g.now()}
	g.waitFor(c)
	c.mu.Lock() // the timers may fire at once: they wait for the state
	if d := g.cfg.HandshakeTimeout; d > 0 {
		c.stopLogin = AfterFunc(d, func() {
			if !c.authed.Load() {
				g.log.Limit("login took too long", "source", src, "limit", d)
				g.penalize(src, "login took too long")
				conn.Close()
			}
		})
	}
	if d := g.cfg.VersionTimeout; d > 0 {
		c.stopVer = AfterFunc(d, func() {
			if !c.versioned.Load() {
				g.log.Limit("no SSH version line in time", "source", src, "limit", d)
				g.penalize(src, "no SSH version line")
				conn.Close()
			}
		})
	}
	c.mu.Unlock()
	return c, &gatedConn{Conn: conn, c: c}
}

// ServerConfig is the SSH configuration of connection c's handshake,
// without its keys: through it the gate learns which key logged in, and
// when.
func (g *Gate) ServerConfig(c *Conn) *gossh.ServerConfig {
	return &gossh.ServerConfig{
		VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, perms *gossh.Permissions, _ string) (*gossh.Permissions, error) {
			c.mu.Lock()
			c.key = gossh.FingerprintSHA256(key)
			c.peer = g.Peer != nil && bytes.Equal(key.Marshal(), g.Peer.Marshal())
			c.mu.Unlock()
			return perms, nil
		},
		AuthLogCallback: func(meta gossh.ConnMetadata, method string, err error) {
			if err == nil {
				c.loggedIn(string(meta.ClientVersion()))
			}
		},
	}
}

// loggedIn is called when the connection's login succeeds: its place at
// the gate goes back, its key is counted, and it must open a session in
// time.
func (c *Conn) loggedIn(version string) {
	if c.authed.Swap(true) {
		return
	}
	g := c.g
	g.loggedIn(c)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopLogin != nil {
		c.stopLogin()
	}
	if c.closed {
		return
	}
	c.idleSince.Store(g.now().UnixNano())
	if c.peer {
		// A server relaying its players: each relayed session is counted
		// under its player's key (by the server, as it runs the session).
	} else if g.keys.Take(c.key, g.cfg.MaxConnsPerKey) {
		c.keyHeld = true
	} else {
		c.refusal = lang.English.T(lang.GateKey) // no LANG comes before the channel
		g.log.Limit("connections with one key", "source", c.source, "key", c.key, "limit", g.cfg.MaxConnsPerKey)
	}
	g.log.Info("login", "source", c.source, "key", c.key, "client", version)
	c.waitForSessionLocked()
}

// waitForSessionLocked starts the timer that closes the connection if it
// still has no session channel when it fires.
func (c *Conn) waitForSessionLocked() {
	d := c.g.cfg.SessionTimeout
	if d <= 0 || c.closed {
		return
	}
	c.noSession = AfterFunc(d, func() {
		c.mu.Lock()
		idle := c.channels == 0 && !c.closed
		c.mu.Unlock()
		if idle {
			c.g.log.Limit("no session in time", "source", c.source, "key", c.key, "limit", d)
			c.conn.Close()
		}
	})
}

// ErrTooManyChannels refuses a session channel over MaxChannels.
var ErrTooManyChannels = errors.New(lang.English.T(lang.GateChannels))

// OpenChannel counts a new session channel, or says why it is refused.
func (c *Conn) OpenChannel() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.refusal != "" {
		return errors.New(c.refusal)
	}
	// Another server of the cluster relays all its players to this one on
	// one connection (package relay).
	if most := c.g.cfg.MaxChannels; most > 0 && c.channels >= most && !c.peer {
		return ErrTooManyChannels
	}
	c.channels++
	c.idleSince.Store(0)
	if c.noSession != nil {
		c.noSession()
		c.noSession = nil
	}
	return nil
}

// CloseChannel counts a session channel gone; the last one gone starts
// the wait for the next session again.
func (c *Conn) CloseChannel() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.channels--; c.channels == 0 {
		c.idleSince.Store(c.g.now().UnixNano())
		c.waitForSessionLocked()
	}
}

// Abuse closes the connection of a client that is not a terminal (see
// package channel), and logs why.
func (c *Conn) Abuse(what string, args ...any) {
	c.mu.Lock()
	key := c.key
	c.mu.Unlock()
	c.g.log.Limit(what, append([]any{"source", c.source, "key", key, "action", "connection closed"}, args...)...)
	c.g.penalize(c.source, what)
	c.conn.Close()
}

// close gives back everything the connection held.
func (c *Conn) close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	for _, stop := range []func() bool{c.stopLogin, c.stopVer, c.noSession} {
		if stop != nil {
			stop()
		}
	}
	held, key := c.keyHeld, c.key
	c.mu.Unlock()
	g := c.g
	if !c.authed.Swap(true) {
		g.loggedIn(c) // never logged in: its place at the gate
	} else {
		g.log.Debug("connection closed", "source", c.source, "key", key, "after", g.now().Sub(c.began).Round(time.Millisecond))
	}
	if held {
		g.keys.Give(key)
	}
	g.mu.Lock()
	delete(g.open, c)
	g.mu.Unlock()
	g.conns.Give(c.source)
	g.connCount.Add(-1)
}

// gatedConn watches a connection for the gate: the client's version line,
// and its close.
type gatedConn struct {
	net.Conn
	c *Conn
}

func (g *gatedConn) Read(p []byte) (int, error) {
	n, err := g.Conn.Read(p)
	if n > 0 && !g.c.versioned.Load() && bytes.IndexByte(p[:n], '\n') >= 0 {
		// The version line ends the first line the client sends (lines
		// before it are allowed by the protocol but no client sends them).
		g.c.versioned.Store(true)
		g.c.mu.Lock()
		if g.c.stopVer != nil {
			g.c.stopVer()
		}
		g.c.mu.Unlock()
	}
	return n, err
}

func (g *gatedConn) Close() error {
	g.c.close()
	return g.Conn.Close()
}

// Key is the fingerprint of the key the connection logged in with, ""
// before its login.
func (c *Conn) Key() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.key
}

// Peer reports whether the connection logged in with the server's own host
// key: another server of its cluster, relaying its players.
func (c *Conn) Peer() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.peer
}

// Source is where the connection comes from (SourceOf).
func (c *Conn) Source() string { return c.source }

// Conns returns the number of connections open, logged in or not.
func (g *Gate) Conns() int { return int(g.connCount.Load()) }
