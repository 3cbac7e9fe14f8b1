package store

import (
	"slices"
	"testing"
	"time"
)

// testQueue: the quick match's shared queue. Tickets are read oldest
// first; a take is all or none, fenced by the room's lease: a server
// that does not hold the room takes nothing, two servers taking
// overlapping tickets take them once, a ticket run out (its server gone)
// is taken by nobody and forgotten at the next read; a released room's
// tickets wait again.
func testQueue(t *testing.T, s *SQL) {
	t0 := at(0)
	ids := map[string]int64{}
	for i, who := range []string{"ada", "ben", "col", "dot"} {
		server := "a"
		if i%2 == 1 {
			server = "b"
		}
		partner := map[string]string{"ada": "kben", "ben": "kada"}[who] // a party (migration 11)
		id, err := s.Enqueue(bg, Ticket{Key: "k" + who, Name: who, Rating: 1500 + i, Size: 4, Since: t0.Add(time.Duration(i) * time.Second), Server: server, Until: t0.Add(3 * time.Second), Partner: partner})
		must(t, err)
		ids[who] = id
	}
	list, err := s.Tickets(bg, t0)
	must(t, err)
	if len(list) != 4 || list[0].Name != "ada" || list[3].Name != "dot" || list[1].Rating != 1501 || list[2].Size != 4 || !list[0].Since.Equal(t0) || list[0].Partner != "kben" || list[2].Partner != "" {
		t.Fatalf("the queue: %+v", list)
	}
	lease := func(room, holder string) Fence {
		got, ok, err := s.TakeLease(bg, Lease{Room: room, Holder: holder, Addr: holder + ":22", Until: t0.Add(time.Minute)}, t0)
		must(t, err)
		if !ok {
			t.Fatalf("%s cannot hold %s", holder, room)
		}
		return got.Fence()
	}
	fa, fb := lease("quick1", "a"), lease("quick2", "b")
	stale := fa
	stale.Holder = "b"
	if ok, err := s.TakeTickets(bg, stale, "b:22", []int64{ids["ada"], ids["ben"]}, t0); err != nil || ok {
		t.Fatalf("a take without the room's lease: %v, %v", ok, err)
	}
	if ok, err := s.TakeTickets(bg, fa, "a:22", []int64{ids["ada"], ids["ben"]}, t0); err != nil || !ok {
		t.Fatalf("a's take: %v, %v", ok, err)
	}
	if ok, err := s.TakeTickets(bg, fb, "b:22", []int64{ids["ben"], ids["col"]}, t0); err != nil || ok {
		t.Fatalf("b takes a ticket a took: %v, %v", ok, err)
	}
	list, err = s.Tickets(bg, t0)
	must(t, err)
	taken := func(who string) string {
		i := slices.IndexFunc(list, func(t Ticket) bool { return t.Name == who })
		return list[i].Room + "@" + list[i].Addr
	}
	if taken("ada") != "quick1@a:22" || taken("ben") != "quick1@a:22" || taken("col") != "@" {
		t.Fatalf("after the takes: %+v", list)
	}
	must(t, s.ReleaseTickets(bg, fa))
	must(t, s.RenewTickets(bg, "a", []int64{ids["ada"], ids["col"]}, t0.Add(10*time.Second), t0.Add(10*time.Second)))
	// b's tickets run out (b is gone): nobody takes them, and the next
	// read forgets them.
	later := t0.Add(5 * time.Second)
	if ok, err := s.TakeTickets(bg, fa, "a:22", []int64{ids["ada"], ids["ben"]}, later); err != nil || ok {
		t.Fatalf("a takes b's ticket run out: %v, %v", ok, err)
	}
	list, err = s.Tickets(bg, later)
	must(t, err)
	if len(list) != 2 || list[0].Name != "ada" || list[0].Room != "" || list[1].Name != "col" {
		t.Fatalf("after b is gone: %+v", list)
	}
	must(t, s.DropTicket(bg, ids["ada"]))
	if list, err = s.Tickets(bg, later); err != nil || len(list) != 1 {
		t.Fatalf("after a drop: %+v, %v", list, err)
	}
	// A ticket put back under its own id is there once; a renewal
	// forgets the server's tickets it does not name (given up) that run
	// out before its cutoff, not one queued as it was made (eve's, whose
	// server did not know its id yet: it runs out later).
	for range 2 {
		if id, err := s.Enqueue(bg, Ticket{ID: ids["ada"], Key: "kada", Size: 4, Since: t0, Server: "a", Until: later.Add(time.Second)}); err != nil || id != ids["ada"] {
			t.Fatalf("put back: %d, %v", id, err)
		}
	}
	eve, err := s.Enqueue(bg, Ticket{Key: "keve", Name: "eve", Size: 4, Since: later, Server: "a", Until: later.Add(time.Minute)})
	must(t, err)
	must(t, s.RenewTickets(bg, "a", []int64{ids["ada"]}, later.Add(2*time.Minute), later.Add(time.Minute)))
	if list, err = s.Tickets(bg, later); err != nil || len(list) != 2 || list[0].Name != "" || list[0].ID != ids["ada"] || list[1].ID != eve || !list[0].Until.Equal(later.Add(2*time.Minute)) {
		t.Fatalf("after a put back and a renewal: %+v, %v", list, err)
	}
}
