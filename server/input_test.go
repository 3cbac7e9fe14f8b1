package server

import (
	"bytes"
	"context"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/gate"
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
// into its decoder (keyDecoder): nothing a client types may make it
// panic, since that panic, in the session's reading goroutine, would end
// the server. .ci/run fuzzes it for a while at every run.
func FuzzSessionInput(f *testing.F) {
	f.Add([]byte(decoderKiller))
	f.Add([]byte("Ada\r\x1b[<0;10;20M\x1b[<0;10;20m\x1b[200~pasted\x1b[201~\x1b[A"))
	f.Add([]byte("\x9b1;2;3m\x90;;q\x1b[0;0;97;1;0;1_\x1b[97:65;2u"))
	f.Fuzz(func(t *testing.T, data []byte) {
		clock := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
		now := func() time.Time { return clock }
		sleep := func(d time.Duration) { clock = clock.Add(d) }
		r, _ := sessionInput(bytes.NewReader(data), now, sleep)
		newKeyDecoder(func(uv.Event) {}).read(r)
	})
}

// keyInputs are what terminals send: keys, keys with modifiers in the
// encodings of xterm, urxvt and the kitty protocol, mouse reports, a
// bracketed paste, escape sequences cut short and ones nobody knows.
var keyInputs = []string{
	"Ada\r", "\x1b[A", "\x1b[B\x1b[C\x1b[D", "\x1bOA", "\x1b[1;5A", "\x1b[a", "\x1b[2$", "\x1b[7~", "\x1b[11~",
	"\x1b", "\x1b\x1b", "\x1bx", "\x1b[", "\x1b[1;", "\x1bO", "\x7f", "\x00", "\t", " ", "é", "日本",
	"\x1b[<0;10;20M\x1b[<0;10;20m", "\x1b[M !!", "\x1b[200~pasted\r\x1b[A text\x1b[201~", "\x1b[200~cut",
	"\x1b[97;5u", "\x1b[27;5;97~", "\x1b]11;rgb:0000/0000/0000\x07", "\x1b]0;x\x18q", "\x1b[?1;2c",
	"\x1b[I\x1b[O", "\x1bP>|xterm\x1b\\", "\x1b[999;999;999Z", "\x9b1;2;3m",
}

// TestKeyDecoderAsUltraviolet: a session's decoder (keyDecoder) reads
// what terminals send as ultraviolet's TerminalReader, Bubble Tea's
// reader, does: the same events, in the same order.
func TestKeyDecoderAsUltraviolet(t *testing.T) {
	for _, in := range keyInputs {
		var got []uv.Event
		newKeyDecoder(func(ev uv.Event) { got = append(got, ev) }).read(strings.NewReader(in))

		var want []uv.Event
		events := make(chan uv.Event)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for ev := range events {
				want = append(want, ev)
			}
		}()
		if err := uv.NewTerminalReader(strings.NewReader(in), "xterm-256color").StreamEvents(context.Background(), events); err != nil {
			t.Fatal(err)
		}
		close(events)
		<-done
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %#v, ultraviolet reads %#v", in, got, want)
		}
	}
}

// TestKeyTableShared: the sessions share ultraviolet's key table, which
// every reader of its own would build again (140 KB a session, issue 36),
// and it reads the keys only the table knows.
func TestKeyTableShared(t *testing.T) {
	table := keyTable()
	if len(table) < 100 {
		t.Fatalf("the key table has %d sequences: ultraviolet's reader no longer keeps it as before", len(table))
	}
	var got []uv.Event
	newKeyDecoder(func(ev uv.Event) { got = append(got, ev) }).read(strings.NewReader("\x1b[a"))
	if want := []uv.Event{uv.KeyPressEvent{Code: uv.KeyUp, Mod: uv.ModShift}}; !reflect.DeepEqual(got, want) {
		t.Errorf("urxvt's shift+up: got %#v, want %#v", got, want)
	}
}

// TestKeyDecoderTimeout: a lone ESC waits for the rest of a sequence,
// then is the escape key once the timeout has passed; with its rest in
// time it is part of the sequence.
func TestKeyDecoderTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var got []uv.Event
		d := newKeyDecoder(func(ev uv.Event) { mu.Lock(); got = append(got, ev); mu.Unlock() })
		d.feed([]byte("\x1b"))
		time.Sleep(uv.DefaultEscTimeout / 2)
		d.feed([]byte("[A"))
		d.feed([]byte("\x1b"))
		time.Sleep(2 * uv.DefaultEscTimeout)
		synctest.Wait()
		d.end()
		mu.Lock()
		defer mu.Unlock()
		want := []uv.Event{uv.KeyPressEvent{Code: uv.KeyUp}, uv.KeyPressEvent{Code: uv.KeyEscape}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
	})
}

// TestFeed runs a session's input as the server does (newFeed over the
// channel's input buffer, read by the driver on the session's goroutine):
// keys, a lone ESC taken as the escape key once its time is up, a paste,
// a window size, a flood slowed by the input rate limit but not cut, and
// the bytes that come once the full screen has stopped reading left in
// the buffer for the line mode.
func TestFeed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		buf := channel.NewInputBuffer(channel.InputLimit)
		reader := buf.Until()
		sizes := channel.NewWindows()
		ctx, cancel := context.WithCancel(t.Context())
		d := newDriver(ctx, &testkit.Buffer{}, nil)
		d.in = newFeed(buf, gate.NewKeyClock(waitless{reader}), sizes)
		m := &logModel{}
		ended := make(chan error, 1)
		go func() { ended <- d.run(m, colorprofile.ANSI, 80, 24, nil) }()
		synctest.Wait()
		start := len(m.log())
		got := func() []string { return m.log()[start:] }

		buf.Put([]byte("ab"))
		synctest.Wait()
		buf.Put([]byte("\x1b"))
		synctest.Wait()
		if g := got(); !slices.Equal(g, []string{"key a", "key b"}) {
			t.Fatalf("after ab and an ESC the model got %q", g)
		}
		time.Sleep(uv.DefaultEscTimeout)
		synctest.Wait()
		buf.Put([]byte("\x1b[200~Ada\x1b[201~"))
		synctest.Wait()
		sizes.Set(channel.Window{Width: 90, Height: 20})
		synctest.Wait()
		want := []string{"key a", "key b", "key esc", "paste Ada", "size 90x20"}
		if g := got(); !slices.Equal(g, want) {
			t.Fatalf("the model got %q, want %q", g, want)
		}

		// A flood: the burst at once, the rest at the rate, none dropped.
		flood := gate.InputBurst + gate.InputRate/2
		buf.Put(bytes.Repeat([]byte("x"), flood))
		synctest.Wait()
		// The paste took a few of the burst's bytes.
		if n := len(got()) - len(want); n > gate.InputBurst || n < gate.InputBurst-32 {
			t.Fatalf("%d keys of the flood at once, want about the burst, %d", n, gate.InputBurst)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if n := len(got()) - len(want); n != flood {
			t.Fatalf("%d keys of the flood after a second, want all %d", n, flood)
		}

		cancel()
		if err := <-ended; err != nil {
			t.Fatal(err)
		}
		reader.Stop()
		d.in.close()
		buf.Put([]byte("quick 4\r"))
		p := make([]byte, 64)
		n, err := buf.Until().Read(p)
		if err != nil || string(p[:n]) != "quick 4\r" {
			t.Fatalf("the line mode read %q, %v after the full screen", p[:n], err)
		}
	})
}
