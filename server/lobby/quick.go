package lobby

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// Quick matches (issue 35): a player asks for a rated game of two and is
// seated against a person waiting for one whose rating is near theirs,
// the band of near widening as they wait, or after WaitForQuick against the
// house computer whose fixed rating is nearest theirs. Each server keeps
// its own queue: on servers sharing one store, two people waiting on two
// servers are not matched with each other.

// DefaultQuickWait is how long a quick match waits for a person before it
// seats the player against a house computer (Lobby.SetQuickWait).
const DefaultQuickWait = 15 * time.Second

// SetQuickWait sets how long a quick match waits for a person from now
// on (0: DefaultQuickWait).
func (l *Lobby) SetQuickWait(d time.Duration) { l.quick.wait.Store(int64(d)) }

// WaitForQuick is how long a quick match waits for a person at most.
func (l *Lobby) WaitForQuick() time.Duration {
	if d := time.Duration(l.quick.wait.Load()); d > 0 {
		return d
	}
	return DefaultQuickWait
}

// The band of ratings a quick match takes as near, in the points a person
// reads: quickBand at first, quickWiden more every second waited.
const (
	quickBand  = 100
	quickWiden = 50
)

// quickEntry is a person waiting for a quick match.
type quickEntry struct {
	user, name string
	rating     int // as the person reads it (rating.Display)
	since      time.Time
	// seated receives the seat a match made for them, or why it failed;
	// capacity 1: the one who matches them never waits for them.
	seated chan quickSeat
}

// quickSeat is a quick match's seat, or why none.
type quickSeat struct {
	c   *table.Conn
	err error
}

// quickQueue is the people waiting for a quick match.
type quickQueue struct {
	mu      sync.Mutex
	waiting []*quickEntry
	made    int // quick rooms made, to name the next
	// wait is the wait for a person, if set (SetQuickWait).
	wait atomic.Int64
}

// band is how far from e's rating a quick match looks at now.
func (e *quickEntry) band(now time.Time) float64 {
	return quickBand + quickWiden*max(0, now.Sub(e.since).Seconds())
}

// Quick seats user (called name) in a rated game of two: against the
// person waiting whose rating is near theirs (each one's band, which
// widens as they wait, taking the other's rating), or after WaitForQuick
// against the house computer nearest their rating. It returns once they
// are seated and the game is dealt, or with ctx's error once ctx ends.
func (l *Lobby) Quick(ctx context.Context, user, name string) (*table.Conn, error) {
	me := &quickEntry{user: user, name: name, rating: l.displayOf(user), since: l.now(), seated: make(chan quickSeat, 1)}
	q := &l.quick
	q.mu.Lock()
	now := l.now()
	best := -1
	for i, e := range q.waiting {
		d := math.Abs(float64(e.rating - me.rating))
		if e.user == user || d > max(e.band(now), me.band(now)) {
			continue
		}
		if best < 0 || d < math.Abs(float64(q.waiting[best].rating-me.rating)) {
			best = i
		}
	}
	if best >= 0 {
		other := q.waiting[best]
		q.waiting = slices.Delete(q.waiting, best, best+1)
		room := l.quickName(q)
		q.mu.Unlock()
		// The room is the other's too, who waits for it: made
		// whatever becomes of this session (each call of the store
		// still bounded by store.CallTimeout).
		host, guest, err := l.quickRoom(context.WithoutCancel(ctx), room, other, me)
		other.seated <- quickSeat{host, err}
		return guest, err
	}
	q.waiting = append(q.waiting, me)
	q.mu.Unlock()
	timer := time.NewTimer(l.WaitForQuick())
	defer timer.Stop()
	select {
	case s := <-me.seated:
		return s.c, s.err
	case <-ctx.Done():
	case <-timer.C:
	}
	q.mu.Lock()
	i := slices.Index(q.waiting, me)
	if i < 0 {
		// Matched as the wait ended: the seat is on its way.
		q.mu.Unlock()
		s := <-me.seated
		if ctx.Err() != nil && s.c != nil {
			s.c.Quit()
			return nil, ctx.Err()
		}
		return s.c, s.err
	}
	q.waiting = slices.Delete(q.waiting, i, i+1)
	room := l.quickName(q)
	q.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c, _, err := l.quickRoom(ctx, room, me, nil)
	return c, err
}

// Waiting is how many people wait for a quick match on this server.
func (l *Lobby) Waiting() int {
	l.quick.mu.Lock()
	defer l.quick.mu.Unlock()
	return len(l.quick.waiting)
}

// quickName is a name for the next quick room, free in the lobby. Under
// q.mu.
func (l *Lobby) quickName(q *quickQueue) string {
	for {
		q.made++
		name := fmt.Sprintf("quick%d", q.made)
		if l.Room(name) == nil {
			return name
		}
	}
}

// quickRoom makes quick room name, rated, hosted by a and dealt, asking
// the store within ctx: b takes the second seat, or without b the house
// computer nearest a's rating.
func (l *Lobby) quickRoom(ctx context.Context, name string, a, b *quickEntry) (ca, cb *table.Conn, err error) {
	cfg := DefaultRoom
	cfg.Game, cfg.Seed, cfg.Rated = engine.Config{Players: 2, Rules: engine.Standard}, NewSeed(), true
	rated := a.rating
	if b != nil {
		rated = (a.rating + b.rating) / 2
	}
	// The computers of the room (the seat of one who leaves for good)
	// play at the level nearest the players'.
	cfg.Level = l.nearestLevel(rated)
	if ca, err = l.Create(ctx, name, a.user, a.name, 0, cfg); err != nil {
		return nil, nil, err
	}
	if b != nil {
		if cb, err = ca.Table().Join(b.user, b.name, 1); err != nil {
			ca.Quit()
			return nil, nil, err
		}
	}
	if err := ca.Start(); err != nil {
		ca.Quit()
		if cb != nil {
			cb.Quit()
		}
		return nil, nil, err
	}
	return ca, cb, nil
}

// displayOf is the rating user reads, a new player's if they have none
// (or the store does not answer).
func (l *Lobby) displayOf(user string) int {
	if r, ok := l.RatingOf(user); ok {
		return r.Rating
	}
	return rating.Display(store.Model.New())
}

// nearestLevel is the computer level of the lobby's (Levels) whose fixed
// rating is nearest display.
func (l *Lobby) nearestLevel(display int) string {
	best := ""
	for _, level := range l.Levels() {
		d := abs(rating.Display(rating.House[level]) - display)
		if best == "" || d < abs(rating.Display(rating.House[best])-display) {
			best = level
		}
	}
	return best
}

// abs is |n|.
func abs(n int) int { return max(n, -n) }
