package ui

import (
	"context"
	"math/rand/v2"
	"sync"

	"charm.land/bubbles/v2/filepicker"
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// MinWidth and MinHeight are the smallest screen the game draws on: the
// size of the terminal BSD mille was written for.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Config is how the program starts a Model.
type Config struct {
	// Setup is the new game to deal (ignored when Session is set).
	Setup Setup
	// Session is a game resumed from a file; File is that file's name.
	Session *Session
	File    string
	// ConfigDir keeps the options; "" keeps them in memory only.
	ConfigDir string
	// Options overrides the options found in ConfigDir (tests).
	Options *Options
	// NewPlayer makes the computer player of a seat; nil means ai.New.
	NewPlayer func(level string, seed uint64) (ai.Player, error)
	// Save writes the session to the file the player named and returns the
	// path written; nil hides the save key. WriteSave is the real one.
	Save func(name string, ss *Session) (string, error)
	// Hint suggests a move for the human and says why in a few words; nil
	// hides the hint key.
	Hint func(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, string)
	// Dark tells the background before the terminal answers (tests).
	Dark bool
	// Autosave keeps the game when the player leaves with Ctrl-C mid-game;
	// nil keeps nothing. save.WriteAutosave through SessionAutosave is the
	// real one.
	Autosave func(ss *Session) error
	// Resume is an autosave to offer at start ("" for none); ResumeGame
	// loads it and DropResume deletes it when the player declines.
	Resume     string
	ResumeGame func(path string) (*Session, error)
	DropResume func() error
	// HandOver runs (in a command) at the end of every hand, to record the
	// player's statistics, and returns a line about their record for the
	// end-of-hand window; nil records nothing.
	HandOver func(ss *Session) (string, error)
	// Load reads a saved game chosen in the load picker (in a command);
	// nil hides the load key. Load (this package's) is the real one.
	Load func(path string) (*Session, error)
	// Stats returns the lifetime statistics as text for their window; nil
	// hides the statistics key.
	Stats func() (string, error)
}

// screen is what fills the terminal.
type screen int

const (
	screenBoard screen = iota
	screenNewGame
	screenGuide
)

// dialog is a question asked over the board by the interface itself (the
// game's own questions, coup fourré, extension, another hand, come from the
// engine's phase).
type dialog int

const (
	dialogNone       dialog = iota
	dialogQuit              // "Really quit?"
	dialogSaveOnQuit        // "Save the game before quitting?"
	dialogSaveAs            // file name input
	dialogGuideOffer        // first start: "Read the rules guide?"
	dialogResume            // "Resume the game you left?" (an autosave exists)
	dialogKeys              // full help
	dialogLoad              // the load picker
	dialogStats             // lifetime statistics
)

// seatPlayer is a computer seat. The mutex keeps a cancelled search that is
// still winding down from racing with the next one on the same player.
type seatPlayer struct {
	mu sync.Mutex
	p  ai.Player
}

// Model is the root model of the game.
type Model struct {
	cfg           Config
	opts          Options
	first         bool // no options were found: the first start
	w, h          int
	styles        *Styles
	keys          KeyMap
	help          help.Model
	spin          spinner.Model
	input         textinput.Model
	picker        filepicker.Model // load: saves; save: the folder
	pickFolder    bool             // the save dialog's keys go to the picker
	statsText     string
	screen        screen
	dialog        dialog
	quitAfterSave bool

	// The table and what the viewer sees of it: everything shown, checked
	// and told comes from obs and seats. sess is the local game behind the
	// table (undo, saves, computers, hot-seat), nil for a remote table.
	table  Table
	remote bool // the table is played elsewhere (NewRemote)
	obs    engine.Observation
	seats  []Seat
	host   bool                      // the viewer may save the table
	boxes  [engine.MaxSides]boxCache // the sides' table boxes last drawn (tableau.go)
	// Between hands at a remote table: the viewer asked for the next hand,
	// and the people the table still waits for (TableMsg).
	ready      bool
	waitingFor []string
	note       string // the table's latest news
	sent       bool   // remote: an action is on its way to the table
	sentAt     uint32 // remote: the event count when it was sent

	sess    *Session
	players []*seatPlayer
	file    string

	sel      int         // selected display position in the hand, 0 = P
	armed    int         // position clicked once (a second click plays it), -1 none
	pending  rune        // BSD 'u' or 'd' waiting for a slot
	pendSlot int         // the slot named after U/D (-1 none), waiting for Return
	target   engine.Card // hazard waiting for a target side (NoCard: none)
	tsel     int         // highlighted target side

	message string
	isError bool
	recent  []string // events since the human's last move, for the message line
	log     []string
	logOff  int  // lines scrolled back from the newest
	window  bool // true: the score window; false: the command list

	gen        int // generation of computer searches; older answers are dropped
	cancel     context.CancelFunc
	thinking   bool
	paced      bool           // the pause after the last computer move is over
	move       *engine.Action // a computer's chosen move waiting for the pause
	flash      engine.Card    // the card the last move put on a table…
	flashTo    int            // …and the side whose table it went to (-1 none)
	hinting    bool
	recordedAt uint32 // event count of the last hand end sent to HandOver
	record     string // the player's record, shown at the end of that hand
	optw       *optionsWriter

	ng    newGameForm
	guide int // page of the rules guide
	back  screen

	quitting bool
}

// messages of the model.
type (
	aiMoveMsg struct {
		gen int
		a   engine.Action
	}
	paceMsg  struct{ gen int }
	clickMsg struct {
		id   string
		x, y int
	}
	savedMsg struct {
		path string
		err  error
	}
	hintMsg struct {
		gen int
		a   engine.Action
		why string
	}
	optionsSavedMsg struct{ err error }
	resumedMsg      struct {
		ss  *Session
		err error
	}
	handRecordedMsg struct {
		at     uint32
		record string
		err    error
	}
)

// Probe is a message that runs its function on the model inside Update, so
// that tests and tools can read the model without racing the program.
type Probe func(m *Model)

// New returns the model for a game.
func New(cfg Config) (*Model, error) {
	m := baseModel(cfg)
	ss := cfg.Session
	if ss == nil {
		var err error
		if ss, err = NewSession(cfg.Setup); err != nil {
			return nil, err
		}
	}
	if err := m.start(ss); err != nil {
		return nil, err
	}
	m.file = cfg.File
	if m.first && !m.opts.SeenGuide {
		m.dialog = dialogGuideOffer
	} else if cfg.Resume != "" && cfg.ResumeGame != nil && cfg.Session == nil {
		m.dialog = dialogResume
	}
	return m, nil
}

// baseModel is a model with its options and widgets, and no table yet.
func baseModel(cfg Config) *Model {
	m := &Model{cfg: cfg, keys: DefaultKeyMap(), help: help.New(), window: true, pendSlot: -1, armed: -1, flashTo: -1, optw: &optionsWriter{}}
	m.opts = DefaultOptions
	if cfg.Options != nil {
		m.opts = *cfg.Options
	} else if cfg.ConfigDir != "" {
		o, first, err := LoadOptions(cfg.ConfigDir)
		m.opts, m.first = o, first
		if err != nil {
			m.message = "options: " + err.Error()
		}
	}
	m.setDark(cfg.Dark)
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot))
	m.input = textinput.New()
	m.input.Prompt = "File: "
	m.input.CharLimit = 200
	if cfg.NewPlayer == nil {
		m.cfg.NewPlayer = ai.New
	}
	return m
}

// setDark rebuilds the styles for the terminal's background.
func (m *Model) setDark(dark bool) {
	m.styles = NewStyles(dark)
	m.help.Styles = m.styles.Help
}

// start seats the players of a session and shows its table.
func (m *Model) start(ss *Session) error {
	players := make([]*seatPlayer, len(ss.Seats))
	for i, seat := range ss.Seats {
		if seat.Human {
			continue
		}
		seed := ss.Seed ^ uint64(i+1)*0x9e3779b97f4a7c15
		p, err := m.cfg.NewPlayer(seat.Level, seed)
		if err != nil {
			// A save may name a level this mille does not know.
			if p, err = m.cfg.NewPlayer("medium", seed); err != nil {
				return err
			}
		}
		players[i] = &seatPlayer{p: p}
	}
	m.stopThinking()
	m.sess, m.players, m.table = ss, players, ss
	m.pull()
	m.log = m.log[:0]
	m.recent = m.recent[:0]
	m.logOff = 0
	m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	m.file = ""
	m.narrate(0, m.obs.EventCount, false)
	m.selectDrawn()
	return nil
}

// Init asks the terminal for its background and starts the game moving.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.next())
}

// Session returns the game being played (nil for a remote table).
func (m *Model) Session() *Session { return m.sess }

// Message returns the message line's text (tests).
func (m *Model) Message() string { return m.message }

// newSeed draws a seed for a new game from the current one, so a game
// started with --seed stays reproducible.
func (m *Model) newSeed() uint64 {
	r := rand.New(rand.NewPCG(m.sess.Seed, uint64(len(m.sess.Actions))))
	return r.Uint64()
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.picker.SetHeight(m.pickerRows())
		return m, nil
	case Hangup:
		if m.quitting {
			return m, nil
		}
		return m, m.interrupt()
	case loadedMsg:
		return m, m.loaded(msg)
	case statsMsg:
		if msg.err != nil {
			return m, m.setError("Statistics: " + msg.err.Error())
		}
		m.statsText, m.dialog = msg.text, dialogStats
		return m, nil
	case tea.BackgroundColorMsg:
		m.setDark(msg.IsDark())
		return m, nil
	case spinner.TickMsg:
		if !m.thinking && !m.hinting {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case aiMoveMsg:
		if msg.gen != m.gen || !m.thinking {
			return m, nil
		}
		a := msg.a
		m.move = &a
		return m, m.applyComputer()
	case paceMsg:
		if msg.gen != m.gen {
			return m, nil
		}
		m.paced = true
		return m, m.applyComputer()
	case hintMsg:
		if msg.gen != m.gen || !m.hinting {
			return m, nil
		}
		m.hinting = false
		m.showHint(msg.a, msg.why)
		return m, nil
	case savedMsg:
		if msg.err != nil {
			m.dialog = dialogNone
			return m, m.setError("Save failed: " + msg.err.Error())
		}
		if m.remote {
			m.message, m.isError = "The table is saved as "+msg.path+".", false
			return m, nil
		}
		m.file = msg.path
		m.message, m.isError = "Game saved in "+msg.path+".", false
		m.dialog = dialogNone
		if m.quitAfterSave {
			return m, m.quit()
		}
		return m, nil
	case optionsSavedMsg:
		if msg.err != nil {
			m.message, m.isError = "Options not saved: "+msg.err.Error(), true
		}
		return m, nil
	case Probe:
		msg(m)
		return m, nil
	case resumedMsg:
		if msg.err != nil {
			return m, tea.Batch(m.setError("Can't resume: "+msg.err.Error()), m.next())
		}
		if err := m.start(msg.ss); err != nil {
			return m, m.setError("Can't resume: " + err.Error())
		}
		m.message, m.isError = "Welcome back: the game goes on where you left it.", false
		return m, m.next()
	case TableMsg:
		m.see(msg)
		return m, nil
	case actedMsg:
		return m, m.acted(msg)
	case handRecordedMsg:
		if msg.at == m.obs.EventCount {
			m.record = msg.record
		}
		if msg.err != nil {
			m.log = append(m.log, "(statistics not recorded: "+msg.err.Error()+")")
		}
		return m, nil
	case clickMsg:
		return m, m.click(msg)
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return m, nil
		}
		if m.dialog == dialogStats {
			m.dialog = dialogNone // a click anywhere closes it
			return m, nil
		}
		if id := m.Hit(msg.X, msg.Y); id != "" {
			return m, m.click(clickMsg{id: id, x: msg.X, y: msg.Y})
		}
		return m, nil
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.scrollLog(1)
		case tea.MouseWheelDown:
			m.scrollLog(-1)
		}
		return m, nil
	case tea.KeyPressMsg:
		m.armed = -1 // a click, then keys, then a click: the card is only selected
		return m, m.keyPress(msg)
	}
	if m.dialog == dialogSaveAs || m.dialog == dialogLoad {
		// The picker's folder readings, the cursor's blinks.
		var cmd, icmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		if m.dialog == dialogSaveAs {
			m.input, icmd = m.input.Update(msg)
		}
		return m, tea.Batch(cmd, icmd)
	}
	return m, nil
}
