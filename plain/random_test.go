package plain

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// typeAction types action a as a person would at the turn line, in one of
// the ways the mode accepts: the card's slot or name, a letter or a word,
// an attack's target by the name of one of the side's players or its
// start; without whom, the target is left out, to be asked.
func typeAction(tab *table.Table, obs *engine.Observation, a engine.Action, whom bool, rng *rand.Rand) string {
	c := a.Card()
	card := ""
	for slot, h := range obs.MyHand {
		if h == c {
			card = strconv.Itoa(slot)
			if slot == engine.DrawSlot {
				card = "P"
			}
			break
		}
	}
	if rng.IntN(5) == 0 {
		card = strings.ToLower(lang.English.Card(c))
	}
	switch a.Kind() {
	case engine.KindDiscard:
		return []string{"discard ", "d "}[rng.IntN(2)] + card
	case engine.KindPlay:
		if !c.IsHazard() {
			return []string{"play ", "u ", "use "}[rng.IntN(3)] + card
		}
		cfg := obs.Config
		if cfg.Sides() == 2 || !whom {
			return []string{"attack ", "play ", "a "}[rng.IntN(3)] + card
		}
		var names []string
		for seat, s := range tab.Seats() {
			if cfg.SideOf(seat) == a.Target() {
				names = append(names, s.Name)
			}
		}
		name := names[rng.IntN(len(names))]
		if rng.IntN(3) == 0 {
			name = strings.ToUpper(name[:2])
		}
		return "attack " + card + " " + name
	}
	panic("not a turn's action: " + a.String())
}

// answerWhom names, as a person answering "Play Stop on whom?", the side
// of the attack the test chose.
func answerWhom(tab *table.Table, side int) string {
	for seat, s := range tab.Seats() {
		if tab.Config().Game.SideOf(seat) == side {
			return strings.ToLower(s.Name)
		}
	}
	return "?"
}

// readingCommands are the commands that only read; the random players type
// them now and then.
var readingCommands = []string{"status", "hand", "score", "log", "w", "help", "pick", "stat", "hint", "xyzzy", "yes", "r", "quit"}

// TestOutputIsPlain plays 200 random hands across 2, 3, 4 and 6 players
// with a person who plays at random, types every reading command and
// some nonsense now and then: no write of the session at any step holds an
// escape or other control character but the line feed, nor a box-drawing
// character, nor a formatting mistake; nonsense gets one line of help,
// and no legal move is refused.
func TestOutputIsPlain(t *testing.T) {
	const hands = 200
	for i, players := range engine.PlayerCounts {
		t.Run(fmt.Sprint(players, " players"), func(t *testing.T) {
			playRandomHands(t, players, hands/len(engine.PlayerCounts), uint64(100+i), nil)
		})
	}
}

// TestEveryLineFromTheCatalogue plays random hands in a catalogue that
// marks every sentence: every line the session prints, whatever the
// command, is one of the catalogue's sentences.
func TestEveryLineFromTheCatalogue(t *testing.T) {
	for i, players := range engine.PlayerCounts {
		t.Run(fmt.Sprint(players, " players"), func(t *testing.T) {
			playRandomHands(t, players, 3, uint64(200+i), &marked)
		})
	}
}

// playRandomHands plays hands at a table of players with the random
// person of TestOutputIsPlain, in the language of cat, and then quits.
func playRandomHands(t *testing.T, players, hands int, seed uint64, cat *lang.Catalogue) {
	tab := newTable(t, engine.Config{Players: players, Rules: engine.Standard}, seed, "random", 0)
	hint := func(_ context.Context, _ *engine.Observation, legal []engine.Action) (engine.Action, ai.Reason) {
		return legal[0], ai.WhyBest
	}
	r := startIn(t, tab, Options{Hint: hint, Save: func(name string) (string, error) { return name + ".mille.json", nil }}, cat)
	rng := rand.New(rand.NewPCG(seed, 1))
	played, repeats, attack := 0, 0, -1
	for played < hands {
		l, ok := r.next()
		if !ok {
			t.Fatalf("the session stopped; the transcript ends:\n%s", tail(r.out.String(), 20))
		}
		if isPrompt(l) && repeats > 0 {
			repeats-- // asked again by r
			continue
		}
		st := tab.State()
		obs := engine.Observe(&st, st.ToAct())
		switch {
		case asks(l, lang.Turn):
			for rng.IntN(4) == 0 {
				cmd := readingCommands[rng.IntN(len(readingCommands))]
				r.send(cmd)
				switch cmd {
				case "r", "help":
					repeats++ // help asks the turn again after it
				case "quit":
					r.send("cancel") // the question, then the turn told again
					repeats += 2
				}
			}
			legal := obs.Legal(nil)
			a := legal[rng.IntN(len(legal))]
			whom := rng.IntN(2) == 0
			attack = -1
			if !whom {
				attack = a.Target()
			}
			r.send(typeAction(tab, &obs, a, whom, rng))
		case asks(l, lang.Whom):
			if attack < 0 {
				t.Fatalf("asked %q for no attack", l)
			}
			if cat == nil && !strings.Contains(l, fmt.Sprintf("(or %d)", attack+1)) {
				t.Fatalf("%q does not say the number that names side %d", l, attack)
			}
			r.send(answerWhom(tab, attack))
		case strings.HasSuffix(l, "Yes or no."):
			if l == lang.English.Text[lang.AnotherHand] || l == lang.English.Text[lang.AnotherGame] {
				played++
				if played < hands {
					r.send("yes")
				} else {
					r.send("no") // and quit
				}
				continue
			}
			r.send([]string{"yes", "no", "y", "n"}[rng.IntN(4)])
		case strings.HasPrefix(l, "You can't"):
			t.Errorf("refused a legal move: %s", l)
		}
		if p := r.out.problem(); p != "" {
			t.Fatal(p)
		}
	}
	for l, ok := r.next(); ok; l, ok = r.next() {
		if l == lang.English.Text[lang.SaveFirst] { // not after the game's end
			r.send("no")
		}
	}
	if e := r.wait(); e != Quit {
		t.Errorf("ended with %v, want Quit", e)
	}
	text := r.out.String()
	if n := strings.Count(text, sentence(lang.Unknown)); n != strings.Count(text, "\"xyzzy\"") {
		t.Errorf("%d lines of help for unknown input, not all for xyzzy", n)
	}
	if p := r.out.problem(); p != "" {
		t.Error(p)
	}
}
