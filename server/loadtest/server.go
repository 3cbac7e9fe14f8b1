package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server"
	"github.com/millebornes/mille/server/gate"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"

	_ "modernc.org/sqlite" // the server it runs keeps its rooms in SQLite
)

// Slack allowed over the baseline once the players have left: a leak of
// one goroutine or a few kilobytes per session stands out far above it.
// The runtime keeps the descriptor of every goroutine that ended for reuse
// (runtime.malg in a heap profile, under 1 KB each), so the heap may keep
// that much per goroutine of the peak.
const (
	goroutineSlack  = 5
	heapSlack       = 4 << 20
	heapPerPeakGoro = 1 << 10
)

// figures are the server's goroutines and heap in use at one moment.
type figures struct {
	goroutines int
	heap       uint64 // HeapInuse: spans holding live objects
	live       uint64 // the live objects themselves, as the GC marked them
	rss        uint64 // the process's resident memory
}

// settled measures after a full collection, as the baseline and the end
// are.
func settled() figures {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	// The bytes the collection marked live, not HeapAlloc, which adds
	// what the sessions allocated since it ended: on a loaded machine,
	// where the collection takes long, the frames of many keys.
	return figures{runtime.NumGoroutine(), m.HeapInuse, memoryClasses().live, rss()}
}

// writeHeapProfile writes the live heap's profile to path.
func writeHeapProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return
	}
	defer f.Close()
	pprof.WriteHeapProfile(f)
	// Beside it, the goroutines: what holds a heap is often one that
	// did not end.
	g, err := os.Create(path + ".goroutines")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return
	}
	defer g.Close()
	pprof.Lookup("goroutine").WriteTo(g, 1)
}

// cpuTime returns the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// startCPUProfile profiles this process into the file at path until stop
// is called; with path "" it does nothing.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	pprof.StartCPUProfile(f)
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// lockedBuffer is the server's log, which several sessions write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// runServer starts a server here, runs the clients as a child process
// against it, and watches the server's goroutines and heap; it returns the
// exit status.
func runServer(s settings, out io.Writer) int {
	dir, err := os.MkdirTemp("", "mille-loadtest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	var logs lockedBuffer
	// mille serve's limits, with room for the load.
	cfg := server.Defaults
	cfg.Dir, cfg.Log.Out, cfg.Rooms.Computers = dir, &logs, s.computers
	if s.memoryLimit > 0 {
		cfg.MemoryLimit = s.memoryLimit << 20
	}
	cfg.Sessions.Max, cfg.Rooms.Max = max(cfg.Sessions.Max, 2*s.sessions), max(cfg.Rooms.Max, 2*s.rooms+s.computerRooms)
	cfg.Gate.MaxConns = max(cfg.Gate.MaxConns, 2*s.sessions)
	if s.attack == "" {
		// The players come from a few addresses each (playerFrom), with
		// the limits by source of mille serve; only the logins at once
		// are let through, all of them at the gathering.
		cfg.Gate.MaxStartups, cfg.Gate.MaxStartupsPerSource = gate.Startups{}, 0
	}
	if need := 2*s.sessions + 200; fdLimit() < need {
		fmt.Fprintf(out, "warning: %d file descriptors at most (ulimit -n), %d wanted for the server and its clients\n", fdLimit(), need)
	}
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	computers, err := computerRooms(srv.Lobby, s)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	fmt.Fprintf(out, "mille load test, %s, GOMAXPROCS %d, load average at the start %s\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.GOMAXPROCS(0), loadAverage())
	base := settled()
	rssBase := rss()
	stopProfile, err := startCPUProfile(s.cpuProfile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	c0 := memoryClasses()
	cpu0 := cpuTime()

	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	child := exec.Command(self, "--addr", l.Addr().String(),
		"--sessions", fmt.Sprint(s.sessions), "--rooms", fmt.Sprint(s.rooms),
		"--interval", s.interval.String(), "--duration", s.duration.String(),
		"--seed", fmt.Sprint(s.seed), "--p95", s.p95.String(), "--parallel", fmt.Sprint(s.parallel),
		"--width", fmt.Sprint(s.width), "--height", fmt.Sprint(s.height), "--timeout", s.timeout.String())
	if s.attack != "" {
		// The players gather a room or two at a time: more would be
		// logins at once from one address beyond the gate's share.
		child.Args = append(child.Args, "--probe", "--parallel", fmt.Sprint(min(s.parallel, 2)))
	}
	if s.cpuProfile != "" {
		child.Args = append(child.Args, "--cpuprofile", s.cpuProfile+".clients")
	}
	child.Stderr = os.Stderr
	pipe, err := child.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	if err := child.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	// The clients' report passes through; halfway through the play the
	// server's live heap is measured after a collection.
	var middle figures
	// The server's CPU time from the gathering to the last key, and the
	// keys the players pressed in it: the play's cost a key, without the
	// logins and the lobby.
	var (
		playCPU     time.Duration
		playKeys    int
		playStart   time.Duration
		clientsPlay float64 // s, as the clients measured it
		stopPlay    = func() {}
	)
	var halfway classes // before the collection that measures middle
	relayed := make(chan struct{})
	attacking := make(chan *exec.Cmd, 1)
	go func() {
		defer close(relayed)
		var timer *time.Timer
		measured := make(chan figures, 1)
		lines := bufio.NewScanner(pipe)
		for lines.Scan() {
			fmt.Fprintln(out, lines.Text())
			if strings.HasPrefix(lines.Text(), gatheredLine) && s.attack != "" {
				attacking <- startAttacker(self, l.Addr().String(), s, out)
			}
			if strings.HasPrefix(lines.Text(), gatheredLine) && timer == nil {
				playStart = cpuTime()
				if stop, err := startCPUProfile(s.playProfile); err != nil {
					fmt.Fprintln(os.Stderr, "loadtest:", err)
				} else {
					stopPlay = stop
				}
				timer = time.AfterFunc(s.duration/2, func() {
					halfway = memoryClasses()
					f := settled()
					if s.memProfile != "" {
						writeHeapProfile(s.memProfile)
					}
					measured <- f
				})
			}
			if n, ok := strings.CutPrefix(lines.Text(), playedLine+" "); ok && playStart > 0 {
				playCPU = cpuTime() - playStart
				stopPlay()
				fmt.Sscanf(n, "%d keys, the clients' CPU %f s", &playKeys, &clientsPlay)
			}
		}
		if timer != nil && !timer.Stop() {
			middle = <-measured
		}
	}()

	// Watch the peak while the clients run; ReadMemStats stops the world
	// for a moment, so not too often.
	peak, peakSessions, peakConns, rssPeak := base, 0, 0, rssBase
	var atPeak classes // where the resident memory was at its peak
	fdsBase := descriptors()
	fdsPeak := fdsBase
	done := make(chan error, 1)
	go func() { <-relayed; done <- child.Wait() }()
	var childErr error
	var attacker *exec.Cmd
	for watching := true; watching; {
		select {
		case childErr = <-done:
			watching = false
		case attacker = <-attacking:
		case <-time.After(500 * time.Millisecond):
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		peak.goroutines = max(peak.goroutines, runtime.NumGoroutine())
		peak.heap = max(peak.heap, m.HeapInuse)
		peakSessions = max(peakSessions, srv.Sessions())
		peakConns = max(peakConns, srv.Connections())
		if r := rss(); r > rssPeak {
			rssPeak, atPeak = r, memoryClasses()
		}
		fdsPeak = max(fdsPeak, descriptors())
	}
	if attacker != nil {
		attacker.Wait()
	}

	stopProfile()
	c1 := memoryClasses()
	serverCPU := cpuTime() - cpu0
	for _, c := range computers {
		c.Table().Close()
	}

	// The players have gone: the sessions end, the rooms end and the lobby
	// forgets them at its next sweep. The attacker's rooms wait for their
	// host's return, and its connections for the server's deadlines.
	after := settled()
	heapLimit := base.heap + heapSlack + heapPerPeakGoro*uint64(peak.goroutines)
	deadline := time.Now().Add(2*server.SweepEvery + 10*time.Second)
	for time.Now().Before(deadline) {
		if srv.Sessions() == 0 && srv.Connections() == 0 && len(srv.Lobby.List()) == 0 &&
			after.goroutines <= base.goroutines+goroutineSlack && after.heap <= heapLimit {
			break
		}
		time.Sleep(200 * time.Millisecond)
		after = settled()
	}
	rooms := len(srv.Lobby.List())
	rssOwn := rss() // what the server gave back by itself
	debug.FreeOSMemory()
	rssAfter := rss()
	if s.memProfile != "" {
		writeHeapProfile(s.memProfile + ".after")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		fmt.Fprintln(out, "shutdown:", err)
	}
	<-served

	mb := func(b uint64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	fmt.Fprintf(out, "server: sessions at the peak %d, after %d; connections at the peak %d, after %d; rooms open after %d\n",
		peakSessions, srv.Sessions(), peakConns, srv.Connections(), rooms)
	fmt.Fprintf(out, "server resident memory: baseline %s, peak %s, after %s (after: the memory freed given back to the system; %s before the load test gave it back)\n",
		mb(rssBase), mb(rssPeak), mb(rssAfter), mb(rssOwn))
	fmt.Fprintf(out, "server memory at the resident peak: %s\n", atPeak)
	fmt.Fprintf(out, "server log: %d bytes, the longest line %d bytes\n", len(logs.String()), longestLine(logs.String()))
	fmt.Fprintf(out, "server file descriptors: baseline %d, peak %d, after %d\n", fdsBase, fdsPeak, descriptors())
	fmt.Fprintf(out, "server goroutines: baseline %d, peak %d, after %d\n", base.goroutines, peak.goroutines, after.goroutines)
	fmt.Fprintf(out, "server heap in use: baseline %s, peak %s, after %s (baseline and after: after a GC; live objects %s and %s)\n",
		mb(base.heap), mb(peak.heap), mb(after.heap), mb(base.live), mb(after.live))
	if middle.heap > 0 {
		fmt.Fprintf(out, "server halfway through the play, after a GC: heap in use %s, live objects %s (%.0f KB a session), %d goroutines (%.1f a session), resident %s (%.0f KB a session over the baseline)\n",
			mb(middle.heap), mb(middle.live), float64(middle.live-base.live)/1024/float64(s.sessions), middle.goroutines, float64(middle.goroutines-base.goroutines)/float64(s.sessions),
			mb(middle.rss), float64(middle.rss-rssBase)/1024/float64(s.sessions))
		fmt.Fprintf(out, "server memory halfway, before that GC: %s\n", halfway)
	}
	fmt.Fprintf(out, "CPU time while the clients ran: server %.1f s (%d collections, the collector %.1f s by the runtime's estimate), clients %.1f s (for %v of play)\n",
		serverCPU.Seconds(), c1.cycles-c0.cycles, c1.gcCPU-c0.gcCPU, (child.ProcessState.UserTime() + child.ProcessState.SystemTime()).Seconds(), s.duration)
	if playKeys > 0 {
		fmt.Fprintf(out, "server CPU time while playing (the gathering to the last key): %.1f s, %.3f ms a key; the clients' %.1f s, %.3f ms a key\n",
			playCPU.Seconds(), float64(playCPU)/float64(time.Millisecond)/float64(playKeys), clientsPlay, 1000*clientsPlay/float64(playKeys))
	}
	fmt.Fprintf(out, "load average at the end %s\n", loadAverage())
	status := 0
	if childErr != nil {
		status = 1
	}
	if panics := strings.Count(logs.String(), "panic"); panics > 0 {
		fmt.Fprintf(out, "FAIL: %d panics in the server's log:\n%s\n", panics, logs.String())
		status = 1
	}
	if s.attack == "" && (after.goroutines > base.goroutines+goroutineSlack || after.heap > heapLimit || rooms > 0) {
		fmt.Fprintln(out, "FAIL: the server's goroutines, heap or rooms did not come back to the baseline")
		status = 1
	}
	if s.attack != "" && rssPeak > rssLimit {
		fmt.Fprintf(out, "FAIL: the server's resident memory reached %s under attack, more than %s\n", mb(rssPeak), mb(rssLimit))
		status = 1
	}
	if status == 0 {
		fmt.Fprintln(out, "PASS")
	}
	return status
}

// computerRooms opens s.computerRooms rooms of six computer players at
// s.computerLevel that play from now on: each room's one person starts
// it and goes away, and the computers play every seat until the room is
// closed (the connections returned).
func computerRooms(l *lobby.Lobby, s settings) ([]*table.Conn, error) {
	var conns []*table.Conn
	for i := range s.computerRooms {
		cfg := table.Config{
			Game: engine.Config{Players: 6, Rules: engine.Standard}, Level: s.computerLevel,
			Seed: s.seed + uint64(i), Grace: 24 * time.Hour,
		}
		c, err := l.Create(context.Background(), fmt.Sprint("computers", i), fmt.Sprint("computer-rooms-", i), "Nobody", 0, cfg)
		if err != nil {
			return nil, err
		}
		if err := c.Start(); err != nil {
			return nil, err
		}
		c.Leave()
		conns = append(conns, c)
	}
	return conns, nil
}

// rssLimit is the most resident memory the server may use under an attack
// (issue 15).
const rssLimit = 200 << 20

// rss returns this process's resident memory, from /proc/self/status.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var n uint64
			fmt.Sscan(kb, &n)
			return n << 10
		}
	}
	return 0
}

// fdLimit is how many file descriptors this process may open (Go raises
// the soft limit to the hard one at start).
func fdLimit() int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0
	}
	return int(min(l.Cur, 1<<30))
}

// descriptors returns how many file descriptors this process holds open,
// from /proc/self/fd (0 where there is none).
func descriptors() int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0
	}
	return len(fds)
}

// startAttacker runs the attack as a process of its own, for the play's
// duration, its report going to out.
func startAttacker(self, addr string, s settings, out io.Writer) *exec.Cmd {
	cmd := exec.Command(self, "--attacker", s.attack, "--addr", addr, "--duration", s.duration.String(), "--seed", fmt.Sprint(s.seed))
	cmd.Stdout, cmd.Stderr = out, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(out, "attacker:", err)
		return nil
	}
	return cmd
}

// longestLine is the length of the longest line of text.
func longestLine(text string) int {
	most := 0
	for line := range strings.Lines(text) {
		most = max(most, len(line))
	}
	return most
}
