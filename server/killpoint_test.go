package server

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// TestKillJustBeforeCheckpoint (issue 22, 13) measures what a SIGKILL
// loses when it comes just before a checkpoint rather than just after:
// Ada and Ben play room fam (with two computers) through their SSH
// clients, Ada and Ben each moving 300 ms after their turn shows; the
// server checkpoints every `every`. Just before each checkpoint is due,
// the game in memory (what a kill takes with it) is compared with the
// game in the store (what survives: a committed write in WAL mode
// survives the process). The moves lost are at most those of one interval,
// and the next checkpoint keeps them. docs/server.md has the figures.
func TestKillJustBeforeCheckpoint(t *testing.T) {
	if testing.Short() || os.Getenv("MILLE_LONG_TESTS") != "1" {
		t.Skip("plays for seconds: MILLE_LONG_TESTS=1 (docs/CONTRIBUTING.md)")
	}
	const every = 2 * time.Second
	dir := t.TempDir()
	srv, addr := startServer(t, Config{Dir: dir, Store: StoreConfig{CheckpointEvery: every}})
	servertest.Must(t, srv.users.SetName(bg, client.ID(client.Key(1)), "Ada"))
	servertest.Must(t, srv.users.SetName(bg, client.ID(client.Key(2)), "Ben"))
	// A second connection to the database reads what a killed server
	// would leave.
	st, err := store.OpenSQLite(filepath.Join(dir, lobby.StoreFile))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// Ben connects once Ada has made the room, so that she hosts it: both
	// dialling at once left the host to whichever the server took first.
	ann := e2ePlayer(t, addr, 1, "fam")
	servertest.Must(t, ann.EnterRoom("Ada", e2eWait))
	bob := e2ePlayer(t, addr, 2, "fam")
	servertest.Must(t, bob.EnterRoom("Ben", e2eWait))
	servertest.Must(t, ann.WaitSeated(e2eWait, "Ada", "Ben"))
	servertest.Must(t, ann.Start(e2eWait))
	servertest.Must(t, bob.WaitGame(e2eWait))
	stop := make(chan struct{})
	defer close(stop)
	for _, c := range []*client.Client{ann, bob} {
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(300 * time.Millisecond):
				}
				if text := c.Text(); client.MyTurn(text) {
					c.Send(client.DiscardDrawn)
				} else if client.AskedCoupFourre(text) {
					c.Send("n")
				} else if client.HandOver(text) {
					c.Send("\r")
				}
			}
		}()
	}
	kept := func() int {
		k, err := st.Room(bg, "fam")
		if err != nil {
			return 0
		}
		return len(k.Game.History)
	}
	var lost []int
	for range testkit.Size(2, 5, 5) {
		// A checkpoint lands: the kept game grows.
		before := kept()
		deadline := time.Now().Add(e2eWait)
		for kept() == before {
			if time.Now().After(deadline) {
				t.Fatal("no checkpoint")
			}
			time.Sleep(5 * time.Millisecond)
		}
		landed := time.Now()
		time.Sleep(every - 100*time.Millisecond)
		inMemory := len(srv.Lobby.Room("fam").Record().History)
		lost = append(lost, inMemory-kept())
		t.Logf("%v after a checkpoint: %d moves in memory, %d kept: a kill now loses %d", time.Since(landed).Round(time.Millisecond), inMemory, kept(), inMemory-kept())
	}
	for _, n := range lost {
		if n < 0 || n > 60 {
			t.Fatalf("moves lost just before a checkpoint: %v", lost)
		}
	}
}
