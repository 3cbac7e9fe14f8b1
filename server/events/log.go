// Package events is mille serve's log: log/slog lines with bounded
// values, at most so many lines a second about one key or source, and the
// refusals and limits that hold written alike wherever they hold. Every
// other server package writes through it; it imports none of them.
package events

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The log formats of server.Config.Log.Format (mille serve --log-format).
const (
	Text = "text" // key=value lines, for people (the default)
	JSON = "json" // one JSON object a line, for log collectors
)

// NewLogger makes the server's logger writing to w in format.
func NewLogger(w io.Writer, format string) (*slog.Logger, error) {
	if w == nil {
		w = io.Discard
	}
	opts := &slog.HandlerOptions{ReplaceAttr: boundValue}
	var h slog.Handler
	switch format {
	case "", Text:
		h = slog.NewTextHandler(w, opts)
	case JSON:
		h = slog.NewJSONHandler(w, opts)
	default:
		return nil, fmt.Errorf("server: log format %q: want %s or %s", format, Text, JSON)
	}
	return slog.New(&floodHandler{next: h, flood: newFlood(time.Now)}), nil
}

// The longest value a log line holds, in bytes, and the longest stack: a
// client's 120 KB room name once made lines of 120,160 characters, and
// the log grew 24 MB a second (issue 22, 2). A longer value is cut, at a
// character's start, and says how much was left out; the handlers quote
// what needs it (spaces, quotes, control characters).
const (
	maxLogValue = 512
	maxLogStack = 16 << 10
)

// boundValue is the log handlers' ReplaceAttr: it cuts long values.
func boundValue(_ []string, a slog.Attr) slog.Attr {
	limit := maxLogValue
	if a.Key == "stack" {
		limit = maxLogStack
	}
	var text string
	switch a.Value.Kind() {
	case slog.KindString:
		text = a.Value.String()
	case slog.KindAny:
		if err, ok := a.Value.Any().(error); ok {
			text = err.Error()
		} else {
			text = fmt.Sprint(a.Value.Any())
		}
	default:
		return a
	}
	if len(text) > limit {
		i := limit
		for i > 0 && !utf8.RuneStart(text[i]) {
			i--
		}
		a.Value = slog.StringValue(fmt.Sprintf("%s…(%d bytes more)", text[:i], len(text)-i))
	}
	return a
}

// Lines a second the log takes about one key, and about one source: the
// reconnect loops of one key once made 4,216 sessions in 20 s, each with
// its lines. A person's session writes a handful; a source may be many
// people behind one address. The lines left out are counted in the next
// one written about that key or source.
const (
	linesPerKey    = 20
	linesPerSource = 50
)

// floodHandler passes a line on unless its key or its source has had its
// lines this second.
type floodHandler struct {
	next  slog.Handler
	flood *flood
}

// flood counts the lines of each key and source, second by second.
type flood struct {
	now    func() time.Time
	mu     sync.Mutex
	second time.Time
	lines  map[string]int // this second, by "key K" and "source S"
	held   map[string]int // left out since the last line written
}

// maxHeld bounds the keys and sources whose lines left out are counted.
const maxHeld = 10000

func newFlood(now func() time.Time) *flood {
	return &flood{now: now, lines: map[string]int{}, held: map[string]int{}}
}

func (h *floodHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *floodHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &floodHandler{next: h.next.WithAttrs(as), flood: h.flood}
}

func (h *floodHandler) WithGroup(name string) slog.Handler {
	return &floodHandler{next: h.next.WithGroup(name), flood: h.flood}
}

func (h *floodHandler) Handle(ctx context.Context, r slog.Record) error {
	var who []string
	r.Attrs(func(a slog.Attr) bool {
		if (a.Key == "key" || a.Key == "source") && a.Value.Kind() == slog.KindString && a.Value.String() != "" {
			who = append(who, a.Key+" "+a.Value.String())
		}
		return true
	})
	if len(who) > 0 {
		held, ok := h.flood.take(who)
		if !ok {
			return nil
		}
		if held > 0 {
			r.AddAttrs(slog.Int("not_logged_before_of_them", held))
		}
	}
	return h.next.Handle(ctx, r)
}

// take counts a line about who (a key, a source, or both) and says whether
// it may be written, with how many lines about them were left out since
// the last one written.
func (f *flood) take(who []string) (held int, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if now := f.now().Truncate(time.Second); !now.Equal(f.second) {
		f.second = now
		clear(f.lines)
	}
	for _, w := range who {
		most := linesPerSource
		if strings.HasPrefix(w, "key ") {
			most = linesPerKey
		}
		if f.lines[w] >= most {
			for _, w := range who {
				if len(f.held) >= maxHeld {
					clear(f.held)
				}
				f.held[w]++
			}
			return 0, false
		}
	}
	for _, w := range who {
		f.lines[w]++
		held = max(held, f.held[w])
		delete(f.held, w)
	}
	return held, true
}

// linesPerSecond is how many lines of one kind of refusal or limit the
// log takes a second: a flood of connections must not become a flood of
// log lines. The lines left out are counted in the next one written.
const linesPerSecond = 10

// Log is the server's log: connections, logins, sessions, rooms,
// limits hit and errors, through log/slog.
type Log struct {
	*slog.Logger
	now func() time.Time

	mu     sync.Mutex
	second time.Time      // the second being counted
	lines  map[string]int // lines written in it, by message
	held   map[string]int // lines left out since the last written, by message
}

// New is the server's log over l, counting time by the wall clock.
func New(l *slog.Logger) *Log {
	return &Log{Logger: l, now: time.Now, lines: map[string]int{}, held: map[string]int{}}
}

// Refused logs a connection turned away at the gate.
func (e *Log) Refused(source, reason string) {
	e.Limited("connection refused", "source", source, "reason", reason)
}

// Limit logs a limit that held: what was cut short, with whom and the
// limit's value.
func (e *Log) Limit(what string, args ...any) {
	e.Limited("limit: "+what, args...)
}

// Limited writes a warning unless linesPerSecond of the same message went
// this second already.
func (e *Log) Limited(msg string, args ...any) { e.limitedAt(slog.LevelWarn, msg, args...) }

// LimitedError is Limited for an error.
func (e *Log) LimitedError(msg string, args ...any) { e.limitedAt(slog.LevelError, msg, args...) }

// limitedAt writes a line at level unless linesPerSecond of the same
// message went this second already.
func (e *Log) limitedAt(level slog.Level, msg string, args ...any) {
	e.mu.Lock()
	if now := e.now().Truncate(time.Second); !now.Equal(e.second) {
		e.second = now
		clear(e.lines)
	}
	if e.lines[msg] >= linesPerSecond {
		e.held[msg]++
		e.mu.Unlock()
		return
	}
	e.lines[msg]++
	held := e.held[msg]
	delete(e.held, msg)
	e.mu.Unlock()
	if held > 0 {
		args = append(args, "not_logged_before", held)
	}
	e.Log(context.Background(), level, msg, args...)
}

// ErrServerFault is what a player reads in place of an error that says
// more about the server than a stranger should (Public): a short
// sentence, which the session says in its language (server/screens gives
// the catalogue its key, RefServerError, the only sentence); its Error
// names it, for logs.
var ErrServerFault = errors.New("events: server fault (the log says what)")

// Public is what a player may read of err, said in the session's
// language with Catalogue.Error. The refusals of the rooms and the lobby
// are for players, and said reports those the catalogue words; any other
// error is English for the operator, and one of the file system names
// the server's files and says more about the machine than a stranger
// should read: those go to the log and the player reads a short sentence
// (ErrServerFault).
func Public(err error, said func(error) bool, log *Log, who ...any) error {
	var path *fs.PathError
	var link *os.LinkError
	var sys *os.SyscallError
	if errors.As(err, &path) || errors.As(err, &link) || errors.As(err, &sys) || !said(err) {
		if log != nil {
			log.Error("server error shown as a short sentence", append(who, "err", err)...)
		}
		return ErrServerFault
	}
	return err
}
