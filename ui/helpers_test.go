package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
)

// eager is the deterministic computer of the tests: it plays the first
// legal action that is not a discard (so hands move on), declares every
// coup fourré and never extends.
type eager struct{}

func (eager) Name() string { return "eager" }

func (eager) Choose(_ context.Context, obs *engine.Observation, legal []engine.Action) engine.Action {
	return eagerPick(legal)
}

func eagerPick(legal []engine.Action) engine.Action {
	for _, a := range legal {
		if a.Kind() == engine.KindCoupFourre || a.Kind() == engine.KindStopTrip {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind() == engine.KindPlay {
			return a
		}
	}
	return legal[0]
}

func eagerPlayers(string, uint64) (ai.Player, error) { return eager{}, nil }

// testConfig is a game against the eager computer, with no animation and
// options kept in a temporary folder.
func testConfig(t testing.TB, players int, seed uint64) Config {
	opts := local.Options{Animation: "off", SeenGuide: true}
	g, err := local.NewGame(engine.Config{Players: players, Rules: engine.Standard}, ai.DefaultLevel, seed)
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Local:     local.Config{Game: g, NewPlayer: eagerPlayers},
		ConfigDir: t.TempDir(),
		Options:   &opts,
		Dark:      true,
		Lang:      testLang,
	}
}

// testLang is the language of the models testConfig makes: nil, English,
// but while a test of the French screens makes them.
var testLang *lang.Catalogue

func newModel(t testing.TB, cfg Config) *Model {
	t.Helper()
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// shown is a model or a board shown alone: the board behind either.
type shown interface {
	b() *Board
	keep() func()
	layers(w, h int) []*layer
	Hit(x, y int) string
	View() tea.View
	Update(tea.Msg) (tea.Model, tea.Cmd)
}

// b is the board itself.
func (m *Board) b() *Board { return m }

// keep saves the board as it is, and gives back what restores it.
func (m *Board) keep() func() {
	s := *m
	return func() { *m = s }
}

// keep saves the model as it is, and gives back what restores it.
func (m *Model) keep() func() {
	s := *m
	return func() { *m = s }
}

// screenOf is the stripped screen of a model at a size.
func screenOf(m shown, w, h int) string {
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return ansi.Strip(m.View().Content)
}

// runTest starts a teatest program on m.
func runTest(t *testing.T, m *Model, w, h int) *teatest.TestModel {
	t.Helper()
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
}

// probe reads the model inside the program's Update.
func probe[M any, T any](tm *teatest.TestModel, f func(m M) T) T {
	ch := make(chan T, 1)
	var zero M
	if _, ok := any(zero).(*Model); ok {
		tm.Send(func(m *Model) { ch <- f(any(m).(M)) })
	} else {
		tm.Send(func(b *Board) { ch <- f(any(b).(M)) })
	}
	return <-ch
}

// waitModel polls the model until cond holds (the computers answer in
// commands, so the program needs a moment).
func waitModel[M shown](t *testing.T, tm *teatest.TestModel, what string, cond func(m M) bool) {
	t.Helper()
	for end := time.Now().Add(testkit.TimeLeft(t)); time.Now().Before(end); {
		if probe(tm, cond) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s; screen:\n%s", what, probe(tm, func(m M) string { return ansi.Strip(m.View().Content) }))
}

// settled reports whether the table waits for a person (or the hand is
// over) and the model has seen the table as it is.
func settled(m *Model) bool {
	st := m.local.Table().State()
	return (st.HandOver() || m.view.Plays(st.ToAct())) && m.obs.EventCount == st.EventCount
}

// settleModel waits (outside a program) until the model's table waits for
// a person, then shows the model the table's view, as its listen command
// would; however long the computers take, the test binary's timeout
// bounds it.
func settleModel(m *Model) {
	for {
		st := m.local.Table().State()
		if v := m.table.View(); st.HandOver() || v.Plays(st.ToAct()) {
			m.Update(m.table.View())
			return
		}
		select {
		case <-m.table.Updates():
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// seeMove shows s the view its table has now, as its listen command
// would hand it to Update: a board learns of its own moves (act, undo,
// passing the keyboard) on the table's updates, as of every change.
func seeMove(s shown) { s.Update(s.b().table.View()) }

// actions counts the actions of the model's game.
func actions(m *Model) int { return len(m.local.Table().Record().History) }

// history is every action of the model's game.
func history(m *Model) []engine.Action { return m.local.Table().Record().History }

// state is the model's game now.
func state(m *Model) engine.State { return m.local.Table().State() }

// key is a key press for teatest.
func keyMsg(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func press(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
}

// findPrefix plays games from seeds with the eager policy for every seat
// until cond holds with the human to act; it returns the setup and the
// actions that lead there.
func findPrefix(t *testing.T, players int, cond func(s *engine.State) bool) (record.Game, []engine.Action) {
	t.Helper()
	buf := make([]engine.Action, 0, engine.MaxLegal)
	for seed := uint64(1); seed < 3000; seed++ {
		g, err := local.NewGame(engine.Config{Players: players}, ai.DefaultLevel, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := g.State
		var acts []engine.Action
		for n := 0; n < 400 && s.Phase != engine.PhaseHandOver && s.Phase != engine.PhaseGameOver; n++ {
			if s.ToAct() == 0 && cond(&s) {
				return g, acts
			}
			legal := s.Legal(buf[:0])
			a := eagerPick(legal)
			if s.ToAct() == 0 && a.Kind() == engine.KindCoupFourre {
				a = engine.DeclineCoupFourre // keep the human's chances for the prompt
			}
			if s, err = engine.Apply(s, a); err != nil {
				t.Fatal(err)
			}
			acts = append(acts, a)
		}
	}
	t.Fatal("no seed reaches the situation")
	return record.Game{}, nil
}

// resumeAt is a test config whose game starts after the given actions.
func resumeAt(t *testing.T, g record.Game, acts []engine.Action) Config {
	t.Helper()
	cfg := testConfig(t, g.State.Config.Players, g.State.Seed)
	for _, a := range acts {
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Local.Game = g
	return cfg
}

// humanMove chooses the human's move in the flows: the eager policy.
func humanMove(m shown) engine.Action {
	return eagerPick(m.b().obs.Legal(nil))
}

// posOf finds the display position of a card in the hand.
func posOf(s shown, c engine.Card) int {
	m := s.b()
	for i, hp := range m.handView() {
		if hp.card == c {
			return i
		}
	}
	panic(fmt.Sprintf("%v not in hand", c))
}

// where finds a screen cell that hits a clickable layer.
func where(s shown, id string) (int, int) {
	m := s.b()
	for _, l := range s.layers(m.w, m.h) {
		if l.id != id {
			continue
		}
		lines := strings.Split(l.s, "\n")
		for dy := range lines {
			for dx := 0; dx < width(lines[dy]); dx++ {
				if s.Hit(l.x+dx, l.y+dy) == id {
					return l.x + dx, l.y + dy
				}
			}
		}
	}
	panic("no layer " + id + " on screen:\n" + ansi.Strip(s.View().Content))
}

func contains(t *testing.T, screen, want string) {
	t.Helper()
	if !strings.Contains(screen, want) {
		t.Fatalf("screen lacks %q:\n%s", want, screen)
	}
}

// bare reports whether nothing is asked over local play's screen: no
// question, no picker, no save dialog, no statistics.
func (m *Model) bare() bool {
	return m.dialog == dialogNone && m.asking == askNone && m.loader == nil && m.saver == nil && m.stats == nil
}
