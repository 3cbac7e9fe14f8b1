package lang

import (
	"strings"
	"unicode"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/millebornes/mille/engine"
)

// ComputerNames are the names of the computer players, by seat, at this
// keyboard and at a server's table alike (table.ComputerName picks one):
// short, so six fit the board's and the score's columns at 80 columns,
// and the same in every language. Seat 0 is a computer's only at a
// server's table. Games keep these names as they are; the old "Computer
// N" of a server's table are still said in each language (defaultName).
var ComputerNames = [engine.MaxSeats]string{"Fay", "Ann", "Bob", "Cal", "Dee", "Eve"}

// Reserved reports whether name is one mille gives seats itself, or looks
// like one (Skeleton), in any language and any case: "You", "Computer",
// a computer's name (ComputerNames), "Computer N", "Player N". A person
// typing their name may not take one, so nobody passes for a computer or
// for the viewer's own seat.
func Reserved(name string) bool {
	sk := Skeleton(name)
	if sk == "" {
		return false
	}
	for _, n := range ComputerNames {
		if sk == Skeleton(n) {
			return true
		}
	}
	for _, c := range All {
		for _, k := range []Key{NameYou, NameComputer} {
			if sk == Skeleton(c.Text[k]) {
				return true
			}
		}
		for _, k := range []Key{NameComputerN, PlayerN} {
			prefix, _, _ := strings.Cut(c.Text[k], "%d")
			if rest, ok := strings.CutPrefix(sk, Skeleton(prefix)); ok && rest != "" &&
				strings.Trim(rest, "0123456789oi") == "" { // Skeleton writes 0 as o, 1 as i
				return true
			}
		}
	}
	return false
}

// Skeleton is the form in which two names that look alike are equal: the
// PRECIS nickname profile's form (RFC 8266: widths and compatibility
// characters folded, NFKC), without spaces or accents (marks after NFD),
// in lower case, each letter that passes for a Latin one written as that
// letter (lookAlike). "Alice", "ALICE", "Alíce", "Ａｌｉｃｅ", "AIice" and
// "Аlice" with a Cyrillic А are one name. A server keeps each name's
// skeleton to refuse its look-alikes: changing it changes which stored
// names clash.
func Skeleton(name string) string {
	if n, err := precis.Nickname.String(name); err == nil {
		name = n
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(name) {
		if unicode.IsSpace(r) || unicode.Is(unicode.M, r) {
			continue
		}
		if l, ok := lookAlikeCapital[r]; ok {
			r = l
		}
		r = unicode.ToLower(r)
		if l, ok := lookAlike[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lookAlike maps the small letters of other scripts that most fonts draw
// as a Latin letter, and the Latin letters and digits that pass for one
// another, to one Latin letter: the common entries of Unicode's
// confusables (UTS #39), written down here for the scripts a player's
// keyboard most likely has. Names are compared in lower case, so a capital
// I and a small l are both i, as are 1 and |.
var lookAlike = map[rune]rune{
	// Latin and digits.
	'l': 'i', '1': 'i', '|': 'i', 'ı': 'i', '0': 'o', 'ɑ': 'a', 'ɡ': 'g',
	// Cyrillic.
	'а': 'a', 'в': 'b', 'ь': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'һ': 'h', 'н': 'h',
	'і': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'о': 'o', 'п': 'n', 'р': 'p', 'ԛ': 'q',
	'ѕ': 's', 'т': 't', 'ԝ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'u', 'ν': 'v',
	'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'γ': 'y', 'χ': 'x', 'ω': 'w',
}

// lookAlikeCapital maps the capitals whose small letter looks like another
// Latin letter than they do (a Greek Μ is an M, its μ a u), before the
// names are put in lower case.
var lookAlikeCapital = map[rune]rune{
	'Ζ': 'z', 'Η': 'h', 'Μ': 'm', 'Ν': 'n', 'Υ': 'y',
}
