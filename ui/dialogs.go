package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
)

// askQuit asks to save before quitting (or quits if saving is impossible).
func (m *Model) askQuit(confirmed bool) tea.Cmd {
	if !confirmed {
		m.dialog = dialogQuit
		return nil
	}
	if m.guest() {
		return m.leave()
	}
	if m.cfg.Save == nil || m.gameOver() {
		return m.quit()
	}
	m.dialog = dialogSaveOnQuit
	return nil
}

// dialogDefault is the highlighted answer, the one Return gives: never
// the one that loses something.
func (m *Model) dialogDefault() bool {
	return m.dialog != dialogQuit
}

// dialogAnswer answers the interface's own questions.
func (m *Model) dialogAnswer(yes bool) tea.Cmd {
	d := m.dialog
	m.dialog = dialogNone
	switch d {
	case dialogQuit:
		if yes {
			return m.askQuit(true)
		}
	case dialogSaveOnQuit:
		if yes {
			return m.startSave(true)
		}
		return m.interrupt() // not saved: still kept in the autosave
	case dialogGuideOffer:
		m.opts.SeenGuide = true
		cmd := m.persist()
		if yes {
			m.openGuide()
			return cmd
		}
		return cmd
	case dialogResume:
		path, load, drop := m.cfg.Resume, m.cfg.ResumeGame, m.cfg.DropResume
		if !yes {
			m.message, m.isError = "A new game: good luck!", false
			if drop == nil {
				return nil
			}
			return func() tea.Msg { _ = drop(); return nil }
		}
		m.dialog = dialogResume // the table waits for the game to come back
		return func() tea.Msg {
			g, err := load(path)
			if err == nil && drop != nil {
				_ = drop()
			}
			return resumedMsg{g: g, err: err}
		}
	}
	return nil
}

// button is a clickable answer in a dialog.
type button struct {
	id, label string
	on        bool
}

// dialogBox draws a dialog centred on the screen, its buttons as layers
// with IDs on top.
func (m *Model) dialogBox(l layout, title string, body []string, buttons []button) []*layer {
	return m.dialogBoxRows(l, title, body, buttons, nil)
}

// dialogBoxRows is dialogBox with some body rows clickable: rows maps a
// body line to its layer ID.
func (m *Model) dialogBoxRows(l layout, title string, body []string, buttons []button, rows map[int]string) []*layer {
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

func (m *Model) buttonText(b button) string {
	if b.on {
		return m.styles.ButtonOn.Render("[ " + b.label + " ]")
	}
	return m.styles.Button.Render("[ " + b.label + " ]")
}

// dialogLayers draws the question being asked, if any.
func (m *Model) dialogLayers(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	switch m.dialog {
	case dialogQuit:
		if m.guest() {
			return m.dialogBox(l, "Leave", []string{m.leaveText()}, []button{{"btn-yes", "y Yes", false}, {"btn-no", "n No", true}})
		}
		return m.dialogBox(l, "Quit", []string{"Really quit the game?"}, []button{{"btn-yes", "y Yes", false}, {"btn-no", "n No", true}})
	case dialogResume:
		return m.dialogBox(l, "Welcome back", []string{"You left a game unfinished.", "Resume it where you left it?"},
			[]button{{"btn-yes", "y Resume", true}, {"btn-no", "n New game", false}})
	case dialogSaveOnQuit:
		return m.dialogBox(l, "Quit", []string{"Save the game before quitting?"}, []button{{"btn-yes", "y Save", true}, {"btn-no", "n Don't save", false}})
	case dialogGuideOffer:
		return m.dialogBox(l, "Welcome to Mille Bornes!", []string{
			"Race your opponents along a 700-mile road trip,",
			"hindering them with hazards as you go.",
			"",
			"Would you like to read the illustrated rules first?",
			st.Dim.Render("(g opens them any time)"),
		}, []button{{"btn-yes", "y Read the rules", true}, {"btn-no", "n Just play", false}})
	case dialogSaveAs:
		return m.saveDialog(l)
	case dialogStats:
		return m.statsDialog(l)
	case dialogLoad:
		return nil // drawn by layers, over any screen
	case dialogKeys:
		hm := m.help
		hm.ShowAll = true
		return m.dialogBox(l, "Keys", []string{hm.FullHelpView(m.keysForFullHelp()), "", st.Dim.Render("Mouse: click a card to select it, again to play it;"), st.Dim.Render("click a table to attack it, the discard pile to discard.")},
			[]button{{"btn-yes", "any key Close", true}})
	}
	switch m.gamePrompt() {
	case promptCoupFourre:
		safety := engine.SafetyFor(obs.Threat)
		body := []string{
			m.seatName(int(obs.Attacker)) + " played " + st.chip(obs.Threat) + " on " + m.names().Side(int(obs.ThreatSide)) + ".",
			"You hold " + st.chip(safety) + ": play it now as a coup fourré",
			"for 300 extra points and an extra turn?",
		}
		return m.dialogBox(l, "Coup fourré! Play "+safety.String()+"?", body, []button{{"btn-yes", "y Coup fourré!", true}, {"btn-no", "n Let it pass", false}})
	case promptExtension:
		var others []string
		for _, o := range m.opponents() {
			others = append(others, fmt.Sprintf("%s %d", m.sideName(o), obs.Tableaus[o].Miles))
		}
		body := []string{
			"You reached 700 miles (" + strings.Join(others, ", ") + ").",
			"Extend the trip to 1000 (200 bonus if your side gets there",
			"first, but the others get it if you don't), or stop here?",
		}
		return m.dialogBox(l, "Extension", body, []button{{"btn-yes", "y Extend to 1000", false}, {"btn-no", "n Stop at 700", true}})
	case promptAnotherHand, promptAnotherGame:
		return m.handOverBox(obs, l)
	}
	if obs.Phase >= engine.PhaseHandOver {
		// Who has asked for the next hand, and onlookers, see the scores.
		return m.handOverBox(obs, l)
	}
	return nil
}

// keysForFullHelp is the full help, with every key that works shown.
func (m *Model) keysForFullHelp() [][]key.Binding {
	d := m.dialog
	m.dialog = dialogNone // the keys of the board behind the help
	k := m.activeKeys()
	m.dialog = d
	k.Help.SetEnabled(true)
	return k.FullHelp()
}
