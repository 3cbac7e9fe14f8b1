package server

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
)

// run runs command over SSH with key, stdin as its input, and returns its
// standard output and error.
func run(t *testing.T, addr string, key gossh.Signer, command, stdin string) (string, string) {
	t.Helper()
	sess, err := dial(t, addr, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	var out, errs bytes.Buffer
	sess.Stdin, sess.Stdout, sess.Stderr = strings.NewReader(stdin), &out, &errs
	sess.Run(command)
	return out.String(), errs.String()
}

// TestSSHBotLadder: an owner registers two keys as bots (and not their
// own key), a key nobody registered is refused the ladder, and the two
// bots, each the easy computer behind the bot protocol on an SSH
// session's standard input and output, play a rated game; the ranking
// marks them as bots.
func TestSSHBotLadder(t *testing.T) {
	srv, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	srv.Lobby.SetBotPace(-1)
	owner := newKey(t)
	bots := []gossh.Signer{newKey(t), newKey(t)}
	for i, key := range bots {
		name := []string{"Alpha", "Beta"}[i]
		out, errs := run(t, addr, owner, "register-bot "+name, string(gossh.MarshalAuthorizedKey(key.PublicKey())))
		if !strings.Contains(out, "Registered "+name+" as your bot") {
			t.Fatalf("register-bot %s: %q %q", name, out, errs)
		}
	}
	if _, errs := run(t, addr, owner, "register-bot Me", string(gossh.MarshalAuthorizedKey(owner.PublicKey()))); !strings.Contains(errs, "cannot be your own bot") {
		t.Fatalf("registering the owner's own key: %q", errs)
	}
	if _, errs := run(t, addr, newKey(t), "bot", ""); !strings.Contains(errs, "not registered as a bot") {
		t.Fatalf("an unregistered key's bot session: %q", errs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i, key := range bots {
		sess, err := dial(t, addr, key).NewSession()
		if err != nil {
			t.Fatal(err)
		}
		in, _ := sess.StdinPipe()
		out, _ := sess.StdoutPipe()
		if err := sess.Start("bot"); err != nil {
			t.Fatal(err)
		}
		p, _ := ai.New("easy", uint64(i))
		go bot.Serve(ctx, out, in, p, "easy", "1")
		t.Cleanup(func() { sess.Close() })
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		list, err := srv.Lobby.Ranking(10)
		if err != nil {
			t.Fatal(err)
		}
		played := 0
		for _, r := range list {
			if r.Bot && r.Games > 0 {
				played++
			}
		}
		if played == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no rated game of the two bots in a minute: %+v", list)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
