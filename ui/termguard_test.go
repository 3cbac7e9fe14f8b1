package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"testing/synctest"

	uv "github.com/charmbracelet/ultraviolet"
)

// killer is issue 22's 69 bytes: a CSI with 34 parameters.
var killer = "\x1b[" + strings.Repeat("1;", 33) + "1"

// decode runs r through the decoder Bubble Tea reads a terminal with, to
// the end of r, and returns the events it made, or what it panicked with.
// It decodes in a synctest bubble: the decoder's escape timeout (50 ms of
// the clock) then never runs out between two bytes of r, which a busy
// machine's scheduler did (a sequence read one byte at a time was cut in
// two on one side of the comparison and not the other); the bubble's
// clock moves only when the reader and the decoder both wait, and they
// never wait for a strings.Reader.
func decode(t *testing.T, r io.Reader) (events []string, panicked any) {
	t.Helper()
	synctest.Test(t, func(*testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		ch := make(chan uv.Event)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for e := range ch {
				events = append(events, fmt.Sprintf("%T%+v", e, e))
			}
		}()
		func() {
			defer func() { panicked = recover() }()
			_ = uv.NewTerminalReader(r, "xterm-256color").StreamEvents(ctx, ch)
		}()
		close(ch)
		<-done
	})
	return events, panicked
}

// TestInputStopsTheDecoderPanic: the 69 bytes, whole or one byte at a
// time, with text and keys after them, panic in the decoder as it is and
// not through Input, and the keys after them still arrive.
func TestInputStopsTheDecoderPanic(t *testing.T) {
	if _, p := decode(t, strings.NewReader(killer)); p == nil {
		t.Fatal("the decoder no longer panics on the 69 bytes: check whether the guard can go (ui/termguard.go)")
	}
	for _, tc := range []struct {
		name  string
		input string
	}{
		{"the 69 bytes", killer},
		{"then keys", killer + "mx\x1b[A"},
		{"DCS", "\x1bP" + strings.Repeat("1;", 40) + "q"},
		{"8-bit CSI", "\x9b" + strings.Repeat(";", 40) + "1m"},
		{"subparameters", "\x1b[" + strings.Repeat("1:", 40) + "u"},
		{"intermediates first", "\x1b  [" + strings.Repeat(";", 40) + "1"},
		{"after a cancelled escape", "\x1b\x1b[" + strings.Repeat(";", 40) + "1"},
		{"in a paste", "\x1b[200~" + killer + "\x1b[201~"},
		{"ten times", strings.Repeat(killer, 10)},
	} {
		for _, split := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tc.input)
			if split {
				r = iotest.OneByteReader(r)
			}
			events, p := decode(t, Input(r))
			if p != nil {
				t.Errorf("%s (split %v): panic %v", tc.name, split, p)
				continue
			}
			if strings.HasSuffix(tc.name, "keys") && !slicesHasPrefix(events, "uv.KeyPressEventx", "uv.KeyPressEventup") {
				t.Errorf("%s (split %v): the keys after were lost: %q", tc.name, split, events)
			}
		}
	}
}

// slicesHasPrefix says whether the last events begin with the prefixes
// given, in order.
func slicesHasPrefix(events []string, prefixes ...string) bool {
	if len(events) < len(prefixes) {
		return false
	}
	for i, p := range prefixes {
		if !strings.HasPrefix(events[len(events)-len(prefixes)+i], p) {
			return false
		}
	}
	return true
}

// TestInputKeepsWhatTerminalsSend: keys, mouse reports, pastes, focus and
// the Win32 input mode decode to the same events through Input as without
// it, whole or one byte at a time.
func TestInputKeepsWhatTerminalsSend(t *testing.T) {
	for _, input := range []string{
		"hello, world", "\r\x7f\t\x03", "é€😀 日本",
		"\x1b[A\x1b[B\x1b[1;5C\x1b[3~\x1bOP\x1b[15;2~",
		"\x1b[<0;10;20M\x1b[<0;10;20m\x1b[<64;3;4M\x1b[M !!",
		"\x1b[200~pasted; text: 1;2;3\x1b[201~",
		"\x1b[I\x1b[O",
		"\x1b[97;1u\x1b[97:65;2u\x1b[127;1:3u",
		"\x1b[0;0;97;1;0;1_\x1b[65;30;97;1;0;1_",
		"\x1bb\x1b\x1bx",
		// A long run of separators in plain text is text.
		strings.Repeat(";", 100) + strings.Repeat("1:", 60),
		// 31 separators, the most that passes untouched.
		"\x1b[" + strings.Repeat("1;", 31) + "1m" + "x",
	} {
		for _, split := range []bool{false, true} {
			reader := func() io.Reader {
				if split {
					return iotest.OneByteReader(strings.NewReader(input))
				}
				return strings.NewReader(input)
			}
			want, p := decode(t, reader())
			if p != nil {
				t.Fatalf("%q: the decoder panics without the guard: %v", input, p)
			}
			if got, _ := decode(t, Input(reader())); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q (split %v):\n got %q\nwant %q", input, split, got, want)
			}
		}
	}
}

// TestInputDropsOnlyTheExcess: the bytes that pass are the input less the
// parameters past the limit, up to the sequence's final byte.
func TestInputDropsOnlyTheExcess(t *testing.T) {
	in := "a" + killer + "mb"
	want := "a\x1b[" + strings.Repeat("1;", 31) + "1" + "mb"
	got, err := io.ReadAll(Input(strings.NewReader(in)))
	if err != nil || string(got) != want {
		t.Fatalf("got %q (%v), want %q", got, err, want)
	}
	// A read that is all dropped bytes is not returned empty.
	r := Input(iotest.OneByteReader(bytes.NewReader([]byte(in))))
	buf := make([]byte, 8)
	for {
		n, err := r.Read(buf)
		if err == io.EOF {
			break
		}
		if n == 0 {
			t.Fatal("an empty read before the end")
		}
	}
}
