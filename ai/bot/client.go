package bot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/millebornes/mille/engine"
)

// HelloTimeout is how long a bot program may take to greet.
const HelloTimeout = 10 * time.Second

// MoveTimeout is how long a bot may take over one decision unless
// Client.MoveTimeout says otherwise.
const MoveTimeout = 30 * time.Second

// maxFailures is how many failed answers a bot may give to one decision:
// malformed or illegal answers, error lines, and messages of another kind.
const maxFailures = 3

// Client is a bot program seen as an ai.Player: the host's side of the
// protocol. Its first failure (a crash, no answer in time, three failed
// answers to one decision) is kept in Err; Choose then plays the first
// legal action so that the game can be wound up, and the arena reports
// the failure.
//
// Text the bot sends (its name, its error lines, its standard error) is
// printed without control characters or escape sequences (clean).
type Client struct {
	// MoveTimeout bounds each decision; zero means the MoveTimeout
	// constant. A bot that does not answer in time has failed.
	MoveTimeout time.Duration

	name  string
	cmd   *exec.Cmd
	log   *botLog
	proto int // the protocol version of the bot's hello

	lines  <-chan received // the bot's messages, read by readLoop
	outbox chan []byte     // lines to the bot, written by writeLoop
	done   chan struct{}   // closed by Close: the loops stop
	wrote  chan struct{}   // closed when writeLoop has closed the input

	id        int // of the last decision asked
	abandoned int // of a decision given up on (its context ended): its late answer is no failure
	err       error
	close     sync.Once
}

// received is one line from the bot: a message, or why it is none.
type received struct {
	m     Message
	err   error
	fatal bool // the connection is over (end of output, read error)
}

// Start runs the bot program argv (argv[0] looked up in PATH) and waits for
// its hello. Lines the bot writes on its standard error go to stderr,
// cleaned of escape sequences.
func Start(argv []string, stderr io.Writer) (*Client, error) {
	if len(argv) == 0 {
		return nil, errors.New("no bot program given")
	}
	log := &botLog{w: stderr}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = log
	cmd.WaitDelay = time.Second // a grandchild holding stderr open must not hold up Close
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := newClient(in, out, log)
	c.cmd = cmd
	if f := c.hello(); f != nil {
		c.err = f // no quit, no grace: kill it
		c.Close()
		f.Program = argv[0]
		return nil, f
	}
	return c, nil
}

// NewClient speaks the protocol over an existing connection (for tests
// and in-process bots): it reads the hello from r. Close closes w.
func NewClient(w io.WriteCloser, r io.Reader, log io.Writer) (*Client, error) {
	c := newClient(w, r, &botLog{w: log})
	if f := c.hello(); f != nil {
		c.err = f
		c.Close()
		return nil, f
	}
	return c, nil
}

func newClient(w io.WriteCloser, r io.Reader, log *botLog) *Client {
	lines := make(chan received)
	c := &Client{log: log, lines: lines, outbox: make(chan []byte, 4), done: make(chan struct{}), wrote: make(chan struct{})}
	go readLoop(bufio.NewReaderSize(r, 64<<10), lines, c.done)
	go c.writeLoop(w)
	return c
}

// readLoop hands the bot's messages to the client one at a time until the
// output ends or the client is closed.
func readLoop(br *bufio.Reader, lines chan<- received, done <-chan struct{}) {
	for {
		line, err := readLine(br)
		var r received
		switch {
		case errors.Is(err, errTooLong):
			r.err = err
		case err != nil:
			r.err, r.fatal = err, true
		case len(bytes.TrimSpace(line)) == 0:
			continue
		default:
			if err := json.Unmarshal(line, &r.m); err != nil {
				r.err = fmt.Errorf("malformed line: %v: %.80q", err, line)
			}
		}
		select {
		case lines <- r:
		case <-done:
			return
		}
		if r.fatal {
			return
		}
	}
}

// writeLoop writes the outbox to the bot in order, so that a bot that does
// not read blocks only this goroutine; once the client is closed it
// writes what is queued (quit) and closes the bot's input.
func (c *Client) writeLoop(w io.WriteCloser) {
	defer close(c.wrote)
	defer w.Close()
	for {
		select {
		case line := <-c.outbox:
			w.Write(line) // a failed write shows as the end of the bot's output
		case <-c.done:
			for {
				select {
				case line := <-c.outbox:
					w.Write(line)
				default:
					return
				}
			}
		}
	}
}

func (c *Client) hello() *Failure {
	timer := time.NewTimer(HelloTimeout)
	defer timer.Stop()
	select {
	case r := <-c.lines:
		if r.err != nil {
			return &Failure{Why: NoHello, Err: r.err}
		}
		if r.m.Type != "hello" {
			return &Failure{Why: NotHello, Type: clean(r.m.Type)}
		}
		if r.m.Protocol < OldestVersion || r.m.Protocol > Version {
			return &Failure{Why: WrongProtocol, Protocol: r.m.Protocol}
		}
		c.proto = r.m.Protocol
		c.name = clean(r.m.Name)
		if c.name == "" {
			c.name = "bot"
		}
		return nil
	case <-timer.C:
		return &Failure{Why: NoHello, Timeout: HelloTimeout}
	}
}

// A Failure is how a bot program failed its host: the bot's name (its
// hello's, "" before it) or the program that did not greet, a reason and its figures, for a program to act
// on with errors.As and for lang to word in the reader's language; Error
// is the English of the host's log.
type Failure struct {
	Bot      string
	Program  string // a failure to greet, of Start: the program run
	Why      FailReason
	Timeout  time.Duration // NoAnswer, NotReading, NoHello (when no Err): the time the bot had
	Tries    int           // NoLegalAnswer: the answers refused
	Last     Refused       // NoLegalAnswer: why the last answer was refused
	Protocol int           // WrongProtocol: the protocol the bot speaks
	Type     string        // NotHello: the type of its first line
	Err      error         // Ended, Broken, NoHello: the error its output ended with
}

// A FailReason is why a bot program failed.
type FailReason uint8

// The ways a bot program fails.
const (
	NoAnswer      FailReason = iota // no answer in time
	NotReading                      // it did not read the decision in time
	NoLegalAnswer                   // too many answers refused
	WrongProtocol                   // its hello names a protocol this host does not speak
	NoHello                         // no hello in time
	NotHello                        // its first line is no hello
	Ended                           // its output ended
	Broken                          // its output could not be read (Err)
)

// Refused is why the host refused an answer: a code, and the text the
// host's error line told the bot (Detail, the protocol's English, which
// docs/protocol.md shows) or the message it sent instead (Type, for
// decision ID).
type Refused struct {
	Why    RefusedReason
	Detail string
	Type   string
	ID     int
}

// A RefusedReason is why an answer was refused.
type RefusedReason uint8

// The reasons an answer is refused.
const (
	BadLine      RefusedReason = iota // a line that is no message (Detail)
	BadAnswer                         // an action message that is no legal action (Detail)
	ErrorLine                         // an error line instead of an answer
	OtherMessage                      // a message of another kind (Type), not the action for decision ID
)

func (r Refused) String() string {
	switch r.Why {
	case ErrorLine:
		return "an error line"
	case OtherMessage:
		return fmt.Sprintf("a %q message, not the action for decision %d", r.Type, r.ID)
	}
	return r.Detail
}

func (f *Failure) Error() string {
	switch {
	case f.Bot != "":
		return "bot " + f.Bot + ": " + f.reason()
	case f.Program != "":
		return f.Program + ": " + f.reason()
	}
	return f.reason()
}

// reason is the failure in English, without the bot's name.
func (f *Failure) reason() string {
	switch f.Why {
	case NoAnswer:
		return fmt.Sprintf("no answer within %v", f.Timeout)
	case NotReading:
		return fmt.Sprintf("does not read its input (no decision taken within %v)", f.Timeout)
	case NoLegalAnswer:
		return fmt.Sprintf("no legal answer in %d tries (last: %s)", f.Tries, f.Last)
	case NoHello:
		if f.Err != nil {
			return "no hello: " + f.Err.Error()
		}
		return fmt.Sprintf("no hello within %v", f.Timeout)
	case NotHello:
		return fmt.Sprintf("the first line is %q, not a hello", f.Type)
	case Ended, Broken:
		return f.Err.Error()
	}
	return fmt.Sprintf("the bot speaks protocol %d, this host %d to %d", f.Protocol, OldestVersion, Version)
}

// Unwrap gives the error the bot's output ended with.
func (f *Failure) Unwrap() error { return f.Err }

// failed is the Failure of a bot whose output ended with err.
func failed(err error) *Failure {
	if errors.Is(err, io.EOF) {
		return &Failure{Why: Ended, Err: err}
	}
	return &Failure{Why: Broken, Err: err}
}

// Name is the name the bot gave in its hello (cleaned).
func (c *Client) Name() string { return c.name }

// Err returns the first failure of the bot, or nil.
func (c *Client) Err() error { return c.err }

func (c *Client) fail(f *Failure) {
	if c.err == nil {
		f.Bot = c.name
		c.err = f
		c.log.printf("mille: %v\n", c.err)
	}
}

// Choose sends the decision and reads the answer, for at most MoveTimeout
// and until ctx ends. Error lines from the bot are passed on to the log;
// an answer that is malformed or not one of the legal actions is refused
// with an error line, and the bot is asked again; a message of another
// kind is skipped. Each of these counts as a failed answer, and the third
// fails the bot, as does no answer in time. When ctx ends first, Choose
// returns the first legal action without failing the bot.
func (c *Client) Choose(ctx context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	if c.err != nil {
		return legal[0]
	}
	c.id++
	m := Message{Type: "decide", ID: c.id, Observation: EncodeObservation(obs)}
	for _, a := range legal {
		m.Legal = append(m.Legal, EncodeAction(a))
	}
	if c.proto == 1 {
		toProtocol1(&m)
	}
	line, err := json.Marshal(m)
	if err != nil {
		c.fail(failed(err))
		return legal[0]
	}
	line = append(line, '\n')
	timeout := c.MoveTimeout
	if timeout <= 0 {
		timeout = MoveTimeout
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	var outbox chan<- []byte = c.outbox // nil once the decision is sent
	failures := 0
	refuse := func(why Refused) {
		failures++
		if failures < maxFailures {
			outbox = c.outbox // ask again
		} else {
			c.fail(&Failure{Why: NoLegalAnswer, Tries: maxFailures, Last: why})
		}
	}
	for c.err == nil {
		select {
		case outbox <- line:
			outbox = nil
		case <-ctx.Done():
			c.abandoned = c.id
			return legal[0]
		case <-deadline.C:
			if outbox != nil {
				c.fail(&Failure{Why: NotReading, Timeout: timeout})
			} else {
				c.fail(&Failure{Why: NoAnswer, Timeout: timeout})
			}
		case r := <-c.lines:
			ans := &r.m
			switch {
			case r.fatal:
				c.fail(failed(r.err))
			case r.err != nil:
				c.tell(0, r.err)
				refuse(Refused{Why: BadLine, Detail: r.err.Error()})
			case ans.Type == "action" && ans.ID == c.id:
				a, err := answer(ans, legal)
				if err == nil {
					return a
				}
				c.tell(ans.ID, err)
				refuse(Refused{Why: BadAnswer, Detail: err.Error()})
			case ans.Type == "error":
				c.log.printf("mille: bot %s says: %s\n", c.name, clean(ans.Message))
				refuse(Refused{Why: ErrorLine})
			case ans.Type == "action" && ans.ID != 0 && ans.ID == c.abandoned:
				c.abandoned = 0 // the late answer to a decision given up on
			default:
				why := Refused{Why: OtherMessage, Type: clean(ans.Type), ID: c.id}
				c.log.printf("mille: bot %s: skipped %s\n", c.name, why)
				refuse(why)
			}
		}
	}
	return legal[0]
}

// answer reads the action out of an action message.
func answer(m *Message, legal []engine.Action) (engine.Action, error) {
	if m.Index != nil {
		if *m.Index < 0 || *m.Index >= len(legal) {
			return 0, fmt.Errorf("index %d: want 0 to %d", *m.Index, len(legal)-1)
		}
		return legal[*m.Index], nil
	}
	if m.Action == nil {
		return 0, errors.New(`an action message needs "action" or "index"`)
	}
	a, err := DecodeAction(*m.Action)
	if err != nil {
		return 0, err
	}
	if !slices.Contains(legal, a) {
		return 0, fmt.Errorf("%v is not one of the legal actions", a)
	}
	return a, nil
}

// tell sends the bot an error line (if its input has room) and logs it.
func (c *Client) tell(id int, err error) {
	msg, _ := json.Marshal(Message{Type: "error", ID: id, Message: strings.ReplaceAll(err.Error(), "\n", " ")})
	select {
	case c.outbox <- append(msg, '\n'):
	default: // a bot that does not read will time out anyway
	}
	c.log.printf("mille: bot %s: %s\n", c.name, clean(err.Error()))
}

// Close says quit and waits for the program to end: up to 5 seconds, or
// not at all if the bot has failed (it is killed). Choose must not be
// called after Close.
func (c *Client) Close() error {
	var err error
	c.close.Do(func() {
		select {
		case c.outbox <- []byte(`{"type":"quit"}` + "\n"):
		default:
		}
		close(c.done)
		if c.cmd == nil {
			return
		}
		grace := 5 * time.Second
		if c.err != nil {
			grace = 0
		}
		waited := make(chan error, 1)
		go func() { waited <- c.cmd.Wait() }()
		timer := time.NewTimer(grace)
		defer timer.Stop()
		select {
		case err = <-waited:
		case <-timer.C:
			c.cmd.Process.Kill()
			err = <-waited
		}
		c.log.flush()
	})
	return err
}

// botLog is where a client prints: the host's lines about the bot, and
// the bot's standard error, cleaned a line at a time. Its lock keeps the
// two from interleaving mid-line.
type botLog struct {
	mu      sync.Mutex
	w       io.Writer
	partial []byte // the bot's unfinished stderr line
}

// maxLogLine is where an unfinished stderr line is cut and printed.
const maxLogLine = 4096

// Write takes the bot's standard error.
func (l *botLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 && len(l.partial) < maxLogLine {
			return len(p), nil
		}
		if i < 0 {
			i = len(l.partial)
		}
		fmt.Fprintln(l.w, clean(string(l.partial[:i])))
		l.partial = l.partial[min(i+1, len(l.partial)):]
	}
}

// flush prints an unfinished last line of the bot's standard error.
func (l *botLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) > 0 {
		fmt.Fprintln(l.w, clean(string(l.partial)))
		l.partial = nil
	}
}

// printf prints one of the host's lines; text from the bot in it must be
// cleaned already.
func (l *botLog) printf(format string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format, a...)
}
