//go:build !linux

package review

// background would lower the priority of the review's threads; only
// Linux lets a program renice one thread, so elsewhere the review runs at
// the game's priority.
func background() {}

// lendProcs lends the scheduler no processor where the review's threads
// keep the game's priority: it would only let the review take more.
func lendProcs(int) (giveBack func()) { return func() {} }
