package review

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/save"
)

// TestHintIsTheJudgment: the hint is the review's best move at
// HintDepth, so in the planted position (the only Go, few left) it is
// never to discard the Go, which the review calls a blunder, and the
// review at normal depth charges it no mistake.
func TestHintIsTheJudgment(t *testing.T) {
	g, err := save.Read(filepath.Join("testdata", "blunder"+save.Ext))
	if err != nil {
		t.Fatal(err)
	}
	before := replayTo(t, &g, len(g.History)-1)
	obs := engine.Observe(&before, before.ToAct())
	legal := obs.Legal(nil)
	a, why := Hint(context.Background(), &obs, legal)
	if a == engine.Discard(engine.Go) || !slices.Contains(legal, a) || why >= ai.NumReasons {
		t.Fatalf("hint %v (reason %d)", a, why)
	}
	if b, _ := Hint(context.Background(), &obs, legal); b != a {
		t.Errorf("the same position gets another hint: %v, then %v", a, b)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		if d := judgeState(context.Background(), &before, a, Normal, seed); d.Verdict >= Mistake {
			t.Errorf("seed %d: the hint %v is judged %v (loss %.0f ± %.0f, best %v)", seed, a, d.Verdict, d.Loss, d.LossSE, d.Best)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the hint must still come, from what was found so far
	if a, why := Hint(ctx, &obs, legal); !slices.Contains(legal, a) || why >= ai.NumReasons {
		t.Errorf("cancelled: hint %v (%q)", a, why)
	}
}
