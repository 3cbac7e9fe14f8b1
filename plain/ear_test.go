package plain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
	"github.com/millebornes/mille/table"
)

// TestHintTypedAhead: a hint typed with the move after it (a pipe, a fast
// typist) is told before that move is played: the lines typed ahead wait
// for the hint instead of cancelling it.
func TestHintTypedAhead(t *testing.T) {
	release := make(chan struct{})
	hint := func(ctx context.Context, _ *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return legal[0], ai.WhyBest
	}
	tab := newTable(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
	r := start(t, tab, Options{Hint: hint})
	r.until(func(l string) bool { return asks(l, lang.Turn) })
	r.send("hint")
	r.send("discard 1")
	close(release)
	var hinted bool
	r.until(func(l string) bool {
		hinted = hinted || strings.HasPrefix(l, sentence(lang.Hint))
		return strings.HasPrefix(l, "You discard")
	})
	if !hinted {
		t.Errorf("the hint typed ahead was not told before the move after it; the transcript ends:\n%s", tail(r.out.String(), 12))
	}
}

// TestMoveTypedAhead: a move typed while the computer is still to play
// waits for the player's turn instead of being refused.
func TestMoveTypedAhead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		seats := []record.Seat{{Name: "Ann", Level: "slow"}, {Name: "Me", Human: true}}
		g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 1, seats)
		if err != nil {
			t.Fatal(err)
		}
		newPlayer := func(string, uint64) (ai.Player, error) { return slowComputer{took: 3 * moment}, nil }
		tab, err := table.FromRecord("", g, []string{"", localUser}, localUser, false, table.Config{Level: "slow", NewPlayer: newPlayer}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tab.Close)
		r := start(t, tab, Options{})
		r.until(func(l string) bool { return strings.HasPrefix(l, "Mille Bornes") })
		r.send("discard 1")
		l := r.until(func(l string) bool {
			return strings.HasPrefix(l, "You discard") || strings.HasPrefix(l, sentence(lang.WaitTurn))
		})
		if !strings.HasPrefix(l, "You discard") {
			t.Errorf("a move typed before its turn: %q; the transcript:\n%s", l, r.out)
		}
	})
}

// playTurns plays n of the person's turns with readMove, and returns the
// last turn line, unanswered.
func playTurns(t *testing.T, r *rig, n int, rng *rand.Rand) string {
	t.Helper()
	for {
		l := r.until(func(l string) bool { return asks(l, lang.Turn) || strings.HasSuffix(l, "Yes or no.") })
		if !asks(l, lang.Turn) {
			r.send("no") // a coup fourré or the extension: play on
			continue
		}
		if n == 0 {
			return l
		}
		n--
		r.send(readMove(t, l, rng))
	}
}

// lines sends cmd and reads what it says, up to the marker typed after
// it (an unknown command, answered with one line).
func (r *rig) lines(cmd string) []string {
	r.t.Helper()
	r.send(cmd)
	r.send("zzmark")
	var out []string
	for {
		l, ok := r.next()
		if !ok || strings.Contains(l, `"zzmark"`) {
			return out
		}
		out = append(out, l)
	}
}

// TestSummary: summary tells the table in one line: whose turn, each
// side's miles and state, the player first, and the hand by names.
func TestSummary(t *testing.T) {
	tab := newTable(t, engine.Config{Players: 3, Rules: engine.Standard}, 11, "heuristic", 0)
	r := start(t, tab, Options{})
	playTurns(t, r, 4, rand.New(rand.NewPCG(11, 0)))
	got := r.lines("summary")
	if len(got) != 1 {
		t.Fatalf("summary said %d lines: %q", len(got), got)
	}
	st := tab.State()
	l := got[0]
	for _, want := range []string{"Your turn. You: ", fmt.Sprintf("You: %d miles, ", st.Tableaus[0].Miles),
		fmt.Sprintf("; Ann: %d miles, ", st.Tableaus[1].Miles), fmt.Sprintf("; Bob: %d miles, ", st.Tableaus[2].Miles), ". You hold "} {
		if !strings.Contains(l, want) {
			t.Errorf("summary %q lacks %q", l, want)
		}
	}
	for _, c := range st.Hands[0] {
		if c != engine.NoCard && !strings.Contains(l, lang.English.Card(c)) {
			t.Errorf("summary %q does not name %s", l, lang.English.Card(c))
		}
	}
	if got := r.lines("résumé"); len(got) != 1 || got[0] != l {
		t.Errorf("résumé said %q, want %q", got, l)
	}
}

// TestHistoryByKind: history walks the messages back, all of them or one
// kind: the player's moves, the others', the attacks; the same history
// again goes further back; repeat says the last message.
func TestHistoryByKind(t *testing.T) {
	tab := newTable(t, engine.Config{Players: 3, Rules: engine.Standard}, 12, "heuristic", 0)
	r := start(t, tab, Options{})
	playTurns(t, r, 14, rand.New(rand.NewPCG(12, 0)))
	check := func(cmd, head string, ok func(string) bool) []string {
		t.Helper()
		got := r.lines(cmd)
		if len(got) < 2 || got[0] != head {
			t.Fatalf("%s: %q", cmd, got)
		}
		for _, l := range got[1:] {
			if !ok(l) {
				t.Errorf("%s told %q", cmd, l)
			}
		}
		return got[1:]
	}
	mine := func(l string) bool { return strings.HasPrefix(l, "You ") }
	check("history mine", lang.English.Text[lang.HistMine], mine)
	check("history others", lang.English.Text[lang.HistOthers], func(l string) bool { return !mine(l) })
	check("historique attaques", lang.English.Text[lang.HistAttacks], func(l string) bool {
		return strings.Contains(l, " on ") || strings.HasPrefix(l, "Coup fourré")
	})
	all := check("history", lang.English.Text[lang.HistAll], func(string) bool { return true })
	if len(all) != logShown {
		t.Errorf("history told %d messages, want %d", len(all), logShown)
	}
	earlier := check("history", lang.English.Text[lang.HistEarlier], func(string) bool { return true })
	if len(earlier) == 0 {
		t.Error("history again told nothing earlier")
	}
	if got := r.lines("repeat"); len(got) != 1 || got[0] != all[len(all)-1] {
		t.Errorf("repeat said %q, want the last message %q", got, all[len(all)-1])
	}
	if got := r.lines("history xyz"); len(got) != 1 || !strings.HasPrefix(got[0], "History of ") {
		t.Errorf("history xyz: %q", got)
	}
}

// TestBrief: brief leaves out the miles before each turn and tells the
// short turn line (the cards by what they can do, without why not);
// verbose brings the miles and every card's slot and why back.
func TestBrief(t *testing.T) {
	tab := newTable(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
	r := start(t, tab, Options{})
	rng := rand.New(rand.NewPCG(3, 0))
	turn := playTurns(t, r, 0, rng)
	r.send("brief")
	r.until(func(l string) bool { return l == lang.English.Text[lang.BriefOn] })
	r.send(readMove(t, turn, rng))
	r.until(func(l string) bool { return strings.HasPrefix(l, "You ") })
	var before []string
	turn = r.until(func(l string) bool {
		before = append(before, l)
		return asks(l, lang.Turn)
	})
	for _, l := range before {
		if strings.HasPrefix(l, "You have ") {
			t.Errorf("brief told the miles before the turn: %q", l)
		}
	}
	if strings.HasSuffix(turn, "Play or discard?") || strings.Contains(turn, "(play)") {
		t.Errorf("brief told the full turn: %q", turn)
	}
	r.send("verbose")
	r.until(func(l string) bool { return l == lang.English.Text[lang.VerboseOn] })
	r.send("r")
	if l, _ := r.next(); !strings.HasPrefix(l, "You have ") {
		t.Errorf("verbose: the turn again starts %q, want the miles", l)
	}
	if l, _ := r.next(); !strings.HasSuffix(l, "Play or discard?") {
		t.Errorf("verbose: the turn again is %q, want the full one", l)
	}
}

// quickReview is the review at its quickest depth, for the tests.
func quickReview(ctx context.Context, g record.Game, o review.Options) (*review.Review, error) {
	o.Depth = review.Quick
	return review.Analyse(ctx, g, o)
}

// handPlayed is a 2-player game whose first hand seat 0 played at
// random to its end.
func handPlayed(t *testing.T, seed uint64) record.Game {
	g := newRecord(t, engine.Config{Players: 2, Rules: engine.Standard}, seed, "heuristic", 0)
	rng := rand.New(rand.NewPCG(seed, 9))
	heur := ai.NewHeuristic()
	for !g.State.HandOver() {
		legal := g.State.Legal(nil)
		a := legal[rng.IntN(len(legal))]
		if g.State.ToAct() != 0 {
			obs := engine.Observe(&g.State, g.State.ToAct())
			a = heur.Choose(context.Background(), &obs, legal)
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestReviewCommand: at the end of a hand the line mode offers the
// review, and review tells it in sentences: the result and its split
// into expected, skill and luck, each decision that gave points away
// with its verdict and why, the turning points, the rating.
func TestReviewCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("a review takes seconds")
	}
	g := handPlayed(t, 21)
	tab := tableFor(t, g, "heuristic")
	reviewed := make(chan *review.Review, 1)
	keep := func(ctx context.Context, g record.Game, o review.Options) (*review.Review, error) {
		rv, err := quickReview(ctx, g, o)
		reviewed <- rv
		return rv, err
	}
	r := start(t, tab, Options{Review: keep, Record: tab.Record})
	r.until(func(l string) bool { return l == lang.English.Text[lang.RvlOffer] })
	r.until(func(l string) bool { return l == lang.English.Text[lang.AnotherHand] })
	r.send("review")
	r.until(func(l string) bool { return l == lang.English.Text[lang.RvlStarted] })
	// The search is waited for here, bounded by the test's own timeout:
	// on a busy machine it can take longer than the rig's wait for a line.
	rv := <-reviewed
	var said []string
	r.until(func(l string) bool {
		said = append(said, l)
		return strings.HasPrefix(l, "Your play: ")
	})
	text := strings.Join(said, "\n")
	if rv == nil || len(rv.Hands) != 1 || rv.Hands[0].Split == nil {
		t.Fatalf("the review of the hand has no split: %+v", rv)
	}
	// The hand's split said as it was measured: every term, signed in
	// words.
	p := rv.Hands[0].Split
	points := func(n int) string { return lang.English.Count(n, lang.CountPoint) } // "1 point", "2 points"
	words := func(x float64, up, down string) string {
		if n := int(math.Round(x)); n < 0 {
			return fmt.Sprintf(down, points(-n))
		}
		return fmt.Sprintf(up, points(int(math.Round(x))))
	}
	split := fmt.Sprintf("Your play %s against the computer's steady play in your place, theirs %s, and the cards %s.",
		words(p.Skill, "gained you %s", "cost you %s"), words(p.Others, "cost them %s", "gained them %s"), words(p.Luck, "gave you %s", "took %s from you"))
	off, se := p.Off(rv.Hands[0].Result)
	addsUp := fmt.Sprintf("Added up, that is your result give or take %s, the noise of the measure.", points(int(math.Round(math.Abs(off)))))
	if math.Abs(off) > review.Within*se {
		addsUp = fmt.Sprintf("Added up, that misses your result by %s, more than the noise of the measure.", points(int(math.Round(math.Abs(off)))))
	}
	for _, want := range []string{"Hand 1 of game 1, You: ", "When the hand was dealt you could expect to finish ", split, addsUp, "of your ", "Turning point: ", "points given away per real choice"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review lacks %q:\n%s", want, text)
		}
	}
	// Each decision flagged by the number the review screen and mille
	// review give its move (it said "Decision 6" for "Move 11").
	moves := review.MoveNumbers(&g)
	for _, d := range rv.Hands[0].Decisions {
		if d.Verdict == review.Good {
			continue
		}
		if want := fmt.Sprintf("Move %d, %s: ", moves[d.Index], lang.English.Describe(g.Names(), d.Played)); !strings.Contains(text, want) {
			t.Errorf("the review lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Decision") || strings.Contains(text, "decision 1") {
		t.Errorf("the review numbers decisions, not moves:\n%s", text)
	}
	if strings.Contains(text, "±") || strings.Contains(text, " mi ") || strings.Contains(text, "the others' play") {
		t.Errorf("the review says what speech reads badly:\n%s", text)
	}
	if p := r.out.problem(); p != "" {
		t.Error(p)
	}
	t.Log(text)
}

// oneRoom is a lobby of one room, in play.
type oneRoom struct{ tab *table.Table }

func (oneRoom) Name() string         { return "Zoe" }
func (oneRoom) Retired() string      { return "" }
func (oneRoom) Unread() bool         { return false }
func (oneRoom) SetName(string) error { return nil }
func (oneRoom) Rooms() []Room        { return nil }
func (l oneRoom) Enter(string) (Seat, error) {
	c, err := l.tab.Join("zoe", "Zoe", -1)
	if errors.Is(err, table.ErrStarted) {
		c, err = l.tab.Watch("zoe", "Zoe", -1) // as the server's lobby does
	}
	return c, err
}
func (l oneRoom) Create(string, engine.Config, string, bool) (Seat, error) { return l.Enter("") }
func (l oneRoom) Watch(string) (Seat, error)                               { return l.Enter("") }
func (oneRoom) Save() (string, error)                                      { return "", table.ErrNotHost }

// TestJoinedRoomInPlaySaysWatching: joining a room whose game is in play
// makes the person an onlooker, and the line mode says so.
func TestJoinedRoomInPlaySaysWatching(t *testing.T) {
	g := newRecord(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
	tab, err := table.FromRecord("friday", g, []string{localUser, ""}, localUser, false, table.Config{Level: "heuristic", NewPlayer: ai.New}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close)
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	out := newTranscript()
	end := make(chan End, 1)
	go func() { end <- New(pr, out, nil).Serve(context.Background(), oneRoom{tab}, "friday", Options{}) }()
	r := &rig{t: t, tab: tab, in: pw, out: out, end: end}
	want := fmt.Sprintf(lang.English.Text[lang.JoinedWatching], "friday")
	r.until(func(l string) bool { return l == want || strings.HasPrefix(l, "Mille Bornes") })
	if !strings.Contains(out.String(), want) {
		t.Errorf("joined a room in play without being told of watching:\n%s", out)
	}
}

// downLobby is a lobby whose server cannot reach its database: the
// person's name could not be read, and none can be kept.
type downLobby struct{ oneRoom }

func (downLobby) Name() string           { return "" }
func (downLobby) Unread() bool           { return true }
func (downLobby) SetName(n string) error { return errors.New("the name was not kept") }

// TestNamePromptQuits (issue 32): a returning player whose name the
// server cannot read is told its database is out of reach, a name typed
// is refused, and quit quits.
func TestNamePromptQuits(t *testing.T) {
	out := newTranscript()
	in := strings.NewReader("Ada\nquit\nAda\n")
	end := New(in, out, nil).Serve(context.Background(), downLobby{}, "", Options{})
	if end != Quit {
		t.Fatalf("the session ends with %v, want Quit", end)
	}
	text := out.String()
	for _, want := range []string{lang.English.Text[lang.NameUnread], "the name was not kept", lang.English.Text[lang.Bye]} {
		if !strings.Contains(text, want) {
			t.Errorf("the session does not say %q:\n%s", want, text)
		}
	}
}

// takenLobby is a lobby where the name "ada" is another player's: it
// keeps the names given to it.
type takenLobby struct {
	oneRoom
	given *[]string
}

func (takenLobby) Name() string { return "" }
func (l takenLobby) SetName(n string) error {
	if strings.EqualFold(n, "ada") {
		return errors.New("another player has that name")
	}
	*l.given = append(*l.given, n)
	return nil
}

// TestRefusedNameReasks (issue 35): after a refused name the prompt says
// the next line is still the name, and a lobby command typed there (by
// someone who took the refusal for the lobby) is not taken as the name;
// lang changes the prompt's language, in English and French.
func TestRefusedNameReasks(t *testing.T) {
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		var given []string
		out := newTranscript()
		in, rooms := strings.NewReader("ada\nrooms\nquick 4\nlang fr\nBen\n"), "rooms"
		if c == &lang.French {
			in, rooms = strings.NewReader("ada\nsalles\nrapide 4\nBen\n"), "salles"
		}
		New(in, out, c).Serve(context.Background(), takenLobby{given: &given}, "", Options{})
		if !slices.Equal(given, []string{"Ben"}) {
			t.Errorf("%s: the names taken are %q, want only Ben", c.Tag, given)
		}
		text := out.String()
		for _, want := range []string{
			c.T(lang.NameRefused, "another player has that name"),
			c.T(lang.NameIsCommand, rooms),
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the session does not say %q:\n%s", c.Tag, want, text)
			}
		}
	}
}
