package server

import (
	"io"
	"net"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// TestSSHHandshakeCap: connections that have not logged in are capped; a
// connection over the cap is turned away with a message; logged-in
// connections do not count; a place frees up when a connection closes or
// takes too long to log in.
func TestSSHHandshakeCap(t *testing.T) {
	_, addr := startServer(t, Config{MaxHandshakes: 2, HandshakeTimeout: 500 * time.Millisecond})
	key := newKey(t)
	dial(t, addr, key) // logged in: takes no place

	raw := func() net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// readAll reads what the server sends until it closes the connection.
	readAll := func(c net.Conn) string {
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		b, _ := io.ReadAll(c)
		return string(b)
	}
	a, b := raw(), raw()
	// The server greets each with its version; then they hold their places.
	for _, c := range []net.Conn{a, b} {
		buf := make([]byte, 4)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, err := io.ReadFull(c, buf); err != nil || string(buf) != "SSH-" {
			t.Fatalf("no greeting: %q %v", buf, err)
		}
	}
	if got := readAll(raw()); !strings.Contains(got, BusyText) {
		t.Fatalf("a third login: %q", got)
	}
	_, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "p", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
	})
	if err == nil {
		t.Fatal("an SSH client got in over the cap")
	}
	// a closes: a place is free.
	a.Close()
	deadline := time.Now().Add(5 * time.Second)
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
	// b never logs in: the server closes it after the handshake timeout.
	start := time.Now()
	readAll(b)
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("a silent connection stayed %v", d)
	}
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
	srv, addr := startServer(t, Config{MaxHandshakes: 32, MaxHandshakesPerAddr: 8})
	key := newKey(t)
	srv.users.SetName(gossh.FingerprintSHA256(key.PublicKey()), "Ann")
	busy := 0
	for range 200 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		b := make([]byte, 256)
		if n, _ := c.Read(b); strings.Contains(string(b[:n]), "too many") {
			busy++
		}
	}
	if busy < 190 {
		t.Fatalf("only %d of 200 flooding connections were turned away", busy)
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
