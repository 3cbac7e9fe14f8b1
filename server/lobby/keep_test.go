package lobby

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// TestCheckpoints: a game in play is kept in the store at the end of each
// hand and, with Checkpoint(true), as it stands; after a crash (no
// shutdown save) a new lobby on the same store brings it back from its
// last checkpoint, seats bound to the same keys. A finished game's result
// is recorded. A game its people gave up is forgotten, unless saved.
func TestCheckpoints(t *testing.T) {
	dir := t.TempDir()
	st, err := store.OpenSQLite(filepath.Join(dir, StoreFile))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now = st, clk.Now
	users := []string{"key-a", "key-b"}
	a, err := l.Create(bg, "fam", "key-a", "Ada", 0, servertest.Config(2, engine.Standard, 11))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Join(bg, "fam", "key-b", "Ben", 1); err != nil {
		t.Fatal(err)
	}
	a.Start()
	r := l.roomOf(a)
	if _, err := st.Room(bg, "fam"); !errors.Is(err, store.ErrNoRoom) {
		t.Fatalf("kept before a hand ended: %v", err)
	}
	servertest.PlayTo(t, r, users, func(s engine.State) bool { return s.HandOver() })
	atEnd := r.State()
	l.Checkpoint(false) // what Keep does when a hand ends
	k, err := st.Room(bg, "fam")
	if err != nil || k.Game.State != atEnd || k.Saved || k.Host != "key-a" {
		t.Fatalf("the checkpoint at the hand's end: %v, %+v", err, k.Game.State.Phase)
	}
	servertest.PlayTo(t, r, users, func(s engine.State) bool { return !s.HandOver() && len(r.Record().History) > len(k.Game.History)+5 })
	midHand := r.State()
	l.Checkpoint(true) // what Keep does every interval
	// The server dies: nothing more is written.
	l.Close()

	l2 := NewLobby(0)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	if got, errs := l2.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 1 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	r2 := l2.Room("fam")
	if r2.State() != midHand {
		t.Fatal("the game did not come back from its last checkpoint")
	}
	if _, err := l2.Join(bg, "fam", "key-x", "Xan", -1); !errors.Is(err, table.ErrNotPlayer) {
		t.Fatalf("a stranger joins the game that came back: %v", err)
	}
	a2, _ := l2.Join(bg, "fam", "key-a", "Ada", -1)
	b2, _ := l2.Join(bg, "fam", "key-b", "Ben", -1)
	if a2.Seat() != 0 || b2.Seat() != 1 {
		t.Fatalf("seats %d and %d", a2.Seat(), b2.Seat())
	}
	if err := a2.Start(); err != nil {
		t.Fatal(err)
	}
	servertest.PlayTo(t, r2, users, func(s engine.State) bool { return s.Phase == engine.PhaseGameOver })
	l2.Checkpoint(false)
	var won, points int
	db, err := sql.Open("sqlite", filepath.Join(dir, StoreFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow(`SELECT COUNT(*), SUM(points) FROM results WHERE room = 'fam' AND won = 1`).Scan(&won, &points); err != nil {
		t.Fatal(err)
	}
	over := r2.State()
	if won != 1 || points != int(over.Totals[over.Winner]) {
		t.Fatalf("results: %d winning seats, %d points", won, points)
	}

	// Both give the game up: it is forgotten.
	a2.Quit()
	b2.Quit()
	l2.Sweep()
	if _, err := st.Room(bg, "fam"); !errors.Is(err, store.ErrNoRoom) {
		t.Fatalf("a game given up is still kept: %v", err)
	}

	// A saved game given up stays kept.
	c, _ := l2.Create(bg, "kept", "key-a", "Ada", 0, servertest.Config(2, engine.Standard, 12))
	c.Start()
	if _, err := l2.saveConn(c); err != nil {
		t.Fatal(err)
	}
	c.Quit()
	l2.Sweep()
	if _, err := st.Room(bg, "kept"); err != nil {
		t.Fatalf("a saved game given up: %v", err)
	}
	// Its name is taken: a new room cannot write over it.
	if _, err := l2.Create(bg, "kept", "key-x", "Xan", 0, servertest.Config(2, engine.Standard, 1)); !errors.Is(err, ErrSavedName) {
		t.Fatalf("a new room takes a kept game's name: %v", err)
	}
	// The form's first name skips kept games as well as open rooms.
	if _, err := l2.Create(bg, "room1", "key-x", "Xan", 0, servertest.Config(2, engine.Standard, 1)); err != nil {
		t.Fatal(err)
	}
	c, _ = l2.Create(bg, "room2", "key-y", "Yve", 0, servertest.Config(2, engine.Standard, 13))
	c.Start()
	if _, err := l2.saveConn(c); err != nil {
		t.Fatal(err)
	}
	c.Quit()
	l2.Sweep()
	if got := l2.FreeName(bg); got != "room3" {
		t.Fatalf("the free name offered is %q, want room3 (room1 open, room2 kept)", got)
	}
}

// TestSavesPerKey is issue 15's defect 10: one key saved 50 rooms in a
// minute and nothing was ever removed. The store keeps each host's
// SavesPerKey most recent rooms, and forgets those older than KeepSaves.
func TestSavesPerKey(t *testing.T) {
	st := servertest.NewStore(t)
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now, l.SavesPerKey, l.KeepSaves = st, clk.Now, 5, time.Hour
	defer l.Close()
	save := func(name, host string) {
		t.Helper()
		c, err := l.Create(bg, name, host, "X", 0, servertest.Config(2, engine.Standard, 1))
		if err != nil {
			t.Fatal(err)
		}
		servertest.Must(t, c.Start())
		if _, err := l.saveConn(c); err != nil {
			t.Fatal(err)
		}
		c.Quit()
		clk.Add(time.Second)
	}
	save("mine", "key-a")
	for i := range 50 {
		save(fmt.Sprint("spam", i), "key-x")
	}
	var names []string
	kept, err := st.Rooms(bg, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kept {
		names = append(names, k.Name)
	}
	if want := []string{"spam49", "spam48", "spam47", "spam46", "spam45", "mine"}; !slices.Equal(names, want) {
		t.Fatalf("kept %v, want %v", names, want)
	}
	clk.Add(time.Hour)
	if got, errs := l.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 0 || errs != nil {
		t.Fatalf("restored %v %v", got, errs)
	}
	if kept, _ := st.Rooms(bg, 100); len(kept) != 0 {
		t.Fatalf("%d rooms kept after KeepSaves", len(kept))
	}
}

// TestRestoredRoomStaysListed is issue 16's item 15: the last person to
// leave a saved game's waiting room (q) does not make it vanish from the
// lobby while its save stays kept; they come back to their seat.
func TestRestoredRoomStaysListed(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), StoreFile))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clk := servertest.NewClock()
	l := NewLobby(0)
	l.Store, l.Now = st, clk.Now
	c, err := l.Create(bg, "solo", "key-a", "Ada", 0, servertest.Config(2, engine.Standard, 3))
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	if _, err := l.saveConn(c); err != nil {
		t.Fatal(err)
	}
	l.Close()

	l2 := NewLobby(0)
	l2.Store, l2.Now = st, clk.Now
	defer l2.Close()
	if got, errs := l2.Restore(servertest.Config(2, engine.Standard, 0)); len(got) != 1 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	a, err := l2.Join(bg, "solo", "key-a", "Ada", -1)
	if err != nil {
		t.Fatal(err)
	}
	a.Quit() // q in the waiting room
	l2.Sweep()
	listed := slices.ContainsFunc(l2.List(), func(r RoomInfo) bool { return r.Name == "solo" && r.Restored })
	if !listed {
		t.Fatalf("the saved game left by its last person is not listed: %+v", l2.List())
	}
	a2, err := l2.Join(bg, "solo", "key-a", "Ada", -1)
	if err != nil || a2.Seat() != 0 {
		t.Fatalf("Ada comes back: %v, %v", a2, err)
	}
}

// roomsDown is a store whose rooms cannot be read (its database out of
// reach); after giveUp reads it answers "no such room", so that a loop
// that would try forever ends.
type roomsDown struct {
	store.Store
	reads, giveUp int
}

func (s *roomsDown) Room(context.Context, string) (store.Room, error) {
	if s.reads++; s.reads > s.giveUp {
		return store.Room{}, store.ErrNoRoom
	}
	return store.Room{}, errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
}

// TestFreeNameStoreDown: with the store out of reach, the name offered
// for a new room comes after one read: it once tried room1, room2, …
// without end, each read failing, and held the session that asked.
func TestFreeNameStoreDown(t *testing.T) {
	st := &roomsDown{Store: servertest.NewStore(t), giveUp: 1000}
	l := NewLobby(0)
	l.Store = st
	defer l.Close()
	if got := l.FreeName(bg); got != "room1" || st.reads > 1 {
		t.Fatalf("FreeName offered %q after %d reads of the store, want room1 after one", got, st.reads)
	}
}
