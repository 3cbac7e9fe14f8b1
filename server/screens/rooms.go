package screens

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/ui"
)

// roomList is the lobby's list of rooms as a component: the rooms as
// last read, the one under the cursor, and the keys that move it. The
// list is forgotten in a room and read again on the way back: kept, every
// player would hold a copy of every room's line, sessions times rooms
// (issue 36).
type roomList struct {
	rooms []lobby.RoomInfo
	pick  int // the room under the cursor
}

// read reads the list of l again, the cursor kept in it.
func (r *roomList) read(l *lobby.Lobby) {
	r.rooms = l.List()
	r.pick = min(r.pick, max(len(r.rooms)-1, 0))
}

// forget forgets the list (in a room).
func (r *roomList) forget() { r.rooms = nil }

// picked is the name of the room under the cursor; ok is false if the
// list is empty.
func (r *roomList) picked() (name string, ok bool) {
	if r.pick >= len(r.rooms) {
		return "", false
	}
	return r.rooms[r.pick].Name, true
}

// choose puts the cursor on room i (a click), and reports whether there
// is one.
func (r *roomList) choose(i int) bool {
	if i < 0 || i >= len(r.rooms) {
		return false
	}
	r.pick = i
	return true
}

// key moves the cursor by the keys k, and reports whether msg did.
func (r *roomList) key(msg tea.KeyPressMsg, k lobbyKeys) bool {
	switch {
	case key.Matches(msg, k.Up):
		r.pick = max(r.pick-1, 0)
	case key.Matches(msg, k.Down):
		r.pick = min(r.pick+1, max(len(r.rooms)-1, 0))
	default:
		return false
	}
	return true
}

// view draws the list in c, rows lines at most (the list scrolls with
// the cursor, so that the key line below it stays on the screen however
// many rooms are open; rows < 0: all of them), each line cut to width
// columns; a click on a line picks its room (h).
func (r *roomList) view(b *strings.Builder, h hits, st *ui.Styles, c *lang.Catalogue, rows, width int) {
	if len(r.rooms) == 0 {
		b.WriteString(st.Heading.Render(c.T(lang.SrvRooms)) + c.T(lang.SrvNoRooms) + "\n")
		return
	}
	b.WriteString(st.Heading.Render(c.T(lang.SrvRooms)) + "\n")
	if rows < 0 {
		rows = len(r.rooms)
	}
	from, to := listWindow(len(r.rooms), r.pick, rows)
	if from > 0 {
		b.WriteString(st.Dim.Render(c.T(lang.SrvMoreUp, from)) + "\n")
	}
	for i, room := range r.rooms[from:to] {
		i += from
		h.mark(b, pickRoom{i})
		line := ansi.Truncate(roomLine(c, room), width-2, "…")
		if i == r.pick {
			line = st.Selected.Render("> " + line)
		} else {
			line = "  " + line
		}
		b.WriteString(line + "\n")
	}
	if to < len(r.rooms) {
		b.WriteString(st.Dim.Render(c.T(lang.SrvMoreDown, len(r.rooms)-to)) + "\n")
	}
}

// roomLine is the lobby's line of room r in c.
func roomLine(c *lang.Catalogue, r lobby.RoomInfo) string {
	state := c.T(lang.SrvWaiting)
	switch {
	case r.Restored:
		state = c.T(lang.SrvSaved)
	case r.Started:
		state = c.T(lang.SrvPlaying)
	}
	people := c.Count(r.Humans, lang.SrvPerson)
	if r.Bots > 0 { // a bot is not a person
		people += ", " + c.Count(r.Bots, lang.SrvBot)
	}
	rules := "" // the standard rules go without saying
	if r.Rules != engine.Standard.String() {
		rules = c.T(lang.SrvRules, r.Rules)
	}
	if r.Rated { // early in the line, which a narrow terminal cuts
		rules += c.T(lang.SrvRated)
	}
	return c.T(lang.SrvRoomLine, r.Name, r.Players, rules, c.Level(r.Level), people, state)
}

// listWindow is the part [from, to) of a list of n lines that fits in
// rows lines (at least 3) with the line at cursor in it; the lines saying
// that more lie above or below take a row each.
func listWindow(n, cursor, rows int) (from, to int) {
	rows = max(rows, 3)
	if n <= rows {
		return 0, n
	}
	rows -= 2 // room for both "more" lines
	from = min(max(cursor-rows/2, 0), n-rows)
	return from, from + rows
}
