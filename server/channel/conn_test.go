package channel

import (
	"errors"
	"log/slog"
	"net"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
)

// flaky is a listener whose accepts fail (out of descriptors, as it
// were) fails times, then give one connection, then close the server.
type flaky struct {
	fails int
	gave  bool
	s     *Server
}

func (f *flaky) Accept() (net.Conn, error) {
	switch {
	case f.fails > 0:
		f.fails--
		return nil, errors.New("accept: too many open files")
	case !f.gave:
		f.gave = true
		a, b := net.Pipe()
		b.Close() // gone before its handshake
		return a, nil
	}
	f.s.Close()
	return nil, errors.New("accept: the listener is closed")
}

func (f *flaky) Close() error   { return nil }
func (f *flaky) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 2222} }

// TestAcceptFailuresLogged: accepts that fail while the listener is still
// good (out of descriptors) are tried again, not the end of the server,
// and the host's log says when they began and when they ended, once
// each, not at every try.
func TestAcceptFailuresLogged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out testkit.Buffer
		log := events.New(slog.New(slog.NewTextHandler(&out, nil)))
		s := &Server{Gate: gate.New(&gate.Limits{}, log, time.Now), Handler: &Handler{Log: log}}
		l := &flaky{fails: 30, s: s}
		if err := s.Serve(l); !errors.Is(err, ErrServerClosed) {
			t.Fatalf("Serve returned %v, want ErrServerClosed", err)
		}
		if !l.gave {
			t.Fatal("Serve gave up before the accepts came back")
		}
		synctest.Wait()
		text := out.String()
		if n := strings.Count(text, "accepting connections failed"); n != 1 {
			t.Errorf("the failures logged %d times, want once:\n%s", n, text)
		}
		if !strings.Contains(text, "accepting connections again") || !strings.Contains(text, "failed=30") {
			t.Errorf("the end of the failures not logged:\n%s", text)
		}
	})
}
