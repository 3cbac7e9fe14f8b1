package bot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// MaxLine is the longest line either side accepts, in bytes.
const MaxLine = 1 << 20

func fixedRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// Decide is a checked decide message: the observation and legal actions.
type Decide struct {
	ID    int
	Obs   engine.Observation
	Legal []engine.Action
}

// ParseDecide reads one host line. It returns a *Decide for a decision,
// (nil, nil) for quit, and an error for anything else, saying what is
// wrong. It never panics, whatever the input (see FuzzParseDecide).
func ParseDecide(line []byte) (d *Decide, err error) {
	defer func() {
		if r := recover(); r != nil { // a last net: a bug here must not kill a bot
			d, err = nil, fmt.Errorf("internal error reading the message: %v", r)
		}
	}()
	var m Message
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("malformed JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("one JSON object per line, please")
	}
	switch m.Type {
	case "quit":
		return nil, nil
	case "decide":
	case "error":
		return nil, errFromHost
	case "":
		return nil, errors.New(`the message has no "type"`)
	default:
		return nil, fmt.Errorf("unknown message type %q (want decide or quit)", m.Type)
	}
	obs, err := DecodeObservation(m.Observation)
	if err != nil {
		return nil, fmt.Errorf("observation: %w", err)
	}
	d = &Decide{ID: m.ID, Obs: obs}
	var buf [engine.MaxLegal]engine.Action
	legal := obs.Legal(buf[:0])
	if len(legal) == 0 {
		return nil, errors.New("the observation leaves this seat nothing to do")
	}
	if m.Legal == nil {
		d.Legal = slices.Clone(legal)
		return d, nil
	}
	for _, aj := range m.Legal {
		a, err := DecodeAction(aj)
		if err != nil {
			return nil, fmt.Errorf("legal: %w", err)
		}
		if !slices.Contains(legal, a) {
			return nil, fmt.Errorf("legal: %v is not legal in the observation", a)
		}
		if !slices.Contains(d.Legal, a) {
			d.Legal = append(d.Legal, a)
		}
	}
	if len(d.Legal) == 0 {
		return nil, errors.New("legal: the list is empty")
	}
	return d, nil
}

// Serve is the bot's side of the protocol: it greets the host, then
// answers every decide line on r with an action line on w until quit or
// the end of the input. A malformed line gets an error line and the bot
// carries on. Serve returns nil at the end of the input.
func Serve(ctx context.Context, r io.Reader, w io.Writer, p ai.Player, name, version string) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(Message{Type: "hello", Name: name, Program: version, Protocol: Version}); err != nil {
		return err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if errors.Is(err, errTooLong) {
				if err := enc.Encode(Message{Type: "error", Message: err.Error()}); err != nil {
					return err
				}
				continue
			}
			return err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		d, err := ParseDecide(line)
		if errors.Is(err, errFromHost) {
			continue // the host refused an answer; it asks again
		}
		if err != nil {
			if err := enc.Encode(Message{Type: "error", ID: idOf(line), Message: cleanError(err)}); err != nil {
				return err
			}
			continue
		}
		if d == nil {
			return nil // quit
		}
		a := choose(ctx, p, d)
		aj := EncodeAction(a)
		if err := enc.Encode(Message{Type: "action", ID: d.ID, Action: &aj}); err != nil {
			return err
		}
	}
}

// choose asks the player, and keeps a panicking player from killing the bot.
func choose(ctx context.Context, p ai.Player, d *Decide) (a engine.Action) {
	defer func() {
		if r := recover(); r != nil {
			a = d.Legal[0]
		}
	}()
	a = p.Choose(ctx, &d.Obs, d.Legal)
	if !slices.Contains(d.Legal, a) {
		a = d.Legal[0]
	}
	return a
}

// idOf digs the id out of a message that failed to parse, if it can.
func idOf(line []byte) int {
	var m struct {
		ID int `json:"id"`
	}
	json.Unmarshal(line, &m)
	return m.ID
}

// errFromHost marks an error line from the host: nothing to answer.
var errFromHost = errors.New("error from the host")

var errTooLong = fmt.Errorf("line longer than %d bytes", MaxLine)

// readLine reads one line without its newline, refusing (and skipping)
// lines longer than MaxLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxLine {
			// Skip the rest of the line.
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errTooLong
		}
		line = append(line, chunk...)
		switch err {
		case nil:
			return bytes.TrimRight(line, "\r\n"), nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			if len(line) > 0 {
				return line, nil
			}
			return nil, io.EOF
		default:
			return nil, err
		}
	}
}
