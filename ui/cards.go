package ui

import (
	"strings"

	"github.com/millebornes/mille/engine"
)

// kindGlyph marks a card's kind without colour: hazards are warning
// triangles, remedies dots (a green light), safeties stars, distance
// diamonds (the milestones).
var kindGlyph = [5]string{" ", "▲", "●", "★", "◆"}

// cardLines is the two-line face of each card, six columns wide at most,
// so that a whole hand fits on an 80-column screen.
var cardLines = [engine.NumCards][2]string{
	engine.NoCard:        {"", ""},
	engine.OutOfGas:      {"Out of", "Gas"},
	engine.FlatTire:      {"Flat", "Tire"},
	engine.Accident:      {"Acci-", "dent"},
	engine.SpeedLimit:    {"Speed", "Limit"},
	engine.Stop:          {"STOP", ""},
	engine.Gasoline:      {"Gaso-", "line"},
	engine.SpareTire:     {"Spare", "Tire"},
	engine.Repairs:       {"Re-", "pairs"},
	engine.EndOfLimit:    {"End of", "Limit"},
	engine.Go:            {"GO", ""},
	engine.ExtraTank:     {"Extra", "Tank"},
	engine.PunctureProof: {"Punct.", "Proof"},
	engine.DrivingAce:    {"Drive", "Ace"},
	engine.RightOfWay:    {"Right", "of Way"},
	engine.Miles25:       {"25", "miles"},
	engine.Miles50:       {"50", "miles"},
	engine.Miles75:       {"75", "miles"},
	engine.Miles100:      {"100", "miles"},
	engine.Miles200:      {"200", "miles"},
}

// bigLines is the face of each card on big cards (nine columns).
var bigLines = [engine.NumCards][2]string{
	engine.OutOfGas:      {"Out of", "Gas"},
	engine.FlatTire:      {"Flat", "Tire"},
	engine.Accident:      {"Accident", ""},
	engine.SpeedLimit:    {"Speed", "Limit"},
	engine.Stop:          {"STOP", ""},
	engine.Gasoline:      {"Gasoline", ""},
	engine.SpareTire:     {"Spare", "Tire"},
	engine.Repairs:       {"Repairs", ""},
	engine.EndOfLimit:    {"End of", "Limit"},
	engine.Go:            {"GO", ""},
	engine.ExtraTank:     {"Extra", "Tank"},
	engine.PunctureProof: {"Puncture", "Proof"},
	engine.DrivingAce:    {"Driving", "Ace"},
	engine.RightOfWay:    {"Right of", "Way"},
	engine.Miles25:       {"25", ""},
	engine.Miles50:       {"50", ""},
	engine.Miles75:       {"75", ""},
	engine.Miles100:      {"100", ""},
	engine.Miles200:      {"200", ""},
}

// safetyShort names the safeties in the tableau's safety row.
var safetyShort = [4]string{"Tank", "Punct", "Ace", "RoW"}

// cardW and cardH are the size of a drawn card, borders included; the
// hand uses bigW x bigH cards on large terminals.
const (
	cardW = 8
	cardH = 4
	bigW  = 11
	bigH  = 6
)

// kindWord names a card's kind on big cards.
var kindWord = [5]string{"", "hazard", "remedy", "safety", "miles"}

// center pads s to width w, centred.
func center(s string, w int) string {
	n := len([]rune(s))
	if n >= w {
		return string([]rune(s)[:w])
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}

// drawCard draws card c as a small framed card: the slot key in the top
// border, the kind glyph at its right end, the name on two lines. A
// selected card has a double border (visible without colour), an empty
// slot a dotted frame.
func (st *Styles) drawCard(c engine.Card, key string, selected bool) string {
	return st.drawCardSized(c, key, selected, false)
}

// drawCardSized draws a small card, or a big one with its kind spelled out.
func (st *Styles) drawCardSized(c engine.Card, key string, selected, big bool) string {
	inner := cardW - 2
	if big {
		inner = bigW - 2
	}
	kind := c.Kind()
	edge := st.KindEdge[kind]
	h, v, tl, tr, bl, br := "─", "│", "╭", "╮", "╰", "╯"
	if selected {
		edge = st.Selected
		h, v, tl, tr, bl, br = "═", "║", "╔", "╗", "╚", "╝"
	} else if c == engine.NoCard {
		edge = st.Empty
		h, v = "┄", "┆"
	}
	glyph := kindGlyph[kind]
	top := tl + key + strings.Repeat(h, inner-len([]rune(key))-1) + glyph + tr
	if c == engine.NoCard {
		top = tl + key + strings.Repeat(h, inner-len([]rune(key))) + tr
	}
	face := st.Kind[kind]
	lines := cardLines[c]
	if big {
		lines = bigLines[c]
	}
	l1 := center(lines[0], inner)
	l2 := center(lines[1], inner)
	var b strings.Builder
	b.WriteString(edge.Render(top))
	b.WriteByte('\n')
	if big {
		word := center(kindWord[kind], inner)
		b.WriteString(edge.Render(v) + st.Dim.Render(word) + edge.Render(v) + "\n")
		b.WriteString(edge.Render(v) + strings.Repeat(" ", inner) + edge.Render(v) + "\n")
	}
	b.WriteString(edge.Render(v) + face.Render(l1) + edge.Render(v))
	b.WriteByte('\n')
	b.WriteString(edge.Render(v) + face.Render(l2) + edge.Render(v))
	b.WriteByte('\n')
	b.WriteString(edge.Render(bl + strings.Repeat(h, inner) + br))
	return b.String()
}

// chip is a card named inline: its glyph and full name in its colour.
func (st *Styles) chip(c engine.Card) string {
	if c == engine.NoCard {
		return st.Empty.Render("—")
	}
	return st.Kind[c.Kind()].Render(kindGlyph[c.Kind()] + " " + c.String())
}
