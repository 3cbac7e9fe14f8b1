package server

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/events"
)

// TestLogLines (issue 15, 12): with --log-format json every line is a
// JSON object; a login says the source and the key, a session the room,
// a refusal the limit.
func TestLogLines(t *testing.T) {
	var logs testkit.Buffer
	srv, addr := startServer(t, Config{Log: LogConfig{Out: &logs, Format: events.JSON}, Sessions: SessionLimits{PerKey: 1}})
	key := newKey(t)
	id := gossh.FingerprintSHA256(key.PublicKey())
	srv.users.SetName(bg, id, "Ada")
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
		"room created": func(l map[string]any) bool { return l["room"] == "fam" && l["name"] == "Ada" },
		"limit: sessions with one key": func(l map[string]any) bool {
			return l["key"] == id && l["limit"] == 1.0 && l["level"] == "WARN"
		},
	}
	waitLogLines(t, &logs, want)
}

// TestAttackLongCommand (issue 22, 2): a 120 KB command line (a room
// name) is refused, saying why in the client's LANG (issue 23), and
// logged as its length alone.
func TestAttackLongCommand(t *testing.T) {
	var logs testkit.Buffer
	_, addr := startServer(t, Config{Log: LogConfig{Out: &logs}})
	key := newKey(t)
	for i := range 4 {
		sess, err := dial(t, addr, key).NewSession()
		if err != nil {
			t.Fatal(err)
		}
		want := "that command is too long"
		if i == 3 {
			if err := sess.Setenv("LANG", "fr_FR.UTF-8"); err != nil {
				t.Fatal(err)
			}
			want = lang.French.T(lang.SshCommandLong, channel.MaxCommand)
		}
		var stderr testkit.Buffer
		sess.Stderr = &stderr
		err = sess.Run(strings.Repeat("r", 120<<10))
		if _, ok := err.(*gossh.ExitError); !ok || !strings.Contains(stderr.String(), want) {
			t.Fatalf("a 120 KB command: %v, %q, want %q", err, stderr.String(), want)
		}
	}
	if n := len(logs.String()); n > 4<<10 || !strings.Contains(logs.String(), "length=122880") {
		t.Fatalf("%d bytes of log:\n%.2000s", n, logs.String())
	}
}
