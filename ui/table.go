package ui

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
)

// Table is a game the model plays from one seat: it takes the viewer's
// actions and checks them with the engine. The model never reads a table's
// state: everything it shows, checks and tells comes from what the viewer
// sees of it, a TableMsg.
//
// A local game (*Session) shows itself at once after an action: the model
// reads its view in Update. A remote table (NewRemote), a room on a server,
// receives the actions in commands and its views come back as TableMsg
// messages, sent to the program by its host whenever the table changes.
type Table interface {
	Act(a engine.Action) error
}

// shower is a table whose view is at hand: a local game.
type shower interface {
	Table
	View() TableMsg
}

// Saver is a table that can keep itself (a room saved by the server into
// its own data folder, for the host): S calls Save, in a command, and shows
// what it returns, a name for the saved game.
type Saver interface {
	Save() (string, error)
}

// TableMsg is what the viewer sees of a table now: its own Observation and
// the seats' names. The host program of a remote model sends one whenever
// the table changes; the model may miss some (only the newest matters), and
// tells what happened in between from the observation's event log.
type TableMsg struct {
	Obs   engine.Observation
	Seats []Seat // the names of the seats; Level is not used
	Host  bool   // the viewer hosts the table: may save it
	// Note is the table's latest news for everyone ("Bob is now the
	// host"): logged, and shown on the message line, when it changes.
	Note string
	// Between hands a remote table deals on once every person at it has
	// asked to (each with Continue), so that nobody loses the scores:
	// Ready says the viewer has asked, WaitingFor names who has not yet.
	Ready      bool
	WaitingFor []string
}

// LeaveMsg is what a remote model emits when the player chooses to leave
// the table (q, then y): the host program catches it, gives up the seat and
// shows what comes next. A remote model never quits the program itself.
type LeaveMsg struct{}

// actedMsg is a remote table's answer to the viewer's action.
type actedMsg struct {
	a   engine.Action
	err error
}

// RemoteConfig is how a host program starts a model over a remote table.
type RemoteConfig struct {
	// Table takes the viewer's actions (in commands, never in Update).
	Table Table
	// View is the table as the viewer sees it when the model starts.
	View TableMsg
	// Options are kept in memory only; nil starts with the defaults.
	Options *Options
	// Hint suggests a move from the viewer's observation; nil hides the
	// hint key.
	Hint func(ctx context.Context, obs *engine.Observation, legal []engine.Action) (engine.Action, string)
	// Dark tells the background before the terminal answers.
	Dark bool
}

// NewRemote returns a model over a table played elsewhere. It holds no
// game state, only the viewer's observation: no undo, no files (saves,
// autosave, statistics, options), no new-game screen, no first-start offer,
// and no computer players (the table plays them). q leaves the table by
// emitting LeaveMsg.
func NewRemote(cfg RemoteConfig) (*Model, error) {
	if cfg.Table == nil {
		return nil, errors.New("ui: a remote model needs a table")
	}
	if len(cfg.View.Seats) != cfg.View.Obs.Config.Players || cfg.View.Obs.Config.Players == 0 {
		return nil, errors.New("ui: the first view names no seats")
	}
	opts := DefaultOptions
	opts.SeenGuide = true
	if cfg.Options != nil {
		opts = *cfg.Options
	}
	m := baseModel(Config{Options: &opts, Hint: cfg.Hint, Dark: cfg.Dark})
	m.table, m.remote = cfg.Table, true
	m.see(cfg.View)
	return m, nil
}

// View returns what the session's human seat sees: the local table's
// view.
func (ss *Session) View() TableMsg {
	return TableMsg{Obs: ss.Observe(), Seats: ss.Seats, Host: true}
}

// Act takes an action for the seat on screen, as a remote table would: the
// session checks it with the engine.
func (ss *Session) Act(a engine.Action) error {
	if !ss.ViewerToAct() {
		return engine.ErrNotNow
	}
	_, err := ss.Apply(a)
	return err
}

// pull reads a local table's view after a change.
func (m *Model) pull() {
	if t, ok := m.table.(shower); ok {
		v := t.View()
		m.obs, m.seats, m.host = v.Obs, v.Seats, v.Host
		m.ready, m.waitingFor = v.Ready, v.WaitingFor
	}
}

// see shows a remote table's new view and tells what happened since the
// last one, from the observation's log (views may have been skipped).
func (m *Model) see(v TableMsg) {
	if !m.remote {
		return // a local table shows itself
	}
	o := &v.Obs
	from := m.obs.EventCount
	if o.EventCount != from && m.hinting {
		m.stopThinking() // a hint for a table that has moved on
		m.message = ""
	}
	note := v.Note != m.note && v.Note != "" && m.seats != nil // old news is no news
	m.note = v.Note
	fresh := m.seats == nil || o.Seat != m.obs.Seat || o.Onlooker != m.obs.Onlooker || o.EventCount < from
	m.obs, m.seats, m.host = v.Obs, v.Seats, v.Host
	m.ready, m.waitingFor = v.Ready, v.WaitingFor
	if fresh {
		// The first view, or another seat's: tell what the log still holds,
		// the last few moves on the message line.
		m.log, m.recent, m.logOff = m.log[:0], m.recent[:0], 0
		m.narrate(0, o.EventCount, false)
		if len(m.recent) > 6 {
			m.recent = append(m.recent[:0], m.recent[len(m.recent)-6:]...)
		}
		m.sent = false
		m.selectDrawn()
	} else if m.sent && o.EventCount > m.sentAt {
		// The viewer's own move has come back: the message line starts
		// over from it, as in a local game.
		m.sent = false
		m.narrate(from, m.sentAt, false)
		m.narrate(m.sentAt, o.EventCount, true)
	} else {
		m.narrate(from, o.EventCount, false)
	}
	if !m.obs.MyTurn() {
		m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	}
	if o.EventCount != from || fresh {
		m.afterMove()
	}
	if note {
		// News goes to the log, and to the message line unless a message
		// of the viewer's own is there (the host's "saved" beats the news
		// of the same save).
		m.log = append(m.log, v.Note)
		if m.message == "" || m.isError {
			m.message, m.isError = v.Note, false
		}
	}
}

// send gives the viewer's action to a remote table, in a command; until its
// answer comes back, further actions wait.
func (m *Model) send(a engine.Action) tea.Cmd {
	m.stopThinking() // a hint being sought is no longer wanted
	m.sent, m.sentAt = true, m.obs.EventCount
	m.target, m.pending, m.pendSlot = engine.NoCard, 0, -1
	t := m.table
	return func() tea.Msg { return actedMsg{a: a, err: t.Act(a)} }
}

// acted takes a remote table's answer: a refusal is shown, an acceptance
// waits for the view it brings.
func (m *Model) acted(msg actedMsg) tea.Cmd {
	if msg.err == nil {
		if msg.a == engine.Continue {
			m.sent = false // the deal waits for the others: no view need come
		}
		return nil
	}
	m.sent = false
	return m.refuse(msg.a, msg.err)
}

// leave asks the host program to take the viewer away from the table.
func (m *Model) leave() tea.Cmd {
	m.stopThinking()
	m.dialog = dialogNone
	return func() tea.Msg { return LeaveMsg{} }
}

// names gives the words the engine's event sentences use, for the viewer:
// an onlooker is nobody's "you".
func (m *Model) names() engine.Names {
	names := make([]string, len(m.seats))
	for i, s := range m.seats {
		names[i] = s.Name
	}
	viewer := m.obs.Seat
	if m.obs.Onlooker {
		viewer = -1
	}
	return engine.Names{Config: m.obs.Config, Viewer: viewer, Seats: names}
}

// seatName names a seat, "Player N" when the table did not.
func (m *Model) seatName(seat int) string {
	if seat >= 0 && seat < len(m.seats) && m.seats[seat].Name != "" {
		return m.seats[seat].Name
	}
	return "Player " + string(rune('1'+seat))
}

// sideSeats lists the seats that play for a side.
func (m *Model) sideSeats(side int) []int {
	var seats []int
	for i := 0; i < m.obs.Config.Players; i++ {
		if m.obs.Config.SideOf(i) == side {
			seats = append(seats, i)
		}
	}
	return seats
}

// sideName names a side for the board: "You", "Ann", "You & Cal".
func (m *Model) sideName(side int) string {
	name := ""
	for i, s := range m.sideSeats(side) {
		if i > 0 {
			name += " & "
		}
		name += m.seatName(s)
	}
	return name
}

// waitText is the refusal of an action when the viewer may not act now.
func (m *Model) waitText() string {
	switch {
	case m.obs.Onlooker:
		return "You are watching this table: only its players play."
	case m.obs.Waiting:
		return "Wait: a player may answer with a coup fourré."
	}
	return "Wait: it is " + m.seatName(int(m.obs.Turn)) + "'s turn."
}

// refuse tells why an action was refused.
func (m *Model) refuse(a engine.Action, err error) tea.Cmd {
	if errors.Is(err, engine.ErrNotNow) {
		return m.setError(m.waitText())
	}
	verb := "play"
	if a.Kind() == engine.KindDiscard {
		verb = "discard"
	}
	if a.Card() == engine.NoCard {
		return m.setError("You can't do that: " + err.Error() + ".")
	}
	return m.setError("You can't " + verb + " " + a.Card().String() + ": " + err.Error() + ".")
}

// canSave reports whether S saves: a local game with a file writer, or a
// remote table that can keep itself, for its host (the table decides: the
// others are told why not).
func (m *Model) canSave() bool {
	if m.remote {
		_, ok := m.table.(Saver)
		return ok && m.host
	}
	return m.cfg.Save != nil
}

// saveTable asks a remote table to keep itself, in a command.
func (m *Model) saveTable() tea.Cmd {
	s, ok := m.table.(Saver)
	if !ok {
		return m.setError("This table can't be saved.")
	}
	m.message, m.isError = "Saving the table…", false
	return func() tea.Msg {
		name, err := s.Save()
		return savedMsg{path: name, err: err}
	}
}

// leaveText is the question q asks at a remote table.
func (m *Model) leaveText() string {
	if m.obs.Onlooker {
		return "Stop watching and leave the table?"
	}
	return "Leave the table? A computer player takes your seat."
}

// watchingNote takes the place of the hand for an onlooker: a box as wide
// and tall as the hand's cards.
func (m *Model) watchingNote(l layout) string {
	st := m.styles
	w := engine.HandSlots*(l.handW+l.cardGap) - l.cardGap
	inner := w - 2
	lines := []string{
		st.Heading.Render("You are watching " + m.seatName(m.obs.Seat) + "'s side of the table."),
		st.Dim.Render("Onlookers see no hand; q leaves."),
	}
	edge := st.Dim
	var b strings.Builder
	b.WriteString(edge.Render("╭" + strings.Repeat("─", inner) + "╮"))
	for i := 0; i < l.handH-2; i++ {
		line := ""
		if i < len(lines) {
			line = ansi.Truncate(lines[i], inner-2, "…")
		}
		b.WriteString("\n" + edge.Render("│") + " " + line + strings.Repeat(" ", max(0, inner-1-width(line))) + edge.Render("│"))
	}
	b.WriteString("\n" + edge.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return b.String()
}
