package plain

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/table"
)

// transcript is a session's output as a test reads it: every write is
// checked for what a line mode must never print, and handed on line by
// line.
type transcript struct {
	mu    sync.Mutex
	all   bytes.Buffer
	bad   string // the first forbidden output, if any
	lines chan string
}

func newTranscript() *transcript { return &transcript{lines: make(chan string, 1<<16)} }

func (w *transcript) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.bad == "" {
		if why := forbidden(p); why != "" {
			w.bad = fmt.Sprintf("%s in %q", why, p)
		}
	}
	w.all.Write(p)
	for _, l := range strings.SplitAfter(string(p), "\n") {
		if l != "" {
			w.lines <- strings.TrimSuffix(l, "\n")
		}
	}
	return len(p), nil
}

// forbidden says what in p a screen reader or a dumb terminal must not
// get: an escape or other control character but the line feed, a line
// not ended, bytes that are not UTF-8, a box-drawing or block character,
// a formatting mistake.
func forbidden(p []byte) string {
	if !bytes.HasSuffix(p, []byte("\n")) {
		return "an unfinished line"
	}
	if !utf8.Valid(p) {
		return "bytes that are not UTF-8"
	}
	for _, r := range string(p) {
		switch {
		case r == 0x1b:
			return "an escape"
		case r < 0x20 && r != '\n', r == 0x7f, r >= 0x80 && r < 0xa0:
			return fmt.Sprintf("control character %#x", r)
		case r >= 0x2500 && r <= 0x259f:
			return fmt.Sprintf("box-drawing character %q", r)
		}
	}
	if bytes.Contains(p, []byte("%!")) {
		return "a formatting mistake"
	}
	if m := runTogether.Find(p); m != nil {
		return fmt.Sprintf("numbers run together, which speech reads as one: %q", m)
	}
	if m := bareMinus.Find(p); m != nil {
		return fmt.Sprintf("a number signed with a bare minus, which espeak-ng's French drops: %q", m)
	}
	if m := bareCount(string(p)); m != "" {
		return fmt.Sprintf("a count without its unit (points, miles, bornes, cards): %q", m)
	}
	if m := testkit.OtherTeamForm(string(p)); m != "" {
		return fmt.Sprintf("a team not written as lang.Catalogue.Team writes it (\"Ann & Dee\"): %q", m)
	}
	return ""
}

// bareMinus matches a minus sign (hyphen or U+2212) read as a number's
// sign: espeak-ng -v fr reads "-485" as "quatre cent quatre-vingt-cinq",
// and reads U+2212 in English; the line mode says "485 behind" or "cost
// you 485" instead. A hyphen between two numbers ("1-6") is a range.
var bareMinus = regexp.MustCompile(`(^|[^\p{L}\p{N}])[-\x{2212}]\d`)

// endsClause matches a number that ends a clause: what follows it is a
// mark, "and"/"et", or the line's end, so no unit comes after it.
var endsClause = regexp.MustCompile(`(^|[^\p{L}\p{N}:.,+'’-])(\d+)([.,;)!?](?:[^\p{N}]|$)|\s(?:and|et)\s|\s*$)`)

// listedDistances matches distances listed before their one unit: "25,
// 50 miles", "25 and 75 miles".
var listedDistances = regexp.MustCompile(`^(?:(?:,| and| et) \d+)+ (?:miles?|bornes?)\b`)

// notCounts are the words after which a number ending a clause names
// something rather than counting it: a card's slot, a game, a hand, a
// move, a number typed ("(or 2)"), a line of a file; and "won", "sur" and
// "sabot", whose count has its unit before it ("games won 0", "0 borne
// sur 700", "Cartes au sabot : 88").
var notCounts = map[string]bool{
	"card": true, "carte": true, "game": true, "partie": true, "hand": true, "manche": true,
	"move": true, "coup": true, "or": true, "ou": true, "line": true, "ligne": true,
	"column": true, "colonne": true, "won": true, "gagnées": true, "sur": true, "of": true, "sabot": true,
	"decision": true, "décision": true, "seed": true, "graine": true,
}

// bareCount returns the first count in s said without its unit where the
// line mode means points, miles or cards: "Zoé has 0 and Max has 0.",
// "Cards in hand: Ann: 7", "the trip is now 1000." (issue 34: every count
// has its unit). A range ("1 to 6") and distances listed before their
// unit are not counts.
func bareCount(s string) string {
	for _, line := range strings.Split(s, "\n") {
		for _, m := range endsClause.FindAllStringSubmatchIndex(line, -1) {
			before, after := line[:m[4]], line[m[5]:]
			words := strings.Fields(before)
			prev := ""
			if len(words) > 0 {
				prev = strings.ToLower(strings.Trim(words[len(words)-1], "([:"))
			}
			if prev == "" && len(words) > 1 { // "Ann :" in French: the name is before the colon
				prev = strings.ToLower(words[len(words)-2])
			}
			switch {
			case notCounts[prev]:
			case (prev == "to" || prev == "à") && len(words) > 1 && strings.Trim(words[len(words)-2], "0123456789") == "":
			case listedDistances.MatchString(after):
			default:
				return strings.TrimSpace(line[max(0, m[4]-24):m[5]])
			}
		}
	}
	return ""
}

// runTogether matches two numbers with only a space between them ("1 75
// miles", "Computer 2 0"): espeak-ng reads "one seventy-five".
// A no-break space between them too ("1\u00a0700", French's thousands):
// espeak-ng reads "un sept cents".
var runTogether = regexp.MustCompile(`\b\d+[ \x{00a0}\x{202f}]\d+\b`)

func (w *transcript) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.all.String()
}

func (w *transcript) problem() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.bad
}

// stuck bounds the wait for a line, so that a broken session fails the
// test instead of hanging it; no test waits for it otherwise.
const stuck = time.Minute

// rig is a session playing a table, driven line by line.
type rig struct {
	t    *testing.T
	tab  *table.Table
	in   *io.PipeWriter
	out  *transcript
	end  chan End
	last []string // the lines read since the last command
	// marked: the session speaks the marked catalogue
	marked bool
}

// newTable deals a game for the test: people is the list of seats a
// person holds (one person, at this keyboard), the others are computers
// at level.
func newTable(t *testing.T, cfg engine.Config, seed uint64, level string, people ...int) *table.Table {
	t.Helper()
	return tableFor(t, newRecord(t, cfg, seed, level, people...), level)
}

// seatNames are the names of the test's seats, "Computer" for the one
// opponent of two players.
var seatNames = []string{"You", "Ann", "Bob", "Cal", "Dee", "Eve"}

// newRecord is a new game: people is the list of the people's seats, the
// others are computers at level.
func newRecord(t *testing.T, cfg engine.Config, seed uint64, level string, people ...int) record.Game {
	t.Helper()
	seats := make([]record.Seat, cfg.Players)
	for i := range seats {
		seats[i] = record.Seat{Name: seatNames[i], Level: level}
		if cfg.Players == 2 && i == 1 {
			seats[i].Name = "Computer"
		}
	}
	for _, p := range people {
		seats[p] = record.Seat{Name: seats[p].Name, Human: true}
	}
	if len(people) > 1 {
		seats[0].Name = "Amy" // people sharing the keyboard go by their names
	}
	g, err := record.New(cfg, seed, seats)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// localUser holds the people's seats of the tests' tables.
const localUser = "local"

// tableFor deals game g at a table where one person holds the people's
// seats.
func tableFor(t *testing.T, g record.Game, level string) *table.Table {
	t.Helper()
	return tableWith(t, g, table.Config{Level: level, Undo: true, NewPlayer: ai.New})
}

// ratedTableFor is tableFor for a rated game (a server's, Config.Rated).
func ratedTableFor(t *testing.T, g record.Game, level string) *table.Table {
	t.Helper()
	return tableWith(t, g, table.Config{Level: level, Rated: true, NewPlayer: ai.New})
}

// tableWith is g's table, set up by cfg.
func tableWith(t *testing.T, g record.Game, cfg table.Config) *table.Table {
	t.Helper()
	users := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		if s.Human {
			users[i] = localUser
		}
	}
	tab, err := table.FromRecord("", g, users, localUser, false, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close)
	return tab
}

// start runs a session over tab in the background.
func start(t *testing.T, tab *table.Table, opts Options) *rig {
	t.Helper()
	return startIn(t, tab, opts, nil)
}

// startIn runs a session in the language of cat over tab in the
// background; a marked catalogue's marks are checked on every line and
// taken off before the test reads it. It tells the turns verbose, which
// readTurn reads to choose a move (every card with what it can do);
// startTelling tells them as asked (the default: tellShort).
func startIn(t *testing.T, tab *table.Table, opts Options, cat *lang.Catalogue) *rig {
	t.Helper()
	return startTelling(t, tab, opts, cat, tellVerbose)
}

// startTelling is startIn, the turns told as turns says.
func startTelling(t *testing.T, tab *table.Table, opts Options, cat *lang.Catalogue, turns telling) *rig {
	t.Helper()
	c, err := tab.Join(localUser, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	r := &rig{t: t, tab: tab, in: pw, out: newTranscript(), end: make(chan End, 1), marked: cat == &marked}
	s := New(pr, r.out, cat)
	s.turns = turns
	go func() { r.end <- s.Play(context.Background(), c, opts) }()
	t.Cleanup(func() { pw.Close() })
	return r
}

// send types a line.
func (r *rig) send(line string) {
	r.t.Helper()
	r.last = r.last[:0]
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		r.t.Fatalf("typing %q: %v", line, err)
	}
}

// next reads the next line of output; ok is false once the session has
// stopped and said everything.
func (r *rig) next() (string, bool) {
	r.t.Helper()
	select {
	case l := <-r.out.lines:
		return r.took(l), true
	case e := <-r.end:
		r.end <- e
		select { // what it said before it stopped
		case l := <-r.out.lines:
			return r.took(l), true
		default:
			return "", false
		}
	case <-time.After(stuck):
		r.t.Fatalf("no output for %v; the transcript ends:\n%s", stuck, tail(r.out.String(), 30))
		return "", false
	}
}

// took notes line l as read, without its marks.
func (r *rig) took(l string) string {
	if r.marked {
		if !strings.HasPrefix(l, "[") || !strings.HasSuffix(l, "]") {
			r.t.Errorf("a line not from the catalogue: %q", l)
		}
		l = strings.NewReplacer("[", "", "]", "").Replace(l)
	}
	r.last = append(r.last, l)
	return l
}

// marked is lang.English with every sentence in brackets: a line of output
// that is not one bracketed sentence did not come from the catalogue.
// Cards keep their names, and P its letter: the player types them.
var marked = func() lang.Catalogue {
	c := lang.English
	keep := map[lang.Key]bool{lang.Comma: true, lang.Semicolon: true, lang.Or: true, lang.And: true, lang.SlotP: true}
	for card := engine.Card(1); card < engine.NumCards; card++ {
		k, _ := lang.CardKey(card)
		keep[k] = true
	}
	for k := range c.Text {
		if k := lang.Key(k); !strings.HasPrefix(c.Text[k], " ") && !keep[k] {
			c.Text[k] = "[" + c.Text[k] + "]"
		}
	}
	return c
}()

// until reads lines until one satisfies ok, and returns it.
func (r *rig) until(ok func(string) bool) string {
	r.t.Helper()
	for {
		l, more := r.next()
		if !more {
			r.t.Fatalf("the session stopped; the transcript ends:\n%s", tail(r.out.String(), 30))
		}
		if ok(l) {
			return l
		}
	}
}

// wait returns how the session ended.
func (r *rig) wait() End {
	r.t.Helper()
	select {
	case e := <-r.end:
		r.end <- e
		return e
	case <-time.After(stuck):
		r.t.Fatalf("the session did not stop; the transcript ends:\n%s", tail(r.out.String(), 30))
	}
	return 0
}

// tail is the last n lines of text.
func tail(text string, n int) string {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// sentence returns the text of key k before its first argument: what
// every line of that kind starts with.
func sentence(k lang.Key) string {
	text, _, _ := strings.Cut(lang.English.Text[k], "%")
	return text
}

// asks reports whether line is a question of key k.
func asks(line string, k lang.Key) bool {
	text := lang.English.Text[k]
	if !strings.Contains(text, "%") {
		return line == text
	}
	return strings.HasPrefix(line, sentence(k))
}

// isPrompt reports whether line asks the player something: the turn, or
// a question.
func isPrompt(line string) bool {
	return asks(line, lang.Turn) || strings.HasSuffix(line, "Yes or no.") || asks(line, lang.Whom) || asks(line, lang.QuitUnsaved)
}
