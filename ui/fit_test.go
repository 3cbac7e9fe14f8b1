package ui

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// vocabulary is every word the local game's texts are made of: the runs
// of letters in the string literals of the packages it draws from. A
// literal of one letter alone is a key's name, not a word: "G" is no word,
// so "Out of G" is a word cut. The words a literal ends with "…" ("is
// thinking…") are kept with the "…" too: only those may end so.
func vocabulary(t *testing.T) map[string]bool {
	t.Helper()
	words := map[string]bool{}
	for _, dir := range []string{".", "../engine", "../table", "../save", "../ai", "../local", "../lang", "../names", "../review"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || len([]rune(s)) < 2 {
					return true
				}
				runes := []rune(s)
				for _, w := range letterRuns(s) {
					words[w.text] = true
					if w.end < len(runes) && runes[w.end] == '…' {
						words[w.text+"…"] = true
					}
				}
				return true
			})
		}
	}
	return words
}

// run is a run of letters in a line of text, and the cells it takes.
type run struct {
	text       string
	start, end int // cells [start, end)
}

// letterRuns splits a line into its runs of letters, with their cells.
func letterRuns(line string) []run {
	var runs []run
	var b strings.Builder
	cell, start := 0, -1
	flush := func() {
		if start >= 0 {
			runs = append(runs, run{b.String(), start, cell})
			b.Reset()
			start = -1
		}
	}
	for _, r := range line {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = cell
			}
			b.WriteRune(r)
		} else {
			flush()
		}
		cell += max(ansi.StringWidth(string(r)), 1)
	}
	flush()
	return runs
}

// rightEdges are what a box's right side is drawn with.
const rightEdges = "│┃║┆"

// cutWords lists the words cut at the edge of a box or of the screen on a
// w x h screen drawn from layers: a layer line running past the right
// edge or below the bottom, text hidden under another layer (dialogs,
// raised layers, may cover the board), a word the game's texts don't
// have ("Tir", "Lim" cut from "Tire", "Limit"), a word ending in "…" that
// no text ends so ("can't be…", "sa…": the text was shortened), or a
// single letter against a box's right side or the screen's edge ("· l┃",
// cut from "limit").
func cutWords(words map[string]bool, w, h int, layers []*layer) []string {
	var bad []string
	owner := make([][]int, h)
	for y := range owner {
		owner[y] = make([]int, w)
		for x := range owner[y] {
			owner[y][x] = -1
		}
	}
	for i, l := range layers {
		for j, line := range strings.Split(l.s, "\n") {
			plain := ansi.Strip(line)
			if strings.TrimSpace(plain) == "" {
				continue
			}
			y := l.y + j
			switch {
			case y >= h:
				bad = append(bad, fmt.Sprintf("row %d is under the screen: %q", y, plain))
				continue
			case l.x+width(line) > w:
				bad = append(bad, fmt.Sprintf("row %d runs past the edge: %q", y, plain))
			}
			if l.z > 0 {
				continue
			}
			cell := l.x
			for _, r := range plain {
				if cell < w && r != ' ' {
					if o := owner[y][cell]; o >= 0 && o != i {
						bad = append(bad, fmt.Sprintf("row %d: %q is drawn over %q", y, plain, ansi.Strip(layers[o].s)))
						break
					}
					owner[y][cell] = i
				}
				cell += max(ansi.StringWidth(string(r)), 1)
			}
		}
	}
	// The board and the dialogs over it are read apart: a dialog covers
	// the board, and what shows of the board beside it is cut on purpose.
	var flat, raised []*layer
	for _, l := range layers {
		if l.z > 0 {
			raised = append(raised, l)
		} else {
			flat = append(flat, l)
		}
	}
	for _, part := range [][]*layer{flat, raised} {
		screen := ansi.Strip(drawLayers(w, h, part, nil))
		for y, line := range strings.Split(screen, "\n") {
			cells := []rune(line)
			// A figure cut short: "les cartes -8…", not a range "-950…-195".
			for i := 1; i < len(cells); i++ {
				if cells[i] == '…' && unicode.IsDigit(cells[i-1]) && (i+1 == len(cells) || !strings.ContainsRune("+-0123456789", cells[i+1])) {
					bad = append(bad, fmt.Sprintf("row %d: a figure is cut short: %q", y, line))
				}
			}
			for _, r := range letterRuns(line) {
				after := ' '
				if r.end < len(cells) {
					after = cells[r.end]
				}
				switch {
				case after == '…' && !words[r.text+"…"]:
					bad = append(bad, fmt.Sprintf("row %d: %q is cut short: %q", y, r.text+"…", line))
				case !words[r.text]:
					bad = append(bad, fmt.Sprintf("row %d: %q is no word of the game's: %q", y, r.text, line))
				case len([]rune(r.text)) == 1 && (strings.ContainsRune(rightEdges, after) || r.end == w):
					bad = append(bad, fmt.Sprintf("row %d: %q alone at an edge: %q", y, r.text, line))
				}
			}
		}
	}
	return bad
}

// lostPrompt says what the board's input line should show and does not
// on screen: "Your turn:" on the player's turn, each side a hazard may
// be played on at the target question. A line of recent moves wrapped
// over it, or a cut, hid them.
func lostPrompt(m shown, screen string) []string {
	b := m.b()
	if b.screen != screenBoard || b.overlaid() || b.curtain() || b.gamePrompt() != promptNone || b.hand.pending != 0 || b.message != "" {
		return nil
	}
	var want []string
	switch {
	case b.hand.target != engine.NoCard:
		want = append(want, strings.TrimSpace(b.t(lang.UITargetHead, b.lang.Card(b.hand.target))))
		for i, o := range b.view.Opponents() {
			want = append(want, fmt.Sprintf("[%d] %s", i+1, b.sideName(o)))
		}
	case b.obs.MyTurn() && b.obs.Phase == engine.PhasePlay && !b.obs.Onlooker && !b.hints.On():
		want = append(want, strings.TrimSpace(b.t(lang.UIYourTurnHead)))
	}
	var lost []string
	for _, s := range want {
		if !strings.Contains(screen, s) {
			lost = append(lost, fmt.Sprintf("the input line's %q is not on screen", s))
		}
	}
	return lost
}

// statsText and shutdownNotice are texts the game is given to show.
const (
	statsText      = "Games played 3, won 2\nBest hand 1500 points\n"
	shutdownNotice = "The server is shutting down. The game is saved: come back to room sunday-afternoon-12 later."
)

// screenCase is one screen of the local game, set up on a model.
type screenCase struct {
	name string
	m    shown
	set  func(m *Model) // nil: the model as it is (a local model's)
}

// localScreens are every screen, dialog and guide page of the local game,
// and the board of a remote table with a long notice.
func localScreens(t *testing.T) []screenCase {
	t.Helper()
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	board := func(players int, seed uint64, moves int) *Model {
		m := newModel(t, testConfig(t, players, seed))
		syncPlay(m, moves)
		return m
	}
	two, three, four, six := board(2, 7, 6), board(3, 5, 8), board(4, 5, 12), board(6, 9, 6)
	cases := []screenCase{
		{"board2", two, nil},
		{"commands", two, func(m *Model) { m.scores.window = false }},
		{"board3", three, nil},
		{"board4", four, nil},
		{"board6", six, nil},
		// The last move's marker on each side's title, with the longest
		// names of cards: "◀ Puncture…" was cut at 80 columns.
		{"board6flash", six, func(m *Model) { m.tables.flash, m.tables.flashTo = engine.PunctureProof, 1 }},
		{"board6flashown", six, func(m *Model) { m.tables.flash, m.tables.flashTo = engine.SpeedLimit, 0 }},
		{"board6flashlast", six, func(m *Model) { m.tables.flash, m.tables.flashTo = engine.EndOfLimit, 2 }},
		{"target", three, func(m *Model) { m.hand.target, m.hand.tsel = engine.Stop, 1 }},
		// The target question names every other side: three camps at 6.
		{"target4", four, func(m *Model) { m.hand.target, m.hand.tsel = engine.SpeedLimit, 1 }},
		{"target6", six, func(m *Model) { m.hand.target, m.hand.tsel = engine.SpeedLimit, 1 }},
		{"quit6", six, func(m *Model) { m.dialog = dialogQuit }},
		{"keys4", four, func(m *Model) { m.keysHelp = &keysWindow{} }},
		{"keys6", six, func(m *Model) { m.keysHelp = &keysWindow{} }},
		{"bsd", two, func(m *Model) { m.hand.pending, m.hand.pendSlot = 'u', 1 }},
		{"quit", two, func(m *Model) { m.dialog = dialogQuit }},
		{"replace", two, func(m *Model) { m.asking = askReplace }},
		{"guideoffer", two, func(m *Model) { m.asking = askGuideOffer }},
		{"resume", two, func(m *Model) { m.asking = askResume }},
		{"keys", two, func(m *Model) { m.keysHelp = &keysWindow{} }},
		{"stats", two, func(m *Model) {
			m.stats = &statsWindow{text: statsText}
		}},
		{"saveas", two, func(m *Model) { runCmd(m, m.startSave(afterSaveNothing)) }},
		{"load", two, func(m *Model) { runCmd(m, m.openLoad()) }},
		{"newgame", two, func(m *Model) { m.openNewGame() }},
		{"newgame6", six, func(m *Model) { m.openNewGame(); m.setup.form.set(0, 3) }},
		{"newgamedujardin", two, func(m *Model) { m.openNewGame(); m.setup.form.set(1, 2) }},
		{"newgamedujardin500", two, func(m *Model) { m.openNewGame(); m.setup.form.set(1, 3) }},
	}
	for i := range guidePages {
		cases = append(cases, screenCase{fmt.Sprintf("guide%d", i+1), two, func(m *Model) { m.openGuide(); m.guide.page = i }})
	}
	for _, p := range []struct {
		name string
		cond func(s *engine.State) bool
	}{
		{"board3limit", func(s *engine.State) bool {
			// "stopped: needs Repairs · limit 25/50" was cut at 120x40
			for side := 0; side < s.Sides(); side++ {
				if t := &s.Tableaus[side]; t.Battle.IsHazard() && t.Battle != engine.Stop && t.Limited() && s.Sides() == 3 {
					return true
				}
			}
			return false
		}},
		{"coupfourre", func(s *engine.State) bool { return s.Phase == engine.PhaseCoupFourre }},
		{"extension", func(s *engine.State) bool { return s.Phase == engine.PhaseExtension }},
	} {
		players := 2
		if p.name == "board3limit" {
			players = 3
		}
		setup, acts := findPrefix(t, players, p.cond)
		cases = append(cases, screenCase{p.name, newModel(t, resumeAt(t, setup, acts)), nil})
	}
	// A safety laid on the hazard it parries: the line of recent moves
	// said "La défausse reçoit Crevaison : l'attaque contre votre équipe
	// tombe · 2 de plus (w : journal)" on two rows, over the turn's.
	for _, players := range []int{2, 4, 6} {
		setup, acts := findPrefix(t, players, func(s *engine.State) bool {
			return s.Phase == engine.PhasePlay && s.Tableaus[0].Battle == engine.FlatTire && slices.Contains(s.Hands[0][:], engine.PunctureProof)
		})
		m := newModel(t, resumeAt(t, setup, acts))
		settleModel(m)
		m.act(engine.Play(engine.PunctureProof))
		settleModel(m)
		cases = append(cases, screenCase{fmt.Sprintf("safety%d", players), m, nil})
	}
	for _, players := range []int{2, 3, 4, 6} {
		m := newModel(t, testConfig(t, players, 7))
		syncPlay(m, 1000)
		cases = append(cases, screenCase{fmt.Sprintf("handover%d", players), m, nil})
	}
	over := newModel(t, testConfig(t, 2, 7))
	for i := 0; i < 40 && over.gamePrompt() != promptAnotherGame; i++ {
		syncPlay(over, 1000)
		if over.gamePrompt() == promptAnotherHand {
			over.answer(true)
		}
	}
	cases = append(cases, screenCase{"gameover", over, nil})
	hot := newModel(t, testConfig(t, 2, 7))
	hot.openNewGame()
	hot.setup.form.set(2, 4)
	hot.startNew()
	hot.act(humanMove(hot))
	seeMove(hot)
	cases = append(cases, screenCase{"curtain", hot, nil})

	s, err := engine.New(engine.Config{Players: 2, Rules: engine.Standard}, 7)
	if err != nil {
		t.Fatal(err)
	}
	st := frozen(s, 0, []string{"Ann", "Bob"}, []bool{true, true}, nil)
	remote, err := NewRemote(RemoteConfig{Table: st, Options: remoteOptions(), Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	v := st.view
	v.Notice = table.Notice{Kind: table.NoticeShutdown, Name: "sunday-afternoon-12"}
	remote.Update(v)
	cases = append(cases, screenCase{"notice", remote, nil})
	// A served game's end of hand, Bob away: the score's column was
	// headed "Bob…" (Bob (away), cut) at 80 columns.
	for _, players := range []int{2, 3} {
		st := frozen(handOver(t, players, 7), 0, []string{"Ann", "Bob", "Cal"}[:players], []bool{true, true, true}[:players], nil)
		st.view.Seats[1].Connected = false
		served, err := NewRemote(RemoteConfig{Table: st, Options: remoteOptions(), Dark: true, Lang: testLang})
		if err != nil {
			t.Fatal(err)
		}
		served.Update(st.view)
		cases = append(cases, screenCase{fmt.Sprintf("served_handover%d", players), served, nil})
	}
	// q at a served table, rated or not: the French question of a rated
	// game was wider than 80 columns, its box cut at the screen's edge and
	// its buttons drawn astray.
	for _, rated := range []bool{false, true} {
		st := frozen(s, 0, []string{"Ann", "Bob"}, []bool{true, true}, nil)
		st.view.Rated = rated
		served, err := NewRemote(RemoteConfig{Table: st, Options: remoteOptions(), Dark: true, Lang: testLang})
		if err != nil {
			t.Fatal(err)
		}
		served.Update(keyMsg("q"))
		cases = append(cases, screenCase{fmt.Sprintf("served_leave_rated%v", rated), served, nil})
	}
	return cases
}

// everyScreen are localScreens and, at 4 and 6 players, every one of them
// localScreens draws over a board of 2 only: its windows, dialogs and
// guide pages over three boxes, a hand's questions, a game's end, the
// curtain. Their names end in _4p and _6p.
func everyScreen(t *testing.T) []screenCase {
	t.Helper()
	cases := localScreens(t)
	over := []string{"commands", "quit", "replace", "guideoffer", "resume", "keys", "stats", "saveas", "load", "newgame"}
	for i := range guidePages {
		over = append(over, fmt.Sprintf("guide%d", i+1))
	}
	var more []screenCase
	for _, players := range []int{4, 6} {
		m := newModel(t, testConfig(t, players, 5))
		syncPlay(m, 6)
		for _, c := range cases {
			if slices.Contains(over, c.name) {
				more = append(more, screenCase{fmt.Sprintf("%s_%dp", c.name, players), m, c.set})
			}
		}
		for _, p := range []struct {
			name string
			cond func(s *engine.State) bool
		}{
			{"coupfourre", func(s *engine.State) bool { return s.Phase == engine.PhaseCoupFourre }},
			{"extension", func(s *engine.State) bool { return s.Phase == engine.PhaseExtension }},
		} {
			if p.name == "extension" && !(engine.Config{Players: players}).HasExtension() {
				continue // a trip of 1000 at 4: no extension
			}
			setup, acts := findPrefix(t, players, p.cond)
			more = append(more, screenCase{fmt.Sprintf("%s_%dp", p.name, players), newModel(t, resumeAt(t, setup, acts)), nil})
		}
		over := newModel(t, testConfig(t, players, 7))
		for i := 0; i < 40 && over.gamePrompt() != promptAnotherGame; i++ {
			syncPlay(over, 1000)
			if over.gamePrompt() == promptAnotherHand {
				over.answer(true)
			}
		}
		more = append(more, screenCase{fmt.Sprintf("gameover_%dp", players), over, nil})
		hot := newModel(t, testConfig(t, 2, 7))
		hot.openNewGame()
		hot.setup.form.set(0, slices.Index(engine.PlayerCounts[:], players))
		hot.setup.form.set(2, 4)
		hot.startNew()
		hot.act(humanMove(hot))
		seeMove(hot)
		more = append(more, screenCase{fmt.Sprintf("curtain_%dp", players), hot, nil})
	}
	return append(cases, more...)
}

// lostKeys says which keys of the footer its line leaves out for want
// of room: a key the line does not show is lost, but where the line
// offers the keys' window ("? more keys") and the window lists it.
func lostKeys(m shown, line string) []string {
	var footer []key.Binding
	switch m := m.(type) {
	case *Model:
		footer = m.footer()
	case *Board:
		footer = m.footer()
	}
	b := m.b()
	more := b.keys.Help.Help()
	window := b.keysHelp == nil && strings.Contains(line, more.Key+" "+more.Desc)
	listed := map[string]bool{}
	if window {
		for _, col := range b.keysNow(true).FullHelp() {
			for _, k := range col {
				listed[k.Help().Key+" "+k.Help().Desc] = true
			}
		}
	}
	var lost []string
	for _, k := range footer {
		if !k.Enabled() || k.Help().Desc == "" {
			continue
		}
		item := k.Help().Key + " " + k.Help().Desc
		if !strings.Contains(line, item) && !listed[item] {
			lost = append(lost, fmt.Sprintf("the key %q is not on the line of keys %q", item, line))
		}
	}
	return lost
}

// noHint answers no hint: a board with a hint's key, as play has.
func noHint(_ context.Context, _ *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
	return legal[0], 0
}

// handOver is the game of players dealt from seed, played by the eager
// policy to the end of its first hand.
func handOver(t *testing.T, players int, seed uint64) engine.State {
	t.Helper()
	s, err := engine.New(engine.Config{Players: players, Rules: engine.Standard}, seed)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]engine.Action, 0, engine.MaxLegal)
	for s.Phase != engine.PhaseHandOver {
		if s, err = engine.Apply(s, eagerPick(s.Legal(buf[:0]))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// runCmd runs a command and the commands it gives, feeding their messages
// back, as the program would (a folder read by a picker).
func runCmd(m shown, cmd tea.Cmd) {
	for cmd != nil {
		msg := cmd()
		if msg == nil {
			return
		}
		_, cmd = m.Update(msg)
	}
}

// TestNoWordCut draws every screen, dialog and guide page of the local
// game (everyScreen: with 2, 4 and 6 players) at 80x24 and at 120x40, and
// at 100x30 and 200x50 too, and fails on a word cut at the edge of a box
// or of the screen, or a key its line of keys leaves out.
func TestNoWordCut(t *testing.T) {
	testFit(t, everyScreen(t), append(sizes[:len(sizes):len(sizes)], [2]int{100, 30}, [2]int{200, 50}))
}

// testFit draws each screen at each size, with a hint's key as in play,
// and fails on a word cut, a prompt or a key lost.
func testFit(t *testing.T, cases []screenCase, sizes [][2]int) {
	words := vocabulary(t)
	// The texts that come from elsewhere: the temporary folders, the
	// statistics and the server's notice of the screens below. A verb
	// takes an s after a name: "Computer stops".
	for _, text := range []string{os.TempDir(), t.TempDir(), statsText, shutdownNotice} {
		for _, r := range letterRuns(text) {
			words[r.text] = true
		}
	}
	for w := range words {
		words[w+"s"] = true
	}
	for _, c := range cases {
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				m := c.m
				defer m.keep()()
				m.b().hintFn = noHint
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				if c.set != nil {
					c.set(m.(*Model))
				}
				screen := ansi.Strip(m.View().Content)
				bad := cutWords(words, sz[0], sz[1], m.layers(sz[0], sz[1]))
				bad = append(bad, lostPrompt(m, screen)...)
				for _, l := range m.layers(sz[0], sz[1]) {
					if l.id == "help" {
						bad = append(bad, lostKeys(m, ansi.Strip(l.s))...)
					}
				}
				if len(bad) > 0 {
					t.Errorf("%s", strings.Join(bad, "\n"))
					t.Logf("\n%s", screen)
				}
			})
		}
	}
}
