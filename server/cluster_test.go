package server

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/store"
)

// clusterLobby is a lobby of server id in a cluster on the PostgreSQL
// database at url, on clock c.
func clusterLobby(t *testing.T, url, id string, c *clock) *Lobby {
	t.Helper()
	st, err := store.OpenPostgres(url)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLobby(0)
	l.Now, l.Store = c.now, st
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
	c := newClock()
	a, b := clusterLobby(t, url, "a", c), clusterLobby(t, url, "b", c)
	ann, err := a.Create("fam", "ka", "Ann", 0, config(4, engine.Standard, 7))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Create("fam", "kb", "Bob", 0, config(4, engine.Standard, 8)); !errors.Is(err, ErrElsewhere) {
		t.Fatalf("b makes a's room: %v", err)
	}
	must(t, ann.Start())
	var buf [engine.MaxLegal]engine.Action
	for played := 0; played < 5; {
		u := waitFor(t, ann, func(u Update) bool { return u.Next >= 0 })
		if err := ann.Act(u.Obs.Legal(buf[:0])[0]); err == nil {
			played++
		}
	}
	b.takeOver()
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
	c.add(LeaseTime + time.Second)
	b.takeOver()
	rb := b.Room("fam")
	if rb == nil {
		t.Fatal("b did not take the room over")
	}
	got, err := rb.Checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Game.History, seen.History) {
		t.Fatalf("b's game has %d moves, a's had %d", len(got.Game.History), len(seen.History))
	}
	// a cannot move in b's room any more.
	if err := a.Cluster.Shared.AddMove("fam", "a", len(seen.History), engine.Continue); !errors.Is(err, store.ErrNotHolder) {
		t.Fatalf("a moves after the takeover: %v", err)
	}
	ann, err = b.Join("fam", "ka", "Ann", -1)
	if err != nil || ann.Seat() != 0 {
		t.Fatalf("Ann back on b: seat %v, %v", ann, err)
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
		if u := waitFor(t, ann, func(Update) bool { return true }); u.Next >= 0 {
			ann.Act(u.Obs.Legal(buf[:0])[0])
		}
	}
}
