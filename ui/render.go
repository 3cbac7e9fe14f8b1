package ui

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// paint is a text style reduced to the escape sequences around the text.
// lipgloss.Style.Render measures and re-parses its input on every call;
// the board paints a few hundred short strings a frame, so the styles it
// uses are turned into paints once, when the styles are built.
type paint struct{ open, close string }

// newPaint captures the sequences lipgloss emits around a character.
func newPaint(s lipgloss.Style) paint {
	out := s.Render("x")
	i := strings.IndexByte(out, 'x')
	if i < 0 {
		return paint{}
	}
	return paint{open: out[:i], close: out[i+1:]}
}

// Render paints s, line by line so that each line stands alone.
func (p paint) Render(s string) string {
	if s == "" || p.open == "" {
		return s
	}
	if strings.IndexByte(s, '\n') < 0 {
		return p.open + s + p.close
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = p.open + l + p.close
		}
	}
	return strings.Join(lines, "\n")
}

// width is the number of cells the widest line of s takes: it skips escape
// sequences and counts runes, falling back on lipgloss.Width for anything
// that may be wide or combining.
func width(s string) int {
	n, widest := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\n' {
			widest = max(widest, n)
			n = 0
			i++
			continue
		}
		if c == 0x1b { // CSI or OSC sequence
			j := i + 1
			if j < len(s) && s[j] == '[' {
				j++
				for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
					j++
				}
				i = j + 1
				continue
			}
			if j < len(s) && s[j] == ']' {
				for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
					j++
				}
				if j < len(s) && s[j] == 0x1b {
					j++
				}
				i = j + 1
				continue
			}
			return lipgloss.Width(s)
		}
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		if c == 0xe2 && i+2 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xb0 && s[i+2]&0xc0 == 0x80 {
			// U+2000-U+2BFF, the box drawing among them: narrow, as
			// below, without decoding the rune.
			n++
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x1100 && !(r >= 0x2000 && r <= 0x2bff) || r >= 0x300 && r < 0x370 {
			return lipgloss.Width(s) // wide or combining: ask the real thing
		}
		n++
		i += size
	}
	return max(widest, n)
}

// layer is a piece of the screen at a position, with an ID if it can be
// clicked. Layers are drawn by drawLayers and hit-tested by a
// lipgloss.Compositor built from the same list.
type layer struct {
	id      string
	x, y, z int
	s       string
}

func lay(s string) *layer { return &layer{s: s} }

func (l *layer) ID(id string) *layer { l.id = id; return l }
func (l *layer) X(x int) *layer      { l.x = x; return l }
func (l *layer) Y(y int) *layer      { l.y = y; return l }
func (l *layer) Z(z int) *layer      { l.z = z; return l }

// hitTest returns the ID of the top clickable layer at (x, y), or "".
func hitTest(layers []*layer, x, y int) string {
	ls := make([]*lipgloss.Layer, 0, len(layers))
	for _, l := range layers {
		if l.id != "" {
			ls = append(ls, lipgloss.NewLayer(l.s).ID(l.id).X(l.x).Y(l.y).Z(l.z))
		}
	}
	hit := lipgloss.NewCompositor(ls...).Hit(x, y)
	if hit.Empty() {
		return ""
	}
	return hit.ID()
}

// seg is one line of a layer placed on a row.
type seg struct {
	y, x, w int
	s       string
}

// drawLayers renders layers into a w x h screen. The board's layers mostly
// sit side by side, so each row is built by concatenating its pieces left
// to right; only raised layers (dialogs, z > 0) are spliced over the rows
// they cover. It gives the same picture as lipgloss.Compositor.Render for
// such layouts at a fraction of the cost.
//
// measured, when not nil, holds the widths of the layers' lines of the
// frame before, and is given this frame's.
func drawLayers(w, h int, layers []*layer, measured *layerWidths) string {
	sc := drawScratches.Get().(*drawScratch)
	defer sc.put()
	var raised []*layer
	for i, l := range layers {
		if l.z > 0 {
			raised = append(raised, l)
			continue
		}
		sc.segs = addSegs(sc.segs, l, w, h, measured.of(i, l.s))
	}
	measured.forget(len(layers))
	segs := sc.byRow(h)
	var b strings.Builder
	if len(raised) == 0 { // most frames: the rows straight into the screen
		// The screen's bytes at most: its pieces, a row of padding at
		// most each, the line breaks. One allocation, where growing by
		// doubling from a guess made three or four for a board with its
		// colours (twice the frame's bytes a key).
		n := h * (w + 1)
		for _, s := range segs {
			n += len(s.s)
		}
		b.Grow(n)
		for y := range h {
			if y > 0 {
				b.WriteByte('\n')
			}
			segs = writeSegs(&b, segs, y, w)
		}
		return b.String()
	}
	out := make([]string, h)
	for y := range out {
		b.Reset()
		segs = writeSegs(&b, segs, y, w)
		out[y] = b.String()
	}
	slices.SortStableFunc(raised, func(a, b *layer) int { return a.z - b.z })
	for _, l := range raised {
		x0, y0 := l.x, l.y
		for i, line := range strings.Split(l.s, "\n") {
			y := y0 + i
			if y < 0 || y >= h {
				continue
			}
			out[y] = splice(out[y], x0, line, width(line), w)
		}
	}
	return strings.Join(out, "\n")
}

// drawScratch is what drawing a frame needs for a while: its rows'
// pieces as the layers give them, then by row. A frame's drawing took
// one from the heap before (issue 36).
type drawScratch struct {
	segs, rows []seg
	starts     []int
}

// drawScratches are the scratches of the frames being drawn.
var drawScratches = sync.Pool{New: func() any { return new(drawScratch) }}

// put forgets the frame's pieces, which hold its layers' text, and gives
// sc back.
func (sc *drawScratch) put() {
	clear(sc.segs)
	clear(sc.rows)
	sc.segs, sc.rows = sc.segs[:0], sc.rows[:0]
	drawScratches.Put(sc)
}

// byRow returns the pieces sorted by row, then left to right, those at
// one place in the layers' order: counted into their rows (h of them),
// then each row's few sorted by column, where a sort of the whole was a
// twelfth of a served key's drawing (issue 36).
func (sc *drawScratch) byRow(h int) []seg {
	sc.starts = append(sc.starts[:0], make([]int, h+1)...)
	for _, s := range sc.segs {
		sc.starts[s.y+1]++
	}
	for y := range h {
		sc.starts[y+1] += sc.starts[y]
	}
	sc.rows = slices.Grow(sc.rows[:0], len(sc.segs))[:len(sc.segs)]
	for _, s := range sc.segs {
		sc.rows[sc.starts[s.y]] = s
		sc.starts[s.y]++
	}
	for i := 1; i < len(sc.rows); i++ { // an insertion sort, stable
		for j := i; j > 0 && sc.rows[j-1].y == sc.rows[j].y && sc.rows[j-1].x > sc.rows[j].x; j-- {
			sc.rows[j-1], sc.rows[j] = sc.rows[j], sc.rows[j-1]
		}
	}
	return sc.rows
}

// layerWidths are the widths of the lines of a board's layers in its
// last frame, by layer: a layer whose text is that of the same layer then
// (most of them: the parts kept, the cards drawn once for every board) is
// not measured again, where measuring every line of every layer was a
// sixth of a served key's CPU (issue 36). A layer's text is kept as its
// hash, not the text, so that a board holds no frame between keys (the
// frames' parts made anew, a few KB a session); two texts of one hash
// would keep the widths of the first: one chance in 2^64, as the
// server's painter takes for its lines.
type layerWidths struct {
	hashes []uint64
	widths [][]int32
}

// layerSeed hashes the layers' texts.
var layerSeed = maphash.MakeSeed()

// of returns the widths of the lines of s, layer i of the frame: those
// kept if the layer is the same as in the last frame, else measured and
// kept. A nil lw measures.
func (lw *layerWidths) of(i int, s string) []int32 {
	var h uint64
	if lw != nil && caching {
		h = maphash.String(layerSeed, s)
		if i < len(lw.hashes) && lw.hashes[i] == h {
			return lw.widths[i]
		}
	}
	var ws []int32
	for rest := s; ; {
		line, more, found := strings.Cut(rest, "\n")
		ws = append(ws, int32(width(line)))
		if !found {
			break
		}
		rest = more
	}
	if lw != nil && caching {
		for len(lw.hashes) <= i {
			lw.hashes, lw.widths = append(lw.hashes, 0), append(lw.widths, nil)
		}
		lw.hashes[i], lw.widths[i] = h, ws
	}
	return ws
}

// forget drops the layers past the frame's n.
func (lw *layerWidths) forget(n int) {
	if lw != nil && len(lw.hashes) > n {
		clear(lw.widths[n:])
		lw.hashes, lw.widths = lw.hashes[:n], lw.widths[:n]
	}
}

// addSegs appends the lines of layer l that show on a w x h screen, ws
// the lines' widths.
func addSegs(segs []seg, l *layer, w, h int, ws []int32) []seg {
	x, y0 := l.x, l.y
	content := l.s
	for i := 0; ; i++ {
		line := content
		nl := strings.IndexByte(content, '\n')
		if nl >= 0 {
			line, content = content[:nl], content[nl+1:]
		}
		if y := y0 + i; y >= 0 && y < h && x < w && line != "" {
			segs = append(segs, seg{y: y, x: x, w: int(ws[i]), s: line})
		}
		if nl < 0 {
			return segs
		}
	}
}

// writeSegs lays the pieces of row y, at the start of segs (sorted by
// row, then column), out left to right, padding the gaps, and returns the
// pieces after them.
func writeSegs(b *strings.Builder, segs []seg, y, w int) []seg {
	cur := 0
	for ; len(segs) > 0 && segs[0].y == y; segs = segs[1:] {
		s := segs[0]
		text, sw := s.s, s.w
		if s.x < cur { // overlap: the later piece loses its left part
			cut := cur - s.x
			if cut >= sw {
				continue
			}
			text, sw = ansi.TruncateLeft(text, cut, ""), sw-cut
			s.x = cur
		}
		if s.x+sw > w {
			text, sw = ansi.Truncate(text, w-s.x, ""), w-s.x
		}
		writeSpaces(b, s.x-cur)
		b.WriteString(text)
		cur = s.x + sw
	}
	return segs
}

// spaces are the blanks between a row's pieces.
const spaces = "                                                                "

// writeSpaces writes n spaces.
func writeSpaces(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	b.WriteString(spaces[:max(n, 0)])
}

// splice draws line (lw cells wide) over row at column x.
func splice(row string, x int, line string, lw, w int) string {
	rw := width(row)
	left := row
	if rw > x {
		left = ansi.Truncate(row, x, "")
	} else {
		left += strings.Repeat(" ", x-rw)
	}
	right := ""
	if rw > x+lw {
		right = ansi.TruncateLeft(row, x+lw, "")
	}
	if x+lw > w {
		line = ansi.Truncate(line, w-x, "")
	}
	return left + "\x1b[m" + line + "\x1b[m" + right
}

// fit shortens text, styled or not, to w cells at most without cutting a
// word: "…" follows the last word kept (never a separator). Only a first
// word wider than w is cut, and the "…" says so.
func fit(s string, w int) string {
	if width(s) <= w {
		return s
	}
	if w < 2 {
		return ansi.Truncate(s, w, "")
	}
	cut, cell := -1, 0
	prev := ' '
	for _, r := range ansi.Strip(s) {
		if cell >= w {
			break
		}
		if r == ' ' && !strings.ContainsRune(" ·•,;:", prev) {
			cut = cell // the text before this space, and "…" in its cell
		}
		prev = r
		cell += max(ansi.StringWidth(string(r)), 1)
	}
	if cut < 0 {
		return ansi.Truncate(s, w, "…")
	}
	return ansi.Truncate(s, cut, "") + "…"
}

// wrap breaks plain text into lines of w cells at most, between words (a
// word wider than w is broken, a hyphenated one at its hyphens).
func wrap(s string, w int) []string {
	if width(s) <= w {
		return []string{s}
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}
