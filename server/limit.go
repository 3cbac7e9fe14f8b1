package server

import (
	"io"
	"time"
)

// Input limits of a session: a person types a few keys a second and a
// mouse sends a few hundred bytes; a flood beyond that is slowed down, not
// dropped, so no key arrives cut in half.
const (
	InputRate  = 4096 // bytes a second, on average
	InputBurst = 4096 // bytes at once
)

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
