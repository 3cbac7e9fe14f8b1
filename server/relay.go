package server

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// relayCommand begins the command line of a session that another server
// of the cluster relays: "relay KEY ROOM" or "relay KEY plain ROOM", KEY
// being the player's key fingerprint. Only a client that logged in with the server's own host
// key (which every server of a cluster shares) may give it.
const relayCommand = "relay"

// GoneText ends a relayed session whose room's server went away.
const GoneText = "mille: the server that held room %s went away. Connect again (ssh -t HOST %s): your seat waits, and another server takes the room over."

// unrelay makes a session relayed by another server of the cluster that
// of the player it names.
func (s *Server) unrelay(sess *sshSession) {
	sess.conn.mu.Lock()
	peer := sess.conn.peer
	sess.conn.mu.Unlock()
	if f := strings.Fields(sess.command); peer && len(f) >= 2 && f[0] == relayCommand {
		sess.id, sess.command = f[1], strings.Join(f[2:], " ")
	}
}

// relay plays session sess, of player id, through the server at addr,
// which holds room: an SSH session there, logged in with the host key,
// with the same terminal if it has one, the same command (the room's
// name, or the line mode's and the room's), its input and window changes
// passed on and its output passed back, until either end closes it.
func (s *Server) relay(sess *sshSession, id, room, addr string) error {
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "mille",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(s.signer)},
		HostKeyCallback: gossh.FixedHostKey(s.signer.PublicKey()),
		Timeout:         5 * time.Second,
	})
	if err != nil {
		return err
	}
	defer conn.Close()
	rs, err := conn.NewSession()
	if err != nil {
		return err
	}
	defer rs.Close()
	for _, kv := range sess.env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			rs.Setenv(k, v)
		}
	}
	if sess.hasPTY {
		size := sess.size.get()
		if err := rs.RequestPty(sess.term, size.height, size.width, gossh.TerminalModes{}); err != nil {
			return err
		}
	}
	rs.Stdout, rs.Stderr = sess, sess.ch.Stderr()
	in, err := rs.StdinPipe()
	if err != nil {
		return err
	}
	if err := rs.Start(relayCommand + " " + id + " " + sess.command); err != nil {
		return err
	}
	go func() {
		io.Copy(in, sess.input)
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
		case <-sess.size.changed:
			size := sess.size.get()
			rs.WindowChange(size.height, size.width)
		case <-sess.ctx.Done():
			return nil
		case <-s.stop.Done():
			return nil
		}
	}
}

// relayed relays the session if another server holds its room, and
// reports whether it did.
func (s *Server) relayed(sess *sshSession, id, room string) bool {
	addr, ok := s.Lobby.Holder(room)
	if !ok {
		return false
	}
	s.log.Info("session relayed", "key", id, "room", room, "to", addr)
	if err := s.relay(sess, id, room, addr); err != nil {
		s.log.Error("relay", "key", id, "room", room, "to", addr, "err", err)
		sess.refuse(fmt.Sprintf(GoneText, room, room))
	}
	return true
}
