package faults

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/server"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/store"
)

// harness runs one schedule: its PostgreSQL, its servers and their
// proxies, its players, and what the checker needs besides the database
// (the transcripts, the monitor's samples, the faults' windows).
type harness struct {
	t       *testing.T
	sched   *schedule
	pg      *pgCluster
	db      *sql.DB
	st      *store.SQL // opened by store, at the first read
	servers []*serverProc
	players []*player
	rooms   []string

	mu       sync.Mutex
	start    time.Time
	windows  []window // when a fault left a room no way to move
	steps    []string // what the schedule did, when
	samples  []sample
	frozenAt time.Time
	injected map[string]int
}

// window is a time when a fault made progress impossible for room (""
// for every room): PostgreSQL down, the moves' table or the room's next
// move locked, no server up. The checker does not count it against a
// room.
type window struct {
	room     string
	from, to time.Time
}

// sample is what the monitor read of the database at one moment: each
// room's count of moves and the server holding it (its name and its
// holder's id, new at each start).
type sample struct {
	at      time.Time
	moves   map[string]int
	holders map[string]string
}

// note records a step of the schedule, for the report.
func (h *harness) note(format string, args ...any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.steps = append(h.steps, fmt.Sprintf("%6.2fs ", time.Since(h.start).Seconds())+fmt.Sprintf(format, args...))
}

// excuse opens a window for room ("": all) from now; the function it
// returns closes it.
func (h *harness) excuse(room string) func() {
	from := time.Now()
	return func() {
		h.mu.Lock()
		h.windows = append(h.windows, window{room: room, from: from, to: time.Now()})
		h.mu.Unlock()
	}
}

// count counts a fault injected, for the suite's totals.
func (h *harness) count(kind string) {
	h.mu.Lock()
	h.injected[kind]++
	h.mu.Unlock()
}

// setUp starts the schedule's PostgreSQL, servers and players, and
// waits until every room plays.
func setUp(t *testing.T, sc *schedule) (*harness, context.CancelFunc, *sync.WaitGroup) {
	h := &harness{t: t, sched: sc, start: time.Now(), injected: map[string]int{}}
	h.pg = newCluster(t)
	h.db = h.pg.open(t)
	keyFile := filepath.Join(t.TempDir(), server.HostKeyFile)
	if _, err := server.HostKey(keyFile); err != nil {
		t.Fatal(err)
	}
	for i := range sc.servers {
		p := newProxy(t, h.pg.addr())
		h.servers = append(h.servers, newServer(t, string(rune('A'+i)), keyFile, p))
	}
	h.note("PostgreSQL on %s, servers %s", h.pg.addr(), h.serverNames())
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	names := [][2]string{{"Ada", "Ben"}, {"Col", "Dot"}, {"Eve", "Fay"}}
	for r := range sc.rooms {
		room := sc.roomName(r)
		h.rooms = append(h.rooms, room)
		host := &player{name: names[r][0], other: names[r][1], key: uint64(2*r + 1), room: room, host: true,
			created: make(chan struct{}), h: h, rng: rand.New(rand.NewPCG(sc.seed, uint64(2*r+1)))}
		guest := &player{name: names[r][1], other: names[r][0], key: uint64(2*r + 2), room: room, h: h,
			rng: rand.New(rand.NewPCG(sc.seed, uint64(2*r+2)))}
		h.players = append(h.players, host, guest)
		wg.Go(func() { host.playFrom(ctx, h.servers[sc.hostHome(r)]) })
		select {
		case <-host.created:
		case <-time.After(15 * time.Second):
			cancel()
			t.Fatalf("%s could not make room %s", host.name, room)
		}
		wg.Go(func() { guest.playFrom(ctx, h.servers[sc.guestHome(r)]) })
	}
	watch, unwatch := context.WithCancel(context.Background())
	t.Cleanup(unwatch)
	go h.monitor(watch) // on until the schedule ends: the players' returns are checked against it
	if !h.waitMoves(20*time.Second, func(room string, n int) bool { return n >= 4 }) {
		cancel()
		wg.Wait()
		t.Fatalf("the rooms did not start: %v\n%s", h.lastMoves(), h.report())
	}
	h.note("every room plays: %v", h.lastMoves())
	return h, cancel, &wg
}

func (h *harness) serverNames() string {
	var s []string
	for _, p := range h.servers {
		s = append(s, p.name+"="+p.addr)
	}
	return strings.Join(s, " ")
}

// playFrom is play, its first session on home.
func (p *player) playFrom(ctx context.Context, home *serverProc) {
	made := false
	cmd := "plain " + p.room
	if p.host {
		cmd = "plain"
	}
	p.session(ctx, home, cmd, &made, false)
	if p.host && !made {
		return // setUp reports it
	}
	p.play(ctx, made)
}

// pick chooses a server that is up, as a returning person's address
// would lead them to any of them; nil once ctx ends.
func (h *harness) pick(ctx context.Context, rng *rand.Rand) *serverProc {
	for ctx.Err() == nil {
		var up []*serverProc
		for _, s := range h.servers {
			if s.up() {
				up = append(up, s)
			}
		}
		if len(up) > 0 {
			return up[rng.IntN(len(up))]
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// monitor samples the database every 200 ms until ctx ends.
func (h *harness) monitor(ctx context.Context) {
	for ctx.Err() == nil {
		s := sample{at: time.Now(), moves: map[string]int{}, holders: map[string]string{}}
		err := query(300*time.Millisecond, func(qc context.Context) error {
			rows, err := h.db.QueryContext(qc, `SELECT room, COUNT(*) FROM moves GROUP BY room`)
			if err != nil {
				return err
			}
			for rows.Next() {
				var room string
				var n int
				if err := rows.Scan(&room, &n); err != nil {
					rows.Close()
					return err
				}
				s.moves[room] = n
			}
			rows.Close()
			rows, err = h.db.QueryContext(qc, `SELECT room, holder, addr FROM leases WHERE holder <> ''`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var room, holder, addr string
				if err := rows.Scan(&room, &holder, &addr); err != nil {
					return err
				}
				s.holders[room] = h.serverAt(addr) + " (" + holder + ")"
			}
			return rows.Err()
		})
		if err == nil {
			h.mu.Lock()
			h.samples = append(h.samples, s)
			h.mu.Unlock()
		}
		select {
		case <-ctx.Done():
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// lastMoves is each room's count of moves in the monitor's last sample.
func (h *harness) lastMoves() map[string]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.samples) == 0 {
		return nil
	}
	return h.samples[len(h.samples)-1].moves
}

// waitMoves waits at most d until ok accepts every room's count of moves.
func (h *harness) waitMoves(d time.Duration, ok func(room string, n int) bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if m := h.lastMoves(); m != nil {
			all := true
			for _, r := range h.rooms {
				all = all && ok(r, m[r])
			}
			if all {
				return true
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

// over reports whether room's game is over in the database.
func (h *harness) over(room string) bool {
	g, err := h.readRoom(room)
	return err == nil && g.over
}

// finish heals every fault, lets the rooms play on a while, stops the
// players, and brings each whose game goes on back once more, on a server
// that is up, to read where the game stands.
func (h *harness) finish(cancel context.CancelFunc, wg *sync.WaitGroup) {
	for _, s := range h.servers {
		s.proxy.heal()
		s.signal(syscall.SIGCONT)
		if !s.up() {
			if err := s.start(); err != nil {
				h.t.Errorf("restarting server %s: %v", s.name, err)
			}
		}
	}
	base := h.lastMoves()
	h.note("healed: %v", base)
	h.waitMoves(6*time.Second, func(room string, n int) bool { return n >= base[room]+3 || h.over(room) })
	h.note("played on: %v", h.lastMoves())
	for _, p := range h.players {
		p.freeze()
	}
	h.mu.Lock()
	h.frozenAt = time.Now()
	h.mu.Unlock()
	time.Sleep(700 * time.Millisecond) // the moves under way reach everyone
	cancel()
	wg.Wait()
	ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
	defer stop()
	var back sync.WaitGroup
	for _, p := range h.players {
		if h.over(p.room) {
			continue
		}
		back.Go(func() {
			for ctx.Err() == nil {
				s := h.pick(ctx, p.rng)
				if s == nil {
					return
				}
				made := true
				p.session(ctx, s, "plain "+p.room, &made, true)
				segs := p.segments()
				if last := segs[len(segs)-1]; last.final && len(last.lines) > 0 {
					return
				}
			}
		})
	}
	back.Wait()
	h.note("the players came back: %v", h.lastMoves())
}

// report is the schedule and what the servers logged last, for a
// failure: the servers' logs help a person, the checker never reads them.
func (h *harness) report() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "schedule %s (rerun: %s):\n  %s\n", h.sched.name, h.sched.rerun(), strings.Join(h.steps, "\n  "))
	for _, s := range h.servers {
		fmt.Fprintf(&b, "--- the end of server %s's log:\n%s\n", s.name, s.tail(15))
	}
	return b.String()
}

// login opens n sessions of keys never seen on server s, which wait for
// a name: with the names' table locked, each holds one of the server's
// connections to PostgreSQL. close ends them.
func login(s *serverProc, n int, from uint64) (close func()) {
	var conns []io.Closer
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			conn, err := client.Login(s.addr, client.Key(from+uint64(i)), nil, 2*time.Second)
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
			if sess, err := conn.NewSession(); err == nil {
				sess.Start("plain")
			}
		})
	}
	wg.Wait()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	}
}

// TestMain makes the folder the suite's PostgreSQL clusters live in,
// which the postgres user can reach, and removes it at the end.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mille-faults-")
	if err == nil {
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tempRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// serverAt names the server listening at addr.
func (h *harness) serverAt(addr string) string {
	for _, s := range h.servers {
		if s.addr == addr {
			return s.name
		}
	}
	return addr
}

// holder is the server holding room in the monitor's last sample.
func (h *harness) holder(room string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.samples) == 0 {
		return ""
	}
	return h.samples[len(h.samples)-1].holders[room]
}
