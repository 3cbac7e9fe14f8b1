package server

import (
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Most of a board's letters beyond ASCII are box drawing, dashes, dots
// and accented letters: each one cell wide and a grapheme cluster of its
// own beside a letter, a space or another of them. Asking the grapheme
// segmenter about each (ansi.FirstGraphemeCluster) was most of the
// painter's CPU for a changed line (issue 36); simpleRunes lists those
// the segmenter itself says so of, once, and scanSpans asks it only about
// the others.

// simpleFirst turns the simple runes on; the test that scanSpans cuts
// lines as the segmenter alone does turns it off.
var simpleFirst = true

// simpleLimit is where the runes simpleRunes knows end: two-byte UTF-8
// and U+2000-U+2BFF (punctuation, arrows, box drawing, shapes).
const simpleLimit = 0x2c00

// simpleRunes is a bit a rune below simpleLimit: set when the rune is one
// cell wide and joins neither the rune before it nor the one after it in
// a grapheme cluster, as ansi.FirstGraphemeCluster with ansi.GraphemeWidth
// tells: with a letter after it, it is a cluster of its own one cell wide
// (it prepends nothing), and after a letter, the letter is a cluster of
// its own (it extends nothing). The rules that could join two such runes
// otherwise (Hangul syllables, regional indicators, emoji joined by a
// zero-width joiner) concern runes beyond these or of no width.
var simpleRunes = sync.OnceValue(func() *[simpleLimit / 64]uint64 {
	var set [simpleLimit / 64]uint64
	for r := rune(0x80); r < simpleLimit; r++ {
		if r == 0x800 {
			r = 0x2000 // of three bytes, only U+2000 on
		}
		s := string(r)
		if c, w := ansi.FirstGraphemeCluster(s+"a", ansi.GraphemeWidth); c != s || w != 1 {
			continue
		}
		if c, _ := ansi.FirstGraphemeCluster("a"+s, ansi.GraphemeWidth); c != "a" {
			continue
		}
		set[r/64] |= 1 << (r % 64)
	}
	return &set
})

// simpleAt reports whether the rune at the start of s is one of
// simpleRunes, and its length in bytes.
func simpleAt(s string) (size int, ok bool) {
	if !simpleFirst || len(s) == 0 || s[0] < utf8.RuneSelf {
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(s)
	if r >= simpleLimit || r == utf8.RuneError {
		return 0, false
	}
	return n, simpleRunes()[r/64]&(1<<(r%64)) != 0
}
