package testkit

import (
	"testing"
	"testing/synctest"
	"time"
)

// TestTimeLeft: the time to the binary's timeout outside a bubble, an
// hour of the bubble's clock inside one (where t.Deadline panics).
func TestTimeLeft(t *testing.T) {
	if end, ok := t.Deadline(); ok {
		before := time.Until(end)
		left := TimeLeft(t)
		if after := time.Until(end); left < after || left > before {
			t.Errorf("outside a bubble: %v left, the deadline between %v and %v away", left, after, before)
		}
	}
	synctest.Test(t, func(t *testing.T) {
		if left := TimeLeft(t); left != time.Hour {
			t.Errorf("in a bubble: %v", left)
		}
	})
}
