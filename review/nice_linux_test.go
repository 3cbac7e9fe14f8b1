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
