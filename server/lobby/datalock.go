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
// another running server holds: errors.Is finds it in LockData's
// refusal (RefDataInUse, RefDataInUsePID), which says the holder.
var ErrDataInUse = errors.New("lobby: data folder in use")

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
		if b, rerr := os.ReadFile(path); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				return nil, refuse(RefDataInUsePID, strconv.Itoa(pid), path)
			}
		}
		return nil, refuse(RefDataInUse, path)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return f, nil
}
