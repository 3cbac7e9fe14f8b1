package server

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/internal/testkit"
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

// onLadder puts the easy computer (of seed) on the ladder over SSH with
// key, behind the bot protocol, until ctx ends.
func onLadder(ctx context.Context, t *testing.T, addr string, key gossh.Signer, seed uint64) {
	t.Helper()
	sess, err := dial(t, addr, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	in, _ := sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if err := sess.Start("bot"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	p, _ := ai.New("easy", seed)
	go bot.Serve(ctx, out, in, p, "easy", "1")
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
		onLadder(ctx, t, addr, key, uint64(i))
	}
	deadline := time.Now().Add(testkit.TimeLeft(t))
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
			t.Fatalf("no rated game of the two bots: %+v", list)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestSSHQuickBot: in the line mode, quick bot seats a person against a
// bot waiting on the ladder, in a rated game; with no bot waiting it
// says so at once.
func TestSSHQuickBot(t *testing.T) {
	srv, addr := startServer(t, Config{Rooms: RoomLimits{Max: 4}})
	owner, key := newKey(t), newKey(t)
	if out, errs := run(t, addr, owner, "register-bot Robo", string(gossh.MarshalAuthorizedKey(key.PublicKey()))); !strings.Contains(out, "Registered Robo") {
		t.Fatalf("register-bot: %q %q", out, errs)
	}
	ann := plainSession(t, addr, newKey(t), "Ada", "plain", false)
	ann.until("What is your name?")
	ann.send("Ada")
	ann.until("Hello, Ada.")
	ann.send("quick bot")
	ann.until("That did not work: no bot is waiting for a game now")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	onLadder(ctx, t, addr, key, 1)
	deadline := time.Now().Add(testkit.TimeLeft(t))
	for srv.Lobby.BotsWaiting() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the bot is not on the ladder")
		}
		time.Sleep(20 * time.Millisecond)
	}
	ann.send("quick bot")
	ann.until("Mille Bornes, standard rules, 2 players: you and Robo.")
	// The list counts Ann as a person and Robo as a bot, once it plays.
	for {
		list := srv.Lobby.List()
		if len(list) != 1 || !list[0].Rated || list[0].Humans+list[0].Bots != 2 {
			t.Fatalf("the room: %+v", list)
		}
		if list[0].Bots == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the room: %+v, want a person and a bot", list)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestKeepAlive: a bot's client that answers every keepalive keeps its
// connection however long it waits (its idle backstop never comes, the
// traffic resetting it); one that stops answering is found within two
// intervals, and a failed request ends it at once.
func TestKeepAlive(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const interval = time.Minute
		ctx, cancel := context.WithCancel(context.Background())
		answers := 0
		done := make(chan error, 1)
		go func() { done <- keepAlive(ctx, interval, func() error { answers++; return nil }) }()
		time.Sleep(2 * time.Hour)
		synctest.Wait()
		select {
		case err := <-done:
			t.Fatalf("a client answering every keepalive ended after %d: %v", answers, err)
		default:
		}
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) || answers < 100 {
			t.Fatalf("%d keepalives in 2 hours, ended with %v", answers, err)
		}

		stalled := make(chan struct{})
		defer close(stalled)
		start := time.Now()
		if err := keepAlive(context.Background(), interval, func() error { <-stalled; return nil }); !errors.Is(err, errNoKeepalive) || time.Since(start) > 2*interval {
			t.Fatalf("a stalled client: %v after %v", err, time.Since(start))
		}
		broken := errors.New("EOF")
		if err := keepAlive(context.Background(), interval, func() error { return broken }); !errors.Is(err, broken) {
			t.Fatalf("a failed request: %v", err)
		}
	})
}
