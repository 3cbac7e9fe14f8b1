package review

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// heuristicGame plays decisions actions of a game of cfg from seed with
// the heuristic in every seat (seat 0 a person's), or the whole first
// hand when decisions is 0.
func heuristicGame(t testing.TB, cfg engine.Config, seed uint64, decisions int) record.Game {
	t.Helper()
	seats := make([]record.Seat, cfg.Players)
	seats[0].Human = true
	for p := 1; p < cfg.Players; p++ {
		seats[p].Level = "heuristic"
	}
	g, err := record.New(cfg, seed, seats)
	if err != nil {
		t.Fatal(err)
	}
	h := ai.NewHeuristic()
	var buf [engine.MaxLegal]engine.Action
	for n := 0; !g.State.HandOver() && (decisions == 0 || n < decisions); {
		legal := g.State.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(&g.State, g.State.ToAct())
			a = h.Choose(context.Background(), &obs, legal)
			n++
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestHiddenCards: the analysis of a decision is the same for two whole
// states that differ in every hidden card but share the seat's
// observation.
func TestHiddenCards(t *testing.T) {
	for _, cfg := range []engine.Config{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 2, Rules: engine.BSD}} {
		g := heuristicGame(t, cfg, 5, 12)
		real := g.State
		seat := real.ToAct()
		obs := engine.Observe(&real, seat)
		var buf [engine.MaxLegal]engine.Action
		legal := real.Legal(buf[:0])
		played := legal[len(legal)-1]
		want := judgeState(context.Background(), &real, played, Quick, 9)
		for k := range 2 {
			other := engine.Sample(&obs, rand.New(rand.NewPCG(uint64(k), 77)))
			if other.DrawPile == real.DrawPile && other.Hands == real.Hands {
				t.Fatalf("%v: the sample is the real state", cfg)
			}
			if o := engine.Observe(&other, seat); o != obs {
				t.Fatalf("%v: the sample shows the seat another table", cfg)
			}
			got := judgeState(context.Background(), &other, played, Quick, 9)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v: the analysis changed with the hidden cards:\n got %+v\nwant %+v", cfg, got, want)
			}
		}
	}
}

// TestCache: a review encodes and decodes equal, is kept in the cache
// and found there for the same game, depth, seats and seed only.
func TestCache(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.DefaultConfig, 3, 10)
	o := Options{SplitDeals: testSplitDeals, Depth: Quick}
	r, err := Analyse(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 1 || len(r.Hands[0].Decisions) == 0 {
		t.Fatalf("review of %d hands", len(r.Hands))
	}
	data, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("the review does not decode equal:\n got %+v\nwant %+v", back, r)
	}

	dir := t.TempDir()
	if _, ok := Cached(dir, &g, o); ok {
		t.Fatal("found in an empty cache")
	}
	calls := 0
	o.Progress = func(done, total int) { calls++ }
	first, err := AnalyseCached(context.Background(), dir, g, o)
	if err != nil || !reflect.DeepEqual(first, r) {
		t.Fatalf("AnalyseCached: %v, equal %v", err, reflect.DeepEqual(first, r))
	}
	searched := calls
	again, err := AnalyseCached(context.Background(), dir, g, o)
	if err != nil || !reflect.DeepEqual(again, r) {
		t.Fatalf("cached review: %v, equal %v", err, reflect.DeepEqual(again, r))
	}
	if calls != searched+1 {
		t.Errorf("the second review searched again (%d progress calls, then %d)", searched, calls)
	}
	misses := []struct {
		name string
		g    record.Game
		o    Options
	}{
		{"another depth", g, Options{SplitDeals: testSplitDeals, Depth: Normal}},
		{"another seat", g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seats: []int{1}}},
		{"another seed", g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 5}},
		{"another start", g, Options{SplitDeals: testSplitDeals, Depth: Quick, From: 4}},
		{"a longer history", heuristicGame(t, engine.DefaultConfig, 3, 11), Options{SplitDeals: testSplitDeals, Depth: Quick}},
	}
	for _, m := range misses {
		if _, ok := Cached(dir, &m.g, m.o); ok {
			t.Errorf("%s: found in the cache", m.name)
		}
	}

	old := bytes.Replace(data, []byte(fmt.Sprintf(`"version": %d,`, Version)), []byte(`"version": 99,`), 1)
	if _, err := Decode(bytes.NewReader(old)); !errors.Is(err, ErrVersion) {
		t.Errorf("another version: %v", err)
	}
	path := filepath.Join(dir, cacheName(r.History, r.Depth, r.Seats, r.From))
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := Cached(dir, &g, Options{SplitDeals: testSplitDeals, Depth: Quick}); ok {
		t.Error("a review of another version was taken from the cache")
	}
}

// TestDeterministic: the same seed gives the same review whatever the
// number of workers; another seed gives other figures.
func TestDeterministic(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.Config{Players: 3}, 8, 15)
	decided := map[int]Decision{}
	progress := 0
	one, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 7, Workers: 1, Seats: []int{0, 2},
		Decided:  func(d Decision) { decided[d.Index] = d },
		Progress: func(done, total int) { progress = done }})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range one.Hands {
		for _, d := range h.Decisions {
			if !reflect.DeepEqual(decided[d.Index], d) {
				t.Errorf("decision %d was told as %+v, reviewed as %+v", d.Index, decided[d.Index], d)
			}
		}
	}
	if len(decided) != progress || progress == 0 {
		t.Errorf("%d decisions told, progress says %d", len(decided), progress)
	}
	three, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 7, Workers: 3, Seats: []int{2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Error("one worker and three gave different reviews")
	}
	other, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 8, Seats: []int{0, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(one.Hands, other.Hands) {
		t.Error("seeds 7 and 8 gave the same figures")
	}
	if len(one.Hands) != 2 || one.Hands[0].Seat != 0 || one.Hands[1].Seat != 2 {
		t.Errorf("hands of seats 0 and 2 expected, got %d", len(one.Hands))
	}
	// From a place in the history: the same verdicts on the decisions
	// from there on, and none before.
	all := one.Hands[0].Decisions
	from := all[len(all)/2].Index
	part, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 7, Seats: []int{0}, From: from})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := part.Hands[0].Decisions, all[len(all)/2:]; !reflect.DeepEqual(got, want) {
		t.Errorf("from %d: %d decisions, want the last %d of the whole review", from, len(got), len(want))
	}
}

// TestPlantedBlunder: discarding the only Go while stopped with no other
// remedy, in a hand where few Go are left (testdata/blunder.mille.json,
// made by TestMakeBlunder), is a blunder at every depth and seed.
func TestPlantedBlunder(t *testing.T) {
	g, err := save.Read(filepath.Join("testdata", "blunder"+save.Ext))
	if err != nil {
		t.Fatal(err)
	}
	last := len(g.History) - 1
	if g.History[last] != engine.Discard(engine.Go) {
		t.Fatalf("the planted move is %v", g.History[last])
	}
	before := replayTo(t, &g, last)
	if !plantable(&before) {
		t.Fatal("the planted position is not stopped with a single Go and no other remedy")
	}
	for _, depth := range []Depth{Quick, Normal} {
		for seed := uint64(1); seed <= 3; seed++ {
			d := judgeState(context.Background(), &before, engine.Discard(engine.Go), depth, seed)
			if d.Verdict != Blunder {
				t.Errorf("%v, seed %d: %v judged %v (loss %.0f ± %.0f, best %v)",
					depth, seed, d.Played, d.Verdict, d.Loss, d.LossSE, d.Best)
			}
			// Playing the Go is itself a blunder's worth better (the best
			// move may be another that keeps the Go: they are close).
			for _, op := range d.Options {
				if op.Action == engine.Play(engine.Go) && op.Gain < BlunderPoints {
					t.Errorf("%v, seed %d: play Go gains only %.0f ± %.0f", depth, seed, op.Gain, op.GainSE)
				}
			}
			if !strings.Contains(d.Why, " was better, by about ") || !strings.Contains(d.Why, "After discard Go: ") {
				t.Errorf("%v, seed %d: why %q", depth, seed, d.Why)
			}
		}
	}
	// The whole review of the hand finds it too, as its costliest moment.
	r, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick})
	if err != nil {
		t.Fatal(err)
	}
	h := r.Hands[len(r.Hands)-1]
	d := h.Decisions[len(h.Decisions)-1]
	if d.Index != last || d.Verdict != Blunder {
		t.Errorf("the review judges %v at %d %v", d.Played, d.Index, d.Verdict)
	}
	if k := h.Costliest; len(k) == 0 || h.Decisions[k[0]].Index != last {
		t.Errorf("the blunder is not the costliest moment: %v", k)
	}
}

// replayTo returns the state after the first n actions of g's history.
func replayTo(t *testing.T, g *record.Game, n int) engine.State {
	t.Helper()
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range g.History[:n] {
		if err := s.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// plantable reports whether seat 0 is to play in s, stopped (no Go yet, a
// Stop, or a remedy waiting for its Go) with a single Go in hand and no
// Right of Way: the Go is its only way to roll.
func plantable(s *engine.State) bool {
	t := &s.Tableaus[0]
	if s.ToAct() != 0 || s.Phase != engine.PhasePlay || t.Rolling() || t.Has(engine.RightOfWay) ||
		!(t.Battle == engine.NoCard || t.Battle == engine.Stop || t.Battle.IsRemedy()) {
		return false
	}
	gos := 0
	for _, c := range s.Hands[0] {
		switch c {
		case engine.Go:
			gos++
		case engine.RightOfWay:
			return false
		}
	}
	return gos == 1
}

var update = flag.Bool("update", false, "rewrite testdata/blunder.mille.json")

// TestMakeBlunder writes testdata/blunder.mille.json with -update: a 2-player hand of the heuristic (seed 181)
// played up to the first turn where seat 0 is stopped with its only Go
// and at most three Go unseen, where it discards the Go.
func TestMakeBlunder(t *testing.T) {
	if !*update {
		t.Skip("go test ./review -run TestMakeBlunder -update writes testdata/blunder.mille.json")
	}
	g, err := record.New(engine.DefaultConfig, 181, []record.Seat{{Name: "You", Human: true}, {Level: "heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	h := ai.NewHeuristic()
	var buf [engine.MaxLegal]engine.Action
	for !g.State.HandOver() {
		s := &g.State
		if plantable(s) && s.Unseen(0)[engine.Go] <= 3 {
			if err := g.Apply(engine.Discard(engine.Go)); err != nil {
				t.Fatal(err)
			}
			if err := save.Write(filepath.Join("testdata", "blunder"+save.Ext), g); err != nil {
				t.Fatal(err)
			}
			return
		}
		legal := s.Legal(buf[:0])
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(s, s.ToAct())
			a = h.Choose(context.Background(), &obs, legal)
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no plantable position in the hand")
}

func TestJudge(t *testing.T) {
	tests := []struct {
		loss, se float64
		want     Verdict
	}{
		{0, 0, Good},
		{30, 5, Good},
		{InaccuracyPoints, 5, Inaccuracy},
		{MistakePoints, 20, Mistake},
		{MistakePoints, MistakePoints / Noise, Good}, // within the noise
		{BlunderPoints - 1, 10, Mistake},
		{BlunderPoints, 10, Blunder},
		{BlunderPoints, 250, Good},
	}
	for _, tt := range tests {
		if got := Judge(tt.loss, tt.se); got != tt.want {
			t.Errorf("Judge(%v, %v) = %v, want %v", tt.loss, tt.se, got, tt.want)
		}
	}
}

func TestNames(t *testing.T) {
	for _, name := range Depths {
		d, err := ParseDepth(name)
		if err != nil || d.String() != name {
			t.Errorf("depth %q: %v, %v", name, d, err)
		}
	}
	if _, err := ParseDepth("Normal"); !errors.As(err, new(*lang.Error)) || !strings.HasPrefix(lang.French.Error(err), "profondeur inconnue") {
		t.Errorf("ParseDepth(Normal): %v", err)
	}
	for v := Good; v <= Blunder; v++ {
		text, err := v.MarshalText()
		var back Verdict
		if err != nil || back.UnmarshalText(text) != nil || back != v {
			t.Errorf("verdict %v: %q, %v", v, text, err)
		}
	}
	if _, err := Verdict(9).MarshalText(); err == nil {
		t.Error("verdict 9 has a name")
	}
}

func TestSeats(t *testing.T) {
	g := heuristicGame(t, engine.Config{Players: 4}, 2, 3)
	if _, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Seats: []int{4}}); err == nil {
		t.Error("seat 4 of 4 players reviewed")
	}
	if _, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: 7}); err == nil {
		t.Error("depth 7 accepted")
	}
	for i := range g.Seats {
		g.Seats[i] = record.Seat{Level: "heuristic"}
	}
	seats, err := SeatsOf(&g, nil)
	if err != nil || !reflect.DeepEqual(seats, []int{0, 1, 2, 3}) {
		t.Errorf("a game without people reviews %v, %v", seats, err)
	}
}

func TestSummary(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.DefaultConfig, 4, 0)
	s, _ := engine.New(engine.DefaultConfig, 4)
	obs := engine.Observe(&s, 1)
	got := Summary(&obs)
	if !strings.HasPrefix(got, "you: 0 miles, no Go yet · Player 1: 0 miles, no Go yet · hand: ") || !strings.HasSuffix(got, " · draw pile: 88") {
		t.Errorf("summary of a fresh deal: %q", got)
	}
	fr := SummaryIn(&lang.French, &obs, engine.Names{Config: obs.Config, Viewer: 1, Seats: []string{"Ann", "Bob"}})
	if !strings.HasPrefix(fr, "vous\u00a0: 0 borne, pas encore de Feu vert · Ann\u00a0: 0 borne, pas encore de Feu vert · main\u00a0: ") || !strings.HasSuffix(fr, " · sabot\u00a0: 88") {
		t.Errorf("summary of a fresh deal in French: %q", fr)
	}
	r, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteText(&b, &lang.English, r, &g)
	// The finished hand's split (review.Split) in the line mode's
	// sentences, whether its terms add up, the moves numbered as the
	// review screen numbers them, how it was measured last.
	h := &r.Hands[0]
	play, theirs, cards := SplitWordsIn(&lang.English, h.Split)
	split := fmt.Sprintf("When the hand was dealt you could expect to finish %s. Your play %s against the computer's steady play in your place, theirs %s, and the cards %s.",
		MarginIn(&lang.English, h.Split.Expected), play, theirs, cards)
	moves := MoveNumbers(&g)
	first := fmt.Sprintf("Move %d: ", moves[h.Decisions[0].Index])
	for _, want := range []string{"Hand 1 of game 1, seat 0: ", split, "Added up, that ", first, "How it was measured: depth quick"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text has no %q:\n%s", want, b.String())
		}
	}
	if moves[h.Decisions[0].Index] != 1 || moves[h.Decisions[1].Index] != 3 {
		t.Errorf("seat 0's first two moves are numbered %d and %d, want 1 and 3 (seat 1's between)", moves[h.Decisions[0].Index], moves[h.Decisions[1].Index])
	}
	// Sentences a screen reader reads well: no padded table, no "#3",
	// no sign it would not read ("-485" is read "485").
	signed := regexp.MustCompile(`(^|[\s(])[-+−]\d`)
	for _, line := range strings.Split(b.String(), "\n") {
		if body := strings.TrimLeft(line, " "); strings.Contains(body, "  ") || strings.ContainsAny(body, "#\t±") || signed.MatchString(body) {
			t.Errorf("a line speech reads badly: %q", line)
		}
	}
	b.Reset()
	WriteText(&b, &lang.French, r, &g) // the same review in French
	for _, want := range []string{"Manche 1 de la partie 1, place 0", "vous pouviez espérer finir", "votre jeu ", "le leur ", "les cartes ", "le bruit de la mesure", "Coup 1\u00a0: ", "Comment c'est mesuré"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the French text has no %q:\n%s", want, b.String())
		}
	}
	for _, english := range []string{"Game 1", "expected", "given away", "skill", "Move "} {
		if strings.Contains(b.String(), english) {
			t.Errorf("the French text says %q:\n%s", english, b.String())
		}
	}
	if strings.Contains(b.String(), "En tout") {
		t.Error("totals under a single hand")
	}

	// A second hand, begun: not finished, and totals for both hands.
	beginHand(t, &g, 6)
	r, err = Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 2 || r.Hands[1].Finished || r.Hands[1].Hand != 2 {
		t.Fatalf("two hands, the second under way: %d hands", len(r.Hands))
	}
	b.Reset()
	WriteText(&b, &lang.English, r, &g)
	play, theirs, cards = SplitWordsIn(&lang.English, r.Hands[0].Split) // the game went on: another seed
	total := fmt.Sprintf("Over the hands played out, your play %s against the computer's steady play in your place, theirs %s, and the cards %s.", play, theirs, cards)
	for _, want := range []string{"Hand 2 of game 1, seat 0, still under way.", "At the first decision you could expect", "its result is not split", "In all, seat 0: ", total} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text has no %q:\n%s", want, b.String())
		}
	}
}

// TestNoDecision: a game not yet begun has nothing to review, and says so.
func TestNoDecision(t *testing.T) {
	g, err := record.New(engine.DefaultConfig, 1, []record.Seat{{Human: true}, {Level: "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Normal})
	if err != nil || len(r.Hands) != 0 {
		t.Fatalf("review of a fresh game: %v, %d hands", err, len(r.Hands))
	}
	var b bytes.Buffer
	WriteText(&b, &lang.English, r, &g)
	if !strings.Contains(b.String(), "No decision to review") {
		t.Errorf("text: %s", b.String())
	}
}

// TestTextNamesThePlayers: the text says a flagged decision's reason with
// the game's names, not the "Player N" that Decision.Why is stored with.
func TestTextNamesThePlayers(t *testing.T) {
	g, err := record.New(engine.DefaultConfig, 5, []record.Seat{{Name: "Ann", Human: true}, {Name: "Bob", Level: "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	anon := engine.Names{Config: g.State.Config, Viewer: -1}
	var d *Decision
	for step := 0; d == nil && step < 400 && !g.State.HandOver(); step++ {
		legal := g.State.Legal(nil)
		if g.State.ToAct() == 0 {
			for _, a := range legal {
				if strings.Contains(anon.Describe(a), "on Player 2") {
					d = &Decision{Index: len(g.History), Seat: 0, Played: legal[0], Best: a, Verdict: Mistake, Loss: 200, LossSE: 5}
					obs := engine.Observe(&g.State, 0)
					d.Why = Why(&obs, d, anon)
					break
				}
			}
		}
		if err := g.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	if d == nil {
		t.Fatal("seat 0 never had a hazard to play on seat 1")
	}
	if !strings.Contains(d.Why, "Player 2") {
		t.Fatalf("the stored reason should name Player 2: %q", d.Why)
	}
	r := &Review{Seats: []int{0}, Hands: []Hand{{Game: 1, Hand: 1, Seat: 0, Decisions: []Decision{*d}}}}
	var b bytes.Buffer
	WriteText(&b, &lang.English, r, &g)
	if strings.Contains(b.String(), "Player 2") || !strings.Contains(b.String(), "on Bob was better") {
		t.Errorf("the reason is not said with the names:\n%s", b.String())
	}
}

// TestWhyDoesNotRepeatTheMove: a reason that starts by naming the best
// move is not said twice ("Stop at 700 was better: stop at 700: …").
func TestWhyDoesNotRepeatTheMove(t *testing.T) {
	g := heuristicGame(t, engine.DefaultConfig, 4, 0)
	s, _ := engine.New(engine.DefaultConfig, 4)
	for _, a := range g.History {
		if s.Phase == engine.PhaseExtension {
			break
		}
		if err := s.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase != engine.PhaseExtension {
		t.Fatal("no extension question in this game")
	}
	obs := engine.Observe(&s, s.ToAct())
	names := engine.Names{Config: obs.Config, Viewer: -1}
	d := &Decision{Played: engine.Extend, Best: engine.StopTrip, Verdict: Blunder, Loss: 700, LossSE: 10}
	why := Why(&obs, d, names)
	if strings.Count(strings.ToLower(why), "stop at 700") != 1 {
		t.Errorf("the move is said twice: %q", why)
	}
}

// TestCachedWithoutSplit: a review kept by an older mille, with no split
// of its hands, is not taken from the cache, so AnalyseCached makes it
// again, split (TestCache: a miss is analysed).
func TestCachedWithoutSplit(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.DefaultConfig, 7, 0)
	o := Options{SplitDeals: testSplitDeals, Depth: Quick}
	dir := t.TempDir()
	r, err := AnalyseCached(context.Background(), dir, g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 1 || r.Hands[0].Split == nil {
		t.Fatalf("a finished hand reviewed without its split: %+v", r.Hands)
	}
	// The JSON (mille review --json) carries it, and the step luck no more.
	js, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var hands struct{ Hands []map[string]any }
	if err := json.Unmarshal(js, &hands); err != nil {
		t.Fatal(err)
	}
	split, _ := hands.Hands[0]["split"].(map[string]any)
	for _, k := range []string{"expected", "expected_se", "skill", "skill_se", "others", "others_se", "luck", "luck_se", "sum_se"} {
		if _, ok := split[k]; !ok {
			t.Errorf("the JSON's split has no %q: %v", k, hands.Hands[0]["split"])
		}
	}
	if _, ok := hands.Hands[0]["luck"]; ok {
		t.Errorf("the JSON's hand has the step luck: %s", js)
	}
	old := *r
	old.Version = 3
	old.Hands = []Hand{r.Hands[0]}
	old.Hands[0].Split = nil
	data, err := Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, cacheName(r.History, r.Depth, r.Seats, r.From)), data, 0o600); err != nil {
		t.Fatal(err)
	}
	if kept, ok := Cached(dir, &g, o); ok {
		t.Errorf("the review without split taken from the cache: %+v", kept.Hands[0])
	}
}

// TestSameJudgmentLater: a hand reviewed right after it ends and again
// once more of the game is played gets the same verdicts and split: the
// search's seed comes from the game's start, not its whole history.
func TestSameJudgmentLater(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.DefaultConfig, 5, 0) // a whole hand
	early, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seats: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	beginHand(t, &g, 5)
	later, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seats: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	if early.History == later.History || len(later.Hands) != 2 {
		t.Fatalf("histories %s and %s, %d hands later", early.History, later.History, len(later.Hands))
	}
	a, b := &early.Hands[0], &later.Hands[0]
	if len(a.Decisions) != len(b.Decisions) || a.Split == nil || b.Split == nil || *a.Split != *b.Split {
		t.Fatalf("the hand's split %+v, then %+v", a.Split, b.Split)
	}
	for k := range a.Decisions {
		if x, y := &a.Decisions[k], &b.Decisions[k]; x.Loss != y.Loss || x.Verdict != y.Verdict || x.Best != y.Best {
			t.Errorf("decision %d: %v %.1f (%v), then %v %.1f (%v)", k+1, x.Verdict, x.Loss, x.Best, y.Verdict, y.Loss, y.Best)
		}
	}
}
