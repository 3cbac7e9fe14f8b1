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
	// BusyText is written to a connection turned away because too many
	// others are logging in at once.
	BusyText = "mille: too many people are logging in right now; try again in a moment\r\n"
)

// gate counts the connections that have not logged in yet: an SSH
// handshake costs the server work before it knows who is there, so a
// flood of half-open logins must not starve the people playing.
type gate struct {
	max     int           // logins under way at once; 0: no limit
	timeout time.Duration // for each login
	pending atomic.Int64
}

// admissionKey finds a connection's admission in its ssh.Context.
type admissionKey struct{}

// admission is one connection's place at the gate, given back once: when
// it logs in, or when it closes first.
type admission struct {
	g      *gate
	once   sync.Once
	authed atomic.Bool
	timer  *time.Timer
}

func (a *admission) free() {
	a.once.Do(func() {
		a.g.pending.Add(-1)
		if a.timer != nil {
			a.timer.Stop()
		}
	})
}

// loggedIn is called when the connection's login succeeds.
func (a *admission) loggedIn() {
	a.authed.Store(true)
	a.free()
}

// admit is the server's ConnCallback: it turns the connection away when
// too many are logging in, else holds a place for it and closes it if the
// login takes too long.
func (g *gate) admit(ctx ssh.Context, conn net.Conn) net.Conn {
	if n := g.pending.Add(1); g.max > 0 && n > int64(g.max) {
		g.pending.Add(-1)
		conn.SetWriteDeadline(time.Now().Add(time.Second))
		io.WriteString(conn, BusyText)
		return nil // gliderlabs closes it
	}
	a := &admission{g: g}
	a.timer = time.AfterFunc(g.timeout, func() {
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
