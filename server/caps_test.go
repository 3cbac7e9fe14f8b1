package server

import (
	"testing"

	"github.com/millebornes/mille/server/gate"
)

// TestCapsFor: the default caps follow the machine's descriptors and
// memory, between their floor and ceiling; above the floor, never more
// sessions than connections.
func TestCapsFor(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		m    gate.Machine
		want Caps
	}{
		// This 2-core machine: 20,000 descriptors, 22 GB available.
		{gate.Machine{Descriptors: 20000, Memory: 22 << 30}, Caps{Conns: 19936, Sessions: maxSessions, Rooms: maxSessions / 2}},
		// 1 GB available: 768 MB for sessions at 512 KB.
		{gate.Machine{Descriptors: 20000, Memory: 1024 * mb}, Caps{Conns: 6144, Sessions: 1536, Rooms: 768}},
		// ulimit -n 1024: the descriptors decide.
		{gate.Machine{Descriptors: 1024, Memory: 8192 * mb}, Caps{Conns: 960, Sessions: 960, Rooms: 480}},
		// Next to nothing: the floors.
		{gate.Machine{Descriptors: 100, Memory: 16 * mb}, Caps{Conns: 36, Sessions: minSessions, Rooms: minRooms}},
		// Nothing known: 1,000 descriptors and 256 MB.
		{gate.Machine{}, Caps{Conns: 1000, Sessions: 512, Rooms: 256}},
	} {
		if got := CapsFor(tc.m); got != tc.want {
			t.Errorf("CapsFor(%+v) = %+v, want %+v", tc.m, got, tc.want)
		}
	}
}
