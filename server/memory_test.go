package server

import (
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/events"
)

// TestMemWatch: memory goes back when the heap holds more than twice its
// live objects and retainedSlack besides, not otherwise, and not twice in
// releaseGap.
func TestMemWatch(t *testing.T) {
	const mb = 1 << 20
	start := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC).Add(releaseGap)
	var m memWatch
	for i, tc := range []struct {
		at         time.Duration
		held, live uint64
		want       bool
	}{
		{0, 30 * mb, 12 * mb, false},                // a server at rest
		{time.Second, 200 * mb, 100 * mb, false},    // a big live heap, in its room
		{2 * time.Second, 400 * mb, 14 * mb, true},  // after a burst
		{3 * time.Second, 400 * mb, 14 * mb, false}, // again, within the gap
		{releaseGap + 2*time.Second, 400 * mb, 14 * mb, true},
	} {
		if got := m.due(start.Add(tc.at), tc.held, tc.live); got != tc.want {
			t.Errorf("step %d: due %v, want %v", i, got, tc.want)
		}
	}
	runtime.GC() // live objects are counted by collections
	if held, live := heapMemory(); held == 0 || live == 0 || live > held {
		t.Errorf("heapMemory: held %d, live %d", held, live)
	}
}

// TestReleaseAfterBursts: the server's watch gives the memory back when
// it is due, and logs it.
func TestReleaseAfterBursts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var logs testkit.Buffer
		logger, _ := events.NewLogger(&logs, events.Text)
		s := &Server{log: events.New(logger)}
		ctx, cancel := context.WithCancel(t.Context())
		var held atomic.Uint64
		held.Store(20 << 20)
		var freed atomic.Int64
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.releaseAfterBursts(ctx, func() (uint64, uint64) { return held.Load(), 10 << 20 }, func() { freed.Add(1); held.Store(20 << 20) })
		}()
		time.Sleep(3 * releaseTick)
		synctest.Wait()
		if freed.Load() != 0 {
			t.Fatal("memory given back at rest")
		}
		held.Store(400 << 20)
		time.Sleep(releaseTick)
		synctest.Wait()
		if freed.Load() != 1 || !strings.Contains(logs.String(), `memory given back after a burst" held_mb=400 live_mb=10 after_mb=20`) {
			t.Fatalf("after the burst: freed %d times; log %q", freed.Load(), logs.String())
		}
		cancel()
		<-done
	})
}
