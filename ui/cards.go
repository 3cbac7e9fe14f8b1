package ui

import (
	"strconv"
	"strings"
	"sync"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// kindGlyph marks a card's kind without colour: hazards are warning
// triangles, remedies dots (a green light), safeties stars, distance
// diamonds (the milestones).
var kindGlyph = [5]string{" ", "▲", "●", "★", "◆"}

// cardW and cardH are the size of a drawn card, borders included; the
// hand uses bigW x bigH cards on large terminals.
const (
	cardW = 8
	cardH = 4
	bigW  = 11
	bigH  = 6
)

// center pads s to width w, centred.
func center(s string, w int) string {
	n := len([]rune(s))
	if n >= w {
		return string([]rune(s)[:w])
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}

// look is how a card is drawn, besides its face.
type look struct {
	key      string // the label in the top border: a hand slot, a pile
	selected bool   // a double border (visible without colour)
	blocked  bool   // it can't be played now: dimmed, and ✗ in the bottom border
	big      bool   // bigW x bigH, with the kind spelled out
	// stack draws a pile: a second card's edge shows under the top one when
	// the pile holds two cards or more, and the count is written on it.
	// A stack takes one column and one row more than a card, shown or not.
	stack bool
	count int
}

// card draws card c as a framed card: the key in the top border, the kind
// glyph at its right end, the name on two lines in the language l. An
// empty slot or pile has a dotted frame.
func (st *Styles) card(l *lang.Catalogue, c engine.Card, lk look) string {
	if st.cards == nil {
		return st.drawCard(l, c, lk)
	}
	return st.cards.get(cardKey{l, c, lk}, func() string { return st.drawCard(l, c, lk) })
}

// cardCache keeps the cards drawn in one Styles, for every screen that
// shares them (a server's sessions): a frame draws the hand and the deck
// again, most of them as they were, and a card's drawing is some twenty
// strings put together (issue 36).
type cardCache struct {
	mu    sync.RWMutex
	drawn map[cardKey]string
}

// cardKey is what a card is drawn from, besides its styles.
type cardKey struct {
	l  *lang.Catalogue
	c  engine.Card
	lk look
}

// maxCachedCards bounds the cache: the cards, their labels and looks in
// two languages make a few thousand.
const maxCachedCards = 8192

// get returns the card of key k, drawn by draw if it is not kept.
func (cc *cardCache) get(k cardKey, draw func() string) string {
	cc.mu.RLock()
	s, ok := cc.drawn[k]
	cc.mu.RUnlock()
	if ok {
		return s
	}
	s = draw()
	cc.mu.Lock()
	if len(cc.drawn) < maxCachedCards {
		cc.drawn[k] = s
	}
	cc.mu.Unlock()
	return s
}

// drawCard draws card c as card does.
func (st *Styles) drawCard(l *lang.Catalogue, c engine.Card, lk look) string {
	inner := cardW - 2
	if lk.big {
		inner = bigW - 2
	}
	kind := c.Kind()
	edge, face := st.KindEdge[kind], st.Kind[kind]
	if lk.blocked {
		edge, face = st.Dim, st.Dim
	}
	h, v, tl, tr, bl, br := "─", "│", "╭", "╮", "╰", "╯"
	if lk.selected {
		edge = st.Selected
		h, v, tl, tr, bl, br = "═", "║", "╔", "╗", "╚", "╝"
	} else if c == engine.NoCard {
		edge = st.Empty
		h, v = "┄", "┆"
	}
	key := []rune(lk.key)
	top := tl + lk.key + strings.Repeat(h, inner-len(key)-1) + kindGlyph[kind] + tr
	if c == engine.NoCard {
		top = tl + lk.key + strings.Repeat(h, inner-len(key)) + tr
	}
	bottom := bl + strings.Repeat(h, inner) + br
	if lk.blocked {
		bottom = bl + strings.Repeat(h, inner-1) + "✗" + br
	}
	var lines [2]string
	lines[0], lines[1] = l.Face(c, lk.big)
	rows := make([]string, 0, bigH+1)
	rows = append(rows, edge.Render(top))
	if lk.big {
		rows = append(rows,
			edge.Render(v)+st.Dim.Render(center(l.Kind(kind), inner))+edge.Render(v),
			edge.Render(v)+strings.Repeat(" ", inner)+edge.Render(v))
	}
	rows = append(rows,
		edge.Render(v)+face.Render(center(lines[0], inner))+edge.Render(v),
		edge.Render(v)+face.Render(center(lines[1], inner))+edge.Render(v),
		edge.Render(bottom))
	if lk.stack {
		rows = st.stacked(rows, inner, lk.count)
	}
	return strings.Join(rows, "\n")
}

// stacked adds to a card's rows, right of and under them, the edge of the
// card beneath when the pile holds two cards or more, with the pile's
// count written on it.
func (st *Styles) stacked(rows []string, inner, count int) []string {
	if count < 2 {
		for i := range rows {
			rows[i] += " "
		}
		return append(rows, strings.Repeat(" ", inner+3))
	}
	e := st.Dim
	for i := range rows {
		switch i {
		case 0:
			rows[i] += " "
		case 1:
			rows[i] += e.Render("╮")
		default:
			rows[i] += e.Render("│")
		}
	}
	n := "×" + strconv.Itoa(count)
	return append(rows, " "+e.Render("╰"+strings.Repeat("─", inner-len([]rune(n)))+n+"╯"))
}

// chip is a card named inline: its glyph and full name in the language l,
// in its colour.
func (st *Styles) chip(l *lang.Catalogue, c engine.Card) string {
	if c == engine.NoCard {
		return st.Empty.Render("—")
	}
	return st.Kind[c.Kind()].Render(kindGlyph[c.Kind()] + " " + cardName(l, c))
}

// cardName names a card on the board, where its glyph or its place says
// what it is: a distance by its number alone ("75"), the others in full.
func cardName(l *lang.Catalogue, c engine.Card) string {
	if c.IsDistance() {
		return strconv.Itoa(c.Miles())
	}
	return l.Card(c)
}
