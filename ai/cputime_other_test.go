//go:build !unix

package ai

// cpuTime is unknown here: the benchmarks report a CPU time of zero.
func cpuTime() int64 { return 0 }
