package main

import (
	"math"
	"testing"

	"github.com/millebornes/mille/review"
)

// TestSpearman: the rank correlation of known orders, ties at their mean
// rank.
func TestSpearman(t *testing.T) {
	for _, tt := range []struct {
		xs, ys []float64
		want   float64
	}{
		{[]float64{1, 2, 3, 4, 5}, []float64{10, 20, 30, 40, 50}, 1},
		{[]float64{1, 2, 3, 4, 5}, []float64{50, 40, 30, 20, 10}, -1},
		{[]float64{1, 2, 3, 5, 4}, []float64{0, 1, 2, 3, 4}, 0.9}, // the last two swapped
		{[]float64{1, 2, 3, 5, 4}, []float64{0, 1, 2, 3, 3}, 9.5 / math.Sqrt(95)},
	} {
		if got := spearman(tt.xs, tt.ys); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("spearman(%v, %v) = %v, want %v", tt.xs, tt.ys, got, tt.want)
		}
	}
}

// TestPlacements: samples of 20 hands from a level's hands are placed in
// its band; those of a mix of its hands and of hands that lose nothing,
// about half its rate, mostly in the band above; the draws are seeded.
func TestPlacements(t *testing.T) {
	medium := make([]ratedHand, 100)
	for i := range medium {
		medium[i] = ratedHand{lost: 14 * 25 * (0.5 + float64(i%10)/9), n: 25} // 7 to 21 a decision, 14 on average
	}
	p := placements(medium, review.Quick, 20, 1000)
	if p["medium"] < 0.99 {
		t.Errorf("medium's hands placed %v", p)
	}
	mix := append(medium[:50:50], make([]ratedHand, 50)...) // half of the hands lose nothing
	for i := 50; i < 100; i++ {
		mix[i] = ratedHand{n: 25}
	}
	q := placements(mix, review.Quick, 20, 1000)
	if q["medium"] == 0 || q["hard/expert"] < 0.8 || math.Abs(q["medium"]+q["hard/expert"]-1) > 1e-6 {
		t.Errorf("a mix placed %v", q)
	}
	if r := placements(mix, review.Quick, 20, 1000); r["medium"] != q["medium"] {
		t.Errorf("placements not seeded: %v, then %v", q, r)
	}
}

// TestRateSE: the bootstrap's standard error of a rate is near the
// textbook one for hands of one decision each.
func TestRateSE(t *testing.T) {
	hands := make([]ratedHand, 400)
	for i := range hands {
		hands[i] = ratedHand{lost: float64(10 * (i % 2)), n: 1} // 0 or 10: mean 5, SD 5
	}
	if se := rateSE(hands); math.Abs(se-5/math.Sqrt(400)) > 0.03 {
		t.Errorf("standard error %v, want about %v", se, 5/math.Sqrt(400))
	}
}
