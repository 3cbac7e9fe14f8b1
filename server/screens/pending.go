package screens

import (
	"slices"
	"sync"

	"github.com/millebornes/mille/table"
)

// pending holds the seats that commands found (a room entered, a quick
// match, a bot's table) from the command's end until Update takes them
// (take) or the session ends (end), which gives them up. A command that
// ends after the program has stopped sends a message nobody reads: its
// seat, held nowhere else, would stay connected for good, and the room
// would wait for a person who is gone (TestE2ERandomInGame found one).
type pending struct {
	mu    sync.Mutex
	ended bool
	conns []*table.Conn
}

// put keeps c for Update, or gives it up at once if the session has
// ended; it reports whether the command's message is still to be sent:
// c kept, or no seat at all (nil: why none is said).
func (p *pending) put(c *table.Conn) bool {
	if c == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended {
		c.Leave()
		return false
	}
	p.conns = append(p.conns, c)
	return true
}

// take hands c over to Update; false if it was given up (end). A nil c
// (no seat found) is nothing to take: true.
func (p *pending) take(c *table.Conn) bool {
	if c == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	i := slices.Index(p.conns, c)
	if i < 0 {
		return false
	}
	p.conns = slices.Delete(p.conns, i, i+1)
	return true
}

// end gives up the seats kept and every seat put from now on: the seat
// waits for the person's return for the grace period, as at any end of
// a session.
func (p *pending) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended = true
	for _, c := range p.conns {
		c.Leave()
	}
	p.conns = nil
}
