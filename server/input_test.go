package server

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
)

// decoderKiller is issue 22's 69 bytes: a CSI with 34 parameters, which
// made Bubble Tea's input decoder panic in its own goroutine and so ended
// the server with every session.
var decoderKiller = "\x1b[" + strings.Repeat("1;", 33) + "1"

// TestAttackDecoderPanic (issue 22, 1): the 69 bytes, typed at the name
// prompt, end neither the server (the test's process: it would die with
// it) nor the session that typed them, and another player still logs in.
func TestAttackDecoderPanic(t *testing.T) {
	srv, addr := startServer(t, Config{})
	_, in, screen := session(t, dial(t, addr, newKey(t)))
	screen.waitText(t, "Name:")
	for range 3 {
		io.WriteString(in, decoderKiller)
	}
	// x ends the sequence; the name follows.
	io.WriteString(in, "x\x1b[2~Ada\r")
	screen.waitText(t, "Hello, Ada.")
	_, _, other := session(t, dial(t, addr, newKey(t)))
	other.waitText(t, "Name:")
	if n := srv.Sessions(); n != 2 {
		t.Fatalf("%d sessions, want 2", n)
	}
}

// FuzzSessionInput feeds bytes through a session's input (sessionInput)
// into the decoder that Bubble Tea's read loop runs on it (ultraviolet's
// terminal reader): nothing a client types may make it panic, since that
// panic, in a goroutine of Bubble Tea's, would end the server. .ci/run
// fuzzes it for a while at every run.
func FuzzSessionInput(f *testing.F) {
	f.Add([]byte(decoderKiller))
	f.Add([]byte("Ada\r\x1b[<0;10;20M\x1b[<0;10;20m\x1b[200~pasted\x1b[201~\x1b[A"))
	f.Add([]byte("\x9b1;2;3m\x90;;q\x1b[0;0;97;1;0;1_\x1b[97:65;2u"))
	f.Fuzz(func(t *testing.T, data []byte) {
		clock := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
		now := func() time.Time { return clock }
		sleep := func(d time.Duration) { clock = clock.Add(d) }
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		events := make(chan uv.Event)
		go func() {
			for range events {
			}
		}()
		defer close(events)
		r := uv.NewTerminalReader(sessionInput(bytes.NewReader(data), now, sleep), "xterm-256color")
		if err := r.StreamEvents(ctx, events); err != nil {
			t.Fatal(err)
		}
	})
}
