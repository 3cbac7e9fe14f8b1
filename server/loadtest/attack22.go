package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/server/internal/client"
)

// The attacks of issue 22 that come from many addresses take theirs from
// 127.1.0.0/16 and 127.2.0.0/16, apart from the players', the person's
// and the other attacks' (127.0.0.0/24).

// manyFrom is the nth of the many addresses of an attack (n from 0),
// in 127.block.0.0/16.
func manyFrom(block byte, n int) net.IP { return net.IPv4(127, block, byte(n/250), byte(n%250+1)) }

// loginFrom logs in with key from address from.
func (a *attacker) loginFrom(key gossh.Signer, from net.IP) (*gossh.Client, error) {
	return client.Login(a.addr, key, from, 10*time.Second)
}

// attackLineRooms makes rooms with one key through the line mode (ssh
// HOST plain ROOM, then start), which once made the server's fifty.
func attackLineRooms(a *attacker) {
	key := a.key()
	for i := 0; i < 50 && !a.over(); i++ {
		a.tried.Add(1)
		c, err := a.login(key)
		if err != nil {
			a.refused.Add(1)
			continue
		}
		if lineRoom(c, fmt.Sprintf("atk%d", i)) {
			a.took.Add(1)
		} else {
			a.refused.Add(1)
		}
		c.Close()
	}
}

// lineRoom enters room in the line mode, naming the player if asked, and
// deals; it reports whether the room was made.
func lineRoom(c *gossh.Client, room string) bool {
	sess, err := c.NewSession()
	if err != nil {
		return false
	}
	defer sess.Close()
	in, _ := sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if sess.Start("plain "+room) != nil {
		return false
	}
	lines := bufio.NewScanner(out)
	deadline := time.AfterFunc(10*time.Second, func() { sess.Close() })
	defer deadline.Stop()
	for lines.Scan() {
		l := lines.Text()
		switch {
		case strings.HasPrefix(l, "What is your name?"):
			io.WriteString(in, "Mallory\n")
		case strings.HasPrefix(l, "Room "+room+"."):
			io.WriteString(in, "start\n")
			return true
		case strings.HasPrefix(l, "That did not work"):
			return false
		}
	}
	return false
}

// attackFewAddresses opens sessions of 260 keys from 9 addresses and holds
// them, each key trying again after a refusal, which once took all 200 of
// the server's sessions.
func attackFewAddresses(a *attacker) {
	var wg sync.WaitGroup
	for k := range 260 {
		from := manyFrom(1, k%9)
		key := a.key()
		wg.Go(func() {
			for !a.over() {
				if a.holdSession(key, from) {
					return
				}
				time.Sleep(time.Second)
			}
		})
	}
	wg.Wait()
}

// holdSession opens a session of key from address from and holds it until
// the attack's time is up; it reports false if the server refused it.
func (a *attacker) holdSession(key gossh.Signer, from net.IP) bool {
	a.tried.Add(1)
	c, err := a.loginFrom(key, from)
	if err != nil {
		a.refused.Add(1)
		return false
	}
	defer c.Close()
	sess, err := c.NewSession()
	if err != nil {
		a.refused.Add(1)
		return false
	}
	sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
	out, _ := sess.StdoutPipe()
	if sess.Shell() != nil {
		a.refused.Add(1)
		return false
	}
	b := make([]byte, 1024)
	if n, _ := out.Read(b); n == 0 || !strings.Contains(string(b[:n]), "\x1b") {
		a.refused.Add(1) // told why on stderr, and closed
		return false
	}
	a.took.Add(1)
	done := make(chan struct{})
	a.hold(done)
	go func() { io.Copy(io.Discard, out); close(done) }()
	time.Sleep(time.Until(a.stop))
	return true
}

// attackSilentMany holds 8 silent sockets from each of 64 addresses,
// opened again as soon as they close: 27 of 48 logins failed.
func attackSilentMany(a *attacker) {
	var wg sync.WaitGroup
	for n := range 64 {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: manyFrom(2, n)}, Timeout: 10 * time.Second}
		for range 8 {
			wg.Go(func() { a.silentSockets(&d) })
		}
	}
	wg.Wait()
}

// silentSockets opens sockets from d that say nothing, one after another,
// until the attack's time is up.
func (a *attacker) silentSockets(d *net.Dialer) {
	for !a.over() {
		a.tried.Add(1)
		c, err := d.Dial("tcp", a.addr)
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		c.SetDeadline(a.stop)
		b := make([]byte, 256)
		n, _ := c.Read(b)
		if strings.HasPrefix(string(b[:n]), "SSH-") {
			a.took.Add(1)
			done := make(chan struct{})
			a.hold(done)
			io.Copy(io.Discard, c) // silent until the server closes it
			close(done)
		} else {
			a.refused.Add(1)
			time.Sleep(10 * time.Millisecond)
		}
		c.Close()
	}
}

// attackIdleConns holds logged-in connections from 700 addresses, 10
// each, opened again when the server closes them: they once held 6,410
// descriptors and 497 MB.
func attackIdleConns(a *attacker) {
	var wg sync.WaitGroup
	for n := range 700 {
		from := manyFrom(1, n)
		for range 10 {
			wg.Go(func() {
				for !a.over() {
					a.tried.Add(1)
					c, err := a.loginFrom(a.key(), from)
					if err != nil {
						a.refused.Add(1)
						time.Sleep(500 * time.Millisecond)
						continue
					}
					a.took.Add(1)
					done := make(chan struct{})
					a.hold(done)
					go func() { time.Sleep(time.Until(a.stop)); c.Close() }()
					c.Wait()
					close(done)
				}
			})
		}
	}
	wg.Wait()
}

// attackStorm logs in with fresh keys from 200 addresses, opens a
// session, waits for its first screen and leaves, as fast as it goes: a
// reconnect storm, which once left 40 KB a session held after its peak.
func attackStorm(a *attacker) {
	var n sync.Mutex
	next := 0
	a.workers(32, func() bool {
		n.Lock()
		from := manyFrom(1, next%200)
		next++
		n.Unlock()
		a.tried.Add(1)
		c, err := a.loginFrom(a.key(), from)
		if err != nil {
			a.refused.Add(1)
			time.Sleep(50 * time.Millisecond)
			return true
		}
		defer c.Close()
		sess, err := c.NewSession()
		if err != nil {
			a.refused.Add(1)
			return true
		}
		sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
		out, _ := sess.StdoutPipe()
		if sess.Shell() != nil {
			a.refused.Add(1)
			return true
		}
		b := make([]byte, 4096)
		if n, _ := out.Read(b); n > 0 {
			a.took.Add(1)
			a.bytes.Add(int64(n))
		} else {
			a.refused.Add(1)
		}
		return true
	})
}
