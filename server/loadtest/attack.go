package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/server/internal/client"
)

// The attacks of issue 15, each at the size that found its defect, run by
// a process of their own (--attacker NAME) from loopback addresses of
// their own while the normal players play and a person logs in again and
// again (--probe). docs/server.md has the limit that stops each one.

// The loopback addresses of the run: each plays another machine, so that
// the limits by source count each party apart.
var (
	playersFrom  = net.IPv4(127, 0, 0, 1)
	attackerFrom = net.IPv4(127, 0, 0, 2)
	proberFrom   = net.IPv4(127, 0, 0, 3)
)

// attack is one --attack mode.
type attack struct {
	name  string
	about string // what it does, at what size
	run   func(a *attacker)
}

// attacks lists the modes in issue 15's order.
var attacks = []attack{
	{"window-changes", "session channels with a PTY and two window changes, never a shell: 80,000 at most", attackWindowChanges},
	{"env", "env requests on 3 connections' channels, as fast as they go", attackEnv},
	{"input", "session channels that send 2 MiB before their shell: 600 at most", attackInput},
	{"no-session", "logged-in connections that open no session: 20,000 at most", attackNoSession},
	{"silent", "8 silent connections from each of 4 addresses, opened again when closed", attackSilent},
	{"sessions", "sessions of one key: 200 at most", attackSessions},
	{"rooms", "rooms made by one key, each started and left: 50 at most", attackRooms},
	{"huge-window", "4 sessions of a 10000x10000 terminal changing size as fast as they can", attackHugeWindow},
	{"keys", "4 players in games sending 1,365 arrow keys a second each (4 KiB/s)", attackKeys},
	{"long-command", "one key in 4 reconnect loops, each session's command a 120 KB room name", attackLongCommand},
	{"line-rooms", "rooms made by one key through the line mode (plain ROOM, then start): 50 at most", attackLineRooms},
	{"few-addresses", "sessions of 260 keys from 9 addresses, held open", attackFewAddresses},
	{"silent-many", "8 silent connections from each of 64 addresses, opened again when closed", attackSilentMany},
	{"idle-conns", "logged-in connections without a session from 700 addresses, 10 each, opened again when closed", attackIdleConns},
	{"storm", "fresh keys from 200 addresses: log in, open a session, wait for its screen, leave; 32 at once", attackStorm},
	{"csi", "sessions of fresh keys typing issue 22's 69 bytes (a CSI of 34 parameters) 50 times at the name prompt: 2,000 at most", attackCSI},
}

func findAttack(name string) (attack, bool) {
	i := slices.IndexFunc(attacks, func(a attack) bool { return a.name == name })
	if i < 0 {
		return attack{}, false
	}
	return attacks[i], true
}

// attackNames lists the modes for the flag's help.
func attackNames() string {
	var names []string
	for _, a := range attacks {
		names = append(names, a.name)
	}
	return strings.Join(names, ", ")
}

// attacker is the attacking process: its target, its time and its counts.
type attacker struct {
	addr string
	stop time.Time
	seed uint64
	keys atomic.Uint64 // keys made so far

	tried   atomic.Int64 // attempts: channels, connections, sessions, rooms, requests
	took    atomic.Int64 // attempts the server took
	refused atomic.Int64 // attempts the server refused or cut short
	open    atomic.Int64 // held open now
	peak    atomic.Int64 // most held open at once
	bytes   atomic.Int64 // bytes sent or received, as the attack counts them
}

// over reports whether the attack's time is up.
func (a *attacker) over() bool { return time.Now().After(a.stop) }

// key makes a fresh key: keys cost an attacker nothing.
func (a *attacker) key() gossh.Signer { return client.Key(a.seed<<32 + a.keys.Add(1)) }

// login logs in with key from the attacker's address.
func (a *attacker) login(key gossh.Signer) (*gossh.Client, error) {
	return client.Login(a.addr, key, attackerFrom, 10*time.Second)
}

// hold counts something held open until done is closed.
func (a *attacker) hold(done <-chan struct{}) {
	n := a.open.Add(1)
	for p := a.peak.Load(); n > p && !a.peak.CompareAndSwap(p, n); p = a.peak.Load() {
	}
	go func() {
		<-done
		a.open.Add(-1)
	}()
}

// workers runs n copies of f until the attack's time is up or f says
// there is nothing more to try.
func (a *attacker) workers(n int, f func() bool) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for !a.over() && f() {
			}
		})
	}
	wg.Wait()
}

// channels opens session channels on connections of fresh keys, as many
// as the server takes, and gives each to f; it stops after most channels.
func (a *attacker) channels(most int64, f func(ch gossh.Channel)) {
	a.workers(8, func() bool {
		c, err := a.login(a.key())
		if err != nil {
			a.refused.Add(1)
			time.Sleep(50 * time.Millisecond)
			return true
		}
		defer c.Close()
		for !a.over() {
			if a.tried.Add(1) > most {
				return false
			}
			ch, reqs, err := c.OpenChannel("session", nil)
			var refused *gossh.OpenChannelError
			switch {
			case errors.As(err, &refused):
				a.refused.Add(1)
				time.Sleep(10 * time.Millisecond)
				continue
			case err != nil:
				return true // the connection is gone: another one
			}
			a.took.Add(1)
			go gossh.DiscardRequests(reqs)
			done := make(chan struct{})
			a.hold(done)
			go func() {
				defer close(done)
				f(ch)
				io.Copy(io.Discard, ch) // until the server closes it
			}()
		}
		return false
	})
}

// ptyRequest is a pty-req payload for cols x rows.
func ptyRequest(cols, rows int) []byte {
	return gossh.Marshal(struct {
		Term                    string
		Columns, Rows, Wpx, Hpx uint32
		Modes                   string
	}{"xterm-256color", uint32(cols), uint32(rows), 0, 0, ""})
}

func windowChange(cols, rows int) []byte {
	return gossh.Marshal(struct{ Columns, Rows, Wpx, Hpx uint32 }{uint32(cols), uint32(rows), 0, 0})
}

func attackWindowChanges(a *attacker) {
	a.channels(80000, func(ch gossh.Channel) {
		ch.SendRequest("pty-req", true, ptyRequest(80, 24))
		ch.SendRequest("window-change", false, windowChange(81, 24))
		ch.SendRequest("window-change", false, windowChange(82, 24))
	})
}

func attackEnv(a *attacker) {
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			for !a.over() {
				c, err := a.login(a.key())
				if err != nil {
					a.refused.Add(1)
					time.Sleep(50 * time.Millisecond)
					continue
				}
				var chans sync.WaitGroup
				for range 10 {
					ch, reqs, err := c.OpenChannel("session", nil)
					if err != nil {
						break
					}
					go gossh.DiscardRequests(reqs)
					chans.Go(func() {
						value := strings.Repeat("x", 200)
						for i := 0; !a.over(); i++ {
							a.tried.Add(1)
							name := fmt.Sprintf("LC_%d", i%1000)
							if _, err := ch.SendRequest("env", false, gossh.Marshal(struct{ Name, Value string }{name, value})); err != nil {
								return // closed: no shell in time
							}
							a.bytes.Add(int64(len(name) + len(value)))
						}
					})
				}
				chans.Wait()
				c.Close()
			}
		})
	}
	wg.Wait()
}

func attackInput(a *attacker) {
	a.channels(600, func(ch gossh.Channel) {
		chunk := make([]byte, 32<<10)
		for range 64 { // 2 MiB
			n, err := ch.Write(chunk)
			a.bytes.Add(int64(n))
			if err != nil {
				a.refused.Add(1) // cut short by the server
				return
			}
		}
	})
}

func attackNoSession(a *attacker) {
	a.workers(16, func() bool {
		if a.tried.Add(1) > 20000 {
			return false
		}
		c, err := a.login(a.key())
		if err != nil {
			a.refused.Add(1)
			time.Sleep(10 * time.Millisecond)
			return true
		}
		a.took.Add(1)
		done := make(chan struct{})
		a.hold(done)
		go func() { c.Wait(); close(done) }()
		go func() { // closed by the attacker at the end if the server did not
			time.Sleep(time.Until(a.stop))
			c.Close()
		}()
		return true
	})
}

func attackSilent(a *attacker) {
	var wg sync.WaitGroup
	for n := byte(4); n < 8; n++ {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, n)}, Timeout: 10 * time.Second}
		for range 8 {
			wg.Go(func() { a.silentSockets(&d) })
		}
	}
	wg.Wait()
}

func attackSessions(a *attacker) {
	key := a.key()
	a.workers(4, func() bool {
		c, err := a.login(key)
		if err != nil {
			a.refused.Add(1)
			time.Sleep(50 * time.Millisecond)
			return true
		}
		defer c.Close()
		for !a.over() {
			if a.tried.Add(1) > 200 {
				return false
			}
			sess, err := c.NewSession()
			if err != nil {
				a.refused.Add(1)
				if errors.Is(err, io.EOF) {
					return true
				}
				time.Sleep(10 * time.Millisecond)
				continue
			}
			sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
			var stderr strings.Builder
			sess.Stderr = &stderr
			out, _ := sess.StdoutPipe()
			if err := sess.Shell(); err != nil {
				a.refused.Add(1)
				continue
			}
			b := make([]byte, 1024)
			if n, _ := out.Read(b); n > 0 {
				a.took.Add(1)
				done := make(chan struct{})
				a.hold(done)
				go func() { io.Copy(io.Discard, out); close(done) }()
			} else {
				a.refused.Add(1) // the server said why on stderr and closed it
				sess.Close()
			}
		}
		return false
	})
}

func attackRooms(a *attacker) {
	key := a.key()
	for i := 0; i < 50 && !a.over(); i++ {
		a.tried.Add(1)
		c, err := client.Dial(a.addr, key, client.Options{Command: fmt.Sprintf("atk%d", i), From: attackerFrom})
		if err != nil {
			a.refused.Add(1)
			continue
		}
		err = c.CreateRoom("Mallory", 10*time.Second)
		switch {
		case errors.Is(err, client.ErrRoomRefused):
			a.refused.Add(1)
		case err == nil && c.Start(10*time.Second) == nil:
			a.took.Add(1)
		default:
			a.refused.Add(1)
		}
		c.Close()
	}
}

func attackHugeWindow(a *attacker) {
	key := a.key()
	for !a.over() {
		c, err := a.login(key)
		if err != nil {
			a.refused.Add(1)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		var wg sync.WaitGroup
		for range 4 {
			sess, err := c.NewSession()
			if err != nil {
				a.refused.Add(1)
				continue
			}
			sess.RequestPty("xterm-256color", 10000, 10000, gossh.TerminalModes{})
			out, _ := sess.StdoutPipe()
			if sess.Shell() != nil {
				a.refused.Add(1)
				continue
			}
			a.took.Add(1)
			wg.Go(func() {
				b := make([]byte, 64<<10)
				for {
					n, err := out.Read(b)
					a.bytes.Add(int64(n))
					if err != nil {
						return
					}
				}
			})
			wg.Go(func() {
				for i := 0; !a.over(); i++ {
					a.tried.Add(1)
					if sess.WindowChange(10000-i%2, 10000-i%2) != nil {
						a.refused.Add(1) // the connection is closed: log in again
						return
					}
				}
				sess.Close()
			})
		}
		wg.Wait()
		c.Close()
	}
}

func attackKeys(a *attacker) {
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			c, err := client.Dial(a.addr, a.key(), client.Options{Command: fmt.Sprintf("keys%d", i), From: attackerFrom})
			if err != nil || c.EnterRoom(fmt.Sprintf("Flood%d", i), 10*time.Second) != nil || c.Start(10*time.Second) != nil {
				a.refused.Add(1)
				return
			}
			defer c.Close()
			a.took.Add(1)
			// 14 arrows every 10 ms: 1,400 a second, 4.2 KB.
			burst := strings.Repeat(client.KeyRight+client.KeyLeft, 7)
			tick := time.NewTicker(10 * time.Millisecond)
			defer tick.Stop()
			for !a.over() {
				<-tick.C
				if c.Send(burst) != nil {
					a.refused.Add(1)
					return
				}
				a.tried.Add(14)
			}
		})
	}
	wg.Wait()
}

// attackLongCommand reconnects in loops with one key, each session asking
// for a room of a 120 KB name: once 4,216 sessions in 20 s, 484 MB of log
// and 407 MB of memory that stayed.
func attackLongCommand(a *attacker) {
	key := a.key()
	command := strings.Repeat("r", 120<<10)
	a.workers(4, func() bool {
		c, err := a.login(key)
		if err != nil {
			a.refused.Add(1)
			time.Sleep(10 * time.Millisecond)
			return true
		}
		defer c.Close()
		a.tried.Add(1)
		sess, err := c.NewSession()
		if err != nil {
			a.refused.Add(1)
			return true
		}
		a.bytes.Add(int64(len(command)))
		if sess.Run(command) != nil {
			a.refused.Add(1)
		} else {
			a.took.Add(1)
		}
		return true
	})
}

// attackCSI types the bytes that made Bubble Tea's input decoder panic,
// which once ended the server at the first of them.
func attackCSI(a *attacker) {
	killer := "\x1b[" + strings.Repeat("1;", 33) + "1x"
	a.workers(4, func() bool {
		if a.tried.Add(1) > 2000 {
			return false
		}
		c, err := client.Dial(a.addr, a.key(), client.Options{From: attackerFrom})
		if err != nil {
			a.refused.Add(1)
			time.Sleep(50 * time.Millisecond)
			return true
		}
		defer c.Close()
		if c.WaitWelcome(10*time.Second) != nil {
			a.refused.Add(1)
			return true
		}
		a.took.Add(1)
		for range 50 {
			if c.Send(killer) != nil {
				a.refused.Add(1)
				return true
			}
			a.bytes.Add(int64(len(killer)))
		}
		return true
	})
}

// runAttacker runs attack s.attacker against s.addr for s.duration and
// reports its counts; it returns the exit status.
func runAttacker(s settings, out io.Writer) int {
	at, ok := findAttack(s.attacker)
	if !ok {
		fmt.Fprintf(out, "attacker: no attack %q (%s)\n", s.attacker, attackNames())
		return 2
	}
	// The attacker plays another machine: it yields the CPU to the server
	// and its players, which share this one.
	syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10)
	a := &attacker{addr: s.addr, stop: time.Now().Add(s.duration), seed: s.seed + 1000}
	began := time.Now()
	report := func() {
		fmt.Fprintf(out, "attack %s (%s): %.0f s; tried %d, taken %d, refused or cut short %d, held open at most %d, bytes %d\n",
			at.name, at.about, time.Since(began).Seconds(), a.tried.Load(), a.took.Load(), a.refused.Load(), a.peak.Load(), a.bytes.Load())
	}
	// x/crypto/ssh's client may wait for good for the answer to a channel
	// opened as the server closes the connection (the channel is added
	// after the connection's channels were dropped): the attack's own
	// waits end with its time, and the process a little later.
	time.AfterFunc(s.duration+20*time.Second, func() {
		report()
		os.Exit(0)
	})
	at.run(a)
	report()
	return 0
}
