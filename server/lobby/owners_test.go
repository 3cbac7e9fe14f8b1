package lobby

import (
	"errors"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
)

// TestStrangerCannotTakeRestoredGame is the takeover of issue 15's
// defect 4: after a restart a new key joins room fam on a computer's
// seat, becomes host once the others' grace period is over, starts and
// saves, and the save then holds only its key. A restored game belongs to
// its saved players: a stranger may watch, the host role stays among
// them, and the save keeps their keys.
func TestStrangerCannotTakeRestoredGame(t *testing.T) {
	st := servertest.NewStore(t)
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now = st, clk.Now
	cfg := servertest.Config(4, engine.Standard, 5)
	a, err := l.Create(bg, "fam", "key-a", "Ada", 0, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Join(bg, "fam", "key-b", "Ben", 1); err != nil {
		t.Fatal(err)
	}
	a.Start()
	if names, err := l.SaveAll(); err != nil || len(names) != 1 {
		t.Fatalf("save all: %v %v", names, err)
	}
	l.Close()

	l2 := NewLobby(0)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	if got, errs := l2.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 1 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	x, err := l2.Join(bg, "fam", "key-x", "Xan", -1)
	if err == nil {
		// The stranger got a computer's seat: the attack goes on.
		clk.Add(cfg.Grace)
		l2.Sweep()
		if err := x.Start(); err != nil {
			t.Fatalf("the stranger is in seat %d but cannot start: %v", x.Seat(), err)
		}
		clk.Add(cfg.Grace)
		l2.Sweep()
		if _, err := l2.saveConn(x); err == nil {
			k, _ := st.Room(bg, "fam")
			t.Fatalf("a stranger took the restored game and saved it: its keys now %v", k.Game.UI)
		}
		t.Fatal("a stranger took a seat of the restored game")
	}
	if !errors.Is(err, table.ErrNotPlayer) {
		t.Fatalf("a stranger joins: %v, want %v", err, table.ErrNotPlayer)
	}
	// The stranger may watch, and waits in vain for the host role.
	w, err := l2.Room("fam").Watch("key-x", "Xan", -1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := l2.Join(bg, "fam", "key-b", "Ben", -1)
	if err != nil || b.Seat() != 1 {
		t.Fatalf("Ben comes back: %v", err)
	}
	clk.Add(cfg.Grace)
	l2.Sweep()
	if h := l2.Room("fam").Host(); h != "key-b" {
		t.Fatalf("the host after Ada's grace period: %q, want Ben's key", h)
	}
	// Ben, host now, lets the stranger sit; hosting stays among the saved
	// players even when Ben goes.
	if err := w.OpenSeats(true); !errors.Is(err, table.ErrOnlooker) {
		t.Fatalf("the onlooker opens the seats: %v", err)
	}
	if err := b.OpenSeats(true); err != nil {
		t.Fatal(err)
	}
	x, err = l2.Join(bg, "fam", "key-x", "Xan", 2)
	if err != nil {
		t.Fatalf("the stranger sits once the host allows it: %v", err)
	}
	w.Leave()
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	b.Leave()
	clk.Add(cfg.Grace)
	l2.Sweep()
	if h := l2.Room("fam").Host(); h == "key-x" {
		t.Fatal("the host role passed to a newcomer")
	}
	if _, err := l2.saveConn(x); !errors.Is(err, table.ErrNotHost) {
		t.Fatalf("the newcomer saves: %v", err)
	}
	// The saved players' seats stay theirs after the grace period.
	seats := l2.Room("fam").Seats()
	if !seats[0].Human || !seats[1].Human || seats[0].Name != "Ada" || seats[1].Name != "Ben" {
		t.Fatalf("seats after the grace period: %+v", seats)
	}
	a2, err := l2.Join(bg, "fam", "key-a", "Ada", -1)
	if err != nil || a2.Seat() != 0 {
		t.Fatalf("Ada comes back after the grace period: %v", err)
	}
	if _, err := l2.saveConn(a2); err != nil {
		t.Fatalf("Ada saves: %v", err)
	}
	k, err := st.Room(bg, "fam")
	if err != nil {
		t.Fatal(err)
	}
	if g := k.Game; g.UI[UIUser+"0"] != "key-a" || g.UI[UIUser+"1"] != "key-b" || g.UI[UIHost] != "key-a" {
		t.Fatalf("the save's keys: %v", g.UI)
	}
}
