//go:build !linux

package gate

// availableMemory is 0 where the memory available cannot be read: the
// caps that follow it (Machine) then take their defaults.
func availableMemory() uint64 { return 0 }

// memoryMax is 0 where no cgroup limit can be read.
func memoryMax() uint64 { return 0 }
