package lobby

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockFile is the file, in the data folder, that a running server holds
// locked for as long as it runs: two servers on one folder both
// checkpointed into one database, and a player's game was lost (issue 22,
// 6). It holds the running server's process id, for the message.
const LockFile = "mille.lock"

// ErrDataInUse is the error of a server started on a data folder that
// another running server holds.
var ErrDataInUse = errors.New("the data folder is in use by another mille serve")

// LockData takes the lock of data folder dir, or says which process holds
// it. The lock is the operating system's on an open file (flock, or
// LockFileEx on Windows): it goes with the process, however it ends, so
// a killed server leaves no stale lock behind.
func LockData(dir string) (*os.File, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("server: lock the data folder: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		holder := "another process"
		if b, rerr := os.ReadFile(path); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				holder = fmt.Sprintf("process %d", pid)
			}
		}
		return nil, fmt.Errorf("%w (%s holds %s): stop it first, or give this one another --data", ErrDataInUse, holder, path)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return f, nil
}
