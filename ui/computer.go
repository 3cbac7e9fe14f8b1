package ui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
)

// stopThinking cancels any computer search and forgets its answer.
func (m *Model) stopThinking() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.gen++
	m.thinking, m.hinting, m.move, m.paced = false, false, nil, false
}

// next starts whatever the table waits for: a computer's search, or
// nothing when a person must decide.
func (m *Model) next() tea.Cmd {
	// The table waits while the player reads the rules or sets up a game.
	if m.sess == nil || m.screen != screenBoard || m.dialog == dialogGuideOffer || m.dialog == dialogResume {
		return nil
	}
	st := m.sess.State()
	if st.HandOver() && m.cfg.HandOver != nil && m.recordedAt != st.EventCount && m.sess.People() == 1 {
		m.recordedAt = st.EventCount
		ss, fn := m.snapshot(), m.cfg.HandOver
		at := st.EventCount
		return func() tea.Msg {
			rec, err := fn(ss)
			return handRecordedMsg{at: at, record: rec, err: err}
		}
	}
	if m.sess.Seats[st.ToAct()].Human || m.thinking {
		return nil
	}
	seat := st.ToAct()
	obs := engine.Observe(st, seat)
	legal := obs.Legal(make([]engine.Action, 0, engine.MaxLegal))
	ctx, cancel := context.WithCancel(context.Background())
	m.stopThinking()
	m.cancel = cancel
	m.thinking = true
	gen := m.gen
	sp := m.players[seat]
	think := func() tea.Msg {
		sp.mu.Lock()
		defer sp.mu.Unlock()
		return aiMoveMsg{gen: gen, a: sp.p.Choose(ctx, &obs, legal)}
	}
	d := m.opts.Delay()
	if d == 0 {
		m.paced = true
		return tea.Batch(think, m.spin.Tick)
	}
	pace := tea.Tick(d, func(time.Time) tea.Msg { return paceMsg{gen: gen} })
	return tea.Batch(think, pace, m.spin.Tick)
}

// applyComputer plays a computer's move once it is chosen and its pause is
// over.
func (m *Model) applyComputer() tea.Cmd {
	if m.move == nil || !m.paced {
		return nil
	}
	a := *m.move
	m.move, m.thinking, m.cancel = nil, false, nil
	seat := m.sess.State().ToAct()
	before, err := m.sess.Apply(a)
	if err != nil {
		// A computer player broke the rules: say so rather than hang.
		m.setError(fmt.Sprintf("%s chose an illegal move (%v): %v", m.sess.Seats[seat].Name, a, err))
		return nil
	}
	m.pull()
	m.narrate(before, m.obs.EventCount, false)
	m.afterMove()
	return m.next()
}

// afterMove resets the hand selection when the human's turn comes.
func (m *Model) afterMove() {
	m.logOff = 0
	if m.obs.MyTurn() && m.obs.Phase == engine.PhasePlay {
		m.selectDrawn()
	}
}
