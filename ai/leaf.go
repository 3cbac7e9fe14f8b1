package ai

import (
	"math"
	"math/rand/v2"

	"github.com/millebornes/mille/engine"
)

// The leaf evaluation: what a position of a 2-player hand is worth to one
// side, fitted to self-play outcomes instead of played out. A search can
// cut its rollouts after a few plies and score the position reached by it
// (ISMCTS's cut), so that the same work buys more iterations.
//
// The evaluation reads the things the heuristic reads, for both sides:
// miles to go, whether the side rolls or is stopped or limited, its
// safeties laid, in hand and as coups fourrés, the distance, remedies and
// hazards in its hand, the points it has made so far, the 200s it has
// played, the draw pile and whose turn it is (leafFeatures). Two linear
// models of those features were fitted to the outcomes of positions of
// self-play by the command ai/fit (docs/ai.md): a logistic regression for
// the chance the side wins the hand and a least-squares one for its margin
// in the hand. Their coefficients are in leafweights.go, written by that
// command.
//
// A leaf is evaluated from a sampled deal (a State), so the other side's
// hand read here is the deal's guess, as in a rollout.

// The features, indexes into a leaf's feature vector. The per-side ones
// come twice, the side's own first (fUs+k) then the other's (fThem+k).
const (
	fBias     = iota // 1
	fDraw            // cards in the draw pile / 10
	fDrawOut         // 1 when the draw pile is empty
	fExtended        // 1 when the trip is 1000 (extended)
	fOurTurn         // 1 when the side is to act
	fUs              // the side's own features start here
)

// The per-side features, offsets from fUs or fThem.
const (
	sToGo      = iota // miles to go / 100
	sRolling          // 1 when the side may play distance
	sHazard           // 1 when a hazard shows on its battle pile
	sLimited          // 1 under a Speed Limit
	sSafeties         // safeties laid
	sCoups            // of them as coups fourrés
	sSafeHand         // safeties in the side's hand
	sMilesHand        // miles of the distance cards in its hand / 100
	sRemedies         // remedies in its hand
	sHazards          // hazards in its hand
	sPoints           // the hand's points so far / 100 (miles, safeties, coups fourrés)
	s200              // 200s played (the safe trip is lost with the first)
	sToGoOut          // miles to go / 100 once the draw pile is empty, else 0
	sideFeatures
)

// fThem is where the other side's features start; numLeafFeatures is
// the length of a feature vector.
const (
	fThem           = fUs + sideFeatures
	numLeafFeatures = fThem + sideFeatures
)

// LeafFeatureNames name the features, in order, for the fitting command's
// output.
var LeafFeatureNames = func() []string {
	names := make([]string, numLeafFeatures)
	copy(names, []string{"bias", "draw", "drawOut", "extended", "ourTurn"})
	per := []string{"toGo", "rolling", "hazard", "limited", "safeties", "coups", "safeHand",
		"milesHand", "remedies", "hazards", "points", "played200", "toGoOut"}
	for k, n := range per {
		names[fUs+k] = "us." + n
		names[fThem+k] = "them." + n
	}
	return names
}()

// NumLeafFeatures is the length of a leaf's feature vector.
const NumLeafFeatures = numLeafFeatures

// leafFeatures writes the features of the 2-player state s for side into
// f.
func leafFeatures(s *engine.State, side int, f *[numLeafFeatures]float64) {
	*f = [numLeafFeatures]float64{}
	f[fBias] = 1
	f[fDraw] = float64(s.DrawLen) / 10
	out := s.DrawLen == 0
	if out {
		f[fDrawOut] = 1
	}
	if s.Trip == engine.ExtendedTrip {
		f[fExtended] = 1
	}
	if s.Config.SideOf(s.ToAct()) == side {
		f[fOurTurn] = 1
	}
	other := 1 - side
	sideFeaturesOf(s, side, out, f[fUs:fThem])
	sideFeaturesOf(s, other, out, f[fThem:])
}

// sideFeaturesOf writes side's own features of s into f.
func sideFeaturesOf(s *engine.State, side int, drawOut bool, f []float64) {
	t := &s.Tableaus[side]
	toGo := float64(int(s.Trip)-int(t.Miles)) / 100
	f[sToGo] = toGo
	if drawOut {
		f[sToGoOut] = toGo
	}
	if t.Rolling() {
		f[sRolling] = 1
	}
	if t.Battle.IsHazard() {
		f[sHazard] = 1
	}
	if t.Limited() {
		f[sLimited] = 1
	}
	points := float64(t.Miles)
	for _, c := range engine.AllSafeties {
		if t.Has(c) {
			f[sSafeties]++
			points += 100
		}
		if t.HasCoupFourre(c) {
			f[sCoups]++
			points += 300
		}
	}
	if f[sSafeties] == 4 {
		points += 300
	}
	f[sPoints] = points / 100
	f[s200] = float64(t.Cards[engine.Miles200])
	for seat := range s.Config.Players {
		if s.Config.SideOf(seat) != side {
			continue
		}
		for _, c := range s.Hands[seat] {
			switch c.Kind() {
			case engine.Safety:
				f[sSafeHand]++
			case engine.Distance:
				f[sMilesHand] += float64(c.Miles()) / 100
			case engine.Remedy:
				f[sRemedies]++
			case engine.Hazard:
				f[sHazards]++
			}
		}
	}
}

// leafValue is the search's reward for side in the unfinished 2-player
// state s, as rewards gives it for a finished hand: with weight winW the
// fitted chance of winning the hand, the rest the fitted margin.
func leafValue(s *engine.State, side int, winW float64) float64 {
	var f [numLeafFeatures]float64
	leafFeatures(s, side, &f)
	var z, m float64
	for k, x := range f {
		z += leafWin[k] * x
		m += leafMargin[k] * x
	}
	win := 1 / (1 + math.Exp(-z))
	return winW*win + (1-winW)*min(1, max(0, 0.5+m*leafMarginScale/8000))
}

// leafMarginScale is the unit, in points, of the fitted margin.
const leafMarginScale = 1000

// LeafData are positions of self-play and their outcomes, for fitting the
// leaf evaluation: the features of each position for the side playing the
// tuned policy, whether that side won the hand from there (1, ½ for a tie,
// 0) and its margin in the hand in thousands of points.
type LeafData struct {
	X      [][numLeafFeatures]float64
	Won    []float64
	Margin []float64
}

// LeafSamples plays hands 2-player hands of cfg from seed, one side (in
// turn) playing the tuned policy and the other the heuristic, each taking a
// random legal action one time in ten so that the positions vary as a
// search's do. About every every-th position is recorded and played out
// from there without noise (the tuned policy for the side, the heuristic
// for the other, as the search's rollouts play), its outcome recorded with
// it. The hands are shared among the cores; the data depend only on the
// arguments.
func LeafSamples(cfg engine.Config, hands int, seed uint64, every int) LeafData {
	per := make([]LeafData, hands)
	onEveryCore(hands, func(d int) { per[d] = leafHand(cfg, seed, d, every) })
	var all LeafData
	for _, d := range per {
		all.X = append(all.X, d.X...)
		all.Won = append(all.Won, d.Won...)
		all.Margin = append(all.Margin, d.Margin...)
	}
	return all
}

// leafHand plays hand d of LeafSamples.
func leafHand(cfg engine.Config, seed uint64, d, every int) LeafData {
	var out LeafData
	rng := rand.New(rand.NewPCG(seed, uint64(d)))
	s, err := engine.New(cfg, seed*1_000_003+uint64(d)+0x5eaf)
	if err != nil {
		panic("ai: LeafSamples: " + err.Error())
	}
	side := d % 2
	var buf [engine.MaxLegal]engine.Action
	var v view
	var t tally
	t.reset(&s)
	for !s.HandOver() {
		legal := s.Legal(buf[:0])
		if len(legal) > 1 && rng.IntN(every) == 0 {
			var f [numLeafFeatures]float64
			leafFeatures(&s, side, &f)
			c := s
			rollout(&c, nil, 0, &tuned, side)
			margin := HandMargin(&c, side)
			won := 0.5
			switch {
			case margin > 0:
				won = 1
			case margin < 0:
				won = 0
			}
			out.X = append(out.X, f)
			out.Won = append(out.Won, won)
			out.Margin = append(out.Margin, float64(margin)/leafMarginScale)
		}
		a := legal[0]
		if len(legal) > 1 {
			if rng.IntN(10) == 0 {
				a = legal[rng.IntN(len(legal))]
			} else {
				viewOfState(&s, &v, &t)
				v.pol = nil
				if s.Config.SideOf(s.ToAct()) == side {
					v.pol = &tuned
				}
				a, _ = v.best(legal)
			}
		}
		s.StepLegal(a)
	}
	return out
}
