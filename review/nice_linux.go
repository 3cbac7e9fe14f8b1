package review

import (
	"os"
	"runtime"
	"sync"
	"syscall"
)

// backgroundNice is how much nicer the review's threads are than the
// game's: the process's own niceness and this much more, up to the most
// there is (maxNice). An absolute niceness of 10 once made a review of a
// game run under nice -n 10 (or 15) as nice as the game, or less.
const (
	backgroundNice = 10
	maxNice        = 19
)

// background lowers the priority of the calling goroutine's thread, so
// that a review never slows the game it runs beside: the goroutine is
// locked to its thread, which is reniced and, as the goroutine never
// unlocks it, ends with it instead of going back to the pool.
func background() {
	runtime.LockOSThread()
	// At worst the review runs at the game's priority.
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), backgroundNiceness(processNiceness()))
}

// processNiceness is the niceness of the process's main thread, which the
// game's threads have (the kernel's getpriority counts 20 - nice); 0 when
// it cannot tell.
func processNiceness() int {
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, os.Getpid())
	if err != nil {
		return 0
	}
	return 20 - p
}

// backgroundNiceness is a review thread's niceness in a process of
// niceness nice.
func backgroundNiceness(nice int) int { return min(maxNice, nice+backgroundNice) }

// lending makes each change of GOMAXPROCS one step, reviews running at
// once.
var lending sync.Mutex

// lendProcs lets the Go scheduler run n more goroutines at once while a
// review's n workers run, and returns the function that takes them back.
// Without it the review's threads would hold the scheduler's processors
// half the time whatever their priority, and the game's search would wait
// for them; with it every thread runs, and the kernel gives the game's
// the cores first.
func lendProcs(n int) (giveBack func()) {
	lending.Lock()
	defer lending.Unlock()
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + n)
	return func() {
		lending.Lock()
		defer lending.Unlock()
		runtime.GOMAXPROCS(max(1, runtime.GOMAXPROCS(0)-n))
	}
}
