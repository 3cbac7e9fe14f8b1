package save

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestWriteRefusesForeignLinks: a save path that is a symbolic link is
// followed only to a file of the user's own in the saves folder; any other
// link is refused and its target left as it was, mode included.
func TestWriteRefusesForeignLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	g := sampleGame(t, engine.DefaultConfig, 31, 20)
	tests := []struct {
		name   string
		target func(t *testing.T, saves, elsewhere string) string // makes the file the link leads to
		link   func(saves, elsewhere string) string               // where the link is
		refuse Reason                                             // NumReasons if the save goes through
	}{
		{"a save of one's own in the saves folder",
			func(t *testing.T, saves, _ string) string {
				return writeFile(t, filepath.Join(saves, "monday.mille.json"), 0o600)
			},
			func(saves, _ string) string { return filepath.Join(saves, "current.mille.json") }, NumReasons},
		{"a file outside the saves folder",
			func(t *testing.T, _, elsewhere string) string {
				return writeFile(t, filepath.Join(elsewhere, ".bashrc"), 0o644)
			},
			func(saves, _ string) string { return filepath.Join(saves, "trap.mille.json") }, RefLinkOutside},
		{"a link planted in another folder",
			func(t *testing.T, _, elsewhere string) string {
				return writeFile(t, filepath.Join(elsewhere, ".profile"), 0o644)
			},
			func(_, elsewhere string) string { return filepath.Join(elsewhere, "shared", "x.mille.json") }, RefLinkOutside},
		{"a link to no file",
			func(t *testing.T, saves, _ string) string { return filepath.Join(saves, "gone.mille.json") },
			func(saves, _ string) string { return filepath.Join(saves, "dangling.mille.json") }, RefLinkNowhere},
		{"someone else's file in the saves folder",
			func(t *testing.T, saves, _ string) string {
				p := writeFile(t, filepath.Join(saves, "theirs.mille.json"), 0o644)
				if os.Getuid() != 0 {
					t.Skip("needs root to give a file away")
				}
				if err := os.Chown(p, 65534, 65534); err != nil {
					t.Skip(err)
				}
				return p
			},
			func(saves, _ string) string { return filepath.Join(saves, "mine.mille.json") }, RefLinkNotOwn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saves, elsewhere := t.TempDir(), t.TempDir()
			t.Setenv(DirEnv, saves)
			target := tt.target(t, saves, elsewhere)
			link := tt.link(saves, elsewhere)
			os.MkdirAll(filepath.Dir(link), 0o700)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(target)
			beforeInfo, _ := os.Stat(target)
			err := Write(link, g)
			if tt.refuse == NumReasons {
				if err != nil {
					t.Fatal(err)
				}
				if back, err := Read(target); err != nil || back.State != g.State {
					t.Errorf("the save did not reach the link's target: %v", err)
				}
				return
			}
			refusedAs(t, err, link, tt.refuse)
			if after, _ := os.ReadFile(target); !bytes.Equal(after, before) {
				t.Error("the link's target changed")
			}
			if info, err := os.Stat(target); err == nil && info.Mode() != beforeInfo.Mode() {
				t.Errorf("the target's mode changed from %v to %v", beforeInfo.Mode(), info.Mode())
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
				t.Error("the link was replaced")
			}
			// The statistics file is guarded the same way.
			if tt.refuse != RefLinkNotOwn {
				stats := filepath.Join(filepath.Dir(link), StatsName)
				os.Symlink(target, stats)
				refusedAs(t, WriteStats(stats, Stats{}), stats, tt.refuse)
			}
		})
	}
}

// writeFile makes a small file with mode perm and returns its path.
func writeFile(t *testing.T, path string, perm fs.FileMode) string {
	t.Helper()
	if err := os.WriteFile(path, []byte("# precious\n"), perm); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, perm)
	return path
}
