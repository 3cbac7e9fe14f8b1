package server

import (
	"bytes"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// loginTimers replaces the gate's login timers for one test: they never
// fire on their own, and fire runs every one started so far, as if each
// login had taken longer than its timeout.
func loginTimers(t *testing.T) (fire func() []time.Duration) {
	var mu sync.Mutex
	var started []func()
	var durations []time.Duration
	old := afterFunc
	t.Cleanup(func() { afterFunc = old })
	afterFunc = func(d time.Duration, f func()) func() bool {
		mu.Lock()
		defer mu.Unlock()
		stopped := false
		started = append(started, func() {
			mu.Lock()
			run := !stopped
			mu.Unlock()
			if run {
				f()
			}
		})
		durations = append(durations, d)
		return func() bool {
			mu.Lock()
			defer mu.Unlock()
			was := !stopped
			stopped = true
			return was
		}
	}
	return func() []time.Duration {
		mu.Lock()
		fs := slices.Clone(started)
		ds := slices.Clone(durations)
		mu.Unlock()
		for _, f := range fs {
			f()
		}
		return ds
	}
}

// firstWords reads what the server says first to a raw connection: its
// SSH version to one admitted at the gate, BusyText and the end of the
// connection to one turned away, or the end alone to one it closes. The
// long deadline is only a safety net: every read ends on what the server
// does.
func firstWords(t *testing.T, c net.Conn) (string, error) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	var got []byte
	buf := make([]byte, 256)
	for {
		n, err := c.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil || bytes.HasPrefix(got, []byte("SSH-")) {
			return string(got), err
		}
	}
}

// TestSSHHandshakeCap: connections that have not logged in are capped; a
// connection over the cap is turned away with a message; logged-in
// connections do not count; a place frees up when a connection closes or
// takes too long to log in.
func TestSSHHandshakeCap(t *testing.T) {
	fire := loginTimers(t)
	const timeout = 7 * time.Second // never waited for: the test fires the timers
	_, addr := startServer(t, Config{MaxHandshakes: 2, HandshakeTimeout: timeout})
	key := newKey(t)
	in := dial(t, addr, key) // logged in: takes no place

	raw := func() net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	a, b := raw(), raw()
	// The server greets each with its version; then they hold their places.
	for _, c := range []net.Conn{a, b} {
		if got, err := firstWords(t, c); !strings.HasPrefix(got, "SSH-") {
			t.Fatalf("no greeting: %q %v", got, err)
		}
	}
	if got, err := firstWords(t, raw()); !strings.Contains(got, BusyText) || err != io.EOF {
		t.Fatalf("a third login: %q, %v", got, err)
	}
	_, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "p", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
	})
	if err == nil {
		t.Fatal("an SSH client got in over the cap")
	}
	// a closes: a place is free once the server has seen it close.
	a.Close()
	deadline := time.Now().Add(30 * time.Second) // a safety net
	for {
		c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
			User: "p", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
		})
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no login after a place freed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// b never logs in: when its timer fires the server closes it. The
	// timers of the logins that succeeded fire too, and change nothing.
	for _, d := range fire() {
		if d != timeout {
			t.Errorf("a login timer of %v, want the configured %v", d, timeout)
		}
	}
	if got, err := firstWords(t, b); err != io.EOF {
		t.Fatalf("a silent connection after its timer fired: %q, %v", got, err)
	}
	sess, err := in.NewSession()
	if err != nil {
		t.Fatalf("a logged-in connection after its login timer fired: %v", err)
	}
	sess.Close()
}

// TestSSHIdle: a session that sends no key for the idle timeout is closed
// with a message, and its seat waits for the player; one that types stays.
func TestSSHIdle(t *testing.T) {
	srv, addr := startServer(t, Config{IdleTimeout: 400 * time.Millisecond})
	ann, bob := newKey(t), newKey(t)
	srv.users.SetName(gossh.FingerprintSHA256(ann.PublicKey()), "Ann")
	srv.users.SetName(gossh.FingerprintSHA256(bob.PublicKey()), "Bob")
	annIn, annScreen := start(t, dial(t, addr, ann), "idle")
	annScreen.waitText(t, "s: start")
	_, bobScreen := start(t, dial(t, addr, bob), "idle")
	bobScreen.waitText(t, "Waiting for the host")
	io.WriteString(annIn, "s")
	annScreen.waitText(t, "MILLE BORNES")
	r := srv.Lobby.Room("idle")
	// Ann keeps typing harmless keys (w: the score window or the
	// commands); Bob types nothing.
	stop := time.After(1200 * time.Millisecond)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
typing:
	for {
		select {
		case <-stop:
			break typing
		case <-tick.C:
			io.WriteString(annIn, "w")
		}
	}
	bobScreen.waitText(t, "closed after 400ms without a key")
	<-bobScreen.done
	if s := r.Seats()[1]; !s.Human || s.Connected {
		t.Fatalf("Bob's seat after the idle timeout: %+v", s)
	}
	if strings.Contains(annScreen.text(), "without a key") {
		t.Fatal("a typing session was closed")
	}
}

// TestGate: the places at the gate, in all and by address.
func TestGate(t *testing.T) {
	g := &gate{max: 4, perAddr: 2, byAddr: map[string]int{}}
	steps := []struct {
		take bool // false: give back
		addr string
		ok   bool
	}{
		{true, "a", true},
		{true, "a", true},
		{true, "a", false}, // a holds its share
		{true, "b", true},
		{true, "c", true},
		{true, "d", false}, // the gate is full
		{false, "a", true},
		{true, "d", true},
		{true, "a", false}, // full again
	}
	for i, st := range steps {
		if !st.take {
			g.give(st.addr)
			continue
		}
		if got := g.take(st.addr); got != st.ok {
			t.Fatalf("step %d: take %s = %v, want %v (pending %d, %v)", i, st.addr, got, st.ok, g.pending, g.byAddr)
		}
	}
	if g.pending != 4 || g.byAddr["a"] != 1 {
		t.Fatalf("pending %d, by address %v", g.pending, g.byAddr)
	}
}

// TestSSHFloodFromOneAddress: a flood of silent connections from one
// address takes only its share of the gate: a person from another address
// still logs in and plays at once.
func TestSSHFloodFromOneAddress(t *testing.T) {
	loginTimers(t) // the silent ones hold their places however slow the test
	const perAddr = 8
	srv, addr := startServer(t, Config{MaxHandshakes: 32, MaxHandshakesPerAddr: perAddr})
	key := newKey(t)
	srv.users.SetName(gossh.FingerprintSHA256(key.PublicKey()), "Ann")
	busy, greeted := 0, 0
	for range 200 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		got, err := firstWords(t, c)
		switch {
		case strings.Contains(got, "too many") && err == io.EOF:
			busy++
		case strings.HasPrefix(got, "SSH-"):
			greeted++
		default:
			t.Fatalf("a flooding connection got %q, %v", got, err)
		}
	}
	if greeted != perAddr || busy != 200-perAddr {
		t.Fatalf("%d of 200 flooding connections admitted and %d turned away, want %d and %d", greeted, busy, perAddr, 200-perAddr)
	}
	other := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, Timeout: 5 * time.Second}
	began := time.Now()
	conn, err := other.Dial("tcp", addr)
	if err != nil {
		t.Skip("no second loopback address:", err)
	}
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User: "ann", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		t.Fatalf("a person from another address during the flood: %v", err)
	}
	client := gossh.NewClient(cc, chans, reqs)
	defer client.Close()
	_, screen := start(t, client, "")
	screen.waitText(t, "Hello, Ann.")
	t.Logf("login and lobby during the flood: %v", time.Since(began))
}
