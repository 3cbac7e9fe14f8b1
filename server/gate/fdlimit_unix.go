//go:build unix

package gate

import "syscall"

// descriptorLimit is how many file descriptors the process may open
// (RLIMIT_NOFILE, which Go raises to its hard limit at start), or 0 when
// it cannot tell.
func descriptorLimit() int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil || l.Cur > 1<<30 {
		return 0
	}
	return int(l.Cur)
}
