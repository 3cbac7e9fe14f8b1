//go:build linux

package gate

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// availableMemory is the memory the process may still take, in bytes:
// the system's available memory (MemAvailable), or its cgroup's room
// (memory.max less memory.current, cgroup v2) where that is less; 0
// when it cannot tell.
func availableMemory() uint64 {
	avail := meminfoAvailable()
	if limit, used, ok := cgroupMemory(); ok {
		room := uint64(0)
		if limit > used {
			room = limit - used
		}
		if avail == 0 || room < avail {
			avail = room
		}
	}
	return avail
}

func meminfoAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "MemAvailable:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// memoryMax is the process's cgroup v2 memory.max, 0 without one.
func memoryMax() uint64 {
	limit, _, _ := cgroupMemory()
	return limit
}

// cgroupMemory reads the process's cgroup v2 limit and use of memory; ok
// is false without a limit ("max") or a cgroup v2.
func cgroupMemory() (limit, used uint64, ok bool) {
	read := func(name string) (uint64, bool) {
		b, err := os.ReadFile("/sys/fs/cgroup/" + name)
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
		return n, err == nil
	}
	if limit, ok = read("memory.max"); !ok {
		return 0, 0, false
	}
	used, _ = read("memory.current")
	return limit, used, true
}
