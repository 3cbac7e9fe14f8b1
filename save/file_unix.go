//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package save

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on the file at path (creating it),
// waiting while another process or goroutine holds it, and returns what
// releases it. It is an advisory flock(2) lock: only mille honours it, and
// the system releases it when its holder ends, however it ends, so a
// killed mille never leaves it stuck. The file itself stays.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, unwrapPath(err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}

// ownedByUser reports whether the user running mille owns the file.
func ownedByUser(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
