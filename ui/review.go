package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

// ReviewConfig is what the review screen shows and how it gets its
// analysis.
type ReviewConfig struct {
	// Game is the game reviewed, Options the review asked for.
	Game    save.Game
	Options review.Options
	// Analyse makes the review (in a command); review.Analyse, or
	// review.AnalyseCached over the cache folder. It gets o with Progress
	// set by the screen.
	Analyse func(ctx context.Context, g save.Game, o review.Options) (*review.Review, error)
	// Back is what q does; nil quits the program.
	Back tea.Cmd
	// Dark tells the background before the terminal answers (tests).
	Dark bool
}

// ReviewScreen is the game review's screen: the game's hands replayed move
// by move, every hand open (they are over), the board as it was before
// each move, and for each decision of a seat under review the move played,
// the best move, the points given away and the verdict, filled in as the
// analysis runs in the background. ←→ step, ↑↓ jump between flagged
// decisions, PgUp/PgDn between hands, Home/End, a click on the move list,
// q back.
type ReviewScreen struct {
	cfg    ReviewConfig
	styles *Styles
	keys   reviewKeys
	w, h   int

	seats  []int          // the seats under review
	states []engine.State // states[i]: before History[i]
	moves  []int          // the history indexes shown: every move of a hand
	cur    int            // index in moves

	rev         *review.Review
	decisions   map[int]*review.Decision // by history index, as they come
	hands       map[int]*review.Hand     // the hand of each decision, by history index
	done, total int
	err         error
	progress    chan tea.Msg // the latest progress count
	finished    chan tea.Msg // the review, once
	mu          sync.Mutex
	decided     []review.Decision // verdicts made since Update last looked
	cancel      context.CancelFunc
}

type reviewKeys struct {
	Prev, Next, PrevFlag, NextFlag, PrevHand, NextHand, First, Last, Back key.Binding
}

func defaultReviewKeys() reviewKeys {
	return reviewKeys{
		Prev:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←→", "step")),
		Next:     key.NewBinding(key.WithKeys("right", "l")),
		PrevFlag: key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", "flagged moves")),
		NextFlag: key.NewBinding(key.WithKeys("down", "j")),
		PrevHand: key.NewBinding(key.WithKeys("pgup", "["), key.WithHelp("pgup/pgdn", "hands")),
		NextHand: key.NewBinding(key.WithKeys("pgdown", "]")),
		First:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/end", "first/last")),
		Last:     key.NewBinding(key.WithKeys("end", "G")),
		Back:     key.NewBinding(key.WithKeys("q", "Q", "esc", "ctrl+c"), key.WithHelp("q", "back")),
	}
}

// The review screen's messages.
type (
	reviewProgressMsg struct{ done, total int }
	reviewDoneMsg     struct {
		r   *review.Review
		err error
	}
)

// NewReviewScreen returns the screen over cfg.Game; its Init starts the
// analysis.
func NewReviewScreen(cfg ReviewConfig) (*ReviewScreen, error) {
	g := &cfg.Game
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil, err
	}
	seats, err := review.SeatsOf(g, cfg.Options.Seats)
	if err != nil {
		return nil, err
	}
	rs := &ReviewScreen{cfg: cfg, styles: NewStyles(cfg.Dark), keys: defaultReviewKeys(), seats: seats,
		states: make([]engine.State, len(g.History)), decisions: map[int]*review.Decision{}}
	for i, a := range g.History {
		rs.states[i] = s
		if !s.HandOver() {
			rs.moves = append(rs.moves, i)
		}
		if err := s.Step(a); err != nil {
			return nil, fmt.Errorf("history[%d] (%v): %v", i, a, err)
		}
	}
	if len(rs.moves) == 0 {
		return nil, fmt.Errorf("the game has no move to review yet")
	}
	for rs.cur < len(rs.moves)-1 && rs.moves[rs.cur] < cfg.Options.From {
		rs.cur++ // start where the review does
	}
	return rs, nil
}

// reviewHand opens the game review of the hand just over (v at the end
// of a hand or a game) for the people at this keyboard: the review screen
// takes the terminal in place of the board, and the game comes back when
// it closes. Only a game of this model's own has it: a guest of a room
// does not hold the game's record.
func (m *Model) reviewHand() tea.Cmd {
	p, err := m.reviewProgram()
	if err != nil {
		return m.setError("No review: " + err.Error() + ".")
	}
	return tea.Exec(p, nil)
}

// reviewProgram is the review screen of the last hand of the model's own
// game, as a program to run in the game's terminal.
func (m *Model) reviewProgram() (*reviewProgram, error) {
	if m.own == nil {
		return nil, errors.New("the review is for the games played here: save the room's game, then run mille review on it")
	}
	g := m.own.Record()
	o := review.Options{Depth: review.Normal, From: lastHandStart(&g)}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: analyseCached, Dark: m.styles.Dark})
	if err != nil {
		return nil, err
	}
	return &reviewProgram{screen: rs, w: m.w, h: m.h}, nil
}

// lastHandStart is the place in g's history of the first action of its
// last hand.
func lastHandStart(g *save.Game) int {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return 0
	}
	start := 0
	for i, a := range g.History {
		over := s.HandOver()
		if s.Step(a) != nil {
			return 0
		}
		if over && !s.HandOver() {
			start = i + 1
		}
	}
	return start
}

// analyseCached is review.AnalyseCached over the saves folder's cache, or
// review.Analyse without one.
func analyseCached(ctx context.Context, g save.Game, o review.Options) (*review.Review, error) {
	dir, err := review.CacheDir()
	if err != nil {
		return review.Analyse(ctx, g, o)
	}
	r, err := review.AnalyseCached(ctx, dir, g, o)
	if r != nil {
		return r, nil // only keeping it failed: the review stands
	}
	return nil, err
}

// reviewProgram runs the review screen as a program of its own in the
// terminal the game's program lends it (tea.Exec).
type reviewProgram struct {
	screen *ReviewScreen
	w, h   int // the terminal's size, as the game's program knows it
	in     io.Reader
	out    io.Writer
}

func (p *reviewProgram) SetStdin(r io.Reader)  { p.in = r }
func (p *reviewProgram) SetStdout(w io.Writer) { p.out = w }

// SetStderr does nothing: the screen writes nothing but the screen.
func (p *reviewProgram) SetStderr(io.Writer) {}

// Run shows the screen until q.
func (p *reviewProgram) Run() error {
	opts := []tea.ProgramOption{tea.WithInput(p.in), tea.WithOutput(p.out), tea.WithoutSignalHandler()}
	if p.w > 0 && p.h > 0 {
		opts = append(opts, tea.WithWindowSize(p.w, p.h))
	}
	_, err := tea.NewProgram(p.screen, opts...).Run()
	return err
}

// Init starts the analysis in the background and asks for the
// terminal's background.
func (rs *ReviewScreen) Init() tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	rs.cancel = cancel
	rs.progress = make(chan tea.Msg, 1)
	rs.finished = make(chan tea.Msg, 1)
	o := rs.cfg.Options
	o.Decided = func(d review.Decision) {
		rs.mu.Lock()
		rs.decided = append(rs.decided, d)
		rs.mu.Unlock()
	}
	o.Progress = func(done, total int) {
		select { // only the latest count matters: drop one not yet read
		case <-rs.progress:
		default:
		}
		rs.progress <- reviewProgressMsg{done, total}
	}
	g, analyse := rs.cfg.Game, rs.cfg.Analyse
	go func() {
		r, err := analyse(ctx, g, o)
		rs.finished <- reviewDoneMsg{r, err}
	}()
	return tea.Batch(tea.RequestBackgroundColor, rs.listen())
}

// listen waits for the analysis' next word: a progress count or the end.
func (rs *ReviewScreen) listen() tea.Cmd {
	progress, finished := rs.progress, rs.finished
	return func() tea.Msg {
		select {
		case m := <-finished:
			return m
		case m := <-progress:
			return m
		}
	}
}

// Update handles keys, clicks and the analysis' news.
func (rs *ReviewScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		rs.w, rs.h = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		rs.styles = NewStyles(msg.IsDark())
	case reviewProgressMsg:
		rs.done, rs.total = msg.done, msg.total
		rs.mu.Lock()
		for _, d := range rs.decided {
			if rs.rev == nil {
				rs.decisions[d.Index] = &d
			}
		}
		rs.decided = nil
		rs.mu.Unlock()
		return rs, rs.listen()
	case reviewDoneMsg:
		rs.setReview(msg.r, msg.err)
	case tea.KeyPressMsg:
		return rs, rs.key(msg)
	case tea.MouseClickMsg:
		if msg.Button == tea.MouseLeft {
			if id := hitTest(rs.layers(rs.size()), msg.X, msg.Y); strings.HasPrefix(id, "move:") {
				if k, err := strconv.Atoi(id[len("move:"):]); err == nil {
					rs.cur = k
				}
			}
		}
	}
	return rs, nil
}

// setReview files the finished analysis by history index.
func (rs *ReviewScreen) setReview(r *review.Review, err error) {
	rs.rev, rs.err = r, err
	if r == nil {
		return
	}
	rs.decisions, rs.hands = map[int]*review.Decision{}, map[int]*review.Hand{}
	for i := range r.Hands {
		h := &r.Hands[i]
		for k := range h.Decisions {
			d := &h.Decisions[k]
			rs.decisions[d.Index], rs.hands[d.Index] = d, h
		}
	}
	rs.done = rs.total
}

// key moves the cursor.
func (rs *ReviewScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	k := rs.keys
	switch {
	case key.Matches(msg, k.Back):
		if rs.cancel != nil {
			rs.cancel()
		}
		if rs.cfg.Back != nil {
			return rs.cfg.Back
		}
		return tea.Quit
	case key.Matches(msg, k.Prev):
		rs.cur = max(0, rs.cur-1)
	case key.Matches(msg, k.Next):
		rs.cur = min(len(rs.moves)-1, rs.cur+1)
	case key.Matches(msg, k.First):
		rs.cur = 0
	case key.Matches(msg, k.Last):
		rs.cur = len(rs.moves) - 1
	case key.Matches(msg, k.PrevFlag):
		rs.seek(-1, rs.flagged)
	case key.Matches(msg, k.NextFlag):
		rs.seek(1, rs.flagged)
	case key.Matches(msg, k.PrevHand):
		// To the start of this hand, or of the one before when there.
		start := rs.handStart(rs.cur)
		if start == rs.cur && start > 0 {
			start = rs.handStart(start - 1)
		}
		rs.cur = start
	case key.Matches(msg, k.NextHand):
		rs.seek(1, func(k int) bool { return rs.handStart(k) == k })
	}
	return nil
}

// seek moves the cursor to the next move in direction dir that ok
// accepts, if there is one.
func (rs *ReviewScreen) seek(dir int, ok func(k int) bool) {
	for k := rs.cur + dir; k >= 0 && k < len(rs.moves); k += dir {
		if ok(k) {
			rs.cur = k
			return
		}
	}
}

// flagged reports whether move k is a decision the review flagged.
func (rs *ReviewScreen) flagged(k int) bool {
	d := rs.decisions[rs.moves[k]]
	return d != nil && d.Verdict != review.Good
}

// handMoves are the moves of the hand of move k: from start to end
// (excluded).
func (rs *ReviewScreen) handMoves(k int) (start, end int) {
	start = rs.handStart(k)
	end = start
	for end < len(rs.moves) && sameHand(&rs.states[rs.moves[start]], &rs.states[rs.moves[end]]) {
		end++
	}
	return start, end
}

// handStart is the first move of the hand of move k.
func (rs *ReviewScreen) handStart(k int) int {
	for k > 0 && sameHand(&rs.states[rs.moves[k-1]], &rs.states[rs.moves[k]]) {
		k--
	}
	return k
}

func sameHand(a, b *engine.State) bool { return a.Game == b.Game && a.Hand == b.Hand }

// size is the screen's size, the minimum until the terminal says.
func (rs *ReviewScreen) size() (int, int) {
	if rs.w == 0 || rs.h == 0 {
		return MinWidth, MinHeight
	}
	return rs.w, rs.h
}

// View draws the screen.
func (rs *ReviewScreen) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Mille Bornes: game review"
	w, h := rs.size()
	if w < MinWidth || h < MinHeight {
		msg := fmt.Sprintf("The review needs a terminal of at least %dx%d.\nThis one is %dx%d: please enlarge it.\n\nq goes back.", MinWidth, MinHeight, w, h)
		v.SetContent(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, msg))
		return v
	}
	v.SetContent(drawLayers(w, h, rs.layers(w, h)))
	return v
}

// name names a seat.
func (rs *ReviewScreen) name(seat int) string {
	if s := rs.cfg.Game.Seats; seat < len(s) && s[seat].Name != "" {
		return s[seat].Name
	}
	return "Player " + strconv.Itoa(seat+1)
}

// layers lay the screen out from the top: title, the hand's header, the
// board before the move, the move and its verdict, the hand's moves (a
// click target each) and the keys.
func (rs *ReviewScreen) layers(w, h int) []*layer {
	st := rs.styles
	i := rs.moves[rs.cur]
	s := &rs.states[i]
	var top []string
	start, end := rs.handMoves(rs.cur)
	title := fmt.Sprintf(" Game review · game %d, hand %d · move %d of %d", s.Game+1, s.Hand+1, rs.cur-start+1, end-start)
	top = append(top, st.Title.Render(padRight(title, w-22, ' '))+st.Dim.Render(rs.status()))
	top = append(top, rs.header(s, w)...)
	top = append(top, st.Dim.Render(strings.Repeat("─", w)))
	top = append(top, rs.board(s, w, h)...)
	top = append(top, st.Dim.Render(strings.Repeat("─", w)))
	top = append(top, rs.verdict(i, w)...)
	top = append(top, st.Dim.Render(strings.Repeat("─", w)))
	layers := []*layer{lay(strings.Join(top, "\n"))}
	listY := len(top)
	layers = append(layers, rs.moveList(listY, w, h-1-listY)...)
	keys := []key.Binding{rs.keys.Prev, rs.keys.PrevFlag, rs.keys.PrevHand, rs.keys.First, rs.keys.Back}
	var help []string
	for _, b := range keys {
		help = append(help, st.Heading.Render(b.Help().Key)+" "+st.Dim.Render(b.Help().Desc))
	}
	layers = append(layers, lay(" "+strings.Join(help, "  ")).Y(h-1))
	return layers
}

// status is the analysis' progress, or its end.
func (rs *ReviewScreen) status() string {
	switch {
	case rs.err != nil:
		return "analysis failed"
	case rs.rev != nil:
		return "depth " + rs.rev.Depth.String()
	case rs.total == 0:
		return "analysing…"
	}
	const n = 10
	f := rs.done * n / rs.total
	return "[" + strings.Repeat("#", f) + strings.Repeat("·", n-f) + "] " + strconv.Itoa(rs.done) + "/" + strconv.Itoa(rs.total)
}

// header sums up the hand of the move for the seats under review: its
// result, what the analysis expected, the points given away, the luck and
// the costliest moments.
func (rs *ReviewScreen) header(s *engine.State, w int) []string {
	st := rs.styles
	if rs.err != nil {
		return []string{st.Error.Render(" The analysis failed: " + rs.err.Error()), ""}
	}
	if rs.rev == nil {
		return []string{st.Dim.Render(" The computer is analysing the game: the verdicts fill in as it goes."), ""}
	}
	var lines []string
	for k := range rs.rev.Hands {
		h := &rs.rev.Hands[k]
		if h.Game != int(s.Game)+1 || h.Hand != int(s.Hand)+1 {
			continue
		}
		line := " " + rs.name(h.Seat) + ": "
		if h.Finished {
			line += fmt.Sprintf("%d pts (%+d) · ", h.Points, h.Result)
		}
		line += fmt.Sprintf("expected %+.0f±%.0f · given away %.0f±%.0f", h.Expected, h.ExpectedSE, h.GivenAway, h.GivenAwaySE)
		if h.Finished {
			line += fmt.Sprintf(" · luck %+.0f", h.Luck)
		}
		costly := " costliest: none"
		if len(h.Costliest) > 0 {
			var c []string
			for _, k := range h.Costliest {
				d := &h.Decisions[k]
				c = append(c, fmt.Sprintf("%v (%.0f)", d.Played, d.Loss))
			}
			costly = " costliest: " + strings.Join(c, ", ")
		}
		lines = append(lines, st.Text.Render(truncate(line, w)), st.Dim.Render(truncate(costly, w)))
	}
	if lines == nil {
		lines = []string{st.Dim.Render(" No decision to review in this hand."), ""}
	}
	return lines
}

// board draws every seat's table and hand before the move, and the piles.
func (rs *ReviewScreen) board(s *engine.State, w, h int) []string {
	st := rs.styles
	cfg := s.Config
	twoLines := h >= 24+2*cfg.Players-4 // room for each hand on a line of its own
	var lines []string
	for seat := range cfg.Players {
		side := cfg.SideOf(seat)
		t := &s.Tableaus[side]
		mark := "  "
		if seat == s.ToAct() {
			mark = st.Turn.Render("▶ ")
		}
		var piles []string
		switch {
		case t.Battle != engine.NoCard:
			piles = append(piles, st.chip(t.Battle))
		case !t.Rolling():
			piles = append(piles, st.Dim.Render("no Go yet"))
		}
		if t.Limited() {
			piles = append(piles, st.chip(engine.SpeedLimit))
		}
		for k, c := range engine.AllSafeties {
			if t.Has(c) {
				piles = append(piles, st.Kind[engine.Safety].Render("★ "+safetyShort[k]))
			}
		}
		table := mark + padRight(truncate(rs.name(seat), 12), 12, ' ') + fmt.Sprintf(" %4d mi  ", t.Miles) + strings.Join(piles, " ")
		hand := rs.hand(s.Hands[seat], false)
		if width(hand)+6+5 > w {
			hand = rs.hand(s.Hands[seat], true)
		}
		if twoLines {
			lines = append(lines, table, "      "+st.Dim.Render("hand ")+hand)
		} else {
			lines = append(lines, truncate(table+st.Dim.Render(" │ ")+hand, w))
		}
	}
	top := "—"
	if s.DiscardLen > 0 {
		top = st.chip(s.Discards[s.DiscardLen-1])
	}
	lines = append(lines, st.Dim.Render(fmt.Sprintf("  draw pile %d · trip %d · discard ", s.DrawLen, s.Trip))+top)
	return lines
}

// shortNames name the cards in a hand that does not fit a line.
var shortNames = [engine.NumCards]string{
	engine.OutOfGas: "NoGas", engine.FlatTire: "Flat", engine.Accident: "Crash", engine.SpeedLimit: "Limit",
	engine.Stop: "Stop", engine.Gasoline: "Gas", engine.SpareTire: "Spare", engine.Repairs: "Repair",
	engine.EndOfLimit: "EndLim", engine.Go: "Go", engine.ExtraTank: "Tank", engine.PunctureProof: "Punct",
	engine.DrivingAce: "Ace", engine.RightOfWay: "RoW", engine.Miles25: "25", engine.Miles50: "50",
	engine.Miles75: "75", engine.Miles100: "100", engine.Miles200: "200",
}

// hand draws a hand's cards as chips, by short names if short.
func (rs *ReviewScreen) hand(cards [engine.HandSlots]engine.Card, short bool) string {
	st := rs.styles
	var chips []string
	for _, c := range cards {
		switch {
		case c == engine.NoCard:
		case short:
			chips = append(chips, st.Kind[c.Kind()].Render(kindGlyph[c.Kind()]+shortNames[c]))
		default:
			chips = append(chips, st.chip(c))
		}
	}
	return strings.Join(chips, " ")
}

// verdict tells the move and, for a decision under review, the analysis'
// word on it.
func (rs *ReviewScreen) verdict(i, w int) []string {
	st := rs.styles
	s := &rs.states[i]
	a := rs.cfg.Game.History[i]
	move := fmt.Sprintf(" %s: %v", rs.name(s.ToAct()), a)
	d := rs.decisions[i]
	switch {
	case d == nil && rs.rev == nil && rs.err == nil && rs.reviewed(s.ToAct()):
		return []string{st.Text.Render(move), st.Dim.Render(" (analysing…)"), ""}
	case d == nil:
		return []string{st.Text.Render(move), "", ""}
	}
	mark := verdictMark(d.Verdict)
	head := move + "  " + mark + " " + d.Verdict.String()
	if d.Best != d.Played {
		head += fmt.Sprintf(" · best %v · loss %.0f ± %.0f", d.Best, d.Loss, d.LossSE)
	}
	paint := st.Text
	if d.Verdict >= review.Mistake {
		paint = st.Error
	}
	lines := []string{paint.Render(truncate(head, w))}
	why := wrap(d.Why, w-2)
	for k := range min(2, len(why)) {
		lines = append(lines, st.Text.Render(" "+why[k]))
	}
	for len(lines) < 3 {
		lines = append(lines, "")
	}
	if rs.h >= 30 {
		var opts []string
		for _, o := range d.Options {
			if o.Action != d.Played && o.Deals > 0 {
				opts = append(opts, fmt.Sprintf("%v %+.0f±%.0f", o.Action, o.Gain, o.GainSE))
			}
		}
		lines = append(lines, st.Dim.Render(truncate(" other moves, against the one played: "+strings.Join(opts, " · "), w)))
	}
	return lines
}

// reviewed reports whether seat is under review.
func (rs *ReviewScreen) reviewed(seat int) bool { return slices.Contains(rs.seats, seat) }

// verdictMark is the chess annotation of a verdict: ?! an inaccuracy, ?
// a mistake, ?? a blunder.
func verdictMark(v review.Verdict) string {
	return [...]string{review.Good: "✓", review.Inaccuracy: "?!", review.Mistake: "?", review.Blunder: "??"}[v]
}

// moveList lists the moves of the hand in columns from row y, rows high,
// the current one highlighted and the flagged ones marked; each move is a
// click target. The columns scroll to keep the current move in view.
func (rs *ReviewScreen) moveList(y, w, rows int) []*layer {
	st := rs.styles
	if rows < 1 {
		return nil
	}
	start, end := rs.handMoves(rs.cur)
	cols := max(1, w/26)
	colW := w / cols
	first := start
	if per := rows * cols; rs.cur-start >= per {
		first = start + (rs.cur-start)/rows*rows - (cols-1)*rows // the current move in the last column
	}
	var layers []*layer
	for k := first; k < end; k++ {
		col, row := (k-first)/rows, (k-first)%rows
		if col >= cols {
			break
		}
		i := rs.moves[k]
		mark := "  "
		if d := rs.decisions[i]; d != nil {
			mark = padRight(verdictMark(d.Verdict), 2, ' ')
		}
		who := rs.name(rs.states[i].ToAct())
		text := truncate(fmt.Sprintf("%3d %s %s: %v", k-start+1, mark, initials(who), rs.cfg.Game.History[i]), colW-1)
		text = padRight(text, colW-1, ' ')
		switch {
		case k == rs.cur:
			text = st.ButtonOn.Render(text)
		case rs.flagged(k):
			text = st.Error.Render(text)
		case rs.reviewed(rs.states[i].ToAct()):
			text = st.Text.Render(text)
		default:
			text = st.Dim.Render(text)
		}
		layers = append(layers, lay(text).X(col*colW).Y(y+row).ID("move:"+strconv.Itoa(k)))
	}
	return layers
}

// initials shortens a name for the move list: its first two letters.
func initials(name string) string {
	r := []rune(name)
	return string(r[:min(2, len(r))])
}

// truncate cuts s to w cells.
func truncate(s string, w int) string {
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}
