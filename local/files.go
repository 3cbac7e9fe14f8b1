package local

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// WriteSave saves game g at the path the player typed (save.Path
// resolves bare names into the save folder) and returns where it went, in
// full. Only a bare name or a full path (/…, ~/…) is taken: a relative
// one would depend on where mille was started.
func WriteSave(name string, g record.Game) (string, error) {
	name = strings.TrimSpace(name)
	home := "~" + string(filepath.Separator)
	if strings.ContainsAny(name, `/\`+string(filepath.Separator)) && !filepath.IsAbs(name) && !strings.HasPrefix(name, home) {
		// "../../x" would land wherever mille was started from.
		dir, _ := save.Dir()
		return "", lang.Err(lang.ErrSaveName, name, dir)
	}
	if filepath.Base(name) == name && strings.HasPrefix(name, ".") {
		return "", lang.Err(lang.ErrSaveDot, name)
	}
	path, err := save.Path(name)
	if err != nil {
		return "", err
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return path, save.Write(path, g)
}

// Load reads a saved game that a person can play: one of its seats must
// be a person's.
func Load(path string) (record.Game, error) {
	path = SavePath(path)
	g, err := save.Read(path)
	if err != nil {
		return record.Game{}, err
	}
	for _, s := range g.Seats {
		if s.Human {
			return g, nil
		}
	}
	return record.Game{}, lang.Err(lang.ErrNoPersonIn, path)
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

// Autosave keeps game g in save's autosave file.
func Autosave(g record.Game) error { return save.WriteAutosave(g) }

// RecordHand adds the hand just over to the lifetime statistics of the
// person at seat and sums up their record against this kind of opponent in
// a line in cat's language.
func RecordHand(g record.Game, seat int, cat *lang.Catalogue) (string, error) {
	st, err := save.UpdateStats(&g, seat)
	if err != nil {
		return "", lang.Err(lang.ErrStatsNotRecorded, err)
	}
	opp := save.OpponentLevel(&g, seat)
	r := st.ByOpponent[opp]
	if r.Games == 0 { // no game finished yet: "0 of 0 games" says nothing
		return cat.T(lang.StatsLine, cat.Level(opp), r.HandsWon, r.Hands, st.Best.Score), nil
	}
	return cat.T(lang.StatsLineGames, cat.Level(opp), r.HandsWon, r.Hands, r.GamesWon, r.Games, st.Best.Score), nil
}

// HandRecorder is the Config.HandOver of a local game: RecordHand, and at
// the end of a game, the game kept for review among the last keep
// (save.KeepFinished), and a line saying how to review it; kept, if not
// nil, is told the name it is kept under (the exit line says it again).
func HandRecorder(keep int, cat *lang.Catalogue, kept func(name string)) func(g record.Game, seat int) (string, error) {
	return func(g record.Game, seat int) (string, error) {
		line, err := RecordHand(g, seat, cat)
		if err != nil || g.State.Phase != engine.PhaseGameOver {
			return line, err
		}
		name, err := save.KeepFinished("", g, keep, time.Now())
		if err != nil {
			return line, lang.Err(lang.ErrKeepForReview, err)
		}
		if name != "" {
			line += cat.T(lang.ReviewLater, name)
			if kept != nil {
				kept(name)
			}
		}
		return line, nil
	}
}
