// Command fit fits the leaf evaluation of the searching players (ai's
// leafValue) to outcomes of self-play, and writes its coefficients as Go
// source (ai/leafweights.go).
//
// It plays hands of the tuned policy against the heuristic
// (ai.LeafSamples, seeded, so the data are the same on any machine),
// records positions and how the hand ended from each, and fits two linear
// models of the positions' features: a logistic regression of winning the
// hand (Newton's method, that is iteratively reweighted least squares) and
// a least-squares regression of the margin, both with a small ridge. It
// then measures both on fresh hands (seed+1) against the constant model.
//
//	go run ./ai/fit                           # about a minute on 2 cores
//	go run ./ai/fit -out ai/leafweights.go    # write the coefficients
//	go run ./ai/fit -hands 2000 -csv leaf.csv # a look at the data
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

func main() {
	hands := flag.Int("hands", 60000, "self-play hands to sample positions from")
	every := flag.Int("every", 6, "record about one position in this many with a choice")
	seed := flag.Uint64("seed", 1, "seed of the hands (the check uses seed+1)")
	ridge := flag.Float64("ridge", 1, "ridge penalty on the coefficients (not the intercept)")
	out := flag.String("out", "", "write the coefficients as Go source to this file")
	csvPath := flag.String("csv", "", "write the data (features, won, margin) to this file")
	flag.Parse()
	x, won, margin := rows(ai.LeafSamples(engine.DefaultConfig, *hands, *seed, *every))
	fmt.Printf("%d positions from %d hands, seed %d\n", len(x), *hands, *seed)
	if *csvPath != "" {
		if err := writeCSV(*csvPath, x, won, margin); err != nil {
			fmt.Fprintln(os.Stderr, "fit:", err)
			os.Exit(1)
		}
	}
	wWin, wMargin := fit(x, won, margin, *ridge)
	check := ai.LeafSamples(engine.DefaultConfig, *hands/4, *seed+1, *every)
	cx, cwon, cmargin := rows(check)
	fmt.Printf("fresh positions: %d (seed %d)\n", len(cx), *seed+1)
	fmt.Printf("win:    log loss %.4f (constant %.4f), right side of ½ %.1f%%\n",
		logLoss(cx, cwon, wWin), logLoss(cx, cwon, constant(len(wWin), logit(mean(won)))), 100*hits(cx, cwon, wWin))
	fmt.Printf("margin: rms %.0f points (constant %.0f)\n",
		1000*rms(cx, cmargin, wMargin), 1000*rms(cx, cmargin, constant(len(wMargin), mean(margin))))
	for k, n := range names() {
		fmt.Printf("  %-16s win %+8.4f  margin %+8.4f\n", n, wWin[k], wMargin[k])
	}
	if *out != "" {
		src, err := goSource(wWin, wMargin, *hands, *every, *seed, *ridge)
		if err == nil {
			err = os.WriteFile(*out, src, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "fit:", err)
			os.Exit(1)
		}
	}
}

// fit fits both models: the logistic one of won, the linear one of
// margin.
func fit(x [][]float64, won, margin []float64, ridge float64) (wWin, wMargin []float64) {
	return logistic(x, won, ridge, 25), leastSquares(x, margin, ridge)
}

// fitSource samples, fits and returns the Go source of the coefficients,
// as the command with these flags writes it.
func fitSource(hands, every int, seed uint64, ridge float64) ([]byte, error) {
	x, won, margin := rows(ai.LeafSamples(engine.DefaultConfig, hands, seed, every))
	wWin, wMargin := fit(x, won, margin, ridge)
	return goSource(wWin, wMargin, hands, every, seed, ridge)
}

// names are the features' names (ai.LeafFeatureNames).
func names() []string { return ai.LeafFeatureNames }

// rows turns the data into plain slices.
func rows(d ai.LeafData) (x [][]float64, won, margin []float64) {
	x = make([][]float64, len(d.X))
	for i := range d.X {
		x[i] = d.X[i][:]
	}
	return x, d.Won, d.Margin
}

// logistic fits P(y=1) = σ(w·x) to targets y in [0, 1] by Newton's method
// with a ridge on every coefficient but the first (the intercept).
func logistic(x [][]float64, y []float64, ridge float64, iters int) []float64 {
	p := len(x[0])
	w := make([]float64, p)
	for range iters {
		h := make([][]float64, p)
		for j := range h {
			h[j] = make([]float64, p)
		}
		g := make([]float64, p)
		for i, xi := range x {
			mu := sigmoid(dot(w, xi))
			r := y[i] - mu
			wt := mu * (1 - mu)
			for j := range p {
				if xi[j] == 0 {
					continue
				}
				g[j] += r * xi[j]
				for k := j; k < p; k++ {
					h[j][k] += wt * xi[j] * xi[k]
				}
			}
		}
		for j := 1; j < p; j++ {
			g[j] -= ridge * w[j]
			h[j][j] += ridge
		}
		step := solve(symmetric(h), g)
		change := 0.0
		for j := range w {
			w[j] += step[j]
			change = max(change, math.Abs(step[j]))
		}
		if change < 1e-9 {
			break
		}
	}
	return w
}

// leastSquares fits y ≈ w·x with a ridge on every coefficient but the
// first.
func leastSquares(x [][]float64, y []float64, ridge float64) []float64 {
	p := len(x[0])
	a := make([][]float64, p)
	for j := range a {
		a[j] = make([]float64, p)
	}
	b := make([]float64, p)
	for i, xi := range x {
		for j := range p {
			if xi[j] == 0 {
				continue
			}
			b[j] += y[i] * xi[j]
			for k := j; k < p; k++ {
				a[j][k] += xi[j] * xi[k]
			}
		}
	}
	for j := 1; j < p; j++ {
		a[j][j] += ridge
	}
	return solve(symmetric(a), b)
}

// symmetric fills the lower triangle of a from its upper one.
func symmetric(a [][]float64) [][]float64 {
	for j := range a {
		for k := 0; k < j; k++ {
			a[j][k] = a[k][j]
		}
	}
	return a
}

// solve returns z with a z = b, by Gaussian elimination with partial
// pivoting; a and b are overwritten. A singular column gives 0 for its
// coefficient (a feature that never varies).
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		b[c], b[piv] = b[piv], b[c]
		if math.Abs(a[c][c]) < 1e-12 {
			continue
		}
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	z := make([]float64, n)
	for c := n - 1; c >= 0; c-- {
		if math.Abs(a[c][c]) < 1e-12 {
			continue
		}
		s := b[c]
		for k := c + 1; k < n; k++ {
			s -= a[c][k] * z[k]
		}
		z[c] = s / a[c][c]
	}
	return z
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func logit(p float64) float64 { return math.Log(p / (1 - p)) }

func dot(w, x []float64) float64 {
	s := 0.0
	for j := range w {
		s += w[j] * x[j]
	}
	return s
}

func mean(y []float64) float64 {
	s := 0.0
	for _, v := range y {
		s += v
	}
	return s / float64(len(y))
}

// constant is the model that predicts c everywhere (the intercept alone).
func constant(p int, c float64) []float64 {
	w := make([]float64, p)
	w[0] = c
	return w
}

// logLoss is the mean cross-entropy of the logistic model w on (x, y).
func logLoss(x [][]float64, y, w []float64) float64 {
	s := 0.0
	for i, xi := range x {
		mu := min(1-1e-12, max(1e-12, sigmoid(dot(w, xi))))
		s -= y[i]*math.Log(mu) + (1-y[i])*math.Log(1-mu)
	}
	return s / float64(len(x))
}

// hits is the share of the decided positions (y of 0 or 1) that the
// logistic model w puts on the right side of ½.
func hits(x [][]float64, y, w []float64) float64 {
	right, n := 0, 0
	for i, xi := range x {
		if y[i] == 0.5 {
			continue
		}
		n++
		if (dot(w, xi) > 0) == (y[i] > 0.5) {
			right++
		}
	}
	return float64(right) / float64(n)
}

// rms is the root mean square error of the linear model w on (x, y).
func rms(x [][]float64, y, w []float64) float64 {
	s := 0.0
	for i, xi := range x {
		e := dot(w, xi) - y[i]
		s += e * e
	}
	return math.Sqrt(s / float64(len(x)))
}

// writeCSV writes the data, one position a line: the features, won and
// margin.
func writeCSV(path string, x [][]float64, won, margin []float64) error {
	var b bytes.Buffer
	for _, n := range ai.LeafFeatureNames {
		b.WriteString(n + ",")
	}
	b.WriteString("won,margin\n")
	for i, xi := range x {
		for _, v := range xi {
			fmt.Fprintf(&b, "%g,", v)
		}
		fmt.Fprintf(&b, "%g,%g\n", won[i], margin[i])
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// goSource is the file of coefficients, gofmt'ed.
func goSource(wWin, wMargin []float64, hands, every int, seed uint64, ridge float64) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run ./ai/fit -hands %d -every %d -seed %d -ridge %g -out ai/leafweights.go; DO NOT EDIT.\n\n", hands, every, seed, ridge)
	b.WriteString("package ai\n\n")
	b.WriteString("// leafWin are the coefficients of the logistic model of winning the hand\n// (leafValue), one per feature (LeafFeatureNames).\n")
	b.WriteString("var leafWin = [numLeafFeatures]float64{\n")
	for k, w := range wWin {
		fmt.Fprintf(&b, "\t%.6g, // %s\n", w, ai.LeafFeatureNames[k])
	}
	b.WriteString("}\n\n// leafMargin are the coefficients of the linear model of the margin, in\n// thousands of points.\n")
	b.WriteString("var leafMargin = [numLeafFeatures]float64{\n")
	for k, w := range wMargin {
		fmt.Fprintf(&b, "\t%.6g, // %s\n", w, ai.LeafFeatureNames[k])
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
