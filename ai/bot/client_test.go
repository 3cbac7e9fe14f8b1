package bot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// fakeBotEnv makes the test binary a misbehaving bot program (TestFakeBot).
const fakeBotEnv = "MILLE_FAKE_BOT"

// nasty is text full of terminal escapes: colour, clear screen, cursor
// moves, a window title (OSC, ended by BEL and by ST), a C1 CSI and a
// bidirectional override.
const nasty = "\x1b[31mred\x1b[0m \x1b[2J\x1b[1;1Hhome \x1b]0;pwned\a\x1b]2;again\x1b\\ \u009b2Jc1 \u202eevil\x1b"

// TestFakeBot is not a test: run by the tests below with fakeBotEnv set,
// it is a bot program that greets and then misbehaves.
func TestFakeBot(t *testing.T) {
	mode := os.Getenv(fakeBotEnv)
	if mode == "" {
		t.Skip("a helper process of the client tests")
	}
	name := "fake"
	if mode == "escapes" {
		name = nasty
	}
	hello, _ := json.Marshal(Message{Type: "hello", Name: name, Protocol: Version})
	fmt.Printf("%s\n", hello)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, MaxLine)
	switch mode {
	case "mute": // reads every line and never answers
		for in.Scan() {
		}
	case "hellos": // keeps saying hello
		for {
			fmt.Printf("%s\n", hello)
		}
	case "escapes": // writes escapes on stderr and in its error lines
		fmt.Fprint(os.Stderr, "debug: "+nasty+"\n")
		for in.Scan() {
			msg, _ := json.Marshal(Message{Type: "error", Message: "oops " + nasty})
			fmt.Printf("%s\n", msg)
		}
	}
	os.Exit(0)
}

// startFake runs the test binary as a fake bot in mode.
func startFake(t *testing.T, mode string, log io.Writer) *Client {
	t.Helper()
	t.Setenv(fakeBotEnv, mode)
	c, err := Start([]string{os.Args[0], "-test.run=^TestFakeBot$"}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// firstDecision is the first decision of a seeded game.
func firstDecision() (engine.Observation, []engine.Action) {
	s, _ := engine.New(engine.DefaultConfig, 1)
	return engine.Observe(&s, s.ToAct()), s.Legal(nil)
}

// within fails the test if f takes longer than a generous bound: the
// point is that it returns at all.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("still waiting after 30s")
	}
}

// TestClientMisbehavingPrograms: a bot that never answers, or that keeps
// saying hello, fails within bounds instead of hanging its host.
func TestClientMisbehavingPrograms(t *testing.T) {
	tests := []struct {
		mode string
		want Failure
	}{
		{"mute", Failure{Bot: "fake", Why: NoAnswer, Timeout: 200 * time.Millisecond}},
		{"hellos", Failure{Bot: "fake", Why: NoLegalAnswer, Tries: 3, Last: Refused{Why: OtherMessage, Type: "hello", ID: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			var log testkit.Buffer
			c := startFake(t, tt.mode, &log)
			c.MoveTimeout = 200 * time.Millisecond
			obs, legal := firstDecision()
			within(t, func() {
				if a := c.Choose(context.Background(), &obs, legal); a != legal[0] {
					t.Errorf("played %v, want the first legal action", a)
				}
				c.Close()
			})
			if f := (*Failure)(nil); !errors.As(c.Err(), &f) || *f != tt.want {
				t.Errorf("err %v, want %+v", c.Err(), tt.want)
			}
		})
	}
}

// TestClientContext: a cancelled decision returns at once without failing
// the bot, whatever the move deadline.
func TestClientContext(t *testing.T) {
	c := startFake(t, "mute", io.Discard)
	obs, legal := firstDecision()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	within(t, func() {
		if a := c.Choose(ctx, &obs, legal); a != legal[0] {
			t.Errorf("played %v", a)
		}
	})
	if c.Err() != nil {
		t.Errorf("a cancelled decision failed the bot: %v", c.Err())
	}
}

// TestClientCleansBotText: escapes in a bot's name, error lines and
// standard error never reach the host's terminal.
func TestClientCleansBotText(t *testing.T) {
	var log testkit.Buffer
	c := startFake(t, "escapes", &log)
	obs, legal := firstDecision()
	within(t, func() {
		c.Choose(context.Background(), &obs, legal)
		c.Close()
	})
	out := log.String()
	if c.Err() == nil || !strings.Contains(out, "bot red home  c1 evil says: oops red home  c1 evil") || !strings.Contains(out, "debug: red home") {
		t.Errorf("err %v, log %q", c.Err(), out)
	}
	if i := strings.IndexFunc(out, func(r rune) bool { return r < ' ' && r != '\n' || r >= 0x7f && r <= 0x9f || r == '\u202e' }); i >= 0 {
		t.Errorf("a control character reached the log at %d: %q", i, out)
	}
}

// pipeBot is a bot over pipes whose every answer the test scripts: for
// each decide line it writes the lines answer returns.
func pipeBot(t *testing.T, answer func(id int) []string) (*Client, *bytes.Buffer) {
	t.Helper()
	hostR, botW := io.Pipe()
	botR, hostW := io.Pipe()
	go func() {
		defer botW.Close()
		io.WriteString(botW, `{"type":"hello","name":"script","protocol":1}`+"\n")
		in := bufio.NewScanner(botR)
		in.Buffer(nil, MaxLine)
		for in.Scan() {
			var m Message
			json.Unmarshal(in.Bytes(), &m)
			if m.Type != "decide" {
				continue
			}
			for _, line := range answer(m.ID) {
				if _, err := io.WriteString(botW, line+"\n"); err != nil {
					return
				}
			}
		}
	}()
	var log bytes.Buffer
	c, err := NewClient(hostW, hostR, &log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); hostR.Close() })
	return c, &log
}

// TestClientCountsFailures: every answer other than the legal action
// counts against the bot, up to three per decision.
func TestClientCountsFailures(t *testing.T) {
	const (
		hello   = `{"type":"hello","name":"again","protocol":1}`
		garbage = `hello there`
		illegal = `{"type":"action","id":%d,"index":99}`
		errLine = `{"type":"error","message":"thinking"}`
		stale   = `{"type":"action","id":77,"index":0}`
		good    = `{"type":"action","id":%d,"index":1}`
	)
	tests := []struct {
		name  string
		lines []string // answers to each decide, in turn; %d is the id
		fails bool
	}{
		{"answers", []string{good}, false},
		{"two hellos, then answers", []string{hello, hello, good}, false},
		{"three hellos", []string{hello, hello, hello, good}, true},
		{"a stale answer and garbage, then answers", []string{stale, garbage, good}, false},
		{"an error line, an illegal answer and a stale one", []string{errLine, illegal, stale, good}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sent := false
			c, log := pipeBot(t, func(id int) []string {
				if sent { // asked again after a refusal: the script is spent
					return nil
				}
				sent = true
				var out []string
				for _, l := range tt.lines {
					if strings.Contains(l, "%d") {
						l = fmt.Sprintf(l, id)
					}
					out = append(out, l)
				}
				return out
			})
			c.MoveTimeout = time.Minute
			obs, legal := firstDecision()
			var a engine.Action
			within(t, func() { a = c.Choose(context.Background(), &obs, legal) })
			if failed := c.Err() != nil; failed != tt.fails {
				t.Fatalf("failed %v (%v), want %v; log:\n%s", failed, c.Err(), tt.fails, log)
			}
			if !tt.fails && a != legal[1] {
				t.Errorf("played %v, want %v", a, legal[1])
			}
		})
	}
}

// TestClientLateAnswer: the answer to a decision given up on (its context
// ended) may still come; it is skipped without counting.
func TestClientLateAnswer(t *testing.T) {
	decided := make(chan int)
	release := make(chan []string)
	c, log := pipeBot(t, func(id int) []string {
		decided <- id
		return <-release
	})
	obs, legal := firstDecision()
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan engine.Action)
	go func() { first <- c.Choose(ctx, &obs, legal) }()
	if id := <-decided; id != 1 {
		t.Fatalf("first decision %d", id)
	}
	cancel()
	if a := <-first; a != legal[0] {
		t.Errorf("cancelled decision played %v", a)
	}
	release <- nil // the bot thinks on
	go func() {
		<-decided
		release <- []string{`{"type":"action","id":1,"index":0}`, `{"type":"action","id":2,"index":1}`}
	}()
	var a engine.Action
	within(t, func() { a = c.Choose(context.Background(), &obs, legal) })
	if a != legal[1] || c.Err() != nil || strings.Contains(log.String(), "skipped") {
		t.Errorf("played %v, err %v, log %q", a, c.Err(), log.String())
	}
}

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, é and 漢字", "plain text, é and 漢字"},
		{"tab\there", "tab here"},
		{"line\nbreak\r", "linebreak"},
		{"\x1b[1;31mbold red\x1b[0m", "bold red"},
		{"\x1b[?1049hscreen", "screen"},
		{"\x1b]0;title\atext", "text"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1bPdcs\x1b\\after", "after"},
		{"\x1b(Bcharset", "charset"},
		{"\x1bcreset", "reset"},
		{"\u009b31mc1", "c1"},
		{"\u009d0;t\u009cafter", "after"},
		{"\u202eoverride\u200b", "override"},
		{"bell\a del\x7f nul\x00", "bell del nul"},
		{"bad \xff byte", "bad \ufffd byte"},
		{"ends in ESC\x1b", "ends in ESC"},
		{"\x1b[31", ""},
		{"\x1b]unterminated", ""},
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
