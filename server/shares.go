package server

import "sync"

// shares deals out a server's places (its sessions, its connections) among
// sources: most in all, perSource at most to one source, and the last
// tenth of them only to sources that hold none yet. 260 keys from 9
// addresses once took every session and nobody else got in: with these
// limits a few sources fill at most their share, and a newcomer still
// finds a place. A limit at 0 does not hold. Safe for concurrent use.
type shares struct {
	most, perSource int

	mu    sync.Mutex
	total int
	held  map[string]int // places held, by source
}

// The reasons shares.take refuses a place.
const (
	shareTaken     = iota // not refused: the place is taken
	shareFull             // every place is held
	shareSource           // the source holds perSource places
	shareNewcomers        // the places left are kept for sources that hold none
)

// newcomers is how many of most places are kept for sources holding none:
// a tenth.
func newcomers(most int) int { return most / 10 }

// take takes a place for src, or says which limit refuses it.
func (s *shares) take(src string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := s.held[src]
	switch {
	case s.most > 0 && s.total >= s.most:
		return shareFull
	case s.perSource > 0 && held >= s.perSource:
		return shareSource
	case s.most > 0 && held > 0 && s.total >= s.most-newcomers(s.most):
		return shareNewcomers
	}
	if s.held == nil {
		s.held = map[string]int{}
	}
	s.held[src]++
	s.total++
	return shareTaken
}

// add takes a place for src whatever the limits: one held by another is
// being given back (gate.idleLocked).
func (s *shares) add(src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held == nil {
		s.held = map[string]int{}
	}
	s.held[src]++
	s.total++
}

// holds is how many places src holds.
func (s *shares) holds(src string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held[src]
}

// give gives back a place src took.
func (s *shares) give(src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.held[src]--; s.held[src] <= 0 {
		delete(s.held, src)
	}
}
