package server

import (
	"context"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
)

// TestShutdownOnFullDisk (issue 22, 11): a shutdown whose saves fail (a
// full disk) tries them again until its deadline, so that a disk given
// room meanwhile loses no game; the players are told once.
func TestShutdownOnFullDisk(t *testing.T) {
	t.Parallel() // waits on its server more than it computes
	srv, _ := newServer(t, Config{})
	st := servertest.NewFullStore()
	srv.Lobby.Store = st
	users := []string{"key-a", "key-b"}
	a, err := srv.Lobby.Create(bg, "fam", "key-a", "Ada", 0, servertest.Config(2, engine.Standard, 11))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Lobby.Join(bg, "fam", "key-b", "Ben", 1); err != nil {
		t.Fatal(err)
	}
	a.Start()
	r := srv.Lobby.Room("fam")
	servertest.Moves(t, r, users, 7)
	played := len(r.Record().History)
	st.Full.Store(true)
	go func() {
		// The disk gets room while the shutdown waits.
		servertest.WaitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeNotSaved })
		st.Full.Store(false)
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	k, err := st.Room(bg, "fam")
	if err != nil || !k.Saved || len(k.Game.History) != played {
		t.Fatalf("after the shutdown: %v, saved %v, %d moves of %d", err, k.Saved, len(k.Game.History), played)
	}
	if !srv.wasSaved("fam") {
		t.Fatal("the shutdown does not count the room as saved")
	}
}
