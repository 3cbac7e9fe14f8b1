package rating

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// openSkill is OpenSkill's model as its published tests run it: the same
// constants as Default but a new player's mean at 25 (Origin), with no
// Tau and no LimitSigma (the models' own tests) unless a case sets them
// (the tests of its rate function).
func openSkill(tau float64, limit bool) Model {
	m := Default()
	m.Mu, m.Tau, m.LimitSigma = Origin, tau, limit
	return m
}

// r is a rating, for the tables.
func r(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }

// lone makes one-player sides of the ratings.
func lone(rs ...Rating) [][]Rating {
	teams := make([][]Rating, len(rs))
	for i, x := range rs {
		teams[i] = []Rating{x}
	}
	return teams
}

// order is the ranks 1..n, the sides finishing in order.
func order(n int) []int {
	rank := make([]int, n)
	for i := range rank {
		rank[i] = i + 1
	}
	return rank
}

// TestReferenceValues checks both models against the values published
// with openskill.js (github.com/philihp/openskill.js), to 1e-6:
//
//   - src/models/__tests__/plackett-luce.test.ts and
//     thurstone-mosteller-full.test.ts: the models alone (no tau), new
//     players in free-for-alls of 2 to 5, three teams of 3, 1 and 2, and
//     Thurstone–Mosteller's ties;
//   - src/__tests__/rate.test.ts: its rate function, Plackett–Luce with
//     its default tau (25/300) or the one given, with and without
//     limitSigma: set ratings, teams, ties and reordered ranks.
//
// The same first case's values are in openskill.ex's test/openskill_test.exs
// (30.209971908310553, 4.764898977359521 with no tau), a second
// implementation agreeing.
func TestReferenceValues(t *testing.T) {
	d := openSkill(0, false).New()
	a1, b1, c1 := r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217)
	w1, x1, y1, z1 := r(15, 25.0/3), r(20, 25.0/3), r(25, 25.0/3), r(30, 25.0/3)
	pl := Model.PlackettLuce
	tm := Model.ThurstoneMostellerFull
	cases := []struct {
		name  string
		model Model
		rate  func(Model, [][]Rating, []int) ([][]Rating, error)
		teams [][]Rating
		rank  []int
		want  [][]Rating
	}{
		{"PL 2p FFA", openSkill(0, false), pl, lone(d, d), order(2), lone(
			r(27.63523138347365, 8.065506316323548), r(22.36476861652635, 8.065506316323548))},
		{"PL 3p FFA", openSkill(0, false), pl, lone(d, d, d), order(3), lone(
			r(27.868876552746237, 8.204837030780652), r(25.717219138186557, 8.057829747583874),
			r(21.413904309067206, 8.057829747583874))},
		{"PL 4p FFA", openSkill(0, false), pl, lone(d, d, d, d), order(4), lone(
			r(27.795084971874736, 8.263160757613477), r(26.552824984374855, 8.179213704945203),
			r(24.68943500312503, 8.083731307186588), r(20.96265504062538, 8.083731307186588))},
		{"PL 5p FFA", openSkill(0, false), pl, lone(d, d, d, d, d), order(5), lone(
			r(27.666666666666668, 8.290556877154474), r(26.833333333333332, 8.240145629781066),
			r(25.72222222222222, 8.179996679645559), r(24.055555555555557, 8.111796013701358),
			r(20.72222222222222, 8.111796013701358))},
		{"PL teams of 3, 1, 2", openSkill(0, false), pl, [][]Rating{{d, d, d}, {d}, {d, d}}, order(3), [][]Rating{
			{r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456)},
			{r(27.21366020491262, 8.274321317985242)},
			{r(21.84646897330287, 8.213058173195341), r(21.84646897330287, 8.213058173195341)}}},
		{"TM 2p FFA", openSkill(0, false), tm, lone(d, d), order(2), lone(
			r(29.230718708993216, 7.630934718709003), r(20.769281291006784, 7.630934718709003))},
		{"TM 3p FFA", openSkill(0, false), tm, lone(d, d, d), order(3), lone(
			r(33.46143741798643, 6.856958868037088), r(25, 6.856958868037088), r(16.53856258201357, 6.856958868037088))},
		{"TM 4p FFA", openSkill(0, false), tm, lone(d, d, d, d), order(4), lone(
			r(37.69215612697965, 5.983694941648218), r(29.230718708993216, 5.983694941648218),
			r(20.769281291006784, 5.983694941648218), r(12.307843873020353, 5.983694941648218))},
		{"TM teams of 3, 1, 2", openSkill(0, false), tm, [][]Rating{{d, d, d}, {d}, {d, d}}, order(3), [][]Rating{
			{r(25.729796801442728, 8.153169236399172), r(25.729796801442728, 8.153169236399172), r(25.729796801442728, 8.153169236399172)},
			{r(34.02513843037207, 7.757460494129447)},
			{r(15.245064768185204, 7.372121080126496), r(15.245064768185204, 7.372121080126496)}}},
		{"TM ties", openSkill(0, false), tm, lone(d, d, d, d, d), []int{1, 2, 2, 4, 5}, lone(
			r(41.92287483597286, 4.958964145006544), r(29.230718708993216, 4.270448833386869),
			r(29.230718708993216, 4.270448833386869), r(16.53856258201357, 4.958964145006544),
			r(8.077125164027137, 4.958964145006544))},
		{"rate: PL with tau", openSkill(25.0/300, false), pl, lone(a1, b1, c1, d), order(4), lone(
			r(30.210227447000438, 4.765617924939384), r(27.644725221915632, 4.883479590134575),
			r(17.4036218889969, 6.101259408259549), r(19.21460876538932, 7.854669920480409))},
		{"rate: PL with tau 0.01", openSkill(0.01, false), pl, lone(a1, b1, c1, d), order(4), lone(
			r(30.20997558824299, 4.764909330988368), r(27.64461002009721, 4.882799245921361),
			r(17.403587237635527, 6.100731158882956), r(19.21478808745494, 7.854267281042293))},
		{"rate: PL limitSigma", openSkill(0.01, true), pl, lone(r(6.672, 0.0001), a1), order(2), lone(
			r(6.672012533190158, 0.0001), r(26.316243774876106, 4.7540633621019))},
		{"rate: PL teams", openSkill(25.0/300, false), pl, [][]Rating{{a1, b1}, {c1, d}}, order(2), [][]Rating{
			{r(29.607340941337068, 4.755311788972862), r(27.624602782532037, 4.892807828777459)},
			{r(15.953170429143093, 6.125902065139878), r(23.70858117648013, 8.111707446126035)}}},
		{"rate: PL teams limitSigma", openSkill(0.01, true), pl, [][]Rating{{r(9.182, 0.0001), b1}, {c1, d}}, order(2), [][]Rating{
			{r(9.182004653636957, 0.0001), r(28.301285923165363, 4.889318394468611)},
			{r(14.87349383521136, 6.076727029758966), r(21.768626152890867, 7.992333183226455)}}},
		{"rate: PL misordered rank", openSkill(25.0/300, false), pl, lone(d, d, d, d), []int{2, 1, 4, 3}, lone(
			r(26.55291815138952, 8.17961798837266), r(27.795252672501135, 8.263571791259416),
			r(20.962412806387245, 8.084127880168786), r(24.689416369722096, 8.084127880168786))},
		{"rate: PL set ratings reordered", openSkill(25.0/300, false), pl, lone(w1, x1, y1, z1), []int{1, 3, 4, 2}, lone(
			r(18.131120980297805, 8.283536573151807), r(20.405169039419135, 8.107860440531121),
			r(20.65583040714804, 8.082574596348321), r(30.80787957313502, 8.155100416275928))},
		{"rate: PL teams reordered", openSkill(25.0/300, false), pl, [][]Rating{{a1, d}, {b1, d}, {c1, d}}, []int{3, 1, 2}, [][]Rating{
			{r(27.857622571955794, 4.744504197327133), r(20.97892943330433, 8.129851804000902)},
			{r(27.990904891666695, 4.901705733959291), r(27.341233554297506, 8.2314516336455)},
			{r(17.607030910762578, 6.141282638892306), r(26.67983701239816, 8.149157818911323)}}},
		{"rate: PL ties", openSkill(25.0/300, false), pl, lone(r(10, 8), r(5, 10), r(0, 12)), []int{1, 2, 2}, lone(
			r(11.942996666741225, 7.926888197620324), r(2.9381178546315034, 9.653804487570165),
			r(-1.4024317012198733, 11.323641575516767))},
		{"rate: PL four-way tie", openSkill(25.0/300, false), pl, lone(d, d, d, d), []int{1, 1, 1, 1}, lone(
			r(25, 8.263571791259416), r(25, 8.263571791259416), r(25, 8.263571791259416), r(25, 8.263571791259416))},
		{"rate: PL ties reordered", openSkill(25.0/300, false), pl, lone(w1, x1, y1, z1), []int{2, 4, 2, 1}, lone(
			r(15.340043358359136, 8.213141619804967), r(18.007678675484204, 8.189033933813437),
			r(24.25801928251219, 8.166918055585525), r(32.39425868364447, 8.247687230833794))},
		{"rate: PL tau 0.3", openSkill(0.3, false), pl, lone(r(25, 3), r(25, 3)), order(2), lone(
			r(25.624880438870754, 2.9879993738476953), r(24.375119561129246, 2.9879993738476953))},
		{"rate: PL sigma kept from rising", openSkill(0.3, true), pl, lone(r(40, 3), r(-20, 3)), order(2), lone(
			r(40.00032667136128, 3), r(-20.000326671361275, 3))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.rate(c.model, c.teams, c.rank)
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.want {
				for j, w := range c.want[i] {
					g := got[i][j]
					if math.Abs(g.Mu-w.Mu) > 1e-6 || math.Abs(g.Sigma-w.Sigma) > 1e-6 {
						t.Errorf("side %d player %d: got %.12f ± %.12f, want %.12f ± %.12f", i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
					}
				}
			}
		})
	}
}

// TestRatePicksModel checks that Rate takes Thurstone–Mosteller for two
// lone players and Plackett–Luce for anything else, and leaves the
// ratings given as they were.
func TestRatePicksModel(t *testing.T) {
	m := Default()
	d := m.New()
	for _, teams := range [][][]Rating{lone(d, d), lone(d, d, d), {{d, d}, {d, d}}, {{d, d}, {d, d}, {d, d}}} {
		given := cloneTeams(teams)
		got, err := m.Rate(teams, order(len(teams)))
		if err != nil {
			t.Fatal(err)
		}
		model := Model.PlackettLuce
		if len(teams) == 2 && len(teams[0]) == 1 {
			model = Model.ThurstoneMostellerFull
		}
		want, _ := model(m, teams, order(len(teams)))
		if !equalTeams(got, want) {
			t.Errorf("%d sides of %d: Rate gave %v, want %v", len(teams), len(teams[0]), got, want)
		}
		if !equalTeams(teams, given) {
			t.Errorf("Rate changed its input: %v", teams)
		}
	}
}

// TestRateGame checks that a game of hands is its hands rated in order,
// Tau added before the first alone, a fixed player kept as they were,
// and that a game of no hand, or of a hand that cannot be rated, is
// refused.
func TestRateGame(t *testing.T) {
	m := Default()
	house := r(20, 1)
	teams := [][]Rating{{r(27, 3)}, {m.New()}, {house}}
	fixed := [][]bool{nil, {false}, {true}}
	hands := [][]int{{1, 2, 3}, {3, 1, 2}, {2, 2, 1}}
	given := cloneTeams(teams)
	got, err := m.RateGame(teams, fixed, hands)
	if err != nil {
		t.Fatal(err)
	}
	want, still := teams, m
	for _, rank := range hands {
		want, _ = still.Rate(want, rank)
		want[2][0], still.Tau = house, 0
	}
	if !equalTeams(got, want) {
		t.Errorf("RateGame gave %v, the hands one by one %v", got, want)
	}
	if !equalTeams(teams, given) {
		t.Errorf("RateGame changed its input: %v", teams)
	}
	for _, bad := range [][][]int{nil, {{1, 2, 3}, {1, 2}}} {
		if _, err := m.RateGame(teams, nil, bad); !errors.Is(err, ErrGame) {
			t.Errorf("RateGame(%v) = %v, want an ErrGame", bad, err)
		}
	}
}

// TestRateRefusesBadGames checks that a game that cannot be rated is an
// error, never a panic or a NaN.
func TestRateRefusesBadGames(t *testing.T) {
	m := Default()
	d := m.New()
	bad := []struct {
		teams [][]Rating
		rank  []int
	}{
		{lone(d), []int{1}},
		{lone(d, d), []int{1}},
		{[][]Rating{{d}, {}}, []int{1, 2}},
		{lone(d, r(math.NaN(), 1)), []int{1, 2}},
		{lone(d, r(25, 0)), []int{1, 2}},
		{lone(d, r(25, -1)), []int{1, 2}},
		{lone(d, r(math.Inf(1), 1)), []int{1, 2}},
		{lone(slices.Repeat([]Rating{d}, MaxSides+1)...), order(MaxSides + 1)},
	}
	for _, b := range bad {
		if _, err := m.Rate(b.teams, b.rank); !errors.Is(err, ErrGame) {
			t.Errorf("Rate(%v, %v) = %v, want an ErrGame", b.teams, b.rank, err)
		}
	}
}

// TestWinShare checks the prediction: even for equals, towards the
// stronger, adding up to 1, and for two sides the Gaussian's chance.
func TestWinShare(t *testing.T) {
	m := Default()
	d := m.New()
	if s := m.WinShare(lone(d, d)); math.Abs(s[0]-0.5) > 1e-12 || math.Abs(s[1]-0.5) > 1e-12 {
		t.Errorf("equals: %v", s)
	}
	a, b := r(27, 1), r(25, 1)
	s := m.WinShare(lone(a, b))
	want := normCDF(2 / math.Sqrt(2*m.Beta*m.Beta+2))
	if math.Abs(s[0]-want) > 1e-12 || math.Abs(s[0]+s[1]-1) > 1e-12 {
		t.Errorf("27 against 25: %v, want %v", s, want)
	}
	s = m.WinShare([][]Rating{{a, b}, {b, b}, {b, b}})
	if sum := s[0] + s[1] + s[2]; math.Abs(sum-1) > 1e-12 || s[0] <= s[1] || math.Abs(s[1]-s[2]) > 1e-12 {
		t.Errorf("three teams: %v (sum %v)", s, sum)
	}
}

// TestDisplay checks the documented scale: medium reads 1500, a new
// player (at easy's mean) less, 400 points about ten to one between
// settled players.
func TestDisplay(t *testing.T) {
	m := Default()
	if got := Display(House["medium"]); got != DisplayAnchor {
		t.Errorf("medium reads %d, want %d", got, DisplayAnchor)
	}
	n := m.New()
	if !Provisional(n) || Display(n) >= DisplayAnchor {
		t.Errorf("a new player reads %d (provisional %v)", Display(n), Provisional(n))
	}
	if n.Mu != House["easy"].Mu || n.Sigma != 25.0/3 {
		t.Errorf("a new player is %v, want easy's mean ± 25/3", n)
	}
	settled := r(House["medium"].Mu+400.0/DisplayScale, ProvisionalSigma)
	if Provisional(settled) || Display(settled) != DisplayAnchor+400 {
		t.Errorf("8 above medium, settled, reads %d (provisional %v)", Display(settled), Provisional(settled))
	}
	odds := normCDF(400.0 / DisplayScale / (math.Sqrt2 * m.Beta))
	if odds < 0.9 || odds > 0.92 {
		t.Errorf("400 points are a share of %.3f, want about 10 to 1", odds)
	}
}

func cloneTeams(teams [][]Rating) [][]Rating {
	out := make([][]Rating, len(teams))
	for i, t := range teams {
		out[i] = slices.Clone(t)
	}
	return out
}

func equalTeams(a, b [][]Rating) bool {
	return slices.EqualFunc(a, b, func(x, y []Rating) bool { return slices.Equal(x, y) })
}

// randomGame draws a game from rng: 2 to 6 sides of 1 to 3 players, any
// ratings within reason (and some far outside it), any ranks with ties.
func randomGame(rng *rand.Rand) ([][]Rating, []int) {
	n := 2 + rng.IntN(5)
	size := 1 + rng.IntN(3)
	teams := make([][]Rating, n)
	rank := make([]int, n)
	for i := range teams {
		teams[i] = make([]Rating, size)
		for j := range teams[i] {
			teams[i][j] = r(rng.NormFloat64()*20+25, 1e-3+rng.Float64()*25.0/3)
			if rng.IntN(20) == 0 {
				teams[i][j].Mu = rng.NormFloat64() * 1e4
			}
			if rng.IntN(20) == 0 {
				teams[i][j].Sigma = 1e-6
			}
		}
		rank[i] = 1 + rng.IntN(n)
	}
	return teams, rank
}

// checkUpdate checks one rated game: every rating finite, no uncertainty
// grown (with no Tau) nor above a new player's (with Default's), the
// winner's side never losing mean to the last's... and the same game with
// its sides listed in another order giving the same ratings.
func checkUpdate(t *testing.T, m Model, teams [][]Rating, rank []int, perm []int) {
	t.Helper()
	got, err := m.Rate(teams, rank)
	if err != nil {
		t.Fatalf("Rate(%v, %v): %v", teams, rank, err)
	}
	for i := range got {
		for j, g := range got[i] {
			if !finite(g.Mu) || !finite(g.Sigma) || g.Sigma <= 0 {
				t.Fatalf("Rate(%v, %v): side %d player %d became %v", teams, rank, i, j, g)
			}
			before := teams[i][j].Sigma
			if (m.Tau == 0 || m.LimitSigma) && g.Sigma > before*(1+1e-12) {
				t.Fatalf("Rate(%v, %v): side %d player %d's sigma grew from %v to %v", teams, rank, i, j, before, g.Sigma)
			}
			if before <= m.Sigma && g.Sigma > m.Sigma*(1+1e-12) && m.LimitSigma {
				t.Fatalf("sigma %v past a new player's %v", g.Sigma, m.Sigma)
			}
		}
	}
	pt, pr := make([][]Rating, len(teams)), make([]int, len(rank))
	for i, p := range perm {
		pt[i], pr[i] = teams[p], rank[p]
	}
	pg, err := m.Rate(pt, pr)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range perm {
		for j := range pg[i] {
			a, b := pg[i][j], got[p][j]
			if math.Abs(a.Mu-b.Mu) > 1e-9*max(1, math.Abs(b.Mu)) || math.Abs(a.Sigma-b.Sigma) > 1e-9*max(1, b.Sigma) {
				t.Fatalf("Rate(%v, %v): side %d is %v listed first, %v listed %d", teams, rank, p, b, a, i)
			}
		}
	}
}

// TestRateRandomGames rates seeded random games with Default and with
// neither Tau nor LimitSigma.
func TestRateRandomGames(t *testing.T) {
	for seed := range uint64(2000) {
		rng := rand.New(rand.NewPCG(seed, 35))
		teams, rank := randomGame(rng)
		perm := rng.Perm(len(teams))
		checkUpdate(t, Default(), teams, rank, perm)
		checkUpdate(t, openSkill(0, false), teams, rank, perm)
	}
}

// FuzzRate rates the games the fuzzer draws from its seeds.
func FuzzRate(f *testing.F) {
	for _, s := range []uint64{1, 2, 35, 1 << 40} {
		f.Add(s, s^0x9e37)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		rng := rand.New(rand.NewPCG(a, b))
		teams, rank := randomGame(rng)
		perm := rng.Perm(len(teams))
		checkUpdate(t, Default(), teams, rank, perm)
		checkUpdate(t, openSkill(0, false), teams, rank, perm)
	})
}

// TestPlaces: the most points come first, equal points share a place.
func TestPlaces(t *testing.T) {
	if got := Places([]int{700, 300, 700, 0}); !slices.Equal(got, []int{1, 3, 1, 4}) {
		t.Fatalf("places %v", got)
	}
}
