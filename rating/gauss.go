package rating

import "math"

// The standard normal density and distribution, and the moments of a
// truncated Gaussian that Thurstone–Mosteller's update takes (the paper's
// section 3.1, after Herbrich et al.'s TrueSkill). The guards keep the
// update finite where a result was next to impossible: the ratios' limits
// there, as OpenSkill takes them.

func normPDF(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }

func normCDF(x float64) float64 { return math.Erfc(-x/math.Sqrt2) / 2 }

// tiny is the distribution's smallest value the ratios divide by.
const tiny = 0x1p-52

// v is the mean's shift of a win by a margin of t when the performances
// differ by x standard deviations: phi(x-t)/Phi(x-t).
func v(x, t float64) float64 {
	xt := x - t
	den := normCDF(xt)
	if den < tiny {
		return -xt
	}
	return normPDF(xt) / den
}

// w is the share of variance a win takes away: v(v+x-t), in [0, 1].
func w(x, t float64) float64 {
	xt := x - t
	if normCDF(xt) < tiny {
		if x < 0 {
			return 1
		}
		return 0
	}
	vx := v(x, t)
	return vx * (vx + xt)
}

// vTie is v for a draw: the performances fell within t of each other.
func vTie(x, t float64) float64 {
	ax := math.Abs(x)
	b := normCDF(t-ax) - normCDF(-t-ax)
	if b < 1e-5 {
		if x < 0 {
			return -x - t
		}
		return -x + t
	}
	a := normPDF(-t-ax) - normPDF(t-ax)
	if x < 0 {
		return -a / b
	}
	return a / b
}

// wTie is w for a draw.
func wTie(x, t float64) float64 {
	ax := math.Abs(x)
	b := normCDF(t-ax) - normCDF(-t-ax)
	if b < tiny {
		return 1
	}
	vt := vTie(x, t)
	return ((t-ax)*normPDF(t-ax)+(t+ax)*normPDF(-t-ax))/b + vt*vt
}
