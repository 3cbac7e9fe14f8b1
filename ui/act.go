package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
)

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

// dealsOnTogether reports whether the table is between hands and deals on
// when all its people have asked (remote tables; a local game's dealer is
// the person at the keyboard).
func (m *Model) dealsOnTogether() bool {
	return m.remote && m.obs.Phase >= engine.PhaseHandOver
}

func (m *Model) gameOver() bool {
	return m.obs.Phase == engine.PhaseGameOver
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
