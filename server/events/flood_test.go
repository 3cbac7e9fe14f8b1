package events

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
)

// TestLogValuesBounded (issue 22, 2): a 120 KB value makes a line of less
// than a kilobyte, in both formats, cut where a character starts and
// saying how much was left out; a stack keeps more.
func TestLogValuesBounded(t *testing.T) {
	long := strings.Repeat("é", 60<<10) // 120 KB
	for _, format := range []string{Text, JSON} {
		var logs testkit.Buffer
		l, err := NewLogger(&logs, format)
		if err != nil {
			t.Fatal(err)
		}
		l.Info("session", "room", long, "err", fmt.Errorf("room %s: %w", long, errBroken))
		line := logs.String()
		if len(line) > 2*maxLogValue+200 || strings.Count(line, "bytes more") != 2 || strings.Contains(line, "\uFFFD") {
			t.Errorf("%s: a line of %d bytes: %.300q", format, len(line), line)
		}
		logs = testkit.Buffer{}
		l.Error("session panic", "stack", strings.Repeat("x", 10000))
		if !strings.Contains(logs.String(), strings.Repeat("x", 10000)) {
			t.Errorf("%s: a stack was cut", format)
		}
	}
}

// TestLogFloodByKey (issue 22, 2): a key's or a source's lines beyond
// their rate in a second are left out, counted in the next line about
// them; the lines of others go on.
func TestLogFloodByKey(t *testing.T) {
	var logs testkit.Buffer
	clk := newClock()
	l := slog.New(&floodHandler{next: slog.NewTextHandler(&logs, nil), flood: newFlood(clk.now)})
	for i := range 100 {
		l.Info("session", "source", "10.0.0.1", "key", "SHA256:flood", "n", i)
		l.Info("session", "source", fmt.Sprintf("10.0.1.%d", i), "key", fmt.Sprintf("SHA256:k%d", i))
	}
	if n := strings.Count(logs.String(), "SHA256:flood"); n != linesPerKey {
		t.Fatalf("%d lines of the flooding key in a second, want %d", n, linesPerKey)
	}
	if n := strings.Count(logs.String(), "SHA256:k"); n != 100 {
		t.Fatalf("%d lines of the other keys, want 100", n)
	}
	clk.add(time.Second)
	logs = testkit.Buffer{}
	l.Info("session end", "source", "10.0.0.1", "key", "SHA256:flood")
	if !strings.Contains(logs.String(), fmt.Sprintf("not_logged_before_of_them=%d", 100-linesPerKey)) {
		t.Fatalf("the next line: %s", logs.String())
	}
	// One source, many keys: its rate holds too.
	logs = testkit.Buffer{}
	for i := range 200 {
		l.Info("login", "source", "10.0.0.2", "key", fmt.Sprintf("SHA256:s%d", i))
	}
	if n := strings.Count(logs.String(), "10.0.0.2"); n != linesPerSource {
		t.Fatalf("%d lines of one source in a second, want %d", n, linesPerSource)
	}
}

// TestPublic: what a player may read of an error: a refusal of the
// rooms as it is (a front end says it in the session's language); an
// error naming the server's files, or one the catalogue does not word,
// as a short sentence (ErrServerFault), logged whole.
func TestPublic(t *testing.T) {
	var logs testkit.Buffer
	log := New(slog.New(slog.NewTextHandler(&logs, nil)))
	data := "/var/lib/mille"
	said := func(err error) bool { return errors.Is(err, errNoRoom) || errors.Is(err, errStarted) }
	joining := fmt.Errorf("joining: %w", errStarted)
	for _, tc := range []struct {
		err, want error
	}{
		{errNoRoom, errNoRoom},
		{joining, joining},
		{&fs.PathError{Op: "open", Path: "/etc/x", Err: fs.ErrPermission}, ErrServerFault},
		{fmt.Errorf("saving: %w", &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EXDEV}), ErrServerFault},
		{fmt.Errorf("store %s/mille.db: locked", data), ErrServerFault},
		{fmt.Errorf("%w: %w", errNoRoom, &fs.PathError{Op: "open", Path: data, Err: fs.ErrPermission}), ErrServerFault},
	} {
		if got := Public(tc.err, said, log); got != tc.want {
			t.Errorf("Public(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if !strings.Contains(logs.String(), "/etc/x") || !strings.Contains(logs.String(), data+"/mille.db") {
		t.Errorf("the log lacks the details:\n%s", logs.String())
	}
}

// TestLogFlood: refusals are logged at most linesPerSecond a second, the
// others counted in the next line.
func TestLogFlood(t *testing.T) {
	var logs testkit.Buffer
	clk := newClock()
	e := New(slog.New(slog.NewTextHandler(&logs, nil)))
	e.now = clk.now
	for range 1000 {
		e.Refused("192.0.2.1", "logins at once")
	}
	if n := strings.Count(logs.String(), "connection refused"); n != linesPerSecond {
		t.Fatalf("%d lines for 1000 refusals in a second", n)
	}
	clk.add(time.Second)
	e.Refused("192.0.2.1", "logins at once")
	if !strings.Contains(logs.String(), "not_logged_before=990") {
		t.Fatalf("the next second does not count the lines left out:\n%s", logs.String())
	}
	if _, err := NewLogger(nil, "xml"); err == nil {
		t.Fatal("an unknown log format was taken")
	}
}

// The rooms' refusals, as the players read them.
var (
	errNoRoom  = errors.New("there is no room with that name")
	errStarted = errors.New("the game has started")
	errBroken  = errors.New("database is locked (5) (SQLITE_BUSY)")
)

// clock is a settable clock: the tests never wait.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)} }
