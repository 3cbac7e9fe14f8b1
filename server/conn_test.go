package server

import (
	"errors"
	"io"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/internal/testkit"
)

// TestConnEventsDuringSession: a connection's first session runs on the
// connection's goroutine (package channel), which serves the connection's
// global requests and new channels beside the session's own: with a
// full-screen session running, a flood of global requests (more than the
// 16 the SSH library queues, which would stop the connection if nobody
// read them) is answered, a channel of another kind is refused, a second
// session opens on the same connection and plays, and the first one still
// answers its keys and window changes.
func TestConnEventsDuringSession(t *testing.T) {
	_, addr := startServer(t, Config{})
	c := dial(t, addr, newKey(t))
	first, in, screen := session(t, c)
	screen.waitText(t, "Name:")

	within(t, "the global requests", func() {
		for i := range 40 {
			ok, _, err := c.SendRequest("tcpip-forward", true, gossh.Marshal(struct {
				Addr string
				Port uint32
			}{"127.0.0.1", 0}))
			if err != nil || ok {
				t.Errorf("global request %d: ok %v, err %v; want refused", i, ok, err)
				return
			}
		}
	})
	within(t, "a forwarding channel", func() {
		_, _, err := c.OpenChannel("direct-tcpip", nil)
		var refused *gossh.OpenChannelError
		if !errors.As(err, &refused) || refused.Reason != gossh.UnknownChannelType {
			t.Errorf("a direct-tcpip channel: %v, want refused as of an unknown type", err)
		}
	})

	// A second session, in the line mode, on the same connection.
	second, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	secondIn, _ := second.StdinPipe()
	out, _ := second.StdoutPipe()
	lines := readScreen(out)
	if err := second.Start("plain"); err != nil {
		t.Fatal(err)
	}
	lines.waitText(t, "name")
	io.WriteString(secondIn, "quit\n")

	if err := first.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, "Ada\r")
	screen.waitText(t, "Hello, Ada.")
	io.WriteString(in, "q")
	within(t, "the first session's end", func() {
		if err := first.Wait(); err != nil {
			t.Errorf("leaving with q: %v", err)
		}
	})
}

// within runs f, failing the test if it has not returned by the test's
// deadline: a server that stops serving a connection would hang it.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(testkit.TimeLeft(t) - time.Second):
		t.Fatalf("%s: no answer", what)
	}
}
