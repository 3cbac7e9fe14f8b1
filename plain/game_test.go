package plain

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// handItem is a card of the turn line, with what it can do: its slot,
// its name, and "play", "attack Ann or Bob" or why not.
type handItem struct{ slot, card, does string }

// turnGroup is a group of cards of the turn line: "card 1: 75 miles and
// card 3: 50 miles (you need a Go first)".
var turnGroup = regexp.MustCompile(`^(.*) \(([^()]*)\)$`)

// readTurn reads the turn line into its cards.
func readTurn(t *testing.T, line string) []handItem {
	t.Helper()
	body, ok := strings.CutPrefix(line, sentence(lang.Turn))
	body, ok2 := strings.CutSuffix(body, ". Play or discard?")
	if !ok || !ok2 {
		t.Fatalf("not a turn line: %q", line)
	}
	var items []handItem
	for _, group := range strings.Split(body, "; ") {
		m := turnGroup.FindStringSubmatch(group)
		if m == nil {
			t.Fatalf("group %q of the turn line %q", group, line)
		}
		for _, list := range strings.Split(m[1], ", ") {
			for _, card := range strings.Split(list, " and ") {
				slot, name, _ := strings.Cut(strings.TrimPrefix(card, "card "), ": ")
				items = append(items, handItem{slot, name, m[2]})
			}
		}
	}
	return items
}

// safetyNames are the names of the safeties, which a reading player
// keeps for a coup fourré.
var safetyNames = []string{"Extra Tank", "Puncture Proof", "Driving Ace", "Right of Way"}

// readMove chooses a move from the turn line alone, as a person listening
// to it would: a distance or a remedy that can be played, else a hazard on
// the first player it can go to, else a safety, else a discard. It types
// it in one of the ways the mode accepts.
func readMove(t *testing.T, line string, rng *rand.Rand) string {
	t.Helper()
	items := readTurn(t, line)
	var plays, attacks, safeties []handItem
	for _, it := range items {
		switch {
		case it.does == "play" && slices.Contains(safetyNames, it.card):
			safeties = append(safeties, it)
		case it.does == "play":
			plays = append(plays, it)
		case strings.HasPrefix(it.does, "attack "):
			attacks = append(attacks, it)
		}
	}
	switch {
	case len(plays) > 0:
		it := plays[rng.IntN(len(plays))]
		return []string{"play ", "u ", "use ", "p "}[rng.IntN(4)] + it.slot
	case len(attacks) > 0:
		it := attacks[rng.IntN(len(attacks))]
		who, _, _ := strings.Cut(strings.TrimPrefix(it.does, "attack "), " or ")
		who, _, _ = strings.Cut(who, " and ")
		return []string{"attack ", "a ", "play "}[rng.IntN(3)] + it.slot + " " + strings.ToLower(who)
	case len(safeties) > 0:
		return "play " + safeties[0].slot
	}
	it := items[rng.IntN(len(items))]
	return []string{"discard ", "d "}[rng.IntN(2)] + it.slot
}

// TestWholeGame plays a whole game in the line mode: a person who acts
// only on what the turn line says, against the heuristic computer, answers
// every question (coup fourré, extension, another hand, another game) until
// the game is over. No move of theirs is refused.
func TestWholeGame(t *testing.T) {
	const seed = 1
	tab := newTable(t, engine.Config{Players: 2, Rules: engine.Standard}, seed, "heuristic", 0)
	r := start(t, tab, Options{})
	rng := rand.New(rand.NewPCG(seed, 0))
	asked := map[string]int{}
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		switch {
		case asks(l, lang.Turn):
			asked["turn"]++
			r.send(readMove(t, l, rng))
		case strings.Contains(l, "as a coup fourré"):
			asked["coup fourré"]++
			r.send("yes")
		case strings.Contains(l, "Extend the trip to 1000 miles?"):
			asked["extension"]++
			r.send([]string{"yes", "no"}[asked["extension"]%2])
		case l == lang.English.Text[lang.AnotherHand]:
			asked["another hand"]++
			r.send("y")
		case l == lang.English.Text[lang.AnotherGame]:
			asked["another game"]++
			r.send("no")
		case strings.HasPrefix(l, "You can't"):
			t.Errorf("refused: %s", l)
		}
	}
	if e := r.wait(); e != Quit {
		t.Errorf("the session ended with %v, want Quit", e)
	}
	text := r.out.String()
	for _, want := range []string{"turn", "coup fourré", "extension", "another hand", "another game"} {
		if asked[want] == 0 {
			t.Errorf("never asked about %s", want)
		}
	}
	if !strings.Contains(text, "The game is over") || !strings.Contains(text, "Coup fourré! You play") {
		t.Errorf("no game over or no coup fourré of the player's; the transcript ends:\n%s", tail(text, 30))
	}
	if st := tab.State(); st.Phase != engine.PhaseGameOver {
		t.Errorf("the table is in phase %v, want game over", st.Phase)
	}
	if p := r.out.problem(); p != "" {
		t.Error(p)
	}
	checkRunningTotals(t, text)
	t.Logf("%d turns, %d hands, %d lines", asked["turn"], asked["another hand"]+1, strings.Count(text, "\n"))
	if testing.Verbose() {
		t.Log(text)
	}
}

// TestHotSeat plays three hands of three players, two of them people
// sharing the keyboard against the computer: the keyboard passes by a
// question each answers with yes, each turn line lists the hand of the
// person who has the keyboard, every card drawn that is told is theirs,
// the moves name the people rather than say "you" (it would be whoever
// holds the keyboard), and each person handed the keyboard hears the
// others' moves since their own last one.
func TestHotSeat(t *testing.T) {
	tab := newTable(t, engine.Config{Players: 3, Rules: engine.Standard}, 5, "heuristic", 0, 1)
	r := start(t, tab, Options{})
	rng := rand.New(rand.NewPCG(5, 0))
	names := []string{"Amy", "Ann"}
	hands, passes, holder := 0, 0, -1
	since, passed := "", false // what the person handed the keyboard was told the others did
	prev, dealt := "", false
	totals := 0        // the summaries with a running total
	var drawn []string // the cards told drawn since the last turn line
	for hands < 3 {
		l := r.until(func(l string) bool {
			for _, verb := range []string{"You draw ", "You play ", "You discard "} {
				if strings.HasPrefix(l, verb) {
					t.Fatalf("%q: where people share the keyboard, the moves name them, as the full screen does", l)
				}
			}
			for _, name := range names {
				if c, ok := strings.CutPrefix(l, name+" draws "); ok && c != "a card." {
					drawn = append(drawn, strings.TrimSuffix(c, "."))
				}
			}
			if asks(l, lang.PassSince) || asks(l, lang.PassSinceDeal) {
				since = l
			}
			if asks(l, lang.Pass) {
				dealt = strings.HasPrefix(prev, "New hand:") // no move yet to tell
			}
			prev = l
			return isPrompt(l) || asks(l, lang.Pass)
		})
		st := tab.State()
		switch {
		case asks(l, lang.Pass):
			passes++
			holder = st.ToAct()
			if want := "Pass the keyboard to " + names[holder] + "."; !strings.HasPrefix(l, want) {
				t.Fatalf("%q, want %q", l, want)
			}
			drawn = drawn[:0]
			since, passed = "", true
			if passes == 1 || passes == 5 {
				// Behind the curtain, a move waits for the person to
				// take the keyboard (issue 34: it was played).
				r.send("play 1")
				want := fmt.Sprintf(lang.English.Text[lang.PassFirst], names[holder])
				if got, _ := r.next(); got != want {
					t.Fatalf("a move typed before yes: %q, want %q", got, want)
				}
			}
			r.send("yes")
		case asks(l, lang.Turn):
			if holder < 0 {
				t.Fatalf("%q: the first turn of the game, and the keyboard was not passed to its person", l)
			}
			if passed && !dealt && passes > 1 && !strings.Contains(since, " plays ") && !strings.Contains(since, " discards ") {
				t.Fatalf("%q: the keyboard passed to %s, who was not told the others' moves\n%s", since, names[holder], r.out.String())
			}
			if regexp.MustCompile(`plays \d+ miles\.`).MatchString(since) {
				t.Fatalf("%q: a distance told without its side's total", since)
			}
			if strings.Contains(since, " in all.") {
				totals++
			}
			passed = false
			if st.ToAct() != holder {
				t.Fatalf("a turn line for seat %d while seat %d has the keyboard", st.ToAct(), holder)
			}
			holder = st.ToAct()
			var held []string
			for _, c := range st.Hands[holder] {
				if c != engine.NoCard {
					held = append(held, lang.English.Card(c))
				}
			}
			var listed []string
			for _, it := range readTurn(t, l) {
				listed = append(listed, it.card)
			}
			slices.Sort(held)
			slices.Sort(listed)
			if !slices.Equal(held, listed) {
				t.Fatalf("seat %d holds %v, the turn line lists %v", holder, held, listed)
			}
			for _, c := range drawn {
				if c = englishCardName(c); !slices.Contains(held, c) {
					t.Fatalf("told %q drawn, which seat %d does not hold (%v)", c, holder, held)
				}
			}
			drawn = drawn[:0]
			r.send(readMove(t, l, rng))
		case strings.Contains(l, "Another hand?") || strings.Contains(l, "Another game?"):
			hands++
			r.send("yes")
		default:
			r.send("no")
		}
	}
	if testing.Verbose() {
		t.Log(r.out.String())
	}
	if passes < 10 {
		t.Errorf("the keyboard passed %d times in three hands", passes)
	}
	if totals == 0 {
		t.Error("no summary told a distance's running total")
	}
	if p := r.out.problem(); p != "" {
		t.Error(p)
	}
}

// englishCardName is the name a turn line gives a card told drawn: "You
// draw 75" is the engine's, "75 miles" the turn line's.
func englishCardName(name string) string {
	c, err := engine.ParseCard(name)
	if err != nil {
		return name
	}
	return lang.English.Card(c)
}

// distancePlayed is a distance played as the line mode tells it, with
// the side's total after it.
var distancePlayed = regexp.MustCompile(`^(You|[A-Z][a-z0-9 ]*?) plays? (\d+) miles, (\d+) miles in all\.$`)

// checkRunningTotals checks, in a transcript, that every distance played
// is told with its side's running total, counted from the hand's deal.
func checkRunningTotals(t *testing.T, text string) {
	t.Helper()
	totals := map[string]int{}
	told := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "New hand") {
			clear(totals)
			continue
		}
		if strings.Contains(l, " miles.") && (strings.Contains(l, " play ") || strings.Contains(l, " plays ")) {
			t.Errorf("a distance told without its total: %q", l)
		}
		m := distancePlayed.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		all, _ := strconv.Atoi(m[3])
		totals[m[1]] += n
		if totals[m[1]] != all {
			t.Errorf("%q: the total is %d by the moves told", l, totals[m[1]])
		}
		told++
	}
	if told == 0 {
		t.Error("no distance told with its total")
	}
}

// slowComputer is a computer player whose every move takes a while of
// the clock.
type slowComputer struct{ took time.Duration }

func (slowComputer) Name() string { return "slow" }
func (p slowComputer) Choose(ctx context.Context, _ *engine.Observation, legal []engine.Action) engine.Action {
	select {
	case <-time.After(p.took):
	case <-ctx.Done():
	}
	return legal[0]
}

// TestComputerThinks: the line mode says a computer is thinking when its
// move takes longer than a moment, once a move, and says nothing of a
// quick one.
func TestComputerThinks(t *testing.T) {
	for _, tc := range []struct {
		took time.Duration
		says int // the thinking lines before the person's first turn
	}{{0, 0}, {moment / 2, 0}, {3 * moment, 1}} {
		synctest.Test(t, func(t *testing.T) {
			seats := []record.Seat{{Name: "Ann", Level: "slow"}, {Name: "Me", Human: true}}
			g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 1, seats)
			if err != nil {
				t.Fatal(err)
			}
			newPlayer := func(string, uint64) (ai.Player, error) { return slowComputer{took: tc.took}, nil }
			tab, err := table.FromRecord("", g, []string{"", localUser}, localUser, false, table.Config{Level: "slow", NewPlayer: newPlayer}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(tab.Close)
			r := start(t, tab, Options{})
			said := 0
			r.until(func(l string) bool {
				if l == "Ann is thinking." {
					said++
				}
				return asks(l, lang.Turn)
			})
			if said != tc.says {
				t.Errorf("a move of %v: %d thinking lines before the turn, want %d; the transcript:\n%s", tc.took, said, tc.says, r.out)
			}
		})
	}
}

// TestMoveNotWritten: a move the server could not write down is not
// made; the player hears so and is asked again for the turn, each time,
// so that the line mode never leaves a turn in silence (a blind player,
// or the fault suite's scripted one, would wait there for good).
func TestMoveNotWritten(t *testing.T) {
	var mu sync.Mutex
	refuse := 0 // moves still to refuse
	g := newRecord(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
	tab := tableWith(t, g, table.Config{Level: "heuristic", NewPlayer: ai.New,
		Moved: func(context.Context, int, engine.Action, table.Checkpoint) error {
			mu.Lock()
			defer mu.Unlock()
			if refuse > 0 {
				refuse--
				return errors.New("the database is down")
			}
			return nil
		}})
	r := start(t, tab, Options{})
	r.until(func(l string) bool { return asks(l, lang.Turn) })
	mu.Lock()
	refuse = 2
	mu.Unlock()
	for range 2 {
		r.send("discard 1")
		r.until(func(l string) bool { return l == lang.English.Text[lang.NoticeNotWritten] })
		r.until(func(l string) bool { return asks(l, lang.Turn) })
	}
	r.send("discard 1")
	r.until(func(l string) bool { return strings.HasPrefix(l, "You discard ") })
	if n := len(tab.Record().History); n == 0 {
		t.Errorf("the third try was not made: %d moves", n)
	}
}
