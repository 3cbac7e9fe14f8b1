package ui

import (
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// handPane is the viewer's hand: the selected card, BSD's U and D
// commands being typed, the card clicked once, and the side a hazard is
// aimed at while the player chooses it.
type handPane struct {
	*seen
	sel      int         // selected display position in the hand, 0 = P
	armed    int         // position clicked once (a second click plays it), -1 none
	pending  rune        // BSD 'u' or 'd' waiting for a slot
	pendSlot int         // the slot named after U/D (-1 none), waiting for Return
	target   engine.Card // hazard waiting for a target side (NoCard: none)
	tsel     int         // highlighted target side
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

// deckCard is the draw pile with its count.
func (m *handPane) deckCard(obs *engine.Observation, big bool) string {
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
			if m.playRefusal(c) != "" {
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
