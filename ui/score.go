package ui

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/engine"
)

// rightPanel is the BSD score window (or the command list) with the log of
// recent moves under it.
func (m *Model) rightPanel(obs *engine.Observation, w, h int, withLog bool) string {
	var top []string
	if m.window {
		top = m.scoreWindow(obs, w, false)
	} else {
		top = m.commandList(w)
	}
	if !withLog && h-len(top) >= 10 { // room for both windows
		if m.window {
			top = append(top, "")
			top = append(top, m.commandList(w)...)
		} else {
			top = append(top, "")
			top = append(top, m.scoreWindow(obs, w, false)...)
		}
	}
	logH := h - len(top) - 1
	if withLog && logH >= 3 {
		top = append(top, m.styles.Heading.Render(padRight("── Recent moves ", w, '─')))
		top = append(top, m.logLines(w, logH-0)...)
	}
	if len(top) > h {
		top = top[:h]
	}
	return strings.Join(top, "\n")
}

// commandList is BSD's command window, with the modern keys.
func (m *Model) commandList(w int) []string {
	st := m.styles
	rows := [][2]string{
		{"p: pick", "q: quit"},
		{"u: use #", "o: order hand"},
		{"d: discard #", "s: save"},
		{"w: score window", "r: reprint"},
		{"←→/1-6: select", "enter: play"},
		{"x: discard", "z: undo"},
		{"n: new game", "g: rules guide"},
		{"?: all keys", "[ ]: scroll log"},
	}
	if m.guest() {
		save := "t: hint"
		if m.canSave() {
			save = "s: save"
		}
		rows = [][2]string{
			{"p: pick", "q: leave"},
			{"u: use #", "o: order hand"},
			{"d: discard #", save},
			{"w: score window", "r: reprint"},
			{"←→/1-6: select", "enter: play"},
			{"x: discard", "g: rules guide"},
			{"?: all keys", "[ ]: scroll log"},
		}
		if m.obs.Onlooker {
			rows = [][2]string{
				{"w: score window", "q: leave"},
				{"g: rules guide", "r: reprint"},
				{"?: all keys", "[ ]: scroll log"},
			}
		}
	}
	lines := []string{st.Heading.Render(padRight("── Commands ", w, '─'))}
	half := w/2 + 1
	for _, r := range rows {
		lines = append(lines, st.Text.Render(padRight(" "+r[0], half, ' ')+r[1]))
	}
	return lines
}

// scoreRows are the rows of BSD's score window.
var scoreRows = []struct {
	label string
	get   func(s engine.Score) int16
}{
	{"Milestones Played", func(s engine.Score) int16 { return s.Milestones }},
	{"Each Safety", func(s engine.Score) int16 { return s.Safeties }},
	{"All 4 Safeties", func(s engine.Score) int16 { return s.AllSafeties }},
	{"Each Coup Fourré", func(s engine.Score) int16 { return s.CoupsFourres }},
	{"Trip Completed", func(s engine.Score) int16 { return s.Trip }},
	{"Safe Trip", func(s engine.Score) int16 { return s.SafeTrip }},
	{"Delayed Action", func(s engine.Score) int16 { return s.Delayed }},
	{"Extension", func(s engine.Score) int16 { return s.Extension }},
	{"Shut-Out", func(s engine.Score) int16 { return s.ShutOut }},
}

// unitScore is what each item of the score is worth, as the engine scores
// it: the hand of a side that earns every item once (a mile, the four
// safeties, one of them as a coup fourré, the trip completed without a
// 200 after the deck ran out, with the extension it called, its opponent
// shut out), each safety's points divided by the four.
var unitScore = sync.OnceValue(func() engine.Score {
	s := engine.State{Config: engine.Config{Players: 2, Rules: engine.Standard}, Phase: engine.PhaseHandOver,
		Finisher: 0, Extender: 0, FinishedDelayed: true, Trip: engine.ExtendedTrip}
	t := &s.Tableaus[0]
	t.Miles, t.Safeties, t.CoupsFourres = 1, 0b1111, 0b0001
	sc := s.LiveScore(0)
	sc.Safeties /= int16(len(engine.AllSafeties))
	return sc
})

// sideShort is a side's column heading in the score window.
func (m *Model) sideShort(side int) string {
	if side == m.obs.Side() && !m.obs.Onlooker && !m.hotSeat() {
		if m.obs.Config.Partner(m.obs.Seat) >= 0 {
			return "Us"
		}
		return "You"
	}
	name := m.seatName(m.sideSeats(side)[0])
	// "Computer 2" must stay told apart from "Computer 3" in 5 columns.
	if rest, ok := strings.CutPrefix(name, "Computer"); ok {
		return "Comp" + strings.TrimSpace(rest)
	}
	return name
}

// scoreWindow is BSD's score window: a row per item, a column per side.
func (m *Model) scoreWindow(obs *engine.Observation, w int, full bool) []string {
	st := m.styles
	n := obs.Config.Sides()
	colW := 6
	labelW := 17
	showValue := full || w >= labelW+n*colW+7
	if labelW+n*colW > w {
		labelW = w - n*colW
	}
	scores := make([]engine.Score, n)
	for s := 0; s < n; s++ {
		scores[s] = obs.LiveScore(s)
	}
	over := obs.Phase == engine.PhaseHandOver || obs.Phase == engine.PhaseGameOver
	row := func(label string, vals []string, value string, style paint) string {
		var b strings.Builder
		if len(label) > labelW && label == "Milestones Played" {
			label = "Milestones"
		}
		b.WriteString(fmt.Sprintf("%*s", labelW, ansi.Truncate(label, labelW, "")))
		for _, v := range vals {
			b.WriteString(fmt.Sprintf("%*s", colW, v))
		}
		if showValue {
			b.WriteString(fmt.Sprintf("%*s", 7, value))
		}
		return style.Render(b.String())
	}
	heads := make([]string, n)
	for s := range heads {
		heads[s] = ansi.Truncate(m.sideShort(s), colW-1, "")
	}
	title := "── Score "
	if over {
		title = "── Score: hand over "
	}
	lines := []string{st.Heading.Render(padRight(title, w, '─')), row("", heads, "Value", st.Title)}
	vals := make([]string, n)
	for _, r := range scoreRows {
		for s := range vals {
			vals[s] = strconv.Itoa(int(r.get(scores[s])))
		}
		v := ""
		if n := r.get(unitScore()); n > 1 { // a point a mile goes without saying, as in BSD
			v = strconv.Itoa(int(n))
		}
		lines = append(lines, row(r.label, vals, v, st.Text))
	}
	dash := make([]string, n)
	for s := range dash {
		dash[s] = "----"
	}
	lines = append(lines, row("", dash, "", st.Dim))
	for s := range vals {
		vals[s] = strconv.Itoa(scores[s].Total())
	}
	lines = append(lines, row("Hand Total", vals, "", st.Title))
	for s := range vals {
		total := int(obs.Totals[s])
		if !over {
			total += scores[s].Total()
		}
		vals[s] = strconv.Itoa(total)
	}
	lines = append(lines, row("Overall Total", vals, "", st.Title))
	for s := range vals {
		vals[s] = strconv.Itoa(int(obs.GamesWon[s]))
	}
	lines = append(lines, row("Games", vals, "", st.Text))
	return lines
}

// handOverBox is the end-of-hand window: the full breakdown and the
// question of another hand (or game).
func (m *Model) handOverBox(obs *engine.Observation, l layout) []*layer {
	st := m.styles
	n := obs.Config.Sides()
	w := 17 + 6*n + 7
	body := m.scoreWindow(obs, w, true)[1:]
	title := "End of hand " + strconv.Itoa(int(obs.Hand)+1)
	if obs.Finisher >= 0 {
		title += ": " + m.names().Side(int(obs.Finisher)) + " completed the trip"
	}
	buttons := []button{{"btn-yes", "y Another hand", true}, {"btn-no", "n Quit", false}}
	if m.guest() {
		buttons[1].label = "n Leave"
	}
	if obs.Phase == engine.PhaseGameOver {
		title = "Game over"
		switch {
		case obs.Winner < 0:
			body = append(body, "", st.Heading.Render("A tie: nobody wins this game."))
		case int(obs.Winner) == obs.Side() && !obs.Onlooker && !m.hotSeat():
			body = append(body, "", st.Heading.Render("You win the game!"))
		default:
			who, verb := m.sideName(int(obs.Winner)), " wins"
			if strings.Contains(who, "&") {
				verb = " win"
			}
			body = append(body, "", st.Heading.Render(who+verb+" the game."))
		}
		buttons = []button{{"btn-yes", "y Another game", true}, {"btn-new", "New setup", false}, {"btn-no", "n Quit", false}}
		if m.guest() {
			buttons = []button{{"btn-yes", "y Another game", true}, {"btn-no", "n Leave", false}}
		}
	}
	if m.record != "" && m.recordedAt == obs.EventCount {
		body = append(body, st.Dim.Render(m.record))
	}
	if m.gamePrompt() == promptNone {
		// Asked already, or watching: who the table still waits for.
		next := "the next hand"
		if obs.Phase == engine.PhaseGameOver {
			next = "the next game"
		}
		wait := "Waiting for the players to go on to " + next + "."
		if names := m.waitingFor(); len(names) > 0 {
			wait = "Waiting for " + andList(names) + " to go on to " + next + "."
		}
		body = append(body, "", st.Dim.Render(wait))
		buttons = []button{{"btn-leave", "q Leave", false}}
	}
	return m.dialogBox(l, title, body, buttons)
}

// andList joins names as a sentence does: "Ann", "Ann and Bob", "Ann, Bob
// and Cal".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
