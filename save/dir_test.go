package save

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
)

func TestDir(t *testing.T) {
	t.Setenv(DirEnv, "/data/mille-test")
	if d, err := Dir(); err != nil || d != "/data/mille-test" {
		t.Errorf("with %s: %q, %v", DirEnv, d, err)
	}
	if runtime.GOOS != "linux" {
		return
	}
	t.Setenv(DirEnv, "")
	t.Setenv("HOME", "/home/ann")
	for _, tt := range []struct{ xdg, want string }{
		{"/xdg", "/xdg/mille"},
		{"", "/home/ann/.local/share/mille"},
		{"relative/dir", "/home/ann/.local/share/mille"}, // the XDG spec ignores it
	} {
		t.Setenv("XDG_DATA_HOME", tt.xdg)
		if d, err := Dir(); err != nil || d != tt.want {
			t.Errorf("XDG_DATA_HOME=%q: %q, %v; want %q", tt.xdg, d, err, tt.want)
		}
	}
}

func TestPath(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DirEnv, dir)
	home, _ := os.UserHomeDir()
	for _, tt := range []struct{ name, want string }{
		{"monday", filepath.Join(dir, "monday.mille.json")},
		{" monday.mille ", filepath.Join(dir, "monday.mille.json")},
		{"monday.mille.json", filepath.Join(dir, "monday.mille.json")},
		{"./monday", "./monday.mille.json"},
		{"/tmp/x/monday", "/tmp/x/monday.mille.json"},
		{"~/monday", filepath.Join(home, "monday.mille.json")},
	} {
		if got, err := Path(tt.name); err != nil || got != tt.want {
			t.Errorf("Path(%q) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := Path("  "); err == nil {
		t.Error("Path accepted an empty name")
	}
}

func TestAutosaveAndList(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not-yet")
	t.Setenv(DirEnv, dir)
	if _, ok := FindAutosave(); ok {
		t.Fatal("an autosave before any game")
	}
	if list, err := List(""); err != nil || len(list) != 0 {
		t.Fatalf("List of a missing folder: %v, %v", list, err)
	}
	if err := RemoveAutosave(); err != nil {
		t.Fatalf("removing no autosave: %v", err)
	}
	g := sampleGame(t, engine.Config{Players: 6}, 31, 50)
	if err := WriteAutosave(g); err != nil {
		t.Fatal(err)
	}
	p, ok := FindAutosave()
	if !ok || p != filepath.Join(dir, AutosaveName) {
		t.Fatalf("FindAutosave: %q, %v", p, ok)
	}
	got, err := Read(p)
	if err != nil || got.State != g.State {
		t.Fatalf("autosave reads back %v", err)
	}

	// Saves only, newest first.
	other := filepath.Join(dir, "monday.mille.json")
	if err := Write(other, g); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o600)
	os.WriteFile(filepath.Join(dir, ".monday.mille.json.tmp123"), nil, 0o600)
	os.Mkdir(filepath.Join(dir, "folder.mille.json"), 0o700)
	list, err := List("")
	if err != nil || len(list) != 2 || list[0].Name != "monday" || list[1].Name != "autosave" {
		t.Fatalf("List: %+v, %v", list, err)
	}

	if err := RemoveAutosave(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the autosave is still there")
	}
}

// TestArg: the argument that reopens a save is its bare name in the saves
// folder, ~/… in the home folder, else the path, quoted for a shell where
// it must be.
func TestArg(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DirEnv, dir)
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "monday"+Ext), "monday"},
		{filepath.Join(dir, "two words"+Ext), "'" + filepath.Join(dir, "two words"+Ext) + "'"},
		{filepath.Join(home, "games", "x"+Ext), "~/games/x" + Ext},
		{"/tmp/it's" + Ext, `'/tmp/it'\''s` + Ext + "'"},
		{"/tmp/x" + Ext, "/tmp/x" + Ext},
	} {
		if got := Arg(tc.path); got != tc.want {
			t.Errorf("Arg(%q) = %q, want %q", tc.path, got, tc.want)
		}
		if p, err := Path(strings.Trim(tc.want, "'")); err == nil && !strings.Contains(tc.want, "'") && p != tc.path {
			t.Errorf("Path(Arg(%q)) = %q", tc.path, p)
		}
	}
}
