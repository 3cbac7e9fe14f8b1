package plain

import (
	"strings"
	"testing"
)

// TestFarewells: a served session's last lines come from the catalogue,
// with their arguments in place.
func TestFarewells(t *testing.T) {
	var out strings.Builder
	s := New(strings.NewReader(""), &out, nil)
	s.SayFarewell(FarewellIdle, "30m0s")
	s.SayFarewell(FarewellBye)
	s.SayFarewell(FarewellSaved, "fam")
	s.Close()
	s.SayFarewell(FarewellBye) // closed: nothing more
	want := "Closed after 30m0s without a key. Come back with ssh: a seat you held waits a while.\n" +
		"The server is shutting down. Thanks for playing!\n" +
		"Your game in room fam is saved. When the server is back, join room fam again: your seat waits for you.\n"
	if out.String() != want {
		t.Errorf("farewells:\n%s\nwant:\n%s", out.String(), want)
	}
}
