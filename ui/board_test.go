package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/record"
)

// holds reports whether seat holds card c.
func holds(s *engine.State, seat int, c engine.Card) bool {
	for _, h := range s.Hands[seat] {
		if h == c {
			return true
		}
	}
	return false
}

// slotLayer is the drawing of the hand's card at display position pos.
func slotLayer(t *testing.T, m *Model, pos int) string {
	t.Helper()
	id := "slot-" + strconv.Itoa(pos)
	for _, l := range m.layers(m.w, m.h) {
		if l.id == id {
			return l.s
		}
	}
	t.Fatalf("no layer %s", id)
	return ""
}

// TestFlowUnplayableCardsMarked: on the person's turn the cards that can't
// be played now are dimmed and marked ✗ (so without colour too), those
// that can are not, and the selected card's reason reads on the input
// line before it is played.
func TestFlowUnplayableCardsMarked(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool {
		return s.Phase == engine.PhasePlay && s.Tableaus[0].Battle == engine.NoCard &&
			holds(s, 0, engine.Miles75) && holds(s, 0, engine.Go)
	})
	m := newModel(t, resumeAt(t, setup, acts))
	for _, sz := range sizes {
		screenOf(m, sz[0], sz[1])
		miles, goCard := posOf(m, engine.Miles75), posOf(m, engine.Go)
		m.Update(keyMsg(strings.ToLower(slotKey(miles))))
		screen := screenOf(m, sz[0], sz[1])
		contains(t, screen, "Your turn: ◆ 75: you need a Go first · x discards it")
		bottom := func(pos int) string {
			lines := strings.Split(slotLayer(t, m, pos), "\n")
			return ansi.Strip(lines[len(lines)-1])
		}
		if b := bottom(miles); !strings.Contains(b, "✗") {
			t.Errorf("%dx%d: the 75 can't be played and is not marked: %q", sz[0], sz[1], b)
		}
		if b := bottom(goCard); strings.Contains(b, "✗") {
			t.Errorf("%dx%d: the Go can be played and is marked: %q", sz[0], sz[1], b)
		}
		if face := slotLayer(t, m, miles); !strings.Contains(face, m.styles.Dim.open+center("75", cardW-2)) &&
			!strings.Contains(face, m.styles.Dim.open+center("75", bigW-2)) {
			t.Errorf("%dx%d: the 75 is not dimmed:\n%q", sz[0], sz[1], face)
		}
		m.Update(keyMsg(strings.ToLower(slotKey(goCard))))
		if screen := screenOf(m, sz[0], sz[1]); strings.Contains(screen, "need a Go") {
			t.Errorf("%dx%d: a reason is shown for a card that can be played:\n%s", sz[0], sz[1], screen)
		}
	}
	// Enter on the 75 is still refused, with the same words.
	m.Update(keyMsg(strings.ToLower(slotKey(posOf(m, engine.Miles75)))))
	m.Update(keyMsg("enter"))
	if m.message != "You can't play 75 miles: you need a Go first." {
		t.Fatalf("message %q", m.message)
	}
}

// stackCount is the edge of the card under a pile's top card, with the
// pile's count: "╰────×4╯".
var stackCount = regexp.MustCompile(`╰─+×[0-9]+╯`)

// TestLargeTerminalsUseTheRoom: at 120x40 and 200x50 the tables don't
// stretch with empty space: their piles are stacks of cards (a second
// card's edge under the top one, and the count), big cards at 200x50
// with the distance as a stack per value, every box's drawing reaches
// near its right side, the score and the log show together, and no row
// is left empty under the hand.
func TestLargeTerminalsUseTheRoom(t *testing.T) {
	for _, players := range []int{2, 6} {
		m := newModel(t, testConfig(t, players, 7))
		syncPlay(m, 12)
		for _, sz := range [][2]int{{120, 40}, {200, 50}} {
			w, h := sz[0], sz[1]
			screen := screenOf(m, w, h)
			name := fmt.Sprintf("%d players at %dx%d", players, w, h)
			lines := strings.Split(screen, "\n")
			if len(lines) != h || strings.TrimSpace(lines[h-1]) == "" {
				t.Errorf("%s: the screen ends in empty rows:\n%s", name, screen)
			}
			contains(t, screen, "── Score")
			contains(t, screen, "── Recent moves")
			bigPile := "╭Bat" + strings.Repeat("─", bigW-6) + "▲╮"
			if w == 200 && !strings.Contains(screen, "╭200") && !strings.Contains(screen, "╭Bat"+strings.Repeat("┄", bigW-5)+"╮") && !strings.Contains(screen, bigPile) {
				t.Errorf("%s: the tables' cards are not big:\n%s", name, screen)
			}
			stacks := 0
			for side := 0; side < m.obs.Config.Sides(); side++ {
				box := ""
				for _, l := range m.layers(w, h) {
					if l.id == "side-"+strconv.Itoa(side) {
						box = ansi.Strip(l.s)
					}
				}
				rows := strings.Split(box, "\n")
				inner, reach := width(rows[0])-2, 0
				for _, r := range rows[1 : len(rows)-1] {
					reach = max(reach, width(strings.TrimRight(strings.Trim(r, "│┃"), " ")))
				}
				if inner-reach > 16 {
					t.Errorf("%s: side %d's box is %d cells wide, its drawing %d:\n%s", name, side, inner, reach, box)
				}
				if stackCount.MatchString(box) {
					stacks++
				}
			}
			if stacks == 0 {
				t.Errorf("%s: no pile is drawn as a stack:\n%s", name, screen)
			}
		}
	}
}

// handOverText is the text of the end-of-hand window, its words joined
// by single spaces (a long line is wrapped in it).
func handOverText(s shown) string {
	m := s.b()
	var b strings.Builder
	for _, l := range s.layers(m.w, m.h) {
		if l.z == 10 {
			b.WriteString(ansi.Strip(l.s) + " ")
		}
	}
	frame := func(r rune) rune {
		if strings.ContainsRune("║═╔╗╚╝", r) {
			return ' '
		}
		return r
	}
	return strings.Join(strings.Fields(strings.Map(frame, b.String())), " ")
}

// playedTo plays a 2-player game from seed with pick choosing every
// seat's action, until the hand is over, and returns the setup and the
// actions.
func playedTo(t *testing.T, seed uint64, pick func(legal []engine.Action) engine.Action) (record.Game, []engine.Action) {
	t.Helper()
	g, err := local.NewGame(engine.Config{Players: 2}, ai.DefaultLevel, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State
	var acts []engine.Action
	for !s.HandOver() {
		a := pick(s.Legal(nil))
		if s, err = engine.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
	return g, acts
}

// covered reports whether two layers' rectangles meet.
func covered(a, b *layer) bool {
	aw, ah := width(a.s), strings.Count(a.s, "\n")+1
	bw, bh := width(b.s), strings.Count(b.s, "\n")+1
	return a.x < b.x+bw && b.x < a.x+aw && a.y < b.y+bh && b.y < a.y+ah
}

// TestFlowHandOverShowsTheBoardAndWhy: the end-of-hand window leaves the
// final board and the log in view, says why the hand ended (the trip
// completed and by whom, or the deck run out), and w puts it aside to
// show the whole board, then brings it back.
func TestFlowHandOverShowsTheBoardAndWhy(t *testing.T) {
	discard := func(legal []engine.Action) engine.Action {
		for _, a := range legal {
			if a.Kind() == engine.KindDiscard {
				return a
			}
		}
		return legal[0]
	}
	extend := func(legal []engine.Action) engine.Action {
		for _, a := range legal {
			if a.Kind() == engine.KindExtend {
				return a
			}
		}
		return eagerPick(legal)
	}
	tests := []struct {
		name string
		pick func(legal []engine.Action) engine.Action
		why  string
	}{
		{"trip", eagerPick, "completed the trip of 700 miles and stopped there."},
		{"deck", discard, "Nobody completed the trip: the deck ran out and every card was played."},
		{"extension", extend, "the extension"},
	}
	for _, tc := range tests {
		setup, acts := playedTo(t, 7, tc.pick)
		m := newModel(t, resumeAt(t, setup, acts))
		if m.gamePrompt() != promptAnotherHand {
			t.Fatalf("%s: no end of hand", tc.name)
		}
		for _, sz := range sizes {
			screen := screenOf(m, sz[0], sz[1])
			name := fmt.Sprintf("%s at %dx%d", tc.name, sz[0], sz[1])
			if text := handOverText(m); !strings.Contains(text, tc.why) {
				t.Errorf("%s: the window does not say why the hand ended (%q):\n%s", name, tc.why, screen)
			}
			var window *layer
			layers := m.layers(sz[0], sz[1])
			for _, l := range layers {
				if l.z == 10 {
					window = l
				}
			}
			for _, l := range layers {
				if (strings.HasPrefix(l.id, "side-") || l.id == "log") && window != nil && covered(l, window) {
					t.Errorf("%s: the window covers %s:\n%s", name, l.id, screen)
				}
			}
			contains(t, screen, "── Recent moves")
			contains(t, screen, "The hand is over")
			m.Update(keyMsg("w"))
			board := screenOf(m, sz[0], sz[1])
			if strings.Contains(handOverText(m), "End of hand") || !strings.Contains(board, "── Score: hand over") || !strings.Contains(board, "╭1") {
				t.Errorf("%s: w does not show the whole board:\n%s", name, board)
			}
			contains(t, board, "w see the scores")
			m.Update(keyMsg("w"))
			if !strings.Contains(handOverText(m), "End of hand") {
				t.Errorf("%s: w does not bring the window back:\n%s", name, screenOf(m, sz[0], sz[1]))
			}
		}
		m.Update(keyMsg("w"))
		m.Update(keyMsg("y"))
		settleModel(m)
		if m.obs.Phase != engine.PhasePlay {
			t.Fatalf("%s: y with the window aside did not deal the next hand (phase %v)", tc.name, m.obs.Phase)
		}
	}
}

// TestStatusSaysWhatAPlayableCardDoes: the status line tells what the
// selected card would do when it can be played: drive to a total, attack
// someone, start rolling.
func TestStatusSaysWhatAPlayableCardDoes(t *testing.T) {
	setup, acts := findPrefix(t, 2, func(s *engine.State) bool {
		return s.Phase == engine.PhasePlay && s.Tableaus[0].Battle == engine.Go && s.Tableaus[1].Battle == engine.Go &&
			holds(s, 0, engine.Miles25) && holds(s, 0, engine.Stop) && s.Tableaus[0].Speed == engine.NoCard
	})
	m := newModel(t, resumeAt(t, setup, acts))
	screenOf(m, 80, 24)
	miles := int(m.obs.Tableaus[0].Miles) + 25
	m.Update(keyMsg(strings.ToLower(slotKey(posOf(m, engine.Miles25)))))
	contains(t, screenOf(m, 80, 24), fmt.Sprintf("Your turn: ◆ 25: drive to %d", miles))
	m.Update(keyMsg(strings.ToLower(slotKey(posOf(m, engine.Stop)))))
	contains(t, screenOf(m, 80, 24), "Your turn: ▲ Stop: attack "+m.sideName(1))
}

// TestEveryMoveReadableWithThreePlayers: at 80x24 with three players the
// score window keeps its scored items and the moves have the rows under
// them; w shows the whole log in its place, and a summary line too short
// for the moves since the viewer's last turn says how many it leaves out
// and where they are.
func TestEveryMoveReadableWithThreePlayers(t *testing.T) {
	m := newModel(t, testConfig(t, 3, 7))
	syncPlay(m, 4)
	// The moves show without a key, under the score's scored items
	// (issue 34: the summary line said "+8 more (w: log)").
	if screen := screenOf(m, 80, 24); !strings.Contains(screen, "── Recent moves") || !strings.Contains(screen, m.logs.log[len(m.logs.log)-1].text) {
		t.Fatalf("the moves are not in view:\n%s", screen)
	}
	m.Update(keyMsg("w"))
	m.Update(keyMsg("w"))
	screen := screenOf(m, 80, 24)
	if !strings.Contains(screen, "── Recent moves") || !strings.Contains(screen, m.logs.log[len(m.logs.log)-1].text) {
		t.Fatalf("w does not show the log:\n%s", screen)
	}
	m.Update(keyMsg("w"))
	if !m.scores.window || m.scores.logPanel {
		t.Fatal("w three times does not come back to the score window")
	}
	m.logs.recent = nil
	for _, s := range []string{"Ann plays 100", "Bob plays Stop on you", "Cal discards Repairs", "Ann plays 75", "Bob plays 200", "Cal plays Go", "You draw Speed Limit"} {
		m.logs.recent = append(m.logs.recent, recentEvent{text: s})
	}
	line, _ := m.logs.narration(80, 0)
	if !strings.Contains(line, "more (w: log)") || width(line) > 80 {
		t.Fatalf("a summary of %d moves in 80 columns: %q", len(m.logs.recent), line)
	}
}

// TestTurnLineNeverCutsItsReason: a reason too long for the keys after it
// shows whole, without them, rather than cut in the middle with them.
func TestTurnLineNeverCutsItsReason(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	line := "Your turn: ● Go: you must first fix the Flat Tire with a Spare Tire"
	if got := ansi.Strip(m.hand.withKeys(line, " · x discards it", 80)); got != line {
		t.Errorf("at 80 columns: %q", got)
	}
	if got := ansi.Strip(m.hand.withKeys(line, " · x discards it", 100)); got != line+" · x discards it" {
		t.Errorf("at 100 columns: %q", got)
	}
}

// TestLogMarksWhatIsNew: the log's lines since the viewer's last move
// stand out from those they saw already (dim), a hazard against them in
// the hazards' colour; an entry too long for the rows left is not shown
// by its end.
func TestLogMarksWhatIsNew(t *testing.T) {
	m := newModel(t, testConfig(t, 6, 9))
	lg := &m.logs
	lg.log = []logLine{{text: "Ann plays 100 miles", at: 1}, {text: "Bob plays Stop on your team", at: 5, alert: true}, {text: "Cal plays 50 miles", at: 6}}
	lg.since, lg.logOff = 5, 0
	rows, _ := lg.logLines(40, 3)
	want := []string{m.styles.Dim.Render("Ann plays 100 miles"), m.styles.Kind[engine.Hazard].Render("Bob plays Stop on your team"), m.styles.Text.Render("Cal plays 50 miles")}
	if !slices.Equal(rows, want) {
		t.Errorf("the log's rows %q, want %q", rows, want)
	}
	if rows, _ := lg.logLines(12, 3); len(rows) != 2 || ansi.Strip(rows[0]) != "Cal plays 50" {
		t.Errorf("in 12 columns, 3 rows: %q", rows)
	}
}

// TestMovesSinceYourTurnInView: over whole hands with 6 players, at each
// of the viewer's turns every move since their last one is on the
// 100x30 screen, in the log's rows or on the message line, in English and
// French; at 80x24 with 4 and 6 players the message line's "+N more"
// counts only the moves on neither (issue 34: 3 of 7 moves in view, and
// "+5 more (w: log)" for moves the log showed).
func TestMovesSinceYourTurnInView(t *testing.T) {
	more := regexp.MustCompile(`(?:\+|^|· )(\d+) (?:more|de plus)`)
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		for _, players := range []int{4, 6} {
			cfg := testConfig(t, players, 11)
			cfg.Lang = c
			m := newModel(t, cfg)
			settleModel(m)
			for turn := 0; turn < 40 && m.gamePrompt() != promptAnotherHand && m.gamePrompt() != promptAnotherGame; turn++ {
				for _, sz := range [][2]int{{100, 30}, {80, 24}} {
					screen := screenOf(m, sz[0], sz[1])
					missing := 0
					for _, r := range m.logs.recent {
						if !strings.Contains(screen, wrap(r.text, 33)[0]) {
							missing++
						}
					}
					if sz[0] == 100 && players == 6 && missing > 0 {
						t.Fatalf("%s, %d players, turn %d: %d of %d moves since the viewer's turn are not in view:\n%s", c.Name, players, turn, missing, len(m.logs.recent), screen)
					}
					if got := more.FindStringSubmatch(screen); got != nil && got[1] != strconv.Itoa(missing) {
						t.Fatalf("%s, %d players, %dx%d, turn %d: the message line says %s more, %d are not in view:\n%s", c.Name, players, sz[0], sz[1], turn, got[1], missing, screen)
					}
				}
				m.act(humanMove(m))
				settleModel(m)
			}
		}
	}
}
