package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// act takes the viewer's action, or explains why it can't be taken.
func (m *Board) act(a engine.Action) tea.Cmd {
	if a == engine.Continue && m.obs.Phase >= engine.PhaseHandOver {
		// Every person at the table asks for the next hand; the table
		// deals when all have.
		if m.obs.Onlooker {
			return m.setError(m.waitText())
		}
	} else if err := m.obs.Check(a); err != nil {
		return m.setError(m.refusal(a, err))
	}
	m.hints.Stop()
	if err := m.table.Act(a); err != nil {
		return m.setError(m.refusal(a, err))
	}
	m.hand.target, m.hand.pending, m.hand.pendSlot = engine.NoCard, 0, -1
	if !m.moving {
		m.moving, m.movedAt = true, m.obs.EventCount
	}
	return nil // the move comes back on the table's updates, as every change does (show)
}

// playRefusal is why card c of the hand can't be played now, in words
// that follow "You can't play 75: " ("you need a Go first"), or "" when
// it can be, or when the viewer has no card to play now.
func (m *seen) playRefusal(c engine.Card) string {
	mixed, err := m.refused(c)
	switch {
	case err == nil:
		return ""
	case mixed:
		return m.t(lang.UINoOpponent)
	}
	return m.lang.Reason(err)
}

// blocked reports whether card c of the hand can't be played now: what
// playRefusal tells, without its words, which every frame asks of every
// card of the hand.
func (m *seen) blocked(c engine.Card) bool {
	_, err := m.refused(c)
	return err != nil
}

// refused is the engine's refusal to play card c of the hand now, nil
// when it can be played, or when the viewer has no card to play now; for
// a hazard refused for different reasons by different opponents, mixed is
// set. A hazard can be played when some opponent can take it; a discard
// is always possible.
func (m *seen) refused(c engine.Card) (mixed bool, err error) {
	if c == engine.NoCard || !m.obs.MyTurn() || m.obs.Phase != engine.PhasePlay {
		return false, nil
	}
	if !c.IsHazard() {
		return false, m.obs.Check(engine.Play(c))
	}
	var first error // the refusals are the engine's fixed values: == tells them apart
	for _, s := range m.view.Opponents() {
		err := m.obs.Check(engine.Attack(c, s))
		switch {
		case err == nil:
			return false, nil
		case first == nil:
			first = err
		case err != first:
			mixed = true
		}
	}
	return mixed, first
}

// playEffect says what playing a playable card c would do, for the
// status line: "attack Computer", "drive to 275", "repair the Flat
// Tire"; "" for a card that cannot be played now.
func (m *seen) playEffect(c engine.Card) string {
	if c == engine.NoCard || m.blocked(c) || !m.obs.MyTurn() || m.obs.Phase != engine.PhasePlay {
		return ""
	}
	me := m.obs.Side()
	switch {
	case c.IsDistance():
		return m.t(lang.UIDriveTo, int(m.obs.Tableaus[me].Miles)+c.Miles())
	case c.IsHazard():
		var names []string
		for _, s := range m.view.Opponents() {
			if m.obs.Check(engine.Attack(c, s)) == nil {
				names = append(names, m.sideName(s))
			}
		}
		if len(names) == 1 {
			return m.t(lang.DoAttack, names[0])
		}
		return m.t(lang.UIAttackWhich, m.lang.List(names, lang.Or))
	case c.IsSafety():
		return m.t(lang.UILaySafety)
	case c == engine.Go:
		return m.t(lang.UIStartRolling)
	case c == engine.EndOfLimit:
		return m.t(lang.UIEndLimit)
	}
	return m.t(lang.UIRepair, m.lang.Card(engine.HazardFor(c)))
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

// gamePrompt is the question the table asks the viewer now: a decision
// of theirs, or, between hands, whether to deal on (every person at the
// table is asked, not only the dealer).
func (m *seen) gamePrompt() gamePrompt {
	if m.obs.Phase >= engine.PhaseHandOver {
		if m.obs.Onlooker || m.view.Ready() || !m.view.Started {
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
	}
	return promptNone
}

// answer answers the engine's question (yes or no).
func (m *Board) answer(yes bool) tea.Cmd {
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
		// As in BSD: no more hands; leaving asks first, as it does elsewhere.
		m.ask(askQuitMsg{})
		return nil
	}
	return nil
}

func (m *seen) gameOver() bool {
	return m.obs.Phase == engine.PhaseGameOver
}

// curtain reports whether another person at this keyboard must take it
// before the game goes on (hot-seat): the screen then hides every hand.
func (m *seen) curtain() bool {
	return m.view.PassTo() >= 0
}

// passTo shows the table to seat, a person who now has the keyboard, and
// tells them what happened from their side.
func (m *Board) passTo(seat int) tea.Cmd {
	if err := m.table.Show(seat); err != nil {
		return m.setError(m.lang.Error(err))
	}
	m.hand.target, m.hand.pending, m.hand.pendSlot, m.hand.armed = engine.NoCard, 0, -1, -1
	m.message, m.isError = "", false
	return nil // the seat shown comes on the table's updates (show)
}
