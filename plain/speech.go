package plain

import (
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// speech tells what happens at the table as it happens, a sentence an
// event, and keeps what it told: the log that log, history and repeat read
// again (issue 24, item 19).
type speech struct {
	*board
	said uint32                  // events told so far
	held [engine.MaxSeats]uint32 // per seat, the events told when it last had the keyboard
	log  []logLine
	// logged counts the lines ever put in log; walked is where history
	// is in it.
	logged int
	walked walk
}

// logLine is a line of the log and the count of events before the event
// it tells, so that an undo takes it out.
type logLine struct {
	text string
	at   uint32
	kind uint8 // kMove, kMine... (ear.go)
}

// logSize is how many lines log keeps; logShown how many it reads.
const (
	logSize  = 200
	logShown = 12
)

// news tells what happened since the view told last, now that the board
// holds the newest one: first, the table is new to the session (welcome);
// fresh, the keyboard passed to another person, who is told what only
// they may know of the time since they last had it (their draw).
func (sp *speech) news(first, fresh bool) {
	o := &sp.obs
	switch {
	case first:
		sp.welcome()
	case fresh:
		from := max(sp.held[o.Seat], sp.said-min(sp.said, engine.LogSize))
		for i := from; i < sp.said; i++ {
			if e := o.Log[i%engine.LogSize]; e.Private() && int(e.Seat) == o.Seat {
				sp.tell(e, i, 0) // a draw: no total
			}
		}
		sp.tellFrom(sp.said)
	case o.EventCount < sp.said:
		// An undo: the moves taken back leave the log.
		n := len(sp.log)
		for n > 0 && sp.log[n-1].at >= o.EventCount {
			n--
		}
		sp.log = sp.log[:n]
		sp.said = o.EventCount
	default:
		sp.tellFrom(sp.said)
	}
}

// leave notes that the person at seat hands the keyboard on, having been
// told every event so far.
func (sp *speech) leave(seat int) { sp.held[seat] = sp.said }

// welcome opens a table: the game's setup, and the last moves of a game
// that was under way.
func (sp *speech) welcome() {
	o := &sp.obs
	var sides []string
	for side := range o.Config.Sides() {
		name := sp.sideName(side) // people sharing the keyboard go by their names
		if p := o.Config.Partner(sp.view.Seat); side == o.Side() && p >= 0 && !o.Onlooker && side == sp.view.YourSide() {
			name = sp.cat.Team(sp.text(lang.You), sp.seatName(p)) // your partner, named once
		}
		sides = append(sides, name)
	}
	list := sp.list(sides, lang.And)
	if o.Config.Players >= 4 { // "you & Bob and Ann & Cal" is heard as four names
		list = strings.Join(sides, sp.text(lang.Versus))
	}
	sp.say(lang.Welcome, o.Config.Rules, o.Config.Players, list, o.Trip)
	if sp.view.Shared() {
		sp.say(lang.HasKeyboard, sp.seatName(sp.view.Seat))
	}
	from := uint32(0)
	if o.EventCount > 8 {
		sp.say(lang.LastMoves)
		from = o.EventCount - 6
	}
	sp.tellFrom(from)
}

// tellFrom tells the events from count from to the view's, as far as the
// log still holds them.
func (sp *speech) tellFrom(from uint32) {
	o := &sp.obs
	to := o.EventCount
	if to > from+engine.LogSize {
		sp.say(lang.Missed)
		from = to - engine.LogSize
	}
	// Each distance played is told with its side's total after it, as a
	// listener cannot glance at the table.
	total := sp.view.MilesAfter(from)
	for i := from; i < to; i++ {
		sp.tell(o.Log[i%engine.LogSize], i, total[i-from])
	}
	sp.said = to
}

// tell tells event e, the at-th, if the viewer may know it: other seats'
// draws are not told (they are all "draws a card"); a distance played
// with its side's total after it, when known (total > 0).
func (sp *speech) tell(e engine.Event, at uint32, total int) {
	if !sp.view.Tells(e) {
		return
	}
	text := sp.cat.Told(&sp.view, sp.names(), at, total)
	if text == "" {
		return
	}
	sp.line(text)
	sp.remember(text, sp.kindOf(e), at)
}

// sayMissed tells the person handed the keyboard at seat what the table
// did since they last played (table.View.Missed), in one line.
func (sp *speech) sayMissed(seat int) {
	told := sp.cat.MissedTold(&sp.view, sp.names(), seat)
	switch {
	case len(told) == 0:
	case sp.view.MissedSinceDeal(seat):
		sp.say(lang.PassSinceDeal, strings.Join(told, " "))
	default:
		sp.say(lang.PassSince, sp.seatName(seat), strings.Join(told, " "))
	}
}

// notice tells the table's news in the catalogue's words.
func (sp *speech) notice(n table.Notice) {
	text := sp.cat.Notice(n)
	if n.Kind == table.NoticeRated {
		text = sp.cat.RatedChange(n.Change, n.Rating, true) // a change in words
		sp.ratedTold = true
	}
	sp.line(text)
	sp.remember(text, kNews, sp.said)
}

// heard tells a line that is the table's news or a hint, and keeps it
// for history and repeat, at event count at.
func (sp *speech) heard(text string, at uint32) {
	sp.line(text)
	sp.remember(text, kNews, at)
}

// The kinds of a message of the log, as bits: history walks one kind.
const (
	kMove   uint8 = 1 << iota // an event of the game, told
	kMine                     // a move of the side shown, or its draw
	kOthers                   // a move of another side
	kAttack                   // a hazard played, or a coup fourré
	kNews                     // the table's news, a hint
)

// kindOf is the kind of the message that tells event e.
func (sp *speech) kindOf(e engine.Event) uint8 {
	k := kMove
	switch e.Kind {
	case engine.EvDeal, engine.EvHandOver, engine.EvGameOver:
		return k
	case engine.EvAttack, engine.EvCoupFourre:
		k |= kAttack
	}
	if sp.obs.Config.SideOf(int(e.Seat)) == sp.obs.Side() && !sp.obs.Onlooker {
		return k | kMine
	}
	return k | kOthers
}

// remember keeps a line said in the log, with its kind, for history and
// repeat; at is the event count it came at (an undo takes it out).
func (sp *speech) remember(text string, kind uint8, at uint32) {
	sp.log = append(sp.log, logLine{text: text, at: at, kind: kind})
	sp.logged++
	if len(sp.log) > logSize {
		sp.log = append(sp.log[:0], sp.log[len(sp.log)-logSize:]...)
	}
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
func (sp *speech) history(args []string) {
	word := strings.ToLower(strings.Join(args, " "))
	hk, ok := historyKinds[word]
	if !ok {
		sp.say(lang.HistWhat, strconv.Quote(shorten(word)))
		return
	}
	var lines []string
	for _, l := range sp.log {
		if hk.kind == 0 || l.kind&hk.kind != 0 {
			lines = append(lines, l.text)
		}
	}
	if len(lines) == 0 {
		sp.say(lang.HistNone)
		return
	}
	w := walk{kind: hk.kind, logged: sp.logged}
	head := hk.head
	if sp.walked.logged == sp.logged && sp.walked.kind == hk.kind && sp.walked.told > 0 {
		w.told, head = sp.walked.told, lang.HistEarlier
	}
	if w.told >= len(lines) {
		sp.walked = walk{}
		sp.say(lang.HistNoMore)
		return
	}
	end := len(lines) - w.told
	from := max(0, end-logShown)
	w.told += end - from
	sp.walked = w
	sp.say(head)
	for _, l := range lines[from:end] {
		sp.line(l)
	}
}

// repeatLast says the last message again: a move, the table's news, a
// hint.
func (sp *speech) repeatLast([]string) {
	if len(sp.log) == 0 {
		sp.say(lang.Again)
		return
	}
	sp.line(sp.log[len(sp.log)-1].text)
}

// showLog reads the recent moves again.
func (sp *speech) showLog([]string) {
	if len(sp.log) == 0 {
		sp.say(lang.LogEmpty)
		return
	}
	sp.say(lang.LogHead)
	for _, l := range sp.log[max(0, len(sp.log)-logShown):] {
		sp.line(l.text)
	}
}
