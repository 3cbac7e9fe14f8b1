// Package plain plays mille as lines of text, for screen readers and dumb
// terminals. Every line is printed once, in reading order, and never
// redrawn: no escape sequence, no box drawing, no colour. What happens at
// the table is told in sentences as it happens; the player's turn is a
// line that says what each card in the hand can do now; the player types
// commands as words or BSD mille's letters with Return, and answers every
// question with yes or no.
//
// A session plays over a table connection, as the full-screen program
// does: it knows only its seat's view (package table), so a server's
// room keeps the same privacy for every seat. Every sentence it prints
// comes from a Catalogue.
package plain

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// Options are what a session may do besides playing.
type Options struct {
	// Hint suggests a move from the player's observation (ai.Hint); nil
	// means no hints.
	Hint ai.HintFunc
	// Save keeps the game under the name the player gives and says
	// where it went. Nil: the table keeps itself through Keep, or is not
	// saved.
	Save func(name string) (string, error)
	// Keep keeps a table that keeps itself (a server's room), for its
	// host, and gives the name it is kept under (Lobby.Save).
	Keep func() (string, error)
	// Guest is set for a table that is not the player's own (a server's
	// room): quit leaves it to a computer player.
	Guest bool
	// HandOver is told once at the end of every hand (statistics).
	HandOver func()
	// Review reviews the game (review.Analyse, or through the cache),
	// and Record gives the game's record: both set, the review command
	// tells the review of the last hand or game. Nil: no review (a
	// guest of a room does not hold the game's record).
	Review ReviewFunc
	Record func() record.Game
	// FirstStart: the player never played here before, so the game
	// opens with the offer of the rules, help and shorter turns, as the
	// full screen offers its guide.
	FirstStart bool
	// Unsaved reports whether the game has moves that no save holds, so
	// that quitting offers to save them; nil: always, when Save is set.
	Unsaved func() bool
}

// End is why a game of a session stopped.
type End int

// The ways a session's game ends.
const (
	Quit        End = iota // the player quit without saving
	SavedQuit              // the player saved the game, then quit
	InputClosed            // the input ended (end of file, a closed pipe)
	TableEnded             // the table ended
	Cancelled              // the context was cancelled (a signal)
)

// Session is one person's line-mode conversation: lines in, lines out.
// Play plays a game over a table through it.
type Session struct {
	out   io.Writer
	err   error // the first write error: the session then says nothing more
	cat   *lang.Catalogue
	lines chan string // closed at the end of the input
	done  chan struct{}
	close sync.Once
	// turns is how the turns are told (the brief and verbose
	// commands), in every game of the session.
	turns telling
	// ratedTold is set once the table has told what its rated game did
	// to the person's rating (speech.notice): back in the lobby it is
	// not told again (enter).
	ratedTold bool
}

// telling is how long the turns are told.
type telling int

const (
	// tellShort, the default: the miles, then the turn in a line a
	// screen reader says in under 10 seconds (TestTurnLineLength): the
	// cards by what they can do, without why the others cannot.
	tellShort telling = iota
	// tellBrief: the short turn line without the miles before it.
	tellBrief
	// tellVerbose: the miles, then every card with what it can do or
	// why not.
	tellVerbose
)

// setBrief makes turns shorter: no miles line before them.
func (s *Session) setBrief([]string) {
	s.turns = tellBrief
	s.say(lang.BriefOn)
}

// setVerbose makes turns full: the miles, and why each card that cannot
// be played cannot.
func (s *Session) setVerbose([]string) {
	s.turns = tellVerbose
	s.say(lang.VerboseOn)
}

// maxLine bounds an input line: the rest of a longer line is dropped.
const maxLine = 512

// New starts a session reading lines from in and writing to out in the
// language of cat (nil: English). It reads in from its own goroutine,
// which ends with the input.
func New(in io.Reader, out io.Writer, cat *lang.Catalogue) *Session {
	if cat == nil {
		cat = &lang.English
	}
	s := &Session{out: out, cat: cat.Spoken(), lines: make(chan string), done: make(chan struct{})}
	go s.read(in)
	return s
}

// Farewell is why a served session ends, told last.
type Farewell int

// The farewells of a served session.
const (
	// FarewellIdle: closed for want of keys; the argument is how long.
	FarewellIdle Farewell = iota
	// FarewellBye: the server is shutting down.
	FarewellBye
	// FarewellSaved: the person's room was saved for the server's
	// return; the argument is its name.
	FarewellSaved
	// FarewellElsewhere: a quick match seated the person in a room of
	// another server of the cluster, where the session goes; the argument
	// is the room.
	FarewellElsewhere
)

var farewellKeys = [...]lang.Key{FarewellIdle: lang.FarewellIdle, FarewellBye: lang.FarewellBye, FarewellSaved: lang.FarewellSaved,
	FarewellElsewhere: lang.QuickElsewhere}

// SayFarewell tells f, from the catalogue, before the session is closed.
func (s *Session) SayFarewell(f Farewell, args ...any) {
	if int(f) < len(farewellKeys) {
		s.say(farewellKeys[f], args...)
	}
}

// Close lets the session go: its reader stops at the next line, or at the
// end of the input, and no more is written.
func (s *Session) Close() {
	s.close.Do(func() { close(s.done) })
}

// read sends the input's lines, without their ends, and closes the
// channel at the end of the input.
func (s *Session) read(in io.Reader) {
	defer close(s.lines)
	r := bufio.NewReaderSize(in, maxLine)
	for {
		line, err := r.ReadSlice('\n')
		text := string(line)
		for err == bufio.ErrBufferFull { // too long: keep the start
			_, err = r.ReadSlice('\n')
		}
		if text != "" || err == nil {
			select {
			case s.lines <- strings.TrimRight(text, "\r\n"):
			case <-s.done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// text is the sentence of key k with its arguments.
func (s *Session) text(k lang.Key, args ...any) string {
	return s.cat.T(k, args...) // the numbers as the language writes them
}

// say prints the sentence of key k, a line.
func (s *Session) say(k lang.Key, args ...any) { s.line(s.text(k, args...)) }

// line prints one line, with nothing in it that a terminal would take for
// a command: control characters (typed input echoed back, a name) become
// spaces.
func (s *Session) line(text string) {
	if s.err != nil || text == "" {
		return
	}
	select {
	case <-s.done:
		return // closed
	default:
	}
	_, s.err = io.WriteString(s.out, clean(text)+"\n")
}

// clean replaces control characters, and anything else that is not a
// printable character, with spaces.
func clean(text string) string {
	if !strings.ContainsFunc(text, unsafeRune) {
		return text
	}
	return strings.Map(func(r rune) rune {
		if unsafeRune(r) {
			return ' '
		}
		return r
	}, text)
}

// unsafeRune reports whether r may not be printed as it is: the no-break
// space French sets before a colon may.
func unsafeRune(r rune) bool {
	return r == utf8.RuneError || r != ' ' && r != '\u00a0' && !unicode.IsPrint(r) || r >= 0x2500 && r <= 0x259f
}

// askYesNo asks a yes-or-no question of key k before a game (the
// autosave to resume) and returns the answer; ok is false when the input
// ended or ctx was done first. Any other line asks again.
func (s *Session) askYesNo(ctx context.Context, k lang.Key) (said, ok bool) {
	s.say(k)
	for {
		select {
		case <-ctx.Done():
			return false, false
		case line, open := <-s.lines:
			if !open {
				return false, false
			}
			switch yesNo(line) {
			case yes:
				return true, true
			case no:
				return false, true
			}
			s.say(k)
		}
	}
}

// answer is a line read as yes or no.
type answer int

const (
	neither answer = iota
	yes
	no
)

// yesNo reads a line as an answer.
func yesNo(line string) answer {
	switch {
	case lang.Typed(line, lang.WordYes):
		return yes
	case lang.Typed(line, lang.WordNo):
		return no
	}
	return neither
}

// list joins words as a sentence lists them: "a, b and c" (last is lang.And
// or lang.Or).
func (s *Session) list(words []string, last lang.Key) string {
	switch len(words) {
	case 0:
		return s.text(lang.None)
	case 1:
		return words[0]
	}
	n := len(words) - 1
	return strings.Join(words[:n], s.text(lang.Comma)) + s.text(last) + words[n]
}

// capital starts a sentence with a capital letter.
func capital(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	if n == 0 {
		return text
	}
	return string(unicode.ToUpper(r)) + text[n:]
}
