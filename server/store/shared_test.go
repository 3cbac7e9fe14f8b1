package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

// bg is the context of the tests' calls.
var bg = context.Background()

// testLeases: a room is one server's until its lease runs out, which its
// holder may renew at its epoch; then another takes it, at the next
// epoch, and the first may neither move nor renew, only take it back
// once that lease runs out, at the epoch after.
func testLeases(t *testing.T, s *SQL) {
	t0 := at(0)
	steps := []struct {
		holder string
		epoch  int64 // the epoch the holder knows
		until  time.Time
		now    time.Time
		want   bool
		then   int64 // the lease's epoch after
	}{
		{"a", 0, t0.Add(3 * time.Second), t0, true, 1},                        // nobody holds it
		{"b", 0, t0.Add(4 * time.Second), t0.Add(time.Second), false, 1},      // a does
		{"a", 1, t0.Add(5 * time.Second), t0.Add(2 * time.Second), true, 1},   // a renews
		{"b", 0, t0.Add(9 * time.Second), t0.Add(5 * time.Second), false, 1},  // a's lease ends at 5 s, not before
		{"b", 0, t0.Add(9 * time.Second), t0.Add(6 * time.Second), true, 2},   // a's lease ran out
		{"a", 1, t0.Add(9 * time.Second), t0.Add(7 * time.Second), false, 2},  // a cannot renew b's
		{"b", 2, t0.Add(11 * time.Second), t0.Add(8 * time.Second), true, 2},  // b renews
		{"a", 1, t0.Add(20 * time.Second), t0.Add(12 * time.Second), true, 3}, // b's ran out: a takes it back, at a new epoch
	}
	for i, st := range steps {
		got, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: st.holder, Addr: st.holder + ":22", Until: st.until, Epoch: st.epoch}, st.now)
		if err != nil || ok != st.want || got.Epoch != st.then {
			t.Fatalf("step %d: %s takes the lease: %+v, %v, %v; want %v at epoch %d", i, st.holder, got, ok, err, st.want, st.then)
		}
		if !ok && got.Holder == st.holder {
			t.Fatalf("step %d: refused, the lease says %+v", i, got)
		}
	}
	leases, err := s.Leases(bg)
	want := Lease{Room: "fam", Holder: "a", Addr: "a:22", Until: t0.Add(20 * time.Second), Epoch: 3}
	if err != nil || len(leases) != 1 || !leases[0].Until.Equal(want.Until) || leases[0].Fence() != want.Fence() || leases[0].Addr != want.Addr {
		t.Fatalf("leases %+v, %v; want %+v", leases, err, want)
	}
	if err := s.AddMove(bg, Fence{Room: "fam", Holder: "b", Epoch: 2}, 0, 1); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("b moves in a's room: %v", err)
	}
	if err := s.DropLease(bg, "fam", "b", t0.Add(12*time.Second)); err != nil {
		t.Fatal(err)
	}
	if leases, _ := s.Leases(bg); len(leases) != 1 {
		t.Fatalf("b dropped a's lease: %+v", leases)
	}
	if err := s.ExpireLease(bg, Fence{Room: "fam", Holder: "a", Epoch: 3}); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "b", Until: t0.Add(30 * time.Second)}, t0.Add(13*time.Second)); !ok || err != nil || got.Epoch != 4 {
		t.Fatalf("b takes the lease a let run out: %+v, %v, %v", got, ok, err)
	}
	if err := s.DropLease(bg, "fam", "b", t0.Add(13*time.Second)); err != nil {
		t.Fatal(err)
	}
	if leases, _ := s.Leases(bg); len(leases) != 0 {
		t.Fatalf("b's lease after b dropped it: %+v", leases)
	}
	// A renewal of b's, made before b gave the room up but reaching the
	// store after, finds nothing to renew: the room stays nobody's.
	if got, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "b", Until: t0.Add(40 * time.Second), Epoch: 4}, t0.Add(14*time.Second)); ok || err != nil {
		t.Fatalf("b renews the lease it gave up: %+v, %v, %v", got, ok, err)
	}
	if leases, _ := s.Leases(bg); len(leases) != 0 {
		t.Fatalf("b's lease after a late renewal of the lease b dropped: %+v", leases)
	}
}

// testEpochsNeverRepeat: a room given up and taken again, by the same
// server, is held at a new epoch, so that a write of the lease given up
// still on its way (begun before, reaching the store after) is refused,
// as a write of a server whose room another took is; the room's moves
// stay the new lease's. A lease taken after it was given up, or never
// held, is no takeover; one taken from a server whose lease ran out is.
func testEpochsNeverRepeat(t *testing.T, s *SQL) {
	first, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil || first.TakenOver {
		t.Fatal(first, ok, err)
	}
	must(t, s.AddMove(bg, first.Fence(), 0, 10))
	must(t, s.DropLease(bg, "fam", "a", at(0)))
	must(t, s.DropMoves(bg, first.Fence(), 0)) // given up: refused in silence
	again, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(3)}, at(2))
	if !ok || err != nil || again.Epoch <= first.Epoch || again.TakenOver {
		t.Fatalf("a takes again the room it gave up: %+v, %v, %v; want a new epoch above %d, no takeover", again, ok, err, first.Epoch)
	}
	must(t, s.DropMoves(bg, again.Fence(), 0))
	must(t, s.AddMove(bg, again.Fence(), 0, 20))
	if err := s.AddMove(bg, first.Fence(), 1, 11); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a move of the lease given up, after the room was taken again: %v", err)
	}
	r := Room{Name: "fam", Game: game(t, 1, 0, at(0)), Host: "ka", Players: []string{"ka"}}
	if err := s.FencedPutRoom(bg, first.Fence(), r, "ka"); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a record of the lease given up, after the room was taken again: %v", err)
	}
	must(t, s.DropMoves(bg, first.Fence(), 0)) // refused in silence
	if got, err := s.Moves(bg, "fam", 0); err != nil || !reflect.DeepEqual(got, []engine.Action{20}) {
		t.Fatalf("moves %v, %v; want the new lease's only", got, err)
	}
	if _, err := s.Room(bg, "fam"); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("the room's record, written by the lease given up: %v", err)
	}
	// Taken from a server whose lease ran out, never given up: a takeover.
	b, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "b", Until: at(5)}, at(4))
	if !ok || err != nil || b.Epoch != again.Epoch+1 || !b.TakenOver {
		t.Fatalf("b takes the room a let run out: %+v, %v, %v", b, ok, err)
	}
	if leases, err := s.Leases(bg); err != nil || len(leases) != 1 || leases[0].Fence() != b.Fence() {
		t.Fatalf("leases %+v, %v; want b's", leases, err)
	}
}

// testLeasesPruned: a lease given up longer than GivenUpKept ago is
// forgotten (PruneLeases), its row gone: a write of it finds no lease,
// and the room's next lease is at epoch 1 again. One given up since
// stays, and its room's next lease is at a new epoch still; a lease
// held stays, run out (for a takeover) or not.
func testLeasesPruned(t *testing.T, s *SQL) {
	t0 := at(0)
	old, _, err := s.TakeLease(bg, Lease{Room: "old", Holder: "a", Until: t0.Add(3 * time.Second)}, t0)
	must(t, err)
	must(t, s.DropLease(bg, "old", "a", t0))
	fresh, _, err := s.TakeLease(bg, Lease{Room: "fresh", Holder: "a", Until: t0.Add(3 * time.Second)}, t0)
	must(t, err)
	must(t, s.DropLease(bg, "fresh", "a", t0.Add(GivenUpKept)))
	_, _, err = s.TakeLease(bg, Lease{Room: "held", Holder: "b", Until: t0.Add(3 * time.Second)}, t0)
	must(t, err)
	givenUp := func() []string {
		t.Helper()
		rows, err := s.db.QueryContext(bg, `SELECT room FROM leases WHERE holder = '' ORDER BY room`)
		must(t, err)
		defer rows.Close()
		var rooms []string
		for rows.Next() {
			var room string
			must(t, rows.Scan(&room))
			rooms = append(rooms, room)
		}
		must(t, rows.Err())
		return rooms
	}
	must(t, s.PruneLeases(bg, t0.Add(GivenUpKept)))
	if got := givenUp(); !reflect.DeepEqual(got, []string{"fresh", "old"}) {
		t.Fatalf("given up after a prune GivenUpKept after the first: %v; want both still", got)
	}
	must(t, s.PruneLeases(bg, t0.Add(GivenUpKept+time.Millisecond)))
	if got := givenUp(); !reflect.DeepEqual(got, []string{"fresh"}) {
		t.Fatalf("given up after a prune just past GivenUpKept after the first: %v; want the one given up since", got)
	}
	if err := s.AddMove(bg, old.Fence(), 0, 10); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a move of the lease forgotten: %v", err)
	}
	again, ok, err := s.TakeLease(bg, Lease{Room: "old", Holder: "a", Until: t0.Add(2 * GivenUpKept)}, t0.Add(GivenUpKept+time.Second))
	if !ok || err != nil || again.Epoch != 1 || again.TakenOver {
		t.Fatalf("a takes again the room whose lease was forgotten: %+v, %v, %v; want epoch 1, no takeover", again, ok, err)
	}
	next, ok, err := s.TakeLease(bg, Lease{Room: "fresh", Holder: "a", Until: t0.Add(2 * GivenUpKept)}, t0.Add(GivenUpKept+time.Second))
	if !ok || err != nil || next.Epoch != fresh.Epoch+1 {
		t.Fatalf("a takes again the room given up since: %+v, %v, %v; want epoch %d", next, ok, err, fresh.Epoch+1)
	}
	// Long after: nothing given up is left, and the leases held stay,
	// b's run out included (another server takes it over).
	must(t, s.DropLease(bg, "fresh", "a", t0.Add(GivenUpKept+2*time.Second)))
	must(t, s.PruneLeases(bg, t0.Add(time.Hour)))
	if got := givenUp(); len(got) != 0 {
		t.Fatalf("given up an hour after: %v; want none", got)
	}
	leases, err := s.Leases(bg)
	if err != nil || len(leases) != 2 || leases[0].Room != "held" || leases[1].Fence() != again.Fence() {
		t.Fatalf("leases held after the prunes: %+v, %v; want b's, run out, and a's", leases, err)
	}
}

// testFencing: a server paused past its lease, whose room another took,
// writes nothing of it when it resumes: no move, no checkpoint, no
// result, no undo; and the same move tried again after its answer was
// lost is written once.
func testFencing(t *testing.T, s *SQL) {
	a, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	fa := a.Fence()
	must(t, s.AddMove(bg, fa, 0, 10))
	must(t, s.AddMove(bg, fa, 0, 10)) // its answer was lost: written once
	if err := s.AddMove(bg, fa, 0, 11); !errors.Is(err, ErrBehind) {
		t.Fatalf("another move 0: %v", err)
	}
	r := Room{Name: "fam", Game: game(t, 1, 0, at(0)), Host: "ka", Players: []string{"ka"}}
	must(t, s.FencedPutRoom(bg, fa, r, "ka"))
	b, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "b", Until: at(3)}, at(2))
	if !ok || err != nil || b.Epoch != fa.Epoch+1 {
		t.Fatal(b, ok, err)
	}
	fb := b.Fence()
	must(t, s.AddMove(bg, fb, 1, 20))
	// a resumes, its lease and its epoch gone.
	if err := s.AddMove(bg, fa, 2, 30); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a moves after b took the room: %v", err)
	}
	if err := s.FencedPutRoom(bg, fa, r, "ka"); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a checkpoints after b took the room: %v", err)
	}
	res := Result{Room: "fam", Finished: at(2), Game: "1/9", Seats: []ResultSeat{{Key: "ka", Name: "Ann"}}}
	if err := s.FencedAddResult(bg, fa, res); !errors.Is(err, ErrNotHolder) {
		t.Fatalf("a records a result after b took the room: %v", err)
	}
	must(t, s.DropMoves(bg, fa, 0)) // refused in silence
	if got, err := s.Moves(bg, "fam", 0); err != nil || !reflect.DeepEqual(got, []engine.Action{10, 20}) {
		t.Fatalf("moves %v, %v; want a's and b's", got, err)
	}
	if n, err := s.MoveCount(bg, "fam"); n != 2 || err != nil {
		t.Fatalf("move count %d, %v", n, err)
	}
	must(t, s.FencedAddResult(bg, fb, res))
	must(t, s.FencedAddResult(bg, fb, res)) // recorded once
	if got, err := s.Results(bg, "fam"); err != nil || len(got) != 1 {
		t.Fatalf("results %+v, %v", got, err)
	}
}

// must fails t on err.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// testMoves: the holder's moves are written once each, in order; a move
// of a number written already is refused; an undo drops the last ones.
func testMoves(t *testing.T, s *SQL) {
	l, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: at(1)}, at(0))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	f := l.Fence()
	for n, a := range []engine.Action{10, 20, 30, 40} {
		if err := s.AddMove(bg, f, n, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddMove(bg, f, 2, 99); !errors.Is(err, ErrBehind) {
		t.Fatalf("move 2 again: %v", err)
	}
	if err := s.AddMove(bg, f, 6, 60); err != nil { // after a gap
		t.Fatal(err)
	}
	if got, err := s.Moves(bg, "fam", 1); err != nil || !reflect.DeepEqual(got, []engine.Action{20, 30, 40}) {
		t.Fatalf("moves from 1: %v, %v", got, err)
	}
	if err := s.DropMoves(bg, f, 2); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Moves(bg, "fam", 0); err != nil || !reflect.DeepEqual(got, []engine.Action{10, 20}) {
		t.Fatalf("moves after the undo: %v, %v", got, err)
	}
	if got, err := s.Moves(bg, "other", 0); err != nil || len(got) != 0 {
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
				l, _, _ := s.TakeLease(bg, Lease{Room: "fam", Holder: h, Until: at(n + 1)}, at(n))
				errs <- s.AddMove(bg, Fence{Room: "fam", Holder: h, Epoch: l.Epoch}, n, engine.Action(n))
			}()
		}
		e1, e2 := <-errs, <-errs
		if (e1 == nil) == (e2 == nil) {
			t.Fatalf("move %d: %v and %v; want one written", n, e1, e2)
		}
		s.DropLease(bg, "fam", "a", at(n))
		s.DropLease(bg, "fam", "b", at(n))
	}
	if got, _ := s.Moves(bg, "fam", 0); len(got) != 20 {
		t.Fatalf("%d moves, want 20", len(got))
	}
}

// BenchmarkAddMove measures what a move costs a server sharing a
// PostgreSQL database: one statement, one round trip, made under the
// before anyone sees the move (docs/benchmarks.md).
func BenchmarkAddMove(b *testing.B) {
	s := newPostgres(b)
	l, ok, err := s.TakeLease(bg, Lease{Room: "fam", Holder: "a", Until: time.Now().Add(time.Hour)}, time.Now())
	if !ok || err != nil {
		b.Fatal(ok, err)
	}
	b.ResetTimer()
	for i := range b.N {
		if err := s.AddMove(bg, l.Fence(), i, engine.Action(i%100)); err != nil {
			b.Fatal(err)
		}
	}
}
