package ui

import (
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

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

// dialogDefault is the highlighted answer, the one Return gives: never
// the one that loses something.
func (m *Model) dialogDefault() bool {
	switch m.dialog {
	case dialogQuit, dialogReplace:
		return m.offerSave()
	case dialogResumeDrop:
		return false
	}
	return true
}

// resuming reports whether the autosave's game is being offered: the
// table waits, and the new game's board stays hidden.
func (m *Model) resuming() bool { return m.dialog == dialogResume || m.dialog == dialogResumeDrop }

// dialogAnswer answers the interface's own questions: yes is the first
// button (for leaving a game: save it first, where it is offered), no the
// last (cancel).
func (m *Model) dialogAnswer(yes bool) tea.Cmd {
	d := m.dialog
	m.dialog = dialogNone
	switch d {
	case dialogQuit:
		switch {
		case !yes:
		case m.offerSave():
			return m.startSave(afterSaveQuit)
		default:
			return m.quit()
		}
	case dialogReplace:
		switch {
		case !yes:
			m.next = nil
			m.message, m.isError = m.t(lang.DlgGoesOn), false
		case m.offerSave():
			m.dialog = dialogReplace // until the save dialog opens
			return m.startSave(afterSaveReplace)
		default:
			m.dialog = dialogReplace // y does nothing without saving
		}
	case dialogGuideOffer:
		m.opts.SeenGuide = true
		cmd := m.persist()
		if yes {
			m.openGuide()
			return cmd
		}
		return cmd
	case dialogResume:
		l := m.local
		if !yes {
			m.dialog = dialogResumeDrop // asked twice: it throws a game away
			return nil
		}
		m.dialog = dialogResume // the table waits for the game to come back
		return func() tea.Msg {
			g, err := l.LoadResume()
			return resumedMsg{g: g, err: err}
		}
	case dialogResumeDrop:
		if !yes {
			m.dialog = dialogResume
			return nil
		}
		m.message, m.isError = m.t(lang.NewGame), false
		l := m.local
		return func() tea.Msg { l.DeclineResume(); return nil }
	}
	return nil
}

// resumeWhich describes the autosave's game for the resume question, in
// lines: its players, game, hand and points, and when it was saved.
func resumeWhich(l *lang.Catalogue, g record.Game, err error) []string {
	if err != nil {
		return []string{l.T(lang.DlgUnreadable, err)}
	}
	players, scores, _ := strings.Cut(g.Summary(), ": ")
	return []string{players + ",", scores + ",", l.T(lang.DlgSavedAt, g.Saved.Local().Format(l.T(lang.DlgDateLayout)))}
}

// dialogWithoutSaving is the middle answer of the questions that offer to
// save a game before leaving it: leave it unsaved (q in the quit question,
// d in the replace question).
func (m *Model) dialogWithoutSaving() tea.Cmd {
	d := m.dialog
	m.dialog = dialogNone
	switch d {
	case dialogQuit:
		return m.quit()
	case dialogReplace:
		if m.next == nil {
			return nil
		}
		next := *m.next
		if next.autosave {
			return m.deal(next) // the autosave holds the next game: the one left is lost
		}
		keep := m.local.Leave()
		// Kept before anything else can write the autosave.
		return tea.Sequence(func() tea.Msg { _, _ = keep(); return nil }, m.deal(next))
	}
	return nil
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
// save the one on the table if it has moves no file holds.
func (m *Model) replaceWith(next nextGame) tea.Cmd {
	m.screen = screenBoard
	if !m.unsaved() {
		if next.autosave {
			return m.deal(next)
		}
		keep := m.local.Leave() // drops the autosave of a game over
		return tea.Sequence(func() tea.Msg { _, _ = keep(); return nil }, m.deal(next))
	}
	m.next = &next
	m.dialog = dialogReplace
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

// button is a clickable answer in a dialog.
type button struct {
	id, label string
	on        bool
}

// dialogBox draws a dialog centred on the screen, its buttons as layers
// with IDs on top.
func (m *Board) dialogBox(l layout, title string, body []string, buttons []button) []*layer {
	return m.dialogBoxRows(l, title, body, buttons, nil)
}

// dialogBoxRows is dialogBox with some body rows clickable: rows maps a
// body line to its layer ID.
func (m *Board) dialogBoxRows(l layout, title string, body []string, buttons []button, rows map[int]string) []*layer {
	st := m.styles
	var row strings.Builder
	offs := make([]int, len(buttons))
	for i, b := range buttons {
		if i > 0 {
			row.WriteString("   ")
		}
		offs[i] = width(row.String())
		row.WriteString(m.buttonText(b))
	}
	content := append([]string{st.Heading.Render(title), ""}, body...)
	content = append(content, "", row.String())
	box := st.Dialog.Render(strings.Join(content, "\n"))
	bw, bh := width(box), lipgloss.Height(box)
	x := (l.w - bw) / 2
	y := (l.helpY + 1 - bh) / 2 // centred on the board, which may end above the bottom
	if y < 1 {
		y = 1
	}
	layers := []*layer{lay(box).X(x).Y(y).Z(10)}
	by := y + strings.Count(strings.Join(content, "\n"), "\n") + 1 // border, then the last content row
	for i, b := range buttons {
		layers = append(layers, lay(m.buttonText(b)).ID(b.id).X(x+2+offs[i]).Y(by).Z(11))
	}
	for i, id := range rows {
		layers = append(layers, lay(body[i]).ID(id).X(x+2).Y(y+3+i).Z(11)) // border and title, blank
	}
	return layers
}

func (m *Board) buttonText(b button) string {
	if b.on {
		return m.styles.ButtonOn.Render("[ " + b.label + " ]")
	}
	return m.styles.Button.Render("[ " + b.label + " ]")
}

// dialogLayers draws the local game's questions (dialogs), or else the
// board's.
func (m *Model) dialogLayers(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	switch m.dialog {
	case dialogQuit:
		return m.quitDialog(l)
	case dialogReplace:
		return m.replaceDialog(l)
	case dialogResume:
		body := append(append([]string{m.t(lang.DlgLeftUnfinished)}, m.resumeWhich...), "", m.t(lang.DlgResumeIt))
		return m.dialogBox(l, m.t(lang.DlgWelcomeBack), body,
			[]button{{"btn-yes", m.t(lang.BtnResume), true}, {"btn-no", m.t(lang.BtnNewGame), false}})
	case dialogResumeDrop:
		return m.dialogBox(l, m.t(lang.DlgANewGame), []string{m.t(lang.DlgThrowAway1), m.t(lang.DlgThrowAway2)},
			[]button{{"btn-yes", m.t(lang.BtnThrowAway), false}, {"btn-no", m.t(lang.BtnBack), true}})
	case dialogGuideOffer:
		return m.dialogBox(l, m.t(lang.DlgWelcome), []string{
			m.t(lang.DlgWelcome1),
			m.t(lang.DlgWelcome2),
			"",
			m.t(lang.DlgWelcome3),
			st.Dim.Render(m.t(lang.DlgWelcome4)),
		}, []button{{"btn-yes", m.t(lang.BtnReadRules), true}, {"btn-no", m.t(lang.BtnJustPlay), false}})
	case dialogSaveAs:
		return m.saveDialog(l)
	case dialogStats:
		return m.statsDialog(l)
	case dialogLoad:
		return nil // drawn by layers, over any screen
	}
	return m.Board.dialogLayers(obs, l)
}

// dialogLayers draws the question being asked, if any: leaving the
// table, the keys' help, or the game's own.
func (m *Board) dialogLayers(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	switch m.dialog {
	case dialogQuit:
		return m.quitDialog(l)
	case dialogKeys:
		hm := m.help
		hm.ShowAll = true
		return m.dialogBox(l, m.t(lang.DlgKeys), []string{hm.FullHelpView(m.keysForFullHelp()), "", st.Dim.Render(m.t(lang.DlgMouse1)), st.Dim.Render(m.t(lang.DlgMouse2))},
			[]button{{"btn-yes", m.t(lang.BtnAnyKey), true}})
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
		body := []string{
			m.t(lang.DlgReached700, strings.Join(others, m.t(lang.Comma))),
			m.t(lang.DlgExtend1),
			m.t(lang.DlgExtend2),
		}
		return m.dialogBox(l, m.t(lang.DlgExtension), body, []button{{"btn-yes", m.t(lang.BtnExtend), false}, {"btn-no", m.t(lang.BtnStop700), true}})
	case promptAnotherHand, promptAnotherGame:
		return m.handOverBox(obs, l)
	}
	if obs.Phase >= engine.PhaseHandOver {
		// Who has asked for the next hand, and onlookers, see the scores.
		return m.handOverBox(obs, l)
	}
	return nil
}

// quitDialog asks before leaving the table.
func (m *Board) quitDialog(l layout) []*layer {
	return m.dialogBox(l, m.t(lang.DlgLeave), []string{m.leaveText()}, []button{{"btn-yes", m.t(lang.BtnYes), false}, {"btn-no", m.t(lang.BtnNo), true}})
}

// quitDialog asks before quitting: one question, which offers to save a
// game with moves no file holds.
func (m *Model) quitDialog(l layout) []*layer {
	st := m.styles
	if m.offerSave() {
		return m.dialogBox(l, m.t(lang.DlgQuit), []string{
			m.t(lang.DlgQuitUnsaved),
			st.Dim.Render(m.t(lang.DlgQuitKeeps)),
		}, []button{{"btn-yes", m.t(lang.BtnSaveQuit), true}, {"btn-without", m.t(lang.BtnQuitNoSave), false}, {"btn-no", m.t(lang.BtnCancel), false}})
	}
	body := []string{m.t(lang.DlgReallyQuit)}
	switch {
	case m.unsaved(): // no saving here: the autosave keeps it
		body = append(body, st.Dim.Render(m.t(lang.DlgAutosaveKeeps)))
	case m.gameOver():
	case m.local.File() != "":
		body = append(body, st.Dim.Render(m.t(lang.DlgEverySaved, filepath.Base(m.local.File()))))
	case m.local.FromAutosave():
		body = append(body, st.Dim.Render(m.t(lang.DlgAutosaveKeeps)))
	}
	return m.dialogBox(l, m.t(lang.DlgQuit), body, []button{{"btn-yes", m.t(lang.BtnYesQuit), false}, {"btn-no", m.t(lang.BtnCancel), true}})
}

// replaceDialog asks before a new game or a load replaces a game with
// moves no file holds.
func (m *Model) replaceDialog(l layout) []*layer {
	st := m.styles
	title := m.t(lang.DlgNewGame)
	if m.next != nil && m.next.file != "" {
		title = m.t(lang.DlgLoad, filepath.Base(m.next.file))
	} else if m.next != nil && m.next.autosave {
		title = m.t(lang.DlgLoadAutosave)
	}
	kept := m.t(lang.DlgKeptAutosave)
	if m.next != nil && m.next.autosave || !m.local.CanAutosave() {
		kept = m.t(lang.DlgLost)
	}
	if m.offerSave() {
		return m.dialogBox(l, title, []string{m.t(lang.DlgUnsavedMoves), m.t(lang.DlgSaveFirst), st.Dim.Render(kept)},
			[]button{{"btn-yes", m.t(lang.BtnSaveFirst), true}, {"btn-without", m.t(lang.BtnDontSave), false}, {"btn-no", m.t(lang.BtnCancel), false}})
	}
	return m.dialogBox(l, title, []string{m.t(lang.DlgUnsavedMoves), st.Dim.Render(kept)},
		[]button{{"btn-without", m.t(lang.BtnDontSave), false}, {"btn-no", m.t(lang.BtnCancel), true}})
}

// keysForFullHelp is the full help, with every key that works shown.
func (m *Board) keysForFullHelp() [][]key.Binding {
	d := m.dialog
	m.dialog = dialogNone // the keys of the board behind the help
	k := m.keysNow(true)
	m.dialog = d
	return k.FullHelp()
}
