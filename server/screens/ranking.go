package screens

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/ui"
)

// rankingLines is how many lines of the ranking the screen shows.
const rankingLines = 15

// rankingPage is the ranking (l in the lobby of a rated server) as a
// component: open from show until close, its lines read from the store
// in a command (rankingMsg), empty until they come.
type rankingPage struct {
	lines []lobby.Ranked // nil while closed
}

// rankingMsg is the ranking read from the store, or why it could not
// be (rankingPage.show).
type rankingMsg struct {
	list []lobby.Ranked
	err  error
}

// on reports whether the ranking shows.
func (r *rankingPage) on() bool { return r.lines != nil }

// show opens the ranking of l, whose lines come in a command.
func (r *rankingPage) show(l *lobby.Lobby) tea.Cmd {
	r.lines = []lobby.Ranked{}
	return func() tea.Msg {
		list, err := l.Ranking(rankingLines)
		return rankingMsg{list, err}
	}
}

// read takes the lines m brings, unless the page was closed meanwhile;
// an error closes it and is returned for the screen to say.
func (r *rankingPage) read(m rankingMsg) error {
	switch {
	case !r.on():
	case m.err != nil:
		r.lines = nil
		return m.err
	default:
		r.lines = append([]lobby.Ranked{}, m.list...)
	}
	return nil
}

// close closes the ranking.
func (r *rankingPage) close() { r.lines = nil }

// view draws the ranking in c, its lines wrapped by para.
func (r *rankingPage) view(b *strings.Builder, st *ui.Styles, c *lang.Catalogue, para func(string) string) {
	b.WriteString(st.Heading.Render(para(c.T(lang.RankHead))) + "\n")
	for _, x := range r.lines {
		b.WriteString(para(rankLine(c, x)) + "\n")
	}
}

// rankLine is a line of the ranking in the language c.
func rankLine(c *lang.Catalogue, r lobby.Ranked) string {
	return c.RankLine(r.Rank, r.Name, r.Rating, r.Provisional, r.House, r.Bot, r.Games, r.Wins)
}
