package screens

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// rankedScreen is Ada's screen, 80 by 24, in the lobby of a server that
// keeps ratings, with the lobby and the screen's view as text.
func rankedScreen(t *testing.T) (*Screen, *lobby.Lobby, func() string) {
	st := servertest.NewStore(t)
	users := lobby.NewUsers(st)
	servertest.Must(t, users.SetName(bg, "key-a", "Ada"))
	l := lobby.NewLobby(0)
	l.Store, l.Ratings = st, st
	t.Cleanup(l.Close)
	s := session(t, l, users, "key-a", "", 80)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	drive(t, s, s.readRating()) // as Init reads it
	return s, l, func() string { return ansi.Strip(s.View().Content) }
}

// TestRankedLobby: on a server that keeps ratings the lobby tells the
// person's rating, l shows the ranking (the house computers on a new
// server) and Escape goes back, and m looks for a quick match and seats
// the person in a rated game, here against the house computer; leaving
// it loses it, and the lobby tells the rating it left.
func TestRankedLobby(t *testing.T) { synctest.Test(t, rankedLobby) }

func rankedLobby(t *testing.T) {
	s, l, view := rankedScreen(t)
	if v := view(); !strings.Contains(v, "No rating yet") || !strings.Contains(v, "m: quick match") || !strings.Contains(v, "l: ranking") {
		t.Fatalf("the lobby of a rated server:\n%s", v)
	}
	do(t, s, press("l"))
	if v := view(); !strings.Contains(v, "1. expert: 1552, house computer, fixed rating.") || !strings.Contains(v, "4. easy: 1323") {
		t.Fatalf("the ranking:\n%s", v)
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	s.Update(press("f"))
	do(t, s, press("l"))
	if v := view(); !strings.Contains(v, "2. fort") {
		t.Fatalf("the ranking in French:\n%s", v)
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	s.Update(press("f"))
	if v := view(); !strings.Contains(v, "Hello, Ada.") {
		t.Fatalf("Escape did not go back to the lobby:\n%s", v)
	}

	l.SetQuickWait(time.Millisecond) // nobody else comes
	_, cmd := s.Update(press("m"))
	if v := view(); !strings.Contains(v, "Looking for an opponent") {
		t.Fatalf("looking for a quick match:\n%s", v)
	}
	s.Update(cmd())
	synctest.Wait() // the match hands the seat over, then deals
	if s.conn == nil || !s.conn.Table().Started() || s.conn.Table().Config().Game.Players != 2 {
		t.Fatalf("the quick match did not seat Ada: %v", s.msg)
	}
	if list := l.List(); len(list) != 1 || !list[0].Rated {
		t.Fatalf("the quick room: %+v", list)
	}

	// Leaving the rated game loses it: back in the lobby, the line of the
	// rating tells the rating it left, as the game's change does (it read
	// the rating before the result was written).
	leaveGame(t, s)
	v := view()
	i := strings.Index(v, "your rating is now ")
	if i < 0 {
		t.Fatalf("no rating change back in the lobby:\n%s", v)
	}
	now := strings.TrimRight(strings.Fields(v[i+len("your rating is now "):])[0], ".")
	if !strings.Contains(v, "Your rating: "+now+" provisional; rated games: 1.") {
		t.Fatalf("the line of the rating, after a change to %s:\n%s", now, v)
	}
}

// leaveGame opens the board of s's room once its game is dealt, and
// leaves the game by its keys (q, y).
func leaveGame(t *testing.T, s *Screen) {
	t.Helper()
	u := <-s.conn.Updates()
	for !u.Started {
		u = <-s.conn.Updates()
	}
	s.Update(updateMsg{s.conn, u, true}) // the board opens
	for _, k := range []string{"q", "y"} {
		do(t, s, press(k))
	}
}

// TestRatedRoomListed: the lobby's list marks a rated room, in both
// languages.
func TestRatedRoomListed(t *testing.T) {
	st := servertest.NewStore(t)
	users := lobby.NewUsers(st)
	servertest.Must(t, users.SetName(bg, "key-a", "Ada"))
	l := lobby.NewLobby(0)
	l.Store, l.Ratings = st, st
	t.Cleanup(l.Close)
	cfg := servertest.Config(2, engine.Standard, 1)
	cfg.Rated = true
	_, err := l.Create(bg, "friday", "key-b", "Ben", 0, cfg)
	servertest.Must(t, err)
	s := session(t, l, users, "key-a", "", 80)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := ansi.Strip(s.View().Content); !strings.Contains(v, "2 players, rated, easy computers") {
		t.Fatalf("the rated room's line:\n%s", v)
	}
	s.Update(press("f"))
	if v := ansi.Strip(s.View().Content); !strings.Contains(v, "2 joueurs, classée, ordinateur facile") {
		t.Fatalf("the rated room's line in French:\n%s", v)
	}
}

// TestQuickSizeKeys: while a quick match is looked for, 4 asks for a
// table of four instead (the look of two given up), in teams, and the
// person is seated at one, the house computers in the seats nobody took;
// an answer to the look given up is given up too.
func TestQuickSizeKeys(t *testing.T) { synctest.Test(t, quickSizeKeys) }

func quickSizeKeys(t *testing.T) {
	s, l, view := rankedScreen(t)
	l.SetQuickWait(time.Millisecond) // nobody else comes
	_, two := s.Update(press("m"))
	if v := view(); !strings.Contains(v, "Keys 2, 3, 4 and 6") {
		t.Fatalf("looking for a quick match:\n%s", v)
	}
	_, four := s.Update(press("4"))
	if v := view(); !strings.Contains(v, "rated game of 4 in 2") {
		t.Fatalf("looking for a table of four:\n%s", v)
	}
	s.Update(two()) // given up
	if s.conn != nil {
		t.Fatal("seated by the look given up")
	}
	s.Update(four())
	synctest.Wait() // the match hands the seat over, then deals
	if s.conn == nil || !s.conn.Table().Started() || s.conn.Table().Config().Game.Players != 4 {
		t.Fatalf("the quick match of four did not seat Ada: %v", s.msg)
	}
}

// TestQuickFriendKey (issue 35): while a quick match is looked for, p
// asks for a friend's name; Enter looks for a table of four with them as
// partner, and once the friend asks too the two sit on one side.
func TestQuickFriendKey(t *testing.T) { synctest.Test(t, quickFriendKey) }

func quickFriendKey(t *testing.T) {
	s, l, view := rankedScreen(t)
	servertest.Must(t, lobby.NewUsers(l.Store).SetName(bg, "key-b", "Ben"))
	l.SetQuickWait(time.Millisecond) // nobody else comes
	s.Update(press("m"))
	if v := view(); !strings.Contains(v, "Key p: with a friend") {
		t.Fatalf("looking for a quick match:\n%s", v)
	}
	s.Update(press("p"))
	var cmd tea.Cmd
	for _, k := range keys("Ben", "enter") {
		_, cmd = s.Update(k)
	}
	if v := view(); !strings.Contains(v, "rated game of 4 in teams of two with Ben as your partner") {
		t.Fatalf("looking with Ben:\n%s", v)
	}
	ben := make(chan int, 1)
	go func() {
		c, err := l.QuickWith(bg, "key-b", "Ben", 4, "Ada")
		if err != nil {
			t.Error(err)
			ben <- -1
			return
		}
		ben <- c.Seat()
	}()
	s.Update(cmd())
	if s.conn == nil || s.conn.Table().Config().Game.Players != 4 {
		t.Fatalf("the quick match with Ben did not seat Ada: %v", s.msg)
	}
	cfg := engine.Config{Players: 4}
	if b := <-ben; cfg.SideOf(b) != cfg.SideOf(s.conn.Seat()) {
		t.Fatalf("Ada at seat %d, Ben at %d: not partners", s.conn.Seat(), b)
	}
}

// TestPlayBotKey: on a server that keeps ratings the lobby's keys name b,
// a rated game against a bot of the ladder, in both languages; b says at
// once that no bot waits, and with one waiting seats the person against
// it, the room listing a person and a bot.
func TestPlayBotKey(t *testing.T) {
	st := servertest.NewStore(t)
	users := lobby.NewUsers(st)
	servertest.Must(t, users.SetName(bg, "key-a", "Ada"))
	servertest.Must(t, st.RegisterBot(bg, "key-bot", "key-o", "Robo", "robo", time.Now()))
	synctest.Test(t, func(t *testing.T) {
		l := lobby.NewLobby(0)
		l.Store, l.Ratings, l.Bots = st, st, st
		defer l.Close()
		s := session(t, l, users, "key-a", "", 80)
		s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		view := func() string { return ansi.Strip(s.View().Content) }
		if v := view(); !strings.Contains(v, "b: play a bot") {
			t.Fatalf("the lobby of a rated server:\n%s", v)
		}
		s.Update(press("f"))
		if v := view(); !strings.Contains(v, "jouer un robot") {
			t.Fatalf("the lobby of a rated server in French:\n%s", v)
		}
		s.Update(press("f"))
		pressCmd := func(k string) {
			_, cmd := s.Update(press(k))
			if cmd == nil || s.conn != nil {
				t.Fatalf("%s read the store inside Update, not in a command", k)
			}
			s.Update(cmd())
		}
		pressCmd("b")
		if v := view(); !strings.Contains(v, "no bot is waiting") || s.conn != nil {
			t.Fatalf("b with no bot waiting:\n%s", v)
		}

		// A bot on the ladder: the easy computer behind the bot protocol.
		hostR, botW := io.Pipe()
		botR, hostW := io.Pipe()
		p, err := ai.New("easy", 1)
		servertest.Must(t, err)
		go bot.Serve(context.Background(), botR, botW, p, "robo", "1")
		c, err := bot.NewClient(hostW, hostR, io.Discard)
		servertest.Must(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		left := make(chan error, 1)
		go func() { left <- l.Ladder(ctx, c, "key-bot", "Robo", "key-o", nil) }()
		defer func() {
			cancel()
			<-left
			c.Close()
			hostR.Close()
			botR.Close()
		}()
		synctest.Wait()
		pressCmd("b")
		if s.conn == nil || !s.conn.Table().Started() || !s.conn.Table().Config().Rated {
			t.Fatalf("b did not seat Ada against the bot: %v", s.msg)
		}
		synctest.Wait()
		if list := l.List(); len(list) != 1 || list[0].Humans != 1 || list[0].Bots != 1 {
			t.Fatalf("the bot's room: %+v, want a person and a bot", list)
		}
	})
}

// TestLeftRatedGame: a person who leaves a rated game against another
// person, which goes on, is told back in the lobby that it counts as lost
// at its end unless they come back; back at the seat, the game is theirs
// again.
func TestLeftRatedGame(t *testing.T) { synctest.Test(t, leftRatedGame) }

func leftRatedGame(t *testing.T) {
	s, l, view := rankedScreen(t)
	cfg := servertest.Config(2, engine.Standard, 1)
	cfg.Rated = true
	ben, err := l.Create(bg, "friday", "key-b", "Ben", 0, cfg)
	servertest.Must(t, err)
	drive(t, s, s.enter("friday", false))
	if s.conn == nil {
		t.Fatalf("Ada did not join: %s", s.message())
	}
	servertest.Must(t, ben.Start())
	leaveGame(t, s)
	if s.conn != nil {
		t.Fatal("q, y did not leave the game")
	}
	if v := view(); !strings.Contains(v, "The rated game in room friday goes on without you: it counts as lost") {
		t.Fatalf("back in the lobby after leaving a rated game in play:\n%s", v)
	}
	s.Update(press("f"))
	if v := view(); !strings.Contains(v, "La partie classée de la salle friday") {
		t.Fatalf("the same in French:\n%s", v)
	}
	drive(t, s, s.enter("friday", false))
	if s.conn == nil || s.conn.Seat() != 1 || l.Forfeiting("key-a", s.conn.Table()) {
		t.Fatalf("Ada did not come back to her seat: %s", s.message())
	}
}
