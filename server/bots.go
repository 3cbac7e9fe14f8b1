package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// The bot ladder over SSH (issue 35, docs/protocol.md): a bot program
// connects with a key of its own, which its owner registered as a bot
// (ssh HOST register-bot NAME < bot_key.pub, from the owner's own key),
// and runs the command bot: the session's standard input and output are
// then the bot protocol's, with no terminal, and the bot plays on the
// lobby's ladder (lobby.Ladder) until it leaves or breaks the protocol.
// What the server says to the bot's operator goes to standard error.

// The SSH commands of the bot ladder.
const (
	BotCommand      = "bot"
	RegisterCommand = "register-bot"
)

// registerWait is how long register-bot waits for the bot's public key
// on its standard input.
const registerWait = 10 * time.Second

// botKeepalive is how often the server asks a bot's SSH client for a
// keepalive reply (keepAlive), at most: a third of the connection's idle
// backstop when that is shorter.
const botKeepalive = time.Minute

// errNoKeepalive ends a bot's session whose client answered no keepalive
// in time.
var errNoKeepalive = errors.New("no answer to the keepalive")

// keepAlive keeps a bot's connection alive while it waits on the ladder,
// and finds it gone or stalled: a waiting bot sends nothing and is asked
// nothing, and the connection's idle backstop (channel.Server.IdleTimeout,
// --idle and a minute) would close it after half an hour. Every interval
// it asks the client for a reply (ask: OpenSSH's keepalive@openssh.com,
// which every client answers, if only to refuse it, as sshd's
// ClientAliveInterval does); the traffic keeps the connection, and a
// client that answers nothing within the next interval is stalled or
// gone: keepAlive returns errNoKeepalive (ask's own error if it failed),
// or ctx's error once ctx ends.
func keepAlive(ctx context.Context, interval time.Duration, ask func() error) error {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		answered := make(chan error, 1)
		go func() { answered <- ask() }() // returns when the connection closes, at worst
		wait := time.NewTimer(interval)
		select {
		case err := <-answered:
			wait.Stop()
			if err != nil {
				return err
			}
		case <-wait.C:
			return errNoKeepalive
		case <-ctx.Done():
			wait.Stop()
			return ctx.Err()
		}
	}
}

// keepBotAlive runs keepAlive for the bot session sess until ctx ends,
// and ends the session's play (cancel) if its client stops answering;
// none without an idle backstop, which nothing then closes.
func (s *Server) keepBotAlive(ctx context.Context, sess *channel.Session, cancel context.CancelFunc) {
	idle := s.ssh.IdleTimeout
	if idle <= 0 || sess.SSH == nil {
		return
	}
	interval := min(botKeepalive, idle/3)
	ask := func() error {
		_, _, err := sess.SSH.SendRequest("keepalive@openssh.com", true, nil)
		return err
	}
	go func() {
		if err := keepAlive(ctx, interval, ask); ctx.Err() == nil {
			s.log.Info("bot gone", "source", sess.Source, "key", sess.ID, "err", err)
			cancel()
			sess.SSH.Close()
		}
	}()
}

// botCommand runs the session if its command is one of the bot ladder's,
// and reports whether it was.
func (s *Server) botCommand(sess *channel.Session) bool {
	cmd := strings.Fields(sess.Command)
	switch {
	case len(cmd) == 0:
		return false
	case cmd[0] == BotCommand && len(cmd) == 1:
		s.botSession(sess)
	case cmd[0] == RegisterCommand:
		s.registerBot(sess, cmd[1:])
	default:
		return false
	}
	return true
}

// refuse ends sess with sentence key of its language, on its standard
// error.
func refuse(sess *channel.Session, key lang.Key, args ...any) {
	sess.Refuse(sess.Lang().T(key, args...))
}

// botSession plays the ladder for the bot whose key connected sess.
func (s *Server) botSession(sess *channel.Session) {
	l := sess.Lang()
	id := sess.ID
	if !s.Lobby.Rated() {
		refuse(sess, lang.SshBotNoRatings)
		return
	}
	owner, ok, err := s.bots.BotOwner(sess.Ctx, id)
	switch {
	case err != nil:
		sess.Refuse("mille: " + l.T(lang.RefStoreDown))
		return
	case !ok:
		refuse(sess, lang.SshNotBot)
		return
	}
	if until, benched := s.Lobby.Benched(id); benched {
		refuse(sess, lang.SshBenched, until.UTC().Format(time.TimeOnly))
		return
	}
	name, _ := s.users.Name(sess.Ctx, id)
	ctx, cancel := context.WithCancel(sess.Ctx)
	defer cancel()
	defer context.AfterFunc(s.stop, cancel)()
	s.keepBotAlive(ctx, sess, cancel)
	s.log.Info("session", "source", sess.Source, "key", id, "mode", BotCommand, "name", name)
	c, err := bot.NewClient(sessionOutput{sess}, sess.Input, io.Discard)
	if err != nil {
		refuse(sess, lang.SshBotHello, err)
		return
	}
	began, games := time.Now(), 0
	err = s.Lobby.Ladder(ctx, c, id, name, owner, func(room string) {
		games++
		s.log.Info("bot game", "key", id, "room", room)
	})
	c.Close()
	s.log.Info("session end", "source", sess.Source, "key", id, "mode", BotCommand, "games", games,
		"after", time.Since(began).Round(time.Second), "end", err)
	var fault *lobby.Fault
	switch {
	case errors.As(err, &fault):
		text := l.T(lang.SshBotFault, fault.Room, fault.Err)
		if fault.Benched {
			until, _ := s.Lobby.Benched(id)
			text += "\n" + l.T(lang.SshBenched, until.UTC().Format(time.TimeOnly))
		}
		sess.Refuse(text)
	case errors.Is(err, lobby.ErrBenched):
		until, _ := s.Lobby.Benched(id)
		refuse(sess, lang.SshBenched, until.UTC().Format(time.TimeOnly))
	default:
		sess.Exit(0)
	}
}

// sessionOutput is a session's standard output as the bot protocol's
// host writes it: its Close leaves the session to end with its status.
type sessionOutput struct{ sess *channel.Session }

func (o sessionOutput) Write(p []byte) (int, error) { return o.sess.Write(p) }

func (o sessionOutput) Close() error { return nil }

// registerBot registers the key given on the session's standard input
// (one line of a .pub file) as a bot of the key that connected, called
// args' one word.
func (s *Server) registerBot(sess *channel.Session, args []string) {
	if len(args) != 1 {
		refuse(sess, lang.SshRegisterUsage)
		return
	}
	name := args[0]
	if err := lobby.ValidName(name); err != nil {
		sess.Refuse("mille: " + sess.Lang().Error(err))
		return
	}
	line, ok := firstLine(sess.Ctx, sess.Input, registerWait)
	if !ok {
		refuse(sess, lang.SshRegisterUsage)
		return
	}
	pub, _, _, _, err := gossh.ParseAuthorizedKey(line)
	if err != nil {
		refuse(sess, lang.SshRegisterKey)
		return
	}
	key := gossh.FingerprintSHA256(pub)
	err = s.bots.RegisterBot(sess.Ctx, key, sess.ID, name, names.Skeleton(name), time.Now())
	switch {
	case errors.Is(err, store.ErrBotOwned):
		refuse(sess, lang.SshRegisterOwned)
	case errors.Is(err, store.ErrBotSelf):
		refuse(sess, lang.SshRegisterSelf)
	case errors.Is(err, store.ErrBotOwner):
		refuse(sess, lang.SshRegisterOwner)
	case errors.Is(err, store.ErrNameTaken):
		sess.Refuse("mille: " + sess.Lang().Error(lobby.ErrNameTaken))
	case err != nil:
		sess.Refuse("mille: " + sess.Lang().T(lang.RefStoreDown))
	default:
		s.log.Info("bot registered", "source", sess.Source, "key", sess.ID, "bot", key, "name", name)
		fmt.Fprintln(sess, sess.Lang().T(lang.SshRegistered, name, key))
		sess.Exit(0)
	}
}

// firstLine reads the first line of r (at most 16 KB, the end of the
// input ending it too), for at most wait and until ctx ends.
func firstLine(ctx context.Context, r io.Reader, wait time.Duration) ([]byte, bool) {
	got := make(chan []byte, 1)
	go func() {
		line, err := bufio.NewReaderSize(io.LimitReader(r, 16<<10), 16<<10).ReadSlice('\n')
		if err != nil && !errors.Is(err, io.EOF) || len(line) == 0 {
			line = nil
		}
		got <- line
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case line := <-got:
		return line, line != nil
	case <-timer.C:
	case <-ctx.Done():
	}
	return nil, false
}
