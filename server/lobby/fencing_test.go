package lobby

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// moveCount is how many moves the store holds of room.
func moveCount(t *testing.T, l *Lobby, room string) int {
	t.Helper()
	n, err := l.Cluster.Shared.MoveCount(bg, room)
	servertest.Must(t, err)
	return n
}

// untilTurn waits until c's seat is to act and its room writes no move.
func untilTurn(t *testing.T, l *Lobby, c *table.Conn) {
	t.Helper()
	r := mustRoom(t, l, c)
	for r.Writing() || c.View().Next < 0 {
		servertest.WaitFor(t, c, func(table.View) bool { return true })
	}
}

// playOn has c make its next move once its room writes none: the next
// hand asked for between hands, else its turn's first legal move.
func playOn(t *testing.T, l *Lobby, c *table.Conn) {
	t.Helper()
	r := mustRoom(t, l, c)
	for r.Writing() || c.View().Next < 0 && !(c.View().Obs.Phase >= engine.PhaseHandOver) {
		servertest.WaitFor(t, c, func(table.View) bool { return true })
	}
	if c.View().Obs.Phase >= engine.PhaseHandOver {
		servertest.Must(t, c.Act(engine.Continue))
		writeOver(t, l, c)
		return
	}
	act(t, l, c)
}

// TestPauseCrashResume is issue 32's first repro. Server a holds room wz
// and Ada plays. a is paused past its lease: b takes the room over and
// Ada plays 4 more moves there. b is killed; a resumes 5 s later and
// renews. The room was wedged for good: a renewed its lease (holder = a),
// kept its table 4 moves behind the store and logged "not recorded" once a
// second. Now a sees that the lease's epoch moved, reads the room again
// from the store, tells the people of its old table, and Ada, back on a,
// moves again at once (the "within 5 s"): the clock does not move
// between the renewal and her move, so nothing waits for a lease to run
// out, and the store's move count grows.
func TestPauseCrashResume(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create(bg, "wz", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	for range 3 {
		act(t, a, ann)
	}
	untilTurn(t, a, ann)
	ra := a.Room("wz")
	ra.gathers.Wait() // the record at the deal, written before the pause
	epoch := ra.epoch.Load()

	// a is paused (kill -STOP): it renews nothing, its table waits for Ada.
	c.Add(LeaseTime + time.Second)
	b.takeOver()
	rb := b.Room("wz")
	if rb == nil {
		t.Fatal("b did not take the room over")
	}
	if rb.epoch.Load() <= epoch {
		t.Fatalf("b holds the room at epoch %d, a held it at %d", rb.epoch.Load(), epoch)
	}
	onB, err := b.Join(bg, "wz", "ka", "Ada", -1)
	servertest.Must(t, err)
	for range 4 {
		act(t, b, onB)
	}
	untilTurn(t, b, onB)
	before := moveCount(t, b, "wz")

	// b is killed (kill -9): its room stops as it is, its lease stays.
	rb.Freeze()
	c.Add(5 * time.Second)

	// a resumes (kill -CONT) and renews.
	a.renew()
	if a.Room("wz") == ra {
		t.Fatal("a kept its old table of wz, behind the store")
	}
	if text := endedText(t, ann, &lang.English); !strings.Contains(text, "ssh -t -p 2222 a wz") || !strings.Contains(text, "read") {
		t.Fatalf("Ada, on a's old table, reads %q", text)
	}
	fresh := a.Room("wz")
	if fresh == nil {
		t.Fatal("a did not read the room again from the store")
	}
	if got := fresh.tableMoves(); got != before {
		t.Fatalf("a's table of wz has %d moves, the store %d", got, before)
	}
	back, err := a.Join(bg, "wz", "ka", "Ada", -1)
	servertest.Must(t, err)
	act(t, a, back)
	if after := moveCount(t, a, "wz"); after <= before {
		t.Fatalf("the store holds %d moves of wz, %d before a resumed", after, before)
	}
	// And a holds it: its next renewal keeps it.
	a.renew()
	if a.Room("wz") != fresh {
		t.Fatal("a lost the room it read again")
	}
}

// TestStaleWriteDrops: a server paused past its lease, whose room another
// took over, makes a move when it resumes, before any renewal: the store
// refuses it for its stale epoch, and the room stops on that server at
// once, its people told where it went (the real command, no
// placeholders), with no retry.
func TestStaleWriteDrops(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create(bg, "wz", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann)
	untilTurn(t, a, ann)
	a.roomOf(ann).gathers.Wait() // the record at the deal, written
	c.Add(LeaseTime + time.Second)
	b.takeOver()
	if b.Room("wz") == nil {
		t.Fatal("b did not take the room over")
	}
	before := moveCount(t, b, "wz")
	var buf [engine.MaxLegal]engine.Action
	u := ann.View()
	servertest.Must(t, ann.Act(u.Obs.Legal(buf[:0])[0]))
	text := endedText(t, ann, &lang.French)
	if !strings.Contains(text, "ssh -t -p 2222 a wz") || strings.Contains(text, "HÔTE") {
		t.Fatalf("Ada reads %q as the room stops on a", text)
	}
	if a.Room("wz") != nil {
		t.Fatal("the room goes on on a")
	}
	if after := moveCount(t, b, "wz"); after != before {
		t.Fatalf("a wrote a move into b's room: %d moves, %d before", after, before)
	}
}

// TestRowLockedOneRoom is issue 32's second repro. Another transaction
// holds, uncommitted, the row of room r1's next move. r1's move then
// waits for the database, and its people read that the game waits; but
// the table's lock is free, the leases are renewed (room r2's and r1's
// alike), and r2 plays on on the same server, which the other server does
// not take over. PostgreSQL's own timeouts are off here (set in the URL),
// so that r1's write waits for the row until its call's deadline,
// CallTimeout, the widest window a loaded machine can be given, and the
// people's notice (at table.WritingNotice) comes well before it: r2's
// moves count only while r1's write still waits, and the lobby's clock
// runs past a lease on each, no wall clock read. TestMovesTableLocked
// has the lock timeout refuse a write.
func TestRowLockedOneRoom(t *testing.T) {
	url := pgtest.URL(t) + "&lock_timeout=0&statement_timeout=0"
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	one, err := a.Create(bg, "r1", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	two, err := a.Create(bg, "r2", "kb", "Ben", 0, servertest.Config(2, engine.Standard, 8))
	servertest.Must(t, err)
	servertest.Must(t, one.Start())
	servertest.Must(t, two.Start())
	act(t, a, one)
	act(t, a, two)
	untilTurn(t, a, one)

	r1 := a.roomOf(one)
	next := r1.tableMoves()
	lock, _ := pgtest.Hold(t, url, `INSERT INTO moves (room, n, action) VALUES ('r1', $1, 0)`, next)
	var buf [engine.MaxLegal]engine.Action
	u := one.View()
	servertest.Must(t, one.Act(u.Obs.Legal(buf[:0])[0]))
	told := servertest.WaitFor(t, one, func(u table.View) bool { return u.Notice.Kind == table.NoticeWriting || !r1.Writing() })
	if told.Notice.Kind != table.NoticeWriting || lang.English.Notice(told.Notice) == "" {
		t.Fatalf("while r1's move waits for the row, Ada reads %+v: %q", told.Notice, lang.English.Notice(told.Notice))
	}
	moves := 0
	for r1.Writing() {
		// The server goes on: leases renewed past a lease's time, r2
		// played, by a.
		for range 4 {
			c.Add(LeaseTime / 3)
			a.renew()
			b.takeOver()
			if a.Room("r1") == nil || a.Room("r2") == nil || b.Room("r2") != nil {
				t.Fatalf("after %d moves of r2: a holds r1 %v, r2 %v; b holds r2 %v", moves, a.Room("r1") != nil, a.Room("r2") != nil, b.Room("r2") != nil)
			}
		}
		playOn(t, a, two)
		if r1.Writing() {
			moves++
		}
	}
	if moves == 0 {
		t.Fatal("r2 played no move while r1's write waited for the row")
	}
	if got := a.roomOf(one).tableMoves(); got != next {
		t.Fatalf("r1's move was made without its write: %d moves, %d before", got, next)
	}
	v := writeOver(t, a, one)
	if v.Notice.Kind != table.NoticeNotWritten {
		t.Fatalf("after the call's deadline Ada reads %q", lang.English.Notice(v.Notice))
	}
	lock.Rollback()
	// The row let go, Ada's move is written and made.
	untilTurn(t, a, one)
	act(t, a, one)
	if got := a.roomOf(one).tableMoves(); got <= next {
		t.Fatalf("r1 has %d moves after the row was let go, %d before", got, next)
	}
	if n := moveCount(t, a, "r1"); n <= next {
		t.Fatalf("the store holds %d moves of r1", n)
	}
}

// leaseRooms are the rooms whose leases the store holds.
func leaseRooms(t *testing.T, l *Lobby) []string {
	t.Helper()
	leases, err := l.Cluster.Shared.Leases(bg)
	servertest.Must(t, err)
	var rooms []string
	for _, ls := range leases {
		rooms = append(rooms, ls.Room)
	}
	return rooms
}

// TestEndedRoomsLeaseGone (issue 32): the lease of a room that ended is
// removed, by its server as it ends, or, if that server died first, by
// the next to find it run out with nothing to take over; every server
// read such rows every second, for ever.
func TestEndedRoomsLeaseGone(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create(bg, "gone", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann)
	ann.Quit()
	a.Sweep()
	if rooms := leaseRooms(t, a); len(rooms) != 0 {
		t.Fatalf("leases %v after the room ended", rooms)
	}
	// A server dies holding the lease of a room the store has no record of.
	if _, _, err := a.Cluster.Shared.TakeLease(bg, store.Lease{Room: "orphan", Holder: "dead", Until: c.Now().Add(LeaseTime)}, c.Now()); err != nil {
		t.Fatal(err)
	}
	b.takeOver()
	if rooms := leaseRooms(t, b); len(rooms) != 1 {
		t.Fatalf("leases %v: the orphan's ran on, it stays", rooms)
	}
	c.Add(LeaseTime + time.Second)
	b.takeOver()
	if rooms := leaseRooms(t, b); len(rooms) != 0 {
		t.Fatalf("leases %v after the orphan's ran out", rooms)
	}
}

// TestMovesTableLocked (issue 32, degraded): a LOCK TABLE moves held by
// another transaction froze a game 30 s with no log line on either
// server. Now the move's write is refused by the lock timeout: its
// people read that the move was not written, the server logs it, the
// lease is kept, and once the lock goes the game goes on. (The notice
// that the game waits, a second before the lock timeout here, is read
// in TestRowLockedOneRoom, whose write waits longer: a loaded machine
// may take that second.)
func TestMovesTableLocked(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	var logged strings.Builder
	var mu sync.Mutex
	a.Logf = func(format string, args ...any) {
		mu.Lock()
		fmt.Fprintf(&logged, format+"\n", args...)
		mu.Unlock()
	}
	ann, err := a.Create(bg, "wz", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann)
	untilTurn(t, a, ann)
	before := a.roomOf(ann).tableMoves()

	lock, _ := pgtest.Hold(t, url, `LOCK TABLE moves IN ACCESS EXCLUSIVE MODE`)
	var buf [engine.MaxLegal]engine.Action
	u := ann.View()
	servertest.Must(t, ann.Act(u.Obs.Legal(buf[:0])[0]))
	c.Add(LeaseTime / 3)
	a.renew()
	if v := writeOver(t, a, ann); v.Notice.Kind != table.NoticeNotWritten {
		t.Fatalf("after the lock timeout Ada reads %q", lang.English.Notice(v.Notice))
	}
	c.Add(LeaseTime / 3)
	a.renew()
	b.takeOver()
	if a.Room("wz") == nil || b.Room("wz") != nil {
		t.Fatal("a lost the room while the moves were locked")
	}
	mu.Lock()
	if text := logged.String(); !strings.Contains(text, fmt.Sprintf("room wz: move %d not recorded", before)) || !strings.Contains(text, "lock timeout") {
		t.Errorf("a logged:\n%s", text)
	}
	mu.Unlock()
	lock.Rollback()
	act(t, a, ann)
	if got := a.roomOf(ann).tableMoves(); got <= before {
		t.Fatalf("the game did not go on after the lock: %d moves, %d before", got, before)
	}
}

// TestRestartTakesOver: server a holds room wz in play, Ada away, and is
// killed (no write, its lease kept). Brought back from the store by a
// server started again (Restore) or by a player who names the room
// (Join), the room goes on at once, as another server's takeover has it:
// it came back as a saved game waiting for its host, who was away, and no
// other server took it, its lease held (the fault suite's game-over
// schedule: 12 to 20 s without a move after PostgreSQL restarted). A
// room given up at a shutdown still comes back as a saved game, for its
// host to start.
func TestRestartTakesOver(t *testing.T) {
	for _, how := range []string{"restart", "join", "shutdown"} {
		t.Run(how, func(t *testing.T) {
			url := pgtest.URL(t)
			c := servertest.NewClock()
			a := clusterLobby(t, url, "a", c)
			ann, err := a.Create(bg, "wz", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
			servertest.Must(t, err)
			servertest.Must(t, ann.Start())
			act(t, a, ann)
			untilTurn(t, a, ann)
			ra := a.Room("wz")
			ra.gathers.Wait() // the record at the deal
			if how == "shutdown" {
				a.Close() // saves nothing here (Server.Shutdown does), but gives the lease up
			} else {
				ra.Freeze() // killed: its lease stays
			}
			c.Add(LeaseTime + time.Second)
			again := clusterLobby(t, url, "a2", c)
			if how == "join" {
				_, err = again.Join(bg, "wz", "kb", "Ben", -1)
			} else {
				_, errs := again.Restore(servertest.Config(2, engine.Standard, 0))
				err = errors.Join(errs...)
			}
			r := again.Room("wz")
			if r == nil {
				t.Fatalf("wz not brought back: %v", err)
			}
			if saved := how == "shutdown"; r.Restored() != saved || r.Started() == saved {
				t.Fatalf("wz brought back restored %v, started %v; want a saved game %v", r.Restored(), r.Started(), saved)
			}
		})
	}
}
