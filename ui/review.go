package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
)

// ReviewConfig is what the review screen shows and how it gets its
// analysis.
type ReviewConfig struct {
	// Game is the game reviewed, Options the review asked for.
	Game    record.Game
	Options review.Options
	// Analyse makes the review (in a command); review.Analyse, or
	// review.AnalyseCached over the cache folder. It gets o with Progress
	// set by the screen.
	Analyse func(ctx context.Context, g record.Game, o review.Options) (*review.Review, error)
	// Back is what q does; nil quits the program.
	Back tea.Cmd
	// Dark tells the background before the terminal answers (tests).
	Dark bool
	// Lang is the language of the screen; nil: English.
	Lang *lang.Catalogue
}

// ReviewScreen is the game review's screen: the game's hands replayed move
// by move, every hand open (they are over), the board as it was before
// each move, and for each decision of a seat under review the move played,
// the best move, the points given away and the verdict, filled in as the
// analysis runs in the background. ←→ step, ↑↓ jump between flagged
// decisions, PgUp/PgDn between hands, Home/End, a click on the move list,
// q back.
type ReviewScreen struct {
	cfg ReviewConfig
	screenContext
	nav reviewKeys

	seats  []int          // the seats under review
	states []engine.State // states[i]: before History[i]
	moves  []int          // the history indexes shown: every move of a hand
	cur    int            // index in moves

	rev         *review.Review
	measuring   bool                     // rev is judged, its hands' splits to come
	decisions   map[int]*review.Decision // by history index, as they come
	hands       map[int]*review.Hand     // the hand of each decision, by history index
	done, total int
	err         error
	progress    chan tea.Msg // the latest progress count
	finished    chan tea.Msg // the review judged, then whole
	mu          sync.Mutex
	decided     []review.Decision // verdicts made since Update last looked
	cancel      context.CancelFunc
}

type reviewKeys struct {
	Prev, Next, PrevFlag, NextFlag, PrevHand, NextHand, First, Last, Back key.Binding
}

// defaultReviewKeys are the review's keys, their help in the language l.
func defaultReviewKeys(l *lang.Catalogue) reviewKeys {
	return reviewKeys{
		Prev:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←→", l.T(lang.RvKeyStep))),
		Next:     key.NewBinding(key.WithKeys("right", "l")),
		PrevFlag: key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", l.T(lang.RvKeyFlagged))),
		NextFlag: key.NewBinding(key.WithKeys("down", "j")),
		PrevHand: key.NewBinding(key.WithKeys("pgup", "["), key.WithHelp("pgup/pgdn", l.T(lang.RvKeyHands))),
		NextHand: key.NewBinding(key.WithKeys("pgdown", "]")),
		First:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/end", l.T(lang.RvKeyFirstLast))),
		Last:     key.NewBinding(key.WithKeys("end", "G")),
		Back:     key.NewBinding(key.WithKeys("q", "Q", "esc", "ctrl+c"), key.WithHelp("q", l.T(lang.RvKeyBack))),
	}
}

// The review screen's messages.
type (
	reviewProgressMsg struct{ done, total int }
	// reviewJudgedMsg is the review with its decisions judged, before
	// the splits (review.Options.Judged).
	reviewJudgedMsg struct{ r *review.Review }
	reviewDoneMsg   struct {
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
	rs := &ReviewScreen{cfg: cfg, screenContext: screenContext{styles: StylesFor(cfg.Dark), lang: cfg.Lang}, seats: seats,
		states: make([]engine.State, len(g.History)), decisions: map[int]*review.Decision{}}
	if rs.lang == nil {
		rs.lang = &lang.English
	}
	rs.nav = defaultReviewKeys(rs.lang)
	for i, a := range g.History {
		rs.states[i] = s
		if !s.HandOver() {
			rs.moves = append(rs.moves, i)
		}
		if err := s.Step(a); err != nil {
			return nil, &record.FieldError{Field: fmt.Sprintf("history[%d] (%v)", i, a), Err: err}
		}
	}
	if len(rs.moves) == 0 {
		return nil, errors.New(rs.lang.T(lang.RvNoMoveYet))
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
		return m.setError(m.t(lang.RvNoReview, err))
	}
	return tea.Exec(p, nil)
}

// reviewProgram is the review screen of the last hand of the model's own
// game, as a program to run in the game's terminal.
func (m *Model) reviewProgram() (*reviewProgram, error) {
	g := m.local.Record()
	o := review.Options{Depth: review.Normal, From: lastHandStart(&g)}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: review.AnalyseInCache, Dark: m.styles.Dark, Lang: m.lang})
	if err != nil {
		return nil, err
	}
	return &reviewProgram{screen: rs, w: m.w, h: m.h}, nil
}

// lastHandStart is the place in g's history of the first action of its
// last hand.
func lastHandStart(g *record.Game) int {
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
	rs.finished = make(chan tea.Msg, 2)
	o := rs.cfg.Options
	o.Decided = func(d review.Decision) {
		rs.mu.Lock()
		rs.decided = append(rs.decided, d)
		rs.mu.Unlock()
	}
	o.Judged = func(r *review.Review) { rs.finished <- reviewJudgedMsg{r} }
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
		rs.styles = StylesFor(msg.IsDark())
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
	case reviewJudgedMsg:
		rs.setReview(msg.r, nil)
		rs.measuring = true
		return rs, rs.listen()
	case reviewDoneMsg:
		rs.setReview(msg.r, msg.err)
		rs.measuring = false
		if msg.r != nil {
			rs.done = rs.total
		}
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
}

// key moves the cursor.
func (rs *ReviewScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	k := rs.nav
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
