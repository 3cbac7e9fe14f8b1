package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
)

// TestNewGameFormKeepsAPlayableConfig steps the players and rules fields
// through their options: the form offers the engine's player counts and
// rulesets, and a choice the other field does not allow moves that field
// (bsd takes the table to 2 players; 3 or more players, back to standard).
func TestNewGameFormKeepsAPlayableConfig(t *testing.T) {
	f := newGameForm{players: 2, rules: engine.Standard}
	if opts, cur := f.options(0); len(opts) != len(engine.PlayerCounts) || opts[cur] != "2" {
		t.Fatalf("players: %q, %d", opts, cur)
	}
	if opts, cur := f.options(1); strings.Join(opts, ",") != "standard,bsd,dujardin,dujardin+500" || cur != 0 {
		t.Fatalf("rules: %q, %d", opts, cur)
	}
	for _, tt := range []struct {
		field, option int
		want          engine.Config
	}{
		{0, 2, engine.Config{Players: 4, Rules: engine.Standard}},
		{1, 1, engine.Config{Players: 2, Rules: engine.BSD}},
		{0, 1, engine.Config{Players: 3, Rules: engine.Standard}},
		{0, 0, engine.Config{Players: 2, Rules: engine.Standard}},
		{1, 1, engine.Config{Players: 2, Rules: engine.BSD}},
		{0, 3, engine.Config{Players: 6, Rules: engine.Standard}},
		{1, 2, engine.Config{Players: 6, Rules: engine.Dujardin}}, // dujardin keeps the 6
		{1, 1, engine.Config{Players: 2, Rules: engine.BSD}},
		{1, 3, engine.Config{Players: 2, Rules: engine.Dujardin500}},
	} {
		f.set(tt.field, tt.option)
		got := engine.Config{Players: f.players, Rules: f.rules}
		if got != tt.want || got.Validate() != nil {
			t.Fatalf("field %d option %d: %v, want %v", tt.field, tt.option, got, tt.want)
		}
		if _, cur := f.options(1); engine.Rulesets[cur] != f.rules {
			t.Fatalf("the rules field shows %v for %v", engine.Rulesets[cur], f.rules)
		}
	}
}

// TestFlowNewGameOpensOnTheFirstOption: the screen opens with the players
// field chosen, so that ←→ change it at once; Return still starts.
func TestFlowNewGameOpensOnTheFirstOption(t *testing.T) {
	tm := runTest(t, newModel(t, testConfig(t, 2, 7)), 80, 24)
	press(tm, "n")
	waitModel(t, tm, "the new-game screen", func(m *Model) bool { return m.screen == screenNewGame })
	contains(t, screenNow(tm), "▶ Players")
	press(tm, "right")
	waitModel(t, tm, "3 players", func(m *Model) bool { return m.ng.players == 3 })
	press(tm, "enter")
	waitModel(t, tm, "the new game", func(m *Model) bool { return m.screen == screenBoard && m.obs.Config.Players == 3 })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}
