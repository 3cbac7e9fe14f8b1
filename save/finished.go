package save

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/millebornes/mille/record"
)

// FinishedDir is the folder in Dir where finished games are kept, so that
// they can be reviewed later (mille review).
const FinishedDir = "finished"

// DefaultKeepFinished is how many finished games are kept unless the
// player chooses otherwise.
const DefaultKeepFinished = 20

// KeepFinished writes game g, just finished at now, in the finished folder
// of dir (Dir if dir is ""), named by the minute it ended
// ("2026-11-23-2359", then "2026-11-23-2359-02"), and removes the oldest
// finished games beyond the newest keep. It returns the name given; keep 0
// or less writes nothing and returns "".
func KeepFinished(dir string, g record.Game, keep int, now time.Time) (string, error) {
	if keep <= 0 {
		return "", nil
	}
	dir, err := finishedDir(dir)
	if err != nil {
		return "", err
	}
	base := now.Local().Format("2006-01-02-1504")
	name := base
	for n := 2; ; n++ {
		if _, err := os.Lstat(filepath.Join(dir, name+Ext)); errors.Is(err, fs.ErrNotExist) {
			break
		}
		if n > 99 {
			return "", &Error{Path: dir, Why: RefTooManyFinished}
		}
		name = fmt.Sprintf("%s-%02d", base, n)
	}
	if err := Write(filepath.Join(dir, name+Ext), g); err != nil {
		return "", err
	}
	kept, err := listByName(dir)
	if err != nil {
		return name, err
	}
	for _, e := range kept[min(keep, len(kept)):] {
		if err := os.Remove(e.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return name, err
		}
	}
	return name, nil
}

// ListFinished returns the finished games kept in dir (Dir if dir is ""),
// newest first, without reading them.
func ListFinished(dir string) ([]Entry, error) {
	dir, err := finishedDir(dir)
	if err != nil {
		return nil, err
	}
	return listByName(dir)
}

// listByName lists the saves in dir by name, last first: the finished
// games' names tell when they ended, to the minute, and in order within
// one (file times may tie).
func listByName(dir string) ([]Entry, error) {
	out, err := List(dir)
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(b.Name, a.Name) })
	return out, err
}

// FinishedPath is the path of the finished game called name in dir (Dir
// if dir is "").
func FinishedPath(dir, name string) (string, error) {
	dir, err := finishedDir(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, filepath.Base(name)+Ext), nil
}

func finishedDir(dir string) (string, error) {
	if dir == "" {
		var err error
		if dir, err = Dir(); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, FinishedDir), nil
}
