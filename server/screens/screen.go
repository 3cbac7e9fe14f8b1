// Package screens is what an SSH session of mille serve shows in full
// screen: the name prompt, the lobby's list of rooms, the new room form,
// the waiting room, and then the ui's board over the seat (table.go), as
// one Bubble Tea model (Screen) over the session's way into the lobby
// (lobby.Admission). Its keymaps are in keymap.go, as the board's are in
// ui/keys.go; its clicks are answered from the marks it draws (mouse.go).
// It knows nothing of SSH: package server runs it for a session.
package screens

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/save"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// Screen is the Bubble Tea model of one SSH session: the name prompt at a
// player's first login, then the lobby. It reads the lobby but never a
// room's state.
type Screen struct {
	*lobby.Admission        // the lobby, the player's key and name
	room             string // the room asked for on the ssh command line

	prompt *namePrompt // the name asked, nil once the person has one
	msg    said        // the last error, shown under the prompt; nil: none
	list   roomList    // the lobby's list of rooms
	width  int
	height int             // 0 until the terminal's size is known
	lang   *lang.Catalogue // the language of the session's board

	form *roomForm // the new room form, while open

	// Ranked play (ranked.go): the ranking, the look for a quick match,
	// and the person's rating as the lobby shows it.
	ranking rankingPage
	quick   quickLook
	rating  said

	conn *table.Conn // the seat taken (or watched), nil in the lobby
	last table.View  // the seat's latest view
	game game        // the board, once the game has started (table.go)

	st   *ui.Styles  // the game's styles, so the lobby looks like the board
	keys *screenKeys // in the screen's language, shared (keysIn)
	help *help.Model // in its styles, shared (helpFor)

	// Done is closed when the session ends: the program's waiting
	// commands give up (tickList). nil: never.
	Done <-chan struct{}

	ticking bool // a tickList waits
	// busy is set while a command looks for a seat (seat): the keys
	// that would start another wait do nothing.
	// joining is the room a seat is looked for in, "" if none or not
	// known.
	busy    bool
	joining string
	// pending holds the seats commands found until Update takes them.
	pending *pending
}

// said is a sentence of the message line kept as what it tells, not in
// words: drawn, it is said in the screen's language of the moment, so a
// refusal on the screen follows the language key (f).
type said func(*lang.Catalogue) string

// message is the message line in the screen's language, "" for none.
func (s *Screen) message() string {
	if s.msg == nil {
		return ""
	}
	return s.msg(s.lang)
}

// refusal is what the player reads of err (public).
func (s *Screen) refusal(err error) said {
	err = s.public(err)
	return func(c *lang.Catalogue) string { return c.Error(err) }
}

// public is the error the player may read of err (see events.Public),
// noted in the log once when it hides something.
func (s *Screen) public(err error) error {
	return events.Public(err, forPlayers, s.Log, "key", s.ID())
}

// forPlayers reports whether a player may read err: the catalogue words
// it, and it names none of the server's files (a save's refusal may).
func forPlayers(err error) bool {
	var file *save.Error
	return lang.Says(err) && !(errors.As(err, &file) && file.Path != "")
}

// updateMsg carries a seat's update into the program.
type updateMsg struct {
	c    *table.Conn // whose update: one left behind may still arrive
	u    table.View
	open bool
}

// Updates is the channel of the seat's updates, nil outside a room: the
// session's driver waits on it beside the input and hands what comes to
// Update as Updated makes it. A command blocked on it, as the screens had,
// held a goroutine a session for the session's life (issue 36); the room
// never blocks on a session either way (table.Conn keeps only the newest
// view).
func (s *Screen) Updates() <-chan table.View {
	if s.conn == nil {
		return nil
	}
	return s.conn.Updates()
}

// Updated is the message of u, received from Updates (open false once the
// channel has closed: the room ended or the seat was given up).
func (s *Screen) Updated(u table.View, open bool) tea.Msg { return updateMsg{s.conn, u, open} }

// Leave gives up the connection to the room when the session ends: the
// seat waits for the player's return for the grace period.
func (s *Screen) Leave() {
	s.pending.end() // seats found by commands still on their way
	if s.conn != nil {
		s.conn.Leave()
	}
}

// RoomName returns the name of the room the session is in, or "" (also
// for a nil screen: a test's model).
func (s *Screen) RoomName() string {
	if s == nil || s.conn == nil {
		return ""
	}
	return s.conn.Table().Name()
}

// Seated reports whether the session plays a seat of its room, as its
// last view of it says (an onlooker plays none).
func (s *Screen) Seated() bool { return s != nil && s.conn != nil && len(s.last.Mine) > 0 }

// formMsg opens the new room form, offering the room name name.
type formMsg struct{ name string }

// seatMsg is the seat a command found (a room entered, watched or made,
// a bot's table), or why none.
type seatMsg struct {
	c   *table.Conn
	err error
}

// seat runs find in a command: finding a seat may read and write the
// store (a room's lease and record), which Update must not wait for. The
// seat comes back as a seatMsg; until then the keys that would look for
// another do nothing (busy), and the screen says it joins room ("": the
// room is not known yet).
func (s *Screen) seat(room string, find func() (*table.Conn, error)) tea.Cmd {
	if s.busy {
		return nil
	}
	s.busy, s.joining = true, room
	pend := s.pending
	return func() tea.Msg {
		c, err := find()
		if !pend.put(c) {
			return nil // the session has ended: the seat was given up
		}
		return seatMsg{c, err}
	}
}

// seated takes the seat a command found, or shows why none.
func (s *Screen) seated(m seatMsg) {
	s.busy, s.joining = false, ""
	if !s.pending.take(m.c) {
		return // given up: the session ends
	}
	if s.conn != nil { // already in a room: the seat found is given up
		if m.c != nil {
			m.c.Quit()
		}
		return
	}
	if s.connect(m.c, m.err); s.conn != nil {
		s.form = nil
	}
}

// enter takes a seat in the room called name (lobby.Admission.Enter).
func (s *Screen) enter(name string, create bool) tea.Cmd {
	adm := s.Admission
	return s.seat(name, func() (*table.Conn, error) { return adm.Enter(name, create) })
}

// watch makes the person an onlooker of the room called name.
func (s *Screen) watch(name string) tea.Cmd {
	adm := s.Admission
	return s.seat(name, func() (*table.Conn, error) { return adm.Watch(name) })
}

// connect enters the room of c, or shows err. The room's updates come
// through Updates from now on.
func (s *Screen) connect(c *table.Conn, err error) {
	if err != nil {
		s.msg = s.refusal(err)
		return
	}
	s.conn, s.msg, s.last = c, nil, table.View{} // no view of this room yet
	s.list.forget()
}

// New is the screen of a session that enters the lobby through a, asked
// for room on the ssh command line (""), in a terminal width columns
// wide; it asks the player's name first if a knows none.
func New(a *lobby.Admission, room string, width int) *Screen {
	st := ui.StylesFor(true)
	s := &Screen{Admission: a, room: room, width: width, st: st, keys: keysIn(&lang.English), help: helpFor(st, &lang.English), lang: &lang.English}
	s.pending = &pending{}
	s.quick.adm, s.quick.pending = a, s.pending
	if s.Name() == "" {
		s.prompt = newNamePrompt(st, s.lang)
	}
	s.list.read(a.Lobby())
	return s
}

// SetLang speaks l in the lobby's screens and, from the next room on,
// on the board.
func (s *Screen) SetLang(l *lang.Catalogue) {
	s.lang, s.keys, s.help = l, keysIn(l), helpFor(s.st, l)
	if s.prompt != nil {
		s.prompt.setLang(l)
	}
	s.quick.setLang(l)
}

// setStyles paints the screen with st, for the terminal's background.
func (s *Screen) setStyles(st *ui.Styles) {
	s.st, s.help = st, helpFor(st, s.lang)
	if s.prompt != nil {
		s.prompt.setStyles(st)
	}
	s.quick.setStyles(st)
	if s.form != nil {
		setFieldStyles(&s.form.name, st)
	}
}

// listEvery is how often the lobby's list of rooms refreshes by itself.
const listEvery = 2 * time.Second

// listTick asks the lobby screen to refresh its list.
type listTick struct{}

// tickList waits listEvery, then asks for the list's refresh; it gives up
// when the session ends. It ticks only while the lobby's list shows
// (listing): a goroutine of every session that plays or names itself
// would wait for nothing (issue 36). Bubble Tea's own Tick cannot be stopped, and its
// wait held the ended session's program (its input reader's key table
// alone is 133 KB) for up to two seconds more: under a reconnect storm of
// 250 sessions a second, 500 programs nobody saw and some 130 MB.
func (s *Screen) tickList() tea.Cmd { return After(listEvery, s.Done, listTick{}) }

// After is a tea.Tick that can be stopped: the command gives msg after d,
// or nil as soon as done closes (nil: never), so that its wait ends with
// the session whose model asked for it. The served models' timers are
// these: the lobby's list and the painter's repaint.
func After(d time.Duration, done <-chan struct{}, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return msg
		case <-done:
			return nil
		}
	}
}

// Init implements tea.Model.
func (s *Screen) Init() tea.Cmd {
	if s.room == "" && s.prompt == nil {
		// Back after a dropped connection: straight to the seat kept.
		s.room = s.Lobby().SeatedRoom(s.ID())
	}
	if s.room != "" && s.prompt == nil {
		return tea.Batch(s.enter(s.room, s.Lobby().Room(s.room) == nil), tea.RequestBackgroundColor)
	}
	return tea.Batch(s.keepTicking(), tea.RequestBackgroundColor, s.readRating())
}

// listing reports whether the lobby's list shows: not while the person
// names themself, nor in a room.
func (s *Screen) listing() bool { return s.conn == nil && s.prompt == nil }

// keepTicking is tickList if the list shows and no tick waits.
func (s *Screen) keepTicking() tea.Cmd {
	if s.ticking || !s.listing() {
		return nil
	}
	s.ticking = true
	return s.tickList()
}

// Update implements tea.Model.
func (s *Screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(listTick); ok {
		s.ticking = false
	}
	m, cmd := s.update(msg)
	if tick := s.keepTicking(); tick != nil {
		cmd = tea.Batch(cmd, tick)
	}
	return m, cmd
}

func (s *Screen) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if bg, ok := msg.(tea.BackgroundColorMsg); ok {
		s.setStyles(ui.StylesFor(bg.IsDark())) // the board gets the message too
	}
	if cmd, ok := s.inGame(msg); ok {
		return s, cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
	case focusField:
		if s.form == nil {
			return s, nil
		}
		if s.form.field != msg.field || msg.field == fieldName {
			s.form.focus(msg.field)
			return s, nil
		}
		return s.update(tea.KeyPressMsg{Code: tea.KeyRight})
	case pickRoom:
		if s.conn != nil || s.form != nil || !s.list.choose(msg.index) {
			return s, nil
		}
		name, _ := s.list.picked()
		return s, s.enter(name, false)
	case listTick:
		if s.listing() {
			s.list.read(s.Lobby())
		}
		return s, nil
	case quickMsg:
		return s, s.quickDone(msg)
	case ratingMsg:
		s.rating = msg.line
		return s, nil
	case rankingMsg:
		if err := s.ranking.read(msg); err != nil {
			s.msg = s.refusal(err)
		} else if s.ranking.on() {
			s.msg = nil
		}
		return s, nil
	case changeMsg:
		s.changeRead(msg)
		return s, nil
	case seatMsg:
		s.seated(msg)
		return s, nil
	case formMsg:
		if s.listing() && s.form == nil && !s.ranking.on() && !s.quick.on() && !s.busy {
			s.form, s.msg = newForm(msg.name, s.st, s.Lobby().Levels(), s.Lobby().Rated(), s.lang), nil
		}
		return s, nil
	case namedMsg:
		return s, s.named(msg)
	case savedMsg:
		s.saved(msg)
		return s, nil
	case updateMsg:
		if msg.c != s.conn {
			return s, nil // from a room this session left
		}
		if !msg.open {
			s.conn = nil
			s.list.read(s.Lobby())
			s.msg = s.ended()
			return s, s.readRating()
		}
		if msg.u.Host != s.last.Host {
			s.msg = nil // an earlier refusal may no longer hold
		}
		s.last = msg.u
		return s, nil
	case tea.PasteMsg:
		s.paste(msg)
	case tea.KeyPressMsg:
		if key.Matches(msg, s.keys.interrupt) {
			return s, tea.Quit
		}
		switch {
		case s.prompt != nil:
			return s, s.prompt.key(msg, s.keys.name, s.Admission)
		case s.form != nil:
			return s, s.formKey(msg)
		case s.ranking.on() || s.quick.on():
			return s, s.rankedKey(msg)
		case s.conn != nil && (!s.last.Started || s.last.Ended):
			return s, s.waitingKey(msg)
		case s.conn != nil:
			return s, s.roomKey(msg)
		}
		return s, s.lobbyKey(msg)
	}
	return s, nil
}

// paste takes typed text that came as a paste from the person's terminal.
// It is update's no longer: the text fields' copies (a textinput.Model
// by value, some 8 KB each) gave update a 48 KB stack frame, which every
// message, a key in a game too, made the session's stack grow to after
// the collector had shrunk it (3% of a served key's CPU, issue 36).
func (s *Screen) paste(msg tea.PasteMsg) {
	switch {
	case s.prompt != nil:
		s.prompt.paste(msg)
	case s.quick.paste(msg): // the partner's name, if typed
	case s.form != nil:
		s.form.paste(msg)
	}
}

// lobbyKey handles a key in the lobby's list of rooms.
func (s *Screen) lobbyKey(msg tea.KeyPressMsg) tea.Cmd {
	k, ranked := s.keys.lobby, s.keys.ranked
	switch {
	case key.Matches(msg, k.Leave):
		return tea.Quit
	case key.Matches(msg, k.Refresh):
		s.list.read(s.Lobby())
		return s.readRating()
	case key.Matches(msg, k.Lang):
		s.SetLang(lang.All[(slices.Index(lang.All, s.lang)+1)%len(lang.All)])
	case s.list.key(msg, k):
	case key.Matches(msg, k.New):
		// The form offers a name no room has, kept ones too: the store
		// is read in a command (formMsg).
		adm := s.Admission
		return func() tea.Msg { return formMsg{adm.FreeName()} }
	case key.Matches(msg, k.Join):
		if name, ok := s.list.picked(); ok {
			return s.enter(name, false)
		}
	case key.Matches(msg, k.Watch):
		if name, ok := s.list.picked(); ok {
			return s.watch(name)
		}
	case key.Matches(msg, ranked.Quick) && s.Lobby().Rated():
		return s.quickMatch(2)
	case key.Matches(msg, ranked.Ranking) && s.Lobby().Rated():
		return s.ranking.show(s.Lobby())
	case key.Matches(msg, ranked.Bot) && s.Lobby().Rated():
		return s.playBot()
	}
	return nil
}

// formKey handles a key in the new room form: enter creates the room and
// takes the person to it.
func (s *Screen) formKey(msg tea.KeyPressMsg) tea.Cmd {
	done, cancel := s.form.key(msg)
	switch {
	case cancel:
		s.form, s.msg = nil, nil
	case done:
		name, cfg := s.form.config(lobby.NewSeed())
		adm := s.Admission
		return s.seat(name, func() (*table.Conn, error) { return adm.Create(name, cfg) })
	}
	return nil
}

// savedMsg is the name the room was saved under, or why it was not.
type savedMsg struct {
	name string
	err  error
}

// roomKey handles a key in a started room shown as text (viewRoom).
func (s *Screen) roomKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.keys.room
	switch {
	case key.Matches(msg, k.Leave):
		s.Note("room left", "room", s.conn.Table().Name())
		s.conn.Quit()
		s.conn = nil
		s.list.read(s.Lobby())
	case key.Matches(msg, k.Save):
		// The host saves the room on the server, in a command: the
		// store writes it.
		adm, c := s.Admission, s.conn
		return func() tea.Msg {
			name, err := adm.Save(c)
			return savedMsg{name, err}
		}
	}
	return nil
}

// saved tells where the room was saved, or why it was not.
func (s *Screen) saved(m savedMsg) {
	if m.err != nil {
		s.msg = s.refusal(m.err)
		return
	}
	s.msg = func(c *lang.Catalogue) string { return c.T(lang.SrvSavedAs, m.name) }
}

// named leaves the name prompt for the lobby once the name is written
// down, or shows why it was not taken.
func (s *Screen) named(m namedMsg) tea.Cmd {
	if s.prompt == nil {
		return nil
	}
	if m.err != nil {
		s.prompt.writing = false
		s.msg = s.refusal(m.err)
		return nil
	}
	s.Named(m.name)
	s.prompt, s.msg = nil, nil
	s.list.read(s.Lobby())
	var enter tea.Cmd
	if s.room != "" {
		enter = s.enter(s.room, s.Lobby().Room(s.room) == nil)
	}
	return tea.Batch(enter, s.readRating())
}

// View implements tea.Model.
func (s *Screen) View() tea.View {
	if v, ok := s.gameView(); ok {
		return v
	}
	var b strings.Builder
	h := hits{}
	st := s.st
	if s.prompt != nil {
		s.prompt.view(&b, s.lang, s.para, s.Retired(), s.Unread())
		if msg := s.message(); msg != "" {
			fmt.Fprintf(&b, "\n%s\n", st.Error.Render(msg))
		}
		b.WriteString("\n" + helpView(*s.help, s.keys.name, s.inner()) + "\n")
	} else if s.ranking.on() || s.quick.on() {
		s.viewRanked(&b)
	} else if s.joining != "" {
		b.WriteString(s.lang.T(lang.WrJoining, s.joining) + "\n")
	} else if s.form != nil {
		s.form.view(&b, h, st)
		b.WriteString("\n" + helpView(*s.help, s.form.keys, s.inner()) + "\n")
		if msg := s.message(); msg != "" {
			fmt.Fprintf(&b, "\n%s\n", st.Error.Render(msg))
		}
	} else if s.conn != nil && (!s.last.Started || s.last.Ended) {
		s.viewWaiting(&b, h)
	} else if s.conn != nil {
		s.viewRoom(&b)
	} else {
		keys := helpView(*s.help, s.keys.lobby, s.inner())
		if s.Lobby().Rated() {
			keys += "\n" + helpView(*s.help, s.keys.ranked, s.inner())
		}
		// The list takes the rows the rest leaves: the title, the panel's
		// edges, the greeting, the heading and two blank lines (7), the
		// rating's line, the message and the keys. The size not known
		// yet, all of it.
		rows := s.height - 7 - lipgloss.Height(keys)
		b.WriteString(s.lang.T(lang.SrvHello, st.Title.Render(s.Name())) + "\n")
		if s.rating != nil {
			line := s.para(s.rating(s.lang))
			rows -= lipgloss.Height(line)
			b.WriteString(line + "\n")
		}
		b.WriteString("\n")
		note := ""
		if msg := s.message(); msg != "" {
			note = "\n" + st.Error.Render(s.para(msg)) + "\n"
			rows -= lipgloss.Height(note) - 1
		}
		if s.height == 0 {
			rows = -1
		}
		s.list.view(&b, h, st, s.lang, rows, s.inner())
		b.WriteString(note + "\n" + keys + "\n")
	}
	// The board's look: the title, then the screen in a framed panel. The
	// panel's top edge takes the row under the title, so its lines sit two
	// rows down.
	title := st.Title.Render("mille"+s.lang.ColonMark()) + s.lang.T(lang.SrvTitle)
	panel := st.Box.Padding(0, 1)
	if s.width > 0 {
		panel = panel.Width(s.width)
	}
	v := tea.NewView(title + "\n" + panel.Render(strings.TrimRight(b.String(), "\n")) + "\n")
	v.AltScreen = true
	if len(h) > 0 {
		v.MouseMode = tea.MouseModeCellMotion
		v.OnMouse = h.shift(2).onMouse
	}
	return v
}

// inner is the width of the text in the screen's panel: its frame and
// padding take four columns.
func (s *Screen) inner() int {
	if s.width <= 0 {
		return 0
	}
	return max(s.width-4, 20)
}

// viewRoom draws the seat's room in text. Once the game has started the
// ui's board (table.go) shows it instead; this text only remains if the
// board could not open.
func (s *Screen) viewRoom(b *strings.Builder) {
	u := s.last
	st := s.st
	b.WriteString(st.Heading.Render(s.lang.T(lang.WrRoom, u.Room)) + "\n\n")
	if u.Watching {
		b.WriteString(s.lang.T(lang.SrvWatchingSeat, u.Seat+1) + "\n\n")
	}
	for i, seat := range u.Seats {
		who := s.presence(seat, lang.SrvComputer)
		me := " "
		if i == u.Seat {
			me = "*"
		}
		b.WriteString(s.lang.T(lang.SrvSeatLine, me, i+1, seat.Name, who) + "\n")
	}
	b.WriteString("\n" + s.lang.T(lang.SrvStarted) + "\n") // until then the waiting room shows the room
	b.WriteString(helpView(*s.help, s.keys.room, s.inner()) + "\n")
	if u.Notice.Kind != table.NoNotice {
		fmt.Fprintf(b, "\n%s\n", st.Message.Render(s.lang.Notice(u.Notice)))
	}
	if msg := s.message(); msg != "" {
		fmt.Fprintf(b, "\n%s\n", st.Error.Render(msg))
	}
}

// para breaks text into lines as wide as the terminal at most, never
// inside a command it tells (Wrap).
func (s *Screen) para(text string) string {
	if s.width <= 0 {
		return text
	}
	return Wrap(text, s.inner())
}

// command matches a command a sentence tells the player to type: ssh,
// its options and its words in capitals (HOST, ROOM, in any language) or
// plain, between spaces that may be non-breaking (Wrap). A person copies
// it whole, so it must stay on one line.
var command = regexp.MustCompile(`ssh(?:[ \x{a0}](?:-\pL+|\p{Lu}{2,}|plain))+`)

// Wrap breaks text into lines width columns wide at most, between words,
// but never inside a command: a line broken in "ssh HOST plain" left
// "ssh" at the end of one line and "HOST plain" on the next.
func Wrap(text string, width int) string {
	// ansi.Wrap does not break at a non-breaking space; the command's
	// spaces go back as they were after, as a terminal's copy of a
	// command with non-breaking spaces would not run.
	text = command.ReplaceAllStringFunc(text, func(c string) string { return strings.ReplaceAll(c, " ", "\u00a0") })
	return command.ReplaceAllStringFunc(ansi.Wrap(text, width, ""), func(c string) string { return strings.ReplaceAll(c, "\u00a0", " ") })
}

// ended says why the session's room ended: the last news of the table,
// when it was about that (another server took the room over, or this one
// lost its database), else that it ended.
func (s *Screen) ended() said {
	if n := s.last.Notice; n.Final() {
		return func(c *lang.Catalogue) string { return c.Notice(n) }
	}
	return func(c *lang.Catalogue) string { return c.T(lang.SrvRoomEnded) }
}

// Naming reports whether the screen asks the player's name.
func (s *Screen) Naming() bool { return s.prompt != nil }

// WantsPlain reports whether the player asked for the line mode at the
// name prompt: the session goes on in lines once the program ends.
func (s *Screen) WantsPlain() bool { return s.prompt != nil && s.prompt.plain }

// Lang is the language the player chose, or the session's.
func (s *Screen) Lang() *lang.Catalogue { return s.lang }
