package server

import (
	"bytes"
	"io"
	"testing"
	"time"
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
		clk := newClock()
		var slept time.Duration
		sleep := func(d time.Duration) { slept += d; clk.add(d) }
		data := bytes.Repeat([]byte("abcdefghij"), tc.size/10+1)[:tc.size]
		l := newLimitReader(bytes.NewReader(data), tc.rate, tc.burst, clk.now, sleep)
		got, err := io.ReadAll(l)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%+v: read %d bytes, %v", tc, len(got), err)
		}
		if d := slept - tc.slept; d < -10*time.Millisecond || d > 10*time.Millisecond {
			t.Errorf("%+v: slept %v, want %v", tc, slept, tc.slept)
		}
	}
}
