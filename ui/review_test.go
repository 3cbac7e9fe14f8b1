package ui

import (
	"context"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/save"
)

// reviewedGame is a finished 2-player hand, seat 0 (a person's) played by
// the easy level, seat 1 by the heuristic.
func reviewedGame(t *testing.T) record.Game {
	t.Helper()
	g, err := record.New(engine.DefaultConfig, 3, []record.Seat{{Name: "Ann", Human: true}, {Name: "Computer", Level: "heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	players := []ai.Player{ai.NewNoisy(0.3, 4), ai.NewHeuristic()}
	for !g.State.HandOver() {
		legal := g.State.Legal(nil)
		a := legal[0]
		if len(legal) > 1 {
			obs := engine.Observe(&g.State, g.State.ToAct())
			a = players[g.State.ToAct()].Choose(context.Background(), &obs, legal)
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// analysed is review.Analyse of g for o, made once for the tests that
// share reviewedGame (a hand's review and split take about a second, ten
// times that under the race detector); they only read it.
func analysed(g record.Game, o review.Options) (*review.Review, error) {
	analysedOnce.Do(func() {
		analysedGame, analysedOptions = g, o
		analysedReview, analysedErr = review.Analyse(context.Background(), g, o)
	})
	if !reflect.DeepEqual(g, analysedGame) || !reflect.DeepEqual(o, analysedOptions) {
		return review.Analyse(context.Background(), g, o)
	}
	return analysedReview, analysedErr
}

var (
	analysedOnce    sync.Once
	analysedGame    record.Game
	analysedOptions review.Options
	analysedReview  *review.Review
	analysedErr     error
)

// reviewScreen is the screen over g with its analysis (quick, seed 1)
// done.
func reviewScreen(t *testing.T, g record.Game) *ReviewScreen {
	t.Helper()
	o := review.Options{Depth: review.Quick, Seed: 1}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: review.Analyse, Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analysed(g, o)
	if err != nil {
		t.Fatal(err)
	}
	rs.setReview(r, nil)
	return rs
}

func reviewText(rs *ReviewScreen, w, h int) string {
	rs.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return ansi.Strip(rs.View().Content)
}

func TestGoldenReview(t *testing.T) {
	rs := reviewScreen(t, reviewedGame(t))
	rs.Update(tea.KeyPressMsg{Code: tea.KeyDown}) // the first flagged decision
	if !rs.flagged(rs.cur) {
		t.Fatal("no flagged decision in the hand")
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("flagged_%dx%d", sz[0], sz[1]), func(t *testing.T) {
			golden.RequireEqual(t, reviewText(rs, sz[0], sz[1]))
		})
	}
}

// TestReviewFrench: the hand's line, its chart and the verdicts speak
// the screen's language.
func TestReviewFrench(t *testing.T) {
	g := reviewedGame(t)
	o := review.Options{Depth: review.Quick, Seed: 1}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: review.Analyse, Dark: true, Lang: &lang.French})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analysed(g, o)
	if err != nil {
		t.Fatal(err)
	}
	rs.setReview(r, nil)
	rs.Update(tea.KeyPressMsg{Code: tea.KeyDown}) // the first flagged decision
	screen := reviewText(rs, 120, 40)
	for _, want := range []string{"attendu", "votre jeu", "le leur", "les cartes", "perdus", "les plus coûteux", review.VerdictIn(&lang.French, rs.decisions[rs.moves[rs.cur]].Verdict)} {
		if !strings.Contains(screen, want) {
			t.Errorf("the French review lacks %q:\n%s", want, screen)
		}
	}
	for _, english := range []string{"expected", "skill", "luck", "given away", "costliest", "turns:"} {
		if strings.Contains(screen, english) {
			t.Errorf("the French review says %q:\n%s", english, screen)
		}
	}
}

// TestReviewHeaderSplit: the hand's line splits its result as the
// review measured it (review.Split): expected, the play of each side and
// the cards; while the split is being measured it says so, with no
// figures in its place.
func TestReviewHeaderSplit(t *testing.T) {
	g := reviewedGame(t)
	full := reviewScreen(t, g)
	h := full.rev.Hands[0]
	p := h.Split
	if p == nil {
		t.Fatal("a finished hand without its split")
	}
	want := fmt.Sprintf(" Ann: %d pts (%+d) = expected %+.0f, your play %+.0f, theirs %+.0f, the cards %+.0f", h.Points, h.Result, p.Expected, p.Skill, p.Others, p.Luck)
	if screen := reviewText(full, 120, 40); !strings.Contains(screen, want) || !strings.Contains(screen, fmt.Sprintf("given away %.0f · costliest", h.GivenAway)) {
		t.Errorf("the hand's line is not %q:\n%s", want, screen)
	}

	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{Depth: review.Quick, Seed: 1}, Analyse: review.Analyse})
	if err != nil {
		t.Fatal(err)
	}
	judged := *full.rev
	judged.Hands = []review.Hand{h}
	judged.Hands[0].Split = nil
	rs.Update(reviewJudgedMsg{&judged})
	screen := reviewText(rs, 120, 40)
	if !strings.Contains(screen, fmt.Sprintf(" Ann: %d pts (%+d) · measuring its split…", h.Points, h.Result)) || strings.Contains(screen, "= expected") {
		t.Errorf("the hand's line while its split is measured:\n%s", screen)
	}
	rs.Update(reviewDoneMsg{r: full.rev})
	if screen := reviewText(rs, 120, 40); !strings.Contains(screen, want) || strings.Contains(screen, "measuring") {
		t.Errorf("the hand's line once measured:\n%s", screen)
	}
}

// withHands is r with more hands of its first one's game: for each
// split, a finished hand of seat numbered 2, 3, … (nil: its split not
// measured), without decisions of its own.
func withHands(r *review.Review, seat int, splits ...*review.Split) *review.Review {
	more := *r
	more.Hands = slices.Clone(r.Hands)
	for k, p := range splits {
		h := r.Hands[0]
		h.Seat, h.Hand, h.Split, h.Decisions, h.Costliest = seat, k+2, p, nil, nil
		more.Hands = append(more.Hands, h)
	}
	return &more
}

// TestReviewGameSplit: under the hand's line, a seat with more than one
// hand played out and measured has its split added up over the game's
// measured hands, in the screen's language; at 80x24 it leaves the move
// list its rows, and with several seats it is the first thing to go.
func TestReviewGameSplit(t *testing.T) {
	g := reviewedGame(t)
	rs := reviewScreen(t, g)
	if screen := reviewText(rs, 120, 40); strings.Contains(screen, " game, ") {
		t.Errorf("a review of one hand has a game line:\n%s", screen)
	}
	one := rs.rev
	p := one.Hands[0].Split
	second := &review.Split{Expected: 212, Skill: -1340, Others: 38, Luck: 2875}
	rs.setReview(withHands(one, 0, second, nil), nil) // the third hand not measured
	want := fmt.Sprintf(" game, 2 hands = expected %+.0f, your play %+.0f, theirs %+.0f, the cards %+.0f",
		p.Expected+second.Expected, p.Skill+second.Skill, p.Others+second.Others, p.Luck+second.Luck)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		screen := reviewText(rs, sz[0], sz[1])
		lines := strings.Split(screen, "\n")
		if len(lines) < 3 || !strings.HasPrefix(lines[1], " Ann: ") || strings.TrimRight(lines[2], " ") != truncate(want, sz[0]) { // cut at 80 as the hand's line is
			t.Errorf("%dx%d: the line under the hand's is not %q:\n%s", sz[0], sz[1], want, screen)
		}
		if n := moveRows(rs, sz[0], sz[1]); n < minListRows {
			t.Errorf("%dx%d: the move list has %d rows, want %d at least", sz[0], sz[1], n, minListRows)
		}
	}

	both := withHands(withHands(one, 0, second), 1, second, second)
	both.Hands[2].Hand = 1 // seat 1's hand 1, then 2
	both.Hands[3].Hand = 2
	rs.setReview(both, nil)
	if screen := reviewText(rs, 120, 40); strings.Count(screen, " game, 2 hands = ") != 2 {
		t.Errorf("120x40, two seats: not two game lines:\n%s", screen)
	}
	screen := reviewText(rs, 80, 24)
	if strings.Contains(screen, " game, ") || !strings.Contains(screen, "Computer: ") {
		t.Errorf("80x24, two seats: the game lines are not dropped:\n%s", screen)
	}
	if n := moveRows(rs, 80, 24); n < minListRows {
		t.Errorf("80x24, two seats: the move list has %d rows, want %d at least", n, minListRows)
	}

	fr, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{Depth: review.Quick, Seed: 1}, Analyse: review.Analyse, Lang: &lang.French})
	if err != nil {
		t.Fatal(err)
	}
	fr.setReview(withHands(one, 0, second), nil)
	sum := math.Round(p.Luck + second.Luck)
	if sum < 1000 {
		t.Fatalf("the cards' sum %.0f has no thousands to group", sum)
	}
	wantFr := " partie, 2 manches = attendu "
	cards := "les cartes +" + lang.French.Num(int(sum)) // "+1 990": French groups the thousands
	if screen := reviewText(fr, 120, 40); !strings.Contains(screen, wantFr) || !strings.Contains(screen, cards) {
		t.Errorf("the French game line is not %q … %q:\n%s", wantFr, cards, screen)
	}
}

// moveRows counts the rows of the move list laid out at w×h.
func moveRows(rs *ReviewScreen, w, h int) int {
	rows := map[int]bool{}
	for _, l := range rs.layers(w, h) {
		if strings.HasPrefix(l.id, "move:") {
			rows[l.y] = true
		}
	}
	return len(rows)
}

// TestReviewKeys: the arrows step, ↑↓ jump between flagged decisions,
// Home and End go to the ends, a click on the list picks a move.
func TestReviewKeys(t *testing.T) {
	rs := reviewScreen(t, reviewedGame(t))
	press := func(code rune) { rs.Update(tea.KeyPressMsg{Code: code}) }
	press(tea.KeyRight)
	press(tea.KeyRight)
	if rs.cur != 2 {
		t.Errorf("two steps right: move %d", rs.cur)
	}
	press(tea.KeyLeft)
	if rs.cur != 1 {
		t.Errorf("a step back: move %d", rs.cur)
	}
	press(tea.KeyEnd)
	if rs.cur != len(rs.moves)-1 {
		t.Errorf("End: move %d of %d", rs.cur, len(rs.moves))
	}
	press(tea.KeyHome)
	var flagged []int
	for k := range rs.moves {
		if rs.flagged(k) {
			flagged = append(flagged, k)
		}
	}
	if len(flagged) < 2 {
		t.Fatalf("%d flagged decisions, want two at least", len(flagged))
	}
	for _, want := range flagged {
		press(tea.KeyDown)
		if rs.cur != want {
			t.Fatalf("↓: move %d, want %d", rs.cur, want)
		}
	}
	press(tea.KeyDown) // none after the last: stay
	press(tea.KeyUp)
	if rs.cur != flagged[len(flagged)-2] {
		t.Errorf("↑: move %d, want %d", rs.cur, flagged[len(flagged)-2])
	}

	press(tea.KeyHome)
	rs.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	layers := rs.layers(80, 24)
	var target *layer
	for _, l := range layers {
		if l.id == "move:3" {
			target = l
		}
	}
	if target == nil {
		t.Fatal("move 3 is not on the list")
	}
	rs.Update(tea.MouseClickMsg{X: target.x + 2, Y: target.y, Button: tea.MouseLeft})
	if rs.cur != 3 {
		t.Errorf("click on move 3: move %d", rs.cur)
	}
}

// TestReviewFillsIn: the verdicts show as the analysis makes them.
func TestReviewFillsIn(t *testing.T) {
	g := reviewedGame(t)
	full := reviewScreen(t, g)
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{Depth: review.Quick, Seed: 1}, Analyse: review.Analyse})
	if err != nil {
		t.Fatal(err)
	}
	var first *review.Decision
	for k := range full.moves {
		if full.flagged(k) {
			first = full.decisions[full.moves[k]]
			break
		}
	}
	if first == nil {
		t.Fatal("no flagged decision")
	}
	rs.decided = []review.Decision{*first}
	rs.Update(reviewProgressMsg{1, 20})
	rs.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if rs.moves[rs.cur] != first.Index {
		t.Errorf("↓ while analysing: move %d of the history, want the flagged %d", rs.moves[rs.cur], first.Index)
	}
	if screen := reviewText(rs, 80, 24); !strings.Contains(screen, first.Verdict.String()) || !strings.Contains(screen, "1/20") {
		t.Errorf("the screen does not show the verdict while analysing:\n%s", screen)
	}
}

// TestReviewFlow runs the screen as a program: the moves can be stepped
// through while the analysis runs, the verdicts appear when it ends, and
// q leaves.
func TestReviewFlow(t *testing.T) {
	g := reviewedGame(t)
	release, analysed := make(chan struct{}), make(chan struct{})
	analyse := func(ctx context.Context, g record.Game, o review.Options) (*review.Review, error) {
		o.Progress(0, 3)
		<-release
		defer close(analysed)
		return review.Analyse(ctx, g, o)
	}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{Depth: review.Quick, Seed: 1}, Analyse: analyse, Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, rs, teatest.WithInitialTermSize(80, 24))
	waitFor := func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(ansi.Strip(string(b)), what) },
			teatest.WithDuration(testkit.TimeLeft(t)), teatest.WithCheckInterval(10*time.Millisecond))
	}
	waitFor("The computer is analysing the game")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyRight})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyRight})
	close(release)
	// The hand's review and split take what they take (at load 25, under
	// the race detector, more than the 90 s this test once gave them):
	// the test waits for the analysis itself, then for the screen to say so.
	<-analysed
	waitFor("depth quick")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	tm.WaitFinished(t)
	final := tm.FinalModel(t).(*ReviewScreen)
	if final.rev == nil {
		t.Fatal("the analysis never arrived")
	}
	want := 3
	for !final.flagged(want) {
		want++
	}
	if final.cur != want {
		t.Errorf("two steps, then ↓: move %d, want %d (the first flagged after move 2)", final.cur, want)
	}
}

// TestReviewLastHand: v at the end of a hand reviews that hand: the
// review starts at its first action, and so does the screen's cursor.
func TestReviewLastHand(t *testing.T) {
	g := reviewedGame(t)
	if lastHandStart(&g) != 0 {
		t.Errorf("the first hand starts at %d", lastHandStart(&g))
	}
	first := len(g.History)
	if err := g.Apply(engine.Continue); err != nil {
		t.Fatal(err)
	}
	for !g.State.HandOver() {
		legal := g.State.Legal(nil)
		if err := g.Apply(legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	from := lastHandStart(&g)
	if from != first+1 {
		t.Fatalf("the second hand starts at %d, want %d", from, first+1)
	}
	rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{From: from}, Analyse: review.Analyse})
	if err != nil {
		t.Fatal(err)
	}
	if rs.moves[rs.cur] != from {
		t.Errorf("the screen opens at move %d of the history, want %d", rs.moves[rs.cur], from)
	}
}

// TestReviewFromHandOver: v in the end-of-hand window runs the review of
// the hand in the game's terminal (tea.Exec), and q ends it. Bubble
// Tea's test program cannot type into a program it lends its terminal
// to, so the review's program runs here on a pipe.
func TestReviewFromHandOver(t *testing.T) {
	t.Setenv(save.DirEnv, t.TempDir()) // the review's cache
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 500)
	if m.gamePrompt() != promptAnotherHand {
		t.Fatalf("prompt %v", m.gamePrompt())
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	_, cmd := m.Update(keyMsg("v"))
	if cmd == nil {
		t.Fatal("v at the end of a hand does nothing")
	}
	if msg := fmt.Sprintf("%T", cmd()); msg != "tea.execMsg" {
		t.Fatalf("v gives %s, not a program run in the terminal", msg)
	}

	p, err := m.reviewProgram()
	if err != nil {
		t.Fatal(err)
	}
	if p.screen.moves[p.screen.cur] != lastHandStart(ptr(m.local.Table().Record())) || p.w != 100 || p.h != 30 {
		t.Errorf("the review opens at move %d, %dx%d", p.screen.moves[p.screen.cur], p.w, p.h)
	}
	in, typed := io.Pipe()
	var out testkit.Buffer
	p.SetStdin(in)
	p.SetStdout(&out)
	done := make(chan error, 1)
	go func() { done <- p.Run() }()
	deadline := time.Now().Add(testkit.TimeLeft(t))
	for !strings.Contains(ansi.Strip(out.String()), "Game review") {
		if time.Now().After(deadline) {
			t.Fatalf("no review on the screen:\n%q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	typed.Write([]byte("q"))
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(testkit.TimeLeft(t)):
		t.Fatal("q did not end the review")
	}
}

func ptr[T any](v T) *T { return &v }

// TestReviewMoveListNoWordCut: the review's list of moves names each
// move's player in full and cuts no word at 80x24 and 120x40, with two
// and with six players, in both languages (it showed "Com: discard
// End …", "Com" unexplained).
func TestReviewMoveListNoWordCut(t *testing.T) {
	words := vocabulary(t)
	six, err := record.New(engine.Config{Players: 6}, 9, []record.Seat{{Name: "Ann", Human: true},
		{Name: "Computer 2", Level: "heuristic"}, {Name: "Computer 3", Level: "heuristic"}, {Name: "Computer 4", Level: "heuristic"},
		{Name: "Computer 5", Level: "heuristic"}, {Name: "Computer 6", Level: "heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	h := ai.NewHeuristic()
	for !six.State.HandOver() {
		obs := engine.Observe(&six.State, six.State.ToAct())
		if err := six.Apply(h.Choose(context.Background(), &obs, six.State.Legal(nil))); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range []record.Game{reviewedGame(t), six} {
		for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
			rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: review.Options{Depth: review.Quick, Seed: 1}, Analyse: review.Analyse, Dark: true, Lang: c})
			if err != nil {
				t.Fatal(err)
			}
			for seat := range g.Seats {
				for _, r := range letterRuns(rs.name(seat)) {
					words[r.text] = true
				}
			}
			for _, sz := range [][2]int{{80, 24}, {120, 40}} {
				rs.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				for _, cur := range []int{0, len(rs.moves) / 2, len(rs.moves) - 1} {
					rs.cur = cur
					var list []*layer
					for _, l := range rs.layers(sz[0], sz[1]) {
						if strings.HasPrefix(l.id, "move:") {
							list = append(list, l)
						}
					}
					if len(list) == 0 {
						t.Fatalf("%d players, %s, %dx%d: no move listed", g.State.Config.Players, c.Tag, sz[0], sz[1])
					}
					if bad := cutWords(words, sz[0], sz[1], list); len(bad) > 0 {
						t.Errorf("%d players, %s, %dx%d, move %d:\n%s", g.State.Config.Players, c.Tag, sz[0], sz[1], cur, strings.Join(bad, "\n"))
					}
					for _, l := range list {
						if text := ansi.Strip(l.s); c == &lang.French && (strings.Contains(text, "discard") || strings.Contains(text, "play ")) {
							t.Errorf("a move in English on the French review: %q", text)
						}
					}
				}
			}
		}
	}
}

// TestReviewKeyLineFits: at 80 columns, in both languages, the keys' line
// fits and keeps back (q) and step (←→); a wider screen keeps them all.
func TestReviewKeyLineFits(t *testing.T) {
	g := reviewedGame(t)
	o := review.Options{Depth: review.Quick, Seed: 1}
	r, err := analysed(g, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    *lang.Catalogue
		w, h int
		want []string
	}{
		{&lang.English, 80, 24, []string{"q " + lang.English.T(lang.RvKeyBack), "←→ " + lang.English.T(lang.RvKeyStep)}},
		{&lang.French, 80, 24, []string{"q " + lang.French.T(lang.RvKeyBack), "←→ " + lang.French.T(lang.RvKeyStep)}},
		{&lang.English, 100, 30, []string{"q back", "←→ step", "↑↓", "pgup/pgdn", "home/end"}},
		{&lang.French, 100, 30, []string{"q retour", "←→ coup à coup", "↑↓", "pgup/pgdn", "home/end"}},
	} {
		rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: review.Analyse, Dark: true, Lang: tc.c})
		if err != nil {
			t.Fatal(err)
		}
		rs.setReview(r, nil)
		lines := strings.Split(reviewText(rs, tc.w, tc.h), "\n")
		last := lines[len(lines)-1]
		if width(last) > tc.w {
			t.Errorf("%s %dx%d: the keys' line is %d wide: %q", tc.c.Tag, tc.w, tc.h, width(last), last)
		}
		for _, want := range tc.want {
			if !strings.Contains(last, want) {
				t.Errorf("%s %dx%d: no %q in the keys' line %q", tc.c.Tag, tc.w, tc.h, want, last)
			}
		}
	}
}
