package save

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/millebornes/mille/record"
)

// Ext ends the name of every save file.
const Ext = ".mille.json"

// AutosaveName is the file in Dir that holds the game in progress when
// mille quits or its terminal closes mid-game.
const AutosaveName = "autosave" + Ext

// StatsName is the file in Dir that holds the lifetime statistics.
const StatsName = "stats.json"

// DirEnv names the environment variable that overrides Dir (tests set it).
const DirEnv = "MILLE_DATA_DIR"

// Dir returns the folder for saves, the autosave and statistics:
// $MILLE_DATA_DIR if set; otherwise $XDG_DATA_HOME/mille, or
// ~/.local/share/mille, on Unix; ~/Library/Application Support/mille on
// macOS; %AppData%\mille on Windows. It does not create the folder (Write
// does).
func Dir() (string, error) {
	if d := os.Getenv(DirEnv); d != "" {
		return d, nil
	}
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9":
		// os.UserConfigDir is %AppData%, ~/Library/Application Support
		// and $home/lib there: the data folders too.
		d, err := os.UserConfigDir()
		if err != nil {
			return "", refuse(RefNoDir, DirEnv, err)
		}
		return filepath.Join(d, "mille"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) { // the spec ignores relative paths
		return filepath.Join(d, "mille"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", refuse(RefNoDir, DirEnv, err)
	}
	return filepath.Join(home, ".local", "share", "mille"), nil
}

// Path turns a name the player typed into a save's path: "~/" stands for
// the home folder, Ext is added if missing, and a bare name ("monday")
// goes in Dir. A name with a folder in it ("./x", "/tmp/x") stays where it
// says. An empty name is an error; the UI should treat it as "cancel"
// before calling Path.
func Path(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", refuse(RefNoName)
	}
	if rest, ok := strings.CutPrefix(name, "~"+string(filepath.Separator)); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		name = filepath.Join(home, rest)
	}
	if !strings.HasSuffix(name, Ext) {
		name = strings.TrimSuffix(name, ".mille") + Ext
	}
	if filepath.Base(name) == name {
		dir, err := Dir()
		if err != nil {
			return "", err
		}
		name = filepath.Join(dir, name)
	}
	return name, nil
}

// Home is path with the home folder written "~", as the player would
// type it and as every screen and message shows a path.
func Home(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return path
	}
	home = filepath.Clean(home)
	if path == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok {
		return "~" + string(filepath.Separator) + rest
	}
	return path
}

// Arg is the shortest argument of mille that opens the save at path, as
// the player would type it (Path's inverse): a save's bare name in Dir,
// "~/…" under the home folder, else the path, in quotes where a shell
// would split or expand it.
func Arg(path string) string {
	if dir, err := Dir(); err == nil && filepath.Dir(path) == filepath.Clean(dir) && strings.HasSuffix(path, Ext) {
		if name := strings.TrimSuffix(filepath.Base(path), Ext); plainWord(name) {
			return name
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if rest, ok := strings.CutPrefix(path, filepath.Clean(home)+string(filepath.Separator)); ok && plainWord(rest) {
			return "~" + string(filepath.Separator) + rest
		}
	}
	if plainWord(path) {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// plainWord reports whether a shell reads s as one word, as it is.
func plainWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-+/,:@", r)) {
			return false
		}
	}
	return true
}

// IsSave reports whether a file name is a save's (ends in Ext, and is not
// a hidden temporary file of Write).
func IsSave(name string) bool {
	base := filepath.Base(name)
	return strings.HasSuffix(base, Ext) && !strings.HasPrefix(base, ".")
}

// Entry is a save file found by List.
type Entry struct {
	Path     string
	Name     string // the file name without Ext ("monday", "autosave")
	Modified time.Time
}

// List returns the saves in dir (Dir if dir is ""), newest first, without
// reading them. A missing folder gives an empty list.
func List(dir string) ([]Entry, error) {
	if dir == "" {
		var err error
		if dir, err = Dir(); err != nil {
			return nil, err
		}
	}
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, de := range des {
		if !de.Type().IsRegular() || !IsSave(de.Name()) {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, Entry{
			Path:     filepath.Join(dir, de.Name()),
			Name:     strings.TrimSuffix(de.Name(), Ext),
			Modified: info.ModTime(),
		})
	}
	slices.SortFunc(out, func(a, b Entry) int { return b.Modified.Compare(a.Modified) })
	return out, nil
}

// AutosavePath returns the autosave's path, in Dir.
func AutosavePath() (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, AutosaveName), nil
}

// WriteAutosave saves g as the autosave (atomically, like Write). Call it
// when the player quits mid-game and on SIGHUP or SIGTERM.
func WriteAutosave(g record.Game) error {
	p, err := AutosavePath()
	if err != nil {
		return err
	}
	return Write(p, g)
}

// FindAutosave returns the autosave's path and true if there is one to
// offer. It does not read the file: Read it, and if that fails show the
// error and leave the file (RemoveAutosave is the player's choice).
func FindAutosave() (string, bool) {
	p, err := AutosavePath()
	if err != nil {
		return "", false
	}
	fi, err := os.Stat(p)
	return p, err == nil && fi.Mode().IsRegular()
}

// RemoveAutosave deletes the autosave, once resumed or declined; no
// autosave is not an error.
func RemoveAutosave() error {
	p, err := AutosavePath()
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
