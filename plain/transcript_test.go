package plain

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
)

// englishWords are words of the English catalogue that French never
// says: one of them in a French transcript is a sentence left untranslated.
var englishWords = regexp.MustCompile(`(?i)\b(the|you|your|plays|play|miles|turn|and|card|cards|discard|discards|draws|hand|has|have|of|with|is|what|yes)\b`)

// asksIn reports whether line is a sentence of key k in the language of
// cat, whatever its arguments.
func asksIn(cat *lang.Catalogue, line string, k lang.Key) bool {
	parts := verbs.Split(cat.Text[k], -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(line)
}

// verbs are the formatting verbs of the catalogue's texts.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+ #0]*\d*(\.\d+)?[a-zA-Z%]`)

// TestTranscriptForSpeech plays whole hands (whole games with
// MILLE_LONG_TESTS=1) of 2, 4 and 6 players, and one in French, with
// computers in every seat but one scripted player, and checks the
// transcript as a listener hears it: no numbers run together, no escape
// or box character (the transcript's own checks), no English word in the
// French one, and every move of the others told, in order, in the
// catalogue's words with each card by its catalogue name.
func TestTranscriptForSpeech(t *testing.T) {
	hands := testkit.Size(1, 1000, 1000) // 1000: the whole game
	seeds := testkit.Size(1, 1, 6)
	for _, tc := range []struct {
		players int
		cat     *lang.Catalogue
	}{{2, &lang.English}, {4, &lang.English}, {6, &lang.English}, {4, &lang.French}, {6, &lang.French}} {
		for seed := range uint64(seeds) {
			t.Run(fmt.Sprintf("%d players %s seed %d", tc.players, tc.cat.Tag, seed), func(t *testing.T) {
				playTranscript(t, tc.players, hands, 40+seed, tc.cat)
			})
		}
	}
}

// playTranscript plays hands hands of players (or up to the game's end)
// and checks the transcript (TestTranscriptForSpeech).
func playTranscript(t *testing.T, players, hands int, seed uint64, cat *lang.Catalogue) {
	tab := newTable(t, engine.Config{Players: players, Rules: engine.Standard}, seed, "heuristic", 0)
	r := startTelling(t, tab, Options{}, cat, tellShort) // the turns as a new player hears them
	longest := ""
	rng := rand.New(rand.NewPCG(seed, 3))
	heur := ai.NewHeuristic()
	yes, no := "yes", "no"
	reading := []string{"summary", "history", "history mine", "history attacks", "repeat", "threats", "status", "score"}
	if cat == &lang.French {
		yes, no = "oui", "non"
		reading = []string{"résumé", "historique", "historique miens", "historique attaques", "répéter", "menaces", "état", "points"}
	}
	played, turns := 0, 0
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		if len(r.out.lines) == 0 && strings.Count(r.out.String(), "\n") > 20000 {
			t.Fatalf("too long a transcript; it ends:\n%s", tail(r.out.String(), 30))
		}
		switch {
		case asksIn(cat, l, lang.TurnShort):
			if utf8.RuneCountInString(l) > utf8.RuneCountInString(longest) {
				longest = l
			}
			st := tab.State()
			obs := engine.Observe(&st, 0)
			legal := obs.Legal(nil)
			if turns++; turns%3 == 0 {
				r.send(reading[turns/3%len(reading)]) // what they say is checked too
			}
			r.send(typeAction(tab, &obs, heur.Choose(context.Background(), &obs, legal), true, rng))
		case asksIn(cat, l, lang.CoupFourre):
			r.send(yes)
		case asksIn(cat, l, lang.ExtensionYou), asksIn(cat, l, lang.ExtensionTeam):
			r.send(no)
		case l == cat.Text[lang.AnotherHand]:
			played++
			if played < hands {
				r.send(yes)
			} else {
				r.send(no)
			}
		case l == cat.Text[lang.AnotherGame]:
			r.send(no)
		case asksIn(cat, l, lang.Whom), asksIn(cat, l, lang.Cant), asksIn(cat, l, lang.Unknown):
			t.Fatalf("the scripted player was not understood: %q", l)
		}
	}
	if e := r.wait(); e != Quit {
		t.Errorf("ended with %v, want Quit", e)
	}
	text := r.out.String()
	if p := r.out.problem(); p != "" {
		t.Error(p)
	}
	if strings.Contains(text, cat.Text[lang.Missed]) {
		t.Error("moves went by untold")
	}
	if cat == &lang.French {
		for _, line := range strings.Split(text, "\n") {
			if m := englishWords.FindString(line); m != "" {
				t.Errorf("English %q in the French transcript: %q", m, line)
			}
			for c := engine.Card(1); c < engine.NumCards; c++ {
				if en := lang.English.Card(c); en != cat.Card(c) && strings.Contains(line, en) {
					t.Errorf("the English card %q in the French transcript: %q", en, line)
				}
			}
		}
	}
	checkOthersTold(t, tab.Record(), text, cat)
	if n := utf8.RuneCountInString(longest); n > maxTurnLine[cat.Tag] {
		t.Errorf("a turn line of %d characters, more than %d (10 s of espeak-ng): %q", n, maxTurnLine[cat.Tag], longest)
	}
	t.Logf("%d hands, %d lines; the longest turn line, %d characters: %s", played, strings.Count(text, "\n"), utf8.RuneCountInString(longest), longest)
}

// maxTurnLine bounds a turn line's length in characters, by language, as
// a proxy for 10 seconds of speech at espeak-ng's default rate (issue 34:
// a turn line of 264 characters took 20.6 s). Calibrated once with
// espeak-ng 1.51: espeak-ng -w t.wav "LINE" (-v fr for French), then
// soxi -D t.wav, on these transcripts' longest lines and on the longest
// hands the short turn line can tell. Names speak at 13 to 15 characters
// a second in English, 17 to 19 in French: 139 characters of safeties and
// hazards took 9.1 s, 152 in French 8.2 s. Numbers speak slower (10.5 a
// second), and so the short line says a group's miles once ("25, 50, 75,
// 100 and 200 miles", 97 characters, 9.0 s): no hand makes a line of
// more than 10 s.
var maxTurnLine = map[string]int{"en": 140, "fr": 155}

// checkOthersTold checks that every move of the seats but 0 in the
// game's history is told in text, in order, as the catalogue words it
// for seat 0 (cards by their catalogue names).
func checkOthersTold(t *testing.T, rec record.Game, text string, cat *lang.Catalogue) {
	t.Helper()
	names := engine.Names{Config: rec.State.Config, Viewer: 0}
	for i, s := range rec.Seats {
		names.Seats = append(names.Seats, cat.SeatName(s.Name, i, false))
	}
	s, err := engine.New(rec.State.Config, rec.State.Seed)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	at, told := 0, 0
	for _, a := range rec.History {
		before := s.EventCount
		if err := s.Step(a); err != nil {
			t.Fatal(err)
		}
		for n := before; n < s.EventCount; n++ {
			e := s.Log[n%engine.LogSize]
			switch e.Kind {
			case engine.EvPlay, engine.EvAttack, engine.EvSafety, engine.EvCoupFourre, engine.EvDiscard:
			default:
				continue
			}
			if e.Seat == 0 {
				continue
			}
			want := strings.TrimSuffix(cat.Event(e, names), ".")
			k := at
			for k < len(lines) && !strings.HasPrefix(lines[k], want) {
				k++
			}
			if k == len(lines) {
				t.Fatalf("the move %q is not told after line %d; the transcript there:\n%s", want, at, strings.Join(lines[at:min(len(lines), at+15)], "\n"))
			}
			at, told = k+1, told+1
		}
	}
	if told == 0 {
		t.Error("no move of the others to check")
	}
}
