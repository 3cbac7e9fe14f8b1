package gate

import "sync"

// Shares deals out a server's places (its sessions, its connections) among
// sources: most in all, perSource at most to one source, and the last
// tenth of them only to sources that hold none yet. 260 keys from 9
// addresses once took every session and nobody else got in: with these
// limits a few sources fill at most their share, and a newcomer still
// finds a place. A limit at 0 does not hold. Safe for concurrent use.
type Shares struct {
	Most, PerSource int

	mu    sync.Mutex
	total int
	held  map[string]int // places held, by source
}

// Share is what Shares.Take answers: the place taken, or the limit that
// refuses it.
type Share int

// The answers of Shares.Take.
const (
	Taken        Share = iota // not refused: the place is taken
	Full                      // every place is held
	SourceFull                // the source holds PerSource places
	ForNewcomers              // the places left are kept for sources that hold none
)

// Newcomers is how many of most places are kept for sources holding none:
// a tenth.
func Newcomers(most int) int { return most / 10 }

// Take takes a place for src, or says which limit refuses it.
func (s *Shares) Take(src string) Share {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := s.held[src]
	switch {
	case s.Most > 0 && s.total >= s.Most:
		return Full
	case s.PerSource > 0 && held >= s.PerSource:
		return SourceFull
	case s.Most > 0 && held > 0 && s.total >= s.Most-Newcomers(s.Most):
		return ForNewcomers
	}
	if s.held == nil {
		s.held = map[string]int{}
	}
	s.held[src]++
	s.total++
	return Taken
}

// add takes a place for src whatever the limits: one held by another is
// being given back (Gate.idleLocked).
func (s *Shares) add(src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held == nil {
		s.held = map[string]int{}
	}
	s.held[src]++
	s.total++
}

// holds is how many places src holds.
func (s *Shares) holds(src string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held[src]
}

// Give gives back a place src took.
func (s *Shares) Give(src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.held[src]--; s.held[src] <= 0 {
		delete(s.held, src)
	}
}
