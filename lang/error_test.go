package lang

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/coded"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
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
		{nested, "Not that name: there is no room with that name. You have no name yet, so the next line you type is taken as your name: type one and press Return.", "Pas ce nom\u00a0: aucune salle ne porte ce nom. Vous n'avez pas encore de nom, donc la prochaine ligne que vous tapez sera votre nom\u00a0: tapez-le puis Entrée."},
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

// TestBotFailures (issue 33): a bot program's failure inside an arena's
// line is said in the reader's language, its reason a code with its
// figures.
func TestBotFailures(t *testing.T) {
	for _, tc := range []struct {
		f      *bot.Failure
		en, fr string
	}{
		{&bot.Failure{Bot: "b", Why: bot.NoAnswer, Timeout: 300 * time.Millisecond},
			"bot b: no answer within 300ms", "bot b\u00a0: aucune réponse en 300ms"},
		{&bot.Failure{Bot: "b", Why: bot.NoLegalAnswer, Tries: 3, Last: bot.Refused{Why: bot.OtherMessage, Type: "hello", ID: 1}},
			`bot b: no legal answer in 3 tries (last: a "hello" message, not the action for decision 1)`,
			"bot b\u00a0: aucune réponse permise en 3 essais (la dernière\u00a0: un message «\u00a0hello\u00a0», pas l'action de la décision 1)"},
		{&bot.Failure{Program: "./b", Why: bot.NoHello, Timeout: 10 * time.Second},
			"./b: no hello within 10s", "./b\u00a0: aucun hello en 10s"},
		{&bot.Failure{Bot: "b", Why: bot.Ended, Err: io.EOF}, "bot b: EOF", "bot b\u00a0: sa sortie s'est arrêtée (EOF)"},
	} {
		arena := Err(ErrArenaSeatFailed, "cmd:./b", tc.f)
		if got := English.Error(tc.f); got != tc.en {
			t.Errorf("English.Error = %q, want %q", got, tc.en)
		}
		if got := French.Error(arena); got != French.T(ErrArenaSeatFailed, "cmd:./b", tc.fr) {
			t.Errorf("French.Error = %q, want the seat, then %q", got, tc.fr)
		}
	}
}

// TestSaveFaults (issue 33): a damaged save's fault is said in the
// reader's language, its field, its figures and its cards too.
func TestSaveFaults(t *testing.T) {
	damaged := func(field string, err error) error {
		return &save.Error{Path: "x.mille.json", Why: save.RefDamaged, Args: []any{&record.FieldError{Field: field, Err: err}}}
	}
	for _, tc := range []struct {
		err    error
		en, fr string
	}{
		{damaged("state.drawPile[0]", coded.New(save.FaultNullInPile)),
			"x.mille.json: state.drawPile[0]: a pile holds no empty places (null)",
			"x.mille.json\u00a0: fichier abîmé\u00a0: state.drawPile[0]\u00a0: une pile n'a pas de place vide (null)"},
		{damaged("ui.sort", coded.New(save.FaultWant, save.KindString, save.Token{Kind: save.KindNumber, Number: "1"})),
			"x.mille.json: ui.sort: want a string, got number 1",
			"x.mille.json\u00a0: fichier abîmé\u00a0: ui.sort\u00a0: il faut une chaîne, pas le nombre 1"},
		{damaged("state.tableaus[0].coupsFourres[0]", coded.New(save.FaultNotSafety, engine.Go)),
			"x.mille.json: state.tableaus[0].coupsFourres[0]: Go is not a safety",
			"x.mille.json\u00a0: fichier abîmé\u00a0: state.tableaus[0].coupsFourres[0]\u00a0: Feu vert n'est pas une botte"},
		{damaged("", coded.New(save.FaultUnknownField, "cheat")),
			`x.mille.json: the document: unknown field "cheat"`,
			"x.mille.json\u00a0: fichier abîmé\u00a0: le document\u00a0: champ inconnu \"cheat\""},
		{damaged("seats", coded.New(record.FaultSeats, 3, 2)),
			"x.mille.json: seats: 3 seats for 2 players",
			"x.mille.json\u00a0: fichier abîmé\u00a0: seats\u00a0: 3 places pour 2 joueurs"},
		{damaged("state.phase", &engine.NotationError{Why: engine.UnknownName, What: "phase", Token: "nap", Want: []string{"play", "hand-over"}}),
			`x.mille.json: state.phase: unknown phase "nap" (want play or hand-over)`,
			"x.mille.json\u00a0: fichier abîmé\u00a0: state.phase\u00a0: phase inconnue \"nap\" (il faut play ou hand-over)"},
		{&save.Error{Path: "x.mille.json", Why: save.RefSyntaxAt, Args: []any{3, 5, "B"}},
			`x.mille.json: not valid JSON at line 3, column 5: unexpected "B"`,
			"x.mille.json\u00a0: JSON non valide à la ligne 3, colonne 5\u00a0: \"B\" inattendu"},
	} {
		if got := English.Error(tc.err); got != tc.en {
			t.Errorf("English: %q, want %q", got, tc.en)
		}
		if got := French.Error(tc.err); got != tc.fr {
			t.Errorf("French: %q, want %q", got, tc.fr)
		}
		if !Says(tc.err) {
			t.Errorf("Says(%v) is false", tc.err)
		}
	}
	// What the file holds is quoted in either language: a name or a key
	// with an escape must not reach the terminal.
	for _, err := range []error{
		damaged("seats[0]", coded.New(record.FaultNameUnprintable, "\x1b[2J")),
		damaged("", coded.New(save.FaultUnknownField, "\x1b]0;pwned\a")),
		&save.Error{Why: save.RefSyntaxAt, Args: []any{1, 1, "\x1b"}},
	} {
		for _, c := range All {
			if text := c.Error(err); strings.ContainsAny(text, "\x1b\a") {
				t.Errorf("%s: %q holds the file's escape", c.Tag, text)
			}
		}
	}
}

// TestFileSystemErrors: the file system's bare answers a player meets (a
// save that is not there, a folder not to be read) are said in the
// reader's language; English keeps the system's words.
func TestFileSystemErrors(t *testing.T) {
	missing := &save.Error{Path: "x.mille.json", Why: save.RefIO, Args: []any{syscall.ENOENT}}
	if got, want := English.Error(missing), "x.mille.json: no such file or directory"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if got, want := French.Error(missing), "x.mille.json\u00a0: ce fichier ou ce dossier n'existe pas"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
	if got, want := French.Error(syscall.EACCES), "permission refusée"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
}
