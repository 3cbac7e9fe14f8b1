//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package save

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// Where flock(2) is missing (Windows), the lock is the lock file's
// existence: whoever creates it (O_EXCL) holds the lock, and removes it to
// release it. A lock file older than staleLock was left by a mille that
// died holding it, and is removed; lockWait bounds the wait.
const (
	staleLock = 30 * time.Second
	lockWait  = time.Minute
)

// lockFile takes an exclusive lock on the file at path, waiting while
// another process or goroutine holds it, and returns what releases it.
func lockFile(path string) (unlock func(), err error) {
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, unwrapPath(err)
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > staleLock {
			os.Remove(path)
			continue
		}
		if time.Since(start) > lockWait {
			return nil, refuse(RefLocked, lockWait)
		}
	}
}

// ownedByUser reports whether the user running mille owns the file; where
// files have no Unix owner, every file the user may write counts.
func ownedByUser(fs.FileInfo) bool { return true }
