package ui

import (
	"errors"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/table"
)

// screen is what fills the board's terminal: the board or the rules
// guide (local play's new-game screen is a component of the Model).
type screen int

const (
	screenBoard screen = iota
	screenGuide
)

// dialog is the question the board asks over itself, as a served board
// does: leaving (quitting, in local play). The game's own questions (coup fourré, extension, another hand)
// come from the engine's phase; local play's windows and questions are
// the Model's.
type dialog int

const (
	dialogNone dialog = iota
	dialogQuit        // "Really quit?", offering to save an unsaved game
)

// Board is the view over one connection to a table (table.Link): the
// tables of the sides, the hand, the status and message lines, the log,
// the game's own questions, hints, the score window, the rules guide and
// the keys' help. A server's room shows a Board as it is (NewRemote);
// local play wraps one in a Model, which adds what only a game of this
// machine's own has (files, new games, the autosave, quitting the
// program). The board holds no such thing: what it leaves to the program
// around it, it asks by messages (ask), and that program tells it what it
// offers (offers) and whether something of its own covers the board.
type Board struct {
	seen               // the screen, the view of the table, the options: what the components read
	hintFn ai.HintFunc // nil hides the hint key

	// asks are the messages to the program around the board, taken by it
	// as soon as the board's update returns (Board.Update for a served
	// board, Model.Update in local play); covered is set by that program
	// while a window or a question of its own is over the board (its keys
	// and clicks are off).
	asks    []tea.Msg
	covered bool

	// The components, each with its state, its keys and its drawing; they
	// read seen and report to the board by messages (messages.go, do).
	hand   handPane   // the hand: the selection, BSD's U/D commands, the target side
	tables tablesPane // the sides' tables
	scores scorePane  // the score window, the command list, the end of a hand
	logs   logPane    // the log and the recent moves of the message line
	guide  guidePane  // the rules guide

	helpW    int // the width the help is drawn in where it cuts (helpModel)
	spin     spinner.Model
	screen   screen
	dialog   dialog
	keysHelp *keysWindow // the keys' help, while it is open
	quitting bool

	// The table: everything shown, checked and told comes from its view
	// (seen.view).
	table    table.Link
	fed      bool                   // the host program hands the table's views to Update (RemoteConfig.Fed)
	saveRoom func() (string, error) // RemoteConfig.Keep
	helpLine cachedLine             // the key help line last drawn (view.go)
	status   statusPane             // the status line, kept (view.go)
	measured layerWidths            // the widths of the last frame's layers (drawLayers)
	note     table.Notice           // the table's latest news
	// moving is set from the viewer's move (act) until the view that
	// shows it comes (View.Acted), movedAt being the event count before
	// it: the message line starts over from there.
	moving  bool
	movedAt uint32

	message string
	isError bool
	now     func() time.Time

	hints    ai.HintSearch
	spinning bool // the spinner ticks
}

// wire points the components at the board's seen: once made, and after
// the board is copied into a Model.
func (m *Board) wire() {
	s := &m.seen
	m.hand.seen, m.tables.seen, m.scores.seen, m.logs.seen, m.guide.seen, m.status.seen = s, s, s, s, s, s
	m.guide.tables = &m.tables
}

// offers is what the program around a board offers beyond the board
// itself, told as data when it makes the board: a served room offers
// none of it (NewRemote), local play all it can (New). The board words
// its keys, its command list and its buttons by it, and sends what they
// ask for up as messages (messages.go).
type offers struct {
	own   bool // a game of this machine's own: q quits the program, N sets up a new game, the pace, the review of a hand
	save  bool // S writes the game to a file
	load  bool // L opens the load picker
	stats bool // the statistics' key

	keeper bool // a served table that keeps itself (RemoteConfig.Keep): S asks it to, for its host
}

// LeaveMsg is what a model over a table it was given emits when the player
// chooses to leave it (q, then y), or when the table ended (Ended): the
// host program gives up the seat and shows what comes next. Such a model
// never quits the program itself.
type LeaveMsg struct{ Ended bool }

// RemoteConfig is how a host program starts a board over a table of its
// own (a server's room).
type RemoteConfig struct {
	// Table is the viewer's connection to the table.
	Table table.Link
	// Options are kept in memory only; nil starts with the defaults.
	Options *local.Options
	// Hint suggests a move from the viewer's observation; nil hides the
	// hint key.
	Hint ai.HintFunc
	// Dark tells the background before the terminal answers.
	Dark bool
	// Lang is the language the board speaks; nil: English.
	Lang *lang.Catalogue
	// Keep keeps a table that keeps itself (a server's room), for its
	// host, and gives the name it is kept under; nil: S is refused.
	Keep func() (string, error)
	// Fed says the host program reads the table's updates itself and
	// hands each View to Update (a lobby that read them before the game):
	// the board then never reads them, so the channel has one reader.
	Fed bool
}

// NewRemote returns a board over a table the host program runs. It holds
// only the viewer's view: no files (saves, autosave, statistics,
// options), no new-game screen and no first-start offer; the table plays
// its computers, and q leaves the table by emitting LeaveMsg.
func NewRemote(cfg RemoteConfig) (*Board, error) {
	if cfg.Table == nil {
		return nil, errors.New("ui: a remote model needs a table")
	}
	v := cfg.Table.View()
	if len(v.Seats) != v.Obs.Config.Players || v.Obs.Config.Players == 0 {
		return nil, errors.New("ui: the table has not started")
	}
	opts := local.DefaultOptions
	opts.SeenGuide = true
	if cfg.Options != nil {
		opts = *cfg.Options
	}
	b := newBoard(opts, cfg.Lang, cfg.Hint, cfg.Dark)
	b.table, b.fed = cfg.Table, cfg.Fed
	b.saveRoom, b.offers.keeper = cfg.Keep, cfg.Keep != nil
	b.see(v)
	return b, nil
}

// newBoard is a board with its options and widgets, and no table yet;
// nil l speaks the options' language, else English.
func newBoard(opts local.Options, l *lang.Catalogue, hint ai.HintFunc, dark bool) *Board {
	b := &Board{hintFn: hint, now: time.Now}
	b.opts = opts
	b.hand.pendSlot, b.hand.armed, b.tables.flashTo, b.scores.window = -1, -1, -1, true
	b.wire()
	b.lang = l
	if b.lang == nil {
		b.lang = &lang.English
		if c, ok := lang.Lookup(opts.Lang); ok {
			b.lang = c
		}
	}
	b.keys = keyMapIn(b.lang)
	b.setDark(dark)
	b.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot))
	return b
}

// helpModel is the help drawn in the board's styles at its width, a copy
// of the styles' own for the few screens that draw with a width (the new
// game's, the keys' window).
func (m *Board) helpModel() help.Model {
	hm := *m.styles.help
	hm.SetWidth(m.helpW)
	return hm
}

// Init asks the terminal for its background and starts listening to the
// table. A fed board's host (a server's session) asked already and gave
// the board its answer (RemoteConfig.Dark): asking again only kept one of
// Bubble Tea's goroutines waiting, for the batch, on the host's wait for
// the table's next change (issue 36).
func (m *Board) Init() tea.Cmd {
	if m.fed {
		return m.watchTable()
	}
	return tea.Batch(tea.RequestBackgroundColor, m.watchTable())
}

// Message returns the message line's text (tests).
func (m *Board) Message() string { return m.message }

// Update handles a message, for a board shown alone (a server's room):
// then the board answers what it asks of its host itself (served).
func (m *Board) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd, _ := m.update(msg)
	for len(m.asks) > 0 {
		ask := m.asks[0]
		m.asks = m.asks[1:]
		cmd = tea.Batch(cmd, m.served(ask))
	}
	return m, cmd
}

// ask sends msg to the program around the board.
func (m *Board) ask(msg tea.Msg) { m.asks = append(m.asks, msg) }

// update handles a message, and reports whether it was one for the board.
func (m *Board) update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.helpW = msg.Width
	case Hangup:
		if m.quitting {
			return nil, true
		}
		m.ask(quitMsg{})
		return nil, true
	case tea.BackgroundColorMsg:
		m.setDark(msg.IsDark())
	case spinner.TickMsg:
		if !m.computerThinks() && !m.hints.On() {
			m.spinning = false
			return nil, true
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd, true
	case viewMsg:
		if msg.from != m.table {
			return nil, true // a table left behind (a new game, a load)
		}
		if !msg.open {
			return func() tea.Msg { return LeaveMsg{Ended: true} }, true
		}
		return tea.Batch(m.see(msg.v), m.listen()), true
	case table.View:
		return m.see(msg), true
	case hintMsg:
		if m.hints.Answer(msg.n) {
			return m.do(m.hand.showHint(msg.a, msg.why)), true
		}
	case savedMsg:
		// The room kept itself (saveTable).
		if msg.err != nil {
			m.dialog = dialogNone
			return m.setError(m.t(lang.MsgSaveFailed, msg.err)), true
		}
		m.message, m.isError = m.t(lang.MsgTableSaved, msg.path), false
	case func(*Board):
		msg(m) // a probe: tests read the board without racing the program
	case clickMsg:
		return m.click(msg), true
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return nil, true
		}
		if id := m.Hit(msg.X, msg.Y); id != "" {
			return m.click(clickMsg{id: id, x: msg.X, y: msg.Y}), true
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			m.logs.scrollLog(1)
		case tea.MouseWheelDown:
			m.logs.scrollLog(-1)
		}
	case tea.KeyPressMsg:
		m.hand.armed = -1 // a click, then keys, then a click: the card is only selected
		return m.keyPress(msg), true
	default:
		return nil, false
	}
	return nil, true
}

// served answers what the board asks of its host when it is shown
// alone, in a server's room: q leaves the table (LeaveMsg), S asks the
// room to keep itself, and what a room does not have (files, new games,
// a pace of its own, the hand's record) is refused or nothing.
func (m *Board) served(ask tea.Msg) tea.Cmd {
	switch ask.(type) {
	case quitMsg:
		m.hints.Stop()
		m.dialog = dialogNone
		return func() tea.Msg { return LeaveMsg{} } // the host program takes the viewer away
	case askQuitMsg:
		m.dialog = dialogQuit
	case saveMsg:
		keep := m.saveRoom
		if keep == nil {
			return m.setError(m.t(lang.UINoSaveTable))
		}
		m.message, m.isError = m.t(lang.UISavingTable), false
		return func() tea.Msg {
			name, err := keep()
			return savedMsg{path: name, err: err}
		}
	case newGameMsg:
		return m.setError(m.t(lang.NgShared)) // a room's game is set up in the lobby
	case reviewMsg:
		return m.setError(m.t(lang.RvNoReview, m.t(lang.RvOnlyHere))) // a guest does not hold the record
	case speedMsg:
		return m.setError(m.t(lang.UITablePace))
	case loadMsg:
		return m.setError(m.t(lang.PkNoLoad))
	case openStatsMsg:
		return m.setError(m.t(lang.PkNoStats)) // the statistics are this machine's
	}
	return nil // the options live in memory; a room's results are the server's
}

// canSave reports whether S saves: a file of local play's, or a table
// that can keep itself, for its host (the table decides: the others are
// told why not).
func (m *seen) canSave() bool {
	if m.offers.own {
		return m.offers.save
	}
	return m.offers.keeper && m.view.Host
}

// overlaid reports whether something is open over the board: one of its
// own dialogs, or a window or a question of the program around it.
func (m *Board) overlaid() bool {
	return m.dialog != dialogNone || m.keysHelp != nil || m.covered
}
