package lobby

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
)

// The orderings of a cluster's shared quick queue that a loaded machine
// makes now and then (TestSharedQuickParty under the race detector),
// made here one step at a time: two lobbies, servers a and b, on one
// store (SQLite: the queue and the leases are the same SQL as on
// PostgreSQL).

// queueLobby is server id of a cluster on store st, its queue st's, in
// a synctest bubble: closeQueue closes it.
func queueLobby(t *testing.T, st *store.SQL, id string) *Lobby {
	l := NewLobby(0)
	l.Store = st
	l.Cluster = &Cluster{Shared: st, Queue: st, ID: id, Addr: id + ":2222"}
	l.Logf = t.Logf
	return l
}

// closeQueue closes l and waits for its goroutines to end: a quick
// room's wait for its people (quickArrive) sees at its next look that
// it ended. The bubble's time runs only while its test does.
func closeQueue(l *Lobby) {
	l.Close()
	time.Sleep(quickArrivalTick)
	synctest.Wait()
}

// queued puts in st's queue the ticket of a person of server who asked
// for a table of 4 with partner ("" alone) at l's time, and returns it
// with its id. Time passes a millisecond: the tickets wait in the order
// queued.
func queued(t *testing.T, st *store.SQL, l *Lobby, key, name, server, partner string) store.Ticket {
	t.Helper()
	time.Sleep(time.Millisecond)
	now := l.now()
	tk := store.Ticket{Key: key, Name: name, Rating: 1500, Size: 4, Since: now, Server: server, Until: now.Add(LeaseTime), Partner: partner}
	id, err := st.Enqueue(bg, tk)
	servertest.Must(t, err)
	tk.ID = id
	return tk
}

// TestQuickTakeLost (issue 35): server a makes the table of Ada (its
// own, the anchor), Ben her friend, Col and Dot (server b's), but one
// of the tickets is out of the queue as a takes them (b's renewal
// forgot Ben's for a moment, as it was being queued): a takes none, and
// undoes the room whole, no seats left kept for b's people, no record
// nor lease of it in the store. Once Ben's ticket is back, a's next pass
// makes the table, named after its anchor as before, and takes the four
// tickets. Before, the room stayed, kept for three people who never
// came, and its record made every later table of Ada's (the same name)
// "elsewhere": the four waited for good.
func TestQuickTakeLost(t *testing.T) {
	st := servertest.NewStore(t)
	synctest.Test(t, func(t *testing.T) {
		a := queueLobby(t, st, "a")
		defer closeQueue(a)
		a.SetQuickWait(time.Hour)
		ada := &quickWaiter{t: queued(t, st, a, "ka", "Ada", "a", "kb"), seated: make(chan quickSeat, 1)}
		a.quick.waiting = append(a.quick.waiting, ada)
		ben := queued(t, st, a, "kb", "Ben", "b", "ka")
		queued(t, st, a, "kc", "Col", "b", "")
		queued(t, st, a, "kd", "Dot", "b", "")
		tickets, err := st.Tickets(bg, a.now())
		servertest.Must(t, err)
		made := matchQuick(tickets, a.now(), time.Hour, a.Levels(), func(t store.Ticket) bool { return t.Server == "a" })
		if len(made) != 1 || len(made[0].people) != 4 || made[0].people[0].ID != ada.t.ID {
			t.Fatalf("a's tables: %+v", made)
		}
		name := "quick" + strconv.FormatInt(ada.t.ID, 36)
		servertest.Must(t, st.DropTicket(bg, ben.ID))
		a.seatQuick(made[0])
		select {
		case s := <-ada.seated:
			t.Fatalf("Ada seated without Ben's ticket: %v", s.err)
		default:
		}
		if a.Room(name) != nil || len(a.List()) != 0 {
			t.Fatalf("the room not made is left: %v", a.List())
		}
		if _, err := st.Room(bg, name); !errors.Is(err, store.ErrNoRoom) {
			t.Fatalf("the store keeps the room not made: %v", err)
		}
		if _, err := st.Enqueue(bg, ben); err != nil {
			t.Fatal(err)
		}
		a.quickPass()
		s := <-ada.seated
		if s.err != nil || s.c.Table().Name() != name {
			t.Fatalf("Ada, at a's next pass: %v", s.err)
		}
		tickets, err = st.Tickets(bg, a.now())
		servertest.Must(t, err)
		for _, tk := range tickets {
			if tk.Room != name {
				t.Fatalf("%s's ticket not taken into %s: %+v", tk.Name, name, tk)
			}
		}
	})
}

// slowQueue is a shared queue whose Enqueue of a new ticket answers
// late: the ticket is in the store (inserted is told), and the answer
// comes once release is closed, as over a slow link.
type slowQueue struct {
	store.Queue
	inserted, release chan struct{}
}

func (q slowQueue) Enqueue(ctx context.Context, t store.Ticket) (int64, error) {
	id, err := q.Queue.Enqueue(ctx, t)
	if t.ID == 0 {
		q.inserted <- struct{}{}
		<-q.release
	}
	return id, err
}

// TestQuickRenewWhileQueued (issue 35): Ben asks for a quick match on
// server b, whose store takes his ticket but answers late; b's pass
// renews b's tickets meanwhile, Ben's not among them (not waiting on b
// yet, his id unknown): the renewal forgets it not, so another server
// reading the queue then finds him (TestQuickTakeLost is what followed).
func TestQuickRenewWhileQueued(t *testing.T) {
	st := servertest.NewStore(t)
	synctest.Test(t, func(t *testing.T) {
		b := queueLobby(t, st, "b")
		defer closeQueue(b)
		b.SetQuickWait(time.Hour)
		slow := slowQueue{Queue: st, inserted: make(chan struct{}), release: make(chan struct{})}
		b.Cluster.Queue = slow
		ctx, cancel := context.WithCancel(bg)
		asked := make(chan error, 1)
		go func() {
			_, err := b.Quick(ctx, "kb", "Ben", 4)
			asked <- err
		}()
		<-slow.inserted
		time.Sleep(time.Millisecond) // the answer on its way
		b.quickPass()
		tickets, err := st.Tickets(bg, b.now())
		servertest.Must(t, err)
		if len(tickets) != 1 || tickets[0].Name != "Ben" {
			t.Errorf("the queue after b's renewal, as Ben's ticket was being queued: %+v", tickets)
		}
		close(slow.release)
		synctest.Wait()
		if b.Waiting() != 1 {
			t.Errorf("%d waiting on b, want Ben", b.Waiting())
		}
		cancel()
		if err := <-asked; !errors.Is(err, context.Canceled) {
			t.Fatalf("Ben's wait: %v", err)
		}
	})
}
