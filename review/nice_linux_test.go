package review

import (
	"runtime"
	"syscall"
	"testing"
)

// TestBackground: a review's thread runs at a lower priority than the
// rest of the program.
func TestBackground(t *testing.T) {
	mine, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Skip("no priorities here:", err)
	}
	if mine <= 20-maxNice {
		t.Skip("the program runs as nice as a thread can be: its review cannot be nicer")
	}
	got := make(chan int)
	go func() {
		background()
		p, _ := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		got <- p
	}()
	// The kernel's getpriority counts 20 - nice: lower is nicer.
	if p := <-got; p >= mine {
		t.Errorf("the review's thread has priority %d, the program %d", p, mine)
	}
	if p, _ := syscall.Getpriority(syscall.PRIO_PROCESS, 0); p != mine {
		t.Errorf("the program's priority went from %d to %d", mine, p)
	}
}

// TestBackgroundNiceness: a review is nicer than the game by
// backgroundNice whatever the game's own niceness (mille run under nice
// -n 10 made its review as nice as the game), up to the most there is.
func TestBackgroundNiceness(t *testing.T) {
	for _, tc := range []struct{ game, review int }{
		{0, 10}, {5, 15}, {10, 19}, {15, 19}, {19, 19}, {-5, 5},
	} {
		if got := backgroundNiceness(tc.game); got != tc.review {
			t.Errorf("a game at nice %d: its review at %d, want %d", tc.game, got, tc.review)
		}
	}
}

// TestLendProcs: while a review runs the scheduler has a processor more
// per worker, so the game's goroutines never wait for the review's; they
// are taken back after.
func TestLendProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	back := lendProcs(2)
	if n := runtime.GOMAXPROCS(0); n != before+2 {
		t.Errorf("lent 2 to %d processors: %d", before, n)
	}
	back()
	if n := runtime.GOMAXPROCS(0); n != before {
		t.Errorf("given back: %d processors, want %d", n, before)
	}
}
