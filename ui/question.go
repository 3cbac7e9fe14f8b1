package ui

import (
	"path/filepath"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/lang"
)

// question is one of the interface's own questions (leaving the table,
// quitting, replacing a game, the first start's offer, resuming) as a
// component: its box, its key map and what each answer does. The board
// only says which of its questions is open (dialog), local play which of
// its own (asking); the board's is asked by Board.question, local play's
// by Model.question.
type question struct {
	title string
	body  []string
	// The answers: y (yes), d (without saving), n (no) and L (another
	// game, loaded); an answer with no do is not offered, one with hidden
	// set has no button.
	yes, without, no, load answer
	def                    bool // Return gives yes, the highlighted button; else no
	alsoQuit               bool // q answers without saving too, BSD's habit of q twice
}

// answer is one of a question's answers: its button, "y Resume", and
// what it does once the question has closed.
type answer struct {
	button lang.Key
	hidden bool
	do     func() tea.Cmd
}

// questionKeys is a question's key map, the bubbles way: one binding an
// answer, said in the footer in its button's words, and Return.
type questionKeys struct{ Yes, Without, No, Load, Default key.Binding }

// ShortHelp is the footer: the keys of the question's buttons, then
// Return.
func (k questionKeys) ShortHelp() []key.Binding {
	var bs []key.Binding
	for _, b := range []key.Binding{k.Yes, k.Without, k.No, k.Load, k.Default} {
		if b.Enabled() && b.Help().Key != "" {
			bs = append(bs, b)
		}
	}
	return bs
}

// keyMap is the question's keys, from the context's key map and the
// words of its buttons.
func (q *question) keyMap(m *screenContext) questionKeys {
	k := questionKeys{Yes: m.keys.Yes, Without: m.keys.DontSave, No: m.keys.No, Load: m.keys.Load, Default: m.keys.Default}
	if q.alsoQuit {
		k.Without = key.NewBinding(key.WithKeys(append(k.Without.Keys(), m.keys.Quit.Keys()...)...), key.WithHelp("d/q", ""))
	}
	for _, a := range []struct {
		b *key.Binding
		a answer
	}{{&k.Yes, q.yes}, {&k.Without, q.without}, {&k.No, q.no}, {&k.Load, q.load}} {
		a.b.SetEnabled(a.a.do != nil)
		if a.a.hidden {
			a.b.SetHelp("", "")
		} else if a.a.do != nil {
			m.said(a.b, a.a.button)
		}
	}
	return k
}

// update is the answer a key gives, nil if none: the one who asked
// closes the question, then does what the answer does.
func (q *question) update(c *screenContext, msg tea.KeyPressMsg) *answer {
	k := q.keyMap(c)
	switch {
	case key.Matches(msg, k.Yes):
		return q.yes.offered()
	case key.Matches(msg, k.No):
		return q.no.offered()
	case key.Matches(msg, k.Default):
		if q.def {
			return q.yes.offered()
		}
		return q.no.offered()
	case key.Matches(msg, k.Without):
		return q.without.offered()
	case key.Matches(msg, k.Load):
		return q.load.offered()
	}
	return nil
}

// press is the answer a click on button id gives, nil if none.
func (q *question) press(id string) *answer {
	switch id {
	case "btn-yes":
		return q.yes.offered()
	case "btn-without":
		return q.without.offered()
	case "btn-no":
		return q.no.offered()
	case "btn-load":
		return q.load.offered()
	}
	return nil
}

// offered is the answer, nil when it is not offered (the question then
// stays).
func (a *answer) offered() *answer {
	if a.do == nil {
		return nil
	}
	return a
}

// layers draw the question in a box over the board, its buttons
// clickable.
func (q *question) layers(m *screenContext, l layout) []*layer {
	var bs []button
	for _, a := range []struct {
		id string
		a  answer
		on bool
	}{{"btn-yes", q.yes, q.def}, {"btn-without", q.without, false}, {"btn-no", q.no, !q.def}, {"btn-load", q.load, false}} {
		if a.a.do != nil && !a.a.hidden {
			bs = append(bs, button{a.id, m.t(a.a.button), a.on})
		}
	}
	return m.dialogBox(l, q.title, q.body, bs)
}

// footer is the line of keys of what is active: the question asked, the
// keys' help (none: any key closes it), else the board's.
func (m *Board) footer() []key.Binding {
	if m.keysHelp != nil {
		return nil
	}
	if q := m.question(); q != nil {
		return q.keyMap(&m.screenContext).ShortHelp()
	}
	return m.keysNow(false).ShortHelp()
}

// stay answers a question by closing it.
func stay() tea.Cmd { return nil }

// question is the served board's one question: leave the table?
func (m *Board) question() *question {
	if m.dialog != dialogQuit {
		return nil
	}
	return &question{title: m.t(lang.DlgLeave), body: []string{m.leaveText()},
		yes: answer{button: lang.BtnYes, do: func() tea.Cmd { return m.up(quitMsg{}) }}, no: answer{button: lang.BtnNo, do: stay}}
}

// question is the question local play asks now, if any, else the board's.
func (m *Model) question() *question {
	st := m.styles
	switch m.dialog {
	case dialogQuit:
		q := &question{title: m.t(lang.DlgQuit), no: answer{button: lang.BtnCancel, do: stay}, alsoQuit: true}
		if m.offerSave() {
			q.body = []string{m.t(lang.DlgQuitUnsaved), st.Dim.Render(m.t(lang.DlgQuitKeeps))}
			q.yes = answer{button: lang.BtnSaveQuit, do: func() tea.Cmd { return m.startSave(afterSaveQuit) }}
			q.without = answer{button: lang.BtnQuitNoSave, do: m.quit}
			q.def = true
			return q
		}
		q.body = []string{m.t(lang.DlgReallyQuit)}
		switch {
		case m.unsaved(): // no saving here: the autosave keeps it
			q.body = append(q.body, st.Dim.Render(m.t(lang.DlgAutosaveKeeps)))
		case m.gameOver():
		case m.local.File() != "":
			q.body = append(q.body, st.Dim.Render(m.t(lang.DlgEverySaved, filepath.Base(m.local.File()))))
		case m.local.FromAutosave():
			q.body = append(q.body, st.Dim.Render(m.t(lang.DlgAutosaveKeeps)))
		}
		q.yes = answer{button: lang.BtnYesQuit, do: m.quit}
		q.without = answer{hidden: true, do: m.quit} // q twice quits
		return q
	}
	switch m.asking {
	case askReplace:
		return m.replaceQuestion()
	case askGuideOffer:
		seen := func(read bool) func() tea.Cmd {
			return func() tea.Cmd {
				m.opts.SeenGuide = true
				if read {
					m.openGuide()
				}
				return m.persist()
			}
		}
		return &question{title: m.t(lang.DlgWelcome), body: []string{
			m.t(lang.DlgWelcome1, m.obs.Trip),
			m.t(lang.DlgWelcome2),
			"",
			m.t(lang.DlgWelcome3),
			st.Dim.Render(m.t(lang.DlgWelcome4)),
		}, yes: answer{button: lang.BtnReadRules, do: seen(true)}, no: answer{button: lang.BtnJustPlay, do: seen(false)}, def: true}
	case askResume:
		body := append(append([]string{m.t(lang.DlgLeftUnfinished)}, m.resumeWhich...), "", m.t(lang.DlgResumeIt))
		if m.isError && m.message != "" {
			body = append(body, "", st.Error.Render(m.message)) // a save picked with L that could not be read
		}
		q := &question{title: m.t(lang.DlgWelcomeBack), body: body, def: true,
			yes: answer{button: lang.BtnResume, do: func() tea.Cmd {
				m.asking = askResume // the table waits for the game to come back
				l := m.local
				return func() tea.Msg {
					g, err := l.LoadResume()
					return resumedMsg{g: g, err: err}
				}
			}},
			no: answer{button: lang.BtnNewGame, do: func() tea.Cmd {
				m.asking = askResumeDrop // asked twice: it throws a game away
				return nil
			}}}
		if m.offers.load {
			// Another game than the one left: the load picker, as L opens
			// it in play; Esc in it comes back here (issue 34: L did
			// nothing). The game left stays in the autosave, as when a
			// file is named on the command line.
			q.load = answer{button: lang.BtnLoadSaved, do: func() tea.Cmd {
				m.asking, m.message, m.isError = askResume, "", false
				return m.openLoad()
			}}
		}
		return q
	case askResumeDrop:
		return &question{title: m.t(lang.DlgANewGame), body: []string{m.t(lang.DlgThrowAway1), m.t(lang.DlgThrowAway2)},
			yes: answer{button: lang.BtnThrowAway, do: func() tea.Cmd {
				m.message, m.isError = m.t(lang.NewGame), false
				l := m.local
				return func() tea.Msg { l.DeclineResume(); return nil }
			}},
			no: answer{button: lang.BtnBack, do: func() tea.Cmd {
				m.asking = askResume
				return nil
			}}}
	}
	return m.Board.question()
}

// replaceQuestion asks before a new game or a load replaces a game with
// moves no file holds: save it first, where that is offered?
func (m *Model) replaceQuestion() *question {
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
	q := &question{title: title,
		without: answer{button: lang.BtnDontSave, do: func() tea.Cmd {
			if m.next == nil {
				return nil
			}
			return m.replaceWith(*m.next, true)
		}},
		no: answer{button: lang.BtnCancel, do: func() tea.Cmd {
			m.next = nil
			m.message, m.isError = m.t(lang.DlgGoesOn), false
			return nil
		}}}
	if !m.offerSave() {
		q.body = []string{m.t(lang.DlgUnsavedMoves), st.Dim.Render(kept)}
		return q
	}
	q.body = []string{m.t(lang.DlgUnsavedMoves), m.t(lang.DlgSaveFirst), st.Dim.Render(kept)}
	q.yes = answer{button: lang.BtnSaveFirst, do: func() tea.Cmd { return m.startSave(afterSaveReplace) }}
	q.def = true
	return q
}
