package review

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/arena"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/record"
)

// testSplitDeals measures the splits of the tests' reviews: they check
// how a split is made, not what it finds, and ai.LuckDeals would make
// them several times slower.
const testSplitDeals = 30

// testRollouts is Quick's budget in the tests that check how a review is
// made (the same for any number of workers, kept in the cache, split,
// told in order, written out), not what it finds: TestPlantedBlunder,
// TestReasons and TestHintIsTheJudgment check the verdicts at the real
// depths. Under MILLE_LONG_TESTS they too search Quick's whole budget.
const testRollouts = 300

// fewRollouts gives Quick testRollouts for the rest of t.
func fewRollouts(t *testing.T) {
	old := depthRollouts[Quick]
	depthRollouts[Quick] = testkit.Size(testRollouts, testRollouts, old)
	t.Cleanup(func() { depthRollouts[Quick] = old })
}

// beginHand deals g's next hand and plays its first legal move at every
// turn until decisions turns with a choice have gone.
func beginHand(t *testing.T, g *record.Game, decisions int) {
	t.Helper()
	if err := g.Apply(engine.Continue); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < decisions; {
		legal := g.State.Legal(nil)
		if len(legal) > 1 {
			n++
		}
		if err := g.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// heuristicHand plays one 2-player hand of deal seed between heuristics.
func heuristicHand(t *testing.T, seed uint64) record.Game {
	t.Helper()
	return playedHand(t, seed, ai.NewHeuristic(), ai.NewHeuristic())
}

// playedHand plays one 2-player hand of deal seed between a and b.
func playedHand(t *testing.T, seed uint64, a, b ai.Player) record.Game {
	t.Helper()
	g, err := record.New(engine.DefaultConfig, seed, []record.Seat{{Name: "A", Level: a.Name()}, {Name: "B", Level: b.Name()}})
	if err != nil {
		t.Fatal(err)
	}
	players := []ai.Player{a, b}
	err = arena.PlayHand(context.Background(), &g.State, players, []string{"A", "B"}, func(m arena.Move) {
		g.History = append(g.History, m.Action)
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSplits: a finished hand of each seat is split, the same every
// time; between heuristics the decisions are the heuristic's own, so
// skill and others are nothing and expected and luck say it all, within
// the noise; a random player's decisions are charged to its skill and
// given to the other side; a hand cut short is not split.
func TestSplits(t *testing.T) {
	g := heuristicHand(t, 12)
	hands, err := Outline(&g, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	splits, err := Splits(context.Background(), &g, hands, 5, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(hands) != 2 || !hands[0].Finished || splits[0] == nil || splits[1] == nil {
		t.Fatalf("hands %d, splits %v", len(hands), splits)
	}
	for h, sp := range splits {
		off, se := sp.Off(hands[h].Result)
		if sp.Skill != 0 || sp.Others != 0 || sp.LuckSE <= 0 || se <= 0 || math.Abs(off) > 4*se {
			t.Errorf("seat %d: %+v, off %.0f ± %.0f", h, *sp, off, se)
		}
	}
	again, _ := Splits(context.Background(), &g, hands, 5, 60)
	if *again[0] != *splits[0] {
		t.Errorf("split %+v, then %+v", *splits[0], *again[0])
	}
	// A wrong term fails the check.
	wrong := *splits[0]
	wrong.Expected += 5 * wrong.SumSE
	if off, se := wrong.Off(hands[0].Result); math.Abs(off) < 3*se {
		t.Errorf("a wrong expectation: off %.0f ± %.0f", off, se)
	}

	// Random against the heuristic, over a few deals: random's skill is
	// below zero and the heuristic's others are its gift, and the terms
	// add up within the noise.
	var skill, z2 float64
	n := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g := playedHand(t, seed, ai.NewRandom(seed), ai.NewHeuristic())
		hands, err := Outline(&g, []int{0, 1})
		if err != nil {
			t.Fatal(err)
		}
		splits, err := Splits(context.Background(), &g, hands, seed, 40)
		if err != nil {
			t.Fatal(err)
		}
		for h, sp := range splits {
			if sp == nil {
				continue
			}
			if hands[h].Seat == 0 {
				skill += sp.Skill
				if sp.Others != 0 {
					t.Errorf("deal %d: the heuristic's decisions gave random %.0f", seed, sp.Others)
				}
			} else if sp.Skill != 0 {
				t.Errorf("deal %d: the heuristic's own skill %.0f", seed, sp.Skill)
			}
			off, se := sp.Off(hands[h].Result)
			z2 += off * off / (se * se)
			n++
		}
	}
	if skill >= 0 || n == 0 || z2/float64(n) > 4 {
		t.Errorf("random's skill %.0f over 4 hands; mean squared distance %.2f standard errors over %d", skill, z2/float64(n), n)
	}

	// A hand cut short before its end is not split.
	g.History = g.History[:len(g.History)-1]
	if hands, err = Outline(&g, []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	if splits, _ := Splits(context.Background(), &g, hands, 5, 40); splits[0] != nil || hands[0].Finished {
		t.Errorf("an unfinished hand's split: %+v", *splits[0])
	}
}

// TestAnalyseSplits: a review splits each finished hand of the seats
// reviewed as Splits does with the review's seed, leaves a hand under way
// without a split, counts the splits in its progress, and shows the
// judged review before the splits (Options.Judged) without them.
func TestAnalyseSplits(t *testing.T) {
	fewRollouts(t)
	g := heuristicGame(t, engine.DefaultConfig, 7, 0)
	beginHand(t, &g, 4)
	var judged *Review
	done, total := 0, 0
	r, err := Analyse(context.Background(), g, Options{SplitDeals: testSplitDeals, Depth: Quick, Seed: 7, Seats: []int{0, 1},
		Judged:   func(r *Review) { judged = r },
		Progress: func(d, n int) { done, total = d, n }})
	if err != nil {
		t.Fatal(err)
	}
	outline, err := Outline(&g, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Splits(context.Background(), &g, outline, 7, testSplitDeals)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != 4 || len(want) != 4 {
		t.Fatalf("%d hands reviewed, %d outlined: want 4 (two seats, two hands)", len(r.Hands), len(want))
	}
	decisions := 0
	for i, h := range r.Hands {
		decisions += len(h.Decisions)
		switch {
		case h.Finished && (h.Split == nil || want[i] == nil || *h.Split != *want[i]):
			t.Errorf("hand %d seat %d: split %+v, Splits says %+v", h.Hand, h.Seat, h.Split, want[i])
		case !h.Finished && h.Split != nil:
			t.Errorf("hand %d seat %d, under way: split %+v", h.Hand, h.Seat, *h.Split)
		}
		if judged == nil || judged.Hands[i].Split != nil || !reflect.DeepEqual(judged.Hands[i].Decisions, h.Decisions) {
			t.Fatalf("hand %d seat %d: judged before the splits as %+v", h.Hand, h.Seat, judged)
		}
	}
	if done != total || total != decisions+1 {
		t.Errorf("progress %d/%d; %d decisions and one deal to split", done, total, decisions)
	}
}

// TestSplitAdd: two hands' splits add up term by term, their standard
// errors in quadrature.
func TestSplitAdd(t *testing.T) {
	p := Split{Expected: 100, ExpectedSE: 30, Skill: -50, SkillSE: 40, Others: 10, OthersSE: 0, Luck: 200, LuckSE: 300, SumSE: 310}
	q := Split{Expected: -20, ExpectedSE: 40, Skill: 70, SkillSE: 30, Others: -30, OthersSE: 5, Luck: -100, LuckSE: 400, SumSE: 410}
	p.Add(&q)
	want := Split{Expected: 80, ExpectedSE: 50, Skill: 20, SkillSE: 50, Others: -20, OthersSE: 5, Luck: 100, LuckSE: 500, SumSE: math.Hypot(310, 410)}
	if p != want {
		t.Errorf("%+v, want %+v", p, want)
	}
}
