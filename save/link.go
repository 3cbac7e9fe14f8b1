package save

import (
	"io/fs"
	"os"
	"path/filepath"
)

// checkLink refuses a save path that is a symbolic link, unless the link
// leads to a file of the user's own in the saves folder (Dir). Writing
// through a link replaces the file it leads to and makes it 0600, so a
// link to a file elsewhere (say ~/.bashrc, or one planted in a shared
// folder) or to someone else's file must not be followed. A path that is
// no link, or no file yet, is fine.
func checkLink(path string) error {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return refuse(RefLinkNowhere)
	}
	dir, err := Dir()
	if err == nil {
		dir, err = filepath.EvalSymlinks(dir)
	}
	if err != nil || !inFolder(dir, target) {
		return refuse(RefLinkOutside, target)
	}
	tfi, err := os.Stat(target)
	if err != nil {
		return unwrapPath(err)
	}
	if !tfi.Mode().IsRegular() || !ownedByUser(tfi) {
		return refuse(RefLinkNotOwn, target)
	}
	return nil
}

// inFolder reports whether path lies inside folder dir (both resolved).
func inFolder(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel)
}
