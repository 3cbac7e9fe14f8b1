package plain

import (
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// The commands for the ear (issue 24, item 19): a turn in one line
// (summary), the messages again by kind (history) and the last one
// (repeat), and shorter turns (brief) or full ones (verbose).

// The kinds of a message of the log, as bits: history walks one kind.
const (
	kMove   uint8 = 1 << iota // an event of the game, told
	kMine                     // a move of the side shown, or its draw
	kOthers                   // a move of another side
	kAttack                   // a hazard played, or a coup fourré
	kNews                     // the table's news, a hint
)

// kindOf is the kind of the message that tells event e.
func (g *game) kindOf(e engine.Event) uint8 {
	k := kMove
	switch e.Kind {
	case engine.EvDeal, engine.EvHandOver, engine.EvGameOver:
		return k
	case engine.EvAttack, engine.EvCoupFourre:
		k |= kAttack
	}
	if g.obs.Config.SideOf(int(e.Seat)) == g.obs.Side() && !g.obs.Onlooker {
		return k | kMine
	}
	return k | kOthers
}

// remember keeps a line said in the log, with its kind, for history and
// repeat; at is the event count it came at (an undo takes it out).
func (g *game) remember(text string, kind uint8, at uint32) {
	g.log = append(g.log, logLine{text: text, at: at, kind: kind})
	g.logged++
	if len(g.log) > logSize {
		g.log = append(g.log[:0], g.log[len(g.log)-logSize:]...)
	}
}

// summary tells the table in one line: whom it waits for, each side's
// miles and state, the player's side first, and the hand by names.
func (g *game) summary([]string) {
	o := &g.obs
	now := g.now(capital(g.seatName(int(o.Turn))))
	var sides []string
	for _, side := range g.view.Sides() {
		t := &o.Tableaus[side]
		var state string
		switch {
		case t.Battle.IsHazard():
			state = g.text(lang.SumStoppedBy, g.cat.Card(t.Battle))
		case !t.Rolling():
			state = g.text(lang.SumNeedsGo)
		default:
			state = g.text(lang.Rolling)
		}
		if t.Limited() {
			state = g.text(lang.Limited, state)
		}
		sides = append(sides, g.text(lang.SumSide, capital(g.sideName(side)), t.Miles, state))
	}
	line := g.text(lang.Summary, now, strings.Join(sides, g.text(lang.Semicolon)))
	if !o.Onlooker && o.HandSizes[o.Seat] > 0 {
		var cards []string
		for _, c := range o.MyHand {
			if c != engine.NoCard {
				cards = append(cards, g.cat.Card(c))
			}
		}
		line += " " + g.text(lang.SumHold, g.list(cards, lang.And))
	}
	g.line(line)
}

// historyKinds are the words history takes after it, in English and
// French, with the kind each walks and the line that heads it.
var historyKinds = map[string]struct {
	kind uint8
	head lang.Key
}{
	"":      {0, lang.HistAll},
	"all":   {0, lang.HistAll},
	"tout":  {0, lang.HistAll},
	"moves": {kMove, lang.HistMoves}, "coups": {kMove, lang.HistMoves},
	"mine": {kMine, lang.HistMine}, "miens": {kMine, lang.HistMine}, "moi": {kMine, lang.HistMine},
	"others": {kOthers, lang.HistOthers}, "autres": {kOthers, lang.HistOthers},
	"attacks": {kAttack, lang.HistAttacks}, "attaques": {kAttack, lang.HistAttacks},
}

// walk is where history is in the messages: the kind walked, how many
// of the latest of that kind it told, and the count of messages then.
type walk struct {
	kind   uint8
	told   int
	logged int
}

// history tells the last messages of a kind, logShown at a time: the
// same history again, with nothing new said since, goes further back.
func (g *game) history(args []string) {
	word := strings.ToLower(strings.Join(args, " "))
	hk, ok := historyKinds[word]
	if !ok {
		g.say(lang.HistWhat, strconv.Quote(shorten(word)))
		return
	}
	var lines []string
	for _, l := range g.log {
		if hk.kind == 0 || l.kind&hk.kind != 0 {
			lines = append(lines, l.text)
		}
	}
	if len(lines) == 0 {
		g.say(lang.HistNone)
		return
	}
	w := walk{kind: hk.kind, logged: g.logged}
	head := hk.head
	if g.walked.logged == g.logged && g.walked.kind == hk.kind && g.walked.told > 0 {
		w.told, head = g.walked.told, lang.HistEarlier
	}
	if w.told >= len(lines) {
		g.walked = walk{}
		g.say(lang.HistNoMore)
		return
	}
	end := len(lines) - w.told
	from := max(0, end-logShown)
	w.told += end - from
	g.walked = w
	g.say(head)
	for _, l := range lines[from:end] {
		g.line(l)
	}
}

// repeatLast says the last message again: a move, the table's news, a
// hint.
func (g *game) repeatLast([]string) {
	if len(g.log) == 0 {
		g.say(lang.Again)
		return
	}
	g.line(g.log[len(g.log)-1].text)
}

// brief makes turns shorter: no miles line before them, and the cards
// that cannot be played told as to discard, without why.
func (g *game) brief([]string) {
	g.Session.brief = true
	g.say(lang.BriefOn)
}

// verbose makes turns full again.
func (g *game) verbose([]string) {
	g.Session.brief = false
	g.say(lang.VerboseOn)
}
