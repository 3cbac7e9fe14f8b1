//go:build unix

package ai

import "syscall"

// cpuTime is the process's CPU time so far (user and system) in
// nanoseconds: benchmarks report it per operation beside the wall time,
// since on a machine shared with other work only the CPU time measures
// the search.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
