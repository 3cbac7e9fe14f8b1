package screens

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/ui"
)

// keys turns a key list ("down", "left", "x") into key presses.
func keys(names ...string) []tea.KeyPressMsg {
	codes := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace, "tab": tea.KeyTab,
	}
	var out []tea.KeyPressMsg
	for _, n := range names {
		if c, ok := codes[n]; ok {
			out = append(out, tea.KeyPressMsg{Code: c})
			continue
		}
		for _, r := range n {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return out
}

// TestFormConfig: the keys of the form make the room the person asked for.
func TestFormConfig(t *testing.T) {
	tests := []struct {
		keys  []string
		name  string
		game  engine.Config
		level string
	}{
		{nil, "room1", engine.Config{Players: 4, Rules: engine.Standard}, "easy"},
		{[]string{"backspace", "backspace", "backspace", "backspace", "backspace", "friday"}, "friday", engine.Config{Players: 4}, "easy"},
		{[]string{"down", "left", "left", "down", "right"}, "room1", engine.Config{Players: 2, Rules: engine.BSD}, "easy"},
		{[]string{"down", "left", "left", "down", "left"}, "room1", engine.Config{Players: 2, Rules: engine.Standard}, "easy"}, // the rules stop at the first
		{[]string{"down", "right", "down", "right"}, "room1", engine.Config{Players: 6, Rules: engine.Dujardin}, "easy"},       // bsd needs 2 players
		{[]string{"down", "left", "left", "down", "right", "up", "right"}, "room1", engine.Config{Players: 3}, "easy"},         // leaving 2 players drops bsd
		{[]string{"down", "right", "right", "right", "down", "down", "left"}, "room1", engine.Config{Players: 6}, "easy"},      // one key too many stays at 6, not 2
		{[]string{"up", "right", "right"}, "room1", engine.Config{Players: 4}, "hard"},                                         // up wraps to the last field
		{[]string{"tab", "tab", "tab", "right", "tab", "x"}, "room1x", engine.Config{Players: 4}, "medium"},
	}
	for i, tc := range tests {
		f := newForm("room1", ui.StylesFor(true), ai.Levels, false, &lang.English)
		for _, k := range keys(tc.keys...) {
			if done, cancel := f.key(k); done || cancel {
				t.Fatalf("case %d: the form closed on %v", i, k)
			}
		}
		name, cfg := f.config(42)
		if name != tc.name || cfg.Game != tc.game || cfg.Level != tc.level || cfg.Seed != 42 {
			t.Errorf("case %d: %q %+v %q, want %q %+v %q", i, name, cfg.Game, cfg.Level, tc.name, tc.game, tc.level)
		}
		if err := cfg.Game.Validate(); err != nil {
			t.Errorf("case %d: %v", i, err)
		}
		var b strings.Builder
		f.view(&b, nil, ui.StylesFor(true))
		if !strings.Contains(b.String(), tc.level) {
			t.Errorf("case %d: the form does not show level %s:\n%s", i, tc.level, b.String())
		}
	}
	f := newForm("x", ui.StylesFor(true), ai.Levels, false, &lang.English)
	if done, _ := f.key(keys("enter")[0]); !done {
		t.Error("enter does not create")
	}
	if _, cancel := f.key(keys("esc")[0]); !cancel {
		t.Error("esc does not cancel")
	}
}

// TestFormFrench: the form speaks the session's language, its labels in
// one column however long the longest ("Ordinateurs" is eleven letters).
func TestFormFrench(t *testing.T) {
	f := newForm("salle1", ui.StylesFor(true), ai.Levels, false, &lang.French)
	f.key(keys("down")[0])
	var b strings.Builder
	f.view(&b, nil, ui.StylesFor(true))
	out := b.String()
	for _, want := range []string{"Nouvelle salle", "Joueurs", "deux équipes de deux", "ils prennent les places libres", "Créer la salle", "Entrée\u00a0: créer"} {
		if !strings.Contains(out, want) {
			t.Errorf("the French form lacks %q:\n%s", want, out)
		}
	}
	for _, english := range []string{"New room", "Players", "Create", "empty seats"} {
		if strings.Contains(out, english) {
			t.Errorf("the French form says %q:\n%s", english, out)
		}
	}
	col := -1 // where the values start, after the labels
	for _, line := range strings.Split(out, "\n") {
		for _, value := range []string{"salle1", "easy (ils"} {
			if i := strings.Index(line, value); i >= 0 {
				if at := utf8.RuneCountInString(line[:i]); col >= 0 && at != col {
					t.Errorf("the values are not in one column: %q at %d, not %d", value, at, col)
				} else {
					col = at
				}
			}
		}
	}
	if col < 0 {
		t.Fatalf("no values in:\n%s", out)
	}
}

// TestMaxLevel: a server with --max-level offers its levels up to it,
// and refuses a room above it.
func TestMaxLevel(t *testing.T) {
	l := lobby.NewLobby(0)
	l.MaxLevel = "medium"
	defer l.Close()
	levels := l.Levels()
	if strings.Join(levels, " ") != "easy medium" {
		t.Fatalf("levels under medium: %v", levels)
	}
	f := newForm("room1", ui.StylesFor(true), levels, false, &lang.English)
	var seen []string
	for _, k := range keys("up", "right", "right", "left") {
		f.key(k)
		_, cfg := f.config(1)
		seen = append(seen, cfg.Level)
	}
	if strings.Join(seen, " ") != "easy medium medium easy" {
		t.Fatalf("the form's levels: %v", seen)
	}
	cfg := servertest.Config(2, engine.Standard, 1)
	for _, level := range []string{"hard", "expert", "random"} {
		cfg.Level = level
		if _, err := l.Create(bg, "r", "a", "A", 0, cfg); !errors.Is(err, lobby.ErrLevel) {
			t.Errorf("a room at %s: %v", level, err)
		}
	}
	cfg.Level = "medium"
	if _, err := l.Create(bg, "r", "a", "A", 0, cfg); err != nil {
		t.Fatal(err)
	}
}

// TestFormRated: on a server that keeps ratings the form has a fifth
// field, casual first, which right makes rated; in French too. A server
// without ratings shows no such field, and up wraps to the level.
func TestFormRated(t *testing.T) {
	for _, tc := range []struct {
		c           *lang.Catalogue
		casual, yes string
	}{{&lang.English, "casual: the game does not count", "rated: the game counts for the ranking"},
		{&lang.French, "amicale\u00a0: la partie ne compte pas", "classée\u00a0: la partie compte pour le classement"}} {
		f := newForm("room1", ui.StylesFor(true), ai.Levels, true, tc.c)
		var b strings.Builder
		f.view(&b, nil, ui.StylesFor(true))
		if _, cfg := f.config(1); cfg.Rated || !strings.Contains(b.String(), tc.casual) {
			t.Fatalf("%s: a new form is rated (%v), or does not say casual:\n%s", tc.c.Tag, cfg.Rated, b.String())
		}
		for _, k := range keys("up", "right") {
			f.key(k)
		}
		b.Reset()
		f.view(&b, nil, ui.StylesFor(true))
		if _, cfg := f.config(1); !cfg.Rated || !strings.Contains(b.String(), tc.yes) {
			t.Fatalf("%s: up and right leave the room casual (%v), or do not say rated:\n%s", tc.c.Tag, cfg.Rated, b.String())
		}
	}
	f := newForm("room1", ui.StylesFor(true), ai.Levels, false, &lang.English)
	for _, k := range keys("up", "right") {
		f.key(k)
	}
	if _, cfg := f.config(1); cfg.Rated || cfg.Level != "medium" {
		t.Fatalf("a server without ratings: rated %v, level %s", cfg.Rated, cfg.Level)
	}
}
