package gate

import (
	"bytes"
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/server/internal/servertest"
)

// TestLimitReader: after the burst, reading waits as long as the rate
// says; everything read arrives intact.
func TestLimitReader(t *testing.T) {
	tests := []struct {
		rate, burst, size int
		slept             time.Duration // in all, on the fake clock
	}{
		{rate: 100, burst: 100, size: 50, slept: 0},
		{rate: 100, burst: 100, size: 100, slept: 0},
		{rate: 100, burst: 100, size: 300, slept: 2 * time.Second},
		{rate: 1000, burst: 10, size: 1010, slept: time.Second},
	}
	for _, tc := range tests {
		clk := servertest.NewClock()
		var slept time.Duration
		sleep := func(d time.Duration) { slept += d; clk.Add(d) }
		data := bytes.Repeat([]byte("abcdefghij"), tc.size/10+1)[:tc.size]
		l := NewLimitReader(bytes.NewReader(data), tc.rate, tc.burst, clk.Now, sleep)
		got, err := io.ReadAll(l)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%+v: read %d bytes, %v", tc, len(got), err)
		}
		if d := slept - tc.slept; d < -10*time.Millisecond || d > 10*time.Millisecond {
			t.Errorf("%+v: slept %v, want %v", tc, slept, tc.slept)
		}
	}
}

// TestEventLimiter (issue 15, 6): a flood of keys passes at the rate after
// a burst, whatever its bytes; other messages always pass.
func TestEventLimiter(t *testing.T) {
	clk := servertest.NewClock()
	l := NewEventLimiter(40, 40, clk.Now)
	passed := 0
	// 2000 arrow keys over one second, as fast as a pipe sends them.
	for range 2000 {
		if l.Filter(tea.KeyPressMsg{Code: tea.KeyRight}) != nil {
			passed++
		}
		clk.Add(time.Second / 2000)
	}
	if passed < 40 || passed > 81 {
		t.Errorf("%d of 2000 keys in a second passed, want the burst and the rate, 40 to 80", passed)
	}
	if l.Dropped() != 2000-passed {
		t.Errorf("dropped %d, want %d", l.Dropped(), 2000-passed)
	}
	for _, msg := range []tea.Msg{tea.WindowSizeMsg{Width: 80, Height: 24}, tea.FocusMsg{}, tea.BlurMsg{}} {
		if l.Filter(msg) == nil {
			t.Errorf("%T was dropped", msg)
		}
	}
	// A person's pace passes whole.
	clk.Add(time.Second)
	for i := range 100 {
		if l.Filter(tea.KeyPressMsg{Code: 'a'}) == nil {
			t.Fatalf("key %d at ten a second was dropped", i)
		}
		clk.Add(100 * time.Millisecond)
	}
	if l := NewEventLimiter(0, 0, clk.Now); l.Filter(tea.KeyPressMsg{}) == nil {
		t.Error("no limit dropped a key")
	}
}
