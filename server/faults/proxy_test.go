package faults

import (
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// proxy stands between a server and PostgreSQL on loopback: it forwards
// every connection, and on the schedule's word delays each chunk it
// forwards, drops the traffic (holds it back, as a lost route does, until
// healed) or cuts every connection open.
type proxy struct {
	l      net.Listener
	target string

	mu    sync.Mutex
	conns map[net.Conn]bool
	delay time.Duration
	drop  bool
}

// newProxy listens on a loopback port and forwards to target.
func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{l: l, target: target, conns: map[net.Conn]bool{}}
	go p.serve()
	t.Cleanup(func() {
		l.Close()
		p.cut()
	})
	return p
}

func (p *proxy) addr() string { return p.l.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		go p.forward(c)
	}
}

// forward joins client c to a new connection to the target.
func (p *proxy) forward(c net.Conn) {
	s, err := net.DialTimeout("tcp", p.target, 2*time.Second)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[c], p.conns[s] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { p.pipe(s, c); done <- struct{}{} }()
	go func() { p.pipe(c, s); done <- struct{}{} }()
	<-done
	c.Close()
	s.Close()
	<-done
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, s)
	p.mu.Unlock()
}

// pipe copies from src to dst, chunk by chunk, as the faults allow.
func (p *proxy) pipe(dst io.Writer, src io.Reader) {
	b := make([]byte, 32<<10)
	for {
		n, err := src.Read(b)
		if n > 0 {
			if !p.pass() {
				return
			}
			if _, werr := dst.Write(b[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// pass waits out a drop and the delay; it reports false if the proxy
// was closed meanwhile.
func (p *proxy) pass() bool {
	for {
		p.mu.Lock()
		drop, delay := p.drop, p.delay
		p.mu.Unlock()
		if !drop {
			time.Sleep(delay)
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// setDelay delays every chunk forwarded from now on by d (0: none).
func (p *proxy) setDelay(d time.Duration) {
	p.mu.Lock()
	p.delay = d
	p.mu.Unlock()
}

// setDrop holds every byte back while on, on the connections open and
// on new ones.
func (p *proxy) setDrop(on bool) {
	p.mu.Lock()
	p.drop = on
	p.mu.Unlock()
}

// cut closes every connection open: the server sees them reset.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
}

// heal ends the delay and the drop.
func (p *proxy) heal() {
	p.setDelay(0)
	p.setDrop(false)
}
