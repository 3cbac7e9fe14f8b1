package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/engine"
)

// guidePage is one page of the illustrated rules: a title and a body drawn
// with the game's own card art.
type guidePage struct {
	title string
	body  func(m *Model) string
}

// cardRow draws cards side by side with a caption under each.
func (m *Model) cardRow(cards []engine.Card, captions []string) string {
	parts := make([]string, 0, 2*len(cards))
	for i, c := range cards {
		card := m.styles.card(c, look{})
		if i < len(captions) {
			card += "\n" + m.styles.Dim.Render(center(captions[i], cardW))
		}
		parts = append(parts, card, " ")
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

var guidePages = []guidePage{
	{"The race", func(m *Model) string {
		st := m.styles
		return strings.Join([]string{
			"Each hand is a race: be the first side to put down exactly " + st.Title.Render("700 miles") + " of",
			"distance cards (1000 with four players), while your opponents try to stop",
			"you with hazards. Points are scored every hand; " + st.Title.Render("5000 points") + " win the game.",
			"",
			"On your turn you draw a card (slot " + st.Title.Render("P") + ") and then play or discard one card,",
			"so you hold six between turns. To roll, you need a " + st.chip(engine.Go) + " on your battle pile:",
			"",
			m.cardRow([]engine.Card{engine.Go, engine.Miles75, engine.Miles100, engine.Miles200},
				[]string{"battle", "+75", "+100", "+200"}),
			"",
			"Cards have a colour " + st.Dim.Render("and") + " a mark, so they read without colour too:",
			"  " + st.Kind[engine.Hazard].Render("▲ hazard") + "   " + st.Kind[engine.Remedy].Render("● remedy") + "   " +
				st.Kind[engine.Safety].Render("★ safety") + "   " + st.Kind[engine.Distance].Render("◆ distance"),
		}, "\n")
	}},
	{"Hazards and remedies", func(m *Model) string {
		return strings.Join([]string{
			"Play a hazard on an opponent who is rolling to stop them. Each hazard has",
			"its remedy, which the victim must play on their own pile before going on:",
			"",
			m.cardRow([]engine.Card{engine.OutOfGas, engine.FlatTire, engine.Accident, engine.Stop, engine.SpeedLimit}, nil),
			"   ↓        ↓        ↓        ↓        ↓",
			m.cardRow([]engine.Card{engine.Gasoline, engine.SpareTire, engine.Repairs, engine.Go, engine.EndOfLimit}, nil),
			"",
			"After Gasoline, Spare Tire or Repairs you still need a Go to roll again.",
			"A Speed Limit goes on the speed pile: under it only 25 and 50 may be played,",
			"but you keep rolling. You can't play past the trip, nor more than two 200s.",
		}, "\n")
	}},
	{"Safeties", func(m *Model) string {
		return strings.Join([]string{
			"A safety protects your side for the rest of the hand, is worth 100 points,",
			"and gives you another turn. Right of Way also counts as a permanent Go.",
			"",
			m.cardRow([]engine.Card{engine.ExtraTank, engine.PunctureProof, engine.DrivingAce, engine.RightOfWay},
				[]string{"Out of Gas", "Flat Tire", "Accident", "Stop+Limit"}),
			"",
			"On the board: " + m.safetyRow(&engine.Tableau{Safeties: 0b0101, CoupsFourres: 0b0100}),
			"  ★ played   ✪…! played as a coup fourré   · not yet played",
			"",
			"Playing a safety on its own hazard throws the hazard out (you may still",
			"need a Go, unless it is Right of Way).",
		}, "\n")
	}},
	{"Coup fourré!", func(m *Model) string {
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
			"The hazard goes to the discard pile, your safety scores 100 + 300, you draw",
			"a card to replace it and take an extra turn. mille asks you:",
			"      " + st.Heading.Render("Coup fourré! Play Right of Way?") + "   y yes · n let it pass",
			"If you let it pass, the safety stays in your hand (worth only 100 later).",
		}, "\n")
	}},
	{"The trip and the extension", func(m *Model) string {
		t := engine.Tableau{Miles: 700}
		t.Cards[engine.Miles200] = 1
		t.Cards[engine.Miles100] = 4
		t.Cards[engine.Miles75] = 2
		t.Cards[engine.Miles50] = 2
		return strings.Join([]string{
			"The trip must be reached exactly: a card that would take you past it can't",
			"be played. With 2, 3 or 6 players the trip is 700 miles:",
			"",
			"  " + m.tripBarFor(&t, 700, 28) + "  700/700   " + m.mileCounts(&t, false),
			"",
			"The player who reaches 700 chooses: " + m.styles.Title.Render("stop") + " (the hand ends) or call the",
			m.styles.Title.Render("extension") + " to 1000 for everyone. The extension is worth 200 to the side",
			"that called it if it gets to 1000 first; if not, its opponents get the 200.",
			"",
			"When the deck runs out, play goes on without drawing until nobody holds a",
			"card (bsd rules: until nobody can play).",
		}, "\n")
	}},
	{"Scoring", func(m *Model) string {
		rows := []string{
			"Every side scores, trip completed or not:",
			"   distance played ........ 1 per mile",
			"   each safety ............ 100      all four safeties ... 300 more",
			"   each coup fourré ....... 300 more",
			"The side that completed the trip also scores:",
			"   trip completed ......... 400",
			"   delayed action ......... 300  (after the deck ran out)",
			"   safe trip .............. 300  (no 200 played)",
			"   shut-out ............... 500  per opponent with no distance at all",
			"   extension .............. 200  (see the previous page)",
			"",
			"The score window (w toggles it with the commands) shows these rows as the",
			"hand goes on; the end-of-hand window shows the whole breakdown.",
		}
		return strings.Join(rows, "\n")
	}},
	{"Playing mille", func(m *Model) string {
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
			"Also: z undoes your last move, n starts a new game, ? lists every key,",
			"b turns the bell off, a changes how fast the computers move.",
		}
		return strings.Join(rows, "\n")
	}},
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
		label := strconv.Itoa(i+1) + " " + gp.title
		if len(guidePages)*14 > w {
			label = strconv.Itoa(i + 1)
		}
		style := st.Dim
		if i == m.guide {
			style = st.ButtonOn
		}
		label = ansi12(label)
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
		lay(m.help.ShortHelpView([]key.Binding{m.keys.PrevPage, m.keys.NextPage, m.keys.GoPage, m.keys.Close})).X(x0+36).Y(h-1),
	)
	return layers
}

// ansi12 shortens a tab label so that all tabs fit on an 80-column row.
func ansi12(s string) string {
	r := []rune(s)
	if len(r) > 10 {
		return string(r[:9]) + "…"
	}
	return s
}
