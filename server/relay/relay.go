// Package relay passes the players of rooms another server of a mille
// serve cluster holds on to that server: their sessions there, on one SSH
// connection to each server logged in with the host key they share
// (Peers), and the sessions relayed to this server back to the players
// they name (Unrelay).
package relay

import (
	"errors"
	"io"
	"net/netip"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/server/channel"
)

// Command begins the command line of a session that another server
// of the cluster relays: "relay KEY SOURCE ROOM" or "relay KEY SOURCE
// plain ROOM", KEY being the player's key fingerprint and SOURCE where the
// player connects from (gate.SourceOf: an IPv4 address or an IPv6 /64). Only a
// client that logged in with the server's own host key (which every
// server of a cluster shares) may give it: the SSH login proved that it
// holds the private key, so nobody else can claim a player's key or
// address this way; from anyone else the command is only a room's name.
const Command = "relay"

// Unrelay makes a session relayed by another server of the cluster that
// of the player it names, from the player's source: the limits by source
// count the player's address, not the relaying server's. A session of
// anyone else keeps its key and its connection's source.
func Unrelay(sess *channel.Session) {
	f := strings.Fields(sess.Command)
	if !sess.Conn.Peer() || len(f) < 3 || f[0] != Command {
		return
	}
	sess.ID, sess.Command = f[1], strings.Join(f[3:], " ")
	if validSource(f[2]) {
		sess.Source = f[2]
	}
}

// validSource reports whether src is a source as gate.SourceOf writes it: an
// address, or an IPv6 prefix.
func validSource(src string) bool {
	if _, err := netip.ParseAddr(src); err == nil {
		return true
	}
	_, err := netip.ParsePrefix(src)
	return err == nil
}

// Relay plays session sess through the server at addr, which holds its
// room: an SSH session there, logged in with the host key signer, with
// the same terminal if it has one, the same command (the room's name, or
// the line mode's and the room's), its input and window changes passed on
// and its output passed back, until either end closes it or stop is
// closed (the server shuts down).
func (p *Peers) Relay(sess *channel.Session, signer gossh.Signer, addr string, stop <-chan struct{}) error {
	rs, err := p.session(addr, signer)
	if err != nil {
		return err
	}
	defer rs.Close()
	for _, kv := range sess.Env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			rs.Setenv(k, v)
		}
	}
	if sess.HasPTY {
		size := sess.Size.Get()
		if err := rs.RequestPty(sess.Term, size.Height, size.Width, gossh.TerminalModes{}); err != nil {
			return err
		}
	}
	rs.Stdout, rs.Stderr = sess, sess.Ch.Stderr()
	in, err := rs.StdinPipe()
	if err != nil {
		return err
	}
	if err := rs.Start(Command + " " + sess.ID + " " + sess.Source + " " + sess.Command); err != nil {
		return err
	}
	go func() {
		io.Copy(in, sess.Input)
		in.Close()
	}()
	done := make(chan error, 1)
	go func() { done <- rs.Wait() }()
	for {
		select {
		case err := <-done:
			var exit *gossh.ExitError
			if err == nil || errors.As(err, &exit) {
				return nil // the session ended there, as it would here
			}
			return err
		case <-sess.Size.Changed():
			size := sess.Size.Get()
			rs.WindowChange(size.Height, size.Width)
		case <-sess.Ctx.Done():
			return nil
		case <-stop:
			return nil
		}
	}
}

// Peers are the SSH connections a server relays its players through, one
// to each other server of the cluster it relays to: each relayed player is
// a session channel on it. The server there counts one connection from
// this one however many players it relays (its per-source limit on
// connections once refused the 33rd), and the login's handshake is made
// once. Safe for concurrent use.
type Peers struct {
	mu    sync.Mutex
	conns map[string]*gossh.Client
	// closed: the server shuts down, and dials no more.
	closed bool
}

// session opens a session at the server at addr, on the connection to it,
// logged in with signer (the host key the servers share): a new one if
// there is none yet or the one there was has died.
func (p *Peers) session(addr string, signer gossh.Signer) (*gossh.Session, error) {
	for try := 0; ; try++ {
		conn, err := p.conn(addr, signer)
		if err != nil {
			return nil, err
		}
		rs, err := conn.NewSession()
		if err == nil || try > 0 {
			return rs, err
		}
		// Closed under us (the server there closes a connection left
		// without a session for a while): once more, on a new one.
		p.forget(addr, conn)
		conn.Close()
	}
}

// conn is the connection to the server at addr, dialled if there is none.
func (p *Peers) conn(addr string, signer gossh.Signer) (*gossh.Client, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errors.New("the server shuts down")
	}
	if conn := p.conns[addr]; conn != nil {
		return conn, nil
	}
	// Dialled under the lock: the players relayed at once to a server
	// wait for one connection rather than each open their own.
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "mille",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.FixedHostKey(signer.PublicKey()),
		Timeout:         5 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	if p.conns == nil {
		p.conns = map[string]*gossh.Client{}
	}
	p.conns[addr] = conn
	go func() {
		conn.Wait() // the server there went away, or closed it
		p.forget(addr, conn)
	}()
	return conn, nil
}

// forget drops conn, the connection to addr, if it is still the one used.
func (p *Peers) forget(addr string, conn *gossh.Client) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns[addr] == conn {
		delete(p.conns, addr)
	}
}

// Close closes every connection, for a shutdown: no more are dialled.
func (p *Peers) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for addr, conn := range p.conns {
		conn.Close()
		delete(p.conns, addr)
	}
}
