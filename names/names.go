// Package names holds the rules of the names people and computers take at
// a table, which no translation may change: the names of the computer
// players (Computers), the names mille gives seats itself, which nobody
// may take (Reserved, IsYou), and the form in which two names that look
// alike are one (Skeleton). The catalogue (package lang) says these names
// in each language; it does not decide them: a new or changed translation
// of "you" leaves the names people may take as they were, and a language
// added to the catalogue adds its own words here (a test of lang's checks
// that each catalogue's words are reserved).
package names

import (
	"strings"

	"github.com/millebornes/mille/engine"
)

// Computers are the names of the computer players, by seat, at this
// keyboard and at a server's table alike (table.ComputerName picks one):
// short, so six fit the board's and the score's columns at 80 columns,
// and the same in every language. Seat 0 is a computer's only at a
// server's table. Games keep these names as they are.
var Computers = [engine.MaxSeats]string{"Fay", "Ann", "Bob", "Cal", "Dee", "Eve"}

// yours are the words each language mille speaks names the viewer's own
// seat with (the catalogue's NameYou).
var yours = []string{"You", "Vous"}

// machines are the words each language names a computer with when it has
// no name of its own (the catalogue's NameComputer).
var machines = []string{"Computer", "Ordinateur"}

// numbered are the words each language names a seat with, followed by its
// number: a computer's of older games ("Computer 3", the catalogue's
// NameComputerN) and a seat with no name ("Player 2", PlayerN).
var numbered = []string{"Computer", "Ordinateur", "Player", "Joueur"}

// IsYou reports whether name is, or looks like (Skeleton), the word a
// language of mille's names the viewer's own seat with ("You", "Vous"):
// every screen says it of the person looking, so nobody else may take it.
func IsYou(name string) bool { return oneOf(Skeleton(name), yours) }

// Reserved reports whether name is one mille gives seats itself, or looks
// like one (Skeleton), in any of its languages and any case: "You",
// "Computer", a computer's name (Computers), "Computer N", "Player N". A
// person typing their name may not take one, so nobody passes for a
// computer or for the viewer's own seat.
func Reserved(name string) bool {
	sk := Skeleton(name)
	if sk == "" {
		return false
	}
	if oneOf(sk, yours) || oneOf(sk, machines) || oneOf(sk, Computers[:]) {
		return true
	}
	for _, word := range numbered {
		// The number's digits pass through Skeleton too (a 0 is an o, a
		// 1 an l): what follows the word is digits once folded back.
		if rest, ok := strings.CutPrefix(sk, Skeleton(word)); ok && rest != "" &&
			strings.Trim(rest, "0123456789"+Skeleton("0123456789")) == "" {
			return true
		}
	}
	return false
}

// oneOf reports whether sk is the skeleton of one of words.
func oneOf(sk string, words []string) bool {
	for _, w := range words {
		if sk == Skeleton(w) {
			return true
		}
	}
	return false
}
