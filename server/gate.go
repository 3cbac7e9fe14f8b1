package server

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gliderlabs/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Defaults of the limits on connections that are still logging in.
const (
	// HandshakeTimeout is how long a connection may take from its first byte
	// to a successful login.
	HandshakeTimeout = 20 * time.Second
	// HandshakesPerAddr is mille serve's default cap on the logins under way
	// from one IP address, so one machine cannot hold every place at the
	// gate.
	HandshakesPerAddr = 8
	// BusyText is written to a connection turned away because too many
	// others are logging in at once.
	BusyText = "mille: too many people are logging in right now; try again in a moment\r\n"
)

// gate counts the connections that have not logged in yet: an SSH
// handshake costs the server work before it knows who is there, so a
// flood of half-open logins must not starve the people playing.
type gate struct {
	max     int           // logins under way at once; 0: no limit
	perAddr int           // from one IP address; 0: no limit
	timeout time.Duration // for each login

	mu      sync.Mutex
	pending int
	byAddr  map[string]int
}

// take holds a place for a login from addr, if there is one.
func (g *gate) take(addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.max > 0 && g.pending >= g.max || g.perAddr > 0 && g.byAddr[addr] >= g.perAddr {
		return false
	}
	g.pending++
	g.byAddr[addr]++
	return true
}

// give gives back a place taken for addr.
func (g *gate) give(addr string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pending--
	if g.byAddr[addr]--; g.byAddr[addr] <= 0 {
		delete(g.byAddr, addr)
	}
}

// hostOf is the IP address of a connection's remote end.
func hostOf(conn net.Conn) string {
	addr := conn.RemoteAddr().String()
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}

// admissionKey finds a connection's admission in its ssh.Context.
type admissionKey struct{}

// admission is one connection's place at the gate, given back once: when
// it logs in, or when it closes first.
type admission struct {
	g         *gate
	addr      string
	once      sync.Once
	authed    atomic.Bool
	stopTimer func() bool
}

func (a *admission) free() {
	a.once.Do(func() {
		a.g.give(a.addr)
		if a.stopTimer != nil {
			a.stopTimer()
		}
	})
}

// afterFunc starts a login's timer: f runs after d unless stop is called
// first. It is time.AfterFunc; tests replace it to run the timers
// themselves instead of waiting for them.
var afterFunc = func(d time.Duration, f func()) (stop func() bool) { return time.AfterFunc(d, f).Stop }

// loggedIn is called when the connection's login succeeds.
func (a *admission) loggedIn() {
	a.authed.Store(true)
	a.free()
}

// admit is the server's ConnCallback: it turns the connection away when
// too many are logging in, else holds a place for it and closes it if the
// login takes too long.
func (g *gate) admit(ctx ssh.Context, conn net.Conn) net.Conn {
	addr := hostOf(conn)
	if !g.take(addr) {
		conn.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(conn, BusyText)
		return nil // gliderlabs closes it
	}
	a := &admission{g: g, addr: addr}
	a.stopTimer = afterFunc(g.timeout, func() {
		if !a.authed.Load() {
			conn.Close()
		}
	})
	ctx.SetValue(admissionKey{}, a)
	return &gatedConn{Conn: conn, a: a}
}

// config is the server's ServerConfigCallback: it tells the connection's
// admission when the login succeeded.
func (g *gate) config(ctx ssh.Context) *gossh.ServerConfig {
	a, _ := ctx.Value(admissionKey{}).(*admission)
	return &gossh.ServerConfig{
		AuthLogCallback: func(_ gossh.ConnMetadata, _ string, err error) {
			if err == nil && a != nil {
				a.loggedIn()
			}
		},
	}
}

// gatedConn gives the connection's place back when it closes.
type gatedConn struct {
	net.Conn
	a *admission
}

func (c *gatedConn) Close() error {
	c.a.free()
	return c.Conn.Close()
}
