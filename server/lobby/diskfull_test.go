package lobby

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
)

// TestDiskFull (issue 22, 11): while the store cannot write (a full disk),
// the server keeps the moves in memory, tells the players once that their
// game is not being written down, keeps the end of the hand and its result
// for later, and tries again every RetryEvery without waiting for the next
// checkpoint; once the disk has room, every move made meanwhile is in the
// store, and the players are told.
func TestDiskFull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := servertest.NewFullStore()
		l := NewLobby(0)
		l.Store = st
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
		ctx, cancel := context.WithCancel(t.Context())
		kept := make(chan struct{})
		go func() {
			defer close(kept)
			l.Keep(ctx, time.Hour) // no tick in the test's time: only retries
		}()

		servertest.Moves(t, r, users, 5)
		l.Checkpoint(true)
		if st.Kept("fam") == 0 {
			t.Fatal("not kept before the disk filled")
		}
		st.Full.Store(true)
		servertest.Moves(t, r, users, 1000) // to the hand's end: Keep tries to write it
		synctest.Wait()
		if l.Checkpoint(true) {
			t.Fatal("a checkpoint said it wrote on a full disk")
		}
		servertest.WaitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeNotKept })
		time.Sleep(10 * RetryEvery) // retries, all failing
		synctest.Wait()
		failed := st.Failed()
		if failed < 5 {
			t.Fatalf("%d writes tried while full, want retries", failed)
		}
		atEnd := r.State()
		st.Full.Store(false)
		time.Sleep(RetryEvery)
		synctest.Wait()
		if got, want := st.Kept("fam"), len(r.Record().History); got != want {
			t.Fatalf("kept %d moves of %d after the disk was freed", got, want)
		}
		if k, _ := st.Room(bg, "fam"); k.Game.State != atEnd {
			t.Fatal("the kept game is not the game at the hand's end")
		}
		servertest.WaitFor(t, a, func(u table.View) bool { return u.Notice.Kind == table.NoticeKeptAgain })
		cancel()
		<-kept
		l.Close()
	})
}
