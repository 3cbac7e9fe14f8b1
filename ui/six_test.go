package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

func TestGoldenSixPlayers(t *testing.T) {
	m := newModel(t, testConfig(t, 6, 9))
	syncPlay(m, 6)
	snap(t, "board6", m)
	m.openNewGame()
	m.setup.form.set(0, 3) // 6 players
	snap(t, "newgame6", m)
}

// TestLastMoveMarkerAtEightyColumns: with six players at 80 columns,
// the side a card went to still shows the last move's marker, by its
// kind's mark where the card's name does not fit (it was dropped, and
// before that cut: "◀ Puncture…"), in both languages.
func TestLastMoveMarkerAtEightyColumns(t *testing.T) {
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		cfg := testConfig(t, 6, 9)
		cfg.Lang = c
		m := newModel(t, cfg)
		syncPlay(m, 6)
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		m.tables.flash, m.tables.flashTo = engine.PunctureProof, 1
		screen := ansi.Strip(m.View().Content)
		if !strings.Contains(screen, "◀ ★") && !strings.Contains(screen, "◀ "+c.Card(engine.PunctureProof)) {
			t.Errorf("%s: no marker of the last move:\n%s", c.Tag, screen)
		}
	}
}
