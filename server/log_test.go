package server

import (
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/store"
)

// fullDisk is a store whose disk is full: a room cannot be written.
type fullDisk struct {
	store.Store
	path string
}

func (f fullDisk) PutRoom(store.Room, string) error {
	return &fs.PathError{Op: "write", Path: f.path, Err: syscall.ENOSPC}
}

// TestSaveErrorHidesPaths (issue 15, 12): a save that fails on the
// server's disk tells the host a short sentence; the path is in the log.
func TestSaveErrorHidesPaths(t *testing.T) {
	data := t.TempDir()
	wal := filepath.Join(data, StoreFile+"-wal")
	l, users := lobbyOfAnnAndBob(t)
	var logs testkit.Buffer
	log := newEvents(slog.New(slog.NewTextHandler(&logs, nil)))
	l.Store = fullDisk{newStore(t), wal}
	l.Logf = func(format string, args ...any) { log.Error(fmt.Sprintf(format, args...)) }
	s := newScreen(l, users, "key-a", "", 80)
	s.log, s.dataDir = log, data
	c, err := l.Create("fam", "key-a", "Ann", 0, config(2, engine.Standard, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Join("fam", "key-b", "Bob", -1)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	_, err = seatConn{c, s}.Save()
	if err == nil || strings.Contains(err.Error(), data) {
		t.Fatalf("the host reads %v", err)
	}
	if !strings.Contains(logs.String(), wal) {
		t.Fatalf("the log does not say where: %s", logs.String())
	}
	// The room's own refusals are for the players, as they are.
	if _, err := (seatConn{b, s}).Save(); err == nil || err.Error() != ErrNotHost.Error() {
		t.Fatalf("a guest saving reads %v", err)
	}
}

// TestPublicText: what a player reads of an error: a sentence of the
// rooms as it is; an error naming the server's files as a short sentence,
// logged whole.
func TestPublicText(t *testing.T) {
	var logs testkit.Buffer
	log := newEvents(slog.New(slog.NewTextHandler(&logs, nil)))
	data := "/var/lib/mille"
	for _, tc := range []struct {
		err  error
		want string
	}{
		{ErrNoRoom, ErrNoRoom.Error()},
		{fmt.Errorf("joining: %w", ErrStarted), "joining: " + ErrStarted.Error()},
		{&fs.PathError{Op: "open", Path: "/etc/x", Err: fs.ErrPermission}, ServerErrorText},
		{fmt.Errorf("saving: %w", &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EXDEV}), ServerErrorText},
		{fmt.Errorf("store %s/mille.db: locked", data), ServerErrorText},
	} {
		if got := publicText(tc.err, log, data); got != tc.want {
			t.Errorf("publicText(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
	if !strings.Contains(logs.String(), "/etc/x") || !strings.Contains(logs.String(), data+"/mille.db") {
		t.Errorf("the log lacks the details:\n%s", logs.String())
	}
}

// TestLogLines (issue 15, 12): with --log-format json every line is a
// JSON object; a login says the source and the key, a session the room,
// a refusal the limit.
func TestLogLines(t *testing.T) {
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Log: &logs, LogFormat: LogJSON, MaxSessionsPerKey: 1})
	key := newKey(t)
	id := gossh.FingerprintSHA256(key.PublicKey())
	srv.users.SetName(id, "Ann")
	c := dial(t, addr, key)
	_, screen := start(t, c, "fam")
	screen.waitText(t, "s: start")
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{})
	sess.Run("") // refused: one session a key
	want := map[string]func(map[string]any) bool{
		"login":        func(l map[string]any) bool { return l["key"] == id && l["source"] == "127.0.0.1" },
		"session":      func(l map[string]any) bool { return l["key"] == id && l["room"] == "fam" },
		"room created": func(l map[string]any) bool { return l["room"] == "fam" && l["name"] == "Ann" },
		"limit: sessions with one key": func(l map[string]any) bool {
			return l["key"] == id && l["limit"] == 1.0 && l["level"] == "WARN"
		},
	}
	waitLogLines(t, &logs, want)
}

// TestLogFlood: refusals are logged at most linesPerSecond a second, the
// others counted in the next line.
func TestLogFlood(t *testing.T) {
	var logs testkit.Buffer
	clk := newClock()
	e := newEvents(slog.New(slog.NewTextHandler(&logs, nil)))
	e.now = clk.now
	for range 1000 {
		e.refused("192.0.2.1", "logins at once")
	}
	if n := strings.Count(logs.String(), "connection refused"); n != linesPerSecond {
		t.Fatalf("%d lines for 1000 refusals in a second", n)
	}
	clk.add(time.Second)
	e.refused("192.0.2.1", "logins at once")
	if !strings.Contains(logs.String(), "not_logged_before=990") {
		t.Fatalf("the next second does not count the lines left out:\n%s", logs.String())
	}
	if _, err := newLogger(nil, "xml"); err == nil {
		t.Fatal("an unknown log format was taken")
	}
}
