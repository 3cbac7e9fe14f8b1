// Package client plays mille's SSH server from the other end: an
// x/crypto/ssh client with a PTY whose output feeds a terminal emulator
// (charmbracelet/x/vt), so that tests and the load test read the screen a
// player sees and type on it. script.go is the one place that knows the
// served screens' keys and texts.
package client

import (
	"crypto/ed25519"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// Options say how a client opens its session.
type Options struct {
	Command       string // the ssh command line: a room's name, or "" for the lobby
	Width, Height int    // the terminal's size; 0: 100x30
	Term          string // TERM; "": xterm-256color
	// OnOutput, when set, is called by the reading goroutine with the time
	// each chunk of output arrived, before the screen takes it.
	OnOutput func(at time.Time, n int)
	// From is the local address to connect from (a loopback address other
	// than 127.0.0.1 plays another machine); nil: the system's choice.
	From net.IP
}

// Client is one player's SSH connection and session.
type Client struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
	opt  Options

	screenMu sync.Mutex // vt.Emulator is not safe for concurrent use
	screen   *vt.Emulator
	// While holding (Hold), the output is kept here, not yet written to
	// the screen; the screen's next reader writes it.
	holding bool
	held    []byte

	mu      sync.Mutex
	changed chan struct{} // closed and replaced after each chunk of output
	done    chan struct{} // closed when the output ends
}

// Key returns the ed25519 key number seed: the same seed, the same key, so
// a test or a load run meets the same players again.
func Key(seed uint64) gossh.Signer {
	var b [ed25519.SeedSize]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	copy(b[8:], "mille test key")
	signer, err := gossh.NewSignerFromKey(ed25519.NewKeyFromSeed(b[:]))
	if err != nil {
		panic(err) // an ed25519 key is always a valid signer
	}
	return signer
}

// ID returns the identity the server gives key: its SHA256 fingerprint.
func ID(key gossh.Signer) string { return gossh.FingerprintSHA256(key.PublicKey()) }

// Dial connects to the server at addr with key and opens a session with a
// PTY, running opt.Command.
func Dial(addr string, key gossh.Signer, opt Options) (*Client, error) {
	conn, err := Login(addr, key, opt.From, 30*time.Second)
	if err != nil {
		return nil, err
	}
	c, err := open(conn, opt)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

// Login connects to the server at addr from the local address from (nil:
// any) and logs in with key, within timeout.
func Login(addr string, key gossh.Signer, from net.IP, timeout time.Duration) (*gossh.Client, error) {
	d := net.Dialer{Timeout: timeout}
	if from != nil {
		d.LocalAddr = &net.TCPAddr{IP: from}
	}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	conn.SetDeadline(time.Now().Add(timeout))
	cc, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User:            "player",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		conn.Close()
		return nil, err
	}
	conn.SetDeadline(time.Time{})
	return gossh.NewClient(cc, chans, reqs), nil
}

func open(conn *gossh.Client, opt Options) (*Client, error) {
	if opt.Width <= 0 || opt.Height <= 0 {
		opt.Width, opt.Height = 100, 30
	}
	if opt.Term == "" {
		opt.Term = "xterm-256color"
	}
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	if err := sess.RequestPty(opt.Term, opt.Height, opt.Width, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	in, err := sess.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &Client{
		conn: conn, sess: sess, in: in, opt: opt,
		screen:  vt.NewEmulator(opt.Width, opt.Height),
		changed: make(chan struct{}), done: make(chan struct{}),
	}
	// The emulator answers the program's queries (modes, colours) as a
	// terminal does, into a pipe that must be read or its Write blocks:
	// the answers go to the server, then to nowhere once it is gone.
	go func() {
		if _, err := io.Copy(in, c.screen); err != nil {
			io.Copy(io.Discard, c.screen)
		}
	}()
	if opt.Command != "" {
		err = sess.Start(opt.Command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		return nil, err
	}
	go c.read(out)
	return c, nil
}

func (c *Client) read(r io.Reader) {
	defer close(c.done)
	// Ends the answers' copy. Closing the pipe rather than the emulator:
	// Emulator.Close marks it closed without a lock, under that copy.
	defer c.screen.InputPipe().(io.Closer).Close()
	b := make([]byte, 32<<10)
	for {
		n, err := r.Read(b)
		if n > 0 {
			if c.opt.OnOutput != nil {
				c.opt.OnOutput(time.Now(), n)
			}
			c.screenMu.Lock()
			if c.holding && len(c.held)+n <= maxHeld {
				c.held = append(c.held, b[:n]...)
			} else {
				c.flush()
				c.screen.Write(b[:n])
			}
			c.screenMu.Unlock()
			c.mu.Lock()
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// maxHeld bounds the output a holding client keeps: a load test's minute
// of keys, a frame of some 600 bytes a second, is 36 KB.
const maxHeld = 64 << 10

// Hold keeps the output from the screen until the screen is next read
// (Text, Lines, a wait, Resize): the load test's players, whose screens
// nobody reads while they play, so that the terminal emulator's parsing
// of every frame, a third of the clients' CPU, is not taken from the
// server being measured on the same cores. The time each chunk arrived is
// told (Options.OnOutput) as before.
func (c *Client) Hold() {
	c.screenMu.Lock()
	c.holding = true
	c.screenMu.Unlock()
}

// flush writes the output held to the screen and ends the hold.
// c.screenMu is held.
func (c *Client) flush() {
	c.holding = false
	if len(c.held) > 0 {
		c.screen.Write(c.held)
	}
	c.held = nil
}

// Send types keys (bytes as a terminal sends them; see script.go).
func (c *Client) Send(keys string) error {
	_, err := io.WriteString(c.in, keys)
	return err
}

// Text returns the screen as text, one line per row, without trailing
// spaces or blank rows at the bottom.
func (c *Client) Text() string { return strings.TrimRight(c.screenText(), "\n") }

// Lines returns the screen's rows as text without trailing spaces.
func (c *Client) Lines() []string { return strings.Split(c.screenText(), "\n") }

// screenText returns every row of the screen, without trailing spaces.
func (c *Client) screenText() string {
	c.screenMu.Lock()
	defer c.screenMu.Unlock()
	c.flush()
	return c.screen.String()
}

// ErrEnded is what waiting for a screen returns when the session ended
// before showing it.
var ErrEnded = errors.New("the session ended")

// WaitFor waits until ok accepts the screen's text, at most timeout; the
// timeout only keeps a broken run from hanging. what names the screen
// awaited in the error.
func (c *Client) WaitFor(timeout time.Duration, what string, ok func(text string) bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		changed := c.changed
		c.mu.Unlock()
		text := c.Text()
		if ok(text) {
			return nil
		}
		select {
		case <-changed:
		case <-c.done:
			if text := c.Text(); ok(text) {
				return nil
			}
			return fmt.Errorf("%w before showing %s; the screen shows:\n%s", ErrEnded, what, c.Text())
		case <-deadline.C:
			return fmt.Errorf("the screen never showed %s in %v; it shows:\n%s", what, timeout, c.Text())
		}
	}
}

// WaitText waits until the screen shows all of texts.
func (c *Client) WaitText(timeout time.Duration, texts ...string) error {
	return c.WaitFor(timeout, fmt.Sprintf("%q", texts), func(s string) bool {
		for _, t := range texts {
			if !strings.Contains(s, t) {
				return false
			}
		}
		return true
	})
}

// Resize tells the server the terminal's new size, and resizes the screen.
func (c *Client) Resize(w, h int) error {
	c.screenMu.Lock()
	c.flush()
	c.screen.Resize(w, h)
	c.screenMu.Unlock()
	return c.sess.WindowChange(h, w)
}

// Close drops the connection at once, as a closed laptop does.
func (c *Client) Close() error {
	err := c.conn.Close()
	<-c.done
	return err
}

// WaitAll waits until ok accepts the screens of all of cs at one moment,
// at most timeout. what names the moment awaited in the error, which shows
// every screen.
func WaitAll(timeout time.Duration, what string, cs []*Client, ok func(screens [][]string) bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	cases := make([]reflect.SelectCase, len(cs)+1)
	cases[len(cs)] = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(deadline.C)}
	for {
		screens := make([][]string, len(cs))
		for i, c := range cs {
			c.mu.Lock()
			cases[i] = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.changed)}
			c.mu.Unlock()
			screens[i] = c.Lines()
		}
		if ok(screens) {
			return nil
		}
		if i, _, _ := reflect.Select(cases); i == len(cs) {
			var b strings.Builder
			fmt.Fprintf(&b, "the screens never showed %s in %v; they show:", what, timeout)
			for i, s := range screens {
				fmt.Fprintf(&b, "\n--- %d\n%s", i, strings.Join(s, "\n"))
			}
			return errors.New(b.String())
		}
	}
}
