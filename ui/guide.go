package ui

import (
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// guidePane is the rules guide: its pages, drawn with the tables' own
// pieces, turned by keys and clicks.
type guidePane struct {
	*seen
	tables *tablesPane // draws the made-up tables of the examples
	page   int         // the page shown
}

// guidePage is one page of the illustrated rules: a title and a body drawn
// with the game's own card art, its words from the catalogue.
type guidePage struct {
	title lang.Key
	tab   lang.Key // the title on the row of page tabs
	body  func(m *guidePane) string
}

// cardRow draws cards side by side with a caption under each, on two
// lines when it needs them.
func (m *guidePane) cardRow(cards []engine.Card, captions []string) string {
	return m.cardRowOf(cards, captions, false)
}

// cardRowOf is cardRow, of big cards when big: the safeties' page shows
// their whole names ("Puncture Proof", "Driving Ace"), which a small
// card's six columns cut.
func (m *guidePane) cardRowOf(cards []engine.Card, captions []string, big bool) string {
	w := cardW
	if big {
		w = bigW
	}
	parts := make([]string, 0, 2*len(cards))
	for i, c := range cards {
		card := m.styles.card(m.lang, c, look{big: big})
		if i < len(captions) {
			for _, line := range wrap(captions[i], w) {
				card += "\n" + m.styles.Dim.Render(center(line, w))
			}
		}
		parts = append(parts, card, " ")
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

var guidePages = []guidePage{
	{lang.GuideRaceTitle, lang.GuideRaceTab, func(m *guidePane) string {
		st := m.styles
		trip, trip4 := engine.Config{Players: 2}.BaseTrip(), engine.Config{Players: 4}.BaseTrip()
		return strings.Join([]string{
			m.t(lang.GuideRaceA, st.Title.Render(m.lang.Count(trip, lang.BoardMilesOne)), trip4,
				st.Title.Render(m.t(lang.GuidePoints, engine.WinningScore)), st.Title.Render(m.t(lang.SlotP)), st.chip(m.lang, engine.Go)),
			"",
			m.cardRow([]engine.Card{engine.Go, engine.Miles75, engine.Miles100, engine.Miles200},
				[]string{m.t(lang.GuideBattle), "+" + itoa(engine.Miles75.Miles()), "+" + itoa(engine.Miles100.Miles()), "+" + itoa(engine.Miles200.Miles())}),
			"",
			m.t(lang.GuideRaceB, st.Dim.Render(m.t(lang.GuideAnd))),
			"  " + st.Kind[engine.Hazard].Render("▲ "+m.t(lang.GuideHazard)) + "   " + st.Kind[engine.Remedy].Render("● "+m.t(lang.GuideRemedy)) + "   " +
				st.Kind[engine.Safety].Render("★ "+m.t(lang.GuideSafety)) + "   " + st.Kind[engine.Distance].Render("◆ "+m.t(lang.GuideDistance)),
		}, "\n")
	}},
	{lang.GuideHazardsTitle, lang.GuideHazardsTab, func(m *guidePane) string {
		return strings.Join([]string{
			m.t(lang.GuideHazardsA),
			"",
			m.cardRow([]engine.Card{engine.OutOfGas, engine.FlatTire, engine.Accident, engine.Stop, engine.SpeedLimit}, nil),
			"   ↓        ↓        ↓        ↓        ↓",
			m.cardRow([]engine.Card{engine.Gasoline, engine.SpareTire, engine.Repairs, engine.Go, engine.EndOfLimit}, nil),
			"",
			m.t(lang.GuideHazardsB, engine.Miles25.Miles(), engine.Miles50.Miles()) +
				m.departure(m.rules().SpeedAlternates(), lang.RulesSpeedAlternates),
		}, "\n")
	}},
	{lang.GuideSafetiesTitle, lang.GuideSafetiesTab, func(m *guidePane) string {
		r := m.rules()
		onHazard := m.t(lang.GuideOnHazard)
		if r.RollOnSafety() {
			onHazard = m.departure(true, lang.RulesRollOnSafety)
		}
		return strings.Join([]string{
			m.t(lang.GuideSafetiesA, unitScore().Safeties) + m.departure(r.NoReplayWhenOut(), lang.RulesNoReplayWhenOut),
			"",
			m.cardRowOf([]engine.Card{engine.ExtraTank, engine.PunctureProof, engine.DrivingAce, engine.RightOfWay},
				[]string{m.t(lang.GuideCapGas), m.t(lang.GuideCapFlat), m.t(lang.GuideCapAccident), m.t(lang.GuideCapStop)}, true),
			"",
			m.t(lang.GuideSafetiesB, m.tables.safetyRow(&engine.Tableau{Safeties: 0b0101, CoupsFourres: 0b0100})),
			"",
			onHazard + m.departure(r.KeepSafeties(), lang.RulesKeepSafeties),
		}, "\n")
	}},
	{lang.GuideCoupTitle, lang.GuideCoupTab, func(m *guidePane) string {
		st := m.styles
		return strings.Join([]string{
			m.t(lang.GuideCoupA, st.Title.Render(m.t(lang.GuideCoupWord))),
			"",
			lipgloss.JoinHorizontal(lipgloss.Top,
				m.cardRow([]engine.Card{engine.Stop}, []string{m.t(lang.GuideOnYou)}),
				"\n\n  ──▶  ",
				m.cardRow([]engine.Card{engine.RightOfWay}, []string{m.t(lang.GuideReply)})),
			"",
			m.t(lang.GuideCoupB, unitScore().Safeties, unitScore().CoupsFourres,
				st.Heading.Render(m.t(lang.DlgCFTitle, m.lang.Card(engine.RightOfWay)))),
		}, "\n")
	}},
	{lang.GuideTripTitle, lang.GuideTripTab, func(m *guidePane) string {
		st := m.styles
		pos := guideTrip()
		t := &pos.Tableaus[guideTripSide(&pos)]
		trip := m.lang.Num(int(pos.Trip))
		var counts []string
		for _, n := range engine.PlayerCounts {
			if (engine.Config{Players: n}).BaseTrip() == int(pos.Trip) {
				counts = append(counts, itoa(n))
			}
		}
		r := m.rules()
		stakes, deckOut := lang.GuideTripB, m.sentence(lang.RulesDeckOut)
		if r.ExtensionToFinisher() {
			stakes = lang.GuideTripBFirst
		}
		if r.EndWhenStuck() {
			deckOut = m.departure(true, lang.RulesEndWhenStuck)
		}
		return strings.Join([]string{
			m.t(lang.GuideTripA, m.lang.List(counts, lang.Or), trip),
			"",
			"  " + m.tripBarFor(t, int(pos.Trip), 28) + "  " + m.lang.Num(int(t.Miles)) + "/" + trip + "   " + m.tables.mileCounts(t, false),
			"",
			m.t(stakes, trip, st.Title.Render(m.t(lang.GuideStop)), st.Title.Render(m.t(lang.GuideExtension)),
				engine.ExtendedTrip, unitScore().Extension),
			deckOut,
		}, "\n")
	}},
	{lang.GuideScoreTitle, lang.GuideScoreTab, func(m *guidePane) string {
		u, r := unitScore(), m.rules()
		rows := []string{m.t(lang.GuideScore, u.Milestones, u.Safeties, u.AllSafeties, u.CoupsFourres)}
		if r.CapotToEach() {
			rows = append(rows, m.t(lang.GuideScoreCapot, u.ShutOut, r))
		}
		rows = append(rows, m.t(lang.GuideScoreTrip, u.Trip, u.Delayed, u.SafeTrip, engine.Miles200.Miles()))
		if r.NoHundredsBonus() {
			rows = append(rows, m.t(lang.GuideScoreNo100, u.NoHundreds, r))
		}
		if !r.CapotToEach() {
			rows = append(rows, m.t(lang.GuideScoreShutOut, u.ShutOut))
		}
		rows = append(rows, m.t(lang.GuideScoreExt, u.Extension))
		if r.TieEndsGame() {
			rows = append(rows, m.departure(true, lang.RulesTieEndsGame))
		}
		return strings.Join(append(rows, m.t(lang.GuideScoreFoot)), "\n")
	}},
	{lang.GuideKeysTitle, lang.GuideKeysTab, func(m *guidePane) string { return m.t(lang.GuideKeys) }},
}

// rules is the ruleset of the game the guide is opened in: each
// teaches its own rules.
func (m *guidePane) rules() engine.Ruleset { return m.obs.Config.Rules }

// departure is the sentence of key, said of the game's ruleset, if the
// ruleset departs there from the standard rules (when); else nothing. The
// line mode's rules say the same sentence.
func (m *guidePane) departure(when bool, key lang.Key) string {
	if !when {
		return ""
	}
	return m.sentence(key, m.rules())
}

// sentence is the text of key on rows the guide's width, after a line
// break.
func (m *guidePane) sentence(key lang.Key, args ...any) string {
	return "\n" + strings.Join(wordWrap(m.t(key, args...), guideWidth), "\n")
}

// guideWidth is the width of the guide's sentences: its 78 columns less
// a margin.
const guideWidth = 76

// itoa spells a number of the rules (the guide computes every one).
func itoa(n int) string { return strconv.Itoa(n) }

// guideTrip is the real position the guide shows a completed trip from:
// the first 2-player hand, from seed 1 on, where a side reaches the trip
// when every player plays its longest distance card (or else its first
// play, or else its first legal action).
var guideTrip = sync.OnceValue(func() engine.State {
	cfg := engine.Config{Players: 2, Rules: engine.Standard}
	buf := make([]engine.Action, 0, engine.MaxLegal)
	for seed := uint64(1); ; seed++ {
		s, err := engine.New(cfg, seed)
		if err != nil {
			panic(err) // a fixed, valid configuration
		}
		for !s.HandOver() {
			legal := s.Legal(buf[:0])
			best := legal[0]
			for _, a := range legal[1:] {
				if a.Kind() == engine.KindPlay && (best.Kind() != engine.KindPlay || a.Card().Miles() > best.Card().Miles()) {
					best = a
				}
			}
			if err := s.Step(best); err != nil {
				panic(err) // a legal action
			}
			if guideTripSide(&s) >= 0 {
				return s
			}
		}
	}
})

// guideTripSide is the side of s that has reached the trip, or -1.
func guideTripSide(s *engine.State) int {
	for side := 0; side < s.Sides(); side++ {
		if s.Tableaus[side].Miles == s.Trip {
			return side
		}
	}
	return -1
}

// tripBarFor draws a trip bar for a made-up tableau (the guide).
func (m *guidePane) tripBarFor(t *engine.Tableau, trip, w int) string {
	full := int(t.Miles) * w / trip
	return m.styles.BarFull.Render(strings.Repeat("▰", full)) + m.styles.BarEmpty.Render(strings.Repeat("▱", w-full))
}

// openGuide shows the rules guide.
func (m *Board) openGuide() {
	m.screen = screenGuide
	m.dialog = dialogNone
}

// guideLayers are the guide's screen with its keys' line.
func (m *Board) guideLayers(w, h int) []*layer {
	k := m.keys
	return m.guide.layers(w, h, m.helpLine.shortHelp(m.styles.help, []key.Binding{k.PrevPage, k.NextPage, k.GoPage, k.Close}, w-guideLeft(w)-36))
}

// guideLeft is the guide's left edge on a screen w cells wide.
func guideLeft(w int) int { return max(0, (w-78)/2) }

// update turns the page by a key; Return on the last page, Esc or q
// close the guide (guideClosedMsg).
func (m *guidePane) update(msg tea.KeyPressMsg) tea.Msg {
	k := m.keys
	switch {
	case key.Matches(msg, k.PrevPage):
		if m.page > 0 {
			m.page--
		}
	case key.Matches(msg, k.NextPage):
		if m.page < len(guidePages)-1 {
			m.page++
		} else if key.Matches(msg, k.Play) { // Return on the last page closes
			return guideClosedMsg{}
		}
	case key.Matches(msg, k.GoPage):
		if n := int(msg.String()[0] - '1'); n < len(guidePages) {
			m.page = n
		}
	case key.Matches(msg, k.Close), key.Matches(msg, k.Interrupt):
		return guideClosedMsg{}
	}
	return nil
}

// press turns the page by a click on a tab or a button, or closes the
// guide.
func (m *guidePane) press(id string) tea.Msg {
	switch id {
	case "guide-prev":
		if m.page > 0 {
			m.page--
		}
	case "guide-next":
		if m.page < len(guidePages)-1 {
			m.page++
		}
	case "guide-close":
		return guideClosedMsg{}
	default:
		if strings.HasPrefix(id, "guide-") {
			if n, err := strconv.Atoi(id[6:]); err == nil && n < len(guidePages) {
				m.page = n
			}
		}
	}
	return nil
}

// layers draw the current page of the rules guide, keys the line of its
// keys.
func (m *guidePane) layers(w, h int, keys string) []*layer {
	st := m.styles
	p := guidePages[m.page]
	x0 := guideLeft(w)
	layers := []*layer{
		lay(st.Heading.Render(m.t(lang.GuideHead, m.page+1, len(guidePages), m.t(p.title)))).X(x0).Y(0),
		lay(p.body(m)).X(x0).Y(2),
	}
	// Page tabs and buttons on the last two rows.
	x := x0
	for i, gp := range guidePages {
		label := strconv.Itoa(i+1) + " " + m.t(gp.tab)
		style := st.Dim
		if i == m.page {
			style = st.ButtonOn
		}
		layers = append(layers, lay(style.Render(label)).ID("guide-"+strconv.Itoa(i)).X(x).Y(h-3))
		x += width(label) + 1
	}
	prev, next := st.Button, st.Button
	if m.page == 0 {
		prev = st.Dim
	}
	if m.page == len(guidePages)-1 {
		next = st.Dim
	}
	layers = append(layers,
		lay(prev.Render(m.t(lang.GuidePrev))).ID("guide-prev").X(x0).Y(h-1),
		lay(next.Render(m.t(lang.GuideNext))).ID("guide-next").X(x0+12).Y(h-1),
		lay(st.Button.Render(m.t(lang.GuideClose))).ID("guide-close").X(x0+24).Y(h-1),
		lay(keys).X(x0+36).Y(h-1),
	)
	return layers
}
