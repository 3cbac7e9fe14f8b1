package save

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// playToHandEnd plays random actions until the hand is over.
func playToHandEnd(t testing.TB, g *record.Game, rng *rand.Rand) {
	t.Helper()
	for i := 0; !g.State.HandOver(); i++ {
		if i > 2000 {
			t.Fatal("the hand does not end")
		}
		playRandom(t, g, rng, 1)
	}
}

func TestRecordHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	now := time.Date(2026, 11, 21, 10, 40, 0, 0, time.UTC)
	for _, cfg := range configs {
		g, err := record.New(cfg, rng.Uint64(), testSeats(cfg.Players))
		if err != nil {
			t.Fatal(err)
		}
		var st Stats
		if st.RecordHand(&g, 0, now) {
			t.Fatal("recorded a hand in progress")
		}
		var want Record
		cf, best := 0, 0
		for hands := 0; hands < 40 && want.Games < 2; hands++ {
			playToHandEnd(t, &g, rng)
			s := &g.State
			side := cfg.SideOf(0)
			want.Hands++
			score := s.HandScores[side].Total()
			won := true
			for o := 0; o < s.Sides(); o++ {
				won = won && (o == side || s.HandScores[o].Total() < score)
			}
			if won {
				want.HandsWon++
			}
			if s.Phase == engine.PhaseGameOver {
				want.Games++
				if int(s.Winner) == side {
					want.GamesWon++
				}
			}
			for _, sf := range engine.AllSafeties {
				if s.Tableaus[side].HasCoupFourre(sf) {
					cf++
				}
			}
			best = max(best, score)
			if !st.RecordHand(&g, 0, now) {
				t.Fatal("the hand was not recorded")
			}
			if st.RecordHand(&g, 0, now) {
				t.Fatal("the same hand was recorded twice")
			}
			if err := g.Apply(engine.Continue); err != nil {
				t.Fatal(err)
			}
		}
		level := OpponentLevel(&g, 0)
		if got := st.ByOpponent[level]; got != want || len(st.ByOpponent) != 1 {
			t.Errorf("%v: record %+v against %q, want %+v", cfg, st.ByOpponent, level, want)
		}
		if st.CoupsFourres != cf || st.Best.Score != best || (best > 0 && !st.Best.When.Equal(now)) {
			t.Errorf("%v: coups fourrés %d best %+v, want %d and %d", cfg, st.CoupsFourres, st.Best, cf, best)
		}
		// The statistics survive the file.
		data, err := MarshalStats(st)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeStats(bytes.NewReader(data))
		if err != nil || !reflect.DeepEqual(back, st) {
			t.Errorf("%v: stats round trip: %v\n%+v\n%+v", cfg, err, back, st)
		}
	}
}

func TestOpponentLevel(t *testing.T) {
	for _, tt := range []struct {
		players int
		seats   []record.Seat
		want    string
	}{
		{2, []record.Seat{{Human: true}, {Level: "hard"}}, "hard"},
		{2, []record.Seat{{Human: true}, {Human: true}}, "human"},
		{3, []record.Seat{{Human: true}, {Level: "hard"}, {Level: "easy"}}, "mixed"},
		// Partners (seats 0 and 2) are not opponents.
		{4, []record.Seat{{Human: true}, {Level: "expert"}, {Level: "easy"}, {Level: "expert"}}, "expert"},
	} {
		g := record.Game{Seats: tt.seats, State: engine.State{Config: engine.Config{Players: tt.players}}}
		if got := OpponentLevel(&g, 0); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.seats, got, tt.want)
		}
	}
}

func TestUpdateStats(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DirEnv, dir)
	g := sampleGame(t, engine.DefaultConfig, 5, 0)
	playToHandEnd(t, &g, newRand(5))
	st, err := UpdateStats(&g, 0)
	if err != nil || st.Total().Hands != 1 {
		t.Fatalf("UpdateStats: %+v, %v", st, err)
	}
	// Resuming an autosave made at the end of the hand counts it once.
	if st, err = UpdateStats(&g, 0); err != nil || st.Total().Hands != 1 {
		t.Fatalf("again: %+v, %v", st, err)
	}
	p := filepath.Join(dir, StatsName)
	if st2, err := ReadStats(p); err != nil || !reflect.DeepEqual(st2, st) {
		t.Fatalf("ReadStats: %+v, %v", st2, err)
	}

	// A damaged file is reported and kept.
	damaged := []byte(`{"format": "mille-stats", "schema": 1, "opponents": {"hard": {"games": -1}}}`)
	os.WriteFile(p, damaged, 0o600)
	_, err = UpdateStats(&g, 0)
	refusedAs(t, err, p, RefDamaged)
	if b, _ := os.ReadFile(p); !bytes.Equal(b, damaged) {
		t.Error("the damaged statistics were overwritten")
	}
}

func TestDecodeStatsRefuses(t *testing.T) {
	for _, tt := range []struct {
		data string
		want any // the refusal's code, or a damaged file's fault
	}{
		{`{"format": "mille", "schema": 1}`, RefNotStats},
		{`{"format": "mille-stats", "schema": 2}`, RefStatsNewer},
		{`{"format": "mille-stats", "schema": 1, "opponents": {}, "coupsFourres": 0}`, detail{"", FaultMissingField}},
		{`{"format": "mille-stats", "schema": 1, "opponents": {"easy": {"games": 1, "gamesWon": 2, "hands": 0, "handsWon": 0}}, "coupsFourres": 0, "last": ""}`, detail{"opponents.easy", FaultRange}},
		{`{"format": "mille-stats", "schema": 1, "opponents": {}, "coupsFourres": 1e99, "last": ""}`, detail{"coupsFourres", FaultNotWhole}},
		{`{"format": "mille-stats", "schema": 1, "opponents": {}, "coupsFourres": 0, "last": "", "bestHand": {"score": 5, "opponent": "x", "players": 9, "when": "2026-11-21T10:40:00Z"}}`, detail{"bestHand", FaultRange}},
		{strings.Repeat("{", 50), RefTooDeep},
	} {
		_, err := DecodeStats(strings.NewReader(tt.data))
		why, got := fault(t, err)
		if want, ok := tt.want.(Reason); ok && why != want || !ok && (why != RefDamaged || got != tt.want.(detail)) {
			t.Errorf("%.60s: %v, want %v", tt.data, err, tt.want)
		}
	}
}

// TestDecodeStatsBestHand: the best hand's time is read only as it is
// written (RFC 3339 as time.RFC3339Nano prints it, year 1 to 9999), and a
// best hand of no points is refused, since neither would be saved the
// same way again.
func TestDecodeStatsBestHand(t *testing.T) {
	for _, tt := range []struct {
		score int
		when  string
		ok    bool
	}{
		{2150, "2026-11-21T10:40:00Z", true},
		{2150, "2026-11-21T12:40:00.5+02:00", true},
		{2150, "0001-01-01T00:00:00Z", true},
		{2150, "9999-12-31T23:59:59Z", true},
		{2150, "2026-11-21T1:40:00Z", false},
		{2150, "0000-01-01T00:00:00Z", false},
		{2150, "2026-11-21T12:40:00.50+02:00", false},
		{2150, "2026-11-21t10:40:00z", false},
		{2150, "2026-11-21 10:40:00Z", false},
		{0, "2026-11-21T10:40:00Z", false},
	} {
		data := fmt.Sprintf(`{"format": "mille-stats", "schema": 1, "opponents": {}, "coupsFourres": 0, "last": "",
			"bestHand": {"score": %d, "opponent": "hard", "players": 2, "when": %q}}`, tt.score, tt.when)
		st, err := DecodeStats(strings.NewReader(data))
		if (err == nil) != tt.ok {
			t.Errorf("score %d at %s: %v, want accepted %v", tt.score, tt.when, err, tt.ok)
			continue
		}
		if err != nil {
			continue
		}
		// Saved again, it reads the same, and a third save is the second.
		again, err := MarshalStats(st)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeStats(bytes.NewReader(again))
		third, _ := MarshalStats(back)
		if err != nil || !reflect.DeepEqual(back, st) || !bytes.Equal(third, again) {
			t.Errorf("%s changes when saved again: %v\n%s", tt.when, err, again)
		}
	}
}

func TestWriteStatsRefusesUnreadable(t *testing.T) {
	p := filepath.Join(t.TempDir(), StatsName)
	st := Stats{ByOpponent: map[string]Record{"": {Hands: 1}}}
	if err := WriteStats(p, st); err == nil {
		t.Error("wrote stats with an empty opponent name")
	}
	g := record.Game{Seats: []record.Seat{{Human: true}, {}}, State: engine.State{Config: engine.DefaultConfig}}
	if got := OpponentLevel(&g, 0); got != "computer" {
		t.Errorf("a computer without a level: %q", got)
	}
}

// statsUpdaterEnv makes the test binary a second mille updating the
// statistics (TestStatsUpdater): "FIRST COUNT", the seeds of its hands.
const statsUpdaterEnv = "MILLE_STATS_UPDATER"

// endedHands returns count games, each with a different hand just over.
func endedHands(t testing.TB, first uint64, count int) []record.Game {
	games := make([]record.Game, count)
	for i := range games {
		seed := first + uint64(i)
		games[i] = sampleGame(t, engine.DefaultConfig, seed, 0)
		playToHandEnd(t, &games[i], newRand(seed))
	}
	return games
}

// TestStatsUpdater is not a test: run by TestUpdateStatsTogether with
// statsUpdaterEnv set, it is another mille recording hands in the same
// statistics file. It says READY and records them when told GO.
func TestStatsUpdater(t *testing.T) {
	var first uint64
	var count int
	if _, err := fmt.Sscan(os.Getenv(statsUpdaterEnv), &first, &count); err != nil {
		t.Skip("a helper process of TestUpdateStatsTogether")
	}
	games := endedHands(t, first, count)
	fmt.Println("READY")
	if line, _ := bufio.NewReader(os.Stdin).ReadString('\n'); line != "GO\n" {
		t.Fatalf("told %q", line)
	}
	for i := range games {
		if _, err := UpdateStats(&games[i], 0); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUpdateStatsTogether: several goroutines and a second process record
// hands in one statistics file at once; no hand is lost.
func TestUpdateStatsTogether(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DirEnv, dir)
	const goroutines, each = 4, 10

	other := exec.Command(os.Args[0], "-test.run=^TestStatsUpdater$")
	other.Env = append(os.Environ(), fmt.Sprintf("%s=%d %d", statsUpdaterEnv, 1000, each))
	tell, _ := other.StdinPipe()
	out, _ := other.StdoutPipe()
	other.Stderr = os.Stderr
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "READY\n" {
		other.Process.Kill()
		t.Fatalf("the other process says %q", line)
	}
	var hands [goroutines][]record.Game
	for g := range hands {
		hands[g] = endedHands(t, uint64(2000+100*g), each)
	}
	io.WriteString(tell, "GO\n")
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*each)
	for g := range hands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range hands[g] {
				if _, err := UpdateStats(&hands[g][i], 0); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := other.Wait(); err != nil {
		t.Fatalf("the other process: %v", err)
	}
	st, err := ReadStats(filepath.Join(dir, StatsName))
	if want := goroutines*each + each; err != nil || st.Total().Hands != want {
		t.Errorf("%d hands recorded, want %d (%v)", st.Total().Hands, want, err)
	}
}
