package ai

import (
	"context"
	"reflect"
	"testing"

	"github.com/millebornes/mille/engine"
)

// handMade is a fresh 2-player deal with the tableaus set by hand: side
// 0 has driven miles0 and shows battle0, side 1 miles1 and battle1.
func handMade(t *testing.T, miles0 uint16, battle0 engine.Card, miles1 uint16, battle1 engine.Card) engine.State {
	t.Helper()
	s, err := engine.New(engine.DefaultConfig, 7)
	if err != nil {
		t.Fatal(err)
	}
	s.Tableaus[0].Miles, s.Tableaus[0].Battle = miles0, battle0
	s.Tableaus[1].Miles, s.Tableaus[1].Battle = miles1, battle1
	s.DrawLen = 40
	return s
}

// TestLeafValueSign: the evaluation favours the side that is ahead, and
// more so the further ahead it is.
func TestLeafValueSign(t *testing.T) {
	ahead := handMade(t, 600, engine.Go, 100, engine.Stop)
	if v := leafValue(&ahead, 0, 0.6); v < 0.7 {
		t.Errorf("600 miles and rolling against 100 stopped: %.3f for the leader", v)
	}
	if v := leafValue(&ahead, 1, 0.6); v > 0.3 {
		t.Errorf("100 miles stopped against 600 rolling: %.3f", v)
	}
	even := handMade(t, 300, engine.Go, 300, engine.Go)
	if v := leafValue(&even, 0, 0.6); v < 0.35 || v > 0.65 {
		t.Errorf("even: %.3f", v)
	}
	// More miles, the rest the same, is worth more; a hazard on the
	// other side too.
	less := handMade(t, 200, engine.Go, 300, engine.Go)
	if a, b := leafValue(&less, 0, 0.6), leafValue(&even, 0, 0.6); a >= b {
		t.Errorf("200 miles against 300: %.3f, 300 against 300: %.3f", a, b)
	}
	stopped := handMade(t, 300, engine.Go, 300, engine.Accident)
	if a, b := leafValue(&stopped, 0, 0.6), leafValue(&even, 0, 0.6); a <= b {
		t.Errorf("the other side stopped by an accident: %.3f, rolling: %.3f", a, b)
	}
	// A safety laid counts for its side.
	safe := even
	safe.Tableaus[0].Safeties = 1 // Extra Tank
	if a, b := leafValue(&safe, 0, 0.6), leafValue(&even, 0, 0.6); a <= b {
		t.Errorf("with a safety laid: %.3f, without: %.3f", a, b)
	}
}

// TestLeafSamplesRepeat: the data depend on the seed alone.
func TestLeafSamplesRepeat(t *testing.T) {
	a := LeafSamples(engine.DefaultConfig, 12, 3, 6)
	b := LeafSamples(engine.DefaultConfig, 12, 3, 6)
	if len(a.X) == 0 || !reflect.DeepEqual(a, b) {
		t.Fatalf("two samplings of seed 3: %d and %d positions, equal %v", len(a.X), len(b.X), reflect.DeepEqual(a, b))
	}
	if c := LeafSamples(engine.DefaultConfig, 12, 4, 6); reflect.DeepEqual(a, c) {
		t.Error("seeds 3 and 4 gave the same data")
	}
	for i, w := range a.Won {
		if w != 0 && w != 0.5 && w != 1 {
			t.Fatalf("position %d: won %v", i, w)
		}
		if a.X[i][fBias] != 1 || (w == 1) != (a.Margin[i] > 0) {
			t.Fatalf("position %d: bias %v, won %v, margin %v", i, a.X[i][fBias], w, a.Margin[i])
		}
	}
}

// TestCutSearchRepeats: a search with cut rollouts scores leaves by the
// evaluation and makes the same choice, with the same work, for a seed.
func TestCutSearchRepeats(t *testing.T) {
	var buf [engine.MaxLegal]engine.Action
	s, err := engine.New(engine.DefaultConfig, 11)
	if err != nil {
		t.Fatal(err)
	}
	for range 12 {
		s.StepLegal(s.Legal(buf[:0])[0])
	}
	for s.HandOver() || len(s.Legal(buf[:0])) < 2 {
		s.StepLegal(s.Legal(buf[:0])[0])
	}
	obs := engine.Observe(&s, s.ToAct())
	legal := s.Legal(buf[:0])
	var first engine.Action
	var work searchStats
	for i := range 2 {
		p := NewISMCTS(600, 5, withPolicy(&tuned), withCut(4), WithWorkers(1+i))
		a := p.Choose(context.Background(), &obs, legal)
		if p.last.evals == 0 || p.last.plies == 0 {
			t.Fatalf("no leaf evaluated: %+v", p.last)
		}
		if i == 0 {
			first, work = a, p.last
		} else if a != first || p.last != work {
			t.Errorf("seed 5 chose %v then %v, work %+v then %+v", first, a, work, p.last)
		}
	}
}
