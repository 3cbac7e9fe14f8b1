package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/filepicker"
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
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
	boxes  [engine.MaxSides]boxCache // the sides' table boxes last drawn (view.go)
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

// stopThinking cancels any computer search and forgets its answer.
func (m *Model) stopThinking() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.gen++
	m.thinking, m.hinting, m.move, m.paced = false, false, nil, false
}

// next starts whatever the table waits for: a computer's search, or
// nothing when a person must decide.
func (m *Model) next() tea.Cmd {
	// The table waits while the player reads the rules or sets up a game.
	if m.sess == nil || m.screen != screenBoard || m.dialog == dialogGuideOffer || m.dialog == dialogResume {
		return nil
	}
	st := m.sess.State()
	if st.HandOver() && m.cfg.HandOver != nil && m.recordedAt != st.EventCount && m.sess.People() == 1 {
		m.recordedAt = st.EventCount
		ss, fn := m.snapshot(), m.cfg.HandOver
		at := st.EventCount
		return func() tea.Msg {
			rec, err := fn(ss)
			return handRecordedMsg{at: at, record: rec, err: err}
		}
	}
	if m.sess.Seats[st.ToAct()].Human || m.thinking {
		return nil
	}
	seat := st.ToAct()
	obs := engine.Observe(st, seat)
	legal := obs.Legal(make([]engine.Action, 0, engine.MaxLegal))
	ctx, cancel := context.WithCancel(context.Background())
	m.stopThinking()
	m.cancel = cancel
	m.thinking = true
	gen := m.gen
	sp := m.players[seat]
	think := func() tea.Msg {
		sp.mu.Lock()
		defer sp.mu.Unlock()
		return aiMoveMsg{gen: gen, a: sp.p.Choose(ctx, &obs, legal)}
	}
	d := m.opts.Delay()
	if d == 0 {
		m.paced = true
		return tea.Batch(think, m.spin.Tick)
	}
	pace := tea.Tick(d, func(time.Time) tea.Msg { return paceMsg{gen: gen} })
	return tea.Batch(think, pace, m.spin.Tick)
}

// applyComputer plays a computer's move once it is chosen and its pause is
// over.
func (m *Model) applyComputer() tea.Cmd {
	if m.move == nil || !m.paced {
		return nil
	}
	a := *m.move
	m.move, m.thinking, m.cancel = nil, false, nil
	seat := m.sess.State().ToAct()
	before, err := m.sess.Apply(a)
	if err != nil {
		// A computer player broke the rules: say so rather than hang.
		m.setError(fmt.Sprintf("%s chose an illegal move (%v): %v", m.sess.Seats[seat].Name, a, err))
		return nil
	}
	m.pull()
	m.narrate(before, m.obs.EventCount, false)
	m.afterMove()
	return m.next()
}

// afterMove resets the hand selection when the human's turn comes.
func (m *Model) afterMove() {
	m.logOff = 0
	if m.obs.MyTurn() && m.obs.Phase == engine.PhasePlay {
		m.selectDrawn()
	}
}

// selectDrawn selects the drawn card, or the first card held.
func (m *Model) selectDrawn() {
	hv := m.handView()
	if hv[m.sel].card != engine.NoCard && m.sel != 0 && hv[0].card == engine.NoCard {
		return
	}
	for i, c := range hv {
		if c.card != engine.NoCard {
			m.sel = i
			return
		}
	}
	m.sel = 0
}

// narrate tells the events in [from, to) on the message line and in the log.
func (m *Model) narrate(from, to uint32, replace bool) {
	obs := &m.obs
	if to <= from {
		if replace {
			m.recent = m.recent[:0]
			m.message, m.isError = "", false
		}
		return
	}
	names := m.names()
	if to-from > engine.LogSize {
		from = to - engine.LogSize
	}
	var parts []string
	for i := from; i < to; i++ {
		e := obs.Log[i%engine.LogSize]
		if e.Kind == engine.EvNone || e.Kind == engine.EvDraw && (int(e.Seat) != obs.Seat || obs.Onlooker) {
			continue
		}
		line := e.Text(names)
		if line == "" {
			continue
		}
		parts = append(parts, line)
		m.log = append(m.log, line)
		switch e.Kind {
		case engine.EvPlay, engine.EvSafety, engine.EvCoupFourre:
			m.flash, m.flashTo = e.Card, obs.Config.SideOf(int(e.Seat))
		case engine.EvAttack:
			m.flash, m.flashTo = e.Card, int(e.Target)
		case engine.EvDeal:
			m.flashTo = -1
		}
	}
	if len(m.log) > 200 {
		m.log = append(m.log[:0], m.log[len(m.log)-200:]...)
	}
	// The message line tells what happened since the human's last move
	// (recent), so that three computers' moves in a row are all seen.
	if replace {
		m.recent = m.recent[:0]
	}
	m.recent = append(m.recent, parts...)
	if len(m.recent) > 12 {
		m.recent = append(m.recent[:0], m.recent[len(m.recent)-12:]...)
	}
	if len(parts) > 0 || replace {
		m.message, m.isError = "", false
	}
}

// narration is the message line when no message is set: the recent events
// that fit in w cells, oldest first, keeping every hazard played on the
// human's side (what matters most) before the rest, newest first.
func (m *Model) narration(w int) (string, bool) {
	if len(m.recent) == 0 {
		return "", false
	}
	const sep = " · "
	mine := func(s string) bool {
		return strings.Contains(s, " on you") || strings.Contains(s, " on your team") || strings.HasPrefix(s, "Coup fourré!")
	}
	keep := make([]bool, len(m.recent))
	used, alert := 0, false
	take := func(i int) {
		n := width(m.recent[i])
		if used > 0 {
			n += 3 // " · "
		}
		if used+n <= w || used == 0 {
			keep[i], used = true, used+n
		}
	}
	for i := len(m.recent) - 1; i >= 0; i-- {
		if mine(m.recent[i]) {
			take(i)
			alert = alert || keep[i]
		}
	}
	for i := len(m.recent) - 1; i >= 0 && used < w; i-- {
		if !keep[i] {
			take(i)
		}
	}
	var b strings.Builder
	for i, k := range keep {
		if k {
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			b.WriteString(m.recent[i])
		}
	}
	return b.String(), alert
}

// setError shows a refusal and rings the bell if the player wants it.
func (m *Model) setError(msg string) tea.Cmd {
	m.message, m.isError = msg, true
	if m.opts.Bell {
		return tea.Raw("\a")
	}
	return nil
}

// handPos is one position of the hand as displayed: which slot it shows.
type handPos struct {
	slot int
	card engine.Card
}

// handView lists the hand in display order: P, then slots 1-6, sorted by
// card when the player asked for ordering (BSD O).
func (m *Model) handView() [engine.HandSlots]handPos {
	hand := &m.obs.MyHand
	var hv [engine.HandSlots]handPos
	for i := range hv {
		hv[i] = handPos{slot: i, card: hand[i]}
	}
	if m.opts.Ordered {
		// Insertion sort of 1..6 by card; empty slots last.
		for i := 2; i < engine.HandSlots; i++ {
			for j := i; j > 1 && less(hv[j].card, hv[j-1].card); j-- {
				hv[j], hv[j-1] = hv[j-1], hv[j]
			}
		}
	}
	return hv
}

func less(a, b engine.Card) bool {
	if a == engine.NoCard {
		return false
	}
	return b == engine.NoCard || a < b
}

// opponents lists the sides other than the human's.
func (m *Model) opponents() []int {
	var o []int
	me := m.obs.Side()
	for s := 0; s < m.obs.Config.Sides(); s++ {
		if s != me {
			o = append(o, s)
		}
	}
	return o
}

// act takes a human action, or explains why it can't be taken.
func (m *Model) act(a engine.Action) tea.Cmd {
	if m.sent {
		return nil // the last action is still on its way to the table
	}
	if a == engine.Continue && m.dealsOnTogether() {
		if m.obs.Onlooker {
			return m.setError(m.waitText())
		}
		return m.send(a) // any person asks; the table deals when all have
	}
	if err := m.obs.Check(a); err != nil {
		return m.refuse(a, err)
	}
	if m.remote {
		return m.send(a)
	}
	m.stopThinking()
	before := m.obs.EventCount
	if err := m.table.Act(a); err != nil {
		return m.refuse(a, err)
	}
	m.pull()
	m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	m.narrate(before, m.obs.EventCount, true)
	m.afterMove()
	return m.next()
}

// playAt plays the card at a display position: remedies, distance and
// safeties on the player's own side, a hazard on the only opponent or, with
// several, after asking which side.
func (m *Model) playAt(pos int) tea.Cmd {
	if m.obs.Onlooker {
		return m.setError(m.waitText())
	}
	hv := m.handView()
	c := hv[pos].card
	if c == engine.NoCard {
		return m.setError("There is no card in slot " + slotKey(pos) + ".")
	}
	m.sel = pos
	if !c.IsHazard() {
		return m.act(engine.Play(c))
	}
	opp := m.opponents()
	if len(opp) == 1 || !m.obs.MyTurn() {
		return m.act(engine.Attack(c, opp[0]))
	}
	// Ask only when there is a choice: one side open to the hazard takes
	// it at once, none gets the refusal of the first.
	var open []int
	for _, s := range opp {
		if m.obs.Check(engine.Attack(c, s)) == nil {
			open = append(open, s)
		}
	}
	switch len(open) {
	case 0:
		return m.act(engine.Attack(c, opp[0]))
	case 1:
		return m.act(engine.Attack(c, open[0]))
	}
	m.target = c
	m.tsel = open[0]
	m.message, m.isError = "Play "+c.String()+" on whom? Pick a side (keys shown, or click its table).", false
	return nil
}

// discardAt discards the card at a display position.
func (m *Model) discardAt(pos int) tea.Cmd {
	if m.obs.Onlooker {
		return m.setError(m.waitText())
	}
	c := m.handView()[pos].card
	if c == engine.NoCard {
		return m.setError("There is no card in slot " + slotKey(pos) + ".")
	}
	m.sel = pos
	return m.act(engine.Discard(c))
}

// slotKey names a display position as BSD does: P, 1-6.
func slotKey(pos int) string {
	if pos == 0 {
		return "P"
	}
	return string(rune('0' + pos))
}

// gamePrompt is the engine's question to the human, if it waits for one.
type gamePrompt int

const (
	promptNone gamePrompt = iota
	promptCoupFourre
	promptExtension
	promptAnotherHand
	promptAnotherGame
)

func (m *Model) gamePrompt() gamePrompt {
	if m.dealsOnTogether() {
		// Every person at a remote table is asked, not only the dealer.
		if m.obs.Onlooker || m.ready {
			return promptNone
		}
		if m.obs.Phase == engine.PhaseGameOver {
			return promptAnotherGame
		}
		return promptAnotherHand
	}
	if !m.obs.MyTurn() {
		return promptNone
	}
	switch m.obs.Phase {
	case engine.PhaseCoupFourre:
		return promptCoupFourre
	case engine.PhaseExtension:
		return promptExtension
	case engine.PhaseHandOver:
		return promptAnotherHand
	case engine.PhaseGameOver:
		return promptAnotherGame
	}
	return promptNone
}

// answer answers the engine's question (yes or no).
func (m *Model) answer(yes bool) tea.Cmd {
	switch m.gamePrompt() {
	case promptCoupFourre:
		if yes {
			return m.act(engine.DeclareCoupFourre)
		}
		return m.act(engine.DeclineCoupFourre)
	case promptExtension:
		if yes {
			return m.act(engine.Extend)
		}
		return m.act(engine.StopTrip)
	case promptAnotherHand, promptAnotherGame:
		if yes {
			return m.act(engine.Continue)
		}
		// As in BSD: no more hands, so offer to save, then leave.
		return m.askQuit(true)
	}
	return nil
}

// askQuit asks to save before quitting (or quits if saving is impossible).
func (m *Model) askQuit(confirmed bool) tea.Cmd {
	if !confirmed {
		m.dialog = dialogQuit
		return nil
	}
	if m.remote {
		return m.leave()
	}
	if m.cfg.Save == nil || m.gameOver() {
		return m.quit()
	}
	m.dialog = dialogSaveOnQuit
	return nil
}

// dealsOnTogether reports whether the table is between hands and deals on
// when all its people have asked (remote tables; a local game's dealer is
// the person at the keyboard).
func (m *Model) dealsOnTogether() bool {
	return m.remote && m.obs.Phase >= engine.PhaseHandOver
}

func (m *Model) gameOver() bool {
	return m.obs.Phase == engine.PhaseGameOver
}

// interrupt leaves at once (Ctrl-C, or quitting without saving), keeping
// an unfinished game in the autosave so that the next start can offer it.
func (m *Model) interrupt() tea.Cmd {
	if m.remote {
		return m.leave()
	}
	if !m.unfinished() {
		return m.quit()
	}
	ss, fn := m.snapshot(), m.cfg.Autosave
	m.stopThinking()
	m.quitting = true
	return tea.Sequence(func() tea.Msg { _ = fn(ss); return nil }, m.persist(), tea.Quit)
}

// unfinished reports whether there is a game to keep in the autosave.
func (m *Model) unfinished() bool {
	return m.cfg.Autosave != nil && m.sess != nil && !m.gameOver() && len(m.sess.Actions) > 0
}

// Keep writes an unfinished game to the autosave at once. Call it only
// once the program has stopped: play.go does after a hangup, in case the
// closed terminal ended the program before the model could.
func (m *Model) Keep() error {
	if !m.unfinished() {
		return nil
	}
	return m.cfg.Autosave(m.sess)
}

// quit stops the computers and leaves.
func (m *Model) quit() tea.Cmd {
	m.stopThinking()
	m.quitting = true
	// The last options write goes before leaving, or it could be lost.
	return tea.Sequence(m.persist(), tea.Quit)
}

// startSave opens the file name prompt, filled with the current file.
func (m *Model) startSave(thenQuit bool) tea.Cmd {
	if m.remote {
		return m.saveTable()
	}
	if m.cfg.Save == nil {
		return m.setError("Saving is not available.")
	}
	m.quitAfterSave = thenQuit
	m.dialog = dialogSaveAs
	m.pickFolder = false
	m.input.SetValue(m.file)
	m.input.CursorEnd()
	m.picker = m.newPicker(m.saveFolder(), true)
	return tea.Batch(m.input.Focus(), m.picker.Init())
}

// save writes the game in a command: the disk is never touched in Update.
func (m *Model) save(path string) tea.Cmd {
	ss := m.snapshot()
	fn := m.cfg.Save
	return func() tea.Msg {
		p, err := fn(path, ss)
		return savedMsg{path: p, err: err}
	}
}

// snapshot copies the session so that a save in flight never sees later
// moves.
func (m *Model) snapshot() *Session {
	ss := *m.sess
	ss.Seats = append([]Seat(nil), m.sess.Seats...)
	ss.Actions = append([]engine.Action(nil), m.sess.Actions...)
	ss.States = []engine.State{*m.sess.State()}
	ss.Base = len(ss.Actions)
	return &ss
}

// persist writes the options in a command.
func (m *Model) persist() tea.Cmd {
	dir, o := m.cfg.ConfigDir, m.opts
	if dir == "" {
		return nil
	}
	w := m.optw
	w.mu.Lock()
	w.seq++
	seq := w.seq
	w.mu.Unlock()
	return func() tea.Msg {
		// Commands run concurrently: a write older than the last one
		// written is dropped, so the file always ends with the newest.
		w.mu.Lock()
		defer w.mu.Unlock()
		if seq <= w.done {
			return nil
		}
		w.done = seq
		return optionsSavedMsg{err: SaveOptions(dir, o)}
	}
}

// optionsWriter orders the option writes of one model.
type optionsWriter struct {
	mu        sync.Mutex
	seq, done uint64
}

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

// scrollLog moves the log view by n lines (positive: older).
func (m *Model) scrollLog(n int) {
	m.logOff += n
	if m.logOff > len(m.log)-1 {
		m.logOff = len(m.log) - 1
	}
	if m.logOff < 0 {
		m.logOff = 0
	}
}

// keyPress dispatches a key by what the screen shows.
func (m *Model) keyPress(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if key.Matches(msg, k.Interrupt) {
		return m.interrupt()
	}
	if m.w > 0 && (m.w < MinWidth || m.h < MinHeight) {
		// Nothing can be seen: only leaving works (the game is kept).
		if key.Matches(msg, k.Quit) {
			return m.interrupt()
		}
		return nil
	}
	if m.dialog == dialogLoad {
		return m.loadKey(msg)
	}
	switch m.screen {
	case screenNewGame:
		return m.newGameKey(msg)
	case screenGuide:
		return m.guideKey(msg)
	}
	switch m.dialog {
	case dialogSaveAs:
		return m.saveKey(msg)
	case dialogStats:
		m.dialog = dialogNone
		return nil
	case dialogKeys:
		m.dialog = dialogNone
		m.help.ShowAll = false
		return nil
	case dialogQuit, dialogSaveOnQuit, dialogGuideOffer, dialogResume:
		switch {
		case key.Matches(msg, k.Yes):
			return m.dialogAnswer(true)
		case key.Matches(msg, k.No):
			return m.dialogAnswer(false)
		case key.Matches(msg, k.Default):
			return m.dialogAnswer(m.dialogDefault())
		}
		return nil
	}
	if m.curtain() {
		switch {
		case key.Matches(msg, k.Default), key.Matches(msg, k.Yes):
			return m.passTo(m.sess.State().ToAct())
		case key.Matches(msg, k.Quit):
			return m.askQuit(false)
		}
		return nil
	}
	if p := m.gamePrompt(); p != promptNone {
		switch {
		case key.Matches(msg, k.Default) && (p == promptCoupFourre || p == promptExtension):
			// Return answers the highlighted button; the end of a hand or a
			// game waits for y or n, so that a Return typed one move too
			// many never skips the scores.
			return m.answer(p == promptCoupFourre)
		case key.Matches(msg, k.Yes):
			return m.answer(true)
		case key.Matches(msg, k.No):
			return m.answer(false)
		case key.Matches(msg, k.Quit):
			return m.askQuit(false)
		case key.Matches(msg, k.Window):
			m.window = !m.window
			return nil
		case key.Matches(msg, k.Undo):
			return m.undo()
		case key.Matches(msg, k.Help):
			m.dialog = dialogKeys
			return nil
		case key.Matches(msg, k.Save) && p != promptCoupFourre:
			return m.startSave(false)
		}
		return nil
	}
	if m.target != engine.NoCard {
		return m.targetKey(msg)
	}
	return m.boardKey(msg)
}

// curtain reports whether another person must take the keyboard before
// the game goes on (hot-seat): the screen then hides every hand.
func (m *Model) curtain() bool {
	return m.sess != nil && m.sess.HumanToAct() && !m.sess.ViewerToAct()
}

// passTo shows the table to seat, a person who now has the keyboard, and
// tells them what happened from their side.
func (m *Model) passTo(seat int) tea.Cmd {
	m.sess.Human = seat
	m.target, m.pending, m.pendSlot, m.armed = engine.NoCard, 0, -1, -1
	m.log, m.recent = m.log[:0], m.recent[:0]
	m.pull()
	m.narrate(0, m.obs.EventCount, false)
	if len(m.recent) > 6 {
		m.recent = append(m.recent[:0], m.recent[len(m.recent)-6:]...)
	}
	m.message, m.isError = "", false
	m.selectDrawn()
	return m.next()
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
		return tea.Batch(cmd, m.next())
	case dialogResume:
		path, load, drop := m.cfg.Resume, m.cfg.ResumeGame, m.cfg.DropResume
		if !yes {
			m.message, m.isError = "A new game: good luck!", false
			if drop == nil {
				return m.next()
			}
			return tea.Batch(func() tea.Msg { _ = drop(); return nil }, m.next())
		}
		m.stopThinking()
		return func() tea.Msg {
			ss, err := load(path)
			if err == nil && drop != nil {
				_ = drop()
			}
			return resumedMsg{ss: ss, err: err}
		}
	}
	return nil
}

// targetKey picks the side a hazard goes to.
func (m *Model) targetKey(msg tea.KeyPressMsg) tea.Cmd {
	opp := m.opponents()
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.target = engine.NoCard
		m.message = ""
		return nil
	case key.Matches(msg, k.Left), key.Matches(msg, k.Up):
		m.tsel = cycle(opp, m.tsel, -1)
	case key.Matches(msg, k.Right), key.Matches(msg, k.Down):
		m.tsel = cycle(opp, m.tsel, 1)
	case key.Matches(msg, k.Play):
		return m.act(engine.Attack(m.target, m.tsel))
	case key.Matches(msg, k.Slot):
		n := int(msg.String()[0] - '1')
		if n < len(opp) {
			return m.act(engine.Attack(m.target, opp[n]))
		}
	}
	return nil
}

func cycle(list []int, cur, d int) int {
	for i, v := range list {
		if v == cur {
			return list[(i+d+len(list))%len(list)]
		}
	}
	return list[0]
}

// boardKey handles keys on the board when no question is asked.
func (m *Model) boardKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	s := msg.String()
	// BSD: after U or D, a slot (1-6 or P), then Return or Space.
	if m.pending != 0 {
		switch {
		case key.Matches(msg, k.Cancel):
			m.pending, m.pendSlot = 0, -1
			m.message = ""
			return nil
		case m.pendSlot < 0 && (key.Matches(msg, k.Pick) || key.Matches(msg, k.Slot)):
			pos := 0
			if key.Matches(msg, k.Slot) {
				pos = int(s[0] - '0')
			}
			m.pendSlot = m.displayOfSlot(pos)
			m.sel = m.pendSlot
			return nil
		case m.pendSlot >= 0 && key.Matches(msg, k.Play):
			pos, what := m.pendSlot, m.pending
			m.pending, m.pendSlot = 0, -1
			if what == 'u' {
				return m.playAt(pos)
			}
			return m.discardAt(pos)
		case key.Matches(msg, k.Backspace):
			m.pendSlot = -1
			return nil
		}
		p := m.pending
		m.pending, m.pendSlot = 0, -1
		return m.setError(fmt.Sprintf("%q: after %c type 1-6 or P, then Return (Esc cancels).", s, p-32))
	}
	switch {
	case key.Matches(msg, k.Left):
		m.moveSel(-1)
	case key.Matches(msg, k.Right):
		m.moveSel(1)
	case key.Matches(msg, k.Slot):
		m.sel = int(s[0] - '0')
	case key.Matches(msg, k.Play):
		return m.playAt(m.sel)
	case key.Matches(msg, k.Discard):
		return m.discardAt(m.sel)
	case key.Matches(msg, k.Use):
		m.pending, m.pendSlot = 'u', -1
		m.message, m.isError = "", false
	case key.Matches(msg, k.DiscardN):
		m.pending, m.pendSlot = 'd', -1
		m.message, m.isError = "", false
	case key.Matches(msg, k.Pick):
		return m.pick()
	case key.Matches(msg, k.Order):
		m.opts.Ordered = !m.opts.Ordered
		m.message, m.isError = map[bool]string{true: "The hand is kept in order.", false: "The hand is no longer ordered."}[m.opts.Ordered], false
		return m.persist()
	case key.Matches(msg, k.Window):
		m.window = !m.window
	case key.Matches(msg, k.Redraw):
		return tea.ClearScreen
	case key.Matches(msg, k.Save):
		return m.startSave(false)
	case key.Matches(msg, k.Load):
		return m.openLoad()
	case key.Matches(msg, k.Stats):
		return m.openStats()
	case key.Matches(msg, k.Quit):
		return m.askQuit(false)
	case key.Matches(msg, k.Undo):
		return m.undo()
	case key.Matches(msg, k.Hint):
		return m.hint()
	case key.Matches(msg, k.NewGame):
		return m.newGame()
	case key.Matches(msg, k.Guide):
		m.openGuide()
	case key.Matches(msg, k.LogUp):
		m.scrollLog(3)
	case key.Matches(msg, k.LogDown):
		m.scrollLog(-3)
	case key.Matches(msg, k.Bell):
		m.opts.Bell = !m.opts.Bell
		m.message, m.isError = map[bool]string{true: "Bell on.", false: "Bell off."}[m.opts.Bell], false
		return m.persist()
	case key.Matches(msg, k.Speed):
		if m.remote {
			return m.setError("The table sets the pace of its computer players.")
		}
		for i, a := range animations {
			if a == m.opts.Animation {
				m.opts.Animation = animations[(i+1)%len(animations)]
				break
			}
		}
		m.message, m.isError = "Computer moves: "+m.opts.Animation+".", false
		return m.persist()
	case key.Matches(msg, k.Help):
		m.dialog = dialogKeys
		m.help.ShowAll = true
	case key.Matches(msg, k.Cancel):
		m.message, m.isError = "", false
	default:
		if len(s) == 1 {
			return m.setError(fmt.Sprintf("Unknown key %q: press ? for the keys.", s))
		}
	}
	return nil
}

// displayOfSlot maps a hand slot to its display position.
func (m *Model) displayOfSlot(slot int) int {
	for i, hp := range m.handView() {
		if hp.slot == slot {
			return i
		}
	}
	return slot
}

// moveSel moves the selection to the next card held.
func (m *Model) moveSel(d int) {
	hv := m.handView()
	for i := 1; i <= engine.HandSlots; i++ {
		p := (m.sel + d*i + 2*engine.HandSlots) % engine.HandSlots
		if hv[p].card != engine.NoCard {
			m.sel = p
			return
		}
	}
}

// pick is BSD's P: the card is drawn already, so it only says which.
func (m *Model) pick() tea.Cmd {
	if !m.obs.MyTurn() {
		return m.setError(m.waitText())
	}
	c := m.obs.MyHand[engine.DrawSlot]
	if c == engine.NoCard {
		if m.obs.DrawLen == 0 {
			return m.setError("The deck is empty: play or discard a card.")
		}
		return m.setError("You have picked already.")
	}
	m.sel = m.displayOfSlot(engine.DrawSlot)
	m.message, m.isError = "You picked "+c.String()+" (slot P).", false
	return nil
}

// undo takes back the human's last action.
func (m *Model) undo() tea.Cmd {
	if m.remote {
		return m.setError("No undo at a shared table.")
	}
	if !m.sess.CanUndo() {
		return m.setError("Nothing to undo in this hand.")
	}
	m.stopThinking()
	m.sess.Undo()
	m.pull()
	m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	m.message, m.isError = "Undone: your move is yours to make again.", false
	m.log = append(m.log, "(undo)")
	m.selectDrawn()
	return m.next()
}

// hint asks the strongest computer for a move, in a command.
func (m *Model) hint() tea.Cmd {
	if m.cfg.Hint == nil {
		return m.setError("No hints in this version.")
	}
	if !m.obs.MyTurn() {
		return m.setError("Hints come on your turn.")
	}
	obs := m.obs
	legal := obs.Legal(make([]engine.Action, 0, engine.MaxLegal))
	ctx, cancel := context.WithCancel(context.Background())
	m.stopThinking()
	m.cancel = cancel
	m.hinting = true
	gen, fn := m.gen, m.cfg.Hint
	m.message, m.isError = "Thinking of a hint…", false
	return tea.Batch(func() tea.Msg {
		a, why := fn(ctx, &obs, legal)
		return hintMsg{gen: gen, a: a, why: why}
	}, m.spin.Tick)
}

// showHint selects the suggested card and says why.
func (m *Model) showHint(a engine.Action, why string) {
	if c := a.Card(); c != engine.NoCard {
		for i, hp := range m.handView() {
			if hp.card == c {
				m.sel = i
				break
			}
		}
	}
	m.message, m.isError = "Hint: "+m.describe(a)+" ("+why+").", false
}

// describe tells an action in the player's words.
func (m *Model) describe(a engine.Action) string {
	c := a.Card()
	switch a.Kind() {
	case engine.KindPlay:
		if c.IsHazard() {
			return "play " + c.String() + " on " + m.names().Side(a.Target())
		}
		return "play " + c.String()
	case engine.KindDiscard:
		return "discard " + c.String()
	case engine.KindCoupFourre:
		return "declare the coup fourré"
	case engine.KindDecline:
		return "let the coup fourré pass"
	case engine.KindExtend:
		return "extend the trip to 1000"
	case engine.KindStopTrip:
		return "stop at 700"
	case engine.KindContinue:
		return "deal the next hand"
	}
	return a.String()
}

// click handles a click on a layer of the last view.
func (m *Model) click(c clickMsg) tea.Cmd {
	id := c.id
	switch {
	case m.dialog == dialogStats:
		m.dialog = dialogNone // any click closes it
		return nil
	case m.dialog == dialogLoad || m.dialog == dialogSaveAs:
		if row, ok := strings.CutPrefix(id, "pick-"); ok {
			n, _ := strconv.Atoi(row)
			return m.pickerClick(n)
		}
		if id == "btn-no" && m.dialog == dialogLoad {
			return m.loadKey(tea.KeyPressMsg{Code: tea.KeyEscape})
		}
	}
	switch m.screen {
	case screenNewGame:
		return m.newGameClick(id)
	case screenGuide:
		return m.guideClick(id)
	}
	switch id {
	case "btn-yes", "btn-no":
		yes := id == "btn-yes"
		if m.dialog == dialogKeys {
			m.dialog = dialogNone
			return nil
		}
		if m.dialog != dialogNone && m.dialog != dialogSaveAs {
			return m.dialogAnswer(yes)
		}
		if m.dialog == dialogSaveAs {
			m.pickFolder = false // the button saves, wherever the keys were
			if yes {
				return m.keyPress(tea.KeyPressMsg{Code: tea.KeyEnter})
			}
			return m.keyPress(tea.KeyPressMsg{Code: tea.KeyEscape})
		}
		return m.answer(yes)
	case "btn-new":
		return m.newGame()
	case "btn-leave":
		return m.askQuit(false)
	case "btn-ready":
		if m.curtain() {
			return m.passTo(m.sess.State().ToAct())
		}
		return nil
	}
	if m.dialog != dialogNone || m.gamePrompt() != promptNone || m.curtain() {
		return nil
	}
	switch {
	case strings.HasPrefix(id, "slot-"):
		pos := int(id[5] - '0')
		if m.target != engine.NoCard {
			m.target = engine.NoCard
		}
		if pos == m.armed && pos == m.sel && m.handView()[pos].card != engine.NoCard {
			m.armed = -1
			return m.playAt(pos)
		}
		m.sel, m.armed = pos, pos
		m.pending, m.pendSlot = 0, -1
		if c := m.handView()[pos].card; c != engine.NoCard {
			m.message, m.isError = c.String()+": click again to play it, or click the discard pile.", false
		}
	case strings.HasPrefix(id, "side-"):
		side := int(id[5] - '0')
		if m.target != engine.NoCard {
			return m.act(engine.Attack(m.target, side))
		}
		c := m.handView()[m.sel].card
		if c == engine.NoCard {
			return nil
		}
		if c.IsHazard() {
			if side == m.obs.Side() {
				return m.setError("You can't play " + c.String() + ": " + engine.ErrOwnSide.Error() + ".")
			}
			return m.act(engine.Attack(c, side))
		}
		return m.playAt(m.sel)
	case id == "discard":
		m.target = engine.NoCard
		return m.discardAt(m.sel)
	case id == "deck":
		return m.pick()
	case id == "help":
		m.dialog = dialogKeys
		m.help.ShowAll = true
	}
	return nil
}
