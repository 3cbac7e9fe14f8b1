package lang

import (
	"errors"
	"fmt"
	"github.com/millebornes/mille/table"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/names"
)

// verb matches a format's verbs: %s, %d, %v, %[2]s; not %%.
var verb = regexp.MustCompile(`%[-+# 0]*\d*(?:\.\d+)?(\[\d+\])?[a-z]`)

// argsFor are arguments that fit English's format of k: a number for %d,
// a word for the rest, each in its place (%[2]s is the second).
func argsFor(k Key) []any {
	var args []any
	next := 0
	for _, v := range verb.FindAllStringSubmatch(strings.ReplaceAll(English.Text[k], "%%", ""), -1) {
		at := next
		if v[1] != "" {
			at, _ = strconv.Atoi(strings.Trim(v[1], "[]"))
			at--
		}
		next = at + 1
		for len(args) <= at {
			args = append(args, nil)
		}
		switch {
		case strings.HasSuffix(v[0], "d"):
			args[at] = 7
		case strings.HasSuffix(v[0], "f"):
			args[at] = 7.0
		default:
			args[at] = "x"
		}
	}
	return args
}

// TestEveryKeyHasEveryLanguage fails on a key without a text in some
// catalogue, and on a text whose format does not take English's
// arguments (one too many, one too few, a number for a word).
func TestEveryKeyHasEveryLanguage(t *testing.T) {
	for _, c := range All {
		for k := range NumKeys {
			text := c.Text[k]
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: key %d (after %q in English) has no text", c.Tag, k, English.Text[max(k-1, 0)])
				continue
			}
			if out := c.T(k, argsFor(k)...); strings.Contains(out, "%!") {
				t.Errorf("%s: key %d %q does not take English's arguments: %s", c.Tag, k, text, out)
			}
		}
	}
}

// sameInBoth are the texts that French writes as English does.
var sameInBoth = map[Key]bool{CardAccident: true, FaceAccident: true, BigAccident: true, PileBattle: true, PileCoupFourre: true, KeyPage: true, GuidePoints: true, GuideCapAccident: true, RateExcellent: true, LevelExpert: true, RvChart: true, RvLineFinished: true, CountPoint: true, CountPoints: true, WordAgain: true, SvIO: true, KdNull: true}

// TestFrenchIsFrench: a French text that is English's too was forgotten
// (but for the texts that are only arguments, and the letter P).
func TestFrenchIsFrench(t *testing.T) {
	for k := range NumKeys {
		if French.Text[k] == English.Text[k] && strings.ContainsAny(strings.ReplaceAll(verb.ReplaceAllString(English.Text[k], ""), "P", ""), "abcdefghijklmnopqrstuvwxyz") {
			if !sameInBoth[k] {
				t.Errorf("key %d is English in French too: %q", k, English.Text[k])
			}
		}
	}
	if French.Card(engine.Stop) != "Feu rouge" || French.Card(engine.RightOfWay) != "Prioritaire" {
		t.Errorf("French cards: %q, %q", French.Card(engine.Stop), French.Card(engine.RightOfWay))
	}
}

// TestFrenchTypography: no plain space before « : ; ! ? » or a percent
// sign, nor inside guillemets, in French.
func TestFrenchTypography(t *testing.T) {
	for k, text := range French.Text {
		for _, p := range []string{" :", " ;", " !", " ?", " %%", "« ", " »"} {
			if strings.Contains(text, p) {
				t.Errorf("key %d: a breaking space in %q: %q", k, p, text)
			}
		}
	}
}

// TestEveryRefusalHasAKey: every refusal of the engine's and every reason
// of the ai's met in play has a key of its own, by its code and card (no
// sentence is matched back by its text). Random games in every
// configuration meet them.
func TestEveryRefusalHasAKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	var buf [engine.MaxLegal]engine.Action
	refused, explained := map[engine.Refusal]bool{}, map[ai.Reason]bool{}
	games := testkit.Size(2, 3, 60)
	for _, cfg := range engine.Configs() {
		for g := range games {
			s, err := engine.New(cfg, uint64(g))
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 3000 && s.Phase != engine.PhaseGameOver; step++ {
				for c := engine.Card(1); c < engine.NumCards; c++ {
					for _, a := range []engine.Action{engine.Play(c), engine.Discard(c), engine.Attack(c, 1), engine.Attack(c, 0)} {
						if err := s.Check(a); err != nil {
							// Each refusal is worded once: its words are
							// its fields' (wording every one met made
							// this test the package's slowest).
							r := err.(*engine.Refusal)
							if refused[*r] {
								continue
							}
							refused[*r] = true
							if k := refusalKey(r); k == 0 || French.Reason(err) == English.Reason(err) {
								t.Fatalf("refusal %v (%q) has no key", *r, err)
							}
						}
					}
				}
				legal := s.Legal(buf[:0])
				obs := engine.Observe(&s, s.ToAct())
				a := legal[rng.IntN(len(legal))]
				if step%7 == 0 {
					why := ai.Explain(&obs, a)
					explained[why] = true
					if why >= ai.NumReasons || whyKeys[why] == 0 {
						t.Fatalf("reason %d has no key", why)
					}
				}
				if err := s.Step(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if len(refused) < 20 || len(explained) < 10 {
		t.Errorf("too few met to test: %d refusals, %d reasons", len(refused), len(explained))
	}
}

// TestEvents: every event is told in every language, to its player, to
// another and to an onlooker, with no argument missing.
func TestEvents(t *testing.T) {
	for _, cfg := range []engine.Config{{Players: 2}, {Players: 4}} {
		for _, viewer := range []int{0, 1, -1} {
			n := engine.Names{Config: cfg, Viewer: viewer, Seats: []string{"Ann", "Bob", "Cal", "Dee"}}
			for kind := engine.EvDeal; kind <= engine.EvDeclined; kind++ {
				for _, c := range All {
					e := engine.Event{Kind: kind, Seat: 0, Card: engine.Stop, Target: 1}
					text := c.Event(e, n)
					if text == "" || strings.Contains(text, "%!") || text != Capital(text) {
						t.Errorf("%s %v to %d: %q", c.Tag, kind, viewer, text)
					}
				}
			}
		}
	}
	n := engine.Names{Config: engine.Config{Players: 2}, Viewer: 0, Seats: []string{"Ann", "Bob"}}
	for _, tc := range []struct {
		c    *Catalogue
		e    engine.Event
		want string
	}{
		{&English, engine.Event{Kind: engine.EvAttack, Seat: 1, Card: engine.Stop, Target: 0}, "Bob plays Stop on you."},
		{&French, engine.Event{Kind: engine.EvAttack, Seat: 1, Card: engine.Stop, Target: 0}, "Bob joue Feu rouge contre vous."},
		{&French, engine.Event{Kind: engine.EvPlay, Seat: 0, Card: engine.Miles75}, "Vous jouez 75 bornes."},
		{&French, engine.Event{Kind: engine.EvGameOver, Target: 0}, "La partie est finie\u00a0: vous l'avez gagnée\u00a0!"},
	} {
		if got := tc.c.Event(tc.e, n); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.c.Tag, got, tc.want)
		}
	}
}

// TestChoose: --lang, else LC_ALL, LC_MESSAGES, LANG, else English.
func TestChoose(t *testing.T) {
	for _, tc := range []struct {
		flag string
		env  map[string]string
		want string
		bad  bool
	}{
		{"", nil, "en", false},
		{"", map[string]string{"LANG": "fr_FR.UTF-8"}, "fr", false},
		{"", map[string]string{"LANG": "fr_CA"}, "fr", false},
		{"", map[string]string{"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "en", false},
		{"", map[string]string{"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_BE@euro"}, "fr", false},
		{"", map[string]string{"LANG": "de_DE.UTF-8"}, "en", false},
		{"en", map[string]string{"LANG": "fr_FR.UTF-8"}, "en", false},
		{"FR", nil, "fr", false},
		{"français", nil, "fr", false},
		{"klingon", nil, "", true},
	} {
		c, err := Choose(tc.flag, func(v string) string { return tc.env[v] })
		if tc.bad {
			if e := (*Error)(nil); !errors.As(err, &e) || e.Key != ErrUnknownLang || !strings.Contains(French.Error(err), "en, fr") {
				t.Errorf("%q: error %v", tc.flag, err)
			}
			continue
		}
		if err != nil || c.Tag != tc.want {
			t.Errorf("%q %v: %v %v, want %s", tc.flag, tc.env, c, err, tc.want)
		}
	}
}

// TestList joins as a sentence does, in each language.
func TestList(t *testing.T) {
	if got := French.List([]string{"Ann", "Bob", "Cal"}, And); got != "Ann, Bob et Cal" {
		t.Errorf("French list: %q", got)
	}
	if got := English.List([]string{"Ann", "Bob"}, Or); got != "Ann or Bob" {
		t.Errorf("English list: %q", got)
	}
	if got := Capital("équipe"); got != "Équipe" {
		t.Errorf("Capital: %q", got)
	}
}

// TestFaces: every card has a face of two lines that fit its card, six
// columns on a small one, nine on a big one, and the labels fit theirs.
func TestFaces(t *testing.T) {
	for _, c := range All {
		for card := engine.OutOfGas; card < engine.NumCards; card++ {
			for _, big := range []bool{false, true} {
				top, bottom := c.Face(card, big)
				most := 6
				if big {
					most = 9
				}
				if top == "" || utf8.RuneCountInString(top) > most || utf8.RuneCountInString(bottom) > most {
					t.Errorf("%s: %v's face %q %q is not two lines of %d columns", c.Tag, card, top, bottom, most)
				}
			}
		}
		for k := engine.Hazard; k <= engine.Distance; k++ {
			if w := c.Kind(k); w == "" || utf8.RuneCountInString(w) > 9 {
				t.Errorf("%s: kind %d: %q", c.Tag, k, w)
			}
		}
		for _, s := range engine.AllSafeties {
			if w := c.Short(s); w == "" || utf8.RuneCountInString(w) > 5 {
				t.Errorf("%s: %v in short: %q", c.Tag, s, w)
			}
		}
		for k := PileBattle; k <= PileCoupFourre; k++ {
			if utf8.RuneCountInString(c.Text[k]) > 4 {
				t.Errorf("%s: label %q is too long", c.Tag, c.Text[k])
			}
		}
	}
	if top, bottom := French.Face(engine.SpeedLimit, true); top != "Limite de" || bottom != "vitesse" {
		t.Errorf("Limite de vitesse: %q %q", top, bottom)
	}
}

// TestFaceAbbreviatesAsTheBoard: a safety whose name does not fit its
// small face (Prioritaire in six columns: no French break of the word
// leaves both lines six letters) is abbreviated there as the board's
// safeties row abbreviates it, one short form a card (issue 34: "Prior."
// on the card, "Prio" on the row beside it).
func TestFaceAbbreviatesAsTheBoard(t *testing.T) {
	for _, c := range All {
		for _, s := range engine.AllSafeties {
			top, bottom := c.Face(s, false)
			whole := strings.TrimSuffix(strings.ReplaceAll(top+" "+bottom, "- ", ""), " ")
			if strings.EqualFold(whole, c.Card(s)) || bottom != "" {
				continue
			}
			if top != c.Short(s) {
				t.Errorf("%s: %v's face says %q, its short form on the board %q", c.Tag, s, top, c.Short(s))
			}
		}
	}
}

// TestFaceBreaks: a card's name split over its face's two lines, on a
// small card (six columns, the narrowest the board draws) and on a big
// one, breaks where a typesetter would: with a hyphen, between syllables,
// two letters at least before it and three after it, so no mute syllable
// goes alone ("Essen-ce", "Citer-ne"); never a word cut without one
// ("Priori" "taire").
func TestFaceBreaks(t *testing.T) {
	for _, c := range All {
		for card := engine.OutOfGas; card < engine.NumCards; card++ {
			for _, big := range []bool{false, true} {
				top, bottom := c.Face(card, big)
				if bottom == "" {
					continue
				}
				name := strings.Fields(strings.ToLower(c.Card(card)))
				tops := strings.Fields(strings.ToLower(top))
				before, after := tops[len(tops)-1], strings.Fields(strings.ToLower(bottom))[0]
				stem, hyphen := strings.CutSuffix(before, "-")
				switch {
				case hyphen && !slices.Contains(name, stem+after):
					t.Errorf("%s: %v's face %q %q breaks %q, not a word of %q", c.Tag, card, top, bottom, stem+after, c.Card(card))
				case hyphen:
					if why := badBreak([]rune(stem+after), utf8.RuneCountInString(stem)); why != "" {
						t.Errorf("%s: %v's face %q %q breaks %s", c.Tag, card, top, bottom, why)
					}
				case !strings.HasSuffix(before, ".") && !slices.Contains(name, before) && slices.Contains(name, before+after):
					t.Errorf("%s: %v's face %q %q cuts %q without a hyphen", c.Tag, card, top, bottom, before+after)
				}
			}
		}
	}
	for _, tc := range []struct {
		word string
		at   int
		ok   bool
	}{
		{"essence", 2, true}, {"essence", 5, false}, {"essence", 3, false}, {"citerne", 5, false},
		{"réparation", 4, true}, {"crevaison", 3, true}, {"crevaison", 4, false}, {"increvable", 3, false}, {"accident", 2, true},
	} {
		if why := badBreak([]rune(tc.word), tc.at); (why == "") != tc.ok {
			t.Errorf("%s broken after %d letters: %q", tc.word, tc.at, why)
		}
	}
}

// badBreak says what is wrong with a hyphen after the first at letters
// of word, by the rules of French (and English) syllables, "" if
// nothing: two letters at least before it and three after it; not
// between two vowels; a consonant goes with the vowel after it, and two
// consonants part unless they sound as one (ch, gn, ph, th) or the
// second is an l or r after b, c, d, f, g, p, t or v.
func badBreak(word []rune, at int) string {
	vowel := func(r rune) bool { return strings.ContainsRune("aeiouyàâäéèêëîïôöùûü", r) }
	together := func(a, b rune) bool {
		switch string([]rune{a, b}) {
		case "ch", "gn", "ph", "th":
			return true
		}
		return strings.ContainsRune("bcdfgptv", a) && (b == 'l' || b == 'r')
	}
	switch {
	case at < 2:
		return "fewer than two letters before the hyphen"
	case len(word)-at < 3:
		return "fewer than three letters after the hyphen"
	}
	l, r := word[at-1], word[at]
	switch {
	case vowel(l) && vowel(r):
		return "between two vowels"
	case !vowel(l) && vowel(r):
		return "a consonant from its vowel"
	case !vowel(l) && together(l, r):
		return "inside " + string([]rune{l, r})
	case vowel(l) && at+1 < len(word) && !vowel(word[at+1]) && !together(r, word[at+1]):
		return "before two consonants that part"
	}
	return ""
}

// TestHintLineSaysTheMoveOnce: a reason that starts by naming the move
// does not say it twice.
func TestHintLineSaysTheMoveOnce(t *testing.T) {
	for _, tc := range []struct {
		desc   string
		reason ai.Reason
		want   string
	}{
		{"stop at 700", ai.WhyStopTrip, "Hint: stop at 700 (extending is too risky)."},
		{"extend the trip to 1000", ai.WhyExtend, "Hint: extend the trip to 1000 (the road to 1000 looks clear)."},
		{"play Stop on Ann", ai.WhyAttack, "Hint: play Stop on Ann (attack the leader)."},
	} {
		if got := English.HintLine(tc.desc, tc.reason); got != tc.want {
			t.Errorf("HintLine(%q, %d) = %q, want %q", tc.desc, tc.reason, got, tc.want)
		}
	}
}

// TestReservedWords: the words each catalogue names seats with are
// reserved (package names), in each language: a language added here adds
// its words there.
func TestReservedWords(t *testing.T) {
	for _, c := range All {
		if you := c.Text[NameYou]; !names.IsYou(you) || !names.Reserved(you) {
			t.Errorf("%s: %q is not reserved as the viewer's seat", c.Tag, you)
		}
		if !names.Reserved(c.Text[NameComputer]) {
			t.Errorf("%s: %q is not reserved", c.Tag, c.Text[NameComputer])
		}
		for n := 1; n <= engine.MaxSeats; n++ {
			for _, k := range []Key{NameComputerN, PlayerN} {
				if name := c.T(k, n); !names.Reserved(name) {
					t.Errorf("%s: %q is not reserved", c.Tag, name)
				}
			}
		}
	}
}

// TestDefaultNames: the names mille gives seats are said in the
// catalogue's language; a person's name stays as it is.
func TestDefaultNames(t *testing.T) {
	for _, c := range []struct{ name, en, fr string }{
		{"You", "You", "Vous"},
		{"Computer", "Computer", "Ordinateur"},
		{"Computer 3", "Computer 3", "Ordinateur 3"},
		{"Computer Ann", "Computer Ann", "Computer Ann"},
		{"Ann", "Ann", "Ann"},
		{"", "Player 2", "Joueur 2"},
	} {
		if got := English.SeatName(c.name, 1, false); got != c.en {
			t.Errorf("English %q: %q, want %q", c.name, got, c.en)
		}
		if got := French.SeatName(c.name, 1, false); got != c.fr {
			t.Errorf("French %q: %q, want %q", c.name, got, c.fr)
		}
	}
}

// TestAbbr: every card has a name of six columns at most for a crowded
// row, in each language, the hazards and remedies in that language's
// words.
func TestAbbr(t *testing.T) {
	for _, c := range All {
		for card := engine.Card(0); card < engine.NumCards; card++ {
			if !card.Valid() {
				continue
			}
			if a := c.Abbr(card); a == "" || utf8.RuneCountInString(a) > 6 {
				t.Errorf("%s: %v abbreviated %q", c.Tag, card, a)
			}
		}
	}
	if got := French.Abbr(engine.OutOfGas); got != "Panne" {
		t.Errorf("French.Abbr(OutOfGas) = %q", got)
	}
}

// TestSpoken: the spoken catalogue writes numbers in digits alone, which
// espeak-ng reads as one number, and leaves the catalogue as it was.
func TestSpoken(t *testing.T) {
	if got := French.Spoken().T(Points, 1700, "Ann"); !strings.Contains(got, "1700") {
		t.Errorf("spoken French: %q", got)
	}
	if got := French.T(Points, 1700, "Ann"); !strings.Contains(got, "1\u00a0700") {
		t.Errorf("French, for the eye: %q", got)
	}
	if got := French.Spoken().T(RvlRating, 190.1, 9, "x", "y"); !strings.Contains(got, "190,1") {
		t.Errorf("French decimals take a comma, spoken too: %q", got)
	}
	if got := English.T(RvlRating, 190.1, 9, "x", "y"); !strings.Contains(got, "190.1") {
		t.Errorf("English decimals take a point: %q", got)
	}
	if English.Spoken() != &English {
		t.Error("English, without groups, is spoken as it is")
	}
}

// TestRoundsAlike: a figure rounds the same in every language (Go's %.0f
// rounds half to even, the grouped French half away from zero: -10.5 was
// "-10" in English, "-11" in French), and a small loss is never "-0".
func TestRoundsAlike(t *testing.T) {
	for _, f := range []float64{-10.5, 2.5, -0.4, 0.4, 1586.5} {
		en := English.Spoken().T(RvLineSplit, f, f, f, f)
		fr := French.Spoken().T(RvLineSplit, f, f, f, f)
		want := fmt.Sprintf("%+d", int64(math.Round(f)))
		if !strings.HasSuffix(en, " "+want) || !strings.HasSuffix(fr, " "+want) {
			t.Errorf("%v: English %q, French %q, want each to end with %q", f, en, fr, want)
		}
	}
}

// TestCount: a count takes the singular or the plural by the language's
// own rule.
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		c    *Catalogue
		n    int
		one  Key
		want string
	}{
		{&English, 1, CountPoint, "1 point"},
		{&English, 2, CountPoint, "2 points"},
		// The review's game total ("1 points given away").
		{&English, 1, CountGiven, "1 point given away"},
		{&English, 0, CountGiven, "0 points given away"},
		{&French, 0, CountGiven, "0 point laissé"},
		{&French, 2, CountGiven, "2 points laissés"},
		{&English, 0, CountDecision, "0 decisions"},
		{&English, 1, CountDecision, "1 decision"},
		{&English, 1, CountMistake, "1 mistake"},
		{&English, 1, CountReviewedGame, "1 finished game reviewed"},
		{&French, 1, CountPoint, "1 point"},
		{&French, 1, CountDecision, "1 décision"},
		{&French, 3, CountHand, "3 manches"},
		{&French, 1, CountReviewedGame, "1 partie finie revue"},
		// CLDR's rules: French takes the singular for 0 and 1.
		{&French, 0, CountBlunder, "0 gaffe"},
		{&French, 0, CountDecision, "0 décision"},
		{&English, 0, CountBlunder, "0 blunders"},
		{&French, 2, CountBlunder, "2 gaffes"},
		{&French, 1000000, CountPoint, "1\u00a0000\u00a0000 points"},
		{&English, 1, RoomPerson, "1 person"},
		{&English, 0, RoomPerson, "0 people"},
		{&French, 0, RoomPerson, "0 personne"},
		{&French, 2, RoomPerson, "2 personnes"},
	} {
		if got := tc.c.Count(tc.n, tc.one); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.c.Tag, tc.n, got, tc.want)
		}
	}
	if got := English.T(RvlBehind, English.Count(1, CountPoint)); got != "1 point behind" {
		t.Errorf("margin: %q", got)
	}
	if got := French.T(RvlBehind, French.Count(1, CountPoint)); got != "1 point de retard" {
		t.Errorf("margin: %q", got)
	}
}

// TestEveryCodeHasAKey: every refusal code and every reason of the ai's
// has a key, whether or not random play meets it.
func TestEveryCodeHasAKey(t *testing.T) {
	for why := range engine.RefTheyHave {
		if refusalKeys[why] == 0 {
			t.Errorf("refusal %d has no key", why)
		}
	}
	for r := range ai.NumReasons {
		if whyKeys[r] == 0 || English.Why(r) == French.Why(r) {
			t.Errorf("reason %d has no key", r)
		}
	}
}

// TestEveryFlawHasAKey: every flaw State.Validate finds has a key, said
// in French in French.
func TestEveryFlawHasAKey(t *testing.T) {
	for why := range engine.NumFlaws {
		if flawKeys[why] == 0 {
			t.Fatalf("flaw %d has no key", why)
		}
		e := &engine.Invalid{Why: why, Side: 2, Args: []any{3, engine.Stop, 4}}
		if why != engine.BadCount && why != engine.BadBattle && why != engine.BadSpeed {
			e.Args = []any{3, 4}[:strings.Count(English.Text[flawKeys[why]], "%d")]
		} else if why != engine.BadCount {
			e.Args = []any{engine.Stop}
		}
		if en, fr := English.Error(e), French.Error(e); en == fr || strings.Contains(en, "%!") || strings.Contains(fr, "%!") {
			t.Errorf("flaw %d: English %q, French %q", why, en, fr)
		}
	}
}

// TestScoreRowsApart: the score window's rows have names of their own,
// long and short: at six players French called both the trip's bonus
// and the hand's total "Manche".
func TestScoreRowsApart(t *testing.T) {
	for _, c := range All {
		for _, keys := range [][]Key{
			{ScoreMilestones, ScoreSafety, ScoreAllSafeties, ScoreCoup, ScoreTrip, ScoreSafeTrip, ScoreDelayed, ScoreExtension, ScoreShutOut, ScoreNoHundreds, ScoreHandTotal, ScoreOverall, ScoreGames},
			{ScoreMilestonesShort, ScoreSafetyShort, ScoreAllSafetiesShort, ScoreCoupShort, ScoreTripShort, ScoreSafeTripShort, ScoreDelayedShort, ScoreExtensionShort, ScoreShutOutShort, ScoreNoHundredsShort, ScoreHandTotalShort, ScoreOverallShort, ScoreGamesShort},
		} {
			seen := map[string]Key{}
			for _, k := range keys {
				if other, ok := seen[c.T(k)]; ok {
					t.Errorf("%s: rows %d and %d are both called %q", c.Tag, other, k, c.T(k))
				}
				seen[c.T(k)] = k
			}
		}
	}
}

// TestDateSpoken: a day is said as speech reads it (issue 34: espeak-ng
// read 2026-11-28 with its dashes), in each language.
func TestDateSpoken(t *testing.T) {
	for _, tc := range []struct {
		cat  *Catalogue
		day  int
		want string
	}{
		{&English, 28, "28 November"}, {&English, 1, "1 November"},
		{&French, 28, "28 novembre"}, {&French, 1, "1er novembre"},
	} {
		if got := tc.cat.Date(time.Date(2026, time.November, tc.day, 14, 5, 0, 0, time.UTC)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.cat.Tag, got, tc.want)
		}
	}
}

// TestElision: French elides "de" and "que" before a name that begins
// with a vowel, and not before one that does not (french-faults G9).
func TestElision(t *testing.T) {
	for _, tc := range []struct {
		k    Key
		name string
		want string
	}{
		{WaitPlay, "Ann", "On attend qu'Ann joue."},
		{WaitPlay, "Ordinateur", "On attend qu'Ordinateur joue."},
		{WaitPlay, "Bob", "On attend que Bob joue."},
		{UIWatchingSide, "Éve", "Vous regardez le jeu d'Éve."},
		{UIWatchingSide, "Zoé", "Vous regardez le jeu de Zoé."},
		{UIPassSince, "Eve", "Depuis le dernier coup d'Eve\u00a0:"},
	} {
		if got := French.T(tc.k, tc.name); got != tc.want {
			t.Errorf("%q with %q: %q, want %q", French.Text[tc.k], tc.name, got, tc.want)
		}
	}
	if got := English.T(WaitPlay, "Ann"); strings.Contains(got, "'") {
		t.Errorf("English elides: %q", got)
	}
}

// TestDescribeYouInside: a save's seat "You", the target of a move told
// by an onlooker (the review's list), is lower case inside the sentence
// (french-faults G16: "jouer Feu rouge contre Vous").
func TestDescribeYouInside(t *testing.T) {
	n := engine.Names{Config: engine.Config{Players: 2}, Viewer: -1, Seats: []string{"You", "Computer"}}
	for c, want := range map[*Catalogue]string{&English: "play Stop on you", &French: "jouer Feu rouge contre vous"} {
		if got := c.Describe(n, engine.Attack(engine.Stop, 0)); got != want {
			t.Errorf("%s: %q, want %q", c.Tag, got, want)
		}
	}
}

// TestRatedChange: a rating's change is written with its sign, a minus
// sign rather than a hyphen, and said in words for speech (the line
// mode), in both languages.
func TestRatedChange(t *testing.T) {
	for _, tc := range []struct {
		c      *Catalogue
		change int
		spoken bool
		want   string
	}{
		{&English, 14, false, "Rated game: +14, your rating is now 1538."},
		{&English, -14, false, "Rated game: \u221214, your rating is now 1538."},
		{&English, 0, false, "Rated game: ±0, your rating is now 1538."},
		{&English, 14, true, "Rated game: up 14, your rating is now 1538."},
		{&English, -14, true, "Rated game: down 14, your rating is now 1538."},
		{&English, 0, true, "Rated game: unchanged, your rating is now 1538."},
		{&French, 14, false, "Partie classée\u00a0: +14, votre cote est maintenant de 1\u00a0538."},
		{French.Spoken(), -14, true, "Partie classée\u00a0: en baisse de 14, votre cote est maintenant de 1538."},
	} {
		if got := tc.c.RatedChange(tc.change, 1538, tc.spoken); got != tc.want {
			t.Errorf("%s %+d spoken %v: %q, want %q", tc.c.Tag, tc.change, tc.spoken, got, tc.want)
		}
	}
	if got := English.Notice(table.Notice{Kind: table.NoticeRated, Change: 14, Rating: 1538}); got != "Rated game: +14, your rating is now 1538." {
		t.Errorf("the notice: %q", got)
	}
}
