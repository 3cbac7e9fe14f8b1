package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/table"
)

// screenContext is the shared context every screen and component of the
// program draws and reads keys with: the terminal's size, the styles for
// its background, the key map and the language spoken. The board and the
// review screen each hold one; the board hands its own to its components
// (the questions, question.go) rather than letting them reach into it.
type screenContext struct {
	w, h   int
	styles *Styles
	keys   *KeyMap // the language's, shared by every screen (keyMapIn): read, never changed
	lang   *lang.Catalogue
}

// t is the sentence of key k with its arguments, in the screen's language.
func (c *screenContext) t(k lang.Key, args ...any) string { return c.lang.T(k, args...) }

// said says a window's button in the footer in its own words ("[ y
// Resume ]": "y resume"), so the two never differ.
func (m *screenContext) said(b *key.Binding, button lang.Key, args ...any) {
	keyName, words, _ := strings.Cut(m.t(button, args...), " ")
	if strings.HasPrefix(b.Help().Key, keyName+"/") {
		keyName = b.Help().Key // "d/q": q too, BSD's habit
	}
	b.SetHelp(keyName, lowerFirst(words))
}

// button is a clickable answer in a dialog.
type button struct {
	id, label string
	on        bool
}

// dialogBox draws a dialog centred on the screen, its buttons as layers
// with IDs on top.
func (m *screenContext) dialogBox(l layout, title string, body []string, buttons []button) []*layer {
	return m.dialogBoxRows(l, title, body, buttons, nil)
}

// dialogBoxRows is dialogBox with some body rows clickable: rows maps a
// body line to its layer ID. A body line wider than the screen is broken
// between words: a box wider than the screen lost its right side and
// misplaced its buttons (a French question at 80 columns).
func (m *screenContext) dialogBoxRows(l layout, title string, body []string, buttons []button, rows map[int]string) []*layer {
	st := m.styles
	most := max(l.w-st.Dialog.GetHorizontalFrameSize(), 1)
	tops := make([]int, len(body)) // each body line's first row in the body
	lines := make([]string, len(body))
	for i, b := range body {
		lines[i] = b
		if width(b) > most {
			lines[i] = strings.Join(wrap(b, most), "\n")
		}
		if i > 0 {
			tops[i] = tops[i-1] + lipgloss.Height(lines[i-1])
		}
	}
	body = lines
	var row strings.Builder
	offs := make([]int, len(buttons))
	for i, b := range buttons {
		if i > 0 {
			row.WriteString("   ")
		}
		offs[i] = width(row.String())
		row.WriteString(m.buttonText(b))
	}
	content := append([]string{st.Heading.Render(title), ""}, body...)
	content = append(content, "", row.String())
	box := st.Dialog.Render(strings.Join(content, "\n"))
	bw, bh := width(box), lipgloss.Height(box)
	x := (l.w - bw) / 2
	y := (l.helpY + 1 - bh) / 2 // centred on the board, which may end above the bottom
	if y < 1 {
		y = 1
	}
	layers := []*layer{lay(box).X(x).Y(y).Z(10)}
	by := y + strings.Count(strings.Join(content, "\n"), "\n") + 1 // border, then the last content row
	for i, b := range buttons {
		layers = append(layers, lay(m.buttonText(b)).ID(b.id).X(x+2+offs[i]).Y(by).Z(11))
	}
	for i, id := range rows {
		layers = append(layers, lay(body[i]).ID(id).X(x+2).Y(y+3+tops[i]).Z(11)) // border and title, blank
	}
	return layers
}

func (m *screenContext) buttonText(b button) string {
	if b.on {
		return m.styles.ButtonOn.Render("[ " + b.label + " ]")
	}
	return m.styles.Button.Render("[ " + b.label + " ]")
}

// seen is what the board's components draw and read keys by, shared the
// way soft-serve's components share their common value: the screen's
// context, the viewer's view of the table and the player's options. The
// board writes it (Board.see, its keys); each component holds a pointer
// to it and only reads it, and reports to the board by messages.
type seen struct {
	screenContext
	view   table.View         // the table as the viewer sees it
	obs    engine.Observation // view.Obs
	opts   local.Options      // kept by the program around (Model.persist); in memory when served
	offers offers             // what the program around the board offers beyond it
	// gen counts the views seen (Board.see, the one place view and obs
	// change): a part of the board drawn from the same gen, width,
	// language and styles draws the same (drawnFrom).
	gen uint64
}

// keeps reports whether a part drawn from obs may be kept, and a kept one
// used: only when obs is the board's own observation (m.obs). The parts
// are kept by drawnFrom, whose generation counts the board's own views
// (Board.see); another observation handed in (a position that is not
// the board's view) has no generation of its own, so a part drawn from
// it and kept would be served again for the board's view, or the other
// way round. Such a part is drawn every time.
func (m *seen) keeps(obs *engine.Observation) bool { return obs == &m.obs }

// caching turns the drawn parts' caches on; the test that a frame drawn
// with them is the frame drawn without them turns it off.
var caching = true

// drawnFrom is what a part of the board drawn from the table's view
// reads besides the view, the view's generation: kept with the part, the
// part is drawn again only when one of these changed (issue 36: the score
// window and the status line, redrawn whole for every key that moved the
// selection, were a sixth of a served key's CPU).
type drawnFrom struct {
	gen    uint64
	w      int32
	lang   *lang.Catalogue
	styles *Styles
	spin   string   // the spinner's frame, for a part that shows it
	more   [6]int32 // what else the part reads: its height, its component's state
}

// from is what a part drawn now in w cells reads, with spin and more.
func (m *seen) from(w int, spin string, more ...int) drawnFrom {
	f := drawnFrom{gen: m.gen, w: int32(w), lang: m.lang, styles: m.styles, spin: spin}
	for i, n := range more {
		f.more[i] = int32(n)
	}
	return f
}

// kept is a part of the board as it was last drawn, and from what.
type kept[T any] struct {
	from drawnFrom
	ok   bool
	part T
}

// get returns the part drawn from f: the one kept if it was drawn from
// the same, else draw's, kept.
func (k *kept[T]) get(f drawnFrom, draw func() T) T {
	if caching && k.ok && k.from == f {
		return k.part
	}
	p := draw()
	if caching {
		k.from, k.ok, k.part = f, true, p
	}
	return p
}
