package ui

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
)

// guidePage is one page of the illustrated rules: a title and a body drawn
// with the game's own card art.
type guidePage struct {
	title string
	tab   string // the title on the row of page tabs
	body  func(m *Model) string
}

// cardRow draws cards side by side with a caption under each, on two
// lines when it needs them.
func (m *Model) cardRow(cards []engine.Card, captions []string) string {
	parts := make([]string, 0, 2*len(cards))
	for i, c := range cards {
		card := m.styles.card(m.lang, c, look{})
		if i < len(captions) {
			for _, line := range wrap(captions[i], cardW) {
				card += "\n" + m.styles.Dim.Render(center(line, cardW))
			}
		}
		parts = append(parts, card, " ")
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

var guidePages = []guidePage{
	{"The race", "Race", func(m *Model) string {
		st := m.styles
		trip, trip4 := engine.Config{Players: 2}.BaseTrip(), engine.Config{Players: 4}.BaseTrip()
		return strings.Join([]string{
			"Each hand is a race: be the first side to put down exactly " + st.Title.Render(itoa(trip)+" miles") + " of",
			"distance cards (" + itoa(trip4) + " with four players), while your opponents try to stop",
			"you with hazards. Points are scored every hand; " + st.Title.Render(itoa(engine.WinningScore)+" points") + " win the game.",
			"",
			"On your turn you draw a card (slot " + st.Title.Render("P") + ") and then play or discard one card,",
			"so you hold six between turns. To roll, you need a " + st.chip(m.lang, engine.Go) + " on your battle pile:",
			"",
			m.cardRow([]engine.Card{engine.Go, engine.Miles75, engine.Miles100, engine.Miles200},
				[]string{"battle", "+" + itoa(engine.Miles75.Miles()), "+" + itoa(engine.Miles100.Miles()), "+" + itoa(engine.Miles200.Miles())}),
			"",
			"Cards have a colour " + st.Dim.Render("and") + " a mark, so they read without colour too:",
			"  " + st.Kind[engine.Hazard].Render("▲ hazard") + "   " + st.Kind[engine.Remedy].Render("● remedy") + "   " +
				st.Kind[engine.Safety].Render("★ safety") + "   " + st.Kind[engine.Distance].Render("◆ distance"),
		}, "\n")
	}},
	{"Hazards and remedies", "Hazards", func(m *Model) string {
		return strings.Join([]string{
			"Play a hazard on an opponent who is rolling to stop them. Each hazard has",
			"its remedy, which the victim must play on their own pile before going on:",
			"",
			m.cardRow([]engine.Card{engine.OutOfGas, engine.FlatTire, engine.Accident, engine.Stop, engine.SpeedLimit}, nil),
			"   ↓        ↓        ↓        ↓        ↓",
			m.cardRow([]engine.Card{engine.Gasoline, engine.SpareTire, engine.Repairs, engine.Go, engine.EndOfLimit}, nil),
			"",
			"After Gasoline, Spare Tire or Repairs you still need a Go to roll again.",
			"A Speed Limit goes on the speed pile: under it only " + itoa(engine.Miles25.Miles()) + " and " + itoa(engine.Miles50.Miles()) + " may be played,",
			"but you keep rolling. You can't play past the trip, nor more than two 200s.",
		}, "\n")
	}},
	{"Safeties", "Safeties", func(m *Model) string {
		return strings.Join([]string{
			"A safety protects your side for the rest of the hand, is worth " + itoa(int(unitScore().Safeties)) + " points,",
			"and gives you another turn. Right of Way also counts as a permanent Go.",
			"",
			m.cardRow([]engine.Card{engine.ExtraTank, engine.PunctureProof, engine.DrivingAce, engine.RightOfWay},
				[]string{"Out of Gas", "Flat Tire", "Accident", "Stop and Limit"}),
			"",
			"On the board: " + m.safetyRow(&engine.Tableau{Safeties: 0b0101, CoupsFourres: 0b0100}),
			"  ★ played   ✪…! played as a coup fourré   · not yet played",
			"",
			"Playing a safety on its own hazard throws the hazard out (you may still",
			"need a Go, unless it is Right of Way).",
		}, "\n")
	}},
	{"Coup fourré!", "Coup fourré", func(m *Model) string {
		st := m.styles
		return strings.Join([]string{
			"When a hazard is played on you and you hold its safety, you may answer at",
			"once, before anyone draws: a " + st.Title.Render("coup fourré") + " (\"counter-thrust\").",
			"",
			lipgloss.JoinHorizontal(lipgloss.Top,
				m.cardRow([]engine.Card{engine.Stop}, []string{"on you"}),
				"\n\n  ──▶  ",
				m.cardRow([]engine.Card{engine.RightOfWay}, []string{"reply!"})),
			"",
			"The hazard goes to the discard pile, your safety scores " + itoa(int(unitScore().Safeties)) + " + " + itoa(int(unitScore().CoupsFourres)) + ", you draw",
			"a card to replace it and take an extra turn. mille asks you:",
			"      " + st.Heading.Render("Coup fourré! Play Right of Way?") + "   y yes · n let it pass",
			"If you let it pass, the safety stays in your hand (worth only 100 later).",
		}, "\n")
	}},
	{"The trip and the extension", "Trip", func(m *Model) string {
		st := m.styles
		pos := guideTrip()
		t := &pos.Tableaus[guideTripSide(&pos)]
		trip := itoa(int(pos.Trip))
		var counts []string
		for _, n := range engine.PlayerCounts {
			if (engine.Config{Players: n}).BaseTrip() == int(pos.Trip) {
				counts = append(counts, itoa(n))
			}
		}
		return strings.Join([]string{
			"The trip must be reached exactly: a card that would take you past it can't",
			"be played. With " + orList(counts) + " players the trip is " + trip + " miles:",
			"",
			"  " + m.tripBarFor(t, int(pos.Trip), 28) + "  " + itoa(int(t.Miles)) + "/" + trip + "   " + m.mileCounts(t, false),
			"",
			"The player who reaches " + trip + " chooses: " + st.Title.Render("stop") + " (the hand ends) or call the",
			st.Title.Render("extension") + " to " + itoa(engine.ExtendedTrip) + " for everyone. The extension is worth " + itoa(int(unitScore().Extension)) + " to the side",
			"that called it if it gets to " + itoa(engine.ExtendedTrip) + " first; if not, its opponents get the " + itoa(int(unitScore().Extension)) + ".",
			"",
			"When the deck runs out, play goes on without drawing until nobody holds a",
			"card (bsd rules: until nobody can play).",
		}, "\n")
	}},
	{"Scoring", "Scoring", func(m *Model) string {
		u := unitScore()
		v := func(n int16) string { return fmt.Sprintf("%-4d", n) }
		rows := []string{
			"Every side scores, trip completed or not:",
			"   distance played ........ " + itoa(int(u.Milestones)) + " per mile",
			"   each safety ............ " + v(u.Safeties) + "     all four safeties ... " + itoa(int(u.AllSafeties)) + " more",
			"   each coup fourré ....... " + itoa(int(u.CoupsFourres)) + " more",
			"The side that completed the trip also scores:",
			"   trip completed ......... " + itoa(int(u.Trip)),
			"   delayed action ......... " + v(u.Delayed) + " (after the deck ran out)",
			"   safe trip .............. " + v(u.SafeTrip) + " (no " + itoa(engine.Miles200.Miles()) + " played)",
			"   shut-out ............... " + v(u.ShutOut) + " per opponent with no distance at all",
			"   extension .............. " + v(u.Extension) + " (see the previous page)",
			"",
			"The score window (w toggles it with the commands) shows these rows as the",
			"hand goes on; the end-of-hand window shows the whole breakdown.",
		}
		return strings.Join(rows, "\n")
	}},
	{"Playing mille", "Keys", func(m *Model) string {
		rows := []string{
			"Keyboard, the modern way: ←→ (or h l, or 1-6, p) select a card, enter or",
			"space plays it, x discards it. With several opponents a hazard asks which",
			"side to attack: its number, or ←→ and enter.",
			"",
			"Keyboard, the BSD way: u 3 Return uses card 3, d p Return discards the",
			"drawn card; p picks (drawing is automatic anyway), o orders the hand,",
			"w switches the score window and the commands, s saves, q quits, r redraws.",
			"",
			"Mouse: click a card to select it and again to play it; click an opponent's",
			"table to play a hazard there, the discard pile to discard.",
			"",
			"Also: t suggests a move and says why, z undoes your last move, n starts",
			"a new game, L loads a save, i shows your statistics, v reviews the hand",
			"at its end, ? lists every key, b turns the bell off, a changes how fast",
			"the computers move.",
		}
		return strings.Join(rows, "\n")
	}},
}

// itoa spells a number of the rules (the guide computes every one).
func itoa(n int) string { return strconv.Itoa(n) }

// orList joins words as a sentence does: "2, 3 or 6".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

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
func (m *Model) tripBarFor(t *engine.Tableau, trip, w int) string {
	full := int(t.Miles) * w / trip
	return m.styles.BarFull.Render(strings.Repeat("▰", full)) + m.styles.BarEmpty.Render(strings.Repeat("▱", w-full))
}

func (m *Model) openGuide() {
	if m.screen != screenGuide {
		m.back = m.screen
	}
	m.screen = screenGuide
	m.dialog = dialogNone
}

func (m *Model) closeGuide() tea.Cmd {
	m.screen = m.back
	if m.screen == screenGuide {
		m.screen = screenBoard
	}
	return nil
}

func (m *Model) guideKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.PrevPage):
		if m.guide > 0 {
			m.guide--
		}
	case key.Matches(msg, k.NextPage):
		if m.guide < len(guidePages)-1 {
			m.guide++
		} else if key.Matches(msg, k.Play) { // Return on the last page closes
			return m.closeGuide()
		}
	case key.Matches(msg, k.GoPage):
		if n := int(msg.String()[0] - '1'); n < len(guidePages) {
			m.guide = n
		}
	case key.Matches(msg, k.Close), key.Matches(msg, k.Interrupt):
		return m.closeGuide()
	}
	return nil
}

func (m *Model) guideClick(id string) tea.Cmd {
	switch id {
	case "guide-prev":
		if m.guide > 0 {
			m.guide--
		}
	case "guide-next":
		if m.guide < len(guidePages)-1 {
			m.guide++
		}
	case "guide-close":
		return m.closeGuide()
	default:
		if strings.HasPrefix(id, "guide-") {
			if n, err := strconv.Atoi(id[6:]); err == nil && n < len(guidePages) {
				m.guide = n
			}
		}
	}
	return nil
}

// guideLayers draws the current page of the rules guide.
func (m *Model) guideLayers(w, h int) []*layer {
	st := m.styles
	p := guidePages[m.guide]
	x0 := max(0, (w-78)/2)
	layers := []*layer{
		lay(st.Heading.Render("MILLE BORNES · Rules, page " + strconv.Itoa(m.guide+1) + " of " + strconv.Itoa(len(guidePages)) + ": " + p.title)).X(x0).Y(0),
		lay(p.body(m)).X(x0).Y(2),
	}
	// Page tabs and buttons on the last two rows.
	x := x0
	for i, gp := range guidePages {
		label := strconv.Itoa(i+1) + " " + gp.tab
		style := st.Dim
		if i == m.guide {
			style = st.ButtonOn
		}
		layers = append(layers, lay(style.Render(label)).ID("guide-"+strconv.Itoa(i)).X(x).Y(h-3))
		x += width(label) + 1
	}
	prev, next := st.Button, st.Button
	if m.guide == 0 {
		prev = st.Dim
	}
	if m.guide == len(guidePages)-1 {
		next = st.Dim
	}
	layers = append(layers,
		lay(prev.Render("[ ◀ Prev ]")).ID("guide-prev").X(x0).Y(h-1),
		lay(next.Render("[ Next ▶ ]")).ID("guide-next").X(x0+12).Y(h-1),
		lay(st.Button.Render("[ Close ]")).ID("guide-close").X(x0+24).Y(h-1),
		lay(m.shortHelp([]key.Binding{m.keys.PrevPage, m.keys.NextPage, m.keys.GoPage, m.keys.Close}, w-x0-36)).X(x0+36).Y(h-1),
	)
	return layers
}
