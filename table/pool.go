package table

import (
	"context"
	"slices"
	"sync"
)

// Pool shares a bounded number of computer searches between the tables of
// a server, so that no room's computers can take the machine from the
// others' people: a table's computer waits for a place before it thinks,
// then thinks with one goroutine for as long as its level takes. A
// saturated pool makes moves wait (the players see the computer
// thinking), never shorter: a seat plays at its level however full the
// server is (issue 27). A table searches one move at a time, so places
// handed out first come, first served go round the waiting tables in
// turn: a table that has just moved waits behind the others. Local play
// has no pool (Config.Pool nil).
type Pool struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{} // the tables waiting for a place, in turn
}

// NewPool returns a pool of size places (at least one).
func NewPool(size int) *Pool {
	return &Pool{free: max(size, 1)}
}

// acquire waits for a place; it reports false, holding none, when ctx
// ends first.
func (p *Pool) acquire(ctx context.Context) bool {
	p.mu.Lock()
	if p.free > 0 && len(p.waiting) == 0 {
		p.free--
		p.mu.Unlock()
		return true
	}
	turn := make(chan struct{})
	p.waiting = append(p.waiting, turn)
	p.mu.Unlock()
	select {
	case <-turn:
		return true
	case <-ctx.Done():
	}
	p.mu.Lock()
	if i := slices.Index(p.waiting, turn); i >= 0 {
		p.waiting = slices.Delete(p.waiting, i, i+1)
		p.mu.Unlock()
		return false
	}
	p.mu.Unlock()
	p.release() // the place came as ctx ended: it goes to the next table
	return false
}

// release gives a place back: to the table that has waited longest.
func (p *Pool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.waiting) > 0 {
		close(p.waiting[0])
		p.waiting = slices.Delete(p.waiting, 0, 1)
		return
	}
	p.free++
}
