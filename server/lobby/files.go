package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server/store"
)

// RoomsDir is the folder, in the data folder, where an older mille serve
// kept its saved rooms, one ROOM.json each; OpenStore moves them into the
// store.
const RoomsDir = "rooms"

// roomExt ends a room's file name; the name before it is the room's.
const roomExt = ".json"

// migratedExt is added to the name of a file OpenStore has moved into the
// store: the file stays, for reference, and is not read again.
const migratedExt = ".migrated"

// OpenStore opens the store of data folder dir (StoreFile), making it at
// the first start, or with db (a postgres:// URL) the PostgreSQL database
// that several servers share (docs/server.md); and it moves into it what an older mille serve kept in
// files: the players' names (users.json) and the saved rooms
// (rooms/ROOM.json). A room file that does not load, or whose name the
// store holds for another game, stays where it is and is named in
// problems; the store opens all the same. What it does, as what
// ImportRooms and ExportRooms do, is the server's start or a command of
// its operator: no session waits on it (context.Background, each call
// within the store's own bound).
func OpenStore(dir, db string) (st *store.SQL, problems []error, err error) {
	if db != "" {
		st, err = store.OpenPostgres(db)
	} else {
		st, err = store.OpenSQLite(filepath.Join(dir, StoreFile))
	}
	if err != nil {
		return nil, nil, err
	}
	if err := importNames(st, filepath.Join(dir, UsersFile)); err != nil {
		st.Close()
		return nil, nil, err
	}
	// The claims of the names were made by an older Skeleton, which took
	// Аlice (a Cyrillic А) and Alíce beside Alice, or Ꭺda (a Cherokee Ꭺ)
	// beside Ada: they are made again.
	if err := st.Reclaim(context.Background(), names.Skeleton); err != nil {
		st.Close()
		return nil, nil, err
	}
	_, problems = ImportRooms(st, filepath.Join(dir, RoomsDir), true)
	return st, problems, nil
}

// importNames moves the names of an older server's users.json at path
// into st, if there is such a file.
func importNames(st store.Store, path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var byKey map[string]string
	if err := json.Unmarshal(data, &byKey); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := st.ImportNames(context.Background(), byKey, names.Skeleton); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.Rename(path, path+migratedExt)
}

// ImportRooms keeps in st, as saved rooms, the rooms saved as files in
// dir (ROOM.json, the save format with the server's UI map, as
// ExportRooms writes them), and returns their names. With migrate, each
// file imported is renamed with ".migrated" at the end. A file that does
// not load, or names a room st holds for another game, is left and
// reported.
func ImportRooms(st store.Store, dir string, migrate bool) (names []string, problems []error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), roomExt)
		if !ok || !e.Type().IsRegular() || !roomName.MatchString(name) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		g, err := save.Read(path)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		k := store.Room{Name: name, Game: g, Host: g.UI[UIHost], Saved: true}
		for i := range g.Seats {
			if u := g.UI[UIUser+strconv.Itoa(i)]; u != "" {
				k.Players = append(k.Players, u)
			}
		}
		if err := st.PutRoom(context.Background(), k, k.Host); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", path, err))
			continue
		}
		if migrate {
			if err := os.Rename(path, path+migratedExt); err != nil {
				problems = append(problems, err)
			}
		}
		names = append(names, name)
	}
	return names, problems
}

// ExportRooms writes every room kept in st into dir as ROOM.json, a save
// file (save-format.md) whose UI map says whose seats are whose, and
// returns their names: local mille loads it, and ImportRooms brings it
// back into a store.
func ExportRooms(st store.Store, dir string) ([]string, error) {
	rooms, err := st.Rooms(context.Background(), 1<<30) // a room that does not load is in err
	errs := []error{err}
	var names []string
	for _, k := range rooms {
		data, err := save.Marshal(k.Game)
		if err == nil {
			err = save.WriteFile(filepath.Join(dir, k.Name+roomExt), data)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("room %s: %w", k.Name, err))
			continue
		}
		names = append(names, k.Name)
	}
	return names, errors.Join(errs...)
}
