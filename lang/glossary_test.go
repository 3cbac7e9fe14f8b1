package lang

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
)

// bannedFrench are the variants docs/glossary-fr.md turned down, each
// with the one word the catalogue uses for that concept: one term per
// concept, so a French player never wonders whether two words name two
// things.
var bannedFrench = []struct{ variant, use string }{
	{"Véhic.", "Prioritaire"},
	{"Véhicule prioritaire", "Prioritaire"},
	{"Réparations", "Réparation"},
	{"tout juste", "exactement"},
	{"l'étape achevée", "la manche gagnée"},
	{"étape de %d bornes", "manche en %d bornes"},
	{"cartes de 200 bornes", "étapes de 200"},
	{"la pioche épuisée", "l'épuisement du sabot"},
	{"P : la pioche", "P : piochée"},
	{"(pas là)", "(absent)"},
	{"est close", "est fermée"},
	{"Rien à reprendre", "rien à annuler"},
	{"donnés %", "perdus"},
	{"frappait %s", "l'attaque contre %s"},
	{"joueur de l'ordinateur", "joueur ordinateur"},
	{"cliquez un", "cliquez sur"},
	{"cliquez la", "cliquez sur"},
	{"cliquez le", "cliquez sur"},
	{"cliquez son", "cliquez sur"},
}

// TestFrenchGlossary fails on a French text that uses a variant the
// glossary turned down.
func TestFrenchGlossary(t *testing.T) {
	for k, text := range French.Text {
		plain := strings.ReplaceAll(text, "\u00a0", " ")
		for _, b := range bannedFrench {
			if strings.Contains(plain, b.variant) {
				t.Errorf("French key %d says %q: write %q (docs/glossary-fr.md)\n%s", k, b.variant, b.use, text)
			}
		}
	}
}

// TestGameWhichInFrench: a saved game is described in French, its seats'
// English names of mille's own said in French (no "You" under French).
func TestGameWhichInFrench(t *testing.T) {
	n := engine.Names{Config: engine.Config{Players: 2}, Viewer: -1, Seats: []string{"You", "Computer"}}
	which, scores := French.GameWhich(n, 0, 2, []int{600, 1300})
	if want := "2 joueurs (standard), partie 1, manche 3"; which != want {
		t.Errorf("which: %q, want %q", which, want)
	}
	if want := "Vous 600, Ordinateur 1\u00a0300"; scores != want {
		t.Errorf("scores: %q, want %q", scores, want)
	}
}
