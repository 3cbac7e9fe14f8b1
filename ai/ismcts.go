package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/millebornes/mille/engine"
)

// ISMCTS is single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse 2012), shaped for a game where the luck
// of the deal dwarfs the difference between two moves.
//
// Each iteration deals the unseen cards at random (engine.Sample; with
// infer set, keeping out of each hand what the seat's last play or
// discard says it cannot hold: engine.SampleAvoiding). Below the root,
// every candidate action has its own SO-ISMCTS tree: the walk keeps to
// the actions legal in the deal, selects by UCB with availability counts,
// adds one node, finishes the hand with heuristic rollouts and backs each
// side's reward up into the nodes where that side chose (so partners
// share values). The tree widens progressively in the
// heuristic's order of preference.
//
// At the root all candidates are searched in the same deals (common random
// numbers) and compared, deal by deal, with the heuristic's own choice: a
// candidate whose gain is clearly negative drops out of the race, and the
// search ends early once one candidate is left. The heuristic's choice is
// overruled only by a gain larger than twice its standard error, so the
// search never plays worse than its policy by chasing noise.
//
// The search is root-parallel: the budget is split between a fixed number
// of racers (shards), each racing on its own deals with its own trees, and
// their statistics are added up in racer order. The racers run on up to
// workers goroutines, which changes how long a search takes but not what
// it finds: a search with an iteration budget that its time limit does not
// cut repeats exactly for a given seed, on any machine, at any load, with
// any number of workers. An iteration is one rollout.
type ISMCTS struct {
	name    string
	iters   int           // rollouts per decision over all racers
	limit   time.Duration // safety cap on a decision's time, 0 for none
	shards  int           // racers: the search's result depends on it
	workers int           // goroutines running the racers
	c       float64       // UCB exploration constant
	widen   float64       // a node visited n times considers 1+sqrt(n)/widen actions
	eps     float64       // chance of a random action in rollouts
	z       float64       // a gain must exceed z standard errors to overrule the heuristic
	winW    float64       // weight of winning the hand in the reward (the rest is the margin)
	seed    uint64
	calls   uint64
	last    searchStats
	// pol is the searching side's own policy: its choice is the one to
	// beat, and the side plays it in the trees and rollouts (nil: the
	// heuristic).
	pol *Policy
	// infer deals the unseen cards as the other seats' last plays and
	// discards tell (infer) rather than uniformly.
	infer bool
	// eg, when set, solves the endgames it can exactly (endgame) instead
	// of searching them.
	eg *endgame
	// cut, when above zero, stops each rollout of a 2-player hand after
	// that many plies and scores the position by the fitted evaluation
	// (leafValue) instead of playing the hand out.
	cut int
}

// searchStats describe the last search, for tests.
type searchStats struct {
	iterations int // rollouts
	plies      int // plies played in the trees and the rollouts
	evals      int // rollouts cut and scored by leafValue
}

// ISMCTSOption changes an ISMCTS player.
type ISMCTSOption func(*ISMCTS)

// defaultShards is how many racers share a search's budget: the cores of
// the machine the levels were tuned on, so that a level plays as it was
// measured (docs/ai.md) wherever it runs.
const defaultShards = 2

// WithWorkers sets how many goroutines search (default runtime.NumCPU(),
// at most the racers): the choice is the same with any number.
func WithWorkers(n int) ISMCTSOption {
	return func(p *ISMCTS) {
		if n > 0 {
			p.workers = n
		}
	}
}

// WithTimeLimit stops each search after d even if iterations remain: a
// safety cap, set so far above the budget's time that it binds only on a
// machine in distress, since a cut search plays differently.
func WithTimeLimit(d time.Duration) ISMCTSOption { return func(p *ISMCTS) { p.limit = d } }

// withPolicy sets the searching side's own policy.
func withPolicy(pol *Policy) ISMCTSOption { return func(p *ISMCTS) { p.pol = pol } }

// withEndgame has the player solve 2-player endgames exactly (endgame),
// visiting at most budget positions a decision.
func withEndgame(budget int) ISMCTSOption { return func(p *ISMCTS) { p.eg = newEndgame(budget) } }

// withCut has the player cut its rollouts after plies plies and score
// the position by the fitted evaluation (leafValue), in 2-player hands.
func withCut(plies int) ISMCTSOption { return func(p *ISMCTS) { p.cut = plies } }

// withName names the player after the level it plays.
func withName(name string) ISMCTSOption { return func(p *ISMCTS) { p.name = name } }

// NewISMCTS returns an ISMCTS player doing at most iters rollouts per
// decision.
func NewISMCTS(iters int, seed uint64, opts ...ISMCTSOption) *ISMCTS {
	p := &ISMCTS{name: "ismcts", iters: iters, shards: defaultShards, workers: runtime.NumCPU(), c: 0.5, widen: 6, z: 2, winW: 0.6, seed: seed}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Name returns "ismcts" (or the level it plays).
func (p *ISMCTS) Name() string { return p.name }

// node is one decision in a tree: the action key that led to it, its
// statistics, and links to its first child and next sibling.
type node struct {
	key    uint32 // seat<<16 | action
	side   int8   // side of the seat that chose key
	child  int32
	next   int32
	visits int32
	avail  int32
	total  float64 // rewards of side
}

func nodeKey(seat int, a engine.Action) uint32 { return uint32(seat)<<16 | uint32(a) }

// tree is the search tree below one root action; node 0 is its root.
type tree struct {
	nodes []node
	side  int // the searching side
	cut   int // ISMCTS.cut
	// plies and evals count the tree's work (searchStats).
	plies, evals int
}

// rootStat is the statistics of one root action: its gains over the
// heuristic's choice in the deals it was tried in, and its own results
// there (val, valSq).
type rootStat struct {
	n      int
	sum    float64
	sq     float64
	val    float64
	valSq  float64
	active bool
	// us and them add up the items of the hand's score of the deciding
	// side and of the best other side over the deals (racer.margin only).
	us, them Items
	// plies and evals count the work of the candidate's tree (searchStats).
	plies, evals int
}

func (r *rootStat) mean() float64 { return r.sum / float64(r.n) }

// se is the standard error of the mean gain.
func (r *rootStat) se() float64 {
	if r.n < 2 {
		return math.Inf(1)
	}
	m := r.mean()
	return math.Sqrt(max(0, r.sq/float64(r.n)-m*m) / float64(r.n-1))
}

// Choose searches and returns the chosen action.
func (p *ISMCTS) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	p.calls++
	if a, ok := obvious(obs, legal); ok {
		return a
	}
	if p.eg != nil && solvable(obs) {
		// The one deal that agrees with obs (the order of the other
		// hand's slots changes nothing), solved if it fits the budget.
		s := engine.Sample(obs, seedFor(p.seed, p.calls, -1))
		if a, _, ok := p.eg.solve(ctx, &s, legal); ok {
			return a
		}
	}
	v := view{pol: p.pol}
	viewOf(obs, &v)
	base, _ := v.best(legal)
	stats := p.search(ctx, obs, legal, base)
	best, bestGain := base, 0.0
	for k, a := range legal {
		st := &stats[k]
		if st.n >= 8 && st.mean() > bestGain && st.mean() > p.z*st.se() {
			best, bestGain = a, st.mean()
		}
	}
	return best
}

// search runs the racers on the workers and merges their statistics per
// legal action, in racer order.
func (p *ISMCTS) search(ctx context.Context, obs *engine.Observation, legal []engine.Action, base engine.Action) []rootStat {
	shards := max(1, min(p.shards, p.iters/len(legal)))
	workers := max(1, min(p.workers, shards))
	d := deadline{ctx: ctx}
	if p.limit > 0 {
		d.end = time.Now().Add(p.limit)
	}
	// What the other seats' plays tell of their hands, read once a search.
	var avoid *engine.Avoid
	if a := new(engine.Avoid); p.infer && infer(obs, a) {
		avoid = a
	}
	per := make([][]rootStat, shards)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := w; k < shards; k += workers {
				budget := p.iters / shards
				if k < p.iters%shards {
					budget++
				}
				r := p.racer(obs, legal, base, seedFor(p.seed, p.calls, k), d)
				r.avoid = avoid
				per[k] = r.run(budget)
			}
		}()
	}
	wg.Wait()
	stats := make([]rootStat, len(legal))
	p.last = searchStats{}
	for _, st := range per {
		for k := range stats {
			stats[k].n += st[k].n
			stats[k].sum += st[k].sum
			stats[k].sq += st[k].sq
			p.last.iterations += st[k].n
			p.last.plies += st[k].plies
			p.last.evals += st[k].evals
		}
	}
	return stats
}

// racer returns a worker's search with the player's settings.
func (p *ISMCTS) racer(obs *engine.Observation, legal []engine.Action, base engine.Action, rng *rand.Rand, d deadline) racer {
	return racer{obs: obs, legal: legal, base: base, c: p.c, widen: p.widen, eps: p.eps, winW: p.winW, rng: rng, d: d, pol: p.pol, cut: p.cut}
}

// racer is one worker's search.
type racer struct {
	obs   *engine.Observation
	legal []engine.Action
	base  engine.Action
	c     float64
	widen float64
	eps   float64
	winW  float64
	rng   *rand.Rand
	d     deadline
	pol   *Policy
	// margin measures each deal by HandMargin, in points, instead of the
	// reward; the trees still learn from the reward.
	margin bool
	// avoid is what the deals keep out of the other hands (infer), nil
	// for uniform deals.
	avoid *engine.Avoid
	// cut is ISMCTS.cut.
	cut int
}

// run races the legal actions over deals until the budget of rollouts is
// spent, the deadline passes or a single candidate is left.
func (r *racer) run(budget int) []rootStat {
	n := len(r.legal)
	stats := make([]rootStat, n)
	trees := make([]tree, n)
	baseK := 0
	for k, a := range r.legal {
		stats[k].active = true
		trees[k].nodes = make([]node, 1, 64)
		trees[k].side = r.obs.Side()
		trees[k].cut = r.cut
		if a == r.base {
			baseK = k
		}
	}
	side := r.obs.Side()
	var v view
	var rew [engine.MaxLegal]float64
	// s is each candidate's copy of the deal, declared once: the trees'
	// walk takes its address, so a copy declared in the loop went to the
	// heap at every rollout (7 MB and 9,700 allocations a hard decision).
	var s engine.State
	spent := 0
	for round := 0; ; round++ {
		active := 0
		for k := range stats {
			if stats[k].active {
				active++
			}
		}
		if spent+active > budget || active <= 1 || round > 0 && r.d.expired() {
			break
		}
		det := engine.SampleAvoiding(r.obs, r.rng, r.avoid)
		for k, a := range r.legal {
			if !stats[k].active {
				continue
			}
			s = det
			if err := s.Step(a); err != nil {
				panic("ai: sampled state refuses a legal action: " + err.Error())
			}
			rew[k] = trees[k].iterate(&s, r.rng, r.c, r.widen, r.eps, r.winW, r.pol, &v)[side]
			if r.margin {
				rew[k] = float64(HandMargin(&s, side))
				stats[k].us.add(s.HandScores[side])
				stats[k].them.add(s.HandScores[bestOther(&s, side)])
			}
			spent++
		}
		for k := range stats {
			if stats[k].active {
				g := rew[k] - rew[baseK]
				stats[k].n++
				stats[k].sum += g
				stats[k].sq += g * g
				stats[k].val += rew[k]
				stats[k].valSq += rew[k] * rew[k]
			}
		}
		if round >= 16 && round%8 == 0 {
			r.prune(stats, baseK)
		}
	}
	for k := range stats {
		stats[k].plies, stats[k].evals = trees[k].plies, trees[k].evals
	}
	return stats
}

// prune drops the candidates clearly worse than the leader. The base
// (the heuristic's choice) always stays: it is what the others must beat.
func (r *racer) prune(stats []rootStat, baseK int) {
	lead := baseK
	for k := range stats {
		if stats[k].active && stats[k].mean() > stats[lead].mean() {
			lead = k
		}
	}
	for k := range stats {
		st := &stats[k]
		if !st.active || k == lead || k == baseK {
			continue
		}
		gap := stats[lead].mean() - st.mean()
		if gap > 3*math.Hypot(st.se(), stats[lead].se()) {
			st.active = false
		}
	}
	// With the base alone against nothing better, stop early.
	if lead == baseK {
		others := 0
		for k := range stats {
			if stats[k].active && k != baseK && stats[k].mean()+2*stats[k].se() > 0 {
				others++
			}
		}
		if others == 0 {
			for k := range stats {
				stats[k].active = k == baseK
			}
		}
	}
}

// iterate runs one iteration of SO-ISMCTS from s (a deal, after the root
// action) in the tree: select and expand, roll out, back up. It returns
// every side's reward.
func (t *tree) iterate(s *engine.State, rng *rand.Rand, c, widen, eps, winW float64, pol *Policy, v *view) [engine.MaxSides]float64 {
	var buf [engine.MaxLegal]engine.Action
	var order [engine.MaxLegal]int
	var scores [engine.MaxLegal]float64
	var present [engine.MaxLegal]int32
	var path [64]int32
	var tal tally
	tal.reset(s)
	depth := 0
	cur := int32(0)
	for !s.HandOver() && depth < len(path) {
		legal := s.Legal(buf[:0])
		if len(legal) == 1 {
			s.StepLegal(legal[0])
			t.plies++
			continue
		}
		seat := s.ToAct()
		mine := s.Config.SideOf(seat) == t.side
		// Opponents are modelled by the heuristic (one action); the
		// searching side's own later choices widen with the visits.
		width := 1
		if mine {
			width = min(len(legal), 1+int(math.Sqrt(float64(t.nodes[cur].visits))/widen))
		}
		viewOfState(s, v, &tal)
		v.pol = nil
		if mine {
			v.pol = pol
		}
		if width == 1 {
			// The heuristic's choice alone: the first of the ranking below.
			order[0], _ = v.bestIndex(legal)
		} else {
			// Rank the legal actions by the heuristic (insertion sort, best
			// first, the first on ties as best has it).
			for k, a := range legal {
				scores[k], _ = v.score(a)
				j := k
				for ; j > 0 && scores[order[j-1]] < scores[k]; j-- {
					order[j] = order[j-1]
				}
				order[j] = k
			}
		}
		// Which legal actions already have a child here?
		for k := range legal {
			present[k] = 0
		}
		for ch := t.nodes[cur].child; ch != 0; ch = t.nodes[ch].next {
			n := &t.nodes[ch]
			if int(n.key>>16) != seat {
				continue
			}
			for k, a := range legal {
				if uint32(a) == n.key&0xffff {
					present[k] = ch
					n.avail++
					break
				}
			}
		}
		next, a, expanded := int32(-1), engine.Action(0), false
		for _, k := range order[:width] {
			if present[k] == 0 {
				// Expand the untried action the heuristic likes best.
				a = legal[k]
				next = int32(len(t.nodes))
				t.nodes = append(t.nodes, node{
					key: nodeKey(seat, a), side: int8(s.Config.SideOf(seat)),
					next: t.nodes[cur].child, avail: 1,
				})
				t.nodes[cur].child = next
				expanded = true
				break
			}
		}
		if next < 0 {
			bestU := math.Inf(-1)
			for _, k := range order[:width] {
				n := &t.nodes[present[k]]
				u := n.total/float64(n.visits) + c*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
				if u > bestU {
					bestU, next, a = u, present[k], legal[k]
				}
			}
		}
		s.StepLegal(a) // one of legal
		t.plies++
		cur = next
		path[depth] = cur
		depth++
		if expanded {
			break
		}
	}
	var r [engine.MaxSides]float64
	if t.cut > 0 && s.Config.Players == 2 {
		t.plies += rolloutFor(s, rng, eps, pol, t.side, t.cut)
		if s.HandOver() {
			r = rewards(s, winW)
		} else {
			r[t.side] = leafValue(s, t.side, winW)
			r[1-t.side] = 1 - r[t.side]
			t.evals++
		}
	} else {
		t.plies += rolloutFor(s, rng, eps, pol, t.side, -1)
		r = rewards(s, winW)
	}
	t.nodes[0].visits++
	for _, id := range path[:depth] {
		n := &t.nodes[id]
		n.visits++
		n.total += r[n.side]
	}
	return r
}
