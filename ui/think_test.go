package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// blocker is a computer that thinks until its search is cancelled, and
// says when it starts and when it was cancelled.
type blocker struct {
	started, cancelled chan struct{}
}

func newBlocker() *blocker {
	return &blocker{started: make(chan struct{}, 8), cancelled: make(chan struct{}, 8)}
}

func (b *blocker) Name() string { return "blocker" }

func (b *blocker) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	b.started <- struct{}{}
	<-ctx.Done()
	b.cancelled <- struct{}{}
	return eagerPick(legal) // a late answer the game must drop
}

func waitChan(t *testing.T, c chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s", what)
	}
}

// startThinking plays the human's Go and waits for the computer's search.
func startThinking(t *testing.T) (*blocker, *teatest.TestModel) {
	cfg := testConfig(t, 2, 7)
	b := newBlocker()
	cfg.NewPlayer = func(string, uint64) (ai.Player, error) { return b, nil }
	tm := runTest(t, newModel(t, cfg), 80, 24)
	press(tm, "5", "enter")
	waitChan(t, b.started, "computer search")
	waitModel(t, tm, "the thinking computer", func(m *Model) bool { return m.othersToAct() && actions(m) == 1 })
	return b, tm
}

func TestComputerThinksInACommand(t *testing.T) {
	_, tm := startThinking(t)
	// Update is never blocked by the search: keys still work.
	window := probe(tm, func(m *Model) bool { return m.window })
	press(tm, "w")
	waitModel(t, tm, "the window switch while thinking", func(m *Model) bool { return m.window != window && m.othersToAct() })
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestUndoCancelsTheSearchAndDropsItsAnswer(t *testing.T) {
	b, tm := startThinking(t)
	press(tm, "z")
	waitChan(t, b.cancelled, "cancellation on undo")
	waitModel(t, tm, "the undo", func(m *Model) bool { return actions(m) == 0 && !m.othersToAct() })
	// The cancelled search answered anyway; its move must not be played.
	for i := 0; i < 50; i++ {
		if n := probe(tm, func(m *Model) int { return actions(m) }); n != 0 {
			t.Fatalf("a cancelled search's move was applied (%d actions)", n)
		}
	}
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	tm.WaitFinished(t)
}

func TestQuitCancelsTheSearch(t *testing.T) {
	b, tm := startThinking(t)
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	waitChan(t, b.cancelled, "cancellation on quit")
	tm.WaitFinished(t)
}
