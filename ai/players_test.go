package ai

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
)

var configs = engine.Configs()

// playHand plays one hand with p in every seat and checks that every
// choice is legal.
func playHand(t *testing.T, cfg engine.Config, seed uint64, p Player) {
	t.Helper()
	s, err := engine.New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxLegal]engine.Action
	for !s.HandOver() {
		legal := s.Legal(buf[:0])
		obs := engine.Observe(&s, s.ToAct())
		a := p.Choose(context.Background(), &obs, slices.Clone(legal))
		if !slices.Contains(legal, a) {
			t.Fatalf("%s chose %v, not among %v", p.Name(), a, legal)
		}
		if err := s.Step(a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPlayersPlayLegally(t *testing.T) {
	for _, name := range []string{"random", "heuristic", "easy", "montecarlo:40", "ismcts:60"} {
		for i, cfg := range configs {
			hands := 4
			if testing.Short() || name[0] == 'm' || name[0] == 'i' {
				hands = 1
			}
			for h := range hands {
				p, err := New(name, uint64(i*10+h))
				if err != nil {
					t.Fatal(err)
				}
				playHand(t, cfg, uint64(100*i+h), p)
			}
		}
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		level, name string
		ok          bool
	}{
		{"easy", "easy", true}, {"medium", "medium", true}, {"hard", "hard", true}, {"expert", "expert", true},
		{"random", "random", true}, {"heuristic", "heuristic", true},
		{"ismcts:300", "ismcts", true}, {"montecarlo", "montecarlo", true},
		{"ismcts:0", "", false}, {"heuristic:5", "", false}, {"grandmaster", "", false}, {"ismcts:x", "", false},
	}
	for _, tt := range tests {
		p, err := New(tt.level, 1)
		if (err == nil) != tt.ok {
			t.Errorf("New(%q): %v", tt.level, err)
			continue
		}
		if tt.ok && p.Name() != tt.name {
			t.Errorf("New(%q).Name() = %q, want %q", tt.level, p.Name(), tt.name)
		}
	}
	// Every level makes the player of its name; any other name is an
	// error, not the strongest level.
	if !slices.Contains(Levels, DefaultLevel) {
		t.Errorf("the default level %q is not one of %q", DefaultLevel, Levels)
	}
	for _, level := range Levels {
		if p, ok := newLevel(level, 1); !ok || p.Name() != level {
			t.Errorf("newLevel(%q): %v", level, ok)
		}
	}
	for _, name := range []string{"", "Expert", "ismcts:300", "grandmaster"} {
		if p, ok := newLevel(name, 1); ok {
			t.Errorf("newLevel(%q) = %v", name, p)
		}
		var e *LevelError
		if _, err := New(name, 1); name != "ismcts:300" && (!errors.As(err, &e) || e.Why != LevelUnknown || e.Level != name) {
			t.Errorf("New(%q): %v", name, err)
		}
	}
}

// TestSearchRepeats checks that a search with an iteration budget (and no
// time limit) gives the same answers for the same seed.
func TestSearchRepeats(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := midHand(t, engine.Config{Players: 3}, seed, 9)
		obs := engine.Observe(&s, s.ToAct())
		legal := obs.Legal(nil)
		for _, mk := range []func() Player{
			func() Player { return NewISMCTS(400, seed, WithWorkers(2)) },
			func() Player { return NewMonteCarlo(200, 0, seed) },
		} {
			a, b := mk(), mk()
			for i := 0; i < 3; i++ {
				x := a.Choose(context.Background(), &obs, legal)
				y := b.Choose(context.Background(), &obs, legal)
				if x != y {
					t.Fatalf("%s seed %d: %v then %v", a.Name(), seed, x, y)
				}
			}
		}
	}
}

// TestCancelled checks that a cancelled context stops a search at once:
// with a budget of a million rollouts, the searches still answer with a
// legal action, after at most one round of rollouts (one per legal action
// and worker). The same searches with a live context and a small budget
// show that the count is of rollouts really made.
func TestCancelled(t *testing.T) {
	s := midHand(t, engine.DefaultConfig, 4, 5)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	if _, ok := obvious(&obs, legal); ok {
		t.Fatal("the position needs no search")
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	const budget, workers = 1_000_000, 2
	round := workers * len(legal)
	tests := []struct {
		name   string
		choose func(ctx context.Context, iters int) (engine.Action, int)
	}{
		{"ismcts", func(ctx context.Context, iters int) (engine.Action, int) {
			p := NewISMCTS(iters, 1, WithWorkers(workers))
			return p.Choose(ctx, &obs, legal), p.last.iterations
		}},
		{"montecarlo", func(ctx context.Context, iters int) (engine.Action, int) {
			p := NewMonteCarlo(iters, 0, 1)
			return p.Choose(ctx, &obs, legal), p.last.iterations
		}},
	}
	for _, tt := range tests {
		a, rollouts := tt.choose(cancelled, budget)
		if !slices.Contains(legal, a) {
			t.Errorf("%s: %v is not legal", tt.name, a)
		}
		if rollouts > round {
			t.Errorf("%s: %d rollouts after the context was cancelled, want at most %d of its %d", tt.name, rollouts, round, budget)
		}
		if _, live := tt.choose(context.Background(), 20*round); live <= round {
			t.Errorf("%s: only %d rollouts with a live context and a budget of %d", tt.name, live, 20*round)
		}
	}
}

// TestISMCTSBudget checks the root statistics: every legal action is
// tried and the rollouts stay within the budget.
func TestISMCTSBudget(t *testing.T) {
	s := midHand(t, engine.DefaultConfig, 2, 6)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	p := NewISMCTS(2000, 1, WithWorkers(2))
	var v view
	viewOf(&obs, &v)
	base, _ := v.best(legal)
	stats := p.search(context.Background(), &obs, legal, base)
	total := 0
	for k, st := range stats {
		if st.n == 0 {
			t.Errorf("%v never tried", legal[k])
		}
		total += st.n
	}
	if total > 2000 || total != p.last.iterations {
		t.Errorf("rollouts %d, iterations %d, budget 2000", total, p.last.iterations)
	}
}

func TestExplain(t *testing.T) {
	s := midHand(t, engine.DefaultConfig, 3, 4)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	for _, a := range legal {
		if Explain(&obs, a) >= NumReasons {
			t.Errorf("no reason for %v", a)
		}
	}
}

// TestEvaluateItems: the items of each line of play add up to its
// result: the side's items less the best other side's are the margin.
func TestEvaluateItems(t *testing.T) {
	s := midHand(t, engine.DefaultConfig, 3, 4)
	obs := engine.Observe(&s, s.ToAct())
	legal := obs.Legal(nil)
	for _, e := range Evaluate(context.Background(), &obs, legal, legal[0], 400, 1) {
		if e.Deals == 0 {
			continue
		}
		us, them := e.Us.total(), e.Them.total()
		if math.Abs(us-them-e.Margin) > 1e-6 || us <= 0 {
			t.Errorf("%v: items %.1f - %.1f, margin %.1f", e.Action, us, them, e.Margin)
		}
	}
}

func (it Items) total() float64 {
	return it.Milestones + it.Safeties + it.AllSafeties + it.CoupsFourres + it.Trip + it.Delayed + it.SafeTrip + it.Extension + it.ShutOut
}

// TestExplainNoLeaderAtTheStart: at 0 to 0 nobody leads, so an attack is
// not explained as one on the leader.
func TestExplainNoLeaderAtTheStart(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := engine.New(engine.DefaultConfig, seed)
		if err != nil {
			t.Fatal(err)
		}
		obs := engine.Observe(&s, s.ToAct())
		for _, a := range obs.Legal(nil) {
			if a.Kind() == engine.KindPlay && a.Card().IsHazard() {
				checked++
				if why := Explain(&obs, a); why == WhyAttack || why == WhyLimit {
					t.Errorf("seed %d, %v at 0 to 0: reason %d", seed, a, why)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no attack at the start of 30 deals")
	}
}

// TestExplainADiscardByItsCard: a discard made while a safety waits in
// the hand is explained by the discarded card, never by the safety kept
// (a hint said "discard Accident (keep Extra Tank for a coup fourré)").
func TestExplainADiscardByItsCard(t *testing.T) {
	hand := []engine.Card{engine.ExtraTank, engine.Accident, engine.Miles75, engine.Go, engine.Go, engine.Repairs, engine.Miles50}
	o := obsWith(t, hand, tab(engine.Stop, 100), tab(engine.Go, 0), nil, -1)
	for _, a := range o.Legal(nil) {
		if a.Kind() != engine.KindDiscard || a.Card().IsSafety() {
			continue
		}
		why := Explain(&o, a)
		switch why {
		case WhySafetyHold, WhySafetyKeep, WhySafetyBeforeEnd, WhySafetyDead, WhySafetyFix, WhySafetyRoll, WhyLaySafety, WhyDecline:
			t.Errorf("%v is explained by another card: reason %d", a, why)
		}
	}
}
