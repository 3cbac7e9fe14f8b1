package channel

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/server/gate"
)

// The server runs its SSH connections itself, on x/crypto/ssh, rather
// than through gliderlabs/ssh, which spent two goroutines a connection
// beside the session's: one that waited for new channels and one for
// the connection's global requests. Here a connection has one goroutine
// of its own (besides x/crypto's three), which waits for both, and runs
// the connection's first session on itself: the session serves the
// connection's events (connEvents) beside its channel's requests, so a
// session costs five goroutines and a quarter of a table's (issue 36).

// ErrServerClosed is what Server.Serve returns once Close has been called.
var ErrServerClosed = errors.New("ssh: server closed")

// Server accepts SSH connections, admits them through its gate, logs them
// in with any key (the key only says who comes back), and hands their
// session channels to its Handler.
type Server struct {
	Gate    *gate.Gate
	HostKey gossh.Signer
	Handler *Handler
	// IdleTimeout closes a connection that has read and written nothing
	// for that long (0: never): a backstop for dead connections.
	IdleTimeout time.Duration

	mu        sync.Mutex
	closed    bool
	listeners map[net.Listener]struct{}
	conns     map[net.Conn]struct{}
}

// Serve accepts connections on l until Close, and then returns
// ErrServerClosed; it closes l when it returns.
func (s *Server) Serve(l net.Listener) error {
	if !s.track(l, nil) {
		l.Close()
		return ErrServerClosed
	}
	defer s.untrack(l, nil)
	var delay time.Duration
	failed := 0 // accepts failed in a row
	for {
		conn, err := l.Accept()
		if err != nil {
			if s.isClosed() {
				return ErrServerClosed
			}
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			// Out of descriptors, or a connection that went before it was
			// taken: the listener is still good, so wait a little (ever
			// longer while it lasts) and accept again. The host reads when
			// it began and when it ended, not every try.
			if failed++; failed == 1 {
				s.logf("accepting connections failed; trying again", "listen", l.Addr().String(), "err", err)
			}
			delay = min(max(2*delay, 5*time.Millisecond), time.Second)
			time.Sleep(delay)
			continue
		}
		if failed > 0 {
			s.logf("accepting connections again", "listen", l.Addr().String(), "failed", failed)
		}
		delay, failed = 0, 0
		go s.serveConn(conn)
	}
}

// logf logs an error of the server's own, if it has a log.
func (s *Server) logf(msg string, args ...any) {
	if s.Handler != nil && s.Handler.Log != nil {
		s.Handler.Log.Error(msg, args...)
	}
}

// Close closes the listeners and every connection.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	var err error
	for l := range s.listeners {
		if cerr := l.Close(); err == nil && !errors.Is(cerr, net.ErrClosed) {
			err = cerr
		}
	}
	for c := range s.conns {
		c.Close()
	}
	clear(s.listeners)
	clear(s.conns)
	return err
}

func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// track keeps a listener or a connection for Close, unless the server is
// closed.
func (s *Server) track(l net.Listener, c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	if l != nil {
		if s.listeners == nil {
			s.listeners = map[net.Listener]struct{}{}
		}
		s.listeners[l] = struct{}{}
	}
	if c != nil {
		if s.conns == nil {
			s.conns = map[net.Conn]struct{}{}
		}
		s.conns[c] = struct{}{}
	}
	return true
}

// untrack forgets and closes a listener or a connection.
func (s *Server) untrack(l net.Listener, c net.Conn) {
	s.mu.Lock()
	if l != nil {
		delete(s.listeners, l)
	}
	if c != nil {
		delete(s.conns, c)
	}
	s.mu.Unlock()
	if l != nil {
		l.Close()
	}
	if c != nil {
		c.Close()
	}
}

// serveConn serves one connection, from its admission to its close.
func (s *Server) serveConn(raw net.Conn) {
	c, conn := s.Gate.Admit(raw)
	if c == nil {
		raw.Close()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	conn = &idleConn{Conn: conn, idle: s.IdleTimeout, closed: cancel}
	if !s.track(nil, conn) {
		conn.Close()
		return
	}
	defer s.untrack(nil, conn)
	config := s.Gate.ServerConfig(c)
	config.PublicKeyCallback = func(gossh.ConnMetadata, gossh.PublicKey) (*gossh.Permissions, error) {
		return &gossh.Permissions{}, nil
	}
	config.AddHostKey(s.HostKey)
	sc, chans, global, err := gossh.NewServerConn(conn, config)
	if err != nil {
		return // the gate has logged what it counts
	}
	ev := &connEvents{chans: chans, global: global}
	ev.open = func(nc gossh.NewChannel) { s.open(ctx, sc, c, nc, nil) }
	for chans != nil || global != nil {
		select {
		case nc, ok := <-chans:
			if !ok {
				return // the connection has closed
			}
			s.open(ctx, sc, c, nc, ev)
		case req, ok := <-global:
			if !ok {
				global = nil
				continue
			}
			answerGlobal(req)
		}
	}
}

// open serves a new channel: a session channel on this goroutine, which
// serves the connection's events ev meanwhile, or on a goroutine of its
// own when ev is nil (this goroutine serves another session's, or they
// are another's to serve); any other kind is refused.
func (s *Server) open(ctx context.Context, sc *gossh.ServerConn, c *gate.Conn, nc gossh.NewChannel, ev *connEvents) {
	if nc.ChannelType() != "session" {
		nc.Reject(gossh.UnknownChannelType, "unsupported channel type")
		return
	}
	if ev == nil {
		go s.Handler.serve(ctx, sc, c, nc, nil)
		return
	}
	s.Handler.serve(ctx, sc, c, nc, ev)
}

// answerGlobal refuses a connection's global request: port forwarding
// and the like (a client's keepalive asks for an answer, and gets one).
func answerGlobal(req *gossh.Request) { req.Reply(false, nil) }

// connEvents are what a connection receives besides its channels' own
// requests: its new channels and its global requests. One goroutine
// serves them at a time: the connection's while it has no session, then
// the session's (whoever serves its channel's requests).
type connEvents struct {
	chans  <-chan gossh.NewChannel
	global <-chan *gossh.Request
	open   func(gossh.NewChannel) // serves a new channel on a goroutine of its own
}

// idleConn closes a connection that reads and writes nothing for idle,
// and ends its context (closed) when it closes or fails.
type idleConn struct {
	net.Conn
	idle   time.Duration
	closed context.CancelFunc
}

func (c *idleConn) Read(p []byte) (int, error) {
	c.extend()
	n, err := c.Conn.Read(p)
	c.failed(err)
	return n, err
}

func (c *idleConn) Write(p []byte) (int, error) {
	c.extend()
	n, err := c.Conn.Write(p)
	c.failed(err)
	return n, err
}

func (c *idleConn) Close() error {
	err := c.Conn.Close()
	c.closed()
	return err
}

// extend moves the connection's deadline idle from now.
func (c *idleConn) extend() {
	if c.idle > 0 {
		c.Conn.SetDeadline(time.Now().Add(c.idle))
	}
}

// failed ends the connection's context when err is the network's.
func (c *idleConn) failed(err error) {
	var ne net.Error
	if errors.As(err, &ne) {
		c.closed()
	}
}
