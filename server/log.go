package server

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
)

// The log formats of Config.LogFormat (mille serve --log-format).
const (
	LogText = "text" // key=value lines, for people (the default)
	LogJSON = "json" // one JSON object a line, for log collectors
)

// newLogger makes the server's logger writing to w in format.
func newLogger(w io.Writer, format string) (*slog.Logger, error) {
	if w == nil {
		w = io.Discard
	}
	switch format {
	case "", LogText:
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case LogJSON:
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	}
	return nil, fmt.Errorf("server: log format %q: want %s or %s", format, LogText, LogJSON)
}

// linesPerSecond is how many lines of one kind of refusal or limit the
// log takes a second: a flood of connections must not become a flood of
// log lines. The lines left out are counted in the next one written.
const linesPerSecond = 10

// events is the server's log: connections, logins, sessions, rooms,
// limits hit and errors, through log/slog.
type events struct {
	*slog.Logger
	now func() time.Time

	mu     sync.Mutex
	second time.Time      // the second being counted
	lines  map[string]int // lines written in it, by message
	held   map[string]int // lines left out since the last written, by message
}

func newEvents(l *slog.Logger) *events {
	return &events{Logger: l, now: time.Now, lines: map[string]int{}, held: map[string]int{}}
}

// refused logs a connection turned away at the gate.
func (e *events) refused(source, reason string) {
	e.limited("connection refused", "source", source, "reason", reason)
}

// limit logs a limit that held: what was cut short, with whom and the
// limit's value.
func (e *events) limit(what string, args ...any) {
	e.limited("limit: "+what, args...)
}

// limited writes a warning unless linesPerSecond of the same message went
// this second already.
func (e *events) limited(msg string, args ...any) { e.limitedAt(slog.LevelWarn, msg, args...) }

// limitedError is limited for an error.
func (e *events) limitedError(msg string, args ...any) { e.limitedAt(slog.LevelError, msg, args...) }

// limitedAt writes a line at level unless linesPerSecond of the same
// message went this second already.
func (e *events) limitedAt(level slog.Level, msg string, args ...any) {
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

// publicText is what a player may read of err. The sentences of the
// rooms and the lobby are for players; an error of the file system names
// the server's files and says more about the machine than a stranger
// should read, so it goes to the log and the player reads a short
// sentence.
func publicText(err error, log *events, dataDir string, who ...any) string {
	var path *fs.PathError
	var link *os.LinkError
	var sys *os.SyscallError
	text := err.Error()
	if errors.As(err, &path) || errors.As(err, &link) || errors.As(err, &sys) ||
		dataDir != "" && strings.Contains(text, dataDir) {
		if log != nil {
			log.Error("server error shown as a short sentence", append(who, "err", err)...)
		}
		return ServerErrorText
	}
	return text
}

// ServerErrorText is what a player reads of an error inside the server.
const ServerErrorText = "something went wrong on the server (its log says what); sorry"
