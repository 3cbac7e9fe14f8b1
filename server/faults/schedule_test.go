package faults

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// kind is a kind of fault.
type kind int

const (
	pause     kind = iota // SIGSTOP a server, SIGCONT it after dur
	kill                  // SIGKILL a server, start it again after dur
	pgRestart             // stop PostgreSQL at once, start it again after dur
	rowLock               // hold an uncommitted INSERT of a room's next move for dur
	leaseLock             // hold a room's lease row (SELECT ... FOR UPDATE) for dur
	tableLock             // LOCK TABLE moves for dur
	pool                  // lock the names' table and open 20 fresh logins on a server: its pool runs dry for dur
	delay                 // the server's proxy delays every chunk by lag, for dur
	drop                  // the server's proxy holds every byte back for dur
	cut                   // the server's proxy cuts every connection to PostgreSQL
	kinds
)

var kindNames = [kinds]string{"pause", "kill", "pg-restart", "row-lock", "lease-lock", "table-lock", "pool", "delay", "drop", "cut"}

func (k kind) String() string { return kindNames[k] }

// fault is one step of a schedule.
type fault struct {
	kind   kind
	server int // of pause, kill, pool and the proxy's faults
	room   int // of the row locks
	dur    time.Duration
	lag    time.Duration // of delay
	gap    time.Duration // the quiet before it
}

func (f fault) String() string {
	s := fmt.Sprintf("+%v %v", f.gap, f.kind)
	switch f.kind {
	case pause, kill, pool, delay, drop, cut:
		s += " server " + string(rune('A'+f.server))
	case rowLock, leaseLock:
		s += fmt.Sprintf(" room %d", f.room)
	}
	if f.kind == delay {
		s += fmt.Sprintf(" lag %v", f.lag)
	}
	if f.kind != cut {
		s += fmt.Sprintf(" for %v", f.dur)
	}
	return s
}

// schedule is what one run of the suite does: so many servers and rooms,
// and faults one after another, all chosen from its seed; or, for the
// fixed schedules, a script of its own.
type schedule struct {
	name    string
	seed    uint64
	servers int
	rooms   int
	faults  []fault
	// script, for a fixed schedule, replaces the faults; it returns what
	// it found wrong besides the checker's invariants.
	script func(h *harness) []string
	// sameHome puts every room's host on server A.
	sameHome bool
}

// rerun says how to run the schedule alone.
func (sc *schedule) rerun() string {
	if sc.script != nil {
		return fmt.Sprintf("MILLE_FAULTS_SEED=%s go test ./server/faults -run TestFaults -v", sc.name)
	}
	return fmt.Sprintf("MILLE_FAULTS_SEED=%d go test ./server/faults -run TestFaults -v", sc.seed)
}

func (sc *schedule) roomName(r int) string {
	if sc.rooms == 1 {
		return "wz"
	}
	return fmt.Sprintf("r%d", r+1)
}

// hostHome is the server room r's host makes it on; guestHome the one
// its guest first comes to (another: the guest is relayed).
func (sc *schedule) hostHome(r int) int {
	if sc.sameHome {
		return 0
	}
	return r % sc.servers
}

func (sc *schedule) guestHome(r int) int { return (sc.hostHome(r) + 1) % sc.servers }

// durRange is a duration drawn between lo and hi, to the 100 ms.
func durRange(rng *rand.Rand, lo, hi time.Duration) time.Duration {
	steps := int((hi - lo) / (100 * time.Millisecond))
	return lo + time.Duration(rng.IntN(steps+1))*100*time.Millisecond
}

// generate is the schedule of seed: two or three servers, two rooms, and
// two or three faults of any kind, one after another.
func generate(seed uint64) *schedule {
	rng := rand.New(rand.NewPCG(seed, 0x6d696c6c65))
	sc := &schedule{name: fmt.Sprintf("seed=%d", seed), seed: seed, servers: 2 + rng.IntN(2), rooms: 2}
	for range 2 + rng.IntN(2) {
		f := fault{kind: kind(rng.IntN(int(kinds))), server: rng.IntN(sc.servers), room: rng.IntN(sc.rooms),
			gap: durRange(rng, 300*time.Millisecond, 1500*time.Millisecond)}
		switch f.kind {
		case pause:
			f.dur = durRange(rng, time.Second, 6*time.Second)
		case kill:
			f.dur = durRange(rng, 500*time.Millisecond, 3*time.Second)
		case pgRestart:
			f.dur = durRange(rng, 300*time.Millisecond, 2*time.Second)
		case rowLock, leaseLock:
			f.dur = durRange(rng, time.Second, 5*time.Second)
		case tableLock, pool:
			f.dur = durRange(rng, time.Second, 3*time.Second)
		case delay:
			f.dur = durRange(rng, 2*time.Second, 4*time.Second)
			f.lag = durRange(rng, 0, 200*time.Millisecond) + 20*time.Millisecond
		case drop:
			f.dur = durRange(rng, time.Second, 5*time.Second)
		}
		sc.faults = append(sc.faults, f)
	}
	return sc
}

func (sc *schedule) String() string {
	var fs []string
	for _, f := range sc.faults {
		fs = append(fs, f.String())
	}
	return fmt.Sprintf("%s: %d servers, %d rooms; %s", sc.name, sc.servers, sc.rooms, strings.Join(fs, "; "))
}

// inject runs fault f.
func (h *harness) inject(f fault) {
	time.Sleep(f.gap)
	h.count(f.kind.String())
	s := h.servers[f.server]
	room := h.rooms[f.room]
	h.note("%v", f)
	switch f.kind {
	case pause:
		s.signal(syscall.SIGSTOP)
		time.Sleep(f.dur)
		s.signal(syscall.SIGCONT)
	case kill:
		s.kill()
		time.Sleep(f.dur)
		if err := s.start(); err != nil {
			h.t.Errorf("restarting server %s: %v", s.name, err)
		}
	case pgRestart:
		done := h.excuse("")
		h.pg.stop()
		time.Sleep(f.dur)
		if err := h.pg.start(); err != nil {
			h.t.Errorf("restarting PostgreSQL: %v", err)
		}
		time.Sleep(time.Second) // the servers find their connections gone, and make new ones
		done()
	case rowLock:
		done := h.excuse(room)
		h.holdNextMove(room, f.dur)
		done()
	case leaseLock:
		h.hold(f.dur, `SELECT 1 FROM leases WHERE room = $1 FOR UPDATE`, room)
	case tableLock:
		done := h.excuse("")
		h.hold(f.dur, `LOCK TABLE moves IN ACCESS EXCLUSIVE MODE`)
		done()
	case pool:
		h.holdWith(f.dur, `LOCK TABLE identities IN ACCESS EXCLUSIVE MODE`, nil, func() func() {
			return login(s, 20, 1000000*(uint64(f.server)+1))
		})
	case delay:
		s.proxy.setDelay(f.lag)
		time.Sleep(f.dur)
		s.proxy.setDelay(0)
	case drop:
		s.proxy.setDrop(true)
		time.Sleep(f.dur)
		s.proxy.setDrop(false)
	case cut:
		s.proxy.cut()
	}
	h.note("%v done", f.kind)
}

// hold runs stmt in a transaction left open for d, then rolled back.
func (h *harness) hold(d time.Duration, stmt string, args ...any) {
	h.holdWith(d, stmt, args, nil)
}

// holdWith is hold, with during run while the transaction is open (it
// returns what ends it).
func (h *harness) holdWith(d time.Duration, stmt string, args []any, during func() func()) {
	ctx, cancel := context.WithTimeout(context.Background(), d+5*time.Second)
	defer cancel()
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		h.note("could not begin: %v", err)
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, stmt, args...); err != nil {
		h.note("%s: %v", stmt, err)
		return
	}
	end := func() {}
	if during != nil {
		end = during()
	}
	time.Sleep(d)
	tx.Rollback()
	end()
}

// holdNextMove holds an uncommitted INSERT of room's next move for d:
// the server's own INSERT of that move waits on it (issue 32's second
// repro).
func (h *harness) holdNextMove(room string, d time.Duration) {
	for range 5 {
		ctx, cancel := context.WithTimeout(context.Background(), d+5*time.Second)
		tx, err := h.db.BeginTx(ctx, nil)
		if err != nil {
			cancel()
			h.note("could not begin: %v", err)
			return
		}
		qc, qcancel := context.WithTimeout(ctx, time.Second)
		var n int
		_, err = tx.ExecContext(qc, `INSERT INTO moves (room, n, action)
			SELECT $1, COALESCE(MAX(n), -1) + 1, 0 FROM moves WHERE room = $1`, room)
		if err == nil {
			err = tx.QueryRowContext(qc, `SELECT MAX(n) FROM moves WHERE room = $1`, room).Scan(&n)
		}
		qcancel()
		if err != nil { // the server wrote that move first: the next one
			tx.Rollback()
			cancel()
			continue
		}
		h.note("holding move %d of room %s", n, room)
		time.Sleep(d)
		tx.Rollback()
		cancel()
		return
	}
	h.note("could not hold room %s's next move", room)
}

// runSchedule runs sc and checks it, reporting into t.
func runSchedule(t *testing.T, sc *schedule, totals *totals) {
	t.Logf("%v", sc)
	h, cancel, wg := setUp(t, sc)
	var found []string
	if sc.script != nil {
		found = sc.script(h)
	} else {
		for _, f := range sc.faults {
			h.inject(f)
		}
	}
	h.finish(cancel, wg)
	found = append(found, h.check()...)
	totals.add(h)
	if len(found) > 0 {
		t.Errorf("%d invariants broken:\n  %s\n%s", len(found), strings.Join(found, "\n  "), h.report())
	} else if testing.Verbose() {
		t.Log(h.report())
	}
}

// totals are the suite's numbers, for its last line.
type totals struct {
	mu        sync.Mutex
	schedules int
	moves     int
	over      int // games played to their end
	injected  map[string]int
}

func (tt *totals) add(h *harness) {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	tt.schedules++
	for _, n := range h.lastMoves() {
		tt.moves += n
	}
	for k, n := range h.injected {
		tt.injected[k] += n
	}
	for _, r := range h.rooms {
		if h.over(r) {
			tt.over++
		}
	}
}

// TestFaults runs the fault schedules (docs/server.md, "The fault
// suite"): 50 seeded ones and the fixed ones, several at once, each on a
// PostgreSQL of its own. MILLE_FAULTS_SEED=N runs the schedule of seed N
// alone (or a fixed one, by its name); MILLE_FAULTS_SCHEDULES and
// MILLE_FAULTS_PARALLEL change how many run and how many at once.
func TestFaults(t *testing.T) {
	var list []*schedule
	if seed := os.Getenv("MILLE_FAULTS_SEED"); seed != "" {
		if n, err := strconv.ParseUint(seed, 10, 64); err == nil {
			list = append(list, generate(n))
		}
		for _, sc := range fixed() {
			if sc.name == seed {
				list = append(list, sc)
			}
		}
		if len(list) == 0 {
			t.Fatalf("MILLE_FAULTS_SEED=%q: neither a number nor a fixed schedule's name", seed)
		}
	} else {
		if testing.Short() || os.Getenv("MILLE_LONG_TESTS") != "1" {
			t.Skip("runs PostgreSQL and mille serve processes for minutes: MILLE_LONG_TESTS=1 (docs/server.md, \"The fault suite\")")
		}
		list = append(list, fixed()...)
		for seed := range uint64(envInt("MILLE_FAULTS_SCHEDULES", 50)) {
			list = append(list, generate(seed+1))
		}
	}
	if _, err := buildMille(); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	tt := &totals{injected: map[string]int{}}
	sem := make(chan struct{}, envInt("MILLE_FAULTS_PARALLEL", 5))
	var wg sync.WaitGroup
	for _, sc := range list {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			t.Run(sc.name, func(t *testing.T) { runSchedule(t, sc, tt) })
		})
	}
	wg.Wait()
	t.Logf("%d schedules run in %v, %d moves played, %d games to their end; faults injected: %v", tt.schedules, time.Since(began).Round(time.Second), tt.moves, tt.over, tt.injected)
}

// envInt is the number in environment variable name, or def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// fixed are the fixed schedules: issue 32's repros, as written there,
// and a game played to its end through faults.
func fixed() []*schedule { return []*schedule{gameOver(), reproPauseKill(), reproSlowWrite()} }
