package testkit

import (
	"testing"
	"time"
)

// TimeLeft is the time before the test binary's own timeout (go test
// -timeout), for a wait that only stops a broken test from hanging. A
// test waits for what it knows will come (a line, a screen, a seat) that
// long and no shorter: a busy machine (.ci/run runs at a load of 25)
// then slows the test and does not fail it.
//
// In a synctest bubble, where t.Deadline panics, it is an hour of the
// bubble's clock, which moves only when every goroutine of the bubble
// waits: no load makes a right test use it up, and a broken one reaches
// it at once.
func TimeLeft(t testing.TB) (left time.Duration) {
	d, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return time.Hour
	}
	defer func() {
		if recover() != nil {
			left = time.Hour
		}
	}()
	if end, ok := d.Deadline(); ok {
		return time.Until(end)
	}
	return time.Hour
}
