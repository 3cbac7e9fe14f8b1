package server

import (
	"context"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
	gossh "golang.org/x/crypto/ssh"
)

// TestMemWatch: memory goes back when the heap holds more than twice its
// live objects and retainedSlack besides, not otherwise, and not twice in
// releaseGap.
func TestMemWatch(t *testing.T) {
	const mb = 1 << 20
	start := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC).Add(releaseGap)
	var m memWatch
	for i, tc := range []struct {
		at         time.Duration
		held, live uint64
		want       bool
	}{
		{0, 30 * mb, 12 * mb, false},                // a server at rest
		{time.Second, 200 * mb, 100 * mb, false},    // a big live heap, in its room
		{2 * time.Second, 400 * mb, 14 * mb, true},  // after a burst
		{3 * time.Second, 400 * mb, 14 * mb, false}, // again, within the gap
		{releaseGap + 2*time.Second, 400 * mb, 14 * mb, true},
	} {
		if got := m.due(start.Add(tc.at), tc.held, tc.live); got != tc.want {
			t.Errorf("step %d: due %v, want %v", i, got, tc.want)
		}
	}
	runtime.GC() // live objects are counted by collections
	if held, live := heapMemory(); held == 0 || live == 0 || live > held {
		t.Errorf("heapMemory: held %d, live %d", held, live)
	}
}

// TestReleaseAfterBursts: the server's watch gives the memory back when
// it is due, and logs it.
func TestReleaseAfterBursts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var logs testkit.Buffer
		logger, _ := events.NewLogger(&logs, events.Text)
		s := &Server{log: events.New(logger)}
		ctx, cancel := context.WithCancel(t.Context())
		var held atomic.Uint64
		held.Store(20 << 20)
		var freed atomic.Int64
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.releaseAfterBursts(ctx, func() (uint64, uint64) { return held.Load(), 10 << 20 }, func() { freed.Add(1); held.Store(20 << 20) })
		}()
		time.Sleep(3 * releaseTick)
		synctest.Wait()
		if freed.Load() != 0 {
			t.Fatal("memory given back at rest")
		}
		held.Store(400 << 20)
		time.Sleep(releaseTick)
		synctest.Wait()
		if freed.Load() != 1 || !strings.Contains(logs.String(), `memory given back after a burst" held_mb=400 live_mb=10 after_mb=20`) {
			t.Fatalf("after the burst: freed %d times; log %q", freed.Load(), logs.String())
		}
		cancel()
		<-done
	})
}

// escapeInput is what full-screen sessions sent at the name prompt in
// issue 32 (What broke, 3): arrow keys plain and modified, SGR and X10
// mouse reports, a CSI of 30 parameters, OSC, DCS and APC strings, a
// bracketed paste, and a sequence cut short at the end.
const escapeInput = "\x1b[A\x1b[B\x1b[C\x1b[D\x1b[1;5A\x1bOB" +
	"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<64;3;3M\x1b[M !!\x1b[M#!!" +
	"\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23;24;25;26;27;28;29;30m" +
	"\x1b]11;rgb:0000/0000/0000\x07\x1b]52;c;aGVsbG8=\x1b\\\x1bP1$r0m\x1b\\\x1b_Gi=1;OK\x1b\\" +
	"\x1b[200~pasted text\x1b[201~ab\x7f\x1b[1;"

// liveHeap is the bytes of live objects after a collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC() // the finalizers' objects of the first
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestSessionsGiveMemoryBack (issue 32, What broke 3): full-screen
// sessions that send escape sequences at the name prompt and go away,
// many at once, leave nothing live: 30 s after the last one ends the live
// heap is within 10% of what it was before them. Each once left ~300 KB,
// held by Bubble Tea's input reader, blocked for good sending an event to
// a program that had ended. The server and its clients talk through
// pipes in a synctest bubble: the 30 s are the bubble's, and a goroutine
// left blocked fails the test too.
func TestSessionsGiveMemoryBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, l := pipeServer(t, Config{})
		burst := func(n int) {
			for i := range n {
				c, in, screen := l.leave(t, newKey(t))
				screen.waitText(t, "Name:")
				// Some go away in the middle of their input, some after it.
				for j := range 4 + i%5 {
					io.WriteString(in, escapeInput[:len(escapeInput)*(1+j%4)/4])
				}
				if i%2 == 0 {
					synctest.Wait()
				}
				c.Close()
				<-screen.done
			}
			time.Sleep(30 * time.Second)
			synctest.Wait()
		}
		burst(3) // what the first sessions make once (catalogues, styles)
		before := liveHeap()
		burst(testkit.Size(20, 40, 150))
		after := liveHeap()
		t.Logf("live heap %d KB before the burst, %d KB 30 s after it", before>>10, after>>10)
		if after > before+before/10 {
			t.Errorf("live heap %d KB before the burst, %d KB 30 s after it: more than 10%% more", before>>10, after>>10)
		}
	})
}

// leave opens a full-screen session at the listener's server, logged in
// with key, that the test closes (c.Close) and forgets: nothing of it is
// kept for the test's cleanup, so its memory goes with it.
func (l *pipeListener) leave(t *testing.T, key gossh.Signer) (c *gossh.Client, in io.Writer, screen *screenReader) {
	t.Helper()
	server, client := bufferedPipe()
	l.conns <- server
	conn, chans, reqs, err := gossh.NewClientConn(client, "pipe", &gossh.ClientConfig{
		User:            "player",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		t.Fatal(err)
	}
	c = gossh.NewClient(conn, chans, reqs)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	screen = readScreen(out)
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return c, in, screen
}

// TestMemoryLimitFor: mille serve's default soft memory limit is nine
// tenths of a cgroup's memory.max, none without one or when GOMEMLIMIT
// set the runtime's own.
func TestMemoryLimitFor(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		m    gate.Machine
		env  string
		want int64
	}{
		{gate.Machine{Memory: 8000 * mb}, "", 0},
		{gate.Machine{Memory: 800 * mb, MemoryMax: 1000 * mb}, "", 900 * mb},
		{gate.Machine{Memory: 800 * mb, MemoryMax: 1000 * mb}, "700MiB", 0},
		{gate.Machine{MemoryMax: 1 << 63}, "", 0},
	} {
		if got := MemoryLimitFor(tc.m, tc.env); got != tc.want {
			t.Errorf("MemoryLimitFor(%+v, %q) = %d MB, want %d MB", tc.m, tc.env, got/mb, tc.want/mb)
		}
	}
}

// TestGCPercentFor: mille serve lets the heap grow to three times what is
// live unless GOGC set the runtime's own.
func TestGCPercentFor(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want int
	}{
		{"", serveGCPercent},
		{"100", 0},
		{"off", 0},
	} {
		if got := GCPercentFor(tc.env); got != tc.want {
			t.Errorf("GCPercentFor(%q) = %d, want %d", tc.env, got, tc.want)
		}
	}
}
