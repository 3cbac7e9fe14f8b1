//go:build unix

package testkit

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process has used so far, user and system,
// on every thread: what a measure of work reads where a busy machine
// would inflate the wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
