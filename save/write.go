package save

import (
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/millebornes/mille/record"
)

// Marshal returns the bytes of the file g would be saved as, after checking
// g as Decode would (Game.Check): Write never makes a file that Read refuses.
// The time and version recorded are g.Saved and MilleVersion.
func Marshal(g record.Game) ([]byte, error) {
	if err := g.Check(); err != nil {
		return nil, damaged(err)
	}
	d, err := toJSON(&g)
	if err != nil {
		return nil, damaged(err)
	}
	compact, err := json.Marshal(&d)
	if err != nil {
		return nil, jsonError(err)
	}
	data, err := indentJSON(compact)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, refuse(RefTooLong, len(data), MaxSize>>20)
	}
	return data, nil
}

// Encode writes g to w as Marshal spells it.
func Encode(w io.Writer, g record.Game) error {
	data, err := Marshal(g)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Write saves g at path, recording the present time in it, atomically
// (WriteFile): a crash or a full disk leaves the previous file at path
// whole. If path is a symbolic link to a file of the user's own in the
// saves folder, that file is replaced; any other link is refused
// (checkLink). The error, if any, is one line that starts with path.
func Write(path string, g record.Game) error {
	g.Saved = time.Now().UTC().Truncate(time.Second)
	data, err := Marshal(g)
	if err == nil {
		err = checkLink(path)
	}
	if err != nil {
		return inFile(path, err)
	}
	return WriteFile(path, data)
}

// WriteFile replaces the file at path with data, atomically: it writes a
// temporary file with a unique name in the same folder (".NAME.tmp…",
// which the save picker does not show), syncs it, renames it over path and
// syncs the folder, so that a crash, a full disk or another writer of the
// same path never leaves half a file there: path holds either the old
// bytes or the new ones. The temporary file is removed on every failure;
// one left by a killed writer is removed by a later WriteFile of the same
// name once it is old. The file gets permissions 0600 where the OS has
// them; a missing folder is created (0700). If path is a symbolic link,
// the file it points to is replaced. The error, if any, is one line that
// starts with path.
//
// Every file mille keeps goes through it: saves, the autosave, the
// statistics, the options, and the server's identities and host key.
func WriteFile(path string, data []byte) error {
	if err := writeAtomic(path, data); err != nil {
		return inFile(path, err)
	}
	return nil
}

// tempFile is what writeAtomic needs of an *os.File.
type tempFile interface {
	io.Writer
	Name() string
	Chmod(fs.FileMode) error
	Sync() error
	Close() error
}

// The file system calls of writeAtomic; tests replace them to fail or to
// crash at each step.
var (
	createTemp = func(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }
	rename     = os.Rename
	// beforeRename runs when the temporary file is complete and closed.
	beforeRename = func(tmp string) {}
)

// writeAtomic is WriteFile without the path in its errors: temporary
// file, write, sync, close, rename, sync the folder.
func writeAtomic(path string, data []byte) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return unwrapPath(err)
	}
	f, err := createTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return unwrapPath(err)
	}
	tmp := f.Name()
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				f.Close()
			}
			os.Remove(tmp)
			err = unwrapPath(err)
		}
	}()
	// CreateTemp makes the file 0600 already; say so for umask-less systems.
	if err := f.Chmod(0o600); err != nil && runtime.GOOS != "windows" {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	closed = true
	if err := f.Close(); err != nil {
		return err
	}
	beforeRename(tmp)
	if err := rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	removeStale(dir, filepath.Base(path))
	return nil
}

// staleAge is how old a temporary file must be before a later WriteFile
// to the same file removes it: older than any write in progress.
const staleAge = 10 * time.Minute

// removeStale deletes the temporary files that writers of base killed
// before their rename left behind.
func removeStale(dir, base string) {
	olds, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".tmp*"))
	for _, p := range olds {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > staleAge {
			os.Remove(p)
		}
	}
}

// globEscape quotes the characters filepath.Glob treats specially.
func globEscape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`*?[\`, s[i]) >= 0 && runtime.GOOS != "windows" {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// syncDir makes the rename durable where the OS allows syncing a folder;
// where it does not (Windows, some file systems) the rename stands anyway.
// Its error is not reported: the new file is already in place, and saying
// the write failed would be false.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
