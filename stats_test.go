package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

func TestStatsCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(append([]string{"stats"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}

	if code, out, _ := run(); code != 0 || !strings.Contains(out, "No hands played yet") {
		t.Errorf("no stats: %d %q", code, out)
	}

	st := save.Stats{
		ByOpponent: map[string]save.Record{
			"hard":  {Games: 3, GamesWon: 2, Hands: 31, HandsWon: 17},
			"easy":  {Games: 1, GamesWon: 1, Hands: 8, HandsWon: 6},
			"mixed": {Hands: 2, HandsWon: 0},
		},
		Best:         save.BestHand{Score: 2150, Opponent: "hard", Players: 2, When: time.Date(2026, 11, 21, 10, 40, 0, 0, time.UTC)},
		CoupsFourres: 7,
		Last:         "1/0/3",
	}
	if err := save.WriteStats(filepath.Join(dir, save.StatsName), st); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run()
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"Opponents  Games   Won         Hands   Won\n",
		"easy           1     1 (100%)      8     6 (75%)\n",
		"hard           3     2 (67%)      31    17 (55%)\n",
		"mixed          0     0             2     0 (0%)\n",
		"all            4     3 (75%)      41    23 (56%)\n",
		"Best hand:     2150 points, 2 players against hard, 21 Nov 2026",
		"Coups fourrés: 7",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "easy") > strings.Index(out, "hard") {
		t.Error("levels are not weakest first")
	}

	code, out, _ = run("--json")
	back, err := save.DecodeStats(strings.NewReader(out))
	if code != 0 || err != nil || back.CoupsFourres != 7 || back.ByOpponent["hard"] != st.ByOpponent["hard"] {
		t.Errorf("--json: %d %v\n%s", code, err, out)
	}

	os.WriteFile(filepath.Join(dir, save.StatsName), []byte("{"), 0o600)
	if code, _, errs := run(); code != 1 || !strings.Contains(errs, "stats.json: not valid JSON") {
		t.Errorf("damaged file: %d %q", code, errs)
	}
	if code, _, _ := run("extra"); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}

// TestStatsRatings: mille stats rates the play of the finished games kept
// whose review is kept too, and says the trend; the others it counts.
func TestStatsRatings(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	g, err := save.Read(filepath.Join("review", "testdata", "blunder"+save.Ext))
	if err != nil {
		t.Fatal(err)
	}
	if err := save.WriteStats(filepath.Join(dir, save.StatsName), save.Stats{ByOpponent: map[string]save.Record{"hard": {Hands: 1}}}); err != nil {
		t.Fatal(err)
	}
	for _, day := range []int{21, 22} {
		if _, err := save.KeepFinished(dir, g, 20, time.Date(2026, 11, day, 10, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"stats"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "2 finished games kept are not reviewed yet") {
		t.Fatalf("before the review: %d %q %q", code, out.String(), errb.String())
	}
	cache, err := review.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	// A quick analysis kept as the normal one mille review makes: the
	// same figures' kind, in a fraction of the time.
	r, err := review.Analyse(context.Background(), g, review.Options{Depth: review.Quick})
	if err != nil {
		t.Fatal(err)
	}
	r.Depth = review.Normal
	if err := review.Store(cache, r); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	run([]string{"stats"}, &out, &errb)
	for _, want := range []string{"Your play in the finished games reviewed", "points lost per decision", ", like ", "Trend: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// TestStatsInFrench: mille stats speaks the command line's language, its
// table's columns as wide as their French headings, its numbers as
// French writes them.
func TestStatsInFrench(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(save.DirEnv, dir)
	t.Setenv("MILLE_CONFIG_DIR", t.TempDir())
	t.Setenv("LC_ALL", "fr_FR.UTF-8")
	t.Cleanup(func() { cliCat.Store(nil) })
	st := save.Stats{
		ByOpponent: map[string]save.Record{"hard": {Games: 3, GamesWon: 2, Hands: 31, HandsWon: 17}},
		Best:       save.BestHand{Score: 2150, Opponent: "hard", Players: 2, When: time.Date(2026, 11, 21, 10, 40, 0, 0, time.UTC)},
	}
	if err := save.WriteStats(filepath.Join(dir, save.StatsName), st); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"stats"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"Statistiques de toujours", "Adversaires  Parties gagnées", "(67\u00a0%)", "fort", "Meilleure manche\u00a0: 2\u00a0150 points, 2 joueurs contre fort, 21/11/2026"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("mille stats in French lacks %q:\n%s", want, out.String())
		}
	}
	for _, english := range []string{"Opponents", "Best hand", "Lifetime"} {
		if strings.Contains(out.String(), english) {
			t.Errorf("mille stats in French says %q:\n%s", english, out.String())
		}
	}
}

// TestRatingLines: each game's rating names its band of levels in the
// catalogue's language ("hard/expert" is two levels), and the figures
// line up however long the games' names.
func TestRatingLines(t *testing.T) {
	rated := []review.Rating{
		{PerDecision: 6, Label: "strong", Like: "hard/expert"},
		{PerDecision: 33.2, Label: "casual", Like: "easy"},
	}
	names := []string{"2026-11-26-1850", "2026-11-26-1850-02"}
	fr := ratingLines(&lang.French, names, rated)
	if want := lang.French.Level("hard") + "/" + lang.French.Level("expert"); !strings.HasSuffix(fr[0], want) {
		t.Errorf("French band: %q, want it to end with %q", fr[0], want)
	}
	if !strings.HasSuffix(fr[1], lang.French.Level("easy")) {
		t.Errorf("French level: %q", fr[1])
	}
	for _, lines := range [][]string{fr, ratingLines(&lang.English, names, rated)} {
		if a, b := strings.Index(lines[0], "points"), strings.Index(lines[1], "points"); a != b {
			t.Errorf("figures not lined up (%d, %d):\n%s", a, b, strings.Join(lines, "\n"))
		}
	}
}
