package gate

import (
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"testing"
	"time"

	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/internal/servertest"
)

// TestGate: the places at the gate, in all and by source.
func TestGate(t *testing.T) {
	cfg := Limits{MaxStartups: Startups{Start: 4, Rate: 100, Full: 4}, MaxStartupsPerSource: 2, MaxConnsPerSource: 3}
	g := New(&cfg, events.New(slog.New(slog.DiscardHandler)), time.Now)
	steps := []struct {
		op  string // take, login (the place at the gate back) or close (the connection too)
		src string
		ok  bool
	}{
		{"take", "a", true},
		{"take", "a", true},
		{"take", "a", false}, // a holds its share of logins
		{"take", "b", true},
		{"take", "c", true},
		{"take", "d", false}, // the gate is full
		{"login", "a", true},
		{"take", "d", true},
		{"take", "e", false}, // full again
		{"login", "d", true},
		{"take", "a", true},  // a: 2 logging in, 1 logged in
		{"login", "a", true}, // 1 logging in, 2 logged in
		{"take", "a", false}, // 3 connections from a, the most
		{"close", "a", true},
		{"take", "a", true},
	}
	for i, st := range steps {
		switch st.op {
		case "login":
			g.loggedIn(&Conn{source: st.src})
		case "close":
			g.conns.Give(st.src)
		case "take":
			if why := g.take(st.src); (why == "") != st.ok {
				t.Fatalf("step %d: take %s refused for %q, want ok %v (pending %d, %v)", i, st.src, why, st.ok, g.pending, g.bySource)
			}
		}
	}
	if g.pending != 4 || g.bySource["a"] != 2 {
		t.Fatalf("pending %d, by source %v", g.pending, g.bySource)
	}
}

// TestGateSilentNewcomer (issue 22, 5): at a full gate a newcomer takes
// the place of a connection that has not sent its version line for
// SilentGrace, of the source holding the most, rather than being dropped;
// a connection that has said its version, a young one, or one of a source
// holding no more than the newcomer's would, keeps its place.
func TestGateSilentNewcomer(t *testing.T) {
	clk := servertest.NewClock()
	cfg := Limits{MaxStartups: Startups{Start: 3, Rate: 100, Full: 3}, MaxStartupsPerSource: 2}
	g := New(&cfg, events.New(slog.New(slog.DiscardHandler)), clk.Now)
	conns := map[string][]*Conn{}
	closed := func(c *Conn) bool {
		c.conn.SetReadDeadline(time.Now().Add(time.Millisecond))
		_, err := c.conn.Read(make([]byte, 1))
		return errors.Is(err, net.ErrClosed) || errors.Is(err, io.ErrClosedPipe)
	}
	take := func(src string) string {
		why := g.take(src)
		if why == "" {
			server, client := net.Pipe()
			t.Cleanup(func() { server.Close(); client.Close() })
			c := &Conn{g: g, conn: server, source: src, began: clk.Now()}
			g.waitFor(c)
			conns[src] = append(conns[src], c)
			clk.Add(time.Millisecond) // the oldest is the first

		}
		return why
	}
	for _, src := range []string{"mal", "mal", "ann"} {
		if why := take(src); why != "" {
			t.Fatalf("%s: %s", src, why)
		}
	}
	conns["ann"][0].versioned.Store(true)
	if why := take("bob"); why == "" {
		t.Fatal("a newcomer took the place of a young connection")
	}
	clk.Add(SilentGrace)
	if why := take("bob"); why != "" {
		t.Fatalf("bob at a gate full of silent sockets: %s", why)
	}
	if !closed(conns["mal"][0]) || closed(conns["mal"][1]) || closed(conns["ann"][0]) {
		t.Fatal("the newcomer did not take the place of mal's oldest silent connection")
	}
	// The place is given back when the connection closes. Now mal holds
	// no more than a newcomer would: the silent cannot take each other's
	// places, and cal is dropped.
	g.loggedIn(conns["mal"][0])
	clk.Add(SilentGrace)
	if why := take("cal"); why == "" {
		t.Fatal("cal took the place of a source holding no more than cal")
	}
	if closed(conns["mal"][1]) || closed(conns["ann"][0]) || closed(conns["bob"][0]) {
		t.Fatal("a connection closed for cal")
	}
}

// TestGateFreshSource (issue 22, 7): past START the random early drop
// falls on the sources that hold a login or a connection already; one
// that holds nothing is refused only at FULL.
func TestGateFreshSource(t *testing.T) {
	cfg := Limits{MaxStartups: Startups{Start: 2, Rate: 100, Full: 4}}
	g := New(&cfg, events.New(slog.New(slog.DiscardHandler)), time.Now)
	for i, st := range []struct {
		src string
		ok  bool
	}{
		{"a", true}, {"a", true},
		{"a", false}, // a holds logins: dropped past START
		{"b", true},  // b holds nothing
		{"b", false},
		{"c", true},
		{"d", false}, // FULL
	} {
		if why := g.take(st.src); (why == "") != st.ok {
			t.Fatalf("step %d: take %s: %q, want ok %v", i, st.src, why, st.ok)
		}
	}
}

// TestStartupsDrop: OpenSSH's random early drop: nothing below the start,
// everything from the full mark, and in between a share rising from the
// rate to all.
func TestStartupsDrop(t *testing.T) {
	s := Startups{Start: 10, Rate: 30, Full: 110}
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func() int { return rng.IntN(100) }
	for _, tc := range []struct {
		pending int
		share   float64 // of the logins dropped
	}{{0, 0}, {9, 0}, {10, 0.30}, {60, 0.65}, {109, 0.993}, {110, 1}, {500, 1}} {
		dropped := 0
		const tries = 10000
		for range tries {
			if s.drop(tc.pending, draw) {
				dropped++
			}
		}
		if got := float64(dropped) / tries; got < tc.share-0.02 || got > tc.share+0.02 {
			t.Errorf("%d logging in: %.3f dropped, want %.3f", tc.pending, got, tc.share)
		}
	}
	if (Startups{}).drop(1000, draw) {
		t.Error("the zero Startups dropped a login")
	}
}

// TestStartupsSet: --max-startups as OpenSSH writes it.
func TestStartupsSet(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Startups
		ok   bool
	}{
		{"10:30:100", Startups{10, 30, 100}, true},
		{"32", Startups{32, 100, 32}, true},
		{"0", Startups{}, true},
		{"10:130:100", Startups{}, false},
		{"100:30:10", Startups{}, false},
		{"10:30", Startups{}, false},
		{"a:b:c", Startups{}, false},
		{"-1", Startups{}, false},
	} {
		var s Startups
		err := s.Set(tc.in)
		if (err == nil) != tc.ok || tc.ok && s != tc.want {
			t.Errorf("Set(%q) = %+v, %v", tc.in, s, err)
		}
		if tc.ok && tc.in != "0" && tc.in != "32" && s.String() != tc.in {
			t.Errorf("%+v.String() = %q", s, s.String())
		}
	}
}

// TestSourceOf: an IPv4 address counts alone, an IPv6 address with its /64.
func TestSourceOf(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"192.0.2.7:5000", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:5000", "192.0.2.7"},
		{"[2001:db8:1:2:aaaa:bbbb:cccc:dddd]:22", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2::1]:22", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:22", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:22", "fe80::/64"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := SourceOf(addr); got != tc.want {
			t.Errorf("SourceOf(%s) = %s, want %s", tc.addr, got, tc.want)
		}
	}
}
