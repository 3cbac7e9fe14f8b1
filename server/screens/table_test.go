package screens

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
)

// drive runs a command the way the program would, feeding what it returns
// back into the screen, and stops at the commands that wait on a room
// (they come back through s.Update by the test). It ignores timers. It
// runs in a synctest bubble: a command counts as waiting only once every
// goroutine of the test waits, however slow the machine. The commands
// left waiting end with the session, at the test's end (session).
func drive(t *testing.T, s *Screen, cmd tea.Cmd) {
	t.Helper()
	for n := 0; cmd != nil && n < 50; n++ {
		done := make(chan tea.Msg, 1)
		go func() { done <- cmd() }()
		var msg tea.Msg
		select {
		case msg = <-done:
		case <-time.After(100 * time.Millisecond):
			// Only once every goroutine of the test's bubble waits: a
			// tick, or a wait for the room's next update.
			return
		}
		switch msg := msg.(type) {
		case nil:
			return
		case tea.BatchMsg:
			for _, c := range msg {
				drive(t, s, c)
			}
			return
		default:
			_, cmd = s.Update(msg)
		}
	}
}

// session is the screen of a session of the person of key, to enter
// room ("": the lobby) on a terminal w columns wide. The session ends
// with the test (a test may end it sooner with a Done of its own): the
// timers and waits of its commands then end, as the bubble requires of
// every goroutine.
func session(t *testing.T, l *lobby.Lobby, users *lobby.Users, key, room string, w int) *Screen {
	s := New(lobby.NewAdmission(bg, l, users, key), room, w)
	done := make(chan struct{})
	s.Done = done
	t.Cleanup(func() { close(done) })
	return s
}

// TestScreenGame drives a session's screen without SSH: the host starts a
// 2-player room, the board opens on the room's update, a card is played by
// keys and reaches the room, the lobby's own timer stops in the game,
// and leaving the table gives the seat up and shows the lobby.
func TestScreenGame(t *testing.T) { synctest.Test(t, screenGame) }

func screenGame(t *testing.T) {
	users := lobby.NewUsers(servertest.NewStore(t))
	users.SetName(bg, "ann-key", "Ada")
	lob := lobby.NewLobby(0)
	defer lob.Close()
	s := session(t, lob, users, "ann-key", "", 80)
	done := make(chan struct{})
	defer close(done) // the lobby's timer, once back there, gives up
	s.Done = done
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	cfg := servertest.Config(2, engine.Standard, 7)
	c, err := lob.Create(bg, "duel", "ann-key", "Ada", 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.connect(c, nil)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	u := <-c.Updates()
	for !u.Started {
		u = <-c.Updates()
	}
	// The command returned waits on the room: the test reads it instead.
	s.Update(updateMsg{c, u, true})
	if s.game.m == nil {
		t.Fatal("the board did not open when the game started")
	}
	view := ansi.Strip(s.View().Content)
	if !strings.Contains(view, "MILLE BORNES") || !strings.Contains(view, "Your turn") {
		t.Fatalf("the board:\n%s", view)
	}

	// Seat 0 plays first: the first card is discarded by keys.
	for _, k := range []tea.KeyPressMsg{{Code: '1', Text: "1"}, {Code: 'x', Text: "x"}} {
		_, cmd := s.Update(k)
		drive(t, s, cmd)
	}
	r := lob.Room("duel")
	servertest.WaitRoom(t, r, "the discard", func(st *engine.State) bool { return st.EventCount > u.Obs.EventCount })

	// The lobby's timer waits for nothing in the game: it stops there
	// (issue 36), and starts again in the lobby (below).
	if _, cmd := s.Update(listTick{}); cmd != nil || s.ticking {
		t.Fatal("the lobby's timer kept ticking in the game")
	}

	// q, y: leave the table; the seat goes to a computer.
	for _, k := range []tea.KeyPressMsg{{Code: 'q', Text: "q"}, {Code: 'y', Text: "y"}} {
		_, cmd := s.Update(k)
		drive(t, s, cmd)
	}
	if s.game.m != nil || s.conn != nil {
		t.Fatal("leaving the table did not go back to the lobby")
	}
	if seats := r.Seats(); seats[0].Human {
		t.Fatalf("the seat after leaving: %+v", seats[0])
	}
	if view := ansi.Strip(s.View().Content); !strings.Contains(view, "n: new room") {
		t.Fatalf("the lobby:\n%s", view)
	}
	if !s.ticking {
		t.Fatal("the lobby's timer did not start again in the lobby")
	}
}

// TestServedHint: a served player's hint is the hint at home, a legal
// move with its reason, and a player who moves on while every place is
// taken still gets an answer at once.
func TestServedHint(t *testing.T) {
	s, err := engine.New(engine.Config{Players: 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	obs := engine.Observe(&s, s.ToAct())
	a, why := Hint(context.Background(), &obs, obs.Legal(nil))
	if obs.Check(a) != nil || why >= ai.NumReasons {
		t.Fatalf("hint %v (reason %d) is not a legal move with a reason", a, why)
	}
	if home, _ := review.Hint(context.Background(), &obs, obs.Legal(nil)); home != a {
		t.Errorf("served hint %v, at home %v", a, home)
	}
	for range cap(hintPlaces) {
		hintPlaces <- struct{}{}
	}
	defer func() {
		for range cap(hintPlaces) {
			<-hintPlaces
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if a, _ := Hint(ctx, &obs, obs.Legal(nil)); obs.Check(a) != nil {
		t.Errorf("hint %v while every place is taken, cancelled", a)
	}
}
