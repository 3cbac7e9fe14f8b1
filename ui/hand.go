package ui

import (
	"charm.land/bubbles/v2/key"
	"fmt"
	"github.com/millebornes/mille/ai"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// handPane is the viewer's hand: the selected card, BSD's U and D
// commands being typed, the card clicked once, the side a hazard is
// aimed at while the player chooses it, and the hint last shown. What a
// key or a click on it leads to, it says by a message (actMsg, noteMsg,
// clearMsg) that the board takes at once.
type handPane struct {
	*seen
	sel      int           // selected display position in the hand, 0 = P
	armed    int           // position clicked once (a second click plays it), -1 none
	pending  rune          // BSD 'u' or 'd' waiting for a slot
	pendSlot int           // the slot named after U/D (-1 none), waiting for Return
	target   engine.Card   // hazard waiting for a target side (NoCard: none)
	tsel     int           // highlighted target side
	hinted   engine.Action // the last hint's move, for the table as it was at hintedAt
	hintedAt uint32
	deck     kept[string] // the deck's card last drawn (deckCard)
}

// selectDrawn selects the drawn card, or the first card held.
func (m *handPane) selectDrawn() {
	hv := m.handView()
	if hv[m.sel].card != engine.NoCard && m.sel != 0 && hv[0].card == engine.NoCard {
		return
	}
	for i, c := range hv {
		if c.card != engine.NoCard {
			m.sel = i
			return
		}
	}
	m.sel = 0
}

// handPos is one position of the hand as displayed: which slot it shows.
type handPos struct {
	slot int
	card engine.Card
}

// handView lists the hand in display order: P, then slots 1-6, sorted by
// card when the player asked for ordering (BSD O).
func (m *seen) handView() [engine.HandSlots]handPos {
	hand := &m.obs.MyHand
	var hv [engine.HandSlots]handPos
	for i := range hv {
		hv[i] = handPos{slot: i, card: hand[i]}
	}
	if m.opts.Ordered {
		// Insertion sort of 1..6 by card; empty slots last.
		for i := 2; i < engine.HandSlots; i++ {
			for j := i; j > 1 && less(hv[j].card, hv[j-1].card); j-- {
				hv[j], hv[j-1] = hv[j-1], hv[j]
			}
		}
	}
	return hv
}

func less(a, b engine.Card) bool {
	if a == engine.NoCard {
		return false
	}
	return b == engine.NoCard || a < b
}

// displayOfSlot maps a hand slot to its display position.
func (m *seen) displayOfSlot(slot int) int {
	for i, hp := range m.handView() {
		if hp.slot == slot {
			return i
		}
	}
	return slot
}

// moveSel moves the selection to the next card held.
func (m *handPane) moveSel(d int) {
	hv := m.handView()
	for i := 1; i <= engine.HandSlots; i++ {
		p := (m.sel + d*i + 2*engine.HandSlots) % engine.HandSlots
		if hv[p].card != engine.NoCard {
			m.sel = p
			return
		}
	}
}

// deckCard is the draw pile with its count, kept while what it reads
// (the view, the card size, the language, the styles) is the same.
func (m *handPane) deckCard(obs *engine.Observation, big bool) string {
	if !m.keeps(obs) {
		return m.drawDeckCard(obs, big)
	}
	size := 0
	if big {
		size = 1
	}
	return m.deck.get(m.from(0, "", size), func() string { return m.drawDeckCard(obs, big) })
}

// drawDeckCard draws the deck's card (deckCard).
func (m *handPane) drawDeckCard(obs *engine.Observation, big bool) string {
	st := m.styles
	inner := cardW - 2
	if big {
		inner = bigW - 2
	}
	edge := st.Dim
	side := edge.Render("│")
	deck := m.t(lang.PileDeck)
	lines := []string{edge.Render("╭" + deck + strings.Repeat("─", inner-width(deck)) + "╮")}
	if big {
		lines = append(lines, side+strings.Repeat(" ", inner)+side, side+strings.Repeat(" ", inner)+side)
	}
	lines = append(lines,
		side+st.Title.Render(center(strconv.Itoa(int(obs.DrawLen)), inner))+side,
		side+st.Dim.Render(center(m.t(lang.DeckCards), inner))+side,
		edge.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return strings.Join(lines, "\n")
}

// handNote is the text right of the hand: what the slots mean.
func (m *handPane) handNote(obs *engine.Observation, w int) string {
	st := m.styles
	var lines []string
	if !obs.Onlooker {
		lines = append(lines, st.Dim.Render(m.t(lang.NoteDrawn)))
	}
	if !obs.Onlooker {
		for _, c := range obs.MyHand {
			if m.blocked(c) {
				lines = append(lines, st.Dim.Render(m.t(lang.NoteBlocked)))
				break
			}
		}
	}
	if m.opts.Ordered && !obs.Onlooker {
		lines = append(lines, st.Dim.Render(m.t(lang.NoteOrdered)))
	}
	if obs.DrawLen == 0 {
		lines = append(lines, st.Error.Render(m.t(lang.NoteDeckEmpty)))
	}
	for i := range lines {
		lines[i] = fit(lines[i], w)
	}
	return strings.Join(lines, "\n")
}

// playAt plays the card at a display position: remedies, distance and
// safeties on the player's own side, a hazard on the only opponent or, with
// several, after asking which side.
func (m *handPane) playAt(pos int) tea.Msg {
	if m.obs.Onlooker {
		return noteMsg{text: m.waitText(), err: true}
	}
	hv := m.handView()
	c := hv[pos].card
	if c == engine.NoCard {
		return noteMsg{text: m.t(lang.NoSlot, slotKey(pos)), err: true}
	}
	m.sel = pos
	if !c.IsHazard() {
		return actMsg{engine.Play(c)}
	}
	opp := m.view.Opponents()
	if len(opp) == 1 || !m.obs.MyTurn() {
		return actMsg{engine.Attack(c, opp[0])}
	}
	// Ask only when there is a choice: one side open to the hazard takes
	// it at once, none gets the refusal of the first.
	open := m.view.OpenSides(c)
	switch len(open) {
	case 0:
		return actMsg{engine.Attack(c, opp[0])}
	case 1:
		return actMsg{engine.Attack(c, open[0])}
	}
	m.target = c
	m.tsel = open[0]
	if h := m.hinted; h.Card() == c && h.Kind() == engine.KindPlay && slices.Contains(open, h.Target()) && m.hintedAt == m.obs.EventCount {
		m.tsel = h.Target() // the hint's target, highlighted
	}
	return noteMsg{text: m.t(lang.UIWhom, m.lang.Card(c))}
}

// discardAt discards the card at a display position.
func (m *handPane) discardAt(pos int) tea.Msg {
	if m.obs.Onlooker {
		return noteMsg{text: m.waitText(), err: true}
	}
	c := m.handView()[pos].card
	if c == engine.NoCard {
		return noteMsg{text: m.t(lang.NoSlot, slotKey(pos)), err: true}
	}
	m.sel = pos
	return actMsg{engine.Discard(c)}
}

// pick is BSD's P: the card is drawn already, so it only says which.
func (m *handPane) pick() tea.Msg {
	if !m.obs.MyTurn() {
		return noteMsg{text: m.waitText(), err: true}
	}
	c := m.obs.MyHand[engine.DrawSlot]
	if c == engine.NoCard {
		if m.obs.DrawLen == 0 {
			return noteMsg{text: m.t(lang.DeckEmpty), err: true}
		}
		return noteMsg{text: m.t(lang.PickedAlready), err: true}
	}
	m.sel = m.displayOfSlot(engine.DrawSlot)
	return noteMsg{text: m.t(lang.UIPicked, m.lang.Card(c))}
}

// targetKey picks the side a hazard goes to.
func (m *handPane) targetKey(msg tea.KeyPressMsg) tea.Msg {
	opp := m.view.Opponents()
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.target = engine.NoCard
		return clearMsg{}
	case key.Matches(msg, k.Left), key.Matches(msg, k.Up):
		m.tsel = cycle(opp, m.tsel, -1)
	case key.Matches(msg, k.Right), key.Matches(msg, k.Down):
		m.tsel = cycle(opp, m.tsel, 1)
	case key.Matches(msg, k.Play):
		return actMsg{engine.Attack(m.target, m.tsel)}
	case key.Matches(msg, k.Slot):
		n := int(msg.String()[0] - '1')
		if n < len(opp) {
			return actMsg{engine.Attack(m.target, opp[n])}
		}
	}
	return nil
}

// inputLine is the row under the message: the BSD command being typed, the
// target choice, or what to do now.
func (m *handPane) inputLine(obs *engine.Observation, w int, spin string, hinting bool) string {
	st := m.styles
	switch {
	case m.pending != 0:
		verb := m.t(lang.UIUse)
		if m.pending == 'd' {
			verb = m.t(lang.UIDiscard)
		}
		if m.pendSlot < 0 {
			return st.Heading.Render(m.t(lang.UIMoveCard, verb)) + st.Dim.Render(m.t(lang.UIMoveCardHelp))
		}
		c := m.handView()[m.pendSlot].card
		return st.Heading.Render(m.t(lang.UIMoveSlot, verb, slotKey(m.pendSlot))) + st.chip(m.lang, c) + st.Dim.Render(m.t(lang.UIConfirm))
	case m.target != engine.NoCard:
		var b strings.Builder
		b.WriteString(st.Heading.Render(m.t(lang.UITargetHead, m.lang.Card(m.target))))
		for i, o := range m.view.Opponents() {
			label := fmt.Sprintf("[%d] %s", i+1, m.sideName(o))
			if o == m.tsel {
				label = st.ButtonOn.Render(label)
			}
			b.WriteString(label + "  ")
		}
		// The keys where they fit: the sides named come first (three
		// camps in French at 80 columns leave no room for the long help).
		for _, help := range []string{m.t(lang.UITargetHelp), m.t(lang.UITargetHelpShort)} {
			if width(b.String()+help) <= w {
				b.WriteString(st.Dim.Render(help))
				break
			}
		}
		return b.String()
	case m.computerThinks():
		return st.Dim.Render(spin + " " + m.t(lang.UIThinkingDots, m.seatName(int(obs.Turn))))
	case hinting:
		return st.Dim.Render(spin + " " + m.t(lang.UIHintSearch))
	case obs.MyTurn() && obs.Phase == engine.PhasePlay:
		// The selected card's refusal can be read before playing it.
		if c := m.handView()[m.sel].card; !obs.Onlooker {
			if why := m.playRefusal(c); why != "" {
				return m.withKeys(st.Turn.Render(m.t(lang.UIYourTurnHead))+st.chip(m.lang, c)+st.Text.Render(m.t(lang.Colon)+why), m.t(lang.UIDiscardsIt), w)
			}
		}
		if what := m.playEffect(m.handView()[m.sel].card); what != "" && !obs.Onlooker {
			c := m.handView()[m.sel].card
			return m.withKeys(st.Turn.Render(m.t(lang.UIYourTurnHead))+st.chip(m.lang, c)+st.Text.Render(m.t(lang.Colon)+what), m.t(lang.UIPlaysOrDiscards), w)
		}
		return st.Turn.Render(m.t(lang.UIYourTurnHead)) + st.Dim.Render(m.t(lang.UIChoose))
	}
	return ""
}

// withKeys ends a line of w cells with the reminder of keys when it
// fits whole: the reason before it is never cut for it ("…with a Spare
// Tire · x…" lost both).
func (m *handPane) withKeys(line, keys string, w int) string {
	if width(line)+width(keys) > w {
		return line
	}
	return line + m.styles.Dim.Render(keys)
}

// showHint selects the suggested card, and says why on the message
// line.
func (m *handPane) showHint(a engine.Action, why ai.Reason) tea.Msg {
	if c := a.Card(); c != engine.NoCard {
		for i, hp := range m.handView() {
			if hp.card == c {
				m.sel = i
				break
			}
		}
	}
	m.hinted, m.hintedAt = a, m.obs.EventCount
	return noteMsg{text: m.lang.HintLine(m.lang.Describe(m.names(), a), why)}
}
