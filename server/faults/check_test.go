package faults

import (
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/lobby"
)

// The checker's own tests run in every go test: no PostgreSQL, no server.

// played is a game of two, Ada and Ben, some moves in, as the database
// would hold it, and Ada's player.
func played(t *testing.T, moves int) (dbRoom, *player) {
	t.Helper()
	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Game{Seats: []record.Seat{{Name: "Ada"}, {Name: "Ben"}}, State: s,
		UI: map[string]string{lobby.UIUser + "0": client.ID(client.Key(1)), lobby.UIUser + "1": client.ID(client.Key(2))}}
	var history []engine.Action
	for len(history) < moves {
		o := engine.Observe(&s, int(s.Turn))
		legal := o.Legal(nil)
		if len(legal) == 0 {
			t.Fatalf("no legal move after %d", len(history))
		}
		a := legal[len(history)%len(legal)]
		if err := s.Step(a); err != nil {
			t.Fatal(err)
		}
		history = append(history, a)
	}
	return dbRoom{rec: rec, history: history}, &player{name: "Ada", key: 1, room: "wz"}
}

// transcript is what Ada reads of the moves, in her words, with a line
// between that tells no move.
func transcript(d dbRoom) []string {
	var lines []string
	want, _ := told(d.rec, d.history, 0)
	for _, w := range want {
		lines = append(lines, w[0], "Waiting for Ben to play.")
	}
	return lines
}

// TestCheckTranscript: the checker takes a transcript that tells every
// move once, in order, and finds a move lost, a move told twice, moves
// out of order, one the database does not hold, and a return that shows
// an old position.
func TestCheckTranscript(t *testing.T) {
	d, p := played(t, 40)
	lines := transcript(d)
	if n := len(lines) / 2; n < 20 {
		t.Fatalf("only %d moves told", n)
	}
	for _, tc := range []struct {
		name  string
		lines []string
		final bool
		bad   bool
	}{
		{"all", lines, true, false},
		{"a run", lines[10:30], false, false},
		{"lost", slices.Delete(slices.Clone(lines), 12, 13), false, true},
		{"twice", slices.Insert(slices.Clone(lines), 12, lines[10]), false, true},
		{"out of order", append(slices.Clone(lines[:10]), append([]string{lines[12], lines[11], lines[10]}, lines[13:]...)...), false, true},
		{"not held", append(slices.Clone(lines), "Ben discards 25 miles."), false, true},
		{"an old position", lines[:len(lines)-4], true, true},
		{"the recap in an onlooker's words", []string{strings.Replace(lines[len(lines)-2], "You ", "Ada ", 1)}, true, false},
	} {
		p.segs = []*segment{{server: "A", final: tc.final, lines: tc.lines}}
		found := checkTranscript(p, d, func(time.Time) int { return len(d.history) })
		if bad := len(found) > 0; bad != tc.bad {
			t.Errorf("%s: found %q", tc.name, found)
		}
	}
}

// TestCheckResults: a game over is recorded once, a row a seat.
func TestCheckResults(t *testing.T) {
	d, _ := played(t, 10)
	if found := checkResults("wz", d); len(found) > 0 {
		t.Errorf("a game under way, no result: %q", found)
	}
}

// TestExcused: the faults' windows count once where they overlap, and
// only within the time asked about and for their room.
func TestExcused(t *testing.T) {
	t0 := time.Now()
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	h := &harness{windows: []window{
		{room: "", from: at(1), to: at(3)},
		{room: "r1", from: at(2), to: at(5)},
		{room: "r2", from: at(4), to: at(9)},
	}}
	for _, tc := range []struct {
		room string
		a, b float64
		want time.Duration
	}{
		{"r1", 0, 10, 4 * time.Second},
		{"r2", 0, 10, 7 * time.Second},
		{"r1", 2.5, 4, 1500 * time.Millisecond},
		{"r3", 0, 10, 2 * time.Second},
	} {
		if got := h.excused(tc.room, at(tc.a), at(tc.b)); got != tc.want {
			t.Errorf("%s from %v to %v: %v excused, want %v", tc.room, tc.a, tc.b, got, tc.want)
		}
	}
}

// TestProxy: the proxy forwards, holds back while dropping, and cuts.
func TestProxy(t *testing.T) {
	echo, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer echo.Close()
	go func() {
		for {
			c, err := echo.Accept()
			if err != nil {
				return
			}
			go func() {
				b := make([]byte, 64)
				for {
					n, err := c.Read(b)
					if err != nil {
						c.Close()
						return
					}
					c.Write(b[:n])
				}
			}()
		}
	}()
	p := newProxy(t, echo.Addr().String())
	c, err := net.Dial("tcp", p.addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	roundTrip := func(d time.Duration) error {
		c.SetDeadline(time.Now().Add(d))
		if _, err := c.Write([]byte("x")); err != nil {
			return err
		}
		b := make([]byte, 1)
		_, err := c.Read(b)
		return err
	}
	if err := roundTrip(5 * time.Second); err != nil {
		t.Fatalf("through the proxy: %v", err)
	}
	p.setDrop(true)
	if err := roundTrip(100 * time.Millisecond); err == nil {
		t.Fatal("an answer while the proxy drops")
	}
	p.setDrop(false)
	b := make([]byte, 1)
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Read(b); err != nil {
		t.Fatalf("the answer held back never came: %v", err)
	}
	p.cut()
	if err := roundTrip(5 * time.Second); err == nil {
		t.Fatal("the connection lives on after the cut")
	}
}
