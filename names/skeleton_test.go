package names

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/runenames"
)

// TestSmallCapitals: smallCapitals is every letter Unicode names SCRIPT
// LETTER SMALL CAPITAL X whose SCRIPT SMALL LETTER X exists, with it (the
// combining ones are marks, which Skeleton drops).
func TestSmallCapitals(t *testing.T) {
	byName := map[string]rune{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if n := runenames.Name(r); n != "" {
			byName[n] = r
		}
	}
	want := map[rune]rune{}
	for n, r := range byName {
		script, letter, ok := strings.Cut(n, " LETTER SMALL CAPITAL ")
		if !ok || !unicode.IsLetter(r) {
			continue
		}
		if small, ok := byName[script+" SMALL LETTER "+letter]; ok {
			want[r] = small
		}
	}
	if !maps.Equal(want, smallCapitals) {
		var b strings.Builder
		for _, r := range slices.Sorted(maps.Keys(want)) {
			fmt.Fprintf(&b, "%q: %q, ", r, want[r])
		}
		t.Errorf("smallCapitals should be:\n%s", b.String())
	}
}

// TestSkeleton: names that look alike in any case and script have one
// skeleton; names that differ keep theirs.
func TestSkeleton(t *testing.T) {
	for _, same := range [][]string{
		{"Alice", "ALICE", "alice", "Alíce", "Ａｌｉｃｅ", "AIice", "A1ice", "Аlice", "Ali\u0441\u0435", "ΑLICE", "A lice", "ᴀʟɪᴄᴇ"},
		{"Ada", "Ꭺda", "ᴀda", "ADA", "𝐀𝐝𝐚", "Аda"},
		{"Нина", "НИНА", "нина"}, // Cyrillic, in each case
		{"Алиса", "АЛИСА"},       // a Cyrillic Л is a ʌ, its л takes it
		{"Βαλ", "ΒΑΛ"},           // a Greek Β is a b, its β takes it
		{"Han", "ΗΑΝ", "HAN"},    // a Greek Η passes for an H
		{"Dan", "Dαn", "ᴅan", "Ꭰan"},
	} {
		for _, name := range same[1:] {
			if Skeleton(name) != Skeleton(same[0]) {
				t.Errorf("%q (%q) and %q (%q) differ", name, Skeleton(name), same[0], Skeleton(same[0]))
			}
		}
	}
	for _, pair := range [][2]string{
		{"Alice", "Alina"}, {"Alice", "Алиса"}, {"Ada", "Adam"}, {"Han", "Nan"}, {"ηαν", "Han"},
		{"Dan", "Džan"}, {"Bob", "Rob"},
	} {
		if Skeleton(pair[0]) == Skeleton(pair[1]) {
			t.Errorf("%q and %q are one name (%q)", pair[0], pair[1], Skeleton(pair[0]))
		}
	}
	if sk := Skeleton("Alice"); Skeleton(sk) != sk {
		t.Errorf("a skeleton's skeleton differs: %q, %q", sk, Skeleton(sk))
	}
}
