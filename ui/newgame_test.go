package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/local"
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
	waitModel(t, tm, "the new-game screen", func(m *Model) bool { return m.setup != nil })
	contains(t, screenNow(tm), "▶ Players")
	press(tm, "right")
	waitModel(t, tm, "3 players", func(m *Model) bool { return m.setup.form.players == 3 })
	press(tm, "enter")
	waitModel(t, tm, "the new game", func(m *Model) bool { return m.screen == screenBoard && m.obs.Config.Players == 3 })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestFlowNewGameNames (issue 24 item 11): where people share the
// keyboard, the new-game screen asks their names; a name mille gives
// seats, another seat's or one too long is refused with a word; the names
// go to the seats and to the options file, and the next new-game screen
// starts from the game on the table: its players, rules, levels, people
// and names.
func TestFlowNewGameNames(t *testing.T) {
	cfg := testConfig(t, 2, 7)
	tm := runTest(t, newModel(t, cfg), 100, 30)
	press(tm, "n")
	waitModel(t, tm, "the new-game screen", func(m *Model) bool { return m.setup != nil })
	press(tm, "down", "right", "right", "up", "right") // dujardin rules (bsd on the way), 3 players
	press(tm, "down", "down", "down")                  // seat 3's level
	for i := 0; probe(tm, func(m *Model) bool { return m.setup.form.levels[2] != local.Person }); i++ {
		if i > 5 {
			t.Fatalf("no person among the choices: %+v", probe(tm, func(m *Model) newGameForm { return m.setup.form }))
		}
		press(tm, "right")
	}
	waitModel(t, tm, "two name fields", func(m *Model) bool { return len(m.setup.form.named()) == 2 && m.setup.form.players == 3 })
	for probe(tm, func(m *Model) bool { return m.setup.form.nameSeat(m.setup.form.field) != 0 }) {
		press(tm, "down")
	}
	press(tm, "C", "o", "m", "p", "u", "t", "e", "r", " ", "2", "enter")
	waitModel(t, tm, "a name refused", func(m *Model) bool {
		return m.isError && strings.Contains(m.message, "Computer 2 is how mille names a seat") && m.setup != nil
	})
	press(tm, slices.Repeat([]string{"backspace"}, 10)...)
	press(tm, "Z", "o", "é", "tab", "z", "o", "é", "enter")
	waitModel(t, tm, "Zoé taken", func(m *Model) bool { return m.isError && strings.Contains(m.message, "is another seat's name") })
	contains(t, screenNow(tm), "Zoé is another seat's name")
	if probe(tm, func(m *Model) bool { return m.setup.form.nameSeat(m.setup.form.field) == 0 }) {
		press(tm, "tab") // the refusal went to the first of the two
	}
	press(tm, "backspace", "backspace", "backspace")
	press(tm, slices.Repeat([]string{"x"}, 20)...)
	waitModel(t, tm, "a name cut at its longest", func(m *Model) bool { return m.setup.form.names[2] == strings.Repeat("x", local.MaxName) })
	press(tm, slices.Repeat([]string{"backspace"}, 12)...)
	press(tm, "M", "a", "x", "enter")
	waitModel(t, tm, "the new game", func(m *Model) bool { return m.screen == screenBoard && m.obs.Config.Players == 3 })
	seats := probe(tm, func(m *Model) []string {
		var names []string
		for _, s := range m.local.Record().Seats {
			names = append(names, s.Name)
		}
		return names
	})
	if !slices.Equal(seats, []string{"Zoé", "Ann", "Max"}) {
		t.Fatalf("seats %q", seats)
	}
	waitModel(t, tm, "the options written", func(m *Model) bool {
		b, _ := os.ReadFile(filepath.Join(cfg.ConfigDir, "options.json"))
		return strings.Contains(string(b), `"Zoé",`) && strings.Contains(string(b), `"Max"`)
	})
	waitModel(t, tm, "the curtain", func(m *Model) bool { return m.curtain() })
	press(tm, "enter")
	waitModel(t, tm, "the board", func(m *Model) bool { return !m.curtain() })
	press(tm, "n")
	waitModel(t, tm, "the new-game screen again", func(m *Model) bool { return m.setup != nil })
	f := probe(tm, func(m *Model) newGameForm { return m.setup.form })
	if f.players != 3 || f.rules != engine.Dujardin || f.levels[1] == local.Person || f.levels[2] != local.Person || f.names[0] != "Zoé" || f.names[2] != "Max" {
		t.Fatalf("the form does not start from the game on the table: %+v", f)
	}
	contains(t, screenNow(tm), "Name at seat 3")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}
