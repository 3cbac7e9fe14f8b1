package server

import (
	"github.com/millebornes/mille/server/gate"
)

// What a session and a connection cost the server, resident, as the load
// test measures them (docs/benchmarks.md, issue 36): a playing session's
// live heap (about 50 KB) three times over for the collector's room
// (serveGCPercent; 320 KB a session resident at 5,000's peak), its
// goroutines' stacks, its connection's buffers, with room to spare; a
// connection logged in without a session, its SSH state and goroutines.
const (
	SessionCost = 512 << 10
	ConnCost    = 128 << 10
)

// The floor and ceiling of the caps Caps computes: the floor holds even on
// a machine that says it has nothing to spare (a few players always fit),
// the ceiling past what two cores play at a key a second.
const (
	minSessions = 50
	maxSessions = 10000
	maxConns    = 20000
	minRooms    = 50
)

// Caps are mille serve's default caps of connections, sessions and rooms
// on a machine.
type Caps struct {
	Conns, Sessions, Rooms int
}

// CapsFor fits the caps to machine m: the connections to the descriptors
// (less gate.ReservedDescriptors) and to three quarters of the memory
// available at ConnCost each, the sessions to the connections and to
// that memory at SessionCost each, the rooms to half the sessions (a room
// of one and the computers is a room too). What m cannot tell takes the
// caps of a machine of 1,000 descriptors and 256 MB.
func CapsFor(m gate.Machine) Caps {
	budget := m.Memory / 4 * 3
	if budget == 0 {
		budget = 256 << 20
	}
	conns := gate.MaxConnsFor(m.Descriptors, maxConns)
	conns = max(16, min(conns, int(budget/ConnCost)))
	sessions := max(minSessions, min(conns, int(budget/SessionCost), maxSessions))
	return Caps{Conns: conns, Sessions: sessions, Rooms: max(minRooms, sessions/2)}
}

// machineCaps are the caps of the machine the server runs on, read once
// at start.
var (
	thisMachine = gate.ThisMachine()
	machineCaps = CapsFor(thisMachine)
)
