package main

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
)

// synthetic draws n rows of a bias and three features, the targets of a
// logistic model (0 or 1, drawn) and of a linear one with noise, both of
// known coefficients.
func synthetic(n int, win, lin []float64) (x [][]float64, y, z []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		xi := []float64{1, rng.NormFloat64(), float64(rng.IntN(2)), rng.Float64() * 7}
		x = append(x, xi)
		p := sigmoid(dot(win, xi))
		yi := 0.0
		if rng.Float64() < p {
			yi = 1
		}
		y = append(y, yi)
		z = append(z, dot(lin, xi)+0.3*rng.NormFloat64())
	}
	return x, y, z
}

// TestFitRecoversCoefficients: both regressions find the coefficients
// the synthetic data were drawn from.
func TestFitRecoversCoefficients(t *testing.T) {
	win := []float64{-0.5, 1.2, -0.8, 0.3}
	lin := []float64{0.2, -0.4, 0.9, 0.05}
	x, y, z := synthetic(40000, win, lin)
	gotWin := logistic(x, y, 0, 30)
	gotLin := leastSquares(x, z, 0)
	for k := range win {
		if math.Abs(gotWin[k]-win[k]) > 0.06 {
			t.Errorf("logistic coefficient %d: %.3f, want %.3f", k, gotWin[k], win[k])
		}
		if math.Abs(gotLin[k]-lin[k]) > 0.01 {
			t.Errorf("least-squares coefficient %d: %.3f, want %.3f", k, gotLin[k], lin[k])
		}
	}
	// The fitted model beats the constant one on the same data.
	if a, b := logLoss(x, y, gotWin), logLoss(x, y, constant(4, logit(mean(y)))); a >= b {
		t.Errorf("log loss %.4f, the constant's %.4f", a, b)
	}
}

// TestFitConstantFeature: a feature that never varies gets a coefficient
// of zero rather than a failed solve.
func TestFitConstantFeature(t *testing.T) {
	x, y, z := synthetic(2000, []float64{0, 1, 0, 0}, []float64{1, 0, 0, 0})
	for _, xi := range x {
		xi[2] = 0
	}
	for _, w := range [][]float64{logistic(x, y, 0, 20), leastSquares(x, z, 0)} {
		for _, c := range w {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				t.Fatalf("coefficients %v", w)
			}
		}
		if w[2] != 0 {
			t.Errorf("the constant feature's coefficient is %v", w[2])
		}
	}
}

// TestFitWritesGo: the coefficients come out as gofmt'ed Go source of
// package ai.
func TestFitWritesGo(t *testing.T) {
	n := len(names())
	w := make([]float64, n)
	src, err := goSource(w, w, 10, 6, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(src) == 0 || string(src[:2]) != "//" {
		t.Fatalf("source %q", src)
	}
}

// TestLeafWeightsUpToDate fits again with the flags the generated file
// names and compares: ai/leafweights.go is what the command writes.
func TestLeafWeightsUpToDate(t *testing.T) {
	if testkit.Size(0, 0, 1) == 0 {
		t.Skip("fits for a minute: set " + testkit.LongEnv)
	}
	want, err := os.ReadFile("../leafweights.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := fitSource(60000, 6, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("ai/leafweights.go differs from a new fit:\n%s", got)
	}
}
