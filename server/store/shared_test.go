package store

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// testLeases: a room is one server's until its lease runs out, which its
// holder may renew; then another takes it, and the first may not move.
func testLeases(t *testing.T, s *SQL) {
	t0 := at(0)
	steps := []struct {
		holder string
		until  time.Time
		now    time.Time
		want   bool
	}{
		{"a", t0.Add(3 * time.Second), t0, true},                       // nobody holds it
		{"b", t0.Add(4 * time.Second), t0.Add(time.Second), false},     // a does
		{"a", t0.Add(5 * time.Second), t0.Add(2 * time.Second), true},  // a renews
		{"b", t0.Add(9 * time.Second), t0.Add(5 * time.Second), false}, // a's lease ends at 5 s, not before
		{"b", t0.Add(9 * time.Second), t0.Add(6 * time.Second), true},  // a's lease ran out
		{"a", t0.Add(9 * time.Second), t0.Add(7 * time.Second), false}, // a cannot take it back
	}
	for i, st := range steps {
		got, err := s.TakeLease(Lease{Room: "fam", Holder: st.holder, Addr: st.holder + ":22", Until: st.until}, st.now)
		if err != nil || got != st.want {
			t.Fatalf("step %d: %s takes the lease: %v, %v; want %v", i, st.holder, got, err, st.want)
		}
	}
	leases, err := s.Leases()
	want := []Lease{{Room: "fam", Holder: "b", Addr: "b:22", Until: t0.Add(9 * time.Second)}}
	if err != nil || len(leases) != 1 || leases[0].Holder != "b" || leases[0].Addr != "b:22" || !leases[0].Until.Equal(want[0].Until) {
		t.Fatalf("leases %+v, %v; want %+v", leases, err, want)
	}
	if err := s.AddMove("fam", "a", 0, 1); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a moves in b's room: %v", err)
	}
	if err := s.DropLease("fam", "a"); err != nil {
		t.Fatal(err)
	}
	if leases, _ := s.Leases(); len(leases) != 1 {
		t.Fatalf("a dropped b's lease: %+v", leases)
	}
	if err := s.DropLease("fam", "b"); err != nil {
		t.Fatal(err)
	}
	if leases, _ := s.Leases(); len(leases) != 0 {
		t.Fatalf("b's lease after b dropped it: %+v", leases)
	}
}

// testMoves: the holder's moves are written once each, in order; a move
// of a number written already is refused; an undo drops the last ones.
func testMoves(t *testing.T, s *SQL) {
	if ok, err := s.TakeLease(Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0)); !ok || err != nil {
		t.Fatal(ok, err)
	}
	for n, a := range []engine.Action{10, 20, 30, 40} {
		if err := s.AddMove("fam", "a", n, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddMove("fam", "a", 2, 99); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("move 2 again: %v", err)
	}
	if err := s.AddMove("fam", "a", 6, 60); err != nil { // after a gap
		t.Fatal(err)
	}
	if got, err := s.Moves("fam", 1); err != nil || !reflect.DeepEqual(got, []engine.Action{20, 30, 40}) {
		t.Fatalf("moves from 1: %v, %v", got, err)
	}
	if err := s.DropMoves("fam", 2); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Moves("fam", 0); err != nil || !reflect.DeepEqual(got, []engine.Action{10, 20}) {
		t.Fatalf("moves after the undo: %v, %v", got, err)
	}
	if got, err := s.Moves("other", 0); err != nil || len(got) != 0 {
		t.Fatalf("another room's moves: %v, %v", got, err)
	}
}

// testMoveRace: two servers that both believe they hold a room (the first
// paused past its lease) cannot both write a move of one number.
func testMoveRace(t *testing.T, s *SQL) {
	for n := range 20 {
		errs := make(chan error)
		for _, h := range []string{"a", "b"} {
			go func() {
				s.TakeLease(Lease{Room: "fam", Holder: h, Until: at(n + 1)}, at(n))
				errs <- s.AddMove("fam", h, n, engine.Action(n))
			}()
		}
		e1, e2 := <-errs, <-errs
		if (e1 == nil) == (e2 == nil) {
			t.Fatalf("move %d: %v and %v; want one written", n, e1, e2)
		}
		s.DropLease("fam", "a")
		s.DropLease("fam", "b")
	}
	if got, _ := s.Moves("fam", 0); len(got) != 20 {
		t.Fatalf("%d moves, want 20", len(got))
	}
}

// BenchmarkAddMove measures what a move costs a server sharing a
// PostgreSQL database: one statement, one round trip, made under the
// table's lock before anyone sees the move (docs/benchmarks.md).
func BenchmarkAddMove(b *testing.B) {
	s := newPostgres(b)
	if ok, err := s.TakeLease(Lease{Room: "fam", Holder: "a", Until: time.Now().Add(time.Hour)}, time.Now()); !ok || err != nil {
		b.Fatal(ok, err)
	}
	b.ResetTimer()
	for i := range b.N {
		if err := s.AddMove("fam", "a", i, engine.Action(i%100)); err != nil {
			b.Fatal(err)
		}
	}
}
