package engine

import (
	"math/rand/v2"
	"testing"
)

// benchRandomHands plays whole hands with random legal actions, paying
// what a program that plays through the engine pays: Legal, Step (which
// checks the action again) and the deal of every hand. The player picks
// with the deal's own generator, splitmix, and a multiply for the index:
// math/rand's IntN, through the Rand's Source interface and its rejection
// test, cost 55 instructions a step, 5,500 a hand (more than the deal),
// for the player's part rather than the engine's.
func benchRandomHands(b *testing.B, cfg Config) {
	rng := splitmix(1)
	s, _ := New(cfg, 1)
	var buf [MaxLegal]Action
	b.ReportAllocs()
	for b.Loop() {
		for !s.HandOver() {
			legal := s.Legal(buf[:0])
			s.Step(legal[rng.intn(len(legal))])
		}
		s.Step(Continue)
	}
}

func BenchmarkRandomHand2(b *testing.B) { benchRandomHands(b, two) }
func BenchmarkRandomHand4(b *testing.B) { benchRandomHands(b, four) }

// midHand returns a 2-player state some way into a hand.
func midHand() State {
	s, _ := New(two, 3)
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [MaxLegal]Action
	for i := 0; i < 30; i++ {
		legal := s.Legal(buf[:0])
		s.Step(legal[rng.IntN(len(legal))])
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := midHand()
	var buf [MaxLegal]Action
	b.ReportAllocs()
	for b.Loop() {
		s.Legal(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	s := midHand()
	var buf [MaxLegal]Action
	legal := s.Legal(buf[:0])
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Apply(s, legal[i%len(legal)])
		i++
	}
}

func BenchmarkSample(b *testing.B) {
	s := midHand()
	o := Observe(&s, int(s.Turn))
	rng := rand.New(rand.NewPCG(5, 6))
	b.ReportAllocs()
	for b.Loop() {
		Sample(&o, rng)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := midHand()
	b.ReportAllocs()
	for b.Loop() {
		Observe(&s, 1)
	}
}

// TestApplyAllocatesNothing keeps Apply and Legal allocation-free.
func TestApplyAllocatesNothing(t *testing.T) {
	s := midHand()
	var buf [MaxLegal]Action
	legal := s.Legal(buf[:0])
	a := legal[0]
	if n := testing.AllocsPerRun(100, func() { Apply(s, a) }); n != 0 {
		t.Errorf("Apply allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { s.Legal(buf[:0]) }); n != 0 {
		t.Errorf("Legal allocates %v times", n)
	}
}
