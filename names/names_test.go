package names

import "testing"

// TestReserved: the names mille gives seats, in each of its languages and
// any case, and their look-alikes, are reserved; names that only start
// like one are not.
func TestReserved(t *testing.T) {
	for name, want := range map[string]bool{
		"You": true, "vous": true, "COMPUTER": true, "Ordinateur": true, "Computer 3": true,
		"ordinateur  2": true, "Player 1": true, "Joueur 4": true,
		"Computer Ann": false, "Player": false, "Youssef": false, "": false,
		// issue 24, 10: the computers' names and their look-alikes.
		"Ann": true, "bob": true, "B0b": true, "Ca1": true, "Dee": true, "EVE": true, "Fay": true,
		"Annie": false, "Bobby": false, "Computer 1O": true, "Joueur 2": true, "Player 3x": false,
		"ᴄᴀʟ": true, "Ꭼve": true, "Уou": true, "Yоu": true,
	} {
		if got := Reserved(name); got != want {
			t.Errorf("Reserved(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{"You": true, "VOUS": true, "Υou": true, "Computer": false, "Youri": false} {
		if got := IsYou(name); got != want {
			t.Errorf("IsYou(%q) = %v, want %v", name, got, want)
		}
	}
}
