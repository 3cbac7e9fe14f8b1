package ui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
)

// askQuit asks before quitting, in one question that offers to save the
// game when it has moves no file holds. Confirmed (n at the end of a
// hand) quits at once when there is nothing to save.
func (m *Model) askQuit(confirmed bool) tea.Cmd {
	if confirmed && !m.offerSave() {
		return m.quit()
	}
	m.dialog = dialogQuit
	return nil
}

// offerSave reports whether leaving the game offers to save it.
func (m *Model) offerSave() bool { return m.unsaved() && m.local.CanSave() }

// resuming reports whether the autosave's game is being offered: the
// table waits, and the new game's board stays hidden.
func (m *Model) resuming() bool { return m.asking == askResume || m.asking == askResumeDrop }

// resumeWhich describes the autosave's game for the resume question, in
// lines: its players, game, hand and points, and when it was saved.
func resumeWhich(l *lang.Catalogue, g record.Game, err error) []string {
	if err != nil {
		return []string{l.T(lang.DlgUnreadable, err)}
	}
	players, scores := l.GameWhich(g.Names(), int(g.State.Game), int(g.State.Hand), g.Scores())
	return []string{players + ",", scores + ",", l.T(lang.DlgSavedAt, g.Saved.Local().Format(l.T(lang.DlgDateLayout)))}
}

// nextGame is a game read or set up to take the table's place: it waits
// while the player says whether to save the game it replaces.
type nextGame struct {
	g        record.Game
	file     string // the file it was read from, "" for a new game or the autosave
	autosave bool   // it is the autosave's game
	message  string // the message line once it is dealt
}

// replaceWith deals the next game, once the player has said whether to
// save the one on the table if it has moves no file holds: without
// saving, told, and the game left goes to the autosave (unless the next
// game is the autosave's).
func (m *Model) replaceWith(next nextGame, without bool) tea.Cmd {
	m.setup = nil
	if without || !m.unsaved() {
		if next.autosave {
			return m.deal(next)
		}
		keep := m.local.Leave() // drops the autosave of a game over
		return tea.Sequence(func() tea.Msg { _, _ = keep(); return nil }, m.deal(next))
	}
	m.next = &next
	m.asking = askReplace
	return nil
}

// deal puts the next game on the table.
func (m *Model) deal(next nextGame) tea.Cmd {
	m.next = nil
	if err := m.start(next.g, local.From{File: next.file, Autosave: next.autosave}); err != nil {
		return m.setError(m.t(lang.DlgCantStart, err))
	}
	m.message, m.isError = next.message, false
	return m.watchTable()
}

// dialogLayers draws the local game's questions and dialogs, or else the
// board's.
func (m *Model) dialogLayers(obs *engine.Observation, l layout) []*layer {
	switch {
	case m.saver != nil:
		return m.saver.layers(&m.screenContext, l, m.message, m.isError)
	case m.stats != nil:
		return m.stats.layers(&m.screenContext, l)
	}
	if q := m.question(); q != nil {
		return q.layers(&m.screenContext, l)
	}
	return m.Board.dialogLayers(obs, l)
}

// dialogLayers draws the question being asked, if any: leaving the
// table, the keys' help, or the game's own.
func (m *Board) dialogLayers(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	if q := m.question(); q != nil {
		return q.layers(&m.screenContext, l)
	}
	if m.keysHelp != nil {
		open := m.keysHelp
		m.keysHelp = nil // the keys of the board behind the help, every one that works
		full := m.keysNow(true).FullHelp()
		m.keysHelp = open
		return m.keysHelp.layers(&m.screenContext, m.helpModel(), full, l)
	}
	switch m.gamePrompt() {
	case promptCoupFourre:
		safety := engine.SafetyFor(obs.Threat)
		body := []string{
			m.t(lang.DlgCFPlayed, m.seatName(int(obs.Attacker)), st.chip(m.lang, obs.Threat), m.lang.Side(m.names(), int(obs.ThreatSide))),
			m.t(lang.DlgCFHold, st.chip(m.lang, safety)),
			m.t(lang.DlgCFFor),
		}
		return m.dialogBox(l, m.t(lang.DlgCFTitle, m.lang.Card(safety)), body, []button{{"btn-yes", m.t(lang.BtnCoupFourre), true}, {"btn-no", m.t(lang.BtnLetPass), false}})
	case promptExtension:
		var others []string
		for _, o := range m.view.Opponents() {
			others = append(others, m.t(lang.DlgMilesOf, m.sideName(o), obs.Tableaus[o].Miles))
		}
		// What the extension risks and gains, as the ruleset pays it.
		stakes1, stakes2 := lang.DlgExtend1, lang.DlgExtend2
		if obs.Config.Rules.ExtensionToFinisher() {
			stakes1, stakes2 = lang.DlgExtendFirst1, lang.DlgExtendFirst2
		}
		body := []string{
			m.t(lang.DlgReached700, obs.Trip, strings.Join(others, m.t(lang.Comma))),
			m.t(stakes1, engine.ExtendedTrip, unitScore().Extension),
			m.t(stakes2),
		}
		return m.dialogBox(l, m.t(lang.DlgExtension), body, []button{{"btn-yes", m.t(lang.BtnExtend, engine.ExtendedTrip), false}, {"btn-no", m.t(lang.BtnStop700, obs.Trip), true}})
	case promptAnotherHand, promptAnotherGame:
		return m.scores.handOverBox(obs, m.scores.endButtons(m.offers.own), l)
	}
	if obs.Phase >= engine.PhaseHandOver {
		// Who has asked for the next hand, and onlookers, see the scores.
		return m.scores.handOverBox(obs, m.scores.endButtons(m.offers.own), l)
	}
	return nil
}

// keysWindow is the keys' help as a component, a served board's as local
// play's: every key of the board behind it, in columns, and what the
// mouse does. Any key or a click on its button closes it, so it binds no
// key of its own and the footer under it stays empty.
type keysWindow struct{}

// layers draw the help in a box: full is the board's key map in columns,
// drawn by hm.
func (w *keysWindow) layers(c *screenContext, hm help.Model, full [][]key.Binding, l layout) []*layer {
	st := c.styles
	hm.ShowAll = true
	keys := keyColumns(hm, full, l.w-st.Dialog.GetHorizontalFrameSize())
	return c.dialogBox(l, c.t(lang.DlgKeys), []string{keys, "", st.Dim.Render(c.t(lang.DlgMouse1)), st.Dim.Render(c.t(lang.DlgMouse2))},
		[]button{{"btn-yes", c.t(lang.BtnAnyKey), true}})
}

// keyColumns draws the key map's columns as the key map groups them when
// they fit in maxW columns; where a language's longer words would cut the last
// column (French at 80 columns), it draws the same keys, in the same
// order, in fewer and taller columns, so that no key is lost.
func keyColumns(hm help.Model, full [][]key.Binding, maxW int) string {
	hm.SetWidth(0) // measured here, not cut with an ellipsis
	view := hm.FullHelpView(full)
	if maxW <= 0 || width(view) <= maxW {
		return view
	}
	var keys []key.Binding
	for _, col := range full {
		for _, k := range col {
			if k.Enabled() {
				keys = append(keys, k)
			}
		}
	}
	for n := len(full) - 1; n >= 1; n-- {
		per := (len(keys) + n - 1) / n
		var cols [][]key.Binding
		for i := 0; i < len(keys); i += per {
			cols = append(cols, keys[i:min(i+per, len(keys))])
		}
		if v := hm.FullHelpView(cols); width(v) <= maxW {
			return v
		}
	}
	return view
}
