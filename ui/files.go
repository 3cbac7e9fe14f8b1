package ui

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// SaveGame turns the session into what save writes.
func (ss *Session) SaveGame() save.Game {
	seats := make([]save.Seat, len(ss.Seats))
	for i, s := range ss.Seats {
		seats[i] = save.Seat{Name: s.Name, Human: s.Human, Level: s.Level}
		if s.Human {
			seats[i].Level = ""
		}
	}
	return save.Game{
		Seats:   seats,
		State:   *ss.State(),
		History: append([]engine.Action(nil), ss.Actions...),
	}
}

// WriteSave saves the session at the path the player typed (save.Path
// resolves bare names into the save folder) and returns where it went.
func WriteSave(name string, ss *Session) (string, error) {
	path, err := save.Path(name)
	if err != nil {
		return "", err
	}
	return path, save.Write(path, ss.SaveGame())
}

// Load reads a saved game and rebuilds its session, history included, so
// that undo works after a load.
func Load(path string) (*Session, error) {
	path = SavePath(path)
	g, err := save.Read(path)
	if err != nil {
		return nil, err
	}
	setup := Setup{Config: g.State.Config, Seed: g.State.Seed, Seats: make([]Seat, len(g.Seats))}
	for i, s := range g.Seats {
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("Player %d", i+1)
		}
		setup.Seats[i] = Seat{Name: name, Human: s.Human, Level: s.Level}
		if !s.Human && s.Level == "" {
			setup.Seats[i].Level = "medium"
		}
	}
	if !hasHuman(setup.Seats) {
		return nil, fmt.Errorf("%s: no seat is a person's", path)
	}
	ss, err := Resume(setup, g.History)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ss, nil
}

// SavePath is the file "mille NAME" means: NAME if it exists, else the
// save of that name in the save folder ("mille monday" finds
// monday.mille.json there); absolute when it can be, so that the save
// dialog offers the same file whatever the folder.
func SavePath(name string) string {
	path := name
	if _, err := os.Stat(path); err != nil {
		if p, perr := save.Path(path); perr == nil {
			if _, serr := os.Stat(p); serr == nil {
				path = p
			}
		}
	}
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

func hasHuman(seats []Seat) bool {
	for _, s := range seats {
		if s.Human {
			return true
		}
	}
	return false
}

// Autosave keeps the session in save's autosave file.
func Autosave(ss *Session) error { return save.WriteAutosave(ss.SaveGame()) }

// RecordHand adds the hand just over to the human's lifetime statistics
// and sums up their record against this kind of opponent in a line.
func RecordHand(ss *Session) (string, error) {
	g := ss.SaveGame()
	st, err := save.UpdateStats(&g, ss.Human)
	if err != nil {
		return "", err
	}
	opp := save.OpponentLevel(&g, ss.Human)
	r := st.ByOpponent[opp]
	return fmt.Sprintf("Against %s: %d of %d hands won, %d of %d games · best hand %d",
		opp, r.HandsWon, r.Hands, r.GamesWon, r.Games, st.Best.Score), nil
}
