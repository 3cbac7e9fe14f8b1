// Package rating keeps the players' skill ratings of ranked play: the
// Bayesian approximation of Weng and Lin ("A Bayesian Approximation Method
// for Online Ranking", JMLR 12, 2011), the method OpenSkill implements.
//
// Each player is a Gaussian belief about their skill: a mean Mu and an
// uncertainty Sigma. A game's result, the sides ranked by what they
// scored, moves every player's belief by the paper's closed-form update:
// Thurstone–Mosteller with full pairing for two players alone, and
// Plackett–Luce for three to six sides and for teams (a side's skill is
// its players' summed, and its change is shared in proportion to each
// player's variance). Ties are ranks that are equal.
//
// A person reads one number, Display: an ordinal (the mean less three
// uncertainties, a skill the player very likely has) on an Elo-like scale
// where 1500 is the default computer level, medium, and 400 points are
// odds of about ten to one. Provisional says the number is not settled
// yet. docs/ranking.md gives the reasons for the constants and the
// measurements behind them.
//
// The package needs nothing of mille's: it rates any ranked game.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is one player's skill belief: a Gaussian of mean Mu and standard
// deviation Sigma, on the scale where medium stands at Origin (25).
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Model holds the constants of the method. Default is mille's; the
// reference values of the tests come from OpenSkill's defaults, which are
// the same but for Tau and LimitSigma.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of one game's performance around a player's
	// skill: the luck of a game. Two players Beta apart in skill (both
	// certain) win about 76% against each other.
	Beta float64
	// Kappa keeps a variance positive: an update multiplies it by no less.
	Kappa float64
	// Epsilon is the width of a draw's margin for Thurstone–Mosteller.
	Epsilon float64
	// Tau is added (as a variance) to every Sigma before a game: skills
	// change over time, so the belief never becomes certain.
	Tau float64
	// LimitSigma, when set, keeps a game from raising anyone's Sigma above
	// what it was before the game (Tau could otherwise, for a player whose
	// result was certain).
	LimitSigma bool
}

// Default is the model mille rates with: OpenSkill's constants (Sigma
// 25/3, Beta half of that, Tau 25/300) with LimitSigma set, so that no
// result ever makes a rating less certain, and a new player's mean at
// the easy computer's fixed rating rather than at Origin (medium's).
//
// OpenSkill starts everyone at 25 because its scale has no fixed point;
// the house computers give this one a fixed point, and where a new
// player starts is then a guess about their strength. Guessed as strong
// as medium, the newcomers who play worse start too high, and as most
// of their games are against one another, which leave the sum of their
// ratings about where it was, they come down together only as fast as
// their few games against the house computers pull them: in the
// simulation of docs/ranking.md the population still stood about 5
// points too high after 20 games, and the games against the house
// computers, which should be the surest of all, contradicted the rest.
// Starting at the weakest house computer's mean removes much of that:
// Spearman after 20 games, over ten seeds, 0.926 on average (0.916).
func Default() Model {
	return Model{Mu: House["easy"].Mu, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 1e-4, Epsilon: 0.1, Tau: 25.0 / 300, LimitSigma: true}
}

// Origin is the mean the scale is built on: medium's fixed rating, held
// there when the house computers are fitted (Model.Fit), and OpenSkill's
// new player's mean.
const Origin = 25.0

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// ErrGame is wrapped by the errors of a game that cannot be rated.
var ErrGame = errors.New("a game to rate")

// MaxSides is the most sides (teams or lone players) a game may have.
const MaxSides = 16

// Rate returns the ratings after a game: teams[i] are the players of side
// i (one for a player alone), and rank[i] where side i finished, a lower
// rank being better and equal ranks a tie (1, 2, 2 for a winner and two
// tied behind). Two lone players are rated by Thurstone–Mosteller, every
// other game by Plackett–Luce. The result has the shape of teams; the
// ratings given are not changed.
func (m Model) Rate(teams [][]Rating, rank []int) ([][]Rating, error) {
	if len(teams) == 2 && len(teams[0]) == 1 && len(teams[1]) == 1 {
		return m.ThurstoneMostellerFull(teams, rank)
	}
	return m.PlackettLuce(teams, rank)
}

// RateGame returns the ratings after a game of several hands: hands[h]
// are the places of the sides in hand h (as Rate takes a game's rank),
// rated one after another in order, with Tau added once, before the
// first. Tau is skill that may have changed since the player was last
// rated, which happens between games, not between the hands of one:
// adding it at every hand would forget a player's past as many times
// faster as a game has hands (five to eight in a game to 5000;
// docs/ranking.md measures the difference). A player whose fixed[i][j]
// is true (fixed may be nil) keeps their rating throughout, as the house
// computers do. The result has the shape of teams; the ratings given are
// not changed.
func (m Model) RateGame(teams [][]Rating, fixed [][]bool, hands [][]int) ([][]Rating, error) {
	if len(hands) == 0 {
		return nil, fmt.Errorf("%w: no hand", ErrGame)
	}
	now := teams
	for h, rank := range hands {
		next, err := m.Rate(now, rank)
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", h+1, err)
		}
		for i := range fixed {
			for j, keep := range fixed[i] {
				if keep && i < len(next) && j < len(next[i]) {
					next[i][j] = teams[i][j]
				}
			}
		}
		now = next
		m.Tau = 0
	}
	return now, nil
}

// side is one team as the paper sees it: summed mean and variance, rank.
type side struct {
	mu, sigmaSq float64
	rank        int
}

// prepare checks a game, adds Tau to a copy of its ratings and sums its
// sides.
func (m Model) prepare(teams [][]Rating, rank []int) ([][]Rating, []side, error) {
	if len(teams) < 2 || len(teams) > MaxSides {
		return nil, nil, fmt.Errorf("%w: %d sides, want 2 to %d", ErrGame, len(teams), MaxSides)
	}
	if len(rank) != len(teams) {
		return nil, nil, fmt.Errorf("%w: %d ranks for %d sides", ErrGame, len(rank), len(teams))
	}
	out := make([][]Rating, len(teams))
	sides := make([]side, len(teams))
	for i, t := range teams {
		if len(t) == 0 {
			return nil, nil, fmt.Errorf("%w: side %d has no player", ErrGame, i)
		}
		out[i] = make([]Rating, len(t))
		for j, r := range t {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 || math.Abs(r.Mu) > 1e6 || r.Sigma > 1e6 {
				return nil, nil, fmt.Errorf("%w: side %d player %d has rating %v", ErrGame, i, j, r)
			}
			r.Sigma = math.Sqrt(r.Sigma*r.Sigma + m.Tau*m.Tau)
			out[i][j] = r
			sides[i].mu += r.Mu
			sides[i].sigmaSq += r.Sigma * r.Sigma
		}
		sides[i].rank = rank[i]
	}
	return out, sides, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// apply shares each side's change among its players (as the paper does
// for a team's players) and limits Sigma when asked: omega
// is the change of a side's mean, delta the share of its variance the game
// took away.
func (m Model) apply(teams, out [][]Rating, sides []side, omega, delta []float64) [][]Rating {
	for i := range out {
		for j := range out[i] {
			r := &out[i][j]
			share := r.Sigma * r.Sigma / sides[i].sigmaSq
			r.Mu += share * omega[i]
			r.Sigma *= math.Sqrt(max(1-share*delta[i], m.Kappa))
			if m.LimitSigma {
				r.Sigma = min(r.Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out
}

// PlackettLuce rates a game by the Plackett–Luce model (the paper's
// update): each side's chance to finish ahead of those still left is
// its share of exp(mu/c) among them.
func (m Model) PlackettLuce(teams [][]Rating, rank []int) ([][]Rating, error) {
	out, sides, err := m.prepare(teams, rank)
	if err != nil {
		return nil, err
	}
	n := len(sides)
	cSq := 0.0
	for _, s := range sides {
		cSq += s.sigmaSq + m.Beta*m.Beta
	}
	c := math.Sqrt(cSq)
	// lse[q] is the log of the sum of exp(mu/c) over the sides not ahead
	// of q, taken from their best so that it stays finite however far
	// apart the means are; tied[q] counts the sides tied with q.
	var lse, tied [MaxSides]float64
	for q, sq := range sides {
		top := math.Inf(-1)
		for _, ss := range sides {
			if ss.rank >= sq.rank {
				top = max(top, ss.mu/c)
			}
			if ss.rank == sq.rank {
				tied[q]++
			}
		}
		sum := 0.0
		for _, ss := range sides {
			if ss.rank >= sq.rank {
				sum += math.Exp(ss.mu/c - top)
			}
		}
		lse[q] = top + math.Log(sum)
	}
	omega, delta := make([]float64, n), make([]float64, n)
	for i, si := range sides {
		var o, d float64
		for q, sq := range sides {
			if sq.rank > si.rank {
				continue
			}
			p := math.Exp(si.mu/c - lse[q]) // i is among those not ahead of q
			if q == i {
				o += (1 - p) / tied[q]
			} else {
				o -= p / tied[q]
			}
			d += p * (1 - p) / tied[q]
		}
		gamma := math.Sqrt(si.sigmaSq) / c
		omega[i] = si.sigmaSq / c * o
		delta[i] = gamma * si.sigmaSq / cSq * d
	}
	return m.apply(teams, out, sides, omega, delta), nil
}

// ThurstoneMostellerFull rates a game by the Thurstone–Mosteller model
// with every pair of sides compared (the paper's full-pair update): a side's
// performance is Gaussian, and each pair's result moves both by the
// truncated Gaussian's mean and variance.
func (m Model) ThurstoneMostellerFull(teams [][]Rating, rank []int) ([][]Rating, error) {
	out, sides, err := m.prepare(teams, rank)
	if err != nil {
		return nil, err
	}
	n := len(sides)
	omega, delta := make([]float64, n), make([]float64, n)
	for i, si := range sides {
		for q, sq := range sides {
			if q == i {
				continue
			}
			ciq := math.Sqrt(si.sigmaSq + sq.sigmaSq + 2*m.Beta*m.Beta)
			x := (si.mu - sq.mu) / ciq
			t := m.Epsilon / ciq
			gamma := math.Sqrt(si.sigmaSq) / ciq
			k := si.sigmaSq / ciq
			switch {
			case sq.rank > si.rank: // i won
				omega[i] += k * v(x, t)
				delta[i] += gamma * k / ciq * w(x, t)
			case sq.rank < si.rank: // i lost
				omega[i] -= k * v(-x, t)
				delta[i] += gamma * k / ciq * w(-x, t)
			default:
				omega[i] += k * vTie(x, t)
				delta[i] += gamma * k / ciq * wTie(x, t)
			}
		}
	}
	return m.apply(teams, out, sides, omega, delta), nil
}

// WinShare is the share of games the model expects each side of teams to
// win: every pair's chance that one outperforms the other (a Gaussian's),
// averaged over the pairs, as OpenSkill predicts a win. For two sides it
// is the chance that the first outperforms the second, and the shares
// add up to 1.
func (m Model) WinShare(teams [][]Rating) []float64 {
	n := len(teams)
	mu, sigmaSq := make([]float64, n), make([]float64, n)
	for i, t := range teams {
		for _, r := range t {
			mu[i] += r.Mu
			sigmaSq[i] += r.Sigma * r.Sigma
		}
	}
	share := make([]float64, n)
	if n < 2 {
		for i := range share {
			share[i] = 1
		}
		return share
	}
	pairs := float64(n * (n - 1) / 2)
	for i := range n {
		for j := range n {
			if i != j {
				c := math.Sqrt(float64(n)*m.Beta*m.Beta + sigmaSq[i] + sigmaSq[j])
				share[i] += normCDF((mu[i]-mu[j])/c) / pairs
			}
		}
	}
	return share
}

// The display scale: DisplayAnchor is the default computer level's
// (medium's) number, DisplayScale the display points of one unit of Mu,
// and ProvisionalSigma the uncertainty above which a rating is
// provisional. docs/ranking.md says why these.
const (
	DisplayAnchor    = 1500
	DisplayScale     = 50
	ProvisionalSigma = 25.0 / 6
)

// Ordinal is the skill the player very likely has at least: the mean less
// three uncertainties, the uncertainty taken no smaller than
// ProvisionalSigma. The floor keeps a settled player's number on their
// mean, not drifting upwards game after game as the uncertainty keeps
// shrinking while the skill stays the same; the number of a provisional
// player is held down by what is not yet known of them.
func Ordinal(r Rating) float64 { return r.Mu - 3*max(r.Sigma, ProvisionalSigma) }

// Display is the rating as a person reads it: the Ordinal on a scale
// where the house's medium level reads DisplayAnchor (1500) and
// DisplayScale points are one unit of Mu, so that 400 points are odds of
// about ten to one (91%) between settled players, near Elo's.
func Display(r Rating) int {
	return int(math.Round(DisplayAnchor + DisplayScale*(Ordinal(r)-Ordinal(House["medium"]))))
}

// Provisional reports whether the rating is not settled yet: its
// uncertainty is above ProvisionalSigma, half a new player's.
func Provisional(r Rating) bool { return r.Sigma > ProvisionalSigma }

// Places ranks sides by their points, as Rate takes a game's result: 1
// for the most, equal points equal places (a tie).
func Places(points []int) []int {
	rank := make([]int, len(points))
	for i, p := range points {
		rank[i] = 1
		for _, q := range points {
			if q > p {
				rank[i]++
			}
		}
	}
	return rank
}
