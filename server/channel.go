package server

import (
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gliderlabs/ssh"
	"github.com/millebornes/mille/lang"
	gossh "golang.org/x/crypto/ssh"
)

// The server reads SSH session channels itself rather than through
// gliderlabs/ssh's session handler, which holds everything a client sends
// before its shell starts: every env request, 2 MiB of input (the window
// x/crypto/ssh gives every channel) and window changes in a channel with
// room for one, whose second sender blocked the connection's requests for
// good. Here each request is answered at once and kept in a bounded form.

// Bounds of what a session channel may send (they are not flags: a
// terminal needs far less).
const (
	// MaxEnv is how many environment variables a channel may set.
	MaxEnv = 16
	// maxEnvValue is the longest value of one, in bytes.
	maxEnvValue = 256
	// maxTerm is the longest TERM a pty-req may name.
	maxTerm = 64
	// preShellInput is how much input a channel may send before its shell
	// starts: typed-ahead keys, never more. Beyond it the channel closes.
	preShellInput = 4 << 10
	// InputBuffer is how far a session's input may run ahead of what the
	// session has read (the input rate limit reads slowly): beyond it the
	// session closes rather than hold more.
	InputBuffer = 64 << 10
	// maxRequestsBeforeShell is how many requests a channel may make
	// before its shell: a PTY, the environment, a few sizes (OpenSSH's
	// client makes a handful).
	maxRequestsBeforeShell = 64
	// requestRate is how many requests a second a channel may make once
	// its shell runs (window changes while a window is dragged), after a
	// burst of twice as many.
	requestRate = 100
)

// A client that floods a channel with requests, or with input before its
// shell, is not a terminal: the server closes its connection, so that
// each flood costs it a new login (which the gate counts), rather than
// answering it as fast as it sends.

// envAllowed reports whether a client may set the environment variable
// name: only what says how the terminal draws.
func envAllowed(name string) bool {
	switch name {
	case "TERM", "LANG", "COLORTERM", "NO_COLOR":
		return true
	}
	return strings.HasPrefix(name, "LC_") && len(name) <= 32
}

// window is a terminal's size in cells.
type window struct{ width, height int }

// windows holds a session's newest terminal size: a new size replaces the
// one not yet taken, so a storm of window changes costs one resize.
type windows struct {
	mu      sync.Mutex
	size    window
	changed chan struct{} // holds a token while a size waits
}

func (w *windows) set(size window) {
	w.mu.Lock()
	w.size = size
	w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

func (w *windows) get() window {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.size
}

// inputBuffer holds what a session channel sent and the session has not
// read yet, up to a limit.
type inputBuffer struct {
	mu    sync.Mutex
	ready sync.Cond
	data  []byte
	limit int
	err   error // the end of the input, once reached
}

func newInputBuffer(limit int) *inputBuffer {
	b := &inputBuffer{limit: limit}
	b.ready.L = &b.mu
	return b
}

// put adds p, or reports false if the buffer would hold more than its
// limit.
func (b *inputBuffer) put(p []byte) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.data)+len(p) > b.limit {
		return false
	}
	b.data = append(b.data, p...)
	b.ready.Signal()
	return true
}

// end marks the end of the input: reads return err once the buffer is
// empty.
func (b *inputBuffer) end(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		b.err = err
	}
	b.ready.Broadcast()
}

func (b *inputBuffer) setLimit(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.limit = n
}

// Read waits for input, or for its end.
func (b *inputBuffer) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.data) == 0 && b.err == nil {
		b.ready.Wait()
	}
	if len(b.data) == 0 {
		return 0, b.err
	}
	n := copy(p, b.data)
	b.data = append(b.data[:0], b.data[n:]...)
	return n, nil
}

// until is a reader of b that ends (io.EOF) once stop is closed, taking
// nothing more from b: a program that stops reading the session's input
// leaves the bytes not yet read to the next reader (the line mode, after
// the full screen).
func (b *inputBuffer) until(stop <-chan struct{}) io.Reader {
	go func() {
		<-stop
		b.mu.Lock()
		b.ready.Broadcast()
		b.mu.Unlock()
	}()
	return stoppedReader{b, stop}
}

type stoppedReader struct {
	b    *inputBuffer
	stop <-chan struct{}
}

func (r stoppedReader) stopped() bool {
	select {
	case <-r.stop:
		return true
	default:
		return false
	}
}

func (r stoppedReader) Read(p []byte) (int, error) {
	b := r.b
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.data) == 0 && b.err == nil && !r.stopped() {
		b.ready.Wait()
	}
	if r.stopped() {
		return 0, io.EOF
	}
	if len(b.data) == 0 {
		return 0, b.err
	}
	n := copy(p, b.data)
	b.data = append(b.data[:0], b.data[n:]...)
	return n, nil
}

// sshSession is one SSH session channel of a logged-in connection.
type sshSession struct {
	ch      gossh.Channel
	ctx     context.Context // ends with the channel or the connection
	conn    *connState
	id      string // the key's fingerprint
	source  string // where the player comes from: the connection's, or a relayed player's (Server.unrelay)
	input   *inputBuffer
	size    windows
	hasPTY  bool
	started atomic.Bool // the client asked for its shell

	// Set by the requests before the shell; read only after it starts.
	term    string
	env     []string
	command string

	exited atomic.Bool
}

// MaxCommand is the longest command line a session takes, in bytes: the
// longest the server knows, "plain" and a room name (maxRoomName), with
// room to spare. A longer one is refused before anything else: one key
// sending a 120 KB room name in reconnect loops once wrote 24 MB of log a
// second (issue 22, 2).
const MaxCommand = 64

// room is the room named on the ssh command line, or "".
func (sess *sshSession) room() string {
	if f := strings.Fields(sess.command); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Write writes to the session's terminal, as it is (the client's terminal
// is raw: line feeds need their carriage returns, see crlf).
func (sess *sshSession) Write(p []byte) (int, error) { return sess.ch.Write(p) }

// exit sends the exit status and closes the channel, once.
func (sess *sshSession) exit(code int) {
	if sess.exited.Swap(true) {
		return
	}
	sess.ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{uint32(code)}))
	sess.ch.Close()
}

// refuse writes text on the session's standard error and ends it.
func (sess *sshSession) refuse(text string) {
	end := "\n"
	if sess.hasPTY {
		end = "\r\n" // the client's terminal is raw
	}
	io.WriteString(sess.ch.Stderr(), text+end)
	sess.exit(1)
}

// readInput reads the channel's input into the session's buffer; input
// that overflows the buffer closes the channel, and what still comes is
// read and dropped, so the library buffers nothing either.
func (s *Server) readInput(sess *sshSession) {
	buf := make([]byte, 4096)
	for {
		n, err := sess.ch.Read(buf)
		if n > 0 && !sess.input.put(buf[:n]) {
			sess.input.end(io.EOF)
			if !sess.started.Load() {
				sess.conn.abuse("input before the shell", "limit", preShellInput)
				return
			}
			s.log.Limit("input faster than a terminal's", "source", sess.conn.source, "key", sess.id, "limit", InputBuffer)
			sess.ch.Close()
			io.Copy(io.Discard, sess.ch)
			return
		}
		if err != nil {
			sess.input.end(err)
			return
		}
	}
}

// clamp bounds a window size to the server's most.
func (s *Server) clamp(cols, rows uint32) window {
	return window{int(min(cols, uint32(s.cfg.MaxWidth))), int(min(rows, uint32(s.cfg.MaxHeight)))}
}

// sessionChannel is the server's handler of session channels: it counts
// the channel against its connection's MaxChannels, answers its requests
// and runs the session once the client asks for a shell (or a command:
// the room's name), or closes the channel if none comes in ShellTimeout.
func (s *Server) sessionChannel(_ *ssh.Server, _ *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	c := stateOf(ctx)
	if err := c.openChannel(); err != nil {
		if err == errTooManyChannels {
			s.log.Limit("session channels on one connection", "source", c.source, "key", c.key, "limit", s.cfg.MaxChannels)
		}
		nc.Reject(gossh.ResourceShortage, err.Error())
		return
	}
	defer c.closeChannel()
	ch, reqs, err := nc.Accept()
	if err != nil {
		return
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c.mu.Lock()
	id := c.key
	c.mu.Unlock()
	sess := &sshSession{ch: ch, ctx: sctx, conn: c, id: id, source: c.source, input: newInputBuffer(preShellInput)}
	sess.size.changed = make(chan struct{}, 1)
	go s.readInput(sess)

	started := &sess.started
	if d := s.cfg.ShellTimeout; d > 0 {
		stop := afterFunc(d, func() {
			if !started.Load() {
				s.log.Limit("no shell in time", "source", c.source, "key", id, "limit", d)
				ch.Close()
			}
		})
		defer stop()
	}
	var ran sync.WaitGroup
	requests := 0
	bucket := newEventLimiter(requestRate, 2*requestRate, s.now)
	for req := range reqs {
		requests++
		if !started.Load() && requests > maxRequestsBeforeShell || started.Load() && !bucket.take() {
			c.abuse("requests on a channel", "requests", requests)
			req.Reply(false, nil)
			continue
		}
		ok := false
		switch req.Type {
		case "pty-req":
			var p struct {
				Term                    string
				Columns, Rows, Wpx, Hpx uint32
				Modes                   string
			}
			if !started.Load() && !sess.hasPTY && gossh.Unmarshal(req.Payload, &p) == nil && len(p.Term) <= maxTerm {
				sess.hasPTY, sess.term, ok = true, p.Term, true
				sess.size.mu.Lock()
				sess.size.size = s.clamp(p.Columns, p.Rows) // the first size: no change to announce
				sess.size.mu.Unlock()
			}
		case "window-change":
			var p struct{ Columns, Rows, Wpx, Hpx uint32 }
			if sess.hasPTY && gossh.Unmarshal(req.Payload, &p) == nil {
				sess.size.set(s.clamp(p.Columns, p.Rows))
				ok = true
			}
		case "env":
			var p struct{ Name, Value string }
			if !started.Load() && gossh.Unmarshal(req.Payload, &p) == nil {
				ok = envAllowed(p.Name) && len(p.Value) <= maxEnvValue && len(sess.env) < MaxEnv
				if ok {
					sess.env = append(sess.env, p.Name+"="+p.Value)
				}
			}
		case "shell", "exec":
			var p struct{ Command string }
			if !started.Load() && (req.Type == "shell" || gossh.Unmarshal(req.Payload, &p) == nil) {
				sess.command, ok = p.Command, true
				started.Store(true)
				sess.input.setLimit(InputBuffer)
				req.Reply(true, nil)
				c.mu.Lock()
				peer := c.peer
				c.mu.Unlock()
				long := len(sess.command) > MaxCommand && !peer
				if long {
					s.log.Limit("command length", "source", c.source, "key", id, "limit", MaxCommand, "length", len(sess.command))
					sess.command = "" // not kept, nor logged
				}
				ran.Go(func() {
					defer sess.exit(0)
					if long {
						sess.refuse(sessionLang(sess.env).T(lang.SshCommandLong, MaxCommand))
						return
					}
					s.handle(sess)
				})
				continue
			}
		}
		// Everything else (signals, agent or X11 forwarding, subsystems)
		// is refused.
		req.Reply(ok, nil)
	}
	// The channel is closed: the session ends with it.
	cancel()
	ran.Wait()
}
