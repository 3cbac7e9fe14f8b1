package main

import (
	"fmt"
	"runtime/metrics"
)

// classes are where the server's resident memory goes at one moment, by
// the runtime's own account (runtime/metrics), read without a collection
// so that the peak shows what the collector had not yet taken: the heap's
// live objects and the garbage beside them up to the collector's goal
// (GOGC), the goroutines' stacks, and the runtime's own structures.
type classes struct {
	objects  uint64  // heap objects, live and not yet collected
	live     uint64  // the heap's live objects at the last collection
	goal     uint64  // the heap size the collector aims at before its next cycle
	unused   uint64  // heap spans' room not holding objects (fragmentation)
	free     uint64  // heap pages free and not given back to the system
	stacks   uint64  // the goroutines' stacks
	runtime  uint64  // the runtime's metadata, profiling buckets and the rest
	goroutes uint64  // goroutines at that moment
	gcCPU    float64 // the CPU seconds the collector has used since the start (the runtime's estimate from wall time: high on a loaded machine)
	cycles   uint64  // the collections since the start
}

// memoryClasses reads the classes now.
func memoryClasses() classes {
	names := []string{
		"/memory/classes/heap/objects:bytes",
		"/gc/heap/live:bytes",
		"/gc/heap/goal:bytes",
		"/memory/classes/heap/unused:bytes",
		"/memory/classes/heap/free:bytes",
		"/memory/classes/heap/stacks:bytes",
		"/memory/classes/os-stacks:bytes",
		"/memory/classes/metadata/other:bytes",
		"/memory/classes/metadata/mspan/inuse:bytes",
		"/memory/classes/metadata/mspan/free:bytes",
		"/memory/classes/metadata/mcache/inuse:bytes",
		"/memory/classes/metadata/mcache/free:bytes",
		"/memory/classes/profiling/buckets:bytes",
		"/memory/classes/other:bytes",
		"/sched/goroutines:goroutines",
		"/cpu/classes/gc/total:cpu-seconds",
		"/gc/cycles/total:gc-cycles",
	}
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	v := func(i int) uint64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[i].Value.Uint64()
	}
	c := classes{objects: v(0), live: v(1), goal: v(2), unused: v(3), free: v(4), stacks: v(5) + v(6), goroutes: v(14), cycles: v(16)}
	if s[15].Value.Kind() == metrics.KindFloat64 {
		c.gcCPU = s[15].Value.Float64()
	}
	for i := 7; i < 14; i++ {
		c.runtime += v(i)
	}
	return c
}

// String says the classes in MB, the stacks also by goroutine.
func (c classes) String() string {
	mb := func(b uint64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	perG := 0.0
	if c.goroutes > 0 {
		perG = float64(c.stacks) / 1024 / float64(c.goroutes)
	}
	return fmt.Sprintf("heap objects %s (live at the last collection %s, the collector's goal %s), heap spans' unused room %s, free heap pages kept %s, stacks %s (%d goroutines, %.1f KB each), the runtime's own %s",
		mb(c.objects), mb(c.live), mb(c.goal), mb(c.unused), mb(c.free), mb(c.stacks), c.goroutes, perG, mb(c.runtime))
}
