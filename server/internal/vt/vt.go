// Package vt is a small terminal emulator: enough of ECMA-48 and xterm to
// follow what Bubble Tea v2's renderer writes (absolute and relative cursor
// moves, erases, insertions and deletions, scroll regions, the alternate
// screen), so that tests and the load test can read a session's screen as
// text. Colors and attributes are ignored.
package vt

import (
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
)

// Screen is a terminal's grid of cells fed by Write. It is safe for
// concurrent use.
type Screen struct {
	mu      sync.Mutex
	w, h    int
	main    [][]rune // the normal screen
	alt     [][]rune // the alternate screen
	cells   [][]rune // main or alt, whichever shows
	x, y    int
	saved   [2]int // cursor saved by DECSC or mode 1049
	top     int    // scroll region, inclusive rows
	bottom  int
	wrap    bool // a print at the last column is waiting to wrap
	nowrap  bool // autowrap (DECAWM) is off
	last    rune // the last printed rune, for REP
	parser  *ansi.Parser
	written int64
	widths  map[rune]int // the widths of the runes met so far
}

// wide marks the second cell of a double-width character.
const wide = -1

// New returns a blank screen of w columns and h rows.
func New(w, h int) *Screen {
	s := &Screen{}
	s.resize(max(w, 1), max(h, 1))
	s.cells = s.main
	s.parser = ansi.NewParser()
	s.parser.SetHandler(ansi.Handler{
		Print:     s.print,
		Execute:   s.execute,
		HandleCsi: s.csi,
		HandleEsc: s.esc,
	})
	return s
}

func grid(w, h int, old [][]rune) [][]rune {
	g := make([][]rune, h)
	for y := range g {
		g[y] = make([]rune, w)
		for x := range g[y] {
			g[y][x] = ' '
		}
		if y < len(old) {
			copy(g[y], old[y])
		}
	}
	return g
}

func (s *Screen) resize(w, h int) {
	alt := s.cells != nil && &s.cells[0] == &s.alt[0]
	s.w, s.h = w, h
	s.main, s.alt = grid(w, h, s.main), grid(w, h, s.alt)
	s.cells = s.main
	if alt {
		s.cells = s.alt
	}
	s.top, s.bottom = 0, h-1
	s.x, s.y = min(s.x, w-1), min(s.y, h-1)
	s.wrap = false
}

// Resize changes the size of the screen, keeping what fits, as a terminal
// window does before the program redraws.
func (s *Screen) Resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resize(max(w, 1), max(h, 1))
}

// Write feeds the screen with a program's output.
func (s *Screen) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parser.Parse(b)
	s.written += int64(len(b))
	return len(b), nil
}

// Written returns how many bytes the screen has been fed.
func (s *Screen) Written() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written
}

// Lines returns the rows of the screen as text without trailing spaces.
func (s *Screen) Lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := make([]string, s.h)
	var b strings.Builder
	for y, row := range s.cells {
		b.Reset()
		for _, r := range row {
			if r != wide {
				b.WriteRune(r)
			}
		}
		lines[y] = strings.TrimRight(b.String(), " ")
	}
	return lines
}

// String returns the screen as text, one line per row, without the blank
// rows at the bottom.
func (s *Screen) String() string {
	return strings.TrimRight(strings.Join(s.Lines(), "\n"), "\n")
}

// Cursor returns the cursor's column and row, from 0.
func (s *Screen) Cursor() (x, y int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.x, s.y
}

func (s *Screen) print(r rune) {
	w := 1
	if r >= 0x80 {
		w = s.width(r)
	}
	if w == 0 {
		return // a combining mark or a control: nothing to place
	}
	if s.wrap || s.x+w > s.w {
		if s.nowrap {
			s.x = max(s.w-w, 0)
		} else {
			s.x = 0
			s.lineFeed()
		}
	}
	s.wrap = false
	s.put(s.x, r)
	if w == 2 && s.x+1 < s.w {
		s.put(s.x+1, wide)
	}
	s.last = r
	if s.x+w >= s.w {
		s.x = s.w - 1
		s.wrap = true
	} else {
		s.x += w
	}
}

// width returns the number of columns r takes, measured once per rune.
func (s *Screen) width(r rune) int {
	w, ok := s.widths[r]
	if !ok {
		w = ansi.StringWidth(string(r))
		if s.widths == nil {
			s.widths = map[rune]int{}
		}
		s.widths[r] = w
	}
	return w
}

// put writes r at column x of the cursor's row, blanking any wide
// character it cuts in half.
func (s *Screen) put(x int, r rune) {
	row := s.cells[s.y]
	if row[x] == wide && x > 0 {
		row[x-1] = ' '
	}
	if x+1 < s.w && row[x+1] == wide && r != wide {
		row[x+1] = ' '
	}
	row[x] = r
}

func (s *Screen) execute(b byte) {
	switch b {
	case '\b':
		s.move(s.x-1, s.y)
	case '\t':
		s.move(min((s.x/8+1)*8, s.w-1), s.y)
	case '\n', '\v', '\f':
		s.wrap = false
		s.lineFeed()
	case '\r':
		s.move(0, s.y)
	}
}

// lineFeed moves down one row, scrolling the region at its bottom.
func (s *Screen) lineFeed() {
	if s.y == s.bottom {
		s.scrollUp(s.top, s.bottom, 1)
	} else if s.y < s.h-1 {
		s.y++
	}
}

func (s *Screen) reverseIndex() {
	if s.y == s.top {
		s.scrollDown(s.top, s.bottom, 1)
	} else if s.y > 0 {
		s.y--
	}
}

func (s *Screen) blank() []rune {
	row := make([]rune, s.w)
	for i := range row {
		row[i] = ' '
	}
	return row
}

// scrollUp moves rows top..bottom up by n, blank rows coming in below.
func (s *Screen) scrollUp(top, bottom, n int) {
	n = min(n, bottom-top+1)
	copy(s.cells[top:bottom+1], s.cells[top+n:bottom+1])
	for y := bottom - n + 1; y <= bottom; y++ {
		s.cells[y] = s.blank()
	}
}

// scrollDown moves rows top..bottom down by n, blank rows coming in above.
func (s *Screen) scrollDown(top, bottom, n int) {
	n = min(n, bottom-top+1)
	copy(s.cells[top+n:bottom+1], s.cells[top:bottom+1-n])
	for y := top; y < top+n; y++ {
		s.cells[y] = s.blank()
	}
}

func (s *Screen) move(x, y int) {
	s.x, s.y = min(max(x, 0), s.w-1), min(max(y, 0), s.h-1)
	s.wrap = false
}

func (s *Screen) esc(cmd ansi.Cmd) {
	if cmd.Intermediate() != 0 {
		return // character sets and the like
	}
	switch cmd.Final() {
	case 'D':
		s.lineFeed()
	case 'E':
		s.x = 0
		s.lineFeed()
	case 'M':
		s.reverseIndex()
	case '7':
		s.saved = [2]int{s.x, s.y}
	case '8':
		s.move(s.saved[0], s.saved[1])
	case 'c':
		s.cells = s.main
		s.erase(0, 0, s.w-1, s.h-1)
		s.top, s.bottom, s.nowrap = 0, s.h-1, false
		s.move(0, 0)
	}
}

// erase blanks the cells from (x0, y0) to (x1, y1) in reading order.
func (s *Screen) erase(x0, y0, x1, y1 int) {
	for y := y0; y <= y1; y++ {
		from, to := 0, s.w-1
		if y == y0 {
			from = x0
		}
		if y == y1 {
			to = x1
		}
		for x := from; x <= to && x < s.w; x++ {
			s.cells[y][x] = ' '
		}
	}
}

func (s *Screen) csi(cmd ansi.Cmd, params ansi.Params) {
	// n is parameter i, with def for a missing or zero one.
	n := func(i, def int) int {
		v, _, ok := params.Param(i, def)
		if !ok || v == 0 {
			return def
		}
		return v
	}
	if cmd.Prefix() == '?' {
		set := cmd.Final() == 'h'
		if !set && cmd.Final() != 'l' {
			return
		}
		params.ForEach(0, func(_, mode int, _ bool) { s.decMode(mode, set) })
		return
	}
	if cmd.Prefix() != 0 || cmd.Intermediate() != 0 {
		return
	}
	switch cmd.Final() {
	case 'A':
		s.move(s.x, s.y-n(0, 1))
	case 'B':
		s.move(s.x, s.y+n(0, 1))
	case 'C':
		s.move(s.x+n(0, 1), s.y)
	case 'D':
		s.move(s.x-n(0, 1), s.y)
	case 'E':
		s.move(0, s.y+n(0, 1))
	case 'F':
		s.move(0, s.y-n(0, 1))
	case 'G', '`':
		s.move(n(0, 1)-1, s.y)
	case 'd':
		s.move(s.x, n(0, 1)-1)
	case 'H', 'f':
		s.move(n(1, 1)-1, n(0, 1)-1)
	case 'I':
		for range n(0, 1) {
			s.move(min((s.x/8+1)*8, s.w-1), s.y)
		}
	case 'Z':
		for range n(0, 1) {
			s.move((s.x-1)/8*8, s.y)
		}
	case 'J':
		switch v, _, _ := params.Param(0, 0); v {
		case 0:
			s.erase(s.x, s.y, s.w-1, s.h-1)
		case 1:
			s.erase(0, 0, s.x, s.y)
		case 2, 3:
			s.erase(0, 0, s.w-1, s.h-1)
		}
	case 'K':
		switch v, _, _ := params.Param(0, 0); v {
		case 0:
			s.erase(s.x, s.y, s.w-1, s.y)
		case 1:
			s.erase(0, s.y, s.x, s.y)
		case 2:
			s.erase(0, s.y, s.w-1, s.y)
		}
	case 'X':
		s.erase(s.x, s.y, min(s.x+n(0, 1), s.w)-1, s.y)
	case 'b':
		for range n(0, 1) {
			s.print(s.last)
		}
	case '@':
		row, k := s.cells[s.y], min(n(0, 1), s.w-s.x)
		copy(row[s.x+k:], row[s.x:])
		for x := s.x; x < s.x+k; x++ {
			row[x] = ' '
		}
	case 'P':
		row, k := s.cells[s.y], min(n(0, 1), s.w-s.x)
		copy(row[s.x:], row[s.x+k:])
		for x := s.w - k; x < s.w; x++ {
			row[x] = ' '
		}
	case 'L':
		if s.y >= s.top && s.y <= s.bottom {
			s.scrollDown(s.y, s.bottom, n(0, 1))
			s.x = 0
		}
	case 'M':
		if s.y >= s.top && s.y <= s.bottom {
			s.scrollUp(s.y, s.bottom, n(0, 1))
			s.x = 0
		}
	case 'S':
		s.scrollUp(s.top, s.bottom, n(0, 1))
	case 'T':
		s.scrollDown(s.top, s.bottom, n(0, 1))
	case 'r':
		top, bottom := n(0, 1)-1, n(1, s.h)-1
		if top < bottom && bottom < s.h {
			s.top, s.bottom = top, bottom
			s.move(0, 0)
		}
	case 's':
		s.saved = [2]int{s.x, s.y}
	case 'u':
		s.move(s.saved[0], s.saved[1])
	}
}

// decMode sets or resets a private mode; only those that move text matter.
func (s *Screen) decMode(mode int, set bool) {
	switch mode {
	case 7:
		s.nowrap = !set
	case 47, 1047, 1049:
		if mode == 1049 && set {
			s.saved = [2]int{s.x, s.y}
		}
		if set {
			s.cells = s.alt
			s.erase(0, 0, s.w-1, s.h-1)
		} else {
			s.cells = s.main
		}
		if mode == 1049 && !set {
			s.move(s.saved[0], s.saved[1])
		}
	}
}
