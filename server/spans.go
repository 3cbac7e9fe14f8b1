package server

import (
	"hash/maphash"
	"math/bits"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
)

// A key that moves the selection along the hand changes some 18 columns
// in five lines of a 100x30 board; rewriting those lines whole sent 1.8 KB
// a key (issue 36). So the painter cuts each line into spans of spanCols
// columns and keeps a hash of each: a line that changed is rewritten only
// from its first changed span to its last (or in a few pieces, when what
// lies between costs more to resend than a cursor move), each piece
// starting with the colours and attributes in force there.
//
// A span's hash covers the column it starts at, the SGR state (the
// sequences since the last reset) in force at its start and its bytes, so
// that two spans of one hash show the same cells: a wide character moved
// across a span's edge changes where the next span starts, and so its hash.

// spanCols is how many columns a span holds: at 8, a 100x30 screen keeps
// 13 hashes a line, 3 KB a session.
const spanCols = 8

// unknownSpan is the hash kept for a span whose cells are not known (a
// line just written whole): it matches no span, so the line is rewritten
// whole when it next changes. 0 is kept for the columns past a line's end.
const unknownSpan = ^uint64(0)

// span is a piece of a line: the grapheme clusters that start in spanCols
// columns of it, and the escape sequences before them.
type span struct {
	start, end int    // its bytes in the line
	col        int    // the column of its first cluster
	pen        int    // where the SGR sequences in force at its start begin: the last reset
	penLen     int    // how many bytes of SGR sequences are in force at its start
	penHash    uint64 // their hash
	hash       uint64

	// Where it is written from: its first cluster, with the SGR sequences
	// in force there from firstPen (those before it in the span that a
	// reset undoes are not written).
	first, firstPen int
}

// scratch is what painting a frame needs for a while and no session keeps.
type scratch struct{ spans []span }

var scratchPool = sync.Pool{New: func() any { return &scratch{spans: make([]span, 0, 64)} }}

// scanSpans cuts line into spans and returns them with the line's width
// in columns. ok is false when the line holds an escape sequence other
// than SGR (or one cut short): the span's state could not be told, and the
// line is written whole.
func scanSpans(spans []span, line string) (_ []span, width int, ok bool) {
	spans = append(spans[:0], span{})
	var (
		col, k             int    // the column, the span open
		pen, penLen        int    // the SGR state here
		penHash            uint64 //
		after              int    // just after the last cluster, where a next span begins
		afterPen, afterLen int    // the SGR state there
		afterHash          uint64 //
	)
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == 0x1b:
			if i+1 == len(line) || line[i+1] != '[' {
				return spans, 0, false
			}
			j := i + 2
			for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
				j++
			}
			if j == len(line) || line[j] != 'm' || !sgrParams(line[i+2:j]) {
				return spans, 0, false
			}
			seq := line[i : j+1]
			r := resets(line[i+2 : j])
			switch r {
			case resetOnly: // nothing in force after it
				pen, penLen = j+1, 0
			case resetFirst:
				pen, penLen = i, len(seq)
			default:
				penLen += len(seq)
			}
			penHash = applyPen(penHash, r, seq)
			i = j + 1
		case c < 0x20 || c == 0x7f:
			return spans, 0, false // a control: the line's own business
		default:
			n, w := 1, 1
			if c >= 0x80 || i+1 < len(line) && line[i+1] >= 0x80 {
				// Beyond ASCII, or a mark that may join this letter:
				// unless both are among the simple runes (simple.go),
				// the segmenter says where the cluster ends.
				size, ok := 1, c < 0x80 && simpleFirst
				if c >= 0x80 {
					size, ok = simpleAt(line[i:])
				}
				if next := line[i+size:]; ok && next != "" && next[0] >= 0x80 {
					_, ok = simpleAt(next)
				}
				if ok {
					n = size
				} else {
					cluster, cw := ansi.FirstGraphemeCluster(line[i:], ansi.GraphemeWidth)
					n, w = max(len(cluster), 1), cw
				}
			}
			if w > 0 && col/spanCols != k {
				if col/spanCols != k+1 {
					return spans, 0, false // wider than a span: never in a terminal
				}
				spans[k].end = after
				spans = append(spans, span{start: after, col: col, pen: afterPen, penLen: afterLen, penHash: afterHash, first: i, firstPen: pen})
				k++
			}
			i += n
			col += w
			after, afterPen, afterLen, afterHash = i, pen, penLen, penHash
		}
	}
	spans[k].end = len(line)
	for i := range spans {
		s := &spans[i]
		h := maphash.String(lineSeed, line[s.start:s.end]) ^
			bits.RotateLeft64(s.penHash, 29)*0xbf58476d1ce4e5b9 ^ uint64(s.col+1)*0x94d049bb133111eb
		if h == 0 || h == unknownSpan {
			h = 1
		}
		s.hash = h
	}
	return spans, col, true
}

// sgrParams reports whether p is the parameters of an SGR sequence:
// digits, semicolons and colons.
func sgrParams(p string) bool {
	for i := 0; i < len(p); i++ {
		if (p[i] < '0' || p[i] > '9') && p[i] != ';' && p[i] != ':' {
			return false
		}
	}
	return true
}

// How an SGR sequence resets the attributes set before it.
const (
	resetNone  = iota
	resetFirst // it starts with a reset, then sets some
	resetOnly  // it resets them all, and sets none
)

// applyPen returns the hash of the SGR state pen after an SGR sequence
// seq that resets as r: 0 for no attribute in force.
func applyPen(pen uint64, r int, seq string) uint64 {
	switch r {
	case resetOnly:
		return 0
	case resetFirst:
		pen = 0
	}
	return bits.RotateLeft64(pen, 23)*0x9e3779b97f4a7c15 ^ maphash.String(lineSeed, seq)
}

// resets tells how an SGR sequence of parameters p resets the attributes
// set before it.
func resets(p string) int {
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == ';':
			return resetFirst
		case p[i] != '0':
			return resetNone
		}
	}
	return resetOnly
}

// repaint writes line y of f, whose hash is h, where it differs from the
// line on the screen: the spans that changed, or all of it.
func (p *painter) repaint(b *strings.Builder, sc *scratch, f *frame, y int, line string, h uint64) {
	row := p.written[y*p.stride : (y+1)*p.stride]
	row[0] = h
	spans, w, ok := scanSpans(sc.spans, line)
	if ok && f.width > 0 && w > f.width {
		line = ansi.Truncate(line, f.width, "")
		spans, w, ok = scanSpans(spans, line)
	}
	sc.spans = spans
	if !ok || len(spans) > len(row)-1 {
		p.whole(b, f, y, line)
		for i := 1; i < len(row); i++ {
			row[i] = unknownSpan
		}
		return
	}
	last := len(row) - 2 // the last span a line of this width can have
	changed := func(k int) bool {
		if k < len(spans) {
			return row[1+k] != spans[k].hash
		}
		return row[1+k] != 0
	}
	for k := 0; k <= last; {
		if !changed(k) {
			k++
			continue
		}
		e := k // the last span of this piece
		for j := k + 1; j <= last; j++ {
			if !changed(j) {
				continue
			}
			if j > e+1 && !cheaperWhole(line, spans, e, j) {
				break
			}
			e = j
		}
		p.writeSpans(b, f, y, line, spans, w, k, e)
		k = e + 1
	}
	for k := 1; k < len(row); k++ {
		row[k] = 0
		if k-1 < len(spans) {
			row[k] = spans[k-1].hash
		}
	}
}

// cheaperWhole reports whether the spans between e and j, which did not
// change, cost fewer bytes to write again than starting anew at j: a
// cursor move, the SGR state and the reset after the piece before.
func cheaperWhole(line string, spans []span, e, j int) bool {
	if e+1 >= len(spans) {
		return true // past the line's end: nothing to write
	}
	end, pen := len(line), 0
	if j < len(spans) {
		end, pen = spans[j].start, spans[j].penLen
	}
	return end-spans[e+1].start <= len("\x1b[30;100H")+pen+len(ansi.ResetStyle)
}

// writeSpans writes spans a to e of line y (w columns wide), a piece of
// it; past the line's end (a shorter line than the one on the screen),
// the rest of the screen's line is erased.
func (p *painter) writeSpans(b *strings.Builder, f *frame, y int, line string, spans []span, w, a, e int) {
	if a >= len(spans) {
		if f.width <= 0 || w < f.width {
			moveTo(b, y, w)
			b.WriteString(ansi.EraseLineRight)
		}
		return
	}
	s := spans[a]
	moveTo(b, y, s.col)
	pw := penWriter{b: b, colors: p.colors}
	for pen := line[s.firstPen:s.first]; ; {
		// The SGR sequences in force, between text: complete, as
		// scanSpans saw; the first may reset, the others do not.
		i := strings.IndexByte(pen, 0x1b)
		if i < 0 {
			break
		}
		pen = pen[i:]
		end := strings.IndexByte(pen, 'm') + 1
		p.colors.write(b, pen[:end])
		pw.pen = applyPen(pw.pen, resets(pen[2:end-1]), pen[:end])
		pen = pen[end:]
	}
	end, toEnd := len(line), e >= len(spans)-1
	if !toEnd {
		end = spans[e].end
	}
	pw.write(line[s.first:end])
	if pw.pen != 0 {
		b.WriteString(ansi.ResetStyle)
	}
	if toEnd && (f.width <= 0 || w < f.width) {
		// After the reset, so that the erase paints the terminal's own
		// background. Never after a full line: the cursor stays on its
		// last column, which the erase would wipe.
		b.WriteString(ansi.EraseLineRight)
	}
}

// penWriter writes text whose SGR sequences scanSpans checked, leaving out
// a reset and the sequences after it when they set again what was in
// force before it: the ui's styles end each piece of text with a reset,
// even between two pieces of one style ("\x1b[38;5;245m│\x1b[m\x1b[38;5;245m 50").
type penWriter struct {
	b      *strings.Builder
	colors *colors
	pen    uint64 // the terminal's SGR state, by applyPen
}

// write writes text.
func (w *penWriter) write(text string) {
	held, heldPen := -1, uint64(0) // a reset and what follows it, held until text comes
	release := func(at int) {
		if held >= 0 && heldPen != w.pen {
			w.colors.write(w.b, text[held:at])
			w.pen = heldPen
		}
		held = -1
	}
	for i := 0; i < len(text); {
		if text[i] != 0x1b {
			j := strings.IndexByte(text[i:], 0x1b)
			if j < 0 {
				j = len(text) - i
			}
			release(i)
			w.b.WriteString(text[i : i+j])
			i += j
			continue
		}
		j := i + strings.IndexByte(text[i:], 'm')
		seq := text[i : j+1]
		r := resets(text[i+2 : j])
		switch {
		case held >= 0:
			heldPen = applyPen(heldPen, r, seq)
		case r != resetNone:
			held, heldPen = i, applyPen(w.pen, r, seq)
		default:
			w.colors.write(w.b, seq)
			w.pen = applyPen(w.pen, r, seq)
		}
		i = j + 1
	}
	release(len(text))
}

// whole writes line y of f whole.
func (p *painter) whole(b *strings.Builder, f *frame, y int, line string) {
	moveTo(b, y, 0)
	w := ansi.StringWidth(line)
	if f.width > 0 && w > f.width {
		line, w = ansi.Truncate(line, f.width, ""), f.width
	}
	p.colors.write(b, line)
	b.WriteString(ansi.ResetStyle)
	if f.width <= 0 || w < f.width {
		b.WriteString(ansi.EraseLineRight)
	}
}
