package server

import (
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/internal/servertest"
	gossh "golang.org/x/crypto/ssh"
)

// The attacks of issue 15 on loopback, each with bounded counts: every
// test here failed against the server before its limit existed. The
// measured versions, at the sizes, are modes of the load test
// (go run ./server/loadtest --attack NAME, docs/server.md).

// rawChannel opens a session channel on c without the helpers of
// gossh.Session, so that a test can send requests in any order.
func rawChannel(t *testing.T, c *gossh.Client) (gossh.Channel, error) {
	t.Helper()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		return nil, err
	}
	go gossh.DiscardRequests(reqs)
	return ch, nil
}

// ptyPayload is a pty-req of cols x rows.
func ptyPayload(term string, cols, rows int) []byte {
	return gossh.Marshal(struct {
		Term                    string
		Columns, Rows, Wpx, Hpx uint32
		Modes                   string
	}{term, uint32(cols), uint32(rows), 0, 0, ""})
}

// windowPayload is a window-change to cols x rows.
func windowPayload(cols, rows int) []byte {
	return gossh.Marshal(struct{ Columns, Rows, Wpx, Hpx uint32 }{uint32(cols), uint32(rows), 0, 0})
}

// settleGoroutines waits until the process runs at most want goroutines;
// the deadline only stops a broken test from hanging.
func settleGoroutines(t *testing.T, want int, what string) {
	t.Helper()
	deadline := time.Now().Add(testkit.TimeLeft(t))
	for runtime.NumGoroutine() > want {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			n := runtime.Stack(buf, true)
			t.Fatalf("%s: %d goroutines, want at most %d; some of them:\n%s", what, runtime.NumGoroutine(), want, buf[:min(n, 6000)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitClosed waits until the server closes ch: a read ends with io.EOF.
func waitClosed(t *testing.T, ch gossh.Channel, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, ch)
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(testkit.TimeLeft(t)): // a safety net
		t.Fatalf("%s: the server never closed the channel", what)
	}
}

// TestAttackWindowChangesBeforeShell (issue 15, 1): session channels that
// ask for a PTY and change its size twice, never starting a shell, once
// left a goroutine of the server blocked for good on each. They all end
// once the connection goes.
func TestAttackWindowChangesBeforeShell(t *testing.T) {
	_, addr := startServer(t, Config{})
	base := runtime.NumGoroutine()
	rounds := testkit.Size(2, 5, 100) // connections, each with a few channels
	for range rounds {
		c := dial(t, addr, newKey(t))
		for range 8 {
			ch, err := rawChannel(t, c)
			if err != nil {
				break // the connection's channels are capped: fine
			}
			if ok, err := ch.SendRequest("pty-req", true, ptyPayload("xterm", 80, 24)); !ok || err != nil {
				t.Fatalf("pty-req: %v %v", ok, err)
			}
			ch.SendRequest("window-change", false, windowPayload(81, 24))
			ch.SendRequest("window-change", false, windowPayload(82, 24))
		}
		c.Close()
	}
	settleGoroutines(t, base+5, "after the connections closed")
}

// TestAttackEnvRequests (issue 15, 1): env requests are taken only for a
// few terminal variables, and only so many of them; a client that goes
// on asking is not a terminal, and its connection is closed.
func TestAttackEnvRequests(t *testing.T) {
	_, addr := startServer(t, Config{})
	ch, err := rawChannel(t, dial(t, addr, newKey(t)))
	if err != nil {
		t.Fatal(err)
	}
	env := func(name, value string) (bool, error) {
		return ch.SendRequest("env", true, gossh.Marshal(struct{ Name, Value string }{name, value}))
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"TERM", true}, {"LANG", true}, {"LC_ALL", true}, {"COLORTERM", true}, {"NO_COLOR", true},
		{"PATH", false}, {"LD_PRELOAD", false}, {"HOME", false}} {
		if got, err := env(tc.name, "x"); got != tc.ok || err != nil {
			t.Errorf("env %s taken: %v, %v, want %v", tc.name, got, err, tc.ok)
		}
	}
	if ok, _ := env("LANG", strings.Repeat("x", 4096)); ok {
		t.Error("a 4 KiB value was taken")
	}
	taken, sent := 5, 0
	for ; sent < 1000; sent++ {
		ok, err := env("LC_CTYPE", "C.UTF-8")
		if err != nil {
			break // the connection is closed
		}
		if ok {
			taken++
		}
	}
	if taken > channel.MaxEnv || sent == 1000 {
		t.Errorf("%d env requests taken on one channel (at most %d), %d of 1000 more sent before the connection closed", taken, channel.MaxEnv, sent)
	}
}

// TestAttackRequestFlood: a channel that sends window changes far faster
// than a dragged window does has its connection closed.
func TestAttackRequestFlood(t *testing.T) {
	clk := servertest.NewClock() // stopped: the rate's tokens never come back
	_, addr := startServerSetup(t, Config{}, func(s *Server) {
		s.now = clk.Now
		s.model = func(id, room string, width int) tea.Model { return &sizeModel{} }
	})
	c := dial(t, addr, newKey(t))
	sess, _, screen := session(t, c)
	screen.waitText(t, "size 80x24.")
	for i := range 1000 {
		if err := sess.WindowChange(24, 80+i%2); err != nil {
			break
		}
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(testkit.TimeLeft(t)): // a safety net
		t.Fatal("a flood of window changes goes on")
	}
}

// TestAttackInputBeforeShell (issue 15, 1): a channel that sends more
// input than a person types before asking for a shell is closed instead
// of buffered (2 MiB a channel before).
func TestAttackInputBeforeShell(t *testing.T) {
	_, addr := startServer(t, Config{})
	ch, err := rawChannel(t, dial(t, addr, newKey(t)))
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		chunk := make([]byte, 1024)
		for range 1024 { // 1 MiB at most; the server closes the channel long before
			if _, err := ch.Write(chunk); err != nil {
				return
			}
		}
	}()
	waitClosed(t, ch, "input before the shell")
}

// TestAttackChannelsPerConnection (issue 15, 1): one connection opens at
// most MaxChannels session channels at once, as OpenSSH's MaxSessions.
func TestAttackChannelsPerConnection(t *testing.T) {
	const most = 3
	_, addr := startServer(t, Config{Gate: gate.Limits{MaxChannels: most}})
	c := dial(t, addr, newKey(t))
	var open []gossh.Channel
	for range most {
		ch, err := rawChannel(t, c)
		if err != nil {
			t.Fatalf("channel %d: %v", len(open)+1, err)
		}
		open = append(open, ch)
	}
	_, err := rawChannel(t, c)
	var refused *gossh.OpenChannelError
	if !errors.As(err, &refused) || refused.Reason != gossh.ResourceShortage {
		t.Fatalf("channel %d: %v, want a refusal", most+1, err)
	}
	// Closing one makes room for another.
	open[0].Close()
	waitUntil(t, "a place for a new channel", func() bool {
		ch, err := rawChannel(t, c)
		if err == nil {
			ch.Close()
		}
		return err == nil
	})
}

// TestAttackShellDeadline (issue 15, 1): a session channel that never asks
// for its shell is closed after ShellTimeout.
func TestAttackShellDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, l := pipeServer(t, Config{Gate: gate.Limits{ShellTimeout: 10 * time.Second}})
		ch, err := rawChannel(t, l.dial(t, newKey(t)))
		if err != nil {
			t.Fatal(err)
		}
		ch.SendRequest("pty-req", true, ptyPayload("xterm", 80, 24))
		waitClosed(t, ch, "no shell")
	})
}

// TestAttackConnectionWithoutSession (issue 15, 2): a logged-in connection
// that opens no session is closed after SessionTimeout.
func TestAttackConnectionWithoutSession(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, l := pipeServer(t, Config{Gate: gate.Limits{SessionTimeout: 10 * time.Second}})
		c := l.dial(t, newKey(t))
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second): // a safety net
			t.Fatal("a connection without a session stays open")
		}
	})
}

// loopbackDialer dials from 127.0.0.n, or skips the test when this
// machine has no such address.
func loopbackDialer(t *testing.T, n byte) *net.Dialer {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, n)}, Timeout: 10 * time.Second}
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, n)})
	if err != nil {
		t.Skipf("no loopback address 127.0.0.%d: %v", n, err)
	}
	l.Close()
	return d
}

// dialFrom logs in with key from the dialer's address.
func dialFrom(d *net.Dialer, addr string, key gossh.Signer) (*gossh.Client, error) {
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User: "player", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second,
	})
	if err != nil {
		conn.Close()
		return nil, err
	}
	return gossh.NewClient(cc, chans, reqs), nil
}

// TestAttackConnectionsPerSource (issue 15, 2): one address holds at most
// MaxConnsPerSource connections, logged in or not.
func TestAttackConnectionsPerSource(t *testing.T) {
	const most = 4
	_, addr := startServer(t, Config{Gate: gate.Limits{MaxConnsPerSource: most}})
	d := loopbackDialer(t, 1)
	var in []*gossh.Client
	for range most {
		c, err := dialFrom(d, addr, newKey(t))
		if err != nil {
			t.Fatalf("connection %d: %v", len(in)+1, err)
		}
		t.Cleanup(func() { c.Close() })
		in = append(in, c)
	}
	if c, err := dialFrom(d, addr, newKey(t)); err == nil {
		c.Close()
		t.Fatalf("connection %d from one address got in", most+1)
	}
	// Another address is not held back.
	c, err := dialFrom(loopbackDialer(t, 2), addr, newKey(t))
	if err != nil {
		t.Fatalf("another address: %v", err)
	}
	c.Close()
	in[0].Close()
	waitUntil(t, "a place for the address again", func() bool {
		c, err := dialFrom(d, addr, newKey(t))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

// TestAttackConnectionsPerKey (issue 15, 2): one key holds at most
// MaxConnsPerKey connections; the next is told why when it opens a session.
func TestAttackConnectionsPerKey(t *testing.T) {
	const most = 2
	_, addr := startServer(t, Config{Gate: gate.Limits{MaxConnsPerKey: most}})
	key := newKey(t)
	for range most {
		dial(t, addr, key)
	}
	c := dial(t, addr, key)
	_, err := rawChannel(t, c)
	var refused *gossh.OpenChannelError
	if !errors.As(err, &refused) || !strings.Contains(refused.Message, "connections with your key") {
		t.Fatalf("a session on connection %d of one key: %v", most+1, err)
	}
	if _, err := rawChannel(t, dial(t, addr, newKey(t))); err != nil {
		t.Fatalf("another key: %v", err)
	}
}

// TestAttackSessionsPerKey (issue 15, 5): one key once ran 200 sessions
// over one connection and filled --max-sessions; it runs at most
// MaxSessionsPerKey, and another key still gets in.
func TestAttackSessionsPerKey(t *testing.T) {
	const most = 2
	_, addr := startServer(t, Config{Sessions: SessionLimits{PerKey: most}})
	c := dial(t, addr, newKey(t))
	for range most {
		_, _, screen := session(t, c)
		screen.waitText(t, "Name:")
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var stderr testkit.Buffer
	sess.Stderr = &stderr
	sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
	out, _ := sess.StdoutPipe()
	screen := readScreen(out)
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sess.Wait() }()
	for refused := false; !refused; {
		select {
		case err := <-done:
			if err == nil || !strings.Contains(stderr.String(), "sessions open already") {
				t.Fatalf("session %d of one key: %v, %q", most+1, err, stderr.String())
			}
			refused = true
		case <-time.After(10 * time.Millisecond):
			if strings.Contains(screen.text(), "Name:") {
				t.Fatalf("session %d of one key got in", most+1)
			}
		}
	}
	_, _, screen = session(t, dial(t, addr, newKey(t)))
	screen.waitText(t, "Name:")
}

// TestAttackRoomsPerKey (issue 15, 5): one key once made 50 rooms, one
// after another, and filled the server's; it hosts at most MaxRoomsPerKey.
func TestAttackRoomsPerKey(t *testing.T) {
	const most = 2
	srv, addr := startServer(t, Config{Rooms: RoomLimits{PerKey: most}})
	key := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(key.PublicKey()), "Mal")
	for _, room := range []string{"r1", "r2"} {
		c := dial(t, addr, key)
		in, screen := start(t, c, room)
		screen.waitText(t, "s: start")
		io.WriteString(in, "s")
		screen.waitText(t, "MILLE BORNES")
		c.Close() // the host's seat waits for a return: the room stays
	}
	_, screen := start(t, dial(t, addr, key), "r3")
	screen.waitText(t, "you host 2 rooms already")
	if n := len(srv.Lobby.List()); n != most {
		t.Fatalf("%d rooms in the lobby, want %d", n, most)
	}
	// Another player makes a room.
	other := newKey(t)
	srv.users.SetName(bg, gossh.FingerprintSHA256(other.PublicKey()), "Ada")
	_, screen = start(t, dial(t, addr, other), "r4")
	screen.waitText(t, "s: start")
}

// sizeModel shows the terminal size it was given.
type sizeModel struct{ w, h int }

func (m *sizeModel) Init() tea.Cmd { return nil }
func (m *sizeModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if w, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = w.Width, w.Height
	}
	return m, nil
}
func (m *sizeModel) View() tea.View { return tea.NewView(fmt.Sprintf("size %dx%d.", m.w, m.h)) }

// TestAttackHugeWindow (issue 15, 7): a 10000x10000 terminal is drawn as
// MaxWidth x MaxHeight, from the start and after a window change; a
// normal size passes as it is.
func TestAttackHugeWindow(t *testing.T) {
	srv, addr := startServer(t, Config{})
	srv.model = func(id, room string, width int) tea.Model { return &sizeModel{} }
	sess, _, screen := ptySession(t, dial(t, addr, newKey(t)), "", 10000, 10000)
	want := fmt.Sprintf("size %dx%d.", MaxWidth, MaxHeight)
	screen.waitText(t, want)
	sess.WindowChange(90, 30)
	screen.waitText(t, "size 30x90.")
	sess.WindowChange(30000, 20000)
	before := strings.Count(screen.text(), want)
	for strings.Count(screen.text(), want) == before {
		select {
		case <-screen.done:
			t.Fatal("the session ended")
		case <-time.After(10 * time.Millisecond):
		}
		if strings.Contains(screen.text(), "size 20000x30000.") {
			t.Fatal("a window change was not clamped")
		}
	}
}

// TestAttackPenalty: a source whose connection flooded a channel is
// refused for Config.Gate.Penalty, before any handshake; other sources are
// not, and the source is welcome again after it.
func TestAttackPenalty(t *testing.T) {
	clk := servertest.NewClock()
	_, addr := startServerSetup(t, Config{Gate: gate.Limits{Penalty: time.Minute}}, func(s *Server) { s.now = clk.Now })
	d := loopbackDialer(t, 1)
	c, err := dialFrom(d, addr, newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	ch, err := rawChannel(t, c)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1000; i++ {
		if _, err := ch.SendRequest("env", true, gossh.Marshal(struct{ Name, Value string }{"LC_X", "x"})); err != nil {
			break
		}
	}
	c.Wait()
	raw, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if got, err := firstWords(t, raw); !strings.Contains(got, lang.English.T(lang.GatePenalty)) || err != io.EOF {
		t.Fatalf("the flooding source's next connection: %q, %v", got, err)
	}
	other, err := dialFrom(loopbackDialer(t, 2), addr, newKey(t))
	if err != nil {
		t.Fatalf("another source: %v", err)
	}
	other.Close()
	clk.Add(time.Minute)
	again, err := dialFrom(d, addr, newKey(t))
	if err != nil {
		t.Fatalf("the source after its penalty: %v", err)
	}
	again.Close()
}
