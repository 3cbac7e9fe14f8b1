package ui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// logPane is the log of the moves told so far, which the player scrolls
// back, and the recent moves the message line tells (since the viewer's
// last move).
type logPane struct {
	*seen
	log    []logLine
	logOff int           // lines scrolled back from the newest
	recent []recentEvent // events since the viewer's last move, for the message line
	since  uint32        // the event count at the viewer's last move: the log's lines from it are recent
}

// logLine is a line of the log and the count of events before the event
// it tells, so that an undo takes it out.
type logLine struct {
	text  string
	at    uint32
	alert bool                         // what the viewer must not miss (alerts)
	say   func(*lang.Catalogue) string // the text in a language, told again after f; nil: as it is
}

// unlog takes out of the log the lines of events from the count at on
// (moves taken back), and clears the message line of them.
func (m *logPane) unlog(at uint32) {
	n := len(m.log)
	for n > 0 && m.log[n-1].at >= at {
		n--
	}
	m.log, m.recent, m.logOff = m.log[:n], m.recent[:0], 0
}

// markLast points the table's marker at the last card put on a table in
// this hand, as the observation's log tells it now (after an undo too:
// the move now last, or none).
func (m *tablesPane) markLast() {
	obs := &m.obs
	m.flashTo = -1
	first := uint32(0)
	if obs.EventCount > engine.LogSize {
		first = obs.EventCount - engine.LogSize
	}
	for i := obs.EventCount; i > first; i-- {
		e := obs.Log[(i-1)%engine.LogSize]
		switch e.Kind {
		case engine.EvPlay, engine.EvSafety, engine.EvCoupFourre:
			m.flash, m.flashTo = e.Card, obs.Config.SideOf(int(e.Seat))
			return
		case engine.EvAttack:
			m.flash, m.flashTo = e.Card, int(e.Target)
			return
		case engine.EvDeal:
			return
		}
	}
}

// logText is the whole log, a line each (tests).
func (m *logPane) logText() string {
	lines := make([]string, len(m.log))
	for i, l := range m.log {
		lines[i] = l.text
	}
	return strings.Join(lines, "\n")
}

// narrate tells the events in [from, to) on the message line and in the
// log; told reports whether the message line now tells them (the
// board's own message then goes).
func (m *logPane) narrate(from, to uint32, replace bool) (told bool) {
	obs := &m.obs
	if replace {
		m.since = from
	}
	if to <= from {
		if replace {
			m.recent = m.recent[:0]
		}
		return replace
	}
	names := m.names()
	if to-from > engine.LogSize {
		from = to - engine.LogSize
	}
	var parts []recentEvent
	for i := from; i < to; i++ {
		e := obs.Log[i%engine.LogSize]
		if !m.view.Tells(e) {
			continue
		}
		// The log and the message line list the events: no full stops.
		at := m.view.NamesAt(names, i)
		say := func(c *lang.Catalogue) string { return strings.TrimSuffix(c.Event(e, at), ".") }
		line := say(m.lang)
		if line == "" {
			continue
		}
		parts = append(parts, recentEvent{line, m.alerts(e), say})
		m.log = append(m.log, logLine{text: line, at: i, alert: m.alerts(e), say: say})
	}
	if len(m.log) > 200 {
		m.log = append(m.log[:0], m.log[len(m.log)-200:]...)
	}
	// The message line tells what happened since the human's last move
	// (recent), so that three computers' moves in a row are all seen.
	if replace {
		m.recent = m.recent[:0]
	}
	m.recent = append(m.recent, parts...)
	if len(m.recent) > 12 {
		m.recent = append(m.recent[:0], m.recent[len(m.recent)-12:]...)
	}
	return len(parts) > 0 || replace
}

// recentEvent is an event told on the message line; alert marks what
// the viewer must not miss.
type recentEvent struct {
	text  string
	alert bool
	say   func(*lang.Catalogue) string
}

// retell says the log and the recent events again in the board's
// language, after f: the lines told before were in the other.
func (m *logPane) retell() {
	for i, l := range m.log {
		if l.say != nil {
			m.log[i].text = l.say(m.lang)
		}
	}
	for i, r := range m.recent {
		if r.say != nil {
			m.recent[i].text = r.say(m.lang)
		}
	}
}

// alerts reports whether e is what matters most to the viewer: a hazard
// played on their side (or thrown out of it), or a coup fourré.
func (m *logPane) alerts(e engine.Event) bool {
	mine := !m.obs.Onlooker && int(e.Target) == m.obs.Side()
	return e.Kind == engine.EvCoupFourre || mine && (e.Kind == engine.EvAttack || e.Kind == engine.EvCancelled)
}

// narration is the message line when no message is set: the recent events
// that fit in w cells, oldest first. Those the log's rows leave out (all
// but the newest shown) come first, every hazard played on the human's
// side (what matters most) before the rest; then those in view there. It
// says how many it leaves out that the log's rows do not show either
// (issue 34: "+5 more (w: log)" counted moves in view above it).
func (m *logPane) narration(w, shown int) (string, bool) {
	if len(m.recent) == 0 {
		return "", false
	}
	const sep = " · "
	unseen := len(m.recent) - min(max(shown, 0), len(m.recent)) // recent[:unseen] are not in the log's rows
	keep := make([]bool, len(m.recent))
	used, alert := 0, false
	all, line := 0, w
	for _, r := range m.recent[:unseen] {
		all += width(r.text) + width(sep)
	}
	if all-width(sep) > w {
		w -= width(sep + m.t(lang.UIMoreMoves, 99)) // room to say how many moves the line leaves out
	}
	take := func(i int) {
		n := width(m.recent[i].text)
		if used > 0 {
			n += 3 // " · "
		}
		if used+n <= w || used == 0 {
			keep[i], used = true, used+n
		}
	}
	// The hazards on the viewer the log's rows leave out, the other moves
	// they leave out, then those in view there (a hazard stands out in
	// the log too), newest first.
	for _, pass := range []struct {
		from   int
		alerts bool
	}{{unseen, true}, {unseen, false}, {len(m.recent), true}, {len(m.recent), false}} {
		for i := pass.from - 1; i >= 0; i-- {
			if !keep[i] && (m.recent[i].alert || !pass.alerts) {
				take(i)
				alert = alert || keep[i] && m.recent[i].alert
			}
		}
	}
	var b strings.Builder
	left := 0
	for i, k := range keep {
		if k {
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			b.WriteString(m.recent[i].text)
		} else if i < unseen {
			left++
		}
	}
	// How many moves are left out, with the key that shows them where
	// the row has room: a move too long for the rest, alone, says none,
	// for the row must not wrap over the input line's.
	if left > 0 {
		for _, more := range []string{m.t(lang.UIMoreMoves, left), m.t(lang.UIMoreMovesShort, left)} {
			if width(b.String()+sep+more) <= line {
				b.WriteString(sep + more)
				break
			}
		}
	}
	return b.String(), alert
}

// setError shows a refusal and rings the bell if the player wants it.
func (m *Board) setError(msg string) tea.Cmd {
	m.message, m.isError = msg, true
	if m.opts.Bell {
		return tea.Raw("\a")
	}
	return nil
}

// scrollLog moves the log view by n lines (positive: older).
func (m *logPane) scrollLog(n int) {
	m.logOff += n
	if m.logOff > len(m.log)-1 {
		m.logOff = len(m.log) - 1
	}
	if m.logOff < 0 {
		m.logOff = 0
	}
}

// logLines are the last h rows of the log, scrolled back by logOff
// entries; an entry too long for w cells goes on over the next rows,
// indented. shown is how many of the newest entries they show (none when
// the log is scrolled back), which the message line need not tell again.
func (m *logPane) logLines(w, h int) (rows []string, shown int) {
	if h <= 0 {
		return nil, 0
	}
	end := len(m.log) - m.logOff
	rows = make([]string, 0, h)
	if m.logOff > 0 {
		h-- // the last row says the log is scrolled
	}
	for i := end - 1; i >= 0 && len(rows) < h; i-- {
		// What happened since the viewer's last move stands out from
		// what they saw already, a hazard against them most.
		style := m.styles.Dim
		switch {
		case m.log[i].alert && m.log[i].at >= m.since:
			style = m.styles.Kind[engine.Hazard]
		case i == len(m.log)-1 || m.log[i].at >= m.since:
			style = m.styles.Text
		}
		lines := wrap(m.log[i].text, w)
		if len(lines) > 1 {
			lines = append(lines[:1], wrap(strings.Join(lines[1:], " "), w-2)...)
		}
		if len(rows) > 0 && len(rows)+len(lines) > h {
			break // an entry whole or not at all: no end of one at the top
		}
		if len(lines) <= h-len(rows) {
			shown++
		}
		for j := len(lines) - 1; j >= 0 && len(rows) < h; j-- {
			line := lines[j]
			if j > 0 {
				line = "  " + line
			}
			rows = append(rows, style.Render(line))
		}
	}
	slices.Reverse(rows)
	if m.logOff > 0 {
		rows, shown = append(rows, m.styles.Dim.Render(fit(m.t(lang.LogNewer, m.logOff), w))), 0
	}
	return rows, shown
}
