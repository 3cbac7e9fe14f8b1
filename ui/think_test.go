package ui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
)

// blocker is a computer that thinks until its search is cancelled, and
// says when it starts, when it was cancelled and when it has handed its
// late answer back.
type blocker struct {
	started, cancelled, answered chan struct{}
}

func newBlocker() *blocker {
	return &blocker{started: make(chan struct{}, 8), cancelled: make(chan struct{}, 8), answered: make(chan struct{}, 8)}
}

func (b *blocker) Name() string { return "blocker" }

func (b *blocker) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	b.started <- struct{}{}
	<-ctx.Done()
	b.cancelled <- struct{}{}
	defer func() { b.answered <- struct{}{} }()
	return eagerPick(legal) // a late answer the game must drop
}

func waitChan(t *testing.T, c chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(testkit.TimeLeft(t)):
		t.Fatalf("no %s", what)
	}
}

// startThinking plays the human's Go and waits for the computer's search.
func startThinking(t *testing.T) (*blocker, *teatest.TestModel) {
	cfg := testConfig(t, 2, 7)
	b := newBlocker()
	cfg.Local.NewPlayer = func(string, uint64) (ai.Player, error) { return b, nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitChan(t, b.started, "computer search")
	waitModel(t, tm, "the thinking computer", func(m *Model) bool { return m.othersToAct() && actions(m) == 1 })
	return b, tm
}

func TestComputerThinksInACommand(t *testing.T) {
	_, tm := startThinking(t)
	// Update is never blocked by the search: keys still work.
	window := probe(tm, func(m *Model) bool { return m.scores.window })
	press(tm, "w")
	waitModel(t, tm, "the window switch while thinking", func(m *Model) bool { return m.scores.window != window && m.othersToAct() })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// TestUndoCancelsTheSearchAndDropsItsAnswer: z while the computer thinks
// cancels its search; the answer it hands back late is dropped. The table
// searches one move at a time, so once the computer thinks again (after
// the same move played again) the late answer has been dealt with: only
// then are the game and the screen compared with what they were before
// the undo.
func TestUndoCancelsTheSearchAndDropsItsAnswer(t *testing.T) {
	b, tm := startThinking(t)
	played := probe(tm, func(m *Model) []engine.Action { return slices.Clone(history(m)) })
	thinking := probe(tm, stillScreen)
	press(tm, "z")
	waitChan(t, b.cancelled, "cancellation on undo")
	waitChan(t, b.answered, "the late answer")
	waitModel(t, tm, "the undo", func(m *Model) bool { return actions(m) == 0 && !m.othersToAct() })

	press(tm, "5", "enter")
	waitChan(t, b.started, "the computer's next search")
	waitModel(t, tm, "the move played again", func(m *Model) bool { return actions(m) == len(played) && m.othersToAct() })
	if got := probe(tm, func(m *Model) []engine.Action { return slices.Clone(history(m)) }); !slices.Equal(got, played) {
		t.Fatalf("a cancelled search's move was applied: history %v, want %v", got, played)
	}
	if got := probe(tm, stillScreen); got != thinking {
		t.Fatalf("the screen differs from before the undo:\n%s\nwant:\n%s", got, thinking)
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

// stillScreen is the model's stripped screen with the spinner's frame
// (braille dots) blanked, so that two moments of one wait compare equal.
func stillScreen(m *Model) string {
	return strings.Map(func(r rune) rune {
		if r >= 0x2800 && r <= 0x28ff {
			return '*'
		}
		return r
	}, ansi.Strip(m.View().Content))
}

func TestQuitCancelsTheSearch(t *testing.T) {
	b, tm := startThinking(t)
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	waitChan(t, b.cancelled, "cancellation on quit")
	tm.WaitFinished(t)
}

// TestStaleViewIsDropped: a view read from the table's updates before the
// viewer's move may reach Update after the view that shows the move;
// taken for an undo, it would take the move back off the screen and move
// the cursor.
func TestStaleViewIsDropped(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	stale := m.table.View()
	for _, k := range []string{"5", "enter"} {
		m.Update(keyMsg(k))
	}
	seeMove(m)
	after, sel, logged := m.obs.EventCount, m.hand.sel, len(m.logs.log)
	if after == stale.Obs.EventCount {
		t.Fatal("the move was not played")
	}
	m.Update(viewMsg{from: m.table, v: stale, open: true})
	if m.obs.EventCount != after || m.hand.sel != sel || len(m.logs.log) != logged {
		t.Fatalf("a stale view was shown: events %d (want %d), cursor %d (want %d), log %d lines (want %d)",
			m.obs.EventCount, after, m.hand.sel, sel, len(m.logs.log), logged)
	}
}
