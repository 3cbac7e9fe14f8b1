package screens

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// The fields of the room form, top to bottom.
const (
	fieldName = iota
	fieldPlayers
	fieldRules
	fieldLevel
	fieldRated // on a server that keeps ratings only
	numFields
)

// roomForm is the "new room" form of the lobby: the room's name, the
// number of players, the rules and the level of the computer players,
// and on a server that keeps ratings whether the game is rated.
type roomForm struct {
	field   int
	name    textinput.Model // a free name to start with
	players int             // index in engine.PlayerCounts
	rules   engine.Ruleset  // one that allows the players
	levels  []string        // the levels the server offers (lobby.Lobby.Levels)
	level   int             // index in levels
	ranked  bool            // the server keeps ratings: the form asks rated or casual
	rated   bool
	keys    formKeys
	lang    *lang.Catalogue // the session's language
}

// newForm opens the form on the room name given and lobby.DefaultRoom's
// options, offering the computer levels given (the weakest first), and
// if ranked a rated or casual game (casual first: a rated game is the
// host's choice), its words in the language l.
func newForm(name string, st *ui.Styles, levels []string, ranked bool, l *lang.Catalogue) *roomForm {
	f := &roomForm{
		name:    newField(st, lobby.MaxRoomName),
		players: slices.Index(engine.PlayerCounts[:], lobby.DefaultRoom.Game.Players),
		rules:   lobby.DefaultRoom.Game.Rules,
		levels:  levels,
		level:   max(slices.Index(levels, lobby.DefaultRoom.Level), 0),
		ranked:  ranked,
		keys:    newFormKeys(l),
		lang:    l,
	}
	f.name.SetValue(name)
	f.name.Placeholder = l.T(lang.FormPlaceholder)
	f.name.SetWidth(lobby.MaxRoomName) // without a width the placeholder shows one letter
	f.focus(fieldName)
	return f
}

// focus moves to field. Left and right change the value of a field, but
// move the cursor in the name, and do nothing to rules that are the only
// ones for the number of players.
func (f *roomForm) focus(field int) {
	f.field = field
	change := field != fieldName && (field != fieldRules || len(f.rulesets()) > 1)
	f.keys.Less.SetEnabled(change)
	f.keys.More.SetEnabled(change)
}

// rulesets are the rulesets that allow the form's number of players.
func (f *roomForm) rulesets() []engine.Ruleset {
	var rs []engine.Ruleset
	for _, r := range engine.Rulesets {
		if r.Allows(engine.PlayerCounts[f.players]) {
			rs = append(rs, r)
		}
	}
	return rs
}

// config is the room the form describes, with seed for the deal.
func (f *roomForm) config(seed uint64) (string, table.Config) {
	cfg := lobby.DefaultRoom
	cfg.Game = engine.Config{Players: engine.PlayerCounts[f.players], Rules: f.rules}
	cfg.Level = f.levels[f.level]
	cfg.Seed = seed
	cfg.Rated = f.ranked && f.rated
	return strings.TrimSpace(f.name.Value()), cfg
}

// fields is how many fields the form has: the rated one on a server that
// keeps ratings only.
func (f *roomForm) fields() int {
	if f.ranked {
		return numFields
	}
	return fieldRated
}

// key edits the form. It reports done when the person pressed enter
// (create) and cancel for esc.
func (f *roomForm) key(msg tea.KeyPressMsg) (done, cancel bool) {
	switch k := f.keys; {
	case key.Matches(msg, k.Back):
		return false, true
	case key.Matches(msg, k.Create):
		return true, false
	case key.Matches(msg, k.Prev):
		f.focus(step(f.field, -1, f.fields()))
	case key.Matches(msg, k.Next):
		f.focus(step(f.field, 1, f.fields()))
	case key.Matches(msg, k.Less):
		f.change(-1)
	case key.Matches(msg, k.More):
		f.change(1)
	case f.field == fieldName:
		f.name, _ = f.name.Update(msg) // see newField
	}
	return false, false
}

// change moves the value of the field under focus by one choice, back
// (by -1) or on (by 1).
func (f *roomForm) change(by int) {
	switch f.field {
	case fieldPlayers:
		f.players = clamp(f.players, by, len(engine.PlayerCounts))
		if !f.rules.Allows(engine.PlayerCounts[f.players]) {
			f.rules = engine.Rulesets[0]
		}
	case fieldRules:
		rs := f.rulesets()
		f.rules = rs[clamp(slices.Index(rs, f.rules), by, len(rs))]
	case fieldLevel:
		f.level = clamp(f.level, by, len(f.levels))
	case fieldRated:
		f.rated = by > 0
	}
}

// clamp moves n by by within 0 to size-1: a value stops at its ends
// rather than wrapping round (6 players, one key too many, made 2).
func clamp(n, by, size int) int { return min(max(n+by, 0), size-1) }

// ends reports whether the value of the field under focus is at its
// first and at its last choice.
func (f *roomForm) ends() (first, last bool) {
	switch f.field {
	case fieldPlayers:
		return f.players == 0, f.players == len(engine.PlayerCounts)-1
	case fieldRules:
		rs := f.rulesets()
		i := slices.Index(rs, f.rules)
		return i <= 0, i >= len(rs)-1
	case fieldLevel:
		return f.level == 0, f.level == len(f.levels)-1
	case fieldRated:
		return !f.rated, f.rated
	}
	return true, true
}

// step moves n by by in a ring of size.
func step(n, by, size int) int { return (n + by + size) % size }

// paste types a paste from the person's terminal into the name.
func (f *roomForm) paste(msg tea.PasteMsg) {
	if f.field == fieldName {
		f.name, _ = f.name.Update(msg) // see newField
	}
}

// playersText describes a table size in the language l.
func playersText(l *lang.Catalogue, n int) string {
	switch n {
	case 4:
		return l.T(lang.FormFour)
	case 6:
		return l.T(lang.FormSix)
	}
	return l.T(lang.FormSolo, n)
}

// view draws the form.
func (f *roomForm) view(b *strings.Builder, h hits, st *ui.Styles) {
	l := f.lang
	b.WriteString(st.Heading.Render(l.T(lang.FormTitle)) + "\n\n")
	players := engine.PlayerCounts[f.players]
	rules := f.rules.String()
	for _, r := range engine.Rulesets {
		if !r.Allows(players) {
			var counts []string
			for _, n := range r.Players() {
				counts = append(counts, strconv.Itoa(n))
			}
			rules += l.T(lang.FormRulesFor, r, l.List(counts, lang.Or))
		}
	}
	rows := []struct{ label, value string }{
		{l.T(lang.FormName), f.name.Value()},
		{l.T(lang.FormPlayers), playersText(l, players)},
		{l.T(lang.FormRules), rules},
		{l.T(lang.FormComputers), l.T(lang.FormLevel, l.Level(f.levels[f.level]))},
	}
	if f.ranked {
		rated := l.T(lang.FormCasual)
		if f.rated {
			rated = l.T(lang.FormRatedOn)
		}
		rows = append(rows, struct{ label, value string }{l.T(lang.FormRated), rated})
	}
	width := 0 // the labels' column, as wide as the widest (at least 10, as it was in English)
	for _, r := range rows {
		width = max(width, 10, utf8.RuneCountInString(r.label))
	}
	for i, r := range rows {
		h.mark(b, focusField{i})
		if i != f.field {
			fmt.Fprintf(b, "  %-*s %s\n", width, r.label, r.value)
			continue
		}
		if i == fieldName {
			fmt.Fprintf(b, "%s%s\n", st.Selected.Render(fmt.Sprintf("> %-*s ", width, r.label)), f.name.View())
			continue
		}
		if f.keys.More.Enabled() { // the arrows say left and right change it, where it can go
			first, last := f.ends()
			if !first {
				r.value = "< " + r.value
			}
			if !last {
				r.value += " >"
			}
		}
		fmt.Fprintf(b, "%s\n", st.Selected.Render(fmt.Sprintf("> %-*s %s", width, r.label, r.value)))
	}
	b.WriteString("  " + st.Dim.Render(l.RulesLine(f.rules)) + "\n")
	b.WriteString("\n" + st.Dim.Render("  "+l.T(lang.FormHelp)) + "\n\n")
	h.mark(b, tea.KeyPressMsg{Code: tea.KeyEnter})
	b.WriteString("  " + st.ButtonOn.Render(l.T(lang.FormCreate)) + "\n")
}
