package server

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/ui"
)

// The fields of the room form, top to bottom.
const (
	fieldName = iota
	fieldPlayers
	fieldRules
	fieldLevel
	numFields
)

// playerChoices are the table sizes mille plays.
var playerChoices = []int{2, 3, 4, 6}

// roomForm is the "new room" form of the lobby: the room's name, the
// number of players, the rules and the level of the computer players.
type roomForm struct {
	field   int
	name    string // edited by typing; a free name to start with
	players int    // index in playerChoices
	bsd     bool   // only with 2 players
	level   int    // index in ai.Levels
}

// newForm opens the form on the defaults: the room name given, four
// players in two teams, standard rules, easy computers.
func newForm(name string) *roomForm {
	return &roomForm{name: name, players: 2}
}

// config is the room the form describes, with seed for the deal.
func (f *roomForm) config(seed uint64) (string, RoomConfig) {
	cfg := defaultRoom
	cfg.Game = engine.Config{Players: playerChoices[f.players], Rules: engine.Standard}
	if f.bsd && cfg.Game.Players == 2 {
		cfg.Game.Rules = engine.BSD
	}
	cfg.Level = ai.Levels[f.level]
	cfg.Seed = seed
	return strings.TrimSpace(f.name), cfg
}

// key edits the form. It reports done when the person pressed enter
// (create) and cancel for esc.
func (f *roomForm) key(msg tea.KeyPressMsg) (done, cancel bool) {
	step := func(n, by, size int) int { return (n + by + size) % size }
	switch k := msg.String(); k {
	case "esc":
		return false, true
	case "enter":
		return true, false
	case "up", "shift+tab":
		f.field = step(f.field, -1, numFields)
	case "down", "tab":
		f.field = step(f.field, 1, numFields)
	case "left", "right":
		by := 1
		if k == "left" {
			by = -1
		}
		switch f.field {
		case fieldPlayers:
			f.players = step(f.players, by, len(playerChoices))
			f.bsd = f.bsd && playerChoices[f.players] == 2
		case fieldRules:
			f.bsd = !f.bsd && playerChoices[f.players] == 2
		case fieldLevel:
			f.level = step(f.level, by, len(ai.Levels))
		}
	case "backspace":
		if r := []rune(f.name); f.field == fieldName && len(r) > 0 {
			f.name = string(r[:len(r)-1])
		}
	default:
		if f.field == fieldName && msg.Text != "" && len(f.name+msg.Text) <= 20 {
			f.name += msg.Text
		}
	}
	return false, false
}

// playersText describes a table size.
func playersText(n int) string {
	switch n {
	case 4:
		return "4 (two teams of two)"
	case 6:
		return "6 (three teams of two)"
	}
	return fmt.Sprintf("%d (each for themselves)", n)
}

// view draws the form.
func (f *roomForm) view(b *strings.Builder, h hits, st *ui.Styles) {
	b.WriteString(st.Heading.Render("New room") + "\n\n")
	rules := "standard"
	switch {
	case f.bsd:
		rules = "bsd"
	case playerChoices[f.players] != 2:
		rules = "standard (bsd is for 2 players)"
	}
	rows := []struct{ label, value string }{
		{"Name", f.name},
		{"Players", playersText(playerChoices[f.players])},
		{"Rules", rules},
		{"Computers", ai.Levels[f.level] + " (they take the empty seats)"},
	}
	for i, r := range rows {
		h.mark(b, focusField{i})
		if i != f.field {
			fmt.Fprintf(b, "  %-10s %s\n", r.label, r.value)
			continue
		}
		value := "< " + r.value + " >"
		if i == fieldName {
			value = r.value + "_"
		}
		fmt.Fprintf(b, "%s\n", st.Selected.Render(fmt.Sprintf("> %-10s %s", r.label, value)))
	}
	b.WriteString("\n")
	h.mark(b, tea.KeyPressMsg{Code: tea.KeyEnter})
	b.WriteString("  " + st.ButtonOn.Render("[ Create the room ]") + "\n")
	b.WriteString("\n" + st.Dim.Render("up/down: field   left/right: change   type the name   enter: create   esc: back") + "\n")
}

// newSeed is the seed of a new room's deal.
func newSeed() uint64 { return uint64(time.Now().UnixNano()) }
