// Package channel reads mille serve's SSH session channels: it answers
// each request at once and keeps what it asks in a bounded form (Session),
// and hands the session on (Handler.Run) when the client asks for its
// shell. Its limits are the gate's (package gate).
package channel

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/gate"
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
	// InputLimit is how far a session's input may run ahead of what the
	// session has read (the input rate limit reads slowly): beyond it the
	// session closes rather than hold more.
	InputLimit = 64 << 10
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

// Window is a terminal's size in cells.
type Window struct{ Width, Height int }

// Windows holds a session's newest terminal size: a new size replaces the
// one not yet taken, so a storm of window changes costs one resize.
type Windows struct {
	mu      sync.Mutex
	size    Window
	changed chan struct{} // holds a token while a size waits

	watch    func(Window) // Watch's; nil: none
	pending  bool         // a size waits for watch
	running  bool         // a goroutine calls watch
	finished sync.WaitGroup
}

// NewWindows holds a size, the zero Window for now.
func NewWindows() *Windows { return &Windows{changed: make(chan struct{}, 1)} }

// Set gives the newest size.
func (w *Windows) Set(size Window) {
	w.mu.Lock()
	w.size = size
	w.pending = true
	w.deliver()
	w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

// Watch calls f with every new size from now on, from a goroutine that
// runs only while sizes come (a storm of changes is a few calls, the last
// with the newest), rather than one waiting on Changed for the session's
// whole life (issue 36). The returned stop ends the watch and waits for a
// call under way.
func (w *Windows) Watch(f func(Window)) (stop func()) {
	w.mu.Lock()
	w.watch = f
	w.deliver() // a size that came before
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		w.watch = nil
		w.mu.Unlock()
		w.finished.Wait()
	}
}

// deliver starts the goroutine that gives the waiting size to the watch,
// unless one runs. w.mu is held.
func (w *Windows) deliver() {
	if w.watch == nil || w.running {
		return
	}
	w.running = true
	w.finished.Add(1)
	go func() {
		defer w.finished.Done()
		w.mu.Lock()
		for w.pending && w.watch != nil {
			f, size := w.watch, w.size
			w.pending = false
			w.mu.Unlock()
			f(size)
			w.mu.Lock()
		}
		w.running = false
		w.mu.Unlock()
	}()
}

// Changed holds a token while a size not taken waits.
func (w *Windows) Changed() <-chan struct{} { return w.changed }

// Get takes the newest size.
func (w *Windows) Get() Window {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.size
}

// InputBuffer holds what a session channel sent and the session has not
// read yet, up to a limit.
type InputBuffer struct {
	mu     sync.Mutex
	ready  sync.Cond
	data   []byte
	limit  int
	err    error         // the end of the input, once reached
	notify chan struct{} // Ready's: holds a token once something happened
}

// NewInputBuffer holds at most limit bytes.
func NewInputBuffer(limit int) *InputBuffer {
	b := &InputBuffer{limit: limit, notify: make(chan struct{}, 1)}
	b.ready.L = &b.mu
	return b
}

// Ready holds a token once bytes came, the input ended or a reader was
// stopped since the token was last taken: a reader that does not wait in
// Read (StoppedReader.TryRead) waits on it, beside whatever else it waits
// on, and no goroutine waits in Read for it (issue 36).
func (b *InputBuffer) Ready() <-chan struct{} { return b.notify }

// poke puts Ready's token, if none waits.
func (b *InputBuffer) poke() {
	select {
	case b.notify <- struct{}{}:
	default:
	}
}

// Put adds p, or reports false if the buffer would hold more than its
// limit.
func (b *InputBuffer) Put(p []byte) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.data)+len(p) > b.limit {
		return false
	}
	b.data = append(b.data, p...)
	b.ready.Signal()
	b.poke()
	return true
}

// End marks the end of the input: reads return err once the buffer is
// empty.
func (b *InputBuffer) End(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		b.err = err
	}
	b.ready.Broadcast()
	b.poke()
}

func (b *InputBuffer) setLimit(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.limit = n
}

// Read waits for input, or for its end.
func (b *InputBuffer) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.data) == 0 && b.err == nil {
		b.ready.Wait()
	}
	if len(b.data) == 0 {
		return 0, b.err
	}
	return b.take(p), nil
}

// take moves what p holds of the buffer into p; b.mu is held. A paste's
// room is not kept for the session's life: the buffer goes once empty.
func (b *InputBuffer) take(p []byte) int {
	n := copy(p, b.data)
	b.data = append(b.data[:0], b.data[n:]...)
	if len(b.data) == 0 && cap(b.data) > readSize {
		b.data = nil
	}
	return n
}

// readSize is the most a session's input is read at a time.
const readSize = 512

// Until is a reader of b that ends (io.EOF) once its Stop is called,
// taking nothing more from b: a program that stops reading the session's
// input leaves the bytes not yet read to the next reader (the line mode,
// after the full screen). It needs no goroutine of its own.
func (b *InputBuffer) Until() *StoppedReader { return &StoppedReader{b: b} }

// StoppedReader is InputBuffer.Until's reader.
type StoppedReader struct {
	b       *InputBuffer
	stopped bool // guarded by b.mu
}

// Stop ends the reader: a Read waiting returns io.EOF, and so does every
// Read after.
func (r *StoppedReader) Stop() {
	r.b.mu.Lock()
	defer r.b.mu.Unlock()
	r.stopped = true
	r.b.ready.Broadcast()
	r.b.poke()
}

func (r *StoppedReader) Read(p []byte) (int, error) {
	b := r.b
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.data) == 0 && b.err == nil && !r.stopped {
		b.ready.Wait()
	}
	return r.takeLocked(p)
}

// TryRead is Read without the wait: with nothing to read yet it returns
// 0 and no error, and the buffer's Ready says when to try again.
func (r *StoppedReader) TryRead(p []byte) (int, error) {
	r.b.mu.Lock()
	defer r.b.mu.Unlock()
	if len(r.b.data) == 0 && r.b.err == nil && !r.stopped {
		return 0, nil
	}
	return r.takeLocked(p)
}

// takeLocked is what a read returns once there is something to say; b.mu
// is held.
func (r *StoppedReader) takeLocked(p []byte) (int, error) {
	b := r.b
	if r.stopped {
		return 0, io.EOF
	}
	if len(b.data) == 0 {
		return 0, b.err
	}
	return b.take(p), nil
}

// Session is one SSH session channel of a logged-in connection.
type Session struct {
	Ch     gossh.Channel
	Ctx    context.Context // ends with the channel or the connection
	Conn   *gate.Conn
	SSH    gossh.Conn // the connection's SSH side: its requests to the client
	ID     string     // the key's fingerprint
	Source string     // where the player comes from: the connection's, or a relayed player's (relay.Unrelay)
	Input  *InputBuffer
	Size   *Windows

	// Set by the requests before the shell; read only after it starts.
	HasPTY  bool
	Term    string
	Env     []string
	Command string

	started  atomic.Bool // the client asked for its shell
	exited   atomic.Bool
	requests *requests // who serves the channel's requests; nil: a session Serve does not serve
}

// MaxCommand is the longest command line a session takes, in bytes: the
// longest the server knows, "plain" and a room name (maxRoomName), with
// room to spare. A longer one is refused before anything else: one key
// sending a 120 KB room name in reconnect loops once wrote 24 MB of log a
// second (issue 22, 2).
const MaxCommand = 64

// Room is the room named on the ssh command line, or "".
func (sess *Session) Room() string {
	if f := strings.Fields(sess.Command); len(f) > 0 {
		return f[0]
	}
	return ""
}

// Write writes to the session's terminal, as it is (the client's terminal
// is raw: line feeds need their carriage returns, see CRLF).
func (sess *Session) Write(p []byte) (int, error) { return sess.Ch.Write(p) }

// Exit sends the exit status and closes the channel, once.
func (sess *Session) Exit(code int) {
	if sess.exited.Swap(true) {
		return
	}
	sess.Ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{uint32(code)}))
	sess.Ch.Close()
}

// Refuse writes text on the session's standard error and ends it.
func (sess *Session) Refuse(text string) {
	end := "\n"
	if sess.HasPTY {
		end = "\r\n" // the client's terminal is raw
	}
	io.WriteString(sess.Ch.Stderr(), text+end)
	sess.Exit(1)
}

// Lang is the language of the session, from the client's environment
// (LANG and LC_*, as envAllowed lets it); English when it sent none.
func (sess *Session) Lang() *lang.Catalogue { return Lang(sess.Env) }

// Lang is the language of a session whose client set env (LANG and LC_*,
// as envAllowed lets it); English when it sent none.
func Lang(env []string) *lang.Catalogue {
	return lang.FromEnv(func(name string) string {
		value := ""
		for _, kv := range env { // the last one set wins, as in a shell
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				value = v
			}
		}
		return value
	})
}

// Handler reads session channels for a server: it counts each channel
// against its connection's MaxChannels, answers its requests and runs the
// session (Run) once the client asks for a shell (or a command: the room's
// name), or closes the channel if none comes in ShellTimeout.
type Handler struct {
	Limits              *gate.Limits // MaxChannels, ShellTimeout
	MaxWidth, MaxHeight int          // a larger terminal is taken as this size
	Log                 *events.Log
	Now                 func() time.Time // the clock of the request rate (tests stop it)
	Run                 func(*Session)   // runs a session whose shell started, until it ends
}

// readInput reads the channel's input into the session's buffer; input
// that overflows the buffer closes the channel, and what still comes is
// read and dropped, so the library buffers nothing either.
func (h *Handler) readInput(sess *Session) {
	// A key is a few bytes, a mouse report a dozen: the buffer, held
	// for the session's life while the read waits, is small (it was 4
	// KB, issue 36); a paste takes several reads.
	buf := make([]byte, readSize)
	for {
		n, err := sess.Ch.Read(buf)
		if n > 0 && !sess.Input.Put(buf[:n]) {
			sess.Input.End(io.EOF)
			if !sess.started.Load() {
				sess.Conn.Abuse("input before the shell", "limit", preShellInput)
				return
			}
			h.Log.Limit("input faster than a terminal's", "source", sess.Conn.Source(), "key", sess.ID, "limit", InputLimit)
			sess.Ch.Close()
			io.Copy(io.Discard, sess.Ch)
			return
		}
		if err != nil {
			sess.Input.End(err)
			return
		}
	}
}

// clamp bounds a window size to the server's most.
func (h *Handler) clamp(cols, rows uint32) Window {
	return Window{int(min(cols, uint32(h.MaxWidth))), int(min(rows, uint32(h.MaxHeight)))}
}

// serve serves session channel nc of connection c (whose context is ctx),
// until the channel has closed; it serves the connection's events ev as
// well meanwhile, unless ev is nil.
func (h *Handler) serve(ctx context.Context, sc *gossh.ServerConn, c *gate.Conn, nc gossh.NewChannel, ev *connEvents) {
	if rq := h.session(ctx, sc, c, nc, ev); rq != nil {
		// The session has ended, and its channel no longer counts against
		// the connection (a connection left without a session must open
		// one in time), but until the client has seen the channel's close,
		// its requests are served here.
		rq.drain()
	}
}

// session accepts session channel nc and runs its session, and returns
// its requests, or nil if the channel was refused.
func (h *Handler) session(ctx context.Context, sc *gossh.ServerConn, c *gate.Conn, nc gossh.NewChannel, ev *connEvents) *requests {
	if err := c.OpenChannel(); err != nil {
		if err == gate.ErrTooManyChannels {
			h.Log.Limit("session channels on one connection", "source", c.Source(), "key", c.Key(), "limit", h.Limits.MaxChannels)
		}
		nc.Reject(gossh.ResourceShortage, err.Error())
		return nil
	}
	defer c.CloseChannel()
	ch, reqs, err := nc.Accept()
	if err != nil {
		return nil
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	id := c.Key()
	sess := &Session{Ch: ch, Ctx: sctx, Conn: c, SSH: sc, ID: id, Source: c.Source(), Input: NewInputBuffer(preShellInput), Size: NewWindows()}
	go h.readInput(sess)

	started := &sess.started
	if d := h.Limits.ShellTimeout; d > 0 {
		stop := gate.AfterFunc(d, func() {
			if !started.Load() {
				h.Log.Limit("no shell in time", "source", c.Source(), "key", id, "limit", d)
				ch.Close()
			}
		})
		defer stop()
	}
	rq := &requests{h: h, sess: sess, reqs: reqs, conn: ev, bucket: gate.NewEventLimiter(requestRate, 2*requestRate, h.Now), cancel: cancel}
	sess.requests = rq
	if !rq.loop(nil, true, true) {
		return rq // the channel closed before its shell
	}
	// The session runs on this goroutine; the channel's requests are
	// served from now on by a goroutine of their own, or by the session's
	// driver while it takes them (Session.TakeRequests): the channel's
	// close ends the session's context (cancel).
	rq.background()
	defer sess.Exit(0)
	if len(sess.Command) > MaxCommand && !c.Peer() {
		h.Log.Limit("command length", "source", c.Source(), "key", id, "limit", MaxCommand, "length", len(sess.Command))
		sess.Command = "" // not kept, nor logged
		sess.Refuse(sess.Lang().T(lang.SshCommandLong, MaxCommand))
		return rq
	}
	h.Run(sess)
	return rq
}

// requests serves a session channel's requests, and the connection's
// events if its goroutine serves them: on the channel's goroutine until
// the shell starts, then on a goroutine of their own (background), or on
// the session's driver while it takes them (Session.TakeRequests), and
// on the channel's again once the session has ended (drain): one at a
// time, whoever serves them.
type requests struct {
	h      *Handler
	sess   *Session
	reqs   <-chan *gossh.Request // nil once closed
	conn   *connEvents           // nil: another goroutine serves the connection's
	n      int                   // requests so far
	bucket *gate.EventLimiter
	cancel context.CancelFunc // ends the session's context once the channel has closed

	stop chan struct{} // closed to take the requests from the background goroutine
	done chan struct{} // closed once it has returned
}

// loop serves the requests until stop closes, or one starts the shell
// (it then reports true) when untilShell, or the channel has closed when
// untilClosed, or nothing is left to wait on: the channel and the
// connection (if it serves its events) have closed.
func (r *requests) loop(stop <-chan struct{}, untilShell, untilClosed bool) bool {
	var chans <-chan gossh.NewChannel
	var global <-chan *gossh.Request
	if r.conn != nil {
		chans, global = r.conn.chans, r.conn.global
	}
	for r.reqs != nil || chans != nil || global != nil {
		select {
		case <-stop:
			return false
		case req, ok := <-r.reqs:
			if !ok {
				r.ended()
				if untilClosed {
					return false
				}
				continue
			}
			if r.serve(req) && untilShell {
				return true
			}
		case nc, ok := <-chans:
			if !ok {
				chans = nil
				continue
			}
			r.conn.open(nc)
		case req, ok := <-global:
			if !ok {
				global = nil
				continue
			}
			answerGlobal(req)
		}
	}
	return false
}

// ended notes that the channel's requests have ended: the channel has
// closed, and so does the session's context.
func (r *requests) ended() {
	r.reqs = nil
	r.cancel()
}

// background serves the requests on a goroutine of their own until
// nothing is left to serve or take takes them.
func (r *requests) background() {
	r.stop, r.done = make(chan struct{}), make(chan struct{})
	stop, done := r.stop, r.done
	go func() {
		defer close(done)
		r.loop(stop, false, false)
	}()
}

// take stops the background goroutine, and returns what it waited on.
func (r *requests) take() Taken {
	if r.stop != nil {
		close(r.stop)
		<-r.done
		r.stop = nil
	}
	t := Taken{Requests: r.reqs}
	if r.conn != nil {
		t.Channels, t.Global = r.conn.chans, r.conn.global
	}
	return t
}

// drain takes the requests back, and serves them (and the connection's
// events, if this goroutine serves them) on the caller's goroutine until
// the channel has closed: a client may still send requests until it has
// seen the channel's close, and a request not read would stop its whole
// connection. The connection's events go back to its own loop after
// (serveConn).
func (r *requests) drain() {
	if r.take(); r.reqs != nil {
		r.loop(nil, false, true)
	}
}

// serve answers req, and reports whether it started the session's shell.
func (r *requests) serve(req *gossh.Request) bool {
	h, sess, c := r.h, r.sess, r.sess.Conn
	started := &sess.started
	r.n++
	if !started.Load() && r.n > maxRequestsBeforeShell || started.Load() && !r.bucket.Take() {
		c.Abuse("requests on a channel", "requests", r.n)
		req.Reply(false, nil)
		return false
	}
	ok := false
	switch req.Type {
	case "pty-req":
		var p struct {
			Term                    string
			Columns, Rows, Wpx, Hpx uint32
			Modes                   string
		}
		if !started.Load() && !sess.HasPTY && gossh.Unmarshal(req.Payload, &p) == nil && len(p.Term) <= maxTerm {
			sess.HasPTY, sess.Term, ok = true, p.Term, true
			sess.Size.mu.Lock()
			sess.Size.size = h.clamp(p.Columns, p.Rows) // the first size: no change to announce
			sess.Size.mu.Unlock()
		}
	case "window-change":
		var p struct{ Columns, Rows, Wpx, Hpx uint32 }
		if sess.HasPTY && gossh.Unmarshal(req.Payload, &p) == nil {
			sess.Size.Set(h.clamp(p.Columns, p.Rows))
			ok = true
		}
	case "env":
		var p struct{ Name, Value string }
		if !started.Load() && gossh.Unmarshal(req.Payload, &p) == nil {
			ok = envAllowed(p.Name) && len(p.Value) <= maxEnvValue && len(sess.Env) < MaxEnv
			if ok {
				sess.Env = append(sess.Env, p.Name+"="+p.Value)
			}
		}
	case "shell", "exec":
		var p struct{ Command string }
		if !started.Load() && (req.Type == "shell" || gossh.Unmarshal(req.Payload, &p) == nil) {
			sess.Command = p.Command
			started.Store(true)
			sess.Input.setLimit(InputLimit)
			req.Reply(true, nil)
			return true
		}
	}
	// Everything else (signals, agent or X11 forwarding, subsystems)
	// is refused.
	req.Reply(ok, nil)
	return false
}

// Taken is what a session's driver waits on while it serves the session's
// requests (Session.TakeRequests): the channel's requests, and the
// connection's new channels and global requests when the session's
// goroutine serves them (nil otherwise). A channel closed is nil once the
// driver has said so (RequestsEnded) or taken it again.
type Taken struct {
	Requests <-chan *gossh.Request
	Channels <-chan gossh.NewChannel
	Global   <-chan *gossh.Request
}

// TakeRequests takes the serving of the channel's requests (window
// changes) and of the connection's events, if the session's goroutine
// serves them, from the goroutine that serves them, until GiveRequests:
// the caller, a session's driver, waits on what it returns beside its
// other messages and hands each to Request, Open or Global, and the
// requests' close to RequestsEnded. A goroutine of the session's less
// (issue 36). It returns nothing to wait on for a session that Serve does
// not serve (a test's).
func (sess *Session) TakeRequests() Taken {
	if sess.requests == nil {
		return Taken{}
	}
	return sess.requests.take()
}

// Request answers req, taken from Taken.Requests.
func (sess *Session) Request(req *gossh.Request) { sess.requests.serve(req) }

// RequestsEnded says that Taken.Requests has closed: the channel has, and
// the session's context ends.
func (sess *Session) RequestsEnded() { sess.requests.ended() }

// Open serves a new channel of the connection, taken from Taken.Channels.
func (sess *Session) Open(nc gossh.NewChannel) { sess.requests.conn.open(nc) }

// Global answers a global request of the connection, taken from
// Taken.Global.
func (sess *Session) Global(req *gossh.Request) { answerGlobal(req) }

// GiveRequests gives the serving of the requests back to a goroutine of
// their own, after TakeRequests. It does nothing when they were not taken.
func (sess *Session) GiveRequests() {
	if r := sess.requests; r != nil && r.stop == nil {
		r.background()
	}
}

// CRLF writes a session's output with every line feed as CR LF. Bubble
// Tea, whose input is not a terminal here, moves the cursor down with line
// feeds and counts on a terminal's output processing (ONLCR) to bring it
// back to the first column; there is no terminal on the server, and the
// SSH client's own terminal is raw, so the server does it.
type CRLF struct{ W io.Writer }

func (c CRLF) Write(p []byte) (int, error) {
	if bytes.IndexByte(p, '\n') < 0 {
		return c.W.Write(p)
	}
	if _, err := c.W.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// LockedWriter lets several goroutines (a program and its painter) write
// to one session without splitting each other's escape sequences. It
// writes at most WriteChunk bytes at a time.
type LockedWriter struct {
	mu sync.Mutex
	W  io.Writer
}

// WriteChunk is the most a LockedWriter hands its session in one write.
// x/crypto/ssh keeps, for the life of a channel, a packet buffer the size
// of the largest write it was given, and its cipher another for the
// connection: a session's first frame, some 11 KB at 100x30, made each
// session hold 22 KB it used again only for a whole repaint (issue 36).
// A key's frame is about 600 bytes, so most writes are one piece; a whole
// screen goes in several packets, one system call each.
const WriteChunk = 2 << 10

func (l *LockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for len(b) > 0 {
		piece := b[:min(len(b), WriteChunk)]
		w, err := l.W.Write(piece)
		n += w
		if err != nil {
			return n, err
		}
		b = b[len(piece):]
	}
	return n, nil
}
