// Package arena plays computer players against each other in duplicate and
// measures them: hands won with a confidence interval, points, games and
// decision times. Command mille arena is its front end.
//
// Duplicate play: every deal is played once per side, rotating which entry
// plays which side, so each entry gets every hand (and the first turn) once
// and the luck of the deal cancels out.
package arena

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// Entry is one competitor: it plays one side (both seats of a team).
type Entry struct {
	// Name is how the entry was asked for ("hard", "cmd:./bot").
	Name string
	// New makes the player for one seat of one hand. Close, if not nil,
	// is called when the hand is over.
	New func(seed uint64) (ai.Player, error)
}

// Options say what to play.
type Options struct {
	Game     engine.Config
	Entries  []Entry // one per side
	Hands    int     // hands to play; rounded up to whole duplicate deals
	Seed     uint64
	Parallel int                   // deals played at once (default 1)
	Progress func(done, total int) // called after each hand, may be nil
	// Luck, when set, measures the luck of each hand played: what the
	// cards gave each side (mille arena --luck sets it to ai.PlayLuck,
	// docs/review.md "Skill and luck"), given the deal's configuration,
	// seed and actions. The report then gives every
	// entry's result with and without it (Seat.Margin, Seat.Corrected).
	Luck func(ctx context.Context, g engine.Config, seed uint64, history []engine.Action) ([engine.MaxSides]float64, error)
}

// Seat is what the arena reports for one entry. The JSON names are part of
// mille arena --json's output.
type Seat struct {
	Seat           int     `json:"seat"`
	Player         string  `json:"player"`
	Hands          int     `json:"hands"`
	HandsWon       float64 `json:"hands_won"`
	WinShare       float64 `json:"win_share"`
	CI95Low        float64 `json:"ci95_low"`
	CI95High       float64 `json:"ci95_high"`
	MeanPoints     float64 `json:"mean_points"`
	GamesWon       int     `json:"games_won"`
	Decisions      int     `json:"decisions"`
	DecisionMsMean float64 `json:"decision_ms_mean"`
	DecisionMsP50  float64 `json:"decision_ms_p50"`
	DecisionMsP95  float64 `json:"decision_ms_p95"`
	DecisionMsMax  float64 `json:"decision_ms_max"`
	// Margin is the mean result of the entry's hands (its points less the
	// best other side's, ai.HandMargin) and MarginSE its standard error,
	// counted per duplicate deal. With Options.Luck, Corrected and
	// CorrectedSE are the same less the luck of each hand.
	Margin      float64  `json:"margin"`
	MarginSE    float64  `json:"margin_se"`
	Corrected   *float64 `json:"corrected,omitempty"`
	CorrectedSE *float64 `json:"corrected_se,omitempty"`
}

// Report is the outcome of an arena run.
type Report struct {
	Players int     `json:"players"`
	Rules   string  `json:"rules"`
	Deals   int     `json:"deals"`
	Hands   int     `json:"hands"`
	Seed    uint64  `json:"seed"`
	Games   int     `json:"games"`
	Seconds float64 `json:"seconds"`
	Seats   []Seat  `json:"seats"`
	// LuckCorrected is set when the hands' luck was measured
	// (Options.Luck): how much the correction cut the variance of the
	// first entry's result per deal.
	LuckCorrected *LuckCut `json:"luck_corrected,omitempty"`
}

// LuckCut is what the luck correction gives a comparison: the variance of
// a deal's result with and without the luck, the share of it the
// correction takes away, and how many times fewer hands the corrected
// figure needs for the same confidence (the ratio of the variances).
type LuckCut struct {
	Variance          float64 `json:"variance"`
	CorrectedVariance float64 `json:"corrected_variance"`
	Cut               float64 `json:"cut"`
	FewerHands        float64 `json:"fewer_hands"`
}

// handResult is one played hand: points, margins and luck per entry.
type handResult struct {
	points [engine.MaxSides]int
	margin [engine.MaxSides]int
	luck   [engine.MaxSides]float64
	times  [engine.MaxSides][]float64 // decision times in ms, per entry
	err    error
}

// Run plays the hands and reports.
func Run(ctx context.Context, o Options) (*Report, error) {
	sides := o.Game.Sides()
	if err := o.Game.Validate(); err != nil {
		return nil, err
	}
	if len(o.Entries) != sides {
		return nil, lang.Err(lang.ErrArenaSeats, o.Game.Players, sides, sides, len(o.Entries))
	}
	if o.Hands <= 0 {
		return nil, lang.Err(lang.ErrArenaHands)
	}
	deals := (o.Hands + sides - 1) / sides
	parallel := max(1, o.Parallel)
	start := time.Now()

	// The first failed hand (a player that failed, say a bot that does not
	// answer) stops the run: the other hands are cancelled, not played.
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var failed error

	results := make([][]handResult, deals)
	jobs := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range jobs {
				res := make([]handResult, sides)
				for r := range sides {
					if ctx.Err() != nil {
						break // starting players (bot programs) for nothing
					}
					res[r] = playHand(ctx, o, d, r)
					mu.Lock()
					if err := res[r].err; err != nil && failed == nil && ctx.Err() == nil {
						failed = err
						cancel()
					}
					done++
					if o.Progress != nil && ctx.Err() == nil {
						o.Progress(done, deals*sides)
					}
					mu.Unlock()
				}
				results[d] = res
			}
		}()
	}
feed:
	for d := range deals {
		select {
		case jobs <- d:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	if err := outer.Err(); err != nil {
		return nil, err
	}
	rep := summarize(o, results)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// DealSeed is the game seed of deal d: a fixed mix of the run's seed.
func DealSeed(seed uint64, d int) uint64 {
	z := seed + uint64(d+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// EntryFor returns which entry plays side in rotation r.
func EntryFor(side, r, sides int) int { return (side + r) % sides }

// playHand plays deal d in rotation r.
func playHand(ctx context.Context, o Options, d, r int) (res handResult) {
	sides := o.Game.Sides()
	s, err := engine.New(o.Game, DealSeed(o.Seed, d))
	if err != nil {
		res.err = err
		return res
	}
	players := make([]ai.Player, o.Game.Players)
	for p := range players {
		e := EntryFor(o.Game.SideOf(p), r, sides)
		seed := DealSeed(o.Seed^0x5eed, d*64+r*8+p)
		players[p], err = o.Entries[e].New(seed)
		if err != nil {
			res.err = lang.Err(lang.ErrArenaSeatStart, o.Entries[e].Name, err)
			return res
		}
	}
	defer func() {
		for _, p := range players {
			if c, ok := p.(interface{ Close() error }); ok {
				c.Close()
			}
		}
	}()
	names := make([]string, len(players))
	for p := range names {
		names[p] = o.Entries[EntryFor(o.Game.SideOf(p), r, sides)].Name
	}
	var history []engine.Action
	res.err = PlayHand(ctx, &s, players, names, func(m Move) {
		history = append(history, m.Action)
		if m.Asked {
			e := EntryFor(o.Game.SideOf(m.Seat), r, sides)
			res.times[e] = append(res.times[e], float64(m.Think.Nanoseconds())/1e6)
		}
	})
	if res.err != nil {
		return res
	}
	for side := range sides {
		res.points[EntryFor(side, r, sides)] = s.HandScores[side].Total()
		res.margin[EntryFor(side, r, sides)] = ai.HandMargin(&s, side)
	}
	if o.Luck != nil {
		luck, err := o.Luck(ctx, o.Game, DealSeed(o.Seed, d), history)
		if err != nil {
			res.err = lang.Err(lang.ErrArenaLuck, d, err)
			return res
		}
		for side := range sides {
			res.luck[EntryFor(side, r, sides)] = luck[side]
		}
	}
	return res
}

// A Move is one action of a hand played out: the seat that took it and,
// when its player was asked (the seat had more than one legal action), how
// long the player thought.
type Move struct {
	Seat   int
	Action engine.Action
	Asked  bool
	Think  time.Duration
}

// PlayHand plays the hand of s to its end without a table or a screen:
// each seat's decisions by players[seat], a seat with one legal action
// taking it unasked. moved, when set, hears of every action once it is
// taken. It stops at ctx's end, when a player fails (a player with an Err
// method that reports one), or when the engine refuses what a player
// chose; names name the seats in those errors. Both mille arena and the
// review's calibration play their hands through it.
func PlayHand(ctx context.Context, s *engine.State, players []ai.Player, names []string, moved func(Move)) error {
	var buf [engine.MaxLegal]engine.Action
	for !s.HandOver() {
		if err := ctx.Err(); err != nil {
			return err
		}
		m := Move{Seat: s.ToAct()}
		legal := s.Legal(buf[:0])
		m.Action = legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(s, m.Seat)
			t0 := time.Now()
			m.Action = players[m.Seat].Choose(ctx, &obs, slices.Clone(legal))
			m.Asked, m.Think = true, time.Since(t0)
			if f, ok := players[m.Seat].(interface{ Err() error }); ok && f.Err() != nil {
				return lang.Err(lang.ErrArenaSeatFailed, names[m.Seat], f.Err())
			}
		}
		if err := s.Step(m.Action); err != nil {
			return lang.Err(lang.ErrArenaSeatChose, names[m.Seat], m.Action.String(), err)
		}
		if moved != nil {
			moved(m)
		}
	}
	return nil
}

// summarize turns the hands into the report. Games to 5000 are counted by
// chaining the hands of each rotation in deal order, carrying the totals as
// in a real game (rule 8: at 5000 the highest total wins; a tie plays on).
func summarize(o Options, results [][]handResult) *Report {
	sides := o.Game.Sides()
	rep := &Report{
		Players: o.Game.Players, Rules: o.Game.Rules.String(),
		Deals: len(results), Hands: len(results) * sides, Seed: o.Seed,
	}
	seats := make([]Seat, sides)
	times := make([][]float64, sides)
	pts := make([]float64, sides)
	for e := range seats {
		seats[e].Seat = e
		seats[e].Player = o.Entries[e].Name
	}
	for _, res := range results {
		for _, h := range res {
			best := -1
			for e := range sides {
				best = max(best, h.points[e])
			}
			winners := 0
			for e := range sides {
				if h.points[e] == best {
					winners++
				}
			}
			for e := range sides {
				seats[e].Hands++
				pts[e] += float64(h.points[e])
				if h.points[e] == best {
					seats[e].HandsWon += 1 / float64(winners)
				}
				times[e] = append(times[e], h.times[e]...)
			}
		}
	}
	// Games: one running game per rotation.
	for r := range sides {
		var tot [engine.MaxSides]int
		for _, res := range results {
			for e := range sides {
				tot[e] += res[r].points[e]
			}
			best, bestE, tied := -1, -1, false
			for e := range sides {
				switch {
				case tot[e] > best:
					best, bestE, tied = tot[e], e, false
				case tot[e] == best:
					tied = true
				}
			}
			if best >= engine.WinningScore && !tied {
				seats[bestE].GamesWon++
				rep.Games++
				tot = [engine.MaxSides]int{}
			}
		}
	}
	for e := range seats {
		st := &seats[e]
		if st.Hands > 0 {
			st.WinShare = st.HandsWon / float64(st.Hands)
			st.CI95Low, st.CI95High = wilson(st.HandsWon, float64(st.Hands))
			st.MeanPoints = pts[e] / float64(st.Hands)
		}
		st.Decisions = len(times[e])
		if len(times[e]) > 0 {
			slices.Sort(times[e])
			sum := 0.0
			for _, t := range times[e] {
				sum += t
			}
			st.DecisionMsMean = sum / float64(len(times[e]))
			st.DecisionMsP50 = times[e][int(math.Ceil(0.50*float64(len(times[e]))))-1]
			st.DecisionMsP95 = times[e][int(math.Ceil(0.95*float64(len(times[e]))))-1]
			st.DecisionMsMax = times[e][len(times[e])-1]
		}
	}
	rep.Seats = seats
	margins(o, results, rep)
	return rep
}

// margins sets each entry's mean result with and without the luck, their
// standard errors and, with the luck, how much it cut the variance. A
// deal is the unit: its hands, one per rotation, are averaged first, as
// duplicate play means them to be compared.
func margins(o Options, results [][]handResult, rep *Report) {
	n := float64(len(results))
	if n == 0 {
		return
	}
	var raw, corr [engine.MaxSides]stat
	for _, res := range results {
		var r, c [engine.MaxSides]float64
		for _, h := range res {
			for e := range rep.Seats {
				r[e] += float64(h.margin[e]) / float64(len(res))
				c[e] += (float64(h.margin[e]) - h.luck[e]) / float64(len(res))
			}
		}
		for e := range rep.Seats {
			raw[e].add(r[e])
			corr[e].add(c[e])
		}
	}
	for e := range rep.Seats {
		st := &rep.Seats[e]
		st.Margin, st.MarginSE = raw[e].mean(), math.Sqrt(raw[e].variance()/n)
		if o.Luck != nil {
			m, se := corr[e].mean(), math.Sqrt(corr[e].variance()/n)
			st.Corrected, st.CorrectedSE = &m, &se
		}
	}
	if o.Luck != nil && len(results) >= 2 {
		v, vc := raw[0].variance(), corr[0].variance()
		cut := &LuckCut{Variance: v, CorrectedVariance: vc}
		if v > 0 {
			cut.Cut = 1 - vc/v
		}
		if vc > 0 {
			cut.FewerHands = v / vc
		}
		rep.LuckCorrected = cut
	}
}

// stat adds up a sample for its mean and variance.
type stat struct{ n, sum, sq float64 }

func (s *stat) add(x float64) { s.n++; s.sum += x; s.sq += x * x }

func (s *stat) mean() float64 { return s.sum / s.n }

// variance is the sample's variance (n-1), 0 for fewer than two.
func (s *stat) variance() float64 {
	if s.n < 2 {
		return 0
	}
	return max(0, (s.sq-s.sum*s.sum/s.n)/(s.n-1))
}

// wilson is the Wilson score 95% interval for won successes out of n.
func wilson(won, n float64) (lo, hi float64) {
	const z = 1.959964
	p := won / n
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return max(0, mid-half), min(1, mid+half)
}
