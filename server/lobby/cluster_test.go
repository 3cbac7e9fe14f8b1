package lobby

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// clusterLobby is a lobby of server id in a cluster on the PostgreSQL
// database at url, on clock c.
func clusterLobby(t *testing.T, url, id string, c *servertest.Clock) *Lobby {
	t.Helper()
	st, err := store.OpenPostgres(url)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLobby(0)
	l.Now, l.Store = c.Now, st
	l.Cluster = &Cluster{Shared: st, ID: id, Addr: id + ":2222"}
	l.Logf = t.Logf
	t.Cleanup(func() { l.Close(); st.Close() })
	return l
}

// TestTakeOver: server a holds room fam, whose moves it writes as they
// are made; another server cannot open it. Then a stops (as if killed: no
// write, no lease given up). Once its lease has run out, server b takes
// the room over with every move a made, the person finds their seat there,
// and the computers go on.
func TestTakeOver(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(4, engine.Standard, 7))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Create(bg, "fam", "kb", "Ben", 0, servertest.Config(4, engine.Standard, 8)); !errors.Is(err, ErrElsewhere) {
		t.Fatalf("b makes a's room: %v", err)
	}
	servertest.Must(t, ann.Start())
	var buf [engine.MaxLegal]engine.Action
	for played := 0; played < 5; {
		u := servertest.WaitFor(t, ann, func(u table.View) bool { return u.Next >= 0 })
		if err := ann.Act(u.Obs.Legal(buf[:0])[0]); err == nil {
			played++
		}
	}
	// b looks again the moment a's lease runs out (Lobby.Lease).
	if next := b.takeOver(); !next.Equal(c.Now().Add(LeaseTime).Truncate(time.Millisecond)) {
		t.Fatalf("b looks again at %v, want when a's lease runs out", next)
	}
	if b.Room("fam") != nil {
		t.Fatal("b took over a room whose lease runs")
	}
	if list := b.List(); len(list) != 1 || list[0].Name != "fam" || list[0].Players != 4 {
		t.Fatalf("b's lobby lists %+v, want a's room", list)
	}
	// a is killed: its room stops as it is.
	ra := a.Room("fam")
	seen, _, err := ra.Freeze()
	if err != nil {
		t.Fatal(err)
	}
	c.Add(LeaseTime + time.Second)
	b.takeOver()
	rb := b.Room("fam")
	if rb == nil {
		t.Fatal("b did not take the room over")
	}
	got, err := rb.Checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	// Every move a made is b's, and the one a was writing as it
	// stopped, if its write was made.
	if h := got.Game.History; len(h) < len(seen.History) || len(h) > len(seen.History)+1 || !reflect.DeepEqual(h[:len(seen.History)], seen.History) {
		t.Fatalf("b's game has %d moves, a's had %d", len(got.Game.History), len(seen.History))
	}
	seen.History = got.Game.History
	// a cannot move in b's room any more.
	if err := a.Cluster.Shared.AddMove(bg, ra.fence(), len(seen.History), engine.Continue); !errors.Is(err, store.ErrNotHolder) {
		t.Fatalf("a moves after the takeover: %v", err)
	}
	ann, err = b.Join(bg, "fam", "ka", "Ada", -1)
	if err != nil || ann.Seat() != 0 {
		t.Fatalf("Ada back on b: seat %v, %v", ann, err)
	}
	for {
		now, err := rb.Checkpoint()
		if err != nil {
			t.Fatal(err)
		}
		if len(now.Game.History) > len(seen.History) {
			if !reflect.DeepEqual(now.Game.History[:len(seen.History)], seen.History) {
				t.Fatal("the game on b does not follow a's")
			}
			break
		}
		if u := servertest.WaitFor(t, ann, func(table.View) bool { return true }); u.Next >= 0 {
			ann.Act(u.Obs.Legal(buf[:0])[0])
		}
	}
}

// flaky is a shared store whose database can be cut off.
type flaky struct {
	store.Shared
	down atomic.Bool
}

var errCut = errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")

func (f *flaky) TakeLease(ctx context.Context, l store.Lease, now time.Time) (store.Lease, bool, error) {
	if f.down.Load() {
		return store.Lease{}, false, errCut
	}
	return f.Shared.TakeLease(ctx, l, now)
}

func (f *flaky) AddMove(ctx context.Context, fence store.Fence, n int, a engine.Action) error {
	if f.down.Load() {
		return errCut
	}
	return f.Shared.AddMove(ctx, fence, n, a)
}

func (f *flaky) FencedPutRoom(ctx context.Context, fence store.Fence, r store.Room, by string) error {
	if f.down.Load() {
		return errCut
	}
	return f.Shared.FencedPutRoom(ctx, fence, r, by)
}

// bg is the context of the tests' calls.
var bg = context.Background()

// TestStoreDown: while the database cannot be reached, a move is refused
// with a sentence that says so (and nothing of the database), and the
// room keeps its lease until it runs out; then the room stops on this
// server, and another that reaches the database takes it over with every
// move made.
func TestStoreDown(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	cut := &flaky{Shared: a.Cluster.Shared}
	a.Cluster.Shared = cut
	ann, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann)
	ra := a.Room("fam")
	for ra.Writing() || ann.View().Next < 0 {
		servertest.WaitFor(t, ann, func(table.View) bool { return true })
	}
	made, err := ra.Checkpoint()
	servertest.Must(t, err)

	cut.down.Store(true)
	v := act(t, a, ann)
	if text := lang.English.Notice(v.Notice); v.Notice.Kind != table.NoticeNotWritten || strings.Contains(text, "tcp") {
		t.Fatalf("a move while the database is down: Ada reads %q", text)
	}
	if now, _ := ra.Checkpoint(); len(now.Game.History) != len(made.Game.History) {
		t.Fatal("the move refused was made")
	}
	c.Add(LeaseTime / 2)
	a.renew()
	if a.Room("fam") != ra {
		t.Fatal("the room stopped before its lease ran out")
	}
	c.Add(LeaseTime)
	a.renew()
	if a.Room("fam") != nil {
		t.Fatal("the room goes on after its lease ran out")
	}
	if text := endedText(t, ann, &lang.English); !strings.Contains(text, "cannot reach its database") {
		t.Fatalf("Ada reads %q as the room stops", text)
	}
	b.takeOver()
	rb := b.Room("fam")
	if rb == nil {
		t.Fatal("b did not take the room over")
	}
	got, err := rb.Checkpoint()
	servertest.Must(t, err)
	if !reflect.DeepEqual(got.Game.History, made.Game.History) {
		t.Fatalf("b's game: %d moves, a had made %d", len(got.Game.History), len(made.Game.History))
	}
}

// endedText is what the people of seat c read as its room ends, in the
// language cat: the table's last news when it says why (what the lobby
// screen shows), once c's updates are closed.
func endedText(t *testing.T, c *table.Conn, cat *lang.Catalogue) string {
	t.Helper()
	var last table.View
	for {
		select {
		case u, open := <-c.Updates():
			if !open {
				if last.Notice.Final() {
					return cat.Notice(last.Notice)
				}
				return cat.T(lang.SrvRoomEnded)
			}
			last = u
		case <-time.After(time.Minute):
			t.Fatal("the room did not end")
		}
	}
}

// TestLeaseTaken: a server whose room another server took over (its lease
// ran out while it did not renew it, a pause of the process) stops the
// room, and its people read why and what to do, in their language.
func TestLeaseTaken(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(2, engine.Standard, 7))
	servertest.Must(t, err)
	servertest.Must(t, ann.Start())
	act(t, a, ann) // the game is in the store
	c.Add(LeaseTime + time.Second)
	b.takeOver()
	if b.Room("fam") == nil {
		t.Fatal("b did not take the room over")
	}
	a.renew()
	if a.Room("fam") != nil {
		t.Fatal("the room goes on on a after b took it over")
	}
	if text := endedText(t, ann, &lang.French); !strings.Contains(text, "continue sur un autre serveur") {
		t.Fatalf("Ada reads %q as the room stops", text)
	}
}

// TestRemoteRoomBots (issue 35): the rooms list of another server of a
// cluster counts the seats bots of the ladder hold as bots, as the room's
// own server does, not as people: the room's record marks them.
func TestRemoteRoomBots(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	a.ladder.bots.Store("kb", true) // as Ladder marks a bot's key
	if _, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(4, engine.Standard, 7)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Join(bg, "fam", "kb", "Robo", 2); err != nil {
		t.Fatal(err)
	}
	a.Room("fam").gathers.Wait()
	b.takeOver()
	if list := b.List(); len(list) != 1 || list[0].Humans != 1 || list[0].Bots != 1 {
		t.Fatalf("b's lobby lists %+v, want a's room with one person and one bot", list)
	}
}

// TestTakeOverWaiting: a room still waiting for its deal survives its
// server. Server a makes room fam, Ben sits at it; a stops (as if killed).
// Once a's lease has run out, server b takes the room over, still
// waiting; Ada and Ben find their seats there, Ada still hosting, and
// the game she starts is played on b, its moves in the store.
func TestTakeOverWaiting(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	if _, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(4, engine.Standard, 7)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Join(bg, "fam", "kb", "Ben", 2); err != nil {
		t.Fatal(err)
	}
	a.Room("fam").gathers.Wait()
	if list := b.List(); len(list) != 0 {
		t.Fatalf("b lists %+v before it read the leases", list)
	}
	b.takeOver()
	if list := b.List(); len(list) != 1 || list[0].Started || list[0].Humans != 2 {
		t.Fatalf("b's lobby lists %+v, want a's room waiting with two people", list)
	}
	c.Add(LeaseTime + time.Second) // a stopped renewing
	b.takeOver()
	rb := b.Room("fam")
	if rb == nil {
		t.Fatal("b did not take the waiting room over")
	}
	if rb.Started() {
		t.Fatal("the room taken over was dealt")
	}
	bob, err := b.Join(bg, "fam", "kb", "Ben", -1)
	if err != nil || bob.Seat() != 2 {
		t.Fatalf("Ben back on b: seat %v, %v", bob, err)
	}
	ann, err := b.Join(bg, "fam", "ka", "Ada", -1)
	if err != nil || ann.Seat() != 0 {
		t.Fatalf("Ada back on b: seat %v, %v", ann, err)
	}
	if rb.Host() != "ka" {
		t.Fatalf("the host is %q, want Ada's key", rb.Host())
	}
	servertest.Must(t, ann.Start())
	var buf [engine.MaxLegal]engine.Action
	for {
		moves, err := b.Cluster.Shared.Moves(bg, "fam", 0)
		servertest.Must(t, err)
		if len(moves) > 0 {
			break
		}
		if u := servertest.WaitFor(t, ann, func(table.View) bool { return true }); u.Next >= 0 {
			ann.Act(u.Obs.Legal(buf[:0])[0])
		}
	}
	// The record of the deal is written on the room's own goroutine; a
	// write of who waited, begun before the deal, may land after the
	// first move, never after the deal's record.
	rb.gathers.Wait()
	k, err := b.Store.Room(bg, "fam")
	servertest.Must(t, err)
	if k.Game.UI[uiWaiting] != "" {
		t.Fatal("the room's record still says it waits for its deal")
	}
}

// TestGatheringRetried: who waits for the deal could not be written (the
// database out of reach a moment); the lease's next renewal writes it,
// and a server taking the room over finds everyone's seat.
func TestGatheringRetried(t *testing.T) {
	url := pgtest.URL(t)
	c := servertest.NewClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	cut := &flaky{Shared: a.Cluster.Shared}
	a.Cluster.Shared = cut
	_, err := a.Create(bg, "fam", "ka", "Ada", 0, servertest.Config(4, engine.Standard, 7))
	servertest.Must(t, err)
	ra := a.Room("fam")
	ra.gathers.Wait()
	cut.down.Store(true)
	_, err = a.Join(bg, "fam", "kb", "Ben", 2)
	servertest.Must(t, err)
	ra.gathers.Wait()
	cut.down.Store(false)
	a.renew()
	ra.gathers.Wait()
	c.Add(LeaseTime + time.Second) // a stops renewing
	b.takeOver()
	rb := b.Room("fam")
	if rb == nil {
		t.Fatal("b did not take the waiting room over")
	}
	if s := rb.Seats(); !s[0].Human || !s[2].Human {
		t.Fatalf("the seats on b: %+v, want Ada's and Ben's", s)
	}
}

// act has c play its first legal move when its turn comes, and returns
// once the move's write is over (made or refused): the view after it.
func act(t *testing.T, l *Lobby, c *table.Conn) table.View {
	t.Helper()
	r := mustRoom(t, l, c)
	var buf [engine.MaxLegal]engine.Action
	u := c.View()
	for r.Writing() || u.Next < 0 {
		u = servertest.WaitFor(t, c, func(table.View) bool { return true })
		u = c.View()
	}
	servertest.Must(t, c.Act(u.Obs.Legal(buf[:0])[0]))
	return writeOver(t, l, c)
}

// writeOver waits until c's room writes no move, and returns c's view then.
func writeOver(t *testing.T, l *Lobby, c *table.Conn) table.View {
	t.Helper()
	r := mustRoom(t, l, c)
	if !r.Writing() {
		return c.View()
	}
	return servertest.WaitFor(t, c, func(table.View) bool { return !r.Writing() })
}

// mustRoom is the room of c's table in l, which the test needs open.
func mustRoom(t *testing.T, l *Lobby, c *table.Conn) *Room {
	t.Helper()
	r := l.roomOf(c)
	if r == nil {
		t.Fatalf("room %s is not open", c.Table().Name())
	}
	return r
}
