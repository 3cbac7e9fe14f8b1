package server

import (
	"context"
	"math"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/millebornes/mille/server/gate"
)

// Giving memory back after a burst: Go's runtime keeps the heap that a
// burst grew and returns it to the system slowly, so a server that one
// key's reconnect loops took from 14 to 407 MB stayed there (issue 22, 2;
// also 7 and 8). Every releaseTick the server compares the memory its heap
// holds from the system with what was live at the last collection; when
// it holds more than twice that and retainedSlack besides (the heap's
// normal room, GOGC=100, is twice the live objects), it runs
// debug.FreeOSMemory: a collection, then every free page returned at
// once. That costs a collection, tens of milliseconds with a few hundred
// MB, so it runs at most once in releaseGap.
const (
	retainedSlack = 64 << 20
	releaseGap    = time.Minute
	releaseTick   = 2 * time.Second
)

// memWatch says when the memory held is worth giving back.
type memWatch struct {
	released time.Time
}

// due reports, at time now, whether memory should go back, with held
// bytes of heap taken from the system and live bytes of live objects.
func (m *memWatch) due(now time.Time, held, live uint64) bool {
	if held < 2*live+retainedSlack || now.Sub(m.released) < releaseGap {
		return false
	}
	m.released = now
	return true
}

// releaseAfterBursts watches the memory every releaseTick until ctx ends
// and gives it back when it is due (measure: heapMemory; free: the
// runtime's FreeOSMemory; tests replace both).
func (s *Server) releaseAfterBursts(ctx context.Context, measure func() (held, live uint64), free func()) {
	t := time.NewTicker(releaseTick)
	defer t.Stop()
	var m memWatch
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if held, live := measure(); m.due(now, held, live) {
				free()
				after, _ := measure()
				s.log.Info("memory given back after a burst", "held_mb", held>>20, "live_mb", live>>20, "after_mb", after>>20)
			}
		}
	}
}

// heapMemory is the memory the heap holds from the system (not yet given
// back) and the bytes of the objects live at the last collection.
func heapMemory() (held, live uint64) {
	samples := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}
	metrics.Read(samples)
	for _, s := range samples[:3] {
		held += s.Value.Uint64()
	}
	return held, samples[3].Value.Uint64()
}

// freeMemory is debug.FreeOSMemory.
func freeMemory() { debug.FreeOSMemory() }

// MemoryLimitFor is mille serve's default soft memory limit on machine m
// (Config.MemoryLimit): nine tenths of its cgroup's memory.max, so that
// a server in a container collects its garbage harder as it nears the
// limit rather than being killed at it; none (0) without a cgroup limit,
// or when the environment set one (goMemLimit, GOMEMLIMIT's value).
//
// What it costs (docs/server.md, issue 36): at a load test's peak a
// session's resident memory was a fifth its live objects, a fifth the
// garbage the collector lets grow beside them (GOGC=100: as much again
// as the live objects and the goroutines' stacks), a fifth the free pages
// it keeps and a quarter the stacks. Near the limit collections come
// more often and free pages go back at once: CPU spent marking the live
// objects again.
func MemoryLimitFor(m gate.Machine, goMemLimit string) int64 {
	if goMemLimit != "" || m.MemoryMax == 0 || m.MemoryMax > math.MaxInt64 {
		return 0
	}
	return int64(m.MemoryMax / 10 * 9)
}

// serveGCPercent is mille serve's default target for the collector: the
// heap grows to three times what is live before a collection, where the
// runtime's default (GOGC=100) lets it double. A served key allocates
// some 21 KB that dies at once, so at 100 the collector ran every 2 s at
// 2,500 sessions and was a fifth of the server's CPU, the keys that met
// it waiting; at 200 the quiet load test's p95 fell from 53 to 25 ms for
// a resident peak of 817 MB rather than 600 (docs/benchmarks.md). The
// soft memory limit, where there is one, still bounds the heap.
const serveGCPercent = 200

// GCPercentFor is mille serve's default GC percent (Config.GCPercent):
// serveGCPercent, or none (0) when the environment set the runtime's own
// (goGC, GOGC's value).
func GCPercentFor(goGC string) int {
	if goGC != "" {
		return 0
	}
	return serveGCPercent
}

// gcPercentNow is the collector's target percentage in force (GOGC's
// value), 0 for off.
func gcPercentNow() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// memoryLimitNow is the process's soft memory limit, 0 for none.
func memoryLimitNow() int64 {
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		return l
	}
	return 0
}
