package ui

import (
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/table"
)

// MinWidth and MinHeight are the smallest screen the game draws on: the
// size of the terminal BSD mille was written for.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Config is how the program starts a Model over a game of its own (local
// play).
type Config struct {
	// Local is the local play the model drives: the game to start with,
	// the files, the computers (package local). The model keeps no copy
	// of its Game.
	Local local.Config
	// ConfigDir keeps the options; "" keeps them in memory only.
	ConfigDir string
	// Options overrides the options found in ConfigDir (tests).
	Options *local.Options
	// Hint suggests a move for the human and says why in a few words; nil
	// hides the hint key.
	Hint ai.HintFunc
	// Dark tells the background before the terminal answers (tests).
	Dark bool
	// Stats returns the lifetime statistics as text for their window; nil
	// hides the statistics key.
	Stats func(*lang.Catalogue) (string, error)
	// Lang is the language the model speaks; nil speaks the one chosen
	// in the options, else English.
	Lang *lang.Catalogue
}

// ask is a question local play asks over the board (the served board's
// one, leaving the table, is the Board's dialogQuit, which local play
// asks as quitting).
type ask int

const (
	askNone       ask = iota
	askReplace        // a new game or a load replaces an unsaved game: save it first?
	askGuideOffer     // first start: "Read the rules guide?"
	askResume         // "Resume the game you left?" (an autosave exists)
	askResumeDrop     // "Throw the game you left away?" (n to the resume question)
)

// Model is local play's root model: the board over the table of a
// game of its own (Board), and around it what only local play has: the
// options file, new games, saves and the load picker, the autosave and
// resuming, the statistics, quitting the program. A server's room shows
// the Board alone (NewRemote).
type Model struct {
	Board
	cfg    Config
	first  bool         // no options were found: the first start
	loader *loadDialog  // the load picker, while it is open
	saver  *saveDialog  // the save dialog, while it is open
	stats  *statsWindow // the lifetime statistics, while they are shown
	next   *nextGame    // the game waiting to replace the table's (askReplace)
	asking ask          // the question local play asks, if any

	// local is local play: its table is saved to files, replaced by new
	// games and loads, its computers' pace set here.
	local *local.Session
	optw  *optionsWriter
	setup *newGameScreen // the new-game screen, while it is open

	resumeWhich []string // the resume question's lines about the autosave's game
}

// messages of the model.
type (
	// viewMsg is a view of the model's table, read from its updates;
	// open is false once they have closed (the table ended).
	viewMsg struct {
		from table.Link
		v    table.View
		open bool
	}
	clickMsg struct {
		id   string
		x, y int
	}
	savedMsg struct {
		path string
		err  error
	}
	hintMsg struct {
		n   int // the search's (ai.HintSearch)
		a   engine.Action
		why ai.Reason
	}
	optionsSavedMsg struct{ err error }
	resumedMsg      struct {
		g   record.Game
		err error
	}
	handRecordedMsg struct {
		at     uint32
		record string
		err    error
	}
)

// New returns the model of a local game: it deals cfg.Game at a table of
// its own, where the person at this keyboard holds every seat of a person.
func New(cfg Config) (*Model, error) {
	if len(cfg.Local.Game.Seats) == 0 {
		return nil, errors.New("ui: no game to play")
	}
	m := baseModel(cfg)
	m.local = local.New(cfg.Local)
	m.offers.save, m.offers.load = m.local.CanSave(), m.local.CanLoad()
	m.local.SetPace(m.opts.Delay())
	if err := m.start(cfg.Local.Game, local.From{File: cfg.Local.File}); err != nil {
		return nil, err
	}
	m.cfg.Local.Game = record.Game{}
	if m.first && !m.opts.SeenGuide {
		m.asking = askGuideOffer
	} else if m.local.Resume() != "" {
		m.asking = askResume
		g, err := m.local.LoadResume()
		m.resumeWhich = resumeWhich(m.lang, g, err)
	}
	m.holdTable()
	return m, nil
}

// baseModel is a model with its options and widgets, and no table yet.
func baseModel(cfg Config) *Model {
	opts := local.DefaultOptions
	var optErr error // told once the language is known
	first := false
	if cfg.Options != nil {
		opts = *cfg.Options
	} else if cfg.ConfigDir != "" {
		opts, first, optErr = local.LoadOptions(cfg.ConfigDir)
	}
	m := &Model{Board: *newBoard(opts, cfg.Lang, cfg.Hint, cfg.Dark), cfg: cfg, first: first, optw: &optionsWriter{}}
	m.wire() // the components read the Model's board, not the one copied
	m.offers = offers{own: true, stats: cfg.Stats != nil}
	if optErr != nil {
		m.message = m.t(lang.MsgOptions, optErr)
	}
	return m
}

// nextLang speaks the next language of the catalogue, and keeps the
// choice in the options.
func (m *Board) nextLang() tea.Cmd {
	i := slices.Index(lang.All, m.lang)
	m.lang = lang.All[(i+1)%len(lang.All)]
	m.keys = keyMapIn(m.lang)
	m.tables.boxes = [engine.MaxSides]boxCache{}
	m.helpLine = cachedLine{}
	m.opts.Lang = m.lang.Tag
	m.logs.retell()
	m.message, m.isError = m.t(lang.LangNow), false
	return m.up(optionsMsg{})
}

// setDark rebuilds the styles for the terminal's background.
func (m *Board) setDark(dark bool) {
	m.styles = StylesFor(dark)
	m.helpLine = cachedLine{}
}

// Update handles a message: local play's own, then the board's; then it
// answers what the board asked of it (answer).
func (m *Model) Update(msg tea.Msg) (_ tea.Model, cmd tea.Cmd) {
	m.covered = m.covering()
	defer func() {
		for len(m.asks) > 0 {
			ask := m.asks[0]
			m.asks = m.asks[1:]
			cmd = tea.Batch(cmd, m.respond(ask))
		}
		m.holdTable()
	}()
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.hand.armed = -1 // a click, then keys, then a click: the card is only selected
		return m, m.keyPress(msg)
	case clickMsg:
		return m, m.click(msg)
	case func(*Model):
		msg(m) // a probe: tests read the model without racing the program
	case tea.WindowSizeMsg:
		m.Board.update(msg)
		if m.loader != nil {
			m.loader.Update(msg)
		}
		if m.saver != nil {
			m.saver.Update(&m.screenContext, msg)
		}
		return m, nil
	case loadedMsg:
		return m, m.loaded(msg)
	case pickerReadMsg:
		if m.loader != nil {
			m.loader.Update(msg)
		}
		if m.saver != nil {
			m.saver.Update(&m.screenContext, msg)
		}
		return m, nil
	case statsMsg:
		if msg.err != nil {
			return m, m.setError(m.t(lang.MsgStats, msg.err))
		}
		m.stats = &statsWindow{text: msg.text}
		return m, nil
	case savedMsg:
		after := afterSaveNothing
		if m.saver != nil {
			after = m.saver.after
		}
		m.saver = nil
		if msg.err != nil {
			m.dialog, m.next = dialogNone, nil
			return m, m.setError(m.t(lang.MsgSaveFailed, msg.err))
		}
		m.message, m.isError = m.t(lang.MsgGameSaved, save.Home(msg.path)), false
		m.dialog = dialogNone
		switch after {
		case afterSaveQuit:
			return m, m.quit()
		case afterSaveReplace:
			if m.next != nil {
				return m, m.deal(*m.next)
			}
		}
		return m, nil
	case optionsSavedMsg:
		if msg.err != nil {
			m.message, m.isError = m.t(lang.MsgOptionsNotSaved, msg.err), true
		}
		return m, nil
	case resumedMsg:
		m.asking = askNone
		if msg.err != nil {
			return m, m.setError(m.t(lang.MsgCantResume, msg.err))
		}
		// The dialog said welcome back: the line tells the game, as before.
		if err := m.start(msg.g, local.From{Autosave: true}); err != nil {
			return m, m.setError(m.t(lang.MsgCantResume, err))
		}
		return m, m.watchTable()
	case handRecordedMsg:
		if msg.at == m.obs.EventCount {
			m.scores.record = msg.record
		}
		if msg.err != nil {
			say := func(c *lang.Catalogue) string { return "(" + c.Error(msg.err) + ")" }
			m.logs.log = append(m.logs.log, logLine{text: say(m.lang), at: msg.at, say: say})
		}
		return m, nil
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return m, nil
		}
		if m.stats != nil {
			m.stats = nil // a click anywhere closes it
			return m, nil
		}
		if id := m.Hit(msg.X, msg.Y); id != "" {
			return m, m.click(clickMsg{id: id, x: msg.X, y: msg.Y})
		}
		return m, nil
	}
	if cmd, ok := m.Board.update(msg); ok {
		return m, cmd
	}
	if m.saver != nil {
		// The cursor's blinks.
		return m, m.saveUpdate(msg)
	}
	return m, nil
}
