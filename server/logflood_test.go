package server

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	gossh "golang.org/x/crypto/ssh"
)

// TestLogValuesBounded (issue 22, 2): a 120 KB value makes a line of less
// than a kilobyte, in both formats, cut where a character starts and
// saying how much was left out; a stack keeps more.
func TestLogValuesBounded(t *testing.T) {
	long := strings.Repeat("é", 60<<10) // 120 KB
	for _, format := range []string{LogText, LogJSON} {
		var logs testkit.Buffer
		l, err := newLogger(&logs, format)
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

// TestAttackLongCommand (issue 22, 2): a 120 KB command line (a room
// name) is refused, saying why, and logged as its length alone.
func TestAttackLongCommand(t *testing.T) {
	var logs testkit.Buffer
	_, addr := startServer(t, Config{Log: &logs})
	key := newKey(t)
	for range 4 {
		sess, err := dial(t, addr, key).NewSession()
		if err != nil {
			t.Fatal(err)
		}
		var stderr testkit.Buffer
		sess.Stderr = &stderr
		err = sess.Run(strings.Repeat("r", 120<<10))
		if _, ok := err.(*gossh.ExitError); !ok || !strings.Contains(stderr.String(), "that command is too long") {
			t.Fatalf("a 120 KB command: %v, %q", err, stderr.String())
		}
	}
	if n := len(logs.String()); n > 4<<10 || !strings.Contains(logs.String(), "length=122880") {
		t.Fatalf("%d bytes of log:\n%.2000s", n, logs.String())
	}
}
