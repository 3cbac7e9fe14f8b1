package plain

import "testing"

// TestBareCount: the transcripts' check finds a count said without its
// unit, and lets a slot, a range, a game's number and distances listed
// before their unit be.
func TestBareCount(t *testing.T) {
	for text, bad := range map[string]bool{
		"Zoé has 0 and Max has 0.\n":                         true,
		"Cards in hand: Ann: 7 and Bob: 6.\n":                true,
		"Cartes en main : Ann : 6.\n":                        true,
		"Extension called by Ann: the trip is now 1000.\n":   true,
		"Zoé has 0 miles and Max has 0 miles.\n":             false,
		"Your hand: card 1: Go and card 6: Stop.\n":          false,
		"Cards are P and 1 to 6; a card's name works too.\n": false,
		"Your turn: play 25, 50 miles and Go.\n":             false,
		"Game 1, hand 3, trip 700 miles, standard rules.\n":  false,
		"You: 150 points this hand; games won 0.\n":          false,
		"Play Stop on whom: Ann (or 2) or Bob (or 3)?\n":     false,
		"Vous : 0 borne sur 700, à l'arrêt.\n":               false,
		"Mille Bornes, règles dujardin+500, 2 joueurs.\n":    false,
	} {
		if got := bareCount(text); (got != "") != bad {
			t.Errorf("bareCount(%q) = %q, want a count found: %v", text, got, bad)
		}
	}
}
