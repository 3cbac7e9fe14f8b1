package lobby

import (
	"errors"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

func play(t *testing.T, r *Room, users []string, n int) {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	for range n {
		s := r.State()
		o := engine.Observe(&s, s.ToAct())
		if err := r.Act(users[s.ToAct()], o.Legal(buf[:0])[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSaveRestore: the host saves; the file is the room's game, checked by
// package save; a new lobby restores it as a room that waits for its
// people, who get their seats (and hands) back by identity; the host starts
// it again and the game goes on.
func TestSaveRestore(t *testing.T) {
	st := servertest.NewStore(t)
	clk := servertest.NewClock()
	l := NewLobby(4)
	l.Store, l.Now = st, clk.Now
	cfg := servertest.Config(4, engine.Standard, 7)
	cfg.Level = "medium"
	a, err := l.Create(bg, "friday", "key-a", "Ada", 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(bg, "friday", "key-b", "Ben", 1)
	c, _ := l.Join(bg, "friday", "key-c", "Col", 2)
	d, _ := l.Join(bg, "friday", "key-d", "Dot", 3)
	if _, err := l.saveConn(a); !errors.Is(err, table.ErrNotStarted) {
		t.Fatalf("save before the start: %v", err)
	}
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	r := l.roomOf(a)
	play(t, r, []string{"key-a", "key-b", "key-c", "key-d"}, 15)
	if _, err := l.saveConn(b); !errors.Is(err, table.ErrNotHost) {
		t.Fatalf("b saves: %v", err)
	}
	name, err := l.saveConn(a)
	if err != nil || name != "friday" {
		t.Fatalf("save: %q, %v", name, err)
	}
	servertest.WaitFor(t, c, func(u table.View) bool { return u.Notice == table.Notice{Kind: table.NoticeSaved, Name: "friday"} })
	k, err := st.Room(bg, "friday")
	if err != nil {
		t.Fatal(err)
	}
	g := k.Game
	state := r.State()
	if g.State != state || len(g.History) != 15 || g.Seats[1].Name != "Ben" || !g.Seats[1].Human {
		t.Fatalf("saved game: %d actions, seats %+v", len(g.History), g.Seats)
	}
	// Col quits for good: the saved game gives his seat to a computer.
	c.Quit()
	d.Leave()
	// Shutdown: every started room is saved and stops.
	names, err := l.SaveAll()
	if err != nil || len(names) != 1 {
		t.Fatalf("save all: %v, %v", names, err)
	}
	if err := a.Act(engine.Continue); !errors.Is(err, table.ErrFrozen) {
		t.Fatalf("act after the shutdown save: %v", err)
	}
	// The computers that took Col's and Dot's seats may have moved before
	// the freeze: the game restored is the one frozen.
	state = r.State()
	servertest.WaitFor(t, b, func(u table.View) bool { return u.Notice.Kind == table.NoticeShutdown })
	l.Close()

	l2 := NewLobby(4)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	restored, errs := l2.Restore(servertest.Config(2, engine.Standard, 0))
	if len(restored) != 1 || restored[0] != "friday" || len(errs) != 0 {
		t.Fatalf("restore: %v, %v", restored, errs)
	}
	list := l2.List()
	if len(list) != 1 || !list[0].Restored || list[0].Humans != 3 || list[0].Level != "medium" {
		t.Fatalf("list: %+v", list)
	}
	r2 := l2.Room("friday")
	// A stranger cannot take a seat of a saved game (TestStrangerCannotTakeRestoredGame).
	if _, err := l2.Join(bg, "friday", "key-x", "Xan", 0); !errors.Is(err, table.ErrNotPlayer) {
		t.Fatalf("a stranger takes Ada's seat: %v", err)
	}
	b2, err := l2.Join(bg, "friday", "key-b", "Ben", -1)
	if err != nil || b2.Seat() != 1 {
		t.Fatalf("Ben comes back: %v", err)
	}
	if err := b2.Start(); !errors.Is(err, table.ErrNotHost) {
		t.Fatalf("Ben starts: %v", err)
	}
	if r2.Host() != "key-a" {
		t.Fatalf("host %q before Ada is back", r2.Host())
	}
	a2, err := l2.Join(bg, "friday", "key-a", "Ada", -1)
	if err != nil || a2.Seat() != 0 {
		t.Fatalf("Ada comes back: %v", err)
	}
	// The computers wait while Ben's first view is read: one that moved
	// first would change the table he sees (a seat keeps the newest view).
	r2.Hold(true)
	if err := a2.Start(); err != nil {
		t.Fatal(err)
	}
	got := servertest.WaitFor(t, b2, func(u table.View) bool { return u.Started })
	if want := engine.Observe(&state, 1); got.Obs.MyHand != want.MyHand || got.Obs.Tableaus != want.Tableaus {
		t.Fatal("Ben's hand or the table changed across the save")
	}
	r2.Hold(false)
	// Dot is away: a computer plays her seat, which stays hers even after
	// the grace period.
	if s := r2.Seats()[3]; !s.Human || s.Connected {
		t.Fatalf("Dot's seat: %+v", s)
	}
	clk.Add(cfg.Grace)
	r2.Sweep()
	if s := r2.Seats()[3]; !s.Human || s.Name != "Dot" {
		t.Fatalf("Dot's seat after the grace period: %+v", s)
	}
	if d2, err := l2.Join(bg, "friday", "key-d", "Dot", -1); err != nil || d2.Seat() != 3 {
		t.Fatalf("Dot comes back after the grace period: %v", err)
	}
}

// TestRestoredHostGone: when the host of a restored game does not come
// back, the role passes to a person present after the grace period.
func TestRestoredHostGone(t *testing.T) {
	st := servertest.NewStore(t)
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now = st, clk.Now
	a, _ := l.Create(bg, "t", "a", "A", 0, servertest.Config(2, engine.Standard, 3))
	l.Join(bg, "t", "b", "B", 1)
	a.Start()
	l.SaveAll()
	l.Close()

	l2 := NewLobby(0)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	if got, errs := l2.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 1 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	clk.Add(time.Hour) // b comes back an hour after the restart
	b, _ := l2.Join(bg, "t", "b", "B", -1)
	l2.Sweep()
	if err := b.Start(); !errors.Is(err, table.ErrNotHost) {
		t.Fatalf("b starts at once: %v", err)
	}
	clk.Add(time.Minute)
	l2.Sweep()
	if err := b.Start(); err != nil {
		t.Fatalf("b starts after the grace period: %v", err)
	}
}

// TestRestoredGiveWay: a restored game nobody came back to gives its place
// to a new room when the lobby is full (its file stays); one somebody came
// back to does not; a save older than MaxSaveAge is not restored.
func TestRestoredGiveWay(t *testing.T) {
	st := servertest.NewStore(t)
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now = st, clk.Now
	for _, name := range []string{"old1", "old2"} {
		a, _ := l.Create(bg, name, "a-"+name, "A", 0, servertest.Config(2, engine.Standard, 3))
		a.Start()
	}
	if names, err := l.SaveAll(); len(names) != 2 || err != nil {
		t.Fatalf("save all: %v %v", names, err)
	}
	l.Close()

	l2 := NewLobby(2)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	if got, errs := l2.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 2 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	if _, err := l2.Join(bg, "old1", "a-old1", "A", -1); err != nil {
		t.Fatal(err)
	}
	if _, err := l2.Create(bg, "new", "n", "N", -1, servertest.Config(2, engine.Standard, 1)); err != nil {
		t.Fatalf("a new room in a lobby full of restored rooms: %v", err)
	}
	if l2.Room("old2") != nil || l2.Room("old1") == nil {
		t.Fatal("the wrong restored room gave way")
	}
	if _, err := l2.Create(bg, "newer", "m", "M", -1, servertest.Config(2, engine.Standard, 1)); !errors.Is(err, ErrTooManyRooms) {
		t.Fatalf("a room over the limit: %v", err)
	}
	if _, err := st.Room(bg, "old2"); err != nil {
		t.Fatalf("the room that gave way is no longer kept: %v", err)
	}
	// l2 is a lobby of one server: Join brings old2 back, giving way.
	l2.Close()

	l3 := NewLobby(0)
	l3.Store = st
	l3.Now = func() time.Time { return clk.Now().Add(MaxSaveAge + time.Hour) }
	defer l3.Close()
	if got, errs := l3.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 0 || len(errs) != 0 {
		t.Fatalf("restoring old saves: %v %v", got, errs)
	}
	if _, err := st.Room(bg, "old1"); !errors.Is(err, store.ErrNoRoom) {
		t.Fatalf("a save older than MaxSaveAge is still kept: %v", err)
	}
}

// TestRestoreChecksLevels: a saved room's computer levels must be
// ai.Levels: "ismcts:10000000" (a 30 s move) is refused, in the room's
// level and in a seat's; levels above the lobby's MaxLevel come back at
// MaxLevel.
func TestRestoreChecksLevels(t *testing.T) {
	tests := []struct {
		room, seat string // the saved levels
		max        string // the lobby's MaxLevel
		ok         bool
		wantRoom   string // the levels restored
		wantSeat   string
	}{
		{"hard", "hard", "", true, "hard", "hard"},
		{"ismcts:10000000", "easy", "", false, "", ""},
		{"easy", "ismcts", "", false, "", ""},
		{"random", "easy", "", false, "", ""},
		{"expert", "expert", "medium", true, "medium", "medium"},
		{"easy", "hard", "medium", true, "easy", "medium"},
	}
	for _, tc := range tests {
		st := servertest.NewStore(t)
		g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 1, []record.Seat{{Name: "Ada", Human: true}, {Level: tc.seat}})
		if err != nil {
			t.Fatal(err)
		}
		g.UI = map[string]string{UIUser + "0": "key-a", UIHost: "key-a", UILevel: tc.room}
		g.Saved = servertest.NewClock().Now()
		if err := st.PutRoom(bg, store.Room{Name: "r", Game: g, Host: "key-a", Players: []string{"key-a"}, Saved: true}, "key-a"); err != nil {
			t.Fatal(err)
		}
		l := NewLobby(0)
		l.Store, l.MaxLevel, l.Now = st, tc.max, servertest.NewClock().Now
		got, errs := l.Restore(servertest.Config(2, engine.Standard, 0))
		if (len(got) == 1) != tc.ok {
			t.Errorf("levels %s, %s: restored %v, %v", tc.room, tc.seat, got, errs)
		}
		if r := l.Room("r"); r != nil {
			if seat := r.Record().Seats[1].Level; r.Config().Level != tc.wantRoom || seat != tc.wantSeat {
				t.Errorf("levels %s, %s under %q: room %s, seat %s", tc.room, tc.seat, tc.max, r.Config().Level, seat)
			}
		}
		l.Close()
	}
}
