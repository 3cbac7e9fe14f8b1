package lang

import (
	"errors"
	"fmt"
	"testing"

	"github.com/millebornes/mille/table"
)

// TestError: an Error says itself in the reader's language through
// Catalogue.Error, wrapped or not, its error
// arguments too; errors.Is finds it by identity and sees through it; any
// other error says itself.
func TestError(t *testing.T) {
	sentinel := Err(RefNoRoom)
	other := errors.New("plain words")
	wrapped := fmt.Errorf("joining: %w", sentinel)
	nested := Err(NameRefused, sentinel)
	for _, tc := range []struct {
		err    error
		en, fr string
	}{
		{sentinel, "there is no room with that name", "aucune salle ne porte ce nom"},
		{wrapped, "there is no room with that name", "aucune salle ne porte ce nom"},
		{Err(RefRoomsPerKey, 1200), "you host 1200 rooms already, the most one player may: end one first", "vous accueillez déjà 1\u00a0200 salles, le plus qu'un joueur peut\u00a0: terminez-en une d'abord"},
		{nested, "Not that name: there is no room with that name.", "Pas ce nom\u00a0: aucune salle ne porte ce nom."},
		{other, "plain words", "plain words"},
		{nil, "", ""},
	} {
		if got := English.Error(tc.err); got != tc.en {
			t.Errorf("English.Error(%v) = %q, want %q", tc.err, got, tc.en)
		}
		if got := French.Error(tc.err); got != tc.fr {
			t.Errorf("French.Error(%v) = %q, want %q", tc.err, got, tc.fr)
		}
	}
	if !errors.Is(wrapped, sentinel) || !errors.Is(nested, sentinel) || errors.Is(Err(RefNoRoom), sentinel) {
		t.Error("errors.Is does not find a catalogue's error by identity")
	}
}

// TestTableRefusals (issue 33): every code of a table's refusals has its
// key, whose English and French differ, wrapped or not.
func TestTableRefusals(t *testing.T) {
	for why := range table.NumReasons {
		r := &table.Refusal{Why: why, Seat: 3}
		if k, _, ok := tableRefusal(r); !ok || English.Text[k] == "" {
			t.Errorf("%v: no key", r)
		}
		if en, fr := English.Error(r), French.Error(fmt.Errorf("joining: %w", r)); fr == en || fr == "" {
			t.Errorf("%v: English %q, French %q", r, en, fr)
		}
	}
}
