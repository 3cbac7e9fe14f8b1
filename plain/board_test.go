package plain

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// sideLabel is how status and score start a side's line in the test's
// games: the person's side first.
func sideLabel(cfg engine.Config, side int) string {
	switch {
	case side == 0 && cfg.Players >= 4:
		return "Your team"
	case side == 0:
		return "You"
	case cfg.Players == 2:
		return "Computer"
	case cfg.Players < 4:
		return seatNames[side]
	}
	return seatNames[side] + " & " + seatNames[side+cfg.Sides()]
}

// lineOf returns the line of text that starts with prefix.
func lineOf(t *testing.T, text, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no line starts with %q in:\n%s", prefix, text)
	return ""
}

// part returns what follows label in line, up to the next full stop.
func part(line, label string) string {
	_, after, ok := strings.Cut(line, label)
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, ".")
	return before
}

// TestBoardCanBeRead stops games of 2, 3, 4 and 6 players at random
// points and checks that status, hand and score tell every fact the board
// shows: each side's miles, battle and speed piles, safeties and coups
// fourrés and distance cards, the person's hand, the draw pile, the top of
// the discard pile, the other hands' sizes and the scores.
func TestBoardCanBeRead(t *testing.T) {
	for i, players := range engine.PlayerCounts {
		for k := range 6 {
			seed := uint64(1000*i + k)
			t.Run(fmt.Sprintf("%d players seed %d", players, seed), func(t *testing.T) {
				cfg := engine.Config{Players: players, Rules: engine.Standard}
				g := newRecord(t, cfg, seed, "random", 0)
				rng := rand.New(rand.NewPCG(seed, 2))
				for n := rng.IntN(400); n > 0; n-- {
					legal := g.State.Legal(nil)
					if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				tab := tableFor(t, g, "random")
				tab.Hold(true) // the board stays as it is while it is read
				r := start(t, tab, Options{})
				for _, cmd := range []string{"status", "hand", "score"} {
					r.send(cmd)
				}
				r.in.Close()
				if e := r.wait(); e != InputClosed {
					t.Errorf("ended with %v, want InputClosed", e)
				}
				text := r.out.String()
				st := tab.State()
				checkBoard(t, text, &st)
			})
		}
	}
}

// checkBoard checks that text tells every fact of st seen from seat 0.
func checkBoard(t *testing.T, text string, st *engine.State) {
	t.Helper()
	cfg := st.Config
	card := lang.English.Card
	for side := range cfg.Sides() {
		tab := &st.Tableaus[side]
		label := sideLabel(cfg, side)
		line := lineOf(t, text, label+": ")
		if want := fmt.Sprintf(": %d of %d miles", tab.Miles, st.Trip); !strings.Contains(line, want) {
			t.Errorf("%s: no %q in %q", label, want, line)
		}
		for _, pile := range []struct {
			name string
			top  engine.Card
		}{{"Battle pile: ", tab.Battle}, {"Speed pile: ", tab.Speed}} {
			want := "empty"
			if pile.top != engine.NoCard {
				want = card(pile.top)
			}
			if got := part(line, pile.name); got != want {
				t.Errorf("%s: %s%q, want %q in %q", label, pile.name, got, want, line)
			}
		}
		safeties := part(line, "Safeties: ")
		for _, c := range engine.AllSafeties {
			has, cf := tab.Has(c), tab.HasCoupFourre(c)
			if strings.Contains(safeties, card(c)) != has || strings.Contains(safeties, card(c)+" by coup fourré") != cf {
				t.Errorf("%s: safeties %q, but %v: played %v, by coup fourré %v", label, safeties, c, has, cf)
			}
		}
		distance := part(line, "Distance cards: ")
		for _, c := range engine.DistanceCards {
			n := tab.Cards[c]
			if want := fmt.Sprintf("%d of %s", n, card(c)); strings.Contains(distance, want) != (n > 0) {
				t.Errorf("%s: distance %q, but %d of %v", label, distance, n, c)
			}
		}
		score := lineOf(t, text, label+": "+lang.English.Count(st.LiveScore(side).Total(), lang.CountPoint)+" this hand")
		if want := fmt.Sprintf("; %s in the game; games won %d.", lang.English.Count(int(st.Totals[side]), lang.CountPoint), st.GamesWon[side]); !strings.HasSuffix(score, want) {
			t.Errorf("%s: score %q, want it to end %q", label, score, want)
		}
	}
	if st.HandLen(0) == 0 {
		lineOf(t, text, lang.English.Text[lang.HandEmpty])
	} else {
		hand := lineOf(t, text, "Your hand: ")
		for slot, c := range st.Hands[0] {
			name := fmt.Sprint(slot)
			if slot == engine.DrawSlot {
				name = "P"
			}
			if c != engine.NoCard && !strings.Contains(hand, "card "+name+": "+card(c)) {
				t.Errorf("hand %q: no %s %v", hand, name, c)
			}
		}
	}
	piles := lineOf(t, text, "Draw pile: ")
	want := fmt.Sprintf("Draw pile: %d cards. Discard pile: empty.", st.DrawLen)
	if n := st.DiscardLen; n > 0 {
		want = fmt.Sprintf("Draw pile: %d cards. Discard pile: %d cards, %s on top.", st.DrawLen, n, card(st.Discards[n-1]))
		if n == 1 {
			want = fmt.Sprintf("Draw pile: %d cards. Discard pile: one card, %s.", st.DrawLen, card(st.Discards[0]))
		}
	}
	if piles != want {
		t.Errorf("piles %q, want %q", piles, want)
	}
	sizes := lineOf(t, text, "Cards in hand: ")
	for seat := 1; seat < cfg.Players; seat++ {
		name := seatNames[seat]
		if cfg.Players == 2 {
			name = "Computer"
		}
		if want := fmt.Sprintf("%s: %d", name, st.HandLen(seat)); !strings.Contains(sizes, want) {
			t.Errorf("hand sizes %q: no %q", sizes, want)
		}
	}
	if p := strings.Contains(text, "%!"); p {
		t.Error("a formatting mistake")
	}
}

// TestWelcomeNamesTeams: a team game's first line names your partner and
// says each team as one ("Ann & Cal", read "Ann and Cal"), the teams
// joined with "against", so that they are heard as they are (it said
// "your team and Ann and Cal").
func TestWelcomeNamesTeams(t *testing.T) {
	for players, want := range map[int]string{
		4: "4 players: you & Bob against Ann & Cal.",
		6: "6 players: you & Cal against Ann & Dee against Bob & Eve.",
	} {
		tab := newTable(t, engine.Config{Players: players, Rules: engine.Standard}, 1, "random", 0)
		tab.Hold(true)
		r := start(t, tab, Options{})
		line, _ := r.next()
		r.in.Close()
		r.wait()
		if !strings.Contains(line, want) {
			t.Errorf("%d players: %q, want %q", players, line, want)
		}
	}
}
