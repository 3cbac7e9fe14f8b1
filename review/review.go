// Package review is mille's game review: it replays a saved game and, for
// every decision of the seats under review, asks the search what each legal
// action was worth, from what that seat could see then (its
// engine.Observation, never the hidden cards). It reports the move played,
// the best move, the points the move played gave away with their standard
// error, a verdict and a sentence why; per hand, the points given away, the
// three costliest moments and the split of its result into what could be
// expected, what each side's decisions did and what the cards did (Split).
//
// The measure is the result of the hand (ai.HandMargin): the points of the
// seat's side in the hand less those of the best other side, as the search
// expects it when the seat's side plays on as the expert level and the
// other sides as the heuristic. A decision's loss is how much higher the
// best action's expected result is than the played action's, measured in
// the same sampled deals (docs/review.md).
//
//	r, err := review.Analyse(ctx, g, review.Options{Depth: review.Normal})
//	err = review.Store(dir, r) // the cache, keyed by review.KeyOf
package review

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// Version is the version of the analysis and of its JSON encoding. A
// cached review of another version is analysed again: change it whenever
// the analysis would give other figures (the search, the budgets, the
// thresholds) or the encoding changes.
const Version = 7

// Review is the analysis of a game for some of its seats.
type Review struct {
	// Version is the Version that made it.
	Version int `json:"version"`
	// History is HistoryHash of the game reviewed.
	History string `json:"history"`
	// Depth is how hard the search looked.
	Depth Depth `json:"depth"`
	// Seed is the random source of the search; the same game, seats,
	// depth and seed give the same review.
	Seed uint64 `json:"seed"`
	// Seats are the seats reviewed, in order.
	Seats []int `json:"seats"`
	// From is the first place in the history reviewed (Options.From).
	From int `json:"from,omitempty"`
	// Players and Rules are the game's configuration.
	Players int            `json:"players"`
	Rules   engine.Ruleset `json:"rules"`
	// Hands has one entry per hand and seat reviewed in which that seat
	// had a decision to make, in the order of the game.
	Hands []Hand `json:"hands"`
}

// Hand is one seat's review of one hand.
type Hand struct {
	// Game and Hand number the hand as people count, from 1.
	Game int `json:"game"`
	Hand int `json:"hand"`
	// Seat is the seat reviewed, Side its side.
	Seat int `json:"seat"`
	Side int `json:"side"`
	// Finished says whether the hand was played to its end in the game;
	// Points, Result and Split mean something only then.
	Finished bool `json:"finished"`
	// Points is the side's score in the hand, Result its margin over the
	// best other side (ai.HandMargin).
	Points int `json:"points"`
	Result int `json:"result"`
	// Expected is the result the analysis expected at the seat's first
	// decision of the hand (the best action's), with its standard error.
	Expected   float64 `json:"expected"`
	ExpectedSE float64 `json:"expected_se"`
	// GivenAway adds up the losses of the flagged decisions (verdict
	// other than Good), GivenAwaySE their standard errors in quadrature.
	GivenAway   float64 `json:"given_away"`
	GivenAwaySE float64 `json:"given_away_se"`
	// Skill is what the seat's decisions did to the expected result by
	// the search's judgment: less the losses of all of them, flagged or
	// not, so 0 or below, with SkillSE their standard errors in
	// quadrature. (Split.Skill is another measure: against the
	// heuristic's move in the same place, so it can be above 0.)
	Skill   float64 `json:"skill"`
	SkillSE float64 `json:"skill_se"`
	// Split is the finished hand's result split into expected, the
	// decisions of each side and the cards (Splits); nil for a hand not
	// finished.
	Split *Split `json:"split,omitempty"`
	// Costliest indexes Decisions: the flagged decisions that gave away
	// the most, at most three, costliest first.
	Costliest []int `json:"costliest,omitempty"`
	// Decisions are the seat's decisions in the hand, in order.
	Decisions []Decision `json:"decisions"`
}

// Decision is the verdict on one decision: a turn of the seat with two or
// more legal actions.
type Decision struct {
	// Index is the decision's place in the game's history: the action
	// played is History[Index], taken in the state History[:Index] leads to.
	Index int `json:"index"`
	Seat  int `json:"seat"`
	// Observation sums up what the seat saw (Summary).
	Observation string `json:"observation"`
	// Played is the action taken, Best the action the analysis rates
	// highest (Played when nothing beats it).
	Played engine.Action `json:"played"`
	Best   engine.Action `json:"best"`
	// Loss is how many points of the hand's result Played gave away
	// against Best, by the search's estimate, and LossSE its standard error.
	Loss   float64 `json:"loss"`
	LossSE float64 `json:"loss_se"`
	// Verdict judges the loss against the thresholds and the noise.
	Verdict Verdict `json:"verdict"`
	// Why says in a sentence why Best is good: for a flagged decision,
	// what the line of play after Played gave away against Best's (Why).
	Why string `json:"why"`
	// Options are every legal action's estimates, in the engine's order of
	// the legal actions.
	Options []Option `json:"options"`
}

// Option is the search's estimate of one legal action (ai.Estimate).
type Option struct {
	Action engine.Action `json:"action"`
	// Deals is how many sampled deals the action was played out in.
	Deals int `json:"deals"`
	// Expected is the hand's result the action leads to, ExpectedSE its
	// standard error.
	Expected   float64 `json:"expected"`
	ExpectedSE float64 `json:"expected_se"`
	// Gain is the action's result less the played action's in the same
	// deals, GainSE its standard error; 0 for the played action.
	Gain   float64 `json:"gain"`
	GainSE float64 `json:"gain_se"`
	// Us and Them are the items of the hand's score the action led to,
	// on average: of the seat's side and of the best other side.
	Us   ai.Items `json:"us"`
	Them ai.Items `json:"them"`
}

// Options say what to review and how hard to look.
type Options struct {
	// Depth is the search's budget per decision (default Quick, the zero
	// value; commands default to Normal).
	Depth Depth
	// Seats are the seats to review; nil reviews every person's seat, or
	// every seat of a game without people.
	Seats []int
	// From is the first place in the game's history to review: the
	// decisions before it are skipped (0 reviews the whole game; the
	// first action of a hand reviews that hand and those after it).
	From int
	// Seed is the random source of the search; 0 takes one from the
	// game's start for the splits and searches each decision with the
	// hint's seed for its position (positionSeed), so a game always gets
	// the same review, and a hinted move is judged as the hint judged it.
	Seed uint64
	// Workers is how many decisions are analysed at once (default
	// runtime.NumCPU()). Each decision is searched by one goroutine, so
	// the review does not depend on it.
	Workers int
	// Decided, if set, is given each decision's verdict as soon as it is
	// made, in no particular order, and then Progress, if set, how many
	// pieces of work are done and how many there are: the decisions, then
	// the finished hands' splits (one a deal); both are called from the
	// analysing goroutines, one call at a time.
	Decided  func(d Decision)
	Progress func(done, total int)
	// Judged, if set, is given a copy of the review once every decision
	// is judged and the hands summed up, before their splits are
	// measured (Hand.Split nil): what a screen can show meanwhile.
	Judged func(r *Review)
	// SplitDeals is how many sampled deals measure each event of a
	// hand's split (default ai.LuckDeals). Fewer make a noisier split:
	// for tests, which check how it is made, not what it finds.
	SplitDeals int
}

// HistoryHash names a game's course: the SHA-256, in hex, of its
// configuration, seed and history. Two games with the same hash replay to
// the same states, whoever played them and whatever their files say.
func HistoryHash(g *record.Game) string {
	h := startHash("mille history\n", g)
	var buf [2]byte
	for _, a := range g.History {
		binary.BigEndian.PutUint16(buf[:2], uint16(a))
		h.Write(buf[:2])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// seedOf is the review's seed for g (Review.Seed, which seeds the
// splits): seed, or when seed is 0 one taken from the game's start (its
// configuration and deal seed), not from its whole history, so that a
// hand is split alike whether the review is made after it or after the
// game. Each decision's search is seeded from Options.Seed and its
// position (positionSeed).
func seedOf(g *record.Game, seed uint64) uint64 {
	if seed != 0 {
		return seed
	}
	h := startHash("mille review seed\n", g)
	return binary.BigEndian.Uint64(h.Sum(nil)) | 1
}

// startHash is a SHA-256 of what, then g's start: its players, rules
// and deal seed.
func startHash(what string, g *record.Game) hash.Hash {
	h := sha256.New()
	var buf [8]byte
	h.Write([]byte(what))
	h.Write([]byte{byte(g.State.Config.Players), byte(g.State.Config.Rules)})
	binary.BigEndian.PutUint64(buf[:], g.State.Seed)
	h.Write(buf[:])
	return h
}

// job is one decision to analyse: the state before it (whole, hidden
// cards included: judgeState shows the search only the seat's part).
type job struct {
	index  int
	state  engine.State
	played engine.Action
	hand   int // index of its Hand in Review.Hands
}

// Analyse reviews g for the seats of o. It replays the history from the
// seed, analyses every decision of those seats from their observation,
// on o.Workers goroutines, sums up each hand, then splits each finished
// hand's result (Splits, seeded from the review's seed, ai.LuckDeals
// deals an event) on the same goroutines. A cancelled ctx stops it with
// ctx's error.
func Analyse(ctx context.Context, g record.Game, o Options) (*Review, error) {
	cfg := g.State.Config
	seats, err := SeatsOf(&g, o.Seats)
	if err != nil {
		return nil, err
	}
	if !o.Depth.valid() {
		return nil, fmt.Errorf("depth %d is no depth", o.Depth)
	}
	hash := HistoryHash(&g)
	if o.From < 0 || o.From > len(g.History) {
		return nil, fmt.Errorf("from %d: the history has %d actions", o.From, len(g.History))
	}
	r := &Review{Version: Version, History: hash, Depth: o.Depth, Seed: seedOf(&g, o.Seed), Seats: seats, From: o.From,
		Players: cfg.Players, Rules: cfg.Rules}
	jobs, err := replay(&g, seats, r)
	if err != nil {
		return nil, err
	}
	deals := dealsToSplit(r)
	p := progress{o: o, total: len(jobs) + len(deals)}
	if err := analyse(ctx, jobs, r, o, &p); err != nil {
		return nil, err
	}
	for i := range r.Hands {
		sumUp(&r.Hands[i])
	}
	if o.Judged != nil {
		judged := *r
		judged.Hands = slices.Clone(r.Hands) // the splits go into r's alone
		o.Judged(&judged)
	}
	if err := splitHands(ctx, &g, deals, r, o, &p); err != nil {
		return nil, err
	}
	return r, nil
}

// seatsOf checks the seats asked for, or chooses them.
func SeatsOf(g *record.Game, asked []int) ([]int, error) {
	n := g.State.Config.Players
	if asked != nil {
		seats := slices.Clone(asked)
		slices.Sort(seats)
		seats = slices.Compact(seats)
		if len(seats) == 0 {
			return nil, lang.Err(lang.ErrNoSeatToReview)
		}
		for _, s := range seats {
			if s < 0 || s >= n {
				return nil, lang.Err(lang.ErrReviewSeat, s, n-1)
			}
		}
		return seats, nil
	}
	var seats []int
	for s, seat := range g.Seats {
		if seat.Human {
			seats = append(seats, s)
		}
	}
	if seats == nil {
		for s := range n {
			seats = append(seats, s)
		}
	}
	return seats, nil
}

// replay walks the history, lists the decisions of the seats reviewed and
// opens a Hand for each hand and seat, with its result once it ends.
func replay(g *record.Game, seats []int, r *Review) ([]job, error) {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil, err
	}
	reviewed := [engine.MaxSeats]bool{}
	for _, seat := range seats {
		reviewed[seat] = true
	}
	// open[seat] is the index in r.Hands of the seat's hand under way, -1
	// before its first decision of the hand.
	var open [engine.MaxSeats]int
	reset := func() {
		for i := range open {
			open[i] = -1
		}
	}
	reset()
	var jobs []job
	var buf [engine.MaxLegal]engine.Action
	for i, a := range g.History {
		seat := s.ToAct()
		legal := s.Legal(buf[:0])
		if reviewed[seat] && len(legal) >= 2 && !s.HandOver() && i >= r.From {
			if open[seat] < 0 {
				open[seat] = len(r.Hands)
				r.Hands = append(r.Hands, Hand{Game: int(s.Game) + 1, Hand: int(s.Hand) + 1,
					Seat: seat, Side: s.Config.SideOf(seat)})
			}
			jobs = append(jobs, job{index: i, state: s, played: a, hand: open[seat]})
		}
		over := s.HandOver()
		if err := s.Step(a); err != nil {
			return nil, &record.FieldError{Field: fmt.Sprintf("history[%d] (%v)", i, a), Err: err}
		}
		if !over && s.HandOver() {
			for _, h := range open {
				if h >= 0 {
					hd := &r.Hands[h]
					hd.Finished = true
					hd.Points = s.HandScores[hd.Side].Total()
					hd.Result = ai.HandMargin(&s, hd.Side)
				}
			}
		}
		if over && !s.HandOver() {
			reset() // a new hand was dealt
		}
	}
	for _, j := range jobs {
		r.Hands[j.hand].Decisions = append(r.Hands[j.hand].Decisions, Decision{Index: j.index})
	}
	return jobs, nil
}

// progress counts the work done for Options.Progress and tells each
// decision to Options.Decided, one call at a time.
type progress struct {
	o           Options
	mu          sync.Mutex
	done, total int
}

// tick counts a piece of work done: a decision's verdict, or nil for a
// deal's splits.
func (p *progress) tick(d *Decision) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if d != nil && p.o.Decided != nil {
		p.o.Decided(*d)
	}
	if p.o.Progress != nil {
		p.o.Progress(p.done, p.total)
	}
}

// inBackground calls do(k) for every k below n, in order as workers free
// up, on at most workers goroutines at a low priority (background), and
// stops handing out work at ctx's end, with its error.
func inBackground(ctx context.Context, workers, n int, do func(k int)) error {
	if n == 0 {
		return ctx.Err()
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	w := min(workers, n)
	defer lendProcs(w)()
	feed := make(chan int)
	var wg sync.WaitGroup
	for range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			background()
			for k := range feed {
				do(k)
			}
		}()
	}
	for k := range n {
		if ctx.Err() != nil {
			break
		}
		feed <- k
	}
	close(feed)
	wg.Wait()
	return ctx.Err()
}

// analyse judges the decisions on o.Workers goroutines and files each
// verdict in its hand.
func analyse(ctx context.Context, jobs []job, r *Review, o Options, p *progress) error {
	// slot[k] is where job k's verdict goes: its place in its hand.
	slot := make([]*Decision, len(jobs))
	next := map[int]int{}
	for k, j := range jobs {
		slot[k] = &r.Hands[j.hand].Decisions[next[j.hand]]
		next[j.hand]++
	}
	return inBackground(ctx, o.Workers, len(jobs), func(k int) {
		j := &jobs[k]
		*slot[k] = judgeState(ctx, &j.state, j.played, o.Depth, positionSeed(o.Seed, j.state.EventCount, j.state.ToAct()))
		slot[k].Index = j.index
		p.tick(slot[k])
	})
}

// dealsToSplit groups the finished hands of r by deal (indexes into
// r.Hands), in the order of the game: the hands of one deal share the
// measure of its events (Splits).
func dealsToSplit(r *Review) [][]int {
	var deals [][]int
	at := map[[2]int]int{}
	for i := range r.Hands {
		h := &r.Hands[i]
		if !h.Finished || len(h.Decisions) == 0 {
			continue
		}
		key := [2]int{h.Game, h.Hand}
		k, ok := at[key]
		if !ok {
			k = len(deals)
			at[key] = k
			deals = append(deals, nil)
		}
		deals[k] = append(deals[k], i)
	}
	return deals
}

// splitHands measures the Split of the hands of each deal, a deal a
// piece of work on o.Workers goroutines. Every event is seeded from the
// review's seed and its place in the history, so the splits do not
// depend on how the hands are grouped or on the workers.
func splitHands(ctx context.Context, g *record.Game, deals [][]int, r *Review, o Options, p *progress) error {
	var mu sync.Mutex
	var failed error
	err := inBackground(ctx, o.Workers, len(deals), func(k int) {
		hands := make([]Hand, len(deals[k]))
		for n, h := range deals[k] {
			hands[n] = r.Hands[h]
		}
		splits, err := Splits(ctx, g, hands, r.Seed, cmp.Or(o.SplitDeals, ai.LuckDeals))
		if err != nil {
			mu.Lock()
			failed = cmp.Or(failed, err)
			mu.Unlock()
			return
		}
		for n, h := range deals[k] {
			r.Hands[h].Split = splits[n]
		}
		p.tick(nil)
	})
	return cmp.Or(err, failed)
}

// decisionSeed is the search's seed for the decision at history index i,
// so that a decision's analysis does not depend on the others.
func decisionSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// sumUp fills a hand's header from its decisions.
func sumUp(h *Hand) {
	var sq, skillSq float64
	var flagged []int
	for k := range h.Decisions {
		d := &h.Decisions[k]
		if d.Verdict != Good {
			h.GivenAway += d.Loss
			sq += d.LossSE * d.LossSE
			flagged = append(flagged, k)
		}
		h.Skill -= d.Loss
		skillSq += d.LossSE * d.LossSE
	}
	h.GivenAwaySE = math.Sqrt(sq)
	h.SkillSE = math.Sqrt(skillSq)
	sort.SliceStable(flagged, func(a, b int) bool {
		return h.Decisions[flagged[a]].Loss > h.Decisions[flagged[b]].Loss
	})
	if len(flagged) > 3 {
		flagged = flagged[:3]
	}
	h.Costliest = flagged
	if len(h.Decisions) == 0 {
		return
	}
	h.Expected, h.ExpectedSE = h.Decisions[0].Before()
}

// Before is the result the seat could expect before the decision, from
// what it saw: the best move's expected result, with its standard error.
func (d *Decision) Before() (float64, float64) { return d.expected(d.Best) }

// After is the result the seat could expect after the move it played,
// with its standard error.
func (d *Decision) After() (float64, float64) { return d.expected(d.Played) }

func (d *Decision) expected(a engine.Action) (float64, float64) {
	for _, op := range d.Options {
		if op.Action == a {
			return op.Expected, op.ExpectedSE
		}
	}
	return 0, 0
}

// Course is the hand's course for its seat: the result it could expect
// before each of its decisions (Before) and, for a finished hand, the
// result: the chart of its chances.
func (h *Hand) Course() []float64 {
	var c []float64
	for k := range h.Decisions {
		v, _ := h.Decisions[k].Before()
		c = append(c, v)
	}
	if h.Finished && len(c) > 0 {
		c = append(c, float64(h.Result))
	}
	return c
}

// Turn is a turning point of a hand: where its expected result moved
// most, by a decision's loss (Skill) or by what came after it (luck).
type Turn struct {
	// Decision indexes Hand.Decisions: the decision, or the one the luck
	// came after.
	Decision int
	Skill    bool
	// Points is how far the expected result moved: below 0 for a fall.
	Points float64
}

// Turns are the hand's turning points, at most n, the biggest moves first.
func (h *Hand) Turns(n int) []Turn {
	var turns []Turn
	for k := range h.Decisions {
		d := &h.Decisions[k]
		turns = append(turns, Turn{Decision: k, Skill: true, Points: -d.Loss})
		after, _ := d.After()
		next := float64(h.Result)
		switch {
		case k+1 < len(h.Decisions):
			next, _ = h.Decisions[k+1].Before()
		case !h.Finished:
			continue
		}
		turns = append(turns, Turn{Decision: k, Points: next - after})
	}
	sort.SliceStable(turns, func(a, b int) bool { return math.Abs(turns[a].Points) > math.Abs(turns[b].Points) })
	for len(turns) > 0 && turns[len(turns)-1].Points == 0 {
		turns = turns[:len(turns)-1]
	}
	return turns[:min(n, len(turns))]
}
