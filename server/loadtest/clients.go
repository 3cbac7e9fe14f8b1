package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/millebornes/mille/server/internal/client"
)

// player is one session of the load.
type player struct {
	name string
	c    *client.Client

	pending  atomic.Int64 // when the unanswered key was written (UnixNano); 0: none
	lat      []time.Duration
	outputs  int64 // chunks of output while measuring
	bytes    int64 // bytes of output while measuring
	keys     int
	skipped  int // ticks passed while the last key was unanswered
	measured atomic.Bool
}

// onOutput runs on the client's reading goroutine: the first output after
// a key answers it.
func (p *player) onOutput(at time.Time, n int) {
	if !p.measured.Load() {
		return
	}
	p.outputs++
	p.bytes += int64(n)
	if sent := p.pending.Swap(0); sent != 0 {
		p.lat = append(p.lat, at.Sub(time.Unix(0, sent)))
	}
}

// errorList collects the run's errors.
type errorList struct {
	mu   sync.Mutex
	n    int
	errs []string
}

func (e *errorList) add(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.n++
	if len(e.errs) < 10 {
		e.errs = append(e.errs, fmt.Sprintf(format, args...))
	}
}

// playersPerAddress is how many players come from one loopback address
// (playerFrom): fewer than a source's caps, so that 2,500 players are 313
// machines, not one the server's limits by source would take them for.
const playersPerAddress = 8

// playerFrom is the loopback address player n comes from, 127.1.0.1 on:
// on Linux the whole of 127.0.0.0/8 is loopback.
func playerFrom(n int) net.IP {
	a := n/playersPerAddress + 1
	return net.IPv4(127, 1, byte(a>>8), byte(a))
}

// gatheredLine starts the line the clients print when the play begins,
// playedLine the one they print when the last key is answered or given
// up on, before they leave.
const (
	gatheredLine = "gathered"
	playedLine   = "played"
)

// runClients connects the players to s.addr, plays the load and reports;
// it returns the exit status.
func runClients(s settings, out io.Writer) int {
	stopProfile, err := startCPUProfile(s.cpuProfile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		return 1
	}
	defer stopProfile()
	perRoom := s.sessions / s.rooms
	players := make([]*player, s.sessions)
	var errs errorList
	run := fmt.Sprintf("%x", s.seed)
	if len(run) > 8 {
		run = run[:8]
	}

	// Under attack the players come from an address of their own, apart
	// from the attacker's and the person logging in; else each few from
	// an address of theirs (playerFrom), as players from many machines.
	from := func(n int) net.IP {
		if s.probe {
			return playersFrom
		}
		return playerFrom(n)
	}

	// Gather: the host of each room comes first and creates it by naming
	// it, the others join, the host starts.
	start := time.Now()
	sem := make(chan struct{}, max(s.parallel, 1))
	var wg sync.WaitGroup
	for r := range s.rooms {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			room := fmt.Sprintf("load%s-%d", run, r)
			seat := func(i int) error {
				n := r*perRoom + i
				p := &player{name: fmt.Sprintf("L%s-%03d", run[:min(len(run), 4)], n)}
				// Several servers (--addr A,B): the players of a room
				// take them in turn, the host's holding the room.
				addrs := strings.Split(s.addr, ",")
				c, err := client.Dial(addrs[n%len(addrs)], client.Key(s.seed<<20+uint64(n)), client.Options{
					Command: room, Width: s.width, Height: s.height, OnOutput: p.onOutput, From: from(n),
				})
				if err != nil {
					return fmt.Errorf("%s: connect: %w", p.name, err)
				}
				p.c = c
				players[n] = p
				if err := c.EnterRoom(p.name, s.timeout); err != nil {
					return fmt.Errorf("%s: entering %s: %w", p.name, room, err)
				}
				return nil
			}
			if err := seat(0); err != nil {
				errs.add("%v", err)
				return
			}
			var guests sync.WaitGroup
			for i := 1; i < perRoom; i++ {
				guests.Go(func() {
					if err := seat(i); err != nil {
						errs.add("%v", err)
					}
				})
			}
			guests.Wait()
			host := players[r*perRoom]
			var names []string
			for i := range perRoom {
				if p := players[r*perRoom+i]; p != nil {
					names = append(names, p.name)
				}
			}
			if err := host.c.WaitSeated(s.timeout, names...); err != nil {
				errs.add("%s: the room never showed every player: %v", host.name, err)
				return
			}
			if err := host.c.Start(s.timeout); err != nil {
				errs.add("%s: starting %s: %v", host.name, room, err)
				return
			}
			for i := 1; i < perRoom; i++ {
				if p := players[r*perRoom+i]; p != nil {
					if err := p.c.WaitGame(s.timeout); err != nil {
						errs.add("%s: the game never showed: %v", p.name, err)
					}
				}
			}
		})
	}
	wg.Wait()
	gathered := time.Since(start)
	var playing []*player
	for _, p := range players {
		if p != nil && client.InGame(p.c.Text()) {
			playing = append(playing, p)
		}
	}
	fmt.Fprintf(out, gatheredLine+" %d of %d sessions in their games in %.1f s\n", len(playing), s.sessions, gathered.Seconds())
	playCPU := cpuTime()

	// Play: every player presses a key every interval, starting at a
	// random point of the first interval so that the keys spread.
	rng := rand.New(rand.NewPCG(s.seed, 99))
	stop := time.Now().Add(s.duration)
	for _, p := range playing {
		offset := time.Duration(rng.Int64N(int64(s.interval)))
		wg.Go(func() { p.play(s, offset, stop, &errs) })
	}
	var logins probe
	if s.probe {
		wg.Go(func() { logins.run(s, stop) })
	}
	wg.Wait()
	playCPU = cpuTime() - playCPU
	keysPlayed := 0
	for _, p := range playing {
		keysPlayed += p.keys
	}
	// The players' own CPU in the play: on the server's cores, taken
	// from it.
	fmt.Fprintf(out, playedLine+" %d keys, the clients' CPU %.3f s\n", keysPlayed, playCPU.Seconds())

	// Leave as players do, then drop the connections.
	for _, p := range players {
		if p == nil {
			continue
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := p.c.Leave(s.timeout); err != nil {
				errs.add("%s: leaving: %v", p.name, err)
			}
			p.c.Close()
		})
	}
	wg.Wait()

	// Report.
	var lat []time.Duration
	keys, skipped, outputs, bytes := 0, 0, int64(0), int64(0)
	for _, p := range playing {
		lat = append(lat, p.lat...)
		keys += p.keys
		skipped += p.skipped
		outputs += p.outputs
		bytes += p.bytes
	}
	slices.Sort(lat)
	q := func(f float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(int(f*float64(len(lat))), len(lat)-1)]
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(out, "sessions: %d in %d rooms, a key every %v for %v each\n", s.sessions, s.rooms, s.interval, s.duration)
	fmt.Fprintf(out, "keys sent: %d (%.0f a second), answered by a frame: %d; ticks skipped waiting for a frame: %d\n",
		keys, float64(keys)/s.duration.Seconds(), len(lat), skipped)
	fmt.Fprintf(out, "output received while playing: %d chunks, %.0f bytes a key\n", outputs, float64(bytes)/float64(max(keys, 1)))
	fmt.Fprintf(out, "key to frame: p50 %s, p95 %s, p99 %s, max %s\n", ms(q(0.50)), ms(q(0.95)), ms(q(0.99)), ms(q(1)))
	if s.probe {
		fmt.Fprintf(out, "logins while playing: %d of %d got in (%.1f%%), the slowest in %s\n",
			logins.ok, logins.tries, 100*float64(logins.ok)/float64(max(logins.tries, 1)), ms(logins.slowest))
	}
	fmt.Fprintf(out, "errors: %d\n", errs.n)
	for _, e := range errs.errs {
		fmt.Fprintf(out, "  %s\n", e)
	}
	status := 0
	if errs.n > 0 || len(playing) < s.sessions {
		status = 1
	}
	if len(lat) == 0 || q(0.95) >= s.p95 {
		fmt.Fprintf(out, "FAIL: the 95th percentile is not under %v\n", s.p95)
		status = 1
	}
	return status
}

// play presses the player's keys until stop. A key still unanswered at
// the next tick skips that tick, so each latency belongs to its own key;
// one unanswered for the whole timeout is an error.
func (p *player) play(s settings, offset time.Duration, stop time.Time, errs *errorList) {
	time.Sleep(min(offset, time.Until(stop)))
	p.c.Hold() // its screen is read again when the player leaves
	p.measured.Store(true)
	tick := time.NewTicker(s.interval)
	defer tick.Stop()
	for now := time.Now(); now.Before(stop); now = <-tick.C {
		if sent := p.pending.Load(); sent != 0 {
			p.skipped++
			if now.Sub(time.Unix(0, sent)) > s.timeout {
				errs.add("%s: no frame %v after a key", p.name, s.timeout)
				return
			}
			continue
		}
		p.pending.Store(time.Now().UnixNano())
		if err := p.c.Send(client.Wiggle[p.keys%2]); err != nil {
			errs.add("%s: sending a key: %v", p.name, err)
			return
		}
		p.keys++
	}
	// Give the last key its answer before the players leave.
	deadline := time.Now().Add(s.timeout)
	for p.pending.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	p.measured.Store(false)
}

// probe is a person who logs in every half second while the others play:
// the share that gets in to the first screen within ten seconds.
type probe struct {
	tries, ok int
	slowest   time.Duration
}

func (p *probe) run(s settings, stop time.Time) {
	for n := uint64(1); time.Now().Before(stop); n++ {
		began := time.Now()
		p.tries++
		c, err := client.Dial(s.addr, client.Key(s.seed<<40+n), client.Options{From: proberFrom})
		if err == nil {
			if c.WaitWelcome(10*time.Second) == nil {
				p.ok++
				p.slowest = max(p.slowest, time.Since(began))
			}
			c.Close()
		}
		time.Sleep(time.Until(began.Add(500 * time.Millisecond)))
	}
}
