package ai

import (
	"context"
	"math"

	"github.com/millebornes/mille/engine"
)

// Once the draw pile is empty in a 2-player game, every card the deciding
// seat cannot see is in the other hand: the rest of the hand is a game of
// perfect information, and endgame solves it exactly. It searches the
// remaining plays by alpha-beta (minimax on the deciding side's value),
// with a transposition table and the heuristic's choice tried first, and
// scores each end of the hand as the engine does (engine.State's
// HandScores: delayed action, extension, shut-out, safe trip and the
// ruleset's own items), valued as the searches value a hand (rewards):
// whether the side wins the hand, then by how much.
//
// The search is bounded by a number of positions, never a time, so a
// level plays the same at any load; a search that runs out of positions
// says so and the player searches as it would without it.

// endgameValue is rewards' value of a finished hand for side, times 20,000
// and less a constant, in whole numbers: 6,000 for winning the hand (0 for
// a tie, -6,000 for losing it) plus the margin in points up to ±4,000. Two
// sides' values add up to nothing, so one side's best is the other's worst.
func endgameValue(s *engine.State, side int) int32 {
	m := HandMargin(s, side)
	v := int32(max(-4000, min(4000, m)))
	switch {
	case m > 0:
		v += 6000
	case m < 0:
		v -= 6000
	}
	return v
}

// solvable reports whether obs is a decision endgame can solve exactly:
// two players, the draw pile empty, and the deciding seat's turn in the
// hand.
func solvable(obs *engine.Observation) bool {
	return obs.Config.Players == 2 && obs.DrawLen == 0 && obs.Phase < engine.PhaseHandOver && obs.MyTurn()
}

// ttEntry is one position of the transposition table: its key, the value
// found with the kind of bound it is, the best action found there, and the
// search it belongs to (older entries are empty).
type ttEntry struct {
	key  uint64
	val  int32
	move engine.Action
	flag uint8
	gen  uint8
}

// The kinds of value a ttEntry holds.
const (
	ttExact = iota + 1 // the position's value
	ttLower            // the value is at least val
	ttUpper            // the value is at most val
)

// ttBits sizes the transposition table: 2^16 entries of 16 bytes, 1 MB,
// made at a player's first endgame. The endgames of real hands visit a
// few thousand positions (docs/ai.md).
const ttBits = 16

// endgame is an exact endgame solver; one per player, reused by its
// searches.
type endgame struct {
	tt      []ttEntry
	gen     uint8
	side    int  // the side whose value the search maximizes
	nodes   int  // positions visited in this search
	budget  int  // positions a search may visit
	aborted bool // the budget ran out: the values found are not exact
	ctx     context.Context
	v       view  // the heuristic's view, for move ordering
	tal     tally // its count of the discards
}

// newEndgame returns a solver visiting at most budget positions a search.
func newEndgame(budget int) *endgame {
	return &endgame{budget: budget}
}

// solve returns the best of legal for the seat to act in s (a whole state
// of a 2-player hand with an empty draw pile) and its value, with ok false
// when the budget ran out first. Of equally good actions it plays the
// heuristic's choice, or else the first in legal.
// A cancelled ctx stops it as a spent budget does.
func (e *endgame) solve(ctx context.Context, s *engine.State, legal []engine.Action) (best engine.Action, val int32, ok bool) {
	if e.tt == nil {
		e.tt = make([]ttEntry, 1<<ttBits)
	}
	e.gen++
	if e.gen == 0 { // the generations wrapped: old entries could pass for new
		clear(e.tt)
		e.gen = 1
	}
	e.side = s.Config.SideOf(s.ToAct())
	e.nodes, e.aborted, e.ctx = 0, false, ctx
	var order [engine.MaxLegal]engine.Action
	n := e.order(s, legal, 0, &order)
	// The first action (the heuristic's) gets its exact value; each other
	// is first asked only whether it does better (a null window), and
	// valued exactly if it does.
	var child engine.State
	for k, a := range order[:n] {
		child = *s
		child.StepLegal(a)
		if k == 0 {
			best, val = a, e.search(&child, math.MinInt32, math.MaxInt32)
		} else if v := e.search(&child, val, val+1); v > val {
			child = *s // search steps its state on where nothing is to choose
			child.StepLegal(a)
			best, val = a, e.search(&child, val, math.MaxInt32)
		}
		if e.aborted {
			return best, val, false
		}
	}
	return best, val, true
}

// order puts the actions of legal in the order the search tries them:
// first the one the table remembers (first, if not NoAction's 0), then
// the heuristic's choice, then the rest as Legal gave them.
func (e *endgame) order(s *engine.State, legal []engine.Action, first engine.Action, out *[engine.MaxLegal]engine.Action) int {
	e.tal.reset(s)
	viewOfState(s, &e.v, &e.tal)
	e.v.pol = nil
	h, _ := e.v.best(legal)
	n := 0
	if first != 0 && first != h {
		for _, a := range legal {
			if a == first {
				out[n] = a
				n++
			}
		}
	}
	out[n] = h
	n++
	for _, a := range legal {
		if a != h && a != first {
			out[n] = a
			n++
		}
	}
	return n
}

// search returns the value of s for e.side, exact if it lies between alpha
// and beta, else a bound on the side the window was left (fail-soft
// alpha-beta).
func (e *endgame) search(s *engine.State, alpha, beta int32) int32 {
	if s.HandOver() {
		return endgameValue(s, e.side)
	}
	var buf [engine.MaxLegal]engine.Action
	legal := s.Legal(buf[:0])
	for len(legal) == 1 && !s.HandOver() { // nothing to choose: step on
		s.StepLegal(legal[0])
		if s.HandOver() {
			return endgameValue(s, e.side)
		}
		legal = s.Legal(buf[:0])
	}
	if e.nodes++; e.nodes > e.budget || e.nodes&1023 == 0 && e.ctx.Err() != nil {
		e.aborted = true
		return 0
	}
	key := endgameKey(s)
	slot := &e.tt[key&(1<<ttBits-1)]
	var first engine.Action
	if slot.gen == e.gen && slot.key == key {
		switch {
		case slot.flag == ttExact,
			slot.flag == ttLower && slot.val >= beta,
			slot.flag == ttUpper && slot.val <= alpha:
			return slot.val
		}
		first = slot.move
	}
	var order [engine.MaxLegal]engine.Action
	n := e.order(s, legal, first, &order)
	maximize := s.Config.SideOf(s.ToAct()) == e.side
	a0, b0 := alpha, beta
	best, bestMove := int32(math.MaxInt32), engine.Action(0)
	if maximize {
		best = math.MinInt32
	}
	var child engine.State
	for _, a := range order[:n] {
		child = *s
		child.StepLegal(a)
		v := e.search(&child, alpha, beta)
		if e.aborted {
			return 0
		}
		if maximize && v > best || !maximize && v < best {
			best, bestMove = v, a
		}
		if maximize {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	flag := uint8(ttExact)
	switch {
	case best <= a0:
		flag = ttUpper
	case best >= b0:
		flag = ttLower
	}
	*slot = ttEntry{key: key, val: best, move: bestMove, flag: flag, gen: e.gen}
	return best
}

// endgameKey is a 64-bit digest of everything the rest of a 2-player hand
// with an empty draw pile depends on: the phase and the seat to act, the
// trip and its extension, a coup fourré's window, the two hands as sets
// of cards (their order in the slots changes nothing) and the tableaus'
// piles, safeties, miles and the 200s and 100s their scores count.
func endgameKey(s *engine.State) uint64 {
	h := uint64(s.Phase) | uint64(s.Turn)<<8 | uint64(s.Trip)<<16 | uint64(uint8(s.Extender))<<32 |
		uint64(s.Threat)<<40 | uint64(s.ThreatSide)<<48 | uint64(s.Attacker)<<56
	h = mix64(h)
	var hands uint64
	for seat := range 2 {
		for _, c := range s.Hands[seat] {
			hands += zobrist[seat][c] // a sum: the same for any order of the cards
		}
	}
	h = mix64(h ^ hands)
	for side := range 2 {
		t := &s.Tableaus[side]
		w := uint64(t.Battle) | uint64(t.BattleUnder)<<8 | uint64(t.Speed)<<16 | uint64(t.SpeedUnder)<<24 |
			uint64(t.Safeties)<<32 | uint64(t.CoupsFourres)<<40
		h = mix64(h ^ w)
		h = mix64(h ^ (uint64(t.Miles) | uint64(t.Cards[engine.Miles200])<<16 | uint64(t.Cards[engine.Miles100])<<24))
	}
	return h
}

// mix64 is splitmix64's finalizer: every bit of x reaches every bit of the
// result.
func mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// zobrist gives each card in each of the two hands a fixed random number;
// a hand's digest adds up its cards' (NoCard's is 0).
var zobrist = func() (z [2][engine.NumCards]uint64) {
	x := uint64(0x6d696c6c65)
	for seat := range z {
		for c := engine.Card(1); c < engine.NumCards; c++ {
			x += 0x9e3779b97f4a7c15
			z[seat][c] = mix64(x)
		}
	}
	return z
}()
