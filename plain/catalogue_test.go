package plain

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
)

// TestCatalogueComplete checks that English has a sentence for every key
// and a name for every card, as any other catalogue must.
func TestCatalogueComplete(t *testing.T) {
	for k, text := range English.Text {
		if strings.TrimSpace(text) == "" && key(k) != keyComma && key(k) != keySemicolon {
			t.Errorf("key %d has no text", k)
		}
	}
	for c := engine.Card(1); c < engine.NumCards; c++ {
		if English.Card(c) == "" {
			t.Errorf("card %d has no name", c)
		}
	}
	if English.Event == nil || English.Reason == nil || English.Brief == nil || English.Why == nil {
		t.Error("English lacks the engine's words")
	}
}

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
