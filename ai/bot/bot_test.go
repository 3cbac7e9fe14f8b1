package bot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// decisionLines plays a few hands with the heuristic and returns the
// decide lines a host would send, one per real decision.
func decisionLines(t testing.TB, cfg engine.Config, seed uint64, max int) [][]byte {
	t.Helper()
	s, err := engine.New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	h := ai.NewHeuristic()
	var lines [][]byte
	var buf [engine.MaxLegal]engine.Action
	for id := 1; len(lines) < max; id++ {
		legal := s.Legal(buf[:0])
		obs := engine.Observe(&s, s.ToAct())
		m := Message{Type: "decide", ID: id, Observation: EncodeObservation(&obs)}
		for _, a := range legal {
			m.Legal = append(m.Legal, EncodeAction(a))
		}
		line, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
		if err := s.Step(h.Choose(context.Background(), &obs, legal)); err != nil {
			t.Fatal(err)
		}
	}
	return lines
}

func TestRoundTrip(t *testing.T) {
	for _, cfg := range engine.Configs() {
		s, _ := engine.New(cfg, 42)
		h := ai.NewHeuristic()
		var buf [engine.MaxLegal]engine.Action
		for i := 0; i < 400; i++ {
			seat := s.ToAct()
			obs := engine.Observe(&s, seat)
			legal := s.Legal(buf[:0])
			back, err := DecodeObservation(EncodeObservation(&obs))
			if err != nil {
				t.Fatalf("%+v step %d: %v", cfg, i, err)
			}
			// Everything a player uses survives the trip (the log is not sent).
			want, got := obs, back
			want.Log, got.Log, want.EventCount, got.EventCount = [engine.LogSize]engine.Event{}, [engine.LogSize]engine.Event{}, 0, 0
			want.HandScores, want.Winner, want.Waiting = [engine.MaxSides]engine.Score{}, -1, false
			if want.Unseen() != got.Unseen() || want.Tableaus != got.Tableaus || want.Phase != got.Phase || want.Turn != got.Turn {
				t.Fatalf("%+v step %d: observation changed in transit", cfg, i)
			}
			for _, a := range legal {
				b, err := DecodeAction(EncodeAction(a))
				if err != nil || b != a {
					t.Fatalf("action %v came back as %v, %v", a, b, err)
				}
			}
			gl := back.Legal(nil)
			if len(gl) != len(legal) {
				t.Fatalf("%+v step %d: legal %v, decoded %v", cfg, i, legal, gl)
			}
			if err := s.Step(h.Choose(context.Background(), &obs, legal)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestServeErrors(t *testing.T) {
	good := decisionLines(t, engine.DefaultConfig, 3, 1)[0]
	tests := []struct {
		name, in, want string
	}{
		{"not json", "hello there\n", "malformed JSON"},
		{"no type", `{"id":3}` + "\n", `no "type"`},
		{"unknown type", `{"type":"dance"}` + "\n", "unknown message type"},
		{"no observation", `{"type":"decide","id":4}` + "\n", `"observation" is missing`},
		{"bad card", string(mutate(t, good, func(m *Message) { m.Observation.MyHand[0] = "Rocket" })) + "\n", `unknown card "Rocket"`},
		{"too many cards", string(mutate(t, good, func(m *Message) { m.Observation.Discards = append(m.Observation.Discards, "Extra Tank", "Extra Tank") })) + "\n", "the deck holds 1"},
		{"not my turn", string(mutate(t, good, func(m *Message) { m.Observation.Turn = 1 - m.Observation.Seat })) + "\n", "not this seat's turn"},
		{"two objects", `{"type":"quit"} {"type":"quit"}` + "\n", "one JSON object per line"},
		{"illegal legal", strings.Replace(string(good), `"legal":[`, `"legal":[{"kind":"play","card":"200"},`, 1) + "\n", "not legal in the observation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			in := tt.in + string(good) + "\n"
			if err := Serve(context.Background(), strings.NewReader(in), &out, ai.NewHeuristic(), "test", "dev"); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != 3 {
				t.Fatalf("want hello, error, action; got %q", lines)
			}
			var m Message
			json.Unmarshal([]byte(lines[1]), &m)
			if m.Type != "error" || !strings.Contains(m.Message, tt.want) {
				t.Errorf("error line %s, want it to say %q", lines[1], tt.want)
			}
			if !strings.Contains(lines[2], `"type":"action"`) {
				t.Errorf("the bot did not carry on: %s", lines[2])
			}
		})
	}
}

// TestClientServeInProcess plays hands between a heuristic and a bot
// served over pipes: the bot's choices must be the heuristic's.
func TestClientServeInProcess(t *testing.T) {
	hostR, botW := io.Pipe()
	botR, hostW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), botR, botW, ai.NewHeuristic(), "pipe", "dev")
		botW.Close()
	}()
	c, err := NewClient(hostW, hostR, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "pipe" {
		t.Errorf("name %q", c.Name())
	}
	s, _ := engine.New(engine.Config{Players: 3}, 9)
	h := ai.NewHeuristic()
	var buf [engine.MaxLegal]engine.Action
	for n := 0; !s.HandOver(); n++ {
		obs := engine.Observe(&s, s.ToAct())
		legal := s.Legal(buf[:0])
		want := h.Choose(context.Background(), &obs, legal)
		var got engine.Action
		if s.ToAct() == 1 {
			got = c.Choose(context.Background(), &obs, legal)
			if got != want {
				t.Fatalf("decision %d: bot played %v, heuristic %v", n, got, want)
			}
		} else {
			got = want
		}
		if err := s.Step(got); err != nil {
			t.Fatal(err)
		}
	}
	if c.Err() != nil {
		t.Fatal(c.Err())
	}
	c.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestClientRefusesIllegal checks that the host refuses a bot's illegal
// answer with an error line and gives up after three tries.
func TestClientRefusesIllegal(t *testing.T) {
	hostR, botW := io.Pipe()
	botR, hostW := io.Pipe()
	go func() {
		io.WriteString(botW, `{"type":"hello","name":"liar","protocol":1}`+"\n")
		br := make([]byte, 1<<20)
		for {
			n, err := botR.Read(br)
			if err != nil {
				botW.Close()
				return
			}
			if strings.Contains(string(br[:n]), `"decide"`) {
				io.WriteString(botW, `{"type":"action","id":1,"action":{"kind":"play","card":"Right of Way"}}`+"\n")
			}
		}
	}()
	var log bytes.Buffer
	c, err := NewClient(hostW, hostR, &log)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := engine.New(engine.DefaultConfig, 1)
	obs := engine.Observe(&s, s.ToAct())
	legal := s.Legal(nil)
	if a := c.Choose(context.Background(), &obs, legal); a != legal[0] {
		t.Errorf("got %v, want the first legal action", a)
	}
	if c.Err() == nil || !strings.Contains(log.String(), "not one of the legal actions") {
		t.Errorf("err %v, log %q", c.Err(), log.String())
	}
	hostW.Close()
}

// mutate changes a decide line.
func mutate(t *testing.T, line []byte, f func(*Message)) []byte {
	t.Helper()
	var m Message
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	f(&m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func FuzzParseDecide(f *testing.F) {
	for _, line := range decisionLines(f, engine.Config{Players: 3}, 5, 8) {
		f.Add(line)
	}
	f.Add([]byte(`{"type":"quit"}`))
	f.Add([]byte(`{"type":"decide","observation":{"players":2,"rules":"bsd"}}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		d, err := ParseDecide(line)
		if err != nil || d == nil {
			return
		}
		// Whatever parsed must be safe to search.
		if len(d.Legal) == 0 {
			t.Fatal("a decision with no legal action")
		}
		p := ai.NewHeuristic()
		a := p.Choose(context.Background(), &d.Obs, d.Legal)
		mc, _ := ai.New("montecarlo:8", 1)
		mc.Choose(context.Background(), &d.Obs, d.Legal)
		_ = a
	})
}

// coupFourreWindow plays heuristic hands until a seat may declare a coup
// fourré and returns that state.
func coupFourreWindow(t *testing.T) engine.State {
	t.Helper()
	h := ai.NewHeuristic()
	var buf [engine.MaxLegal]engine.Action
	for seed := uint64(1); seed < 100; seed++ {
		s, _ := engine.New(engine.DefaultConfig, seed)
		for !s.HandOver() {
			if s.Phase == engine.PhaseCoupFourre {
				return s
			}
			obs := engine.Observe(&s, s.ToAct())
			if err := s.Step(h.Choose(context.Background(), &obs, s.Legal(buf[:0]))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no coup-fourré window in 99 deals")
	return engine.State{}
}

// TestProtocolVersions checks that a host speaks to each bot in the
// protocol of its hello: protocol 1's spellings of the phase and the coup
// fourré for a bot of protocol 1, the engine's for protocol 2; that it
// reads the answer in either; that mille bot (ParseDecide) reads a decide
// line of either; and that it refuses a protocol it does not speak.
func TestProtocolVersions(t *testing.T) {
	s := coupFourreWindow(t)
	obs := engine.Observe(&s, s.ToAct())
	legal := s.Legal(nil)
	for _, tt := range []struct {
		proto       int
		answer      string
		phase, kind string // as the decide line must spell them
	}{
		{1, `{"kind":"coup_fourre"}`, `"phase":"coup fourré"`, `"kind":"coup_fourre"`},
		{2, `{"kind":"coup-fourre"}`, `"phase":"coup-fourre"`, `"kind":"coup-fourre"`},
		{2, `{"kind":"coup_fourre"}`, `"phase":"coup-fourre"`, `"kind":"coup-fourre"`},
	} {
		hostR, botW := io.Pipe()
		botR, hostW := io.Pipe()
		lines := make(chan string, 1)
		go func() {
			fmt.Fprintf(botW, `{"type":"hello","name":"v%d","protocol":%d}`+"\n", tt.proto, tt.proto)
			r := bufio.NewReader(botR)
			line, _ := r.ReadString('\n')
			lines <- line
			fmt.Fprintf(botW, `{"type":"action","id":1,"action":%s}`+"\n", tt.answer)
			io.Copy(io.Discard, r)
			botW.Close()
		}()
		c, err := NewClient(hostW, hostR, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if a := c.Choose(context.Background(), &obs, legal); a != engine.DeclareCoupFourre || c.Err() != nil {
			t.Errorf("protocol %d, answer %s: got %v, %v", tt.proto, tt.answer, a, c.Err())
		}
		line := <-lines
		if !strings.Contains(line, tt.phase) || !strings.Contains(line, tt.kind) {
			t.Errorf("protocol %d: the decide line does not say %s and %s: %s", tt.proto, tt.phase, tt.kind, line)
		}
		d, err := ParseDecide([]byte(line))
		if err != nil || d.Obs.Phase != engine.PhaseCoupFourre || !slices.Contains(d.Legal, engine.DeclareCoupFourre) {
			t.Errorf("protocol %d: mille bot reads the decide line as %+v, %v", tt.proto, d, err)
		}
		hostW.Close()
	}
	for _, proto := range []int{0, 3} {
		hostR, botW := io.Pipe()
		go fmt.Fprintf(botW, `{"type":"hello","name":"odd","protocol":%d}`+"\n", proto)
		_, err := NewClient(io.WriteCloser(nopCloser{io.Discard}), hostR, io.Discard)
		if f := (*Failure)(nil); !errors.As(err, &f) || f.Why != WrongProtocol || f.Protocol != proto {
			t.Errorf("protocol %d: %v", proto, err)
		}
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
