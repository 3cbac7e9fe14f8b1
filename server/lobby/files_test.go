package lobby

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// copyDir copies the files of folder from into folder to, one level of
// subfolders deep.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The keys of testdata/olddata, a data folder of a mille serve before the
// store: users.json names Ann, Bob and Cal; rooms/fam.json is a 4-player
// game of Ann (host) and Bob saved on 2026-11-20, 12 actions in; and
// rooms/broken.json is not a save.
const (
	oldAnn = "SHA256:annAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnn0"
	oldBob = "SHA256:bobBobBobBobBobBobBobBobBobBobBobBobBobBob0"
)

// TestMigrateOldDataDir: the first start on an older server's data folder
// moves its names and saved rooms into the store and renames their files;
// a file that does not load stays, and is reported; the next start finds
// nothing more to move. The room comes back with its seats bound to its
// players' keys.
func TestMigrateOldDataDir(t *testing.T) {
	dir := t.TempDir()
	copyDir(t, filepath.Join("testdata", "olddata"), dir)
	st, problems, err := OpenStore(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 {
		t.Fatalf("problems: %v", problems)
	}
	users := NewUsers(st)
	for key, want := range map[string]string{oldAnn: "Ann", oldBob: "Bob"} {
		if name, ok := users.Name(bg, key); !ok || name != want {
			t.Errorf("%s: %q", key, name)
		}
	}
	for _, name := range []string{UsersFile + migratedExt, RoomsDir + "/fam.json" + migratedExt, RoomsDir + "/broken.json"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("after the migration: %v", err)
		}
	}
	k, err := st.Room(bg, "fam")
	if err != nil || !k.Saved || k.Host != oldAnn || !reflect.DeepEqual(k.Players, []string{oldAnn, oldBob}) || len(k.Game.History) != 12 {
		t.Fatalf("the room moved in: %+v, %v", k, err)
	}
	st.Close()

	st, problems, err = OpenStore(dir, "")
	if err != nil || len(problems) != 1 {
		t.Fatalf("the second start: %v, %v", problems, err)
	}
	defer st.Close()
	l := NewLobby(0)
	l.Store = st
	l.Now = func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }
	defer l.Close()
	if got, errs := l.Restore(servertest.Config(4, engine.Standard, 0)); len(got) != 1 || errs != nil {
		t.Fatalf("restore: %v %v", got, errs)
	}
	b, err := l.Join(bg, "fam", oldBob, "Bob", -1)
	if err != nil || b.Seat() != 1 {
		t.Fatalf("Bob comes back: %v", err)
	}
	if _, err := l.Join(bg, "fam", "SHA256:calCalCalCalCalCalCalCalCalCalCalCalCalCal0", "Cal", -1); !errors.Is(err, table.ErrNotPlayer) {
		t.Fatalf("Cal, not in the game, joins: %v", err)
	}
}

// TestExportImport: the rooms of a store go out as save files and come
// back into another store as they were; a file cannot write over a room
// of another game.
func TestExportImport(t *testing.T) {
	from := servertest.NewStore(t)
	g := servertest.Play2(t, 20)
	g.UI = map[string]string{UIHost: "key-a", UIUser + "0": "key-a", UIUser + "1": "key-b", UILevel: "easy"}
	if err := from.PutRoom(bg, store.Room{Name: "duel", Game: g, Host: "key-a", Players: []string{"key-a", "key-b"}, Saved: true}, "key-a"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if names, err := ExportRooms(from, dir); err != nil || !reflect.DeepEqual(names, []string{"duel"}) {
		t.Fatalf("export: %v, %v", names, err)
	}
	to := servertest.NewStore(t)
	other := servertest.Play2(t, 3)
	if err := to.PutRoom(bg, store.Room{Name: "duel", Game: other, Host: "key-x", Players: []string{"key-x"}}, "key-x"); err != nil {
		t.Fatal(err)
	}
	if names, problems := ImportRooms(to, dir, false); len(names) != 0 || len(problems) != 1 || !errors.Is(problems[0], store.ErrNotYours) {
		t.Fatalf("import over another game: %v, %v", names, problems)
	}
	to = servertest.NewStore(t)
	if names, problems := ImportRooms(to, dir, false); len(names) != 1 || problems != nil {
		t.Fatalf("import: %v, %v", names, problems)
	}
	k, err := to.Room(bg, "duel")
	if err != nil || k.Game.State != g.State || !reflect.DeepEqual(k.Game.UI, g.UI) || !k.Saved {
		t.Fatalf("the room imported: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "duel.json")); err != nil {
		t.Fatal("an import that is not a migration renamed the file")
	}
}
