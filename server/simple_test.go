package server

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
)

// TestSimpleRunes: each simple rune is a cluster of its own one cell wide
// beside letters, marks, joiners, emoji and wide letters as the segmenter
// tells, and the board's box drawing, dashes and accented letters are
// among them.
func TestSimpleRunes(t *testing.T) {
	for _, r := range "─│┌┐└┘├┤┬┴┼═║╔╗╚╝▏▕█░·•…—–éèàçÉÀœ→←↑↓" {
		if size, ok := simpleAt(string(r)); !ok || size != len(string(r)) {
			t.Errorf("%q (U+%04X) is not a simple rune", r, r)
		}
	}
	for _, s := range []string{"\u0301", "\u200d", "\ufe0f", "\u0903", "\u1100", "語", "🙂", "\U0001F1EB", "\u00ad", "\u0600", "\x1b"} {
		if _, ok := simpleAt(s); ok {
			t.Errorf("%q is a simple rune", s)
		}
	}
}

// TestSpansAsSegmenter: scanSpans, which skips the segmenter between
// simple runes, cuts random lines of every kind of rune (simple ones,
// combining marks, joiners, emoji, wide letters, colours) into the spans,
// widths and hashes the segmenter alone gives.
func TestSpansAsSegmenter(t *testing.T) {
	pieces := []string{"a", "b", " ", "─", "│", "┼", "é", "…", "·", "→", "\u0301", "\u200d", "\ufe0f", "🙂", "語",
		"\U0001F1EB", "\u0600", "\u00ad", "\u0903", "\u1100", "\u1161", "\x1b[m", "\x1b[38;5;245m", "\x1b[1;31m", "e\u0301"}
	rng := rand.New(rand.NewPCG(36, 36))
	for i := range testkit.Size(2000, 20000, 200000) {
		var b strings.Builder
		for range 1 + rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := b.String()
		fast, fw, fok := scanSpans(nil, line)
		simpleFirst = false
		slow, sw, sok := scanSpans(nil, line)
		simpleFirst = true
		if fw != sw || fok != sok || fok && !slices.Equal(fast, slow) {
			t.Fatalf("line %d %q: scanSpans gives width %d, ok %v, spans %+v; the segmenter alone %d, %v, %+v",
				i, line, fw, fok, fast, sw, sok, slow)
		}
	}
}
