package server

import (
	"io"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ui"
)

// Input limits of a session: a person types a few keys a second and a
// mouse sends a few hundred bytes; a flood beyond that is slowed down, not
// dropped, so no key arrives cut in half.
const (
	InputRate  = 4096 // bytes a second, on average
	InputBurst = 4096 // bytes at once
)

// sessionInput is what a session's program reads of r, the client's
// bytes: at most InputRate a second, and through ui.Input, without the
// control sequences that would make Bubble Tea's input decoder panic in a
// goroutine of its own, which no recover reaches: 69 bytes typed at the
// name prompt once ended the server with every session (issue 22).
func sessionInput(r io.Reader, now func() time.Time, sleep func(time.Duration)) io.Reader {
	return ui.Input(newLimitReader(r, InputRate, InputBurst, now, sleep))
}

// limitReader reads from r at most rate bytes a second after a burst: a
// token bucket whose clock and sleep are the caller's (tests never wait).
type limitReader struct {
	r      io.Reader
	rate   float64 // bytes a second
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
	sleep  func(time.Duration)
}

func newLimitReader(r io.Reader, rate, burst int, now func() time.Time, sleep func(time.Duration)) *limitReader {
	return &limitReader{r: r, rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: now(), now: now, sleep: sleep}
}

// Read waits until there is room in the bucket, then reads at most as many
// bytes as the bucket holds.
func (l *limitReader) Read(p []byte) (int, error) {
	l.refill()
	if l.tokens < 1 {
		l.sleep(time.Duration((1 - l.tokens) / l.rate * float64(time.Second)))
		l.refill()
	}
	if n := int(l.tokens); len(p) > n {
		p = p[:max(n, 1)]
	}
	n, err := l.r.Read(p)
	l.tokens -= float64(n)
	return n, err
}

func (l *limitReader) refill() {
	now := l.now()
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	l.last = now
}

// eventLimiter lets a session's program take at most rate key and mouse
// events a second, after a burst: the byte limit above lets
// through a thousand arrow keys a second, each of them a new view to draw.
// The events beyond are dropped (a person's keys come far slower; held
// keys repeat at some thirty a second). Used by the program's goroutine
// only.
type eventLimiter struct {
	rate   float64 // events a second; 0: no limit
	burst  float64 // events at once
	tokens float64
	last   time.Time
	now    func() time.Time
	drops  int
}

func newEventLimiter(rate, burst int, now func() time.Time) *eventLimiter {
	return &eventLimiter{rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: now(), now: now}
}

// filter passes msg on, or nil for an input event over the limit.
func (l *eventLimiter) filter(msg tea.Msg) tea.Msg {
	if l.rate <= 0 {
		return msg
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.KeyReleaseMsg, tea.MouseClickMsg, tea.MouseReleaseMsg,
		tea.MouseWheelMsg, tea.MouseMotionMsg, tea.PasteMsg:
	default:
		return msg
	}
	if !l.take() {
		l.drops++
		return nil
	}
	return msg
}

// take takes one event's token, if there is one.
func (l *eventLimiter) take() bool {
	now := l.now()
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	l.last = now
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}

// dropped is how many events the limiter dropped.
func (l *eventLimiter) dropped() int { return l.drops }
