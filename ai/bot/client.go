package bot

import (
	"bufio"
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

// Client is a bot program seen as an ai.Player: the host's side of the
// protocol. Its first failure (a crash, a malformed or illegal answer) is
// kept in Err; Choose then plays the first legal action so that the game
// can be wound up, and the arena reports the failure.
type Client struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	log   io.Writer
	proto int // the protocol version of the bot's hello
	id    int
	err   error
	close sync.Once
}

// Start runs the bot program argv (argv[0] looked up in PATH) and waits for
// its hello. Lines the bot writes on its standard error go to stderr.
func Start(argv []string, stderr io.Writer) (*Client, error) {
	if len(argv) == 0 {
		return nil, errors.New("no bot program given")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = stderr
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
	c := &Client{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10), log: stderr}
	if err := c.hello(); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", argv[0], err)
	}
	return c, nil
}

// NewClient speaks the protocol over an existing connection (for tests
// and in-process bots): it reads the hello from r.
func NewClient(w io.WriteCloser, r io.Reader, log io.Writer) (*Client, error) {
	c := &Client{in: w, out: bufio.NewReaderSize(r, 64<<10), log: log}
	if err := c.hello(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Client) hello() error {
	type result struct {
		m   Message
		err error
	}
	ch := make(chan result, 1)
	go func() {
		m, err := c.read()
		ch <- result{m, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return fmt.Errorf("no hello: %w", r.err)
		}
		if r.m.Type != "hello" {
			return fmt.Errorf("the first line is %q, not a hello", r.m.Type)
		}
		if r.m.Protocol < OldestVersion || r.m.Protocol > Version {
			return fmt.Errorf("the bot speaks protocol %d, this host %d to %d", r.m.Protocol, OldestVersion, Version)
		}
		c.proto = r.m.Protocol
		c.name = r.m.Name
		if c.name == "" {
			c.name = "bot"
		}
		return nil
	case <-time.After(HelloTimeout):
		return fmt.Errorf("no hello within %v", HelloTimeout)
	}
}

// read returns the next message from the bot.
func (c *Client) read() (Message, error) {
	line, err := readLine(c.out)
	if err != nil {
		return Message{}, err
	}
	var m Message
	if err := json.Unmarshal(line, &m); err != nil {
		return Message{}, fmt.Errorf("malformed line from the bot: %v: %.80q", err, line)
	}
	return m, nil
}

// Name is the name the bot gave in its hello.
func (c *Client) Name() string { return c.name }

// Err returns the first failure of the bot, or nil.
func (c *Client) Err() error { return c.err }

func (c *Client) fail(err error) {
	if c.err == nil {
		c.err = fmt.Errorf("bot %s: %w", c.name, err)
		fmt.Fprintln(c.log, "mille:", c.err)
	}
}

// Choose sends the decision and reads the answer. Error lines from the
// bot are passed on to the log; an answer that is not one of the legal
// actions is refused with an error line, and the bot is asked again (three
// tries in all).
func (c *Client) Choose(_ context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
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
		c.fail(err)
		return legal[0]
	}
	line = append(line, '\n')
	for try := 0; try < 3; try++ {
		if _, err := c.in.Write(line); err != nil {
			c.fail(err)
			return legal[0]
		}
		for {
			ans, err := c.read()
			if err != nil {
				c.fail(err)
				return legal[0]
			}
			if ans.Type == "error" {
				fmt.Fprintf(c.log, "mille: bot %s says: %s\n", c.name, ans.Message)
				break // ask again
			}
			if ans.Type != "action" || ans.ID != c.id {
				continue // something else, or a late answer: skip it
			}
			a, err := answer(&ans, legal)
			if err == nil {
				return a
			}
			c.tell(ans.ID, err)
			break
		}
	}
	c.fail(errors.New("no legal answer in three tries"))
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

func (c *Client) tell(id int, err error) {
	msg, _ := json.Marshal(Message{Type: "error", ID: id, Message: strings.ReplaceAll(err.Error(), "\n", " ")})
	c.in.Write(append(msg, '\n'))
	fmt.Fprintf(c.log, "mille: bot %s: %v\n", c.name, err)
}

// Close says quit and waits for the program to end.
func (c *Client) Close() error {
	var err error
	c.close.Do(func() {
		c.in.Write([]byte(`{"type":"quit"}` + "\n"))
		c.in.Close()
		if c.cmd != nil {
			done := make(chan error, 1)
			go func() { done <- c.cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				c.cmd.Process.Kill()
				err = <-done
			}
		}
	})
	return err
}
