package ui

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
)

// newGameForm is the new-game screen: players, ruleset, the level of each
// other seat (or a person sharing the keyboard), and where people share
// it, their names. Seat 1 ("You") is the person at the terminal.
type newGameForm struct {
	field   int
	players int
	rules   engine.Ruleset
	levels  [engine.MaxSeats]string
	names   [engine.MaxSeats]string // typed for the seats of people sharing the keyboard
}

// fields counts the rows of the form: players, rules, one level per
// other seat, a name per person where several share the keyboard, then
// Start.
func (f *newGameForm) fields() int { return f.nameField() + len(f.named()) + 1 }

// nameField is the row of the first name field.
func (f *newGameForm) nameField() int { return 2 + f.players - 1 }

// named lists the seats whose names the form asks for: the people's,
// where several share the keyboard (one alone is "You").
func (f *newGameForm) named() []int {
	seats := []int{0}
	for i := 1; i < f.players; i++ {
		if f.levels[i] == local.Person {
			seats = append(seats, i)
		}
	}
	if len(seats) < 2 {
		return nil
	}
	return seats
}

// nameSeat is the seat whose name field is row field, -1 for another row.
func (f *newGameForm) nameSeat(field int) int {
	if k := field - f.nameField(); k >= 0 && k < len(f.named()) {
		return f.named()[k]
	}
	return -1
}

// newGame opens the new-game screen (a served board refuses:
// Board.newGame).
func (m *Model) newGame() tea.Cmd {
	m.openNewGame()
	return nil
}

// openNewGame opens the new-game screen on the setup of the game on the
// table: its players, rules, levels, people and their names (else the
// names typed last).
func (m *Model) openNewGame() {
	cfg := m.obs.Config
	seats := m.local.Record().Seats
	f := newGameForm{players: cfg.Players, rules: cfg.Rules}
	people := 0
	for _, s := range seats {
		if s.Human {
			people++
		}
	}
	for i := range f.levels {
		f.levels[i] = ai.DefaultLevel
		switch {
		case i > 0 && i < len(seats) && seats[i].Human:
			f.levels[i] = local.Person
		case i < len(seats) && seats[i].Level != "":
			f.levels[i] = seats[i].Level
		}
		switch {
		case people > 1 && i < len(seats) && seats[i].Human:
			f.names[i] = seats[i].Name
		case i < len(m.opts.Names):
			f.names[i] = m.opts.Names[i]
		}
	}
	f.field = 0 // ←→ change the players at once; Return starts from any field
	m.setup = newNewGameScreen(&m.screenContext, f, m.offers.load)
	m.asking, m.dialog = askNone, dialogNone
}

// options returns the choices of a field and the index of the current one.
func (f *newGameForm) options(field int) ([]string, int) {
	switch {
	case field == 0:
		opts := make([]string, len(engine.PlayerCounts))
		cur := 0
		for i, n := range engine.PlayerCounts {
			opts[i] = strconv.Itoa(n)
			if n == f.players {
				cur = i
			}
		}
		return opts, cur
	case field == 1:
		opts := make([]string, len(engine.Rulesets))
		cur := 0
		for i, r := range engine.Rulesets {
			opts[i] = r.String()
			if r == f.rules {
				cur = i
			}
		}
		return opts, cur
	case field < f.nameField():
		seat := field - 1
		opts := append(append([]string(nil), ai.Levels...), local.Person)
		for i, l := range opts {
			if l == f.levels[seat] {
				return opts, i
			}
		}
		return opts, slices.Index(opts, ai.DefaultLevel) // a level the screen does not offer
	}
	return []string{""}, 0 // a name, or Start
}

// set changes a field to its i-th option.
func (f *newGameForm) set(field, i int) {
	opts, _ := f.options(field)
	i = (i + len(opts)) % len(opts)
	switch {
	case field == 0:
		f.players = engine.PlayerCounts[i]
		if !f.rules.Allows(f.players) { // bsd is for two players: back to the default rules
			f.rules = engine.Rulesets[0]
		}
		if f.field >= f.fields() {
			f.field = f.fields() - 1
		}
	case field == 1:
		f.rules = engine.Rulesets[i]
		if !f.rules.Allows(f.players) {
			f.players = f.rules.Players()[0]
		}
	case field < f.nameField():
		f.levels[field-1] = opts[i]
	}
}

// game is the new game the form describes.
func (f *newGameForm) game(seed uint64) (record.Game, error) {
	seats, err := f.seats()
	if err != nil {
		return record.Game{}, err
	}
	return record.New(engine.Config{Players: f.players, Rules: f.rules}, seed, seats)
}

// seats are the seats the form describes, the people named as typed.
func (f *newGameForm) seats() ([]record.Seat, error) {
	seats, err := local.SeatsOf(engine.Config{Players: f.players, Rules: f.rules}, f.levels[1:f.players])
	if err != nil {
		return nil, err
	}
	for _, s := range f.named() {
		seats[s].Name = strings.TrimSpace(f.names[s])
	}
	return seats, nil
}

// badName is the first name field whose name local.CheckName refuses,
// and why; -1 when every name will do.
func (f *newGameForm) badName() (field int, err error) {
	seats, err := f.seats()
	if err != nil {
		return -1, nil // the form says so as it starts
	}
	for k, s := range f.named() {
		var taken []string
		for j, o := range seats {
			if j != s {
				taken = append(taken, o.Name)
			}
		}
		if err := local.CheckName(f.names[s], taken); err != nil {
			return f.nameField() + k, err
		}
	}
	return -1, nil
}

// startNew deals the game the form describes, once the player has said
// whether to save the game on the table; the names typed are kept in the
// options for the next game.
func (m *Model) startNew() tea.Cmd {
	f := &m.setup.form
	if field, err := f.badName(); field >= 0 {
		f.field = field
		return m.setError(m.lang.Error(err))
	}
	// The seed is drawn from the current game's, so that a game started
	// with --seed stays reproducible.
	g, err := f.game(rand.New(rand.NewPCG(m.local.Table().Config().Seed, uint64(m.obs.EventCount))).Uint64())
	if err != nil {
		return m.setError(m.t(lang.DlgCantStart, err))
	}
	var persist tea.Cmd
	if named := f.named(); len(named) > 0 {
		names := slices.Clone(m.opts.Names)
		for _, s := range named {
			for len(names) <= s {
				names = append(names, "")
			}
			names[s] = g.Seats[s].Name
		}
		if !slices.Equal(names, m.opts.Names) {
			m.opts.Names = names
			persist = m.persist()
		}
	}
	return tea.Batch(persist, m.replaceWith(nextGame{g: g, message: m.t(lang.NewGame)}, false))
}

// nameKey edits the name field of seat: typed text, Backspace; ok is
// false for a key that is no editing.
func (f *newGameForm) nameKey(seat int, msg tea.KeyPressMsg) (ok bool) {
	switch {
	case msg.Code == tea.KeyBackspace:
		r := []rune(f.names[seat])
		if len(r) > 0 {
			f.names[seat] = string(r[:len(r)-1])
		}
		return true
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0 && record.Printable(msg.Text):
		if utf8.RuneCountInString(f.names[seat]+msg.Text) <= local.MaxName {
			f.names[seat] += msg.Text
		}
		return true
	}
	return false
}

// newGameScreen is the new-game screen as a component: the form, its
// key map (the help line at its foot) and its layers. It says what a key
// or a click led to; the model starts the game, opens the load picker or
// goes back to the board.
type newGameScreen struct {
	form newGameForm
	keys newGameKeys
}

// newGameKeys is the new-game screen's key map.
type newGameKeys struct {
	Up, Down, Left, Right, Toggle key.Binding // fields and their choices
	Start, Load, Back             key.Binding
}

// ShortHelp is the screen's help line.
func (k newGameKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Left, k.Start, k.Load, k.Back}
}

// newNewGameScreen is the new-game screen on form f, in c's words; load
// offers the load picker.
func newNewGameScreen(c *screenContext, f newGameForm, load bool) *newGameScreen {
	k := c.keys
	keys := newGameKeys{Up: k.Up, Down: k.Down, Left: k.Left, Right: k.Right, Toggle: k.Toggle, Start: k.Start, Load: k.Load,
		Back: key.NewBinding(key.WithKeys(slices.Concat(k.Cancel.Keys(), k.Quit.Keys())...), key.WithHelp(c.t(lang.KeyEsc), c.t(lang.NgBack)))}
	keys.Down.SetKeys(slices.Concat(k.Down.Keys(), k.NextField.Keys())...)
	keys.Left.SetHelp("←→", c.t(lang.NgChange))
	keys.Load.SetEnabled(load)
	return &newGameScreen{form: f, keys: keys}
}

// newGameEnd is what a key or a click on the new-game screen led to.
type newGameEnd int

const (
	newGameStays newGameEnd = iota
	newGameBack             // Esc, q, Cancel: back to the board
	newGameStart            // Return, Start: deal the game the form describes
	newGameLoad             // L, Load: the load picker
	newGameTyped            // a name was edited: the message line clears
)

// Update takes a key or a click and says what it led to.
func (s *newGameScreen) Update(msg tea.Msg) newGameEnd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case clickMsg:
		return s.click(msg.id)
	}
	return newGameStays
}

func (s *newGameScreen) key(msg tea.KeyPressMsg) newGameEnd {
	k := s.keys
	f := &s.form
	if seat := f.nameSeat(f.field); seat >= 0 && f.nameKey(seat, msg) {
		return newGameTyped
	}
	switch {
	case key.Matches(msg, k.Back):
		return newGameBack
	case key.Matches(msg, k.Up):
		f.field = (f.field - 1 + f.fields()) % f.fields()
	case key.Matches(msg, k.Down):
		f.field = (f.field + 1) % f.fields()
	case key.Matches(msg, k.Left):
		_, cur := f.options(f.field)
		f.set(f.field, cur-1)
	case key.Matches(msg, k.Right):
		_, cur := f.options(f.field)
		f.set(f.field, cur+1)
	case key.Matches(msg, k.Start):
		return newGameStart
	case key.Matches(msg, k.Load):
		return newGameLoad
	case key.Matches(msg, k.Toggle):
		_, cur := f.options(f.field)
		f.set(f.field, cur+1)
	}
	return newGameStays
}

func (s *newGameScreen) click(id string) newGameEnd {
	switch {
	case id == "ng-start":
		return newGameStart
	case id == "ng-cancel":
		return newGameBack
	case id == "ng-load":
		return newGameLoad
	case strings.HasPrefix(id, "ng-"):
		parts := strings.Split(id, "-")
		if len(parts) == 3 {
			field, _ := strconv.Atoi(parts[1])
			i, _ := strconv.Atoi(parts[2])
			s.form.field = field
			s.form.set(field, i)
		}
	}
	return newGameStays
}

// setupUpdate hands a key or a click to the new-game screen and does
// what it led to.
func (m *Model) setupUpdate(msg tea.Msg) tea.Cmd {
	switch m.setup.Update(msg) {
	case newGameTyped:
		m.message = ""
	case newGameBack:
		m.setup = nil
	case newGameStart:
		return m.startNew()
	case newGameLoad:
		return m.openLoad()
	}
	return nil
}

// layers draw the new-game screen, w x h; every choice is clickable.
// message is an error to tell under the form (a name refused); footer is
// the keys of what is active, the screen's own or a window's over it,
// drawn by hm.
func (ng *newGameScreen) layers(c *screenContext, hm help.Model, w, h int, message string, footer []key.Binding) []*layer {
	st := c.styles
	f := &ng.form
	x0, y := 4, 2
	layers := []*layer{
		lay(st.Heading.Render(c.t(lang.NgTitle))).X(x0).Y(0),
	}
	label := func(i int, s string) string {
		if f.field == i {
			return st.Turn.Render("▶ " + s)
		}
		return st.Text.Render("  " + s)
	}
	names, err := f.seats()
	if err != nil { // a level the form does not offer, from a game played before
		names = local.Seats(engine.Config{Players: f.players}, ai.DefaultLevel, nil)
	}
	for field := 0; field < f.nameField(); field++ {
		var name string
		switch field {
		case 0:
			name = c.t(lang.NgPlayers)
		case 1:
			name = c.t(lang.NgRules)
		default:
			seat := field - 1
			name = c.lang.SeatName(names[seat].Name, seat, false)
			if p := (engine.Config{Players: f.players}).Partner(seat); p >= 0 {
				name = c.t(lang.NgWith, name, c.lang.SeatName(names[p].Name, p, false))
			}
		}
		layers = append(layers, lay(label(field, name)).X(x0).Y(y))
		opts, cur := f.options(field)
		x := x0 + 21
		for i, o := range opts {
			if field >= 2 {
				o = c.lang.Level(o)
			}
			text := "( ) " + o
			style := st.Dim
			if i == cur {
				text = "(•) " + o
				style = st.Title
			}
			layers = append(layers, lay(style.Render(text)).ID("ng-"+strconv.Itoa(field)+"-"+strconv.Itoa(i)).X(x).Y(y))
			x += len([]rune(text)) + 1
		}
		y++
		if field == 1 {
			y++
			layers = append(layers, lay(st.Dim.Render(c.t(lang.NgOthers))).X(x0).Y(y))
			y++
		}
	}
	for k, s := range f.named() {
		field := f.nameField() + k
		text, style := f.names[s], st.Title
		if text == "" { // the name the seat will go by
			text, style = c.lang.SeatName("", s, false), st.Dim
		}
		if f.field == field {
			text = f.names[s] + "▏"
			style = st.Title
		}
		layers = append(layers,
			lay(label(field, c.t(lang.NgName, s+1))).X(x0).Y(y),
			lay(style.Render("["+text+"]")).ID("ng-"+strconv.Itoa(field)+"-0").X(x0+21).Y(y))
		y++
	}
	y++
	cfg := engine.Config{Players: f.players, Rules: f.rules}
	var teams []string
	for side := 0; side < cfg.Sides(); side++ {
		var ns []string
		for s := 0; s < f.players; s++ {
			if cfg.SideOf(s) == side {
				ns = append(ns, c.lang.SeatName(names[s].Name, s, false))
			}
		}
		teams = append(teams, c.lang.Team(ns...))
	}
	info := []string{
		c.t(lang.NgSides, strings.Join(teams, c.t(lang.NgVs))),
		c.t(lang.NgTrip, cfg.BaseTrip(), cfg.DeckSize()),
	}
	if cfg.HasExtension() {
		info = append(info, c.t(lang.NgExtension))
	}
	info = append(info, c.lang.RulesLine(f.rules))
	for _, s := range info {
		layers = append(layers, lay(st.Dim.Render(s)).X(x0+2).Y(y))
		y++
	}
	y++
	startStyle := st.Button
	if f.field == f.fields()-1 {
		startStyle = st.ButtonOn
	}
	layers = append(layers,
		lay(startStyle.Render(c.t(lang.NgStart))).ID("ng-start").X(x0).Y(y),
		lay(st.Button.Render(c.t(lang.NgCancel))).ID("ng-cancel").X(x0+22).Y(y),
		lay(hm.ShortHelpView(footer)).X(x0).Y(h-1),
	)
	if ng.keys.Load.Enabled() {
		layers = append(layers, lay(st.Button.Render(c.t(lang.NgLoad))).ID("ng-load").X(x0+34).Y(y))
	}
	if message != "" { // a name refused
		layers = append(layers, lay(st.Error.Render(fit(message, w-x0))).X(x0).Y(y+2))
	}
	return layers
}

// View draws local play's screen; the window's title tells no turn while
// the new-game screen is up.
func (m *Model) View() tea.View {
	v := m.drawn(m.layers)
	if m.setup != nil {
		v.WindowTitle = windowTitle
	}
	return v
}
