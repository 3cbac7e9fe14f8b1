//go:build unix

package ui

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the test process has used so far, user and
// system, on every thread: a busy machine makes a frame wait, not work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
