package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// StatsFormat is the format name of the statistics file.
const StatsFormat = "mille-stats"

// StatsSchema is the version of the statistics file this mille writes.
const StatsSchema = 1

// Limits of the statistics file.
const (
	maxStatsSize   = 1 << 20
	maxStatsLevels = 64
)

// Stats is the player's lifetime record, kept in StatsName in Dir and
// updated at the end of every hand (UpdateStats).
type Stats struct {
	// ByOpponent holds the record against each kind of opponent, keyed by
	// OpponentLevel: a computer level ("easy", "hard"), "human" or "mixed".
	ByOpponent map[string]Record
	// Best is the best hand the player's side has scored.
	Best BestHand
	// CoupsFourres counts the coups fourrés the player's side has made.
	CoupsFourres int
	// Last identifies the last hand recorded, so that recording the same
	// hand again (say after resuming an autosave made at the end of a
	// hand) counts it once.
	Last string
}

// Record is the games and hands played and won against one kind of
// opponent. A hand is won by scoring more than every other side in it; a
// game by winning it (a tied bsd game is played, not won).
type Record struct {
	Games    int `json:"games"`
	GamesWon int `json:"gamesWon"`
	Hands    int `json:"hands"`
	HandsWon int `json:"handsWon"`
}

// BestHand is the best hand score and when and against whom it was made.
type BestHand struct {
	Score    int       // points in the hand; 0 if no hand yet
	Opponent string    // OpponentLevel of that game
	Players  int       // players at the table
	When     time.Time // when the hand ended
}

// Total adds up the records against every opponent.
func (st *Stats) Total() Record {
	var t Record
	for _, r := range st.ByOpponent {
		t.Games += r.Games
		t.GamesWon += r.GamesWon
		t.Hands += r.Hands
		t.HandsWon += r.HandsWon
	}
	return t
}

// OpponentLevel names what seat plays against in g, for the statistics:
// the level shared by every computer seat on the other sides, "human" if
// they are all people, or "mixed" ("computer" for a seat without a level).
func OpponentLevel(g *record.Game, seat int) string {
	cfg := g.State.Config
	level := ""
	for i, s := range g.Seats {
		if cfg.SideOf(i) == cfg.SideOf(seat) {
			continue
		}
		l := s.Level
		switch {
		case s.Human:
			l = "human"
		case l == "" || len(l) > record.MaxLevelLen || !record.Printable(l):
			l = "computer" // a Game that skipped Check; keep stats.json readable
		}
		switch level {
		case "":
			level = l
		case l:
		default:
			return "mixed"
		}
	}
	return level
}

// RecordHand counts the hand that has just ended in g for the player at
// seat, and the game too if the hand ended it. It reports whether it
// counted anything: nothing if the hand is not over, or if it is the hand
// recorded last. Call it once the state reaches engine.PhaseHandOver or
// engine.PhaseGameOver (UpdateStats also reads and writes the file).
func (st *Stats) RecordHand(g *record.Game, seat int, now time.Time) bool {
	s := &g.State
	if !s.HandOver() || seat < 0 || seat >= s.Config.Players || len(g.Seats) != s.Config.Players {
		return false
	}
	key := fmt.Sprintf("%d/%d/%d", s.Seed, s.Game, s.Hand)
	if key == st.Last {
		return false
	}
	st.Last = key
	side := s.Config.SideOf(seat)
	opp := OpponentLevel(g, seat)
	if st.ByOpponent == nil {
		st.ByOpponent = make(map[string]Record)
	}
	r := st.ByOpponent[opp]
	r.Hands++
	score := s.HandScores[side].Total()
	won := true
	for o := 0; o < s.Sides(); o++ {
		if o != side && s.HandScores[o].Total() >= score {
			won = false
		}
	}
	if won {
		r.HandsWon++
	}
	if s.Phase == engine.PhaseGameOver {
		r.Games++
		if int(s.Winner) == side {
			r.GamesWon++
		}
	}
	st.ByOpponent[opp] = r
	st.CoupsFourres += bits.OnesCount8(s.Tableaus[side].CoupsFourres)
	if score > st.Best.Score {
		st.Best = BestHand{Score: score, Opponent: opp, Players: s.Config.Players, When: now.UTC().Truncate(time.Second)}
	}
	return true
}

// StatsPath returns the path of the statistics file, in Dir.
func StatsPath() (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, StatsName), nil
}

// UpdateStats records the hand that has just ended in g for the player at
// seat (Stats.RecordHand) in the statistics file, and returns the updated
// statistics. Call it at the end of every hand, for the human seat. A
// damaged statistics file is left alone and reported, not overwritten.
// The read, the update and the write hold a lock on the file (lockFile
// on StatsName's ".lock" file), so that several mille at once lose no hand.
func UpdateStats(g *record.Game, seat int) (Stats, error) {
	p, err := StatsPath()
	if err != nil {
		return Stats{}, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return Stats{}, err
	}
	unlock, err := lockFile(statsLockPath(p))
	if err != nil {
		return Stats{}, inFile(p, refuse(RefStatsLock, err))
	}
	defer unlock()
	st, err := ReadStats(p)
	if err != nil {
		return st, err
	}
	if st.RecordHand(g, seat, time.Now()) {
		err = WriteStats(p, st)
	}
	return st, err
}

// statsLockPath is the lock file of the statistics at path, hidden beside
// them.
func statsLockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// The statistics file's shape.
type statsJSON struct {
	Format       string            `json:"format"`
	Schema       int               `json:"schema"`
	Opponents    map[string]Record `json:"opponents" max:"64"`
	BestHand     *bestJSON         `json:"bestHand,omitempty"`
	CoupsFourres int               `json:"coupsFourres"`
	Last         string            `json:"last"`
}

type bestJSON struct {
	Score    int    `json:"score"`
	Opponent string `json:"opponent"`
	Players  int    `json:"players"`
	When     string `json:"when"`
}

// ReadStats reads the statistics at path. A missing file gives empty
// statistics and no error; a damaged one a one-line error naming path.
func ReadStats(path string) (Stats, error) {
	st, err := readStats(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stats{}, nil
	}
	if err != nil {
		return Stats{}, inFile(path, err)
	}
	return st, nil
}

func readStats(path string) (Stats, error) {
	f, err := os.Open(path)
	if err != nil {
		return Stats{}, unwrapPath(err)
	}
	defer f.Close()
	return DecodeStats(f)
}

// DecodeStats reads statistics from r, checking them as Decode checks a
// save: format, schema, shape and ranges.
func DecodeStats(r io.Reader) (Stats, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxStatsSize+1))
	if err != nil {
		return Stats{}, unwrapPath(err)
	}
	if len(data) > maxStatsSize {
		return Stats{}, refuse(RefStatsTooLarge, maxStatsSize>>20)
	}
	if err := checkSyntax(data); err != nil {
		return Stats{}, err
	}
	st, err := decodeStats(data)
	if e := (*Error)(nil); err != nil && !errors.As(err, &e) {
		err = damaged(err)
	}
	return st, err
}

// decodeStats decodes statistics whose syntax is checked.
func decodeStats(data []byte) (Stats, error) {
	var head struct {
		Format *string `json:"format"`
		Schema *int    `json:"schema"`
	}
	_ = json.Unmarshal(data, &head) // as in decodeBytes
	switch {
	case head.Format == nil || *head.Format != StatsFormat:
		return Stats{}, refuse(RefNotStats)
	case head.Schema == nil:
		return Stats{}, refuse(RefNoSchema)
	case *head.Schema > StatsSchema:
		return Stats{}, refuse(RefStatsNewer, *head.Schema, StatsSchema)
	case *head.Schema < StatsSchema:
		return Stats{}, refuse(RefStatsSchema, *head.Schema)
	}
	var j statsJSON
	if err := decodeStrict(data, &j); err != nil {
		return Stats{}, err
	}
	st := Stats{ByOpponent: j.Opponents, CoupsFourres: j.CoupsFourres, Last: j.Last}
	if len(j.Opponents) > maxStatsLevels {
		return Stats{}, &record.FieldError{Field: "opponents", Err: newFault(FaultTooMany, maxStatsLevels)}
	}
	for k, r := range j.Opponents {
		if k == "" || len(k) > record.MaxLevelLen || !record.Printable(k) {
			return Stats{}, &record.FieldError{Field: "opponents", Err: newFault(FaultNotLevel, k)}
		}
		if r.Games < 0 || r.Hands < 0 || r.GamesWon < 0 || r.HandsWon < 0 || r.GamesWon > r.Games || r.HandsWon > r.Hands {
			return Stats{}, &record.FieldError{Field: "opponents." + k, Err: newFault(FaultRange)}
		}
	}
	if j.CoupsFourres < 0 {
		return Stats{}, &record.FieldError{Field: "coupsFourres", Err: newFault(FaultRange)}
	}
	if len(j.Last) > 64 || !record.Printable(j.Last) {
		return Stats{}, &record.FieldError{Field: "last", Err: newFault(FaultNotHand)}
	}
	if b := j.BestHand; b != nil {
		when, ok := parseTime(b.When)
		if !ok {
			return Stats{}, &record.FieldError{Field: "bestHand.when", Err: newFault(FaultNotTime, b.When)}
		}
		// MarshalStats leaves out a best hand of no points: one here would
		// not be saved again.
		if b.Score < 1 || b.Players < 2 || b.Players > engine.MaxSeats || len(b.Opponent) > record.MaxLevelLen || !record.Printable(b.Opponent) {
			return Stats{}, &record.FieldError{Field: "bestHand", Err: newFault(FaultRange)}
		}
		st.Best = BestHand{Score: b.Score, Opponent: b.Opponent, Players: b.Players, When: when.UTC().Truncate(time.Second)}
	}
	return st, nil
}

// parseTime reads a time as time.RFC3339Nano prints it, year 1 to 9999,
// and nothing else: what time.Parse also accepts ("T1:00:00Z", year 0)
// would not be written the same way again.
func parseTime(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil && t.Year() >= 1 && t.Year() <= 9999 && t.Format(time.RFC3339Nano) == s
}

// MarshalStats returns the statistics file's bytes for st.
func MarshalStats(st Stats) ([]byte, error) {
	j := statsJSON{
		Format: StatsFormat, Schema: StatsSchema, Opponents: st.ByOpponent,
		CoupsFourres: st.CoupsFourres, Last: st.Last,
	}
	if j.Opponents == nil {
		j.Opponents = map[string]Record{}
	}
	if b := st.Best; b.Score > 0 {
		j.BestHand = &bestJSON{Score: b.Score, Opponent: b.Opponent, Players: b.Players, When: b.When.UTC().Format(time.RFC3339)}
	}
	compact, err := json.Marshal(&j)
	if err != nil {
		return nil, err
	}
	data, err := indentJSON(compact)
	if err != nil {
		return nil, err
	}
	// Never write a file that would not read back.
	if _, err := DecodeStats(bytes.NewReader(data)); err != nil {
		return nil, err
	}
	return data, nil
}

// WriteStats writes st to path atomically (WriteFile), refusing symbolic
// links as Write does.
func WriteStats(path string, st Stats) error {
	data, err := MarshalStats(st)
	if err == nil {
		err = checkLink(path)
	}
	if err != nil {
		return inFile(path, err)
	}
	return WriteFile(path, data)
}
