package ui

import (
	"io"
	"os"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/parser"
)

// MaxSeparators is the most parameter separators (';' or ':') a control
// sequence may carry through Input: one fewer than the parameters the
// terminal-input decoder under Bubble Tea has room for. That decoder
// (charmbracelet/x/ansi's DecodeSequence, as ultraviolet calls it on every
// read) writes a 33rd parameter past the end of its array and panics in a
// goroutine nobody can recover: 69 bytes, ESC [ and "1;" 33 times and 1,
// ended the whole process, served or local (issue 22). No key, mouse report
// or paste a terminal sends comes near the limit; the longest, the Win32
// input mode's, has six parameters.
const MaxSeparators = parser.MaxParamsSize - 1

// Input returns a reader of r's bytes, a terminal's input, in which no
// control sequence carries more than MaxSeparators parameter separators:
// past that, the sequence's parameter bytes are dropped up to its final
// byte, so the decoder reads a shorter sequence that means nothing to it.
// Everything else passes unchanged and in order, read as it comes (no
// byte is held back waiting for the next).
//
// It knows a control sequence as the decoder does (ESC [ or ESC P, with
// any intermediates between, or the 8-bit CSI and DCS), and counts from
// each such introducer wherever it stands, even inside a string or a
// multi-byte character: it may drop a few parameter bytes the decoder
// would have taken as text (32 semicolons after a character ending in
// byte 0x9B), never the other way round.
func Input(r io.Reader) io.Reader { return &inputGuard{r: r} }

// TerminalInput is Input over a terminal, for local play: Bubble Tea sees
// a terminal still (it puts it in raw mode and cancels its reads through
// the file descriptor) but reads through the guard.
func TerminalInput(f *os.File) *GuardedFile { return &GuardedFile{File: f, guard: inputGuard{r: f}} }

// GuardedFile is a terminal's file whose reads go through Input.
type GuardedFile struct {
	*os.File
	guard inputGuard
}

// Read reads through the guard.
func (g *GuardedFile) Read(p []byte) (int, error) { return g.guard.Read(p) }

// inputGuard is Input's reader: a small state machine over the bytes as
// they pass.
type inputGuard struct {
	r     io.Reader
	state guardState
	seps  int // parameter separators in the sequence being read
}

type guardState uint8

const (
	guardText   guardState = iota
	guardEscape            // after ESC (and any intermediates)
	guardParams            // after a CSI or DCS introducer
)

func (g *inputGuard) Read(p []byte) (int, error) {
	for {
		n, err := g.r.Read(p)
		n = g.filter(p[:n])
		// A read whose bytes were all dropped is read again rather than
		// returned empty, which a caller may take for the end.
		if n > 0 || err != nil || len(p) == 0 {
			return n, err
		}
	}
}

// filter drops the bytes of b that would make a sequence too long, in
// place, and returns how many are left.
func (g *inputGuard) filter(b []byte) int {
	out := 0
	for _, c := range b {
		if g.keep(c) {
			b[out] = c
			out++
		}
	}
	return out
}

// keep moves the state machine over c and says whether c passes.
func (g *inputGuard) keep(c byte) bool {
	for {
		switch g.state {
		case guardParams:
			if c >= 0x30 && c <= 0x3f { // digits, separators, prefixes
				if c == ';' || c == ':' {
					g.seps++
				}
				return g.seps <= MaxSeparators
			}
			// Any other byte ends the parameters; it is read anew as
			// text, as the decoder does.
			g.state = guardText
		case guardEscape:
			switch {
			case c == '[' || c == 'P':
				g.state, g.seps = guardParams, 0
				return true
			case c >= 0x20 && c <= 0x2f: // intermediates
				return true
			case c == ansi.ESC:
				return true
			}
			g.state = guardText
			if c >= 0x30 && c <= 0x7e { // a final byte: an ESC sequence
				return true
			}
		default:
			switch c {
			case ansi.ESC:
				g.state = guardEscape
			case ansi.CSI, ansi.DCS:
				g.state, g.seps = guardParams, 0
			}
			return true
		}
	}
}
