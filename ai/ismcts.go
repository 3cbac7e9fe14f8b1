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
// (Cowling, Powley and Whitehouse 2012). Each iteration deals the unseen
// cards at random (engine.Sample), walks one tree of decisions restricted
// to the actions legal in that deal, selecting by UCB with availability
// counts, adds one node, finishes the hand with heuristic rollouts, and
// backs up each side's reward into the nodes where that side chose.
//
// The search is root-parallel: each worker grows its own tree from its own
// random source; the root visit counts are added up in worker order, so a
// search with an iteration budget repeats exactly for a given seed and
// worker count.
type ISMCTS struct {
	name    string
	iters   int           // iterations per decision over all workers
	limit   time.Duration // time limit per decision, 0 for none
	workers int
	c       float64 // UCB exploration constant
	eps     float64 // chance of a random action in rollouts
	seed    uint64
	calls   uint64
	last    searchStats
}

// searchStats describe the last search, for tests and tuning.
type searchStats struct {
	iterations int
	nodes      int
}

// ISMCTSOption changes an ISMCTS player.
type ISMCTSOption func(*ISMCTS)

// WithWorkers sets how many goroutines search (default runtime.NumCPU()).
func WithWorkers(n int) ISMCTSOption {
	return func(p *ISMCTS) {
		if n > 0 {
			p.workers = n
		}
	}
}

// WithTimeLimit stops each search after d even if iterations remain.
func WithTimeLimit(d time.Duration) ISMCTSOption { return func(p *ISMCTS) { p.limit = d } }

// WithExploration sets the UCB exploration constant (default 0.7).
func WithExploration(c float64) ISMCTSOption { return func(p *ISMCTS) { p.c = c } }

// WithRolloutNoise makes rollouts take a random action with probability eps.
func WithRolloutNoise(eps float64) ISMCTSOption { return func(p *ISMCTS) { p.eps = eps } }

// withName names the player after the level it plays.
func withName(name string) ISMCTSOption { return func(p *ISMCTS) { p.name = name } }

// NewISMCTS returns an ISMCTS player doing iters iterations per decision.
func NewISMCTS(iters int, seed uint64, opts ...ISMCTSOption) *ISMCTS {
	p := &ISMCTS{name: "ismcts", iters: iters, workers: runtime.NumCPU(), c: 0.7, seed: seed}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Name returns "ismcts" (or the level it plays).
func (p *ISMCTS) Name() string { return p.name }

// node is one decision in a worker's tree: the action key that led to it,
// its statistics, and links to its first child and next sibling.
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

// tree is one worker's search tree; node 0 is the root.
type tree struct {
	nodes []node
	path  []int32
}

// Choose searches and returns the most visited root action.
func (p *ISMCTS) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	p.calls++
	if a, ok := obvious(obs, legal); ok {
		return a
	}
	visits := p.search(ctx, obs, legal)
	best := -1
	for k := range legal {
		if best < 0 || visits[k].n > visits[best].n ||
			visits[k].n == visits[best].n && visits[k].total > visits[best].total {
			best = k
		}
	}
	if visits[best].n == 0 { // no time at all: fall back on the policy
		return NewHeuristic().Choose(ctx, obs, legal)
	}
	return legal[best]
}

// rootStat is the merged statistics of one root action.
type rootStat struct {
	n     int
	total float64
}

// search runs the workers and merges their root statistics per legal action.
func (p *ISMCTS) search(ctx context.Context, obs *engine.Observation, legal []engine.Action) []rootStat {
	workers := p.workers
	if workers > p.iters {
		workers = max(1, p.iters)
	}
	d := deadline{ctx: ctx}
	if p.limit > 0 {
		d.end = time.Now().Add(p.limit)
	}
	trees := make([]*tree, workers)
	var wg sync.WaitGroup
	for w := range workers {
		dw := d
		dw.iters = p.iters / workers
		if w < p.iters%workers {
			dw.iters++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := &tree{nodes: make([]node, 1, dw.iters+1)}
			t.grow(obs, seedFor(p.seed, p.calls, w), &dw, p.c, p.eps)
			trees[w] = t
		}()
	}
	wg.Wait()
	stats := make([]rootStat, len(legal))
	p.last = searchStats{}
	for _, t := range trees {
		p.last.nodes += len(t.nodes)
		p.last.iterations += int(t.nodes[0].visits)
		for c := t.nodes[0].child; c != 0; c = t.nodes[c].next {
			n := &t.nodes[c]
			if int(n.key>>16) != obs.Seat {
				continue
			}
			for k, a := range legal {
				if uint32(a) == n.key&0xffff {
					stats[k].n += int(n.visits)
					stats[k].total += n.total
				}
			}
		}
	}
	return stats
}

// grow runs iterations until the deadline.
//
// Below the root the tree widens progressively in the heuristic's order of
// preference: a node visited n times considers only its 1+sqrt(n)/3 best
// actions by the heuristic, so opponents (and later turns of our own) play
// sensibly from the start and the visits go where they tell something.
// At the root every legal action is searched.
func (t *tree) grow(obs *engine.Observation, rng *rand.Rand, d *deadline, c float64, eps float64) {
	var buf [engine.MaxLegal]engine.Action
	var order [engine.MaxLegal]int
	var scores [engine.MaxLegal]float64
	var present [engine.MaxLegal]int32
	var v view
	for i := 0; !d.done(i); i++ {
		s := engine.Sample(obs, rng)
		cur := int32(0)
		t.path = append(t.path[:0], 0)
		expanded := false
		for !s.HandOver() && !expanded {
			legal := s.Legal(buf[:0])
			if len(legal) == 1 {
				s.Step(legal[0])
				continue
			}
			seat := s.ToAct()
			// Rank the legal actions by the heuristic (insertion sort, best first).
			viewOfState(&s, &v)
			for k, a := range legal {
				scores[k], _ = v.score(a)
				j := k
				for ; j > 0 && scores[order[j-1]] < scores[k]; j-- {
					order[j] = order[j-1]
				}
				order[j] = k
			}
			width := len(legal)
			if cur != 0 {
				width = min(width, 1+int(math.Sqrt(float64(t.nodes[cur].visits))/3))
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
			next, a := int32(-1), engine.Action(0)
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
			if err := s.Step(a); err != nil {
				panic("ai: search chose an illegal action: " + err.Error())
			}
			cur = next
			t.path = append(t.path, cur)
		}
		rollout(&s, rng, eps)
		r := rewards(&s)
		t.nodes[0].visits++
		for _, id := range t.path[1:] {
			n := &t.nodes[id]
			n.visits++
			n.total += r[n.side]
		}
	}
}
