package server

import (
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/internal/servertest"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/internal/testkit"
	gossh "golang.org/x/crypto/ssh"
)

// TestAttackSessionsPerSource (issue 22, 4): 260 keys from 9 addresses
// took all 200 sessions and no normal login got in. A source runs at most
// Sessions.PerSource sessions, the last places wait for sources that
// have none, and each refusal says which limit refused.
func TestAttackSessionsPerSource(t *testing.T) {
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Sessions: SessionLimits{Max: 10, PerSource: 4}, Log: LogConfig{Out: &logs}})
	srv.model = func(id, room string, width int) tea.Model { return &sizeModel{} }
	open := func(from byte) string {
		t.Helper()
		c, err := dialFrom(loopbackDialer(t, from), addr, newKey(t))
		if err != nil {
			t.Fatalf("login from 127.0.0.%d: %v", from, err)
		}
		t.Cleanup(func() { c.Close() })
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
		deadline := time.After(10 * time.Second) // only stops a broken test from hanging
		for {
			select {
			case <-done:
				return strings.TrimSpace(stderr.String())
			case <-deadline:
				t.Fatalf("a session from 127.0.0.%d neither ran nor was refused", from)
			case <-time.After(10 * time.Millisecond):
				if strings.Contains(screen.text(), "size ") {
					return ""
				}
			}
		}
	}
	steps := []struct {
		from byte
		want string
	}{
		{1, ""}, {1, ""}, {1, ""}, {1, ""},
		{1, lang.English.T(lang.SshSourceSessions, 4)},
		{2, ""}, {2, ""}, {2, ""}, {2, ""},
		{3, ""},
		{3, lang.English.T(lang.SshNewcomers)},
		{4, ""},
		{5, lang.English.T(lang.SshFull)},
	}
	for i, st := range steps {
		if got := open(st.from); !strings.Contains(got, st.want) || (st.want == "") != (got == "") {
			t.Fatalf("session %d from 127.0.0.%d: %q, want %q", i+1, st.from, got, st.want)
		}
	}
	for _, line := range []string{"limit: sessions from one source", "limit: sessions kept for new sources", "limit: sessions at once"} {
		if !strings.Contains(logs.String(), line) {
			t.Errorf("no %q in the log:\n%s", line, logs.String())
		}
	}
}

// TestAttackConnectionsAtOnce (issue 22, 7): idle logged-in connections
// from 700 addresses held 6,410 descriptors. MaxConns caps the
// connections at once, logged in or not, keeping the last tenth for
// sources that hold none; each refusal says which limit refused.
func TestAttackConnectionsAtOnce(t *testing.T) {
	var logs testkit.Buffer
	clk := servertest.NewClock() // stopped: no connection grows idle or silent enough to lose its place
	_, addr := startServerSetup(t, Config{Gate: gate.Limits{MaxConns: 10}, Log: LogConfig{Out: &logs}}, func(s *Server) { s.now = clk.Now })
	raw := func(from byte) string {
		t.Helper()
		c, err := loopbackDialer(t, from).Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		got, _ := firstWords(t, c)
		return got
	}
	// A logged-in connection counts as one that is not.
	c, err := dialFrom(loopbackDialer(t, 1), addr, newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	steps := []struct {
		from byte
		want string
	}{
		{1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"}, {1, "SSH-"},
		{1, lang.English.T(lang.GateConnsNewcomers)},
		{2, "SSH-"},
		{3, lang.English.T(lang.GateConnsFull)},
	}
	for i, st := range steps {
		if got := raw(st.from); !strings.HasPrefix(got, st.want) {
			t.Fatalf("connection %d from 127.0.0.%d: %q, want %q", i+2, st.from, got, st.want)
		}
	}
	for _, line := range []string{"reason=\"connections kept for new sources\"", "reason=\"connections at once\""} {
		if !strings.Contains(logs.String(), line) {
			t.Errorf("no %s in the log:\n%s", line, logs.String())
		}
	}
}

// TestAttackIdleConnections (issue 22, 7): at the cap of connections a
// newcomer takes the place of one that logged in and has had no session
// for gate.IdleGrace, of the source holding the most: idle logged-in
// connections from many addresses once kept every person out.
func TestAttackIdleConnections(t *testing.T) {
	var logs testkit.Buffer
	clk := servertest.NewClock()
	_, addr := startServerSetup(t, Config{Gate: gate.Limits{MaxConns: 10}, Log: LogConfig{Out: &logs}}, func(s *Server) { s.now = clk.Now })
	var idle []*gossh.Client
	for _, from := range []byte{1, 1, 1, 1, 1, 2, 2, 2, 2, 3} {
		c, err := dialFrom(loopbackDialer(t, from), addr, newKey(t))
		if err != nil {
			t.Fatalf("idle connection %d from 127.0.0.%d: %v", len(idle)+1, from, err)
		}
		t.Cleanup(func() { c.Close() })
		idle = append(idle, c)
	}
	if c, err := dialFrom(loopbackDialer(t, 4), addr, newKey(t)); err == nil {
		c.Close()
		t.Fatal("a newcomer took the place of a connection just logged in")
	}
	clk.Add(gate.IdleGrace)
	c, err := dialFrom(loopbackDialer(t, 4), addr, newKey(t))
	if err != nil {
		t.Fatalf("a newcomer at a cap full of idle connections: %v", err)
	}
	c.Close()
	closed := make(chan int, len(idle))
	for i, c := range idle {
		go func() { c.Wait(); closed <- i }()
	}
	select {
	case i := <-closed:
		if i >= 5 {
			t.Fatalf("connection %d closed, not one of 127.0.0.1's, the source holding most", i+1)
		}
	case <-time.After(10 * time.Second): // only stops a broken test from hanging
		t.Fatal("no idle connection closed for the newcomer")
	}
	if !strings.Contains(logs.String(), "connection without a session closed for a newcomer") {
		t.Errorf("not in the log:\n%s", logs.String())
	}
}
