package save

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// failingFile wraps a real temporary file and fails at one step.
type failingFile struct {
	*os.File
	failChmod, failWrite, failSync, failClose bool
}

var errDiskFull error = syscall.ENOSPC

func (f *failingFile) Chmod(mode fs.FileMode) error {
	if f.failChmod {
		return syscall.EPERM
	}
	return f.File.Chmod(mode)
}

func (f *failingFile) Write(b []byte) (int, error) {
	if f.failWrite {
		n, _ := f.File.Write(b[:len(b)/2]) // half of it reaches the disk
		return n, errDiskFull
	}
	return f.File.Write(b)
}

func (f *failingFile) Sync() error {
	if f.failSync {
		return syscall.EIO
	}
	return f.File.Sync()
}

func (f *failingFile) Close() error {
	err := f.File.Close()
	if f.failClose {
		return syscall.EIO
	}
	return err
}

// restoreHooks puts the real file system calls back after a test.
func restoreHooks(t *testing.T) {
	ct, rn, br := createTemp, rename, beforeRename
	t.Cleanup(func() { createTemp, rename, beforeRename = ct, rn, br })
}

// writeFailures make writeAtomic fail at each of its steps.
var writeFailures = []struct {
	name  string
	setup func()
	want  error
}{
	{"no temporary file", func() {
		createTemp = func(string, string) (tempFile, error) {
			return nil, &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}
		}
	}, fs.ErrPermission},
	{"chmod fails", func() { createTemp = failing(failingFile{failChmod: true}) }, syscall.EPERM},
	{"disk full", func() { createTemp = failing(failingFile{failWrite: true}) }, syscall.ENOSPC},
	{"sync fails", func() { createTemp = failing(failingFile{failSync: true}) }, syscall.EIO},
	{"close fails", func() { createTemp = failing(failingFile{failClose: true}) }, syscall.EIO},
	{"rename fails", func() {
		rename = func(string, string) error { return syscall.EXDEV }
	}, syscall.EXDEV},
}

// TestWriteFileFailureKeepsPreviousFile makes each step of WriteFile fail,
// for a save, the statistics and plain bytes: the previous file stays
// whole, the error names it, and no temporary file is left.
func TestWriteFileFailureKeepsPreviousFile(t *testing.T) {
	restoreHooks(t)
	first := sampleGame(t, engine.DefaultConfig, 11, 30)
	later := first
	playRandom(t, &later, newRand(5), 30)
	var stats Stats
	stats.RecordHand(&later, 0, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))

	writers := []struct {
		name         string
		file         string
		first, later func(path string) error
		loads        func(path string) error // the previous file still reads
	}{
		{"save", "game.mille.json",
			func(p string) error { return Write(p, first) },
			func(p string) error { return Write(p, later) },
			func(p string) error {
				g, err := Read(p)
				if err == nil && g.State != first.State {
					err = errors.New("another game")
				}
				return err
			}},
		{"stats", StatsName,
			func(p string) error { return WriteStats(p, Stats{}) },
			func(p string) error { return WriteStats(p, stats) },
			func(p string) error {
				st, err := ReadStats(p)
				if err == nil && st.Total().Hands != 0 {
					err = errors.New("other statistics")
				}
				return err
			}},
		{"bytes", "options.json",
			func(p string) error { return WriteFile(p, []byte("old\n")) },
			func(p string) error { return WriteFile(p, bytes.Repeat([]byte("new\n"), 1000)) },
			func(string) error { return nil }},
	}
	realCalls := func() {
		createTemp = func(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }
		rename = os.Rename
	}
	for _, w := range writers {
		realCalls()
		dir := t.TempDir()
		p := filepath.Join(dir, w.file)
		if err := w.first(p); err != nil {
			t.Fatal(err)
		}
		before, _ := os.ReadFile(p)
		for _, tt := range writeFailures {
			t.Run(w.name+"/"+tt.name, func(t *testing.T) {
				realCalls()
				tt.setup()
				err := w.later(p)
				if refusedAs(t, err, p, RefIO); !errors.Is(err, tt.want) {
					t.Fatalf("got %v, want an error naming the file and %v", err, tt.want)
				}
				after, _ := os.ReadFile(p)
				if !bytes.Equal(after, before) {
					t.Fatal("the previous file changed")
				}
				if err := w.loads(p); err != nil {
					t.Fatalf("the previous file no longer loads: %v", err)
				}
				if names := dirNames(t, dir); len(names) != 1 {
					t.Fatalf("temporary files left behind: %v", names)
				}
			})
		}
	}
}

func TestWriteFileNoFolder(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(blocker, "options.json") // its folder is a file
	refusedAs(t, WriteFile(p, []byte("{}")), p, RefIO)
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files left: %v", names)
	}
}

// TestWriteFileMode checks that the file written is 0600 whatever the
// umask, and also when it replaces a file others could read.
func TestWriteFileMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh.json")
	open := filepath.Join(dir, "open.json")
	if err := os.WriteFile(open, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fresh, open} {
		if err := WriteFile(p, []byte("new")); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", filepath.Base(p), fi.Mode().Perm())
		}
		if got, _ := os.ReadFile(p); string(got) != "new" {
			t.Errorf("%s holds %q", filepath.Base(p), got)
		}
	}
}

// TestWriteFileConcurrent has several writers replace one file over and
// over while a reader reads it: every read finds one writer's whole
// contents, and no temporary file is left at the end.
func TestWriteFileConcurrent(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "users.json")
	const writers, writes = 4, 10
	contents := make([][]byte, writers)
	for i := range contents {
		// Different lengths and bytes: a torn or mixed file shows.
		contents[i] = bytes.Repeat([]byte{byte('a' + i)}, 4096*(i+1))
	}
	if err := WriteFile(p, contents[0]); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, writers)
	for i := range writers {
		go func() {
			for range writes {
				if err := WriteFile(p, contents[i]); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	var torn error
	for running := writers; running > 0; {
		select {
		case err := <-errs:
			running--
			if err != nil {
				t.Error(err)
			}
		default:
		}
		got, err := os.ReadFile(p)
		if err == nil && !slices.ContainsFunc(contents, func(c []byte) bool { return bytes.Equal(got, c) }) {
			err = fmt.Errorf("a file of %d bytes that no writer wrote whole", len(got))
		}
		if err != nil && torn == nil {
			torn = err
		}
	}
	if torn != nil {
		t.Fatal(torn)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files left: %v", names)
	}
}

func failing(f failingFile) func(dir, pattern string) (tempFile, error) {
	return func(dir, pattern string) (tempFile, error) {
		real, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		f.File = real
		return &f, nil
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

// crashEnv tells the test binary to act as a writer that is killed
// between the temporary file and the rename.
const crashEnv = "MILLE_SAVE_CRASH_PATH"

// TestCrashHelper is not a test: run by TestKillBeforeRename in a child
// process, it writes a save, says so when the temporary file is complete,
// and waits to be killed before the rename.
func TestCrashHelper(t *testing.T) {
	p := os.Getenv(crashEnv)
	if p == "" {
		t.Skip("run by TestKillBeforeRename")
	}
	g := sampleGame(t, engine.Config{Players: 4}, 21, 80)
	beforeRename = func(tmp string) {
		fmt.Println("READY", tmp)
		time.Sleep(time.Minute)
		os.Exit(3) // never killed: fail
	}
	Write(p, g)
	t.Fatal("the writer survived")
}

func TestKillBeforeRename(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.mille.json")
	first := sampleGame(t, engine.DefaultConfig, 12, 40)
	if err := Write(p, first); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(p)

	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
	cmd.Env = append(os.Environ(), crashEnv+"="+p)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := false
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "READY ") {
			ready = true
			cmd.Process.Kill() // SIGKILL: no cleanup runs
			break
		}
	}
	cmd.Wait()
	if !ready {
		t.Fatal("the writer never reached the rename")
	}
	after, _ := os.ReadFile(p)
	if !bytes.Equal(after, before) {
		t.Fatal("the previous save changed")
	}
	g, err := Read(p)
	if err != nil || !reflect.DeepEqual(g.State, first.State) {
		t.Fatalf("the previous save no longer loads: %v", err)
	}
	// The dead writer's complete temporary file stays, hidden from the
	// list of saves; the next Write to the same file works.
	names := dirNames(t, dir)
	if len(names) != 2 {
		t.Fatalf("files after the crash: %v", names)
	}
	if list, _ := List(dir); len(list) != 1 || list[0].Path != p {
		t.Errorf("List shows %v", list)
	}
	if err := Write(p, first); err != nil {
		t.Fatal(err)
	}
	// Once it is old, the next Write clears it away.
	old := time.Now().Add(-time.Hour)
	for _, n := range dirNames(t, dir) {
		os.Chtimes(filepath.Join(dir, n), old, old)
	}
	if err := Write(p, first); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files after a later write: %v", names)
	}
}

func TestWritePermissionsAndSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	dir := t.TempDir()
	t.Setenv(DirEnv, dir) // the link below stays in the saves folder
	g := sampleGame(t, engine.DefaultConfig, 13, 10)
	p := filepath.Join(dir, "sub", "game.mille.json") // the folder is created
	if err := Write(p, g); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]fs.FileMode{p: 0o600, filepath.Dir(p): 0o700} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v", path, fi.Mode().Perm(), want)
		}
	}
	link := filepath.Join(dir, "link.mille.json")
	if err := os.Symlink(p, link); err != nil {
		t.Skip(err)
	}
	playRandom(t, &g, newRand(1), 5)
	if err := Write(link, g); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if got, err := Read(p); err != nil || got.State != g.State {
		t.Errorf("the linked file was not updated: %v", err)
	}
}

func TestWriteRefusesBrokenGame(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.mille.json")
	g := sampleGame(t, engine.DefaultConfig, 14, 10)
	g.History = g.History[:5] // out of step with the state
	if err := Write(p, g); fault1(t, refusedAs(t, err, p, RefDamaged)).Code != record.FaultReplay {
		t.Errorf("Write: %v", err)
	}
	if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a file was written")
	}
	g = sampleGame(t, engine.DefaultConfig, 14, 10)
	g.Seats[1].Name = "\x1b]0;pwned\x07"
	if err := Write(p, g); fault1(t, refusedAs(t, err, p, RefDamaged)) != (detail{"seats[1]", record.FaultNameUnprintable}) {
		t.Errorf("Write: %v", err)
	}
}

func TestWriteStampsTimeAndVersion(t *testing.T) {
	defer func(v string) { MilleVersion = v }(MilleVersion)
	MilleVersion = "v9.9.9"
	p := filepath.Join(t.TempDir(), "game.mille.json")
	g := sampleGame(t, engine.DefaultConfig, 15, 10)
	if err := Write(p, g); err != nil {
		t.Fatal(err)
	}
	got, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if got.WrittenBy != "v9.9.9" || got.Saved.IsZero() {
		t.Errorf("writtenBy %q, saved %v", got.WrittenBy, got.Saved)
	}
}

func TestRemoveStaleOddNames(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for _, base := range []string{"a[1].mille.json", "b*?.mille.json", "plain.mille.json"} {
		for _, tmp := range []string{"." + base + ".tmp123", "." + base + ".tmp456"} {
			p := filepath.Join(dir, tmp)
			if err := os.WriteFile(p, nil, 0o600); err != nil {
				t.Skip(err) // a name the file system refuses
			}
			if tmp[len(tmp)-1] == '3' {
				os.Chtimes(p, old, old) // one stale, one still being written
			}
		}
		removeStale(dir, base)
	}
	if names := dirNames(t, dir); len(names) != 3 {
		t.Errorf("left %v, want the three recent ones", names)
	}
}
