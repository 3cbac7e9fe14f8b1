package gate

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Input limits of a session: a person types a few keys a second and a
// mouse sends a few hundred bytes; a flood beyond that is slowed down, not
// dropped, so no key arrives cut in half.
const (
	InputRate  = 4096 // bytes a second, on average
	InputBurst = 4096 // bytes at once
)

// LimitReader reads from r at most rate bytes a second after a burst: a
// token bucket whose clock and sleep are the caller's (tests never wait).
type LimitReader struct {
	r      io.Reader
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
	sleep  func(time.Duration)
}

// NewLimitReader reads r at most rate bytes a second after burst, with the
// clock now and the wait sleep.
func NewLimitReader(r io.Reader, rate, burst int, now func() time.Time, sleep func(time.Duration)) *LimitReader {
	return &LimitReader{r: r, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: now(), now: now, sleep: sleep}
}

// Read waits until there is room in the bucket, then reads at most as many
// bytes as the bucket holds.
func (l *LimitReader) Read(p []byte) (int, error) {
	if d := l.Delay(); d > 0 {
		l.sleep(d)
		l.refill()
	}
	if n := int(l.tokens); len(p) > n {
		p = p[:max(n, 1)]
	}
	n, err := l.r.Read(p)
	l.tokens -= float64(n)
	return n, err
}

// Delay is how long a Read would wait for room in the bucket now: 0 when
// it may read at once. A reader that must not wait (a session's driver)
// reads only once it is 0.
func (l *LimitReader) Delay() time.Duration {
	l.refill()
	if l.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - l.tokens) / l.rate * float64(time.Second))
}

func (l *LimitReader) refill() {
	now := l.now()
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	l.last = now
}

// EventLimiter lets a session's program take at most rate key and mouse
// events a second, after a burst: the byte limit above lets
// through a thousand arrow keys a second, each of them a new view to draw.
// The events beyond are dropped (a person's keys come far slower; held
// keys repeat at some thirty a second). Used by the program's goroutine
// only.
type EventLimiter struct {
	rate   float64 // events a second; 0: no limit
	burst  float64 // events at once
	tokens float64
	last   time.Time
	now    func() time.Time
	drops  int
}

// NewEventLimiter takes rate events a second after burst, with the clock
// now.
func NewEventLimiter(rate, burst int, now func() time.Time) *EventLimiter {
	return &EventLimiter{rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: now(), now: now}
}

// Filter passes msg on, or nil for an input event over the limit.
func (l *EventLimiter) Filter(msg tea.Msg) tea.Msg {
	if l.rate <= 0 {
		return msg
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.KeyReleaseMsg, tea.MouseClickMsg, tea.MouseReleaseMsg,
		tea.MouseWheelMsg, tea.MouseMotionMsg, tea.PasteMsg:
	default:
		return msg
	}
	if !l.Take() {
		l.drops++
		return nil
	}
	return msg
}

// Take takes one event's token, if there is one.
func (l *EventLimiter) Take() bool {
	now := l.now()
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	l.last = now
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}

// Dropped is how many events the limiter dropped.
func (l *EventLimiter) Dropped() int { return l.drops }

// KeyClock notes when a session last sent input, as it reads it.
type KeyClock struct {
	r    io.Reader
	last atomic.Int64 // unix nanoseconds
}

// NewKeyClock reads r, and starts its clock now.
func NewKeyClock(r io.Reader) *KeyClock {
	k := &KeyClock{r: r}
	k.touch()
	return k
}

func (k *KeyClock) touch() { k.last.Store(time.Now().UnixNano()) }

func (k *KeyClock) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	if n > 0 {
		k.touch()
	}
	return n, err
}

// WatchIdle ends a session (cancel) once it has sent no input through k
// for limit (0: never), until ctx ends; the flag it returns says it did.
// It watches with a timer, not a goroutine of the session's.
func WatchIdle(ctx context.Context, cancel context.CancelFunc, k *KeyClock, limit time.Duration) *atomic.Bool {
	idled := new(atomic.Bool)
	if limit <= 0 {
		return idled
	}
	var mu sync.Mutex // the timer, set before it can fire
	mu.Lock()
	defer mu.Unlock()
	var t *time.Timer
	t = time.AfterFunc(limit, func() {
		mu.Lock()
		defer mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		since := time.Since(time.Unix(0, k.last.Load()))
		if since >= limit {
			idled.Store(true)
			cancel()
			return
		}
		t.Reset(limit - since)
	})
	context.AfterFunc(ctx, func() { t.Stop() })
	return idled
}
