package review

import (
	"runtime"
	"sync"
	"syscall"
)

// backgroundNice is the niceness of the review's threads: well below the
// game's, whose threads keep the default 0.
const backgroundNice = 10

// background lowers the priority of the calling goroutine's thread, so
// that a review never slows the game it runs beside: the goroutine is
// locked to its thread, which is reniced and, as the goroutine never
// unlocks it, ends with it instead of going back to the pool.
func background() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), backgroundNice) // at worst the review runs at the game's priority
}

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
