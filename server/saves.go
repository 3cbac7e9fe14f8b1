package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/table"
)

// RoomsDir is the folder, under the server's data folder, that holds the
// saved rooms, one ROOM.json each.
const RoomsDir = "rooms"

// roomExt ends a saved room's file name; the name before it is the room's.
const roomExt = ".json"

// Keys of the server's own fields in a saved game's UI map: who held each
// seat (a key fingerprint), who was the host and the computer level.
const (
	uiUser  = "server.user."
	uiHost  = "server.host"
	uiLevel = "server.level"
)

// roomPath is where room name is saved in dir. The name must be a room
// name, so no one can reach outside dir.
func roomPath(dir, name string) (string, error) {
	if dir == "" {
		return "", ErrNoSaves
	}
	if !roomName.MatchString(name) {
		return "", ErrRoomName
	}
	return filepath.Join(dir, name+roomExt), nil
}

// Save writes the room into the server's rooms folder, as ROOM.json, and
// returns the name it is saved under. Only the host may save, once the
// game has started; everyone is told.
func (c *Conn) Save() (name string, err error) {
	if c.Watching() {
		return "", ErrOnlooker
	}
	return c.room.save(c.User(), false)
}

// save snapshots the game and writes it. With shutdown the room stops for
// good first, so nothing moves after the snapshot; then user does not
// matter.
func (r *Room) save(user string, shutdown bool) (string, error) {
	path, err := roomPath(r.dir, r.Name())
	if err != nil {
		return "", err
	}
	r.saveMu.Lock()
	defer r.saveMu.Unlock()
	var g save.Game
	var seating table.Seating
	if shutdown {
		g, seating, err = r.Freeze()
	} else {
		g, seating, err = r.Snapshot(user)
	}
	if err != nil {
		return "", err
	}
	g.UI = map[string]string{uiHost: seating.Host, uiLevel: r.Config().Level}
	for i, u := range seating.Users {
		if u != "" {
			g.UI[uiUser+strconv.Itoa(i)] = u
		}
	}
	err = save.Write(path, g)
	switch {
	case err != nil:
		r.Notify("The game could not be saved.")
		return "", fmt.Errorf("saving room %s: %w", r.Name(), err)
	case shutdown:
		r.Notify(fmt.Sprintf("The server is shutting down. The game is saved: come back with ssh -t ... %s", r.Name()))
	default:
		r.Notify(fmt.Sprintf("The host saved the game (%s).", r.Name()))
	}
	return r.Name(), nil
}

// restoreRoom makes a room from saved game g, as the server finds it when
// it starts: every person's seat waits for them (found by the identity
// kept in the save) and the former host starts the game again. Grace and
// Pace come from cfg; the rules, seed and levels from the save, checked
// against ai.Levels and brought down to the lobby's MaxLevel.
func (l *Lobby) restoreRoom(name string, g save.Game, cfg RoomConfig) (*Room, error) {
	if lv := g.UI[uiLevel]; lv != "" {
		cfg.Level = lv
	}
	var err error
	if cfg.Level, err = l.level(cfg.Level); err != nil {
		return nil, err
	}
	g.Seats = slices.Clone(g.Seats)
	users := make([]string, len(g.Seats))
	humans := 0
	for i, s := range g.Seats {
		if u := g.UI[uiUser+strconv.Itoa(i)]; s.Human && u != "" {
			users[i] = u
			humans++
		}
		if s.Level != "" {
			if g.Seats[i].Level, err = l.level(s.Level); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	if humans == 0 {
		return nil, errors.New("nobody to come back to the game")
	}
	cfg.Pool = l.Pool
	t, err := table.FromRecord(name, g, users, g.UI[uiHost], true, cfg, l.Now)
	if err != nil {
		return nil, err
	}
	return &Room{Table: t}, nil
}

// MaxSaveAge is the age beyond which a saved room is no longer brought
// back at start; its file stays.
const MaxSaveAge = 7 * 24 * time.Hour

// SaveAll saves every started room for a shutdown: each room stops moving,
// is written to disk and tells its people. It returns the names saved and
// the first error.
func (l *Lobby) SaveAll() ([]string, error) {
	var names []string
	var first error
	for _, r := range l.roomList() {
		if !r.Started() || r.Ended() {
			continue // a restored room not started again is on disk as it was
		}
		name, err := r.save("", true)
		if err != nil && !errors.Is(err, ErrEnded) {
			if first == nil {
				first = err
			}
			continue
		}
		if err == nil {
			names = append(names, name)
		}
	}
	return names, first
}

// Restore brings back the rooms saved in l.Dir, each as a room waiting for
// its people. A file that cannot be read, or that does not fit, is
// reported in the errors and left where it is.
func (l *Lobby) Restore(cfg RoomConfig) (restored []string, errs []error) {
	if l.Dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(l.Dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, []error{err}
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), roomExt)
		if !ok || !e.Type().IsRegular() || !roomName.MatchString(name) {
			continue
		}
		g, err := save.Read(filepath.Join(l.Dir, e.Name()))
		if err != nil {
			errs = append(errs, fmt.Errorf("room %s: %v", name, err))
			continue
		}
		if now := l.now(); !g.Saved.IsZero() && now.Sub(g.Saved) > MaxSaveAge {
			errs = append(errs, fmt.Errorf("room %s: saved %s, more than %v ago", name, g.Saved.Format(time.DateOnly), MaxSaveAge))
			continue
		}
		if err := l.add(name, func() (*Room, error) { return l.restoreRoom(name, g, cfg) }); err != nil {
			errs = append(errs, fmt.Errorf("room %s: %v", name, err))
			continue
		}
		restored = append(restored, name)
	}
	return restored, errs
}
