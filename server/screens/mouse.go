package screens

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// hits maps the lines of a frame to what a click there does: the message a
// key would send, or one of the click messages below. It is filled while
// the frame is drawn, so a click always acts on what the person saw.
type hits map[int]tea.Msg

// mark makes the line b is about to write send msg when clicked.
func (h hits) mark(b *strings.Builder, msg tea.Msg) {
	if h != nil {
		h[strings.Count(b.String(), "\n")] = msg
	}
}

// shift is h with every line n rows further down.
func (h hits) shift(n int) hits {
	moved := make(hits, len(h))
	for row, msg := range h {
		moved[row+n] = msg
	}
	return moved
}

// onMouse turns a left click on a marked line into its message.
func (h hits) onMouse(msg tea.MouseMsg) tea.Cmd {
	click, ok := msg.(tea.MouseClickMsg)
	if !ok || click.Button != tea.MouseLeft {
		return nil
	}
	if m, ok := h[click.Y]; ok {
		return func() tea.Msg { return m }
	}
	return nil
}

// press is the key press of a printable key.
func press(text string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: []rune(text)[0], Text: text}
}

// focusField is a click on a row of the room form: it selects the field,
// or changes the value of the field already selected.
type focusField struct{ field int }

// pickRoom is a click on a room of the lobby's list: it joins the room.
type pickRoom struct{ index int }
