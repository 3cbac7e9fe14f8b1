package names

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// Skeleton is the form in which two names that look alike are equal, in
// any case and any script:
//
//  1. the PRECIS nickname profile's form (RFC 8266: widths and
//     compatibility characters folded, NFKC; "Ａｌｉｃｅ" is "Alice");
//  2. Unicode's skeleton (UTS #39, section 4: NFD, each character mapped
//     to its prototype by confusables.txt, NFD again), so a letter of any
//     script that passes for another is that one: a Cyrillic а or a
//     Cherokee Ꭺ is an a, a digit 1 and a capital I are an l;
//  3. without spaces or marks (accents), and in lower case, a small
//     capital as its letter (ᴀ is a): the skeleton is case-sensitive and
//     names are not, so "ALICE" and "Alice" stay one name;
//
// repeated until nothing changes, since lower case can make a letter
// that has a prototype. Where a capital and its small letter look like
// different things (caseLooks), the small letter takes the capital's
// look, unless each looks like its own Latin letter or digit (Greek Η
// and η pass for h and n: each is kept as it looks).
//
// "Alice", "ALICE", "Alíce", "Ａｌｉｃｅ", "AIice", "A1ice" and "Аlice" with
// a Cyrillic А are one name. A server keeps each name's skeleton to refuse
// its look-alikes: changing it changes which stored names clash (the
// server claims every name again as it starts).
func Skeleton(name string) string { return skeleton(name, caseLooks()) }

// skeleton is Skeleton with the small letters of looks written as their
// capitals' looks.
func skeleton(name string, looks map[rune]string) string {
	if n, err := precis.Nickname.String(name); err == nil {
		name = n
	}
	// Each round maps letters to letters of Unicode's prototypes, which
	// map to themselves: two or three rounds reach the end; the bound
	// is a guard.
	for range 8 {
		next := fold(confusables.Skeleton(lookAsCapital(name, looks)))
		if next == name {
			break
		}
		name = next
	}
	return name
}

// lookAsCapital writes each small letter of s (decomposed: accents
// apart) that has an entry in looks as its capital's look.
func lookAsCapital(s string, looks map[rune]string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if l, ok := looks[r]; ok {
			b.WriteString(l)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// fold drops spaces and marks and writes every letter in lower case, a
// small capital as its small letter.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.Is(unicode.M, r) {
			continue
		}
		if l, ok := smallCapitals[r]; ok {
			r = l
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// caseLooks are the small letters whose look (Skeleton) is not their
// capital's, and which take the capital's, so a name is the same name in
// any case: the small i, whose capital I is an l (so i, I, l and 1 are
// one letter, as Latin names in capitals need), a Cyrillic л beside Л
// (a ʌ), a Greek β beside Β (a b). A capital and small letter that each
// pass for another Latin letter or digit (Η, η; Г, г) keep their own
// looks: a name in that script is then one name in each case only where
// its letters allow. Made from Unicode's data on the first call: every
// capital whose small letter differs.
var caseLooks = sync.OnceValue(func() map[rune]string {
	looks := map[rune]string{}
	key := func(s string) string { return skeleton(s, looks) }
	// Each entry changes the look of the names that hold its letter:
	// go round until no capital disagrees with its small letter any more
	// than the rule allows.
	for changed := true; changed; {
		changed = false
		for _, table := range []*unicode.RangeTable{unicode.Lu, unicode.Lt} {
			for _, rng := range table.R16 {
				for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
					changed = addLook(looks, key, r) || changed
				}
			}
			for _, rng := range table.R32 {
				for r := rune(rng.Lo); r <= rune(rng.Hi); r += rune(rng.Stride) {
					changed = addLook(looks, key, r) || changed
				}
			}
		}
	}
	return looks
})

// addLook gives the small letter of capital the capital's look (key), if
// they differ and the small letter does not look like a Latin letter or
// digit of its own (the capital I is the one Latin capital whose small
// letter looks like another Latin letter: i takes I's look, l). It
// reports whether it added an entry.
func addLook(looks map[rune]string, key func(string) string, capital rune) bool {
	small := unicode.ToLower(capital)
	if small == capital {
		return false
	}
	if _, ok := looks[small]; ok {
		return false
	}
	as, own := key(string(capital)), key(string(small))
	if as == own || as == "" {
		return false
	}
	if capital >= utf8.RuneSelf && latinOrDigit(own) {
		return false
	}
	looks[small] = as
	return true
}

// latinOrDigit reports whether s is one small Latin letter or one digit of
// ASCII.
func latinOrDigit(s string) bool {
	return len(s) == 1 && ('a' <= s[0] && s[0] <= 'z' || '0' <= s[0] && s[0] <= '9')
}

// smallCapitals are Unicode's small capital letters, each with the small
// letter it is the capital of (by their names: LATIN LETTER SMALL CAPITAL
// A is LATIN SMALL LETTER A's); TestSmallCapitals checks the list against
// Unicode's names. Unicode's confusables leave most of them out (a
// small capital ᴀ does not look like a small a), yet a name is the same
// in every case: ᴀda is Ada.
var smallCapitals = map[rune]rune{
	'ɢ': 'g', 'ɪ': 'i', 'ɴ': 'n', 'ʀ': 'r', 'ʏ': 'y', 'ʙ': 'b', 'ʛ': 'ɠ', 'ʜ': 'h', 'ʟ': 'l',
	'ᴀ': 'a', 'ᴁ': 'æ', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴆ': 'ð', 'ᴇ': 'e', 'ᴊ': 'j', 'ᴋ': 'k', 'ᴌ': 'ł',
	'ᴍ': 'm', 'ᴏ': 'o', 'ᴐ': 'ɔ', 'ᴕ': 'ȣ', 'ᴘ': 'p', 'ᴚ': 'ɹ', 'ᴛ': 't', 'ᴜ': 'u', 'ᴠ': 'v',
	'ᴡ': 'w', 'ᴢ': 'z', 'ᴣ': 'ʒ', 'ᴦ': 'γ', 'ᴧ': 'λ', 'ᴨ': 'π', 'ᴩ': 'ρ', 'ᴪ': 'ψ', 'ᴫ': 'л',
	'ⱻ': 'ǝ', 'ꜰ': 'f', 'ꜱ': 's', 'ꝶ': 'ꝵ', 'ꞯ': 'q', 'ꟺ': 'ɯ', 'ꭥ': 'ω',
	'𝼂': 'ᵷ', '𝼄': 'ɬ', '𝼐': 'ʞ',
}
