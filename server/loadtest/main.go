// Command loadtest puts mille's SSH server under the load of many players
// at once and measures it:
//
//	go run ./server/loadtest --sessions 200 --rooms 50 --interval 100ms --duration 60s
//
// It starts a server on loopback with a temporary data folder, then runs
// itself again as a separate process (the clients, so that the server's
// goroutines and heap are the server's own) that connects the sessions
// with distinct ed25519 keys and PTYs, types their names, gathers them into
// rooms, starts the games and has every player press a key that changes
// its frame every interval. Each key's latency runs from writing it to the
// first bytes of output that follow. At the end the players leave their
// rooms and the server's goroutines and heap in use (after a GC) must come
// back near where they started.
//
// With --addr it only runs the clients, against a server already running
// (mille serve), and reports their side; with several addresses (servers
// on one PostgreSQL database, mille serve --db) the players of each room
// take them in turn, so that most sessions are relayed to the server that
// holds their room. With --computer-rooms the server
// also runs rooms where six computers play without end, to see how the
// players fare beside them (--computers sets the server's pool).
//
// With --attack NAME the server runs with mille serve's limits and, while
// the players play, a process of its own attacks it as issue 15 found
// (attack.go lists the attacks) and a person logs in every half second;
// the report adds the attack's counts, the share of logins that got in
// and the server's resident memory before, during and after the attack:
//
//	go run ./server/loadtest --attack no-session --sessions 20 --rooms 5 --duration 30s
//
// It exits with status 1 on any error, when the 95th percentile reaches
// --p95, or when the server's goroutines or heap do not come back.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// settings are the command's flags, shared by both processes.
type settings struct {
	addr     string
	sessions int
	rooms    int
	interval time.Duration
	duration time.Duration
	seed     uint64
	p95      time.Duration
	parallel int
	width    int
	height   int
	timeout  time.Duration

	attack   string // the attack run against the server (--attack)
	attacker string // this process is the attacker (--attacker)
	probe    bool   // log in again and again while playing, and count the logins

	cpuProfile  string // the server's CPU profile, written here
	playProfile string // the server's CPU profile of the play alone, written here
	memProfile  string // the server's heap profile halfway, written here

	// computerRooms rooms of six computers at computerLevel play beside
	// the players, their searches shared through a pool of computers
	// places (0: the server's default).
	computerRooms int
	computerLevel string
	computers     int
	memoryLimit   int64 // MB, the server's soft memory limit (mille serve --memory-limit)
}

func main() {
	var s settings
	flag.StringVar(&s.addr, "addr", "", "load the server at this address (host:port) instead of one started here; several, separated by commas (servers sharing one database), take the players in turn")
	flag.IntVar(&s.sessions, "sessions", 200, "SSH sessions, each a player")
	flag.IntVar(&s.rooms, "rooms", 50, "rooms the players gather in (sessions/rooms players each, at most 4)")
	flag.DurationVar(&s.interval, "interval", 100*time.Millisecond, "time between two keys of a player")
	flag.DurationVar(&s.duration, "duration", 60*time.Second, "how long the players press keys")
	flag.Uint64Var(&s.seed, "seed", 1, "seed of the players' keys, names and timing")
	flag.DurationVar(&s.p95, "p95", 50*time.Millisecond, "fail when the 95th percentile of key to frame reaches this")
	flag.IntVar(&s.parallel, "parallel", 8, "rooms gathering at once")
	flag.IntVar(&s.width, "width", 100, "terminal width of the players")
	flag.IntVar(&s.height, "height", 30, "terminal height of the players")
	flag.DurationVar(&s.timeout, "timeout", 60*time.Second, "longest wait for a screen before it counts as an error")
	flag.StringVar(&s.cpuProfile, "cpuprofile", "", "write the server's CPU profile to this file (and the clients' to FILE.clients)")
	flag.StringVar(&s.playProfile, "playprofile", "", "write the server's CPU profile of the play alone (from the gathering to the last key) to this file")
	flag.StringVar(&s.memProfile, "memprofile", "", "write the server's heap profile halfway through the play to this file, and at the end to FILE.after (its goroutines to FILE.goroutines and FILE.after.goroutines)")
	flag.IntVar(&s.computerRooms, "computer-rooms", 0, "rooms of six computer players playing beside the players, all the time")
	flag.StringVar(&s.computerLevel, "computer-level", "expert", "the level of the computer rooms' players")
	flag.IntVar(&s.computers, "computers", 0, "the server's computer players searching at once (mille serve --computers; 0: its default)")
	flag.Int64Var(&s.memoryLimit, "memory-limit", 0, "the server's soft memory limit in MB, as mille serve --memory-limit sets it (0: mille serve's default on this machine)")
	flag.StringVar(&s.attack, "attack", "", "attack the server while the players play: "+attackNames())
	flag.StringVar(&s.attacker, "attacker", "", "run this attack against --addr for --duration (the attacking process)")
	flag.BoolVar(&s.probe, "probe", false, "with --addr: also log in every half second while playing and count the logins")
	flag.Parse()
	if s.sessions < 1 || s.rooms < 1 || s.sessions%s.rooms != 0 || s.sessions/s.rooms > 4 {
		fmt.Fprintln(os.Stderr, "loadtest: --sessions must be a multiple of --rooms, with 1 to 4 players a room")
		os.Exit(2)
	}
	if s.interval <= 0 || s.duration <= 0 {
		fmt.Fprintln(os.Stderr, "loadtest: --interval and --duration must be positive")
		os.Exit(2)
	}
	if s.cpuProfile != "" && s.playProfile != "" {
		fmt.Fprintln(os.Stderr, "loadtest: --cpuprofile or --playprofile, not both (one CPU profile at a time)")
		os.Exit(2)
	}
	if s.attack != "" {
		if _, ok := findAttack(s.attack); !ok {
			fmt.Fprintf(os.Stderr, "loadtest: no attack %q; the attacks: %s\n", s.attack, attackNames())
			os.Exit(2)
		}
	}
	switch {
	case s.attacker != "":
		os.Exit(runAttacker(s, os.Stdout))
	case s.addr != "":
		os.Exit(runClients(s, os.Stdout))
	}
	os.Exit(runServer(s, os.Stdout))
}

// loadAverage returns the first three fields of /proc/loadavg, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	var a, b5, c string
	fmt.Sscan(string(b), &a, &b5, &c)
	return a + " " + b5 + " " + c
}
