package plain

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// game is a session playing one table: what it has told so far, and the
// question the next yes or no answers.
type game struct {
	*Session
	t    table.Link
	opts Options

	view table.View
	obs  engine.Observation
	seen bool // a view has been shown

	said uint32                  // events told so far
	held [engine.MaxSeats]uint32 // per seat, the events told when it last had the keyboard
	log  []logLine
	// logged counts the lines ever put in log; walked is where history
	// is in it.
	logged int
	walked walk
	asked  prompt   // the game's last question or turn, told once
	q      question // what the next line answers
	// quitting is set while the name asked for is to save under and quit.
	quitting bool
	target   engine.Card
	handAt   uint32 // the event count of the last hand over reported

	hints   chan hintResult
	hinting ai.HintSearch
	// reviews brings the review asked for; reviewing cancels it while
	// it runs.
	reviews   chan reviewResult
	reviewing context.CancelFunc
	// ahead are moves typed while a computer was still to play, read
	// once it has (typedAhead).
	ahead []string
	// replaying: typedAhead is reading them, in order, so that a move
	// it reads goes ahead of the rest instead of after them.
	replaying bool

	// thinking runs while a computer's move is awaited, and says once
	// that it thinks when the move takes longer than a moment; thinkAt is
	// the event count the move was awaited at.
	thinking *time.Timer
	thinkAt  uint32

	end  End
	done bool
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

// question is what the next line answers, when it is not a command.
type question int

const (
	qNone      question = iota
	qGame               // the game's question: coup fourré, extension, another hand, passing the keyboard
	qTarget             // whom to attack with game.target
	qQuit               // really quit?
	qSaveFirst          // save before quitting?
	qSaveName           // the name to save under (and then quit, when quitting)
)

// Play plays the table t through the session until the player quits, the
// input ends, the table ends or ctx is done, and says why it stopped.
func (s *Session) Play(ctx context.Context, t table.Link, opts Options) End {
	g := &game{Session: s, t: t, opts: opts, hints: make(chan hintResult, 1), reviews: make(chan reviewResult, 1)}
	defer g.stopHint()
	defer g.stopReview()
	defer g.stopThinking()
	g.see(t.View())
	updates := t.Updates()
	for !g.done {
		select {
		case <-ctx.Done():
			return Cancelled
		case v, open := <-updates:
			if !open {
				g.say(lang.TableEnded)
				return TableEnded
			}
			g.see(v)
		case line, open := <-g.input():
			if !open {
				return InputClosed
			}
			g.command(line)
		case res := <-g.reviews:
			g.tellReview(res)
		case h := <-g.hints:
			g.showHint(h)
			g.typedAhead()
		case <-g.thinkingC():
			g.say(lang.ComputerThinks, capital(g.seatName(int(g.obs.Turn))))
		}
	}
	return g.end
}

// input is the channel of the player's lines, or nil (never ready)
// while a hint is sought: the lines typed after it (a pipe, a fast
// typist) wait for it and are read in order after it, instead of
// cancelling it.
func (g *game) input() <-chan string {
	if g.hinting.On() {
		return nil
	}
	return g.lines
}

// early reports whether a move typed now would come before its turn:
// the table waits for a computer's move, or, in the coup fourré's hidden
// window, for a decision no other person present can be making. Such a
// move waits (game.ahead) until the computer has played.
func (g *game) early() bool {
	v, o := &g.view, &g.obs
	if v.ComputerThinks() {
		return true
	}
	if !v.Started || v.Ended || !o.Waiting || o.Phase >= engine.PhaseHandOver {
		return false
	}
	for i, s := range v.Seats {
		if s.Human && s.Connected && !v.Plays(i) {
			return false
		}
	}
	return true
}

// typedAhead reads the moves typed before their turn, in order, once the
// table is ready for them.
func (g *game) typedAhead() {
	if g.replaying {
		return // the caller's loop reads on
	}
	g.replaying = true
	defer func() { g.replaying = false }()
	for len(g.ahead) > 0 && !g.early() && !g.hinting.On() && !g.done {
		line := g.ahead[0]
		g.ahead = g.ahead[1:]
		g.command(line)
	}
}

// moment is how long a computer's move takes before the line mode says
// the computer is thinking: longer than the tables' pace (half a second on
// a server), so a quick move is not announced.
const moment = time.Second

// watchThinking starts the wait for a computer's move that the view
// awaits, once a move, and stops it when none is awaited.
func (g *game) watchThinking() {
	if !g.view.ComputerThinks() {
		g.stopThinking()
		return
	}
	if g.thinking != nil && g.thinkAt == g.obs.EventCount {
		return // the same move, waited for already
	}
	g.stopThinking()
	g.thinking, g.thinkAt = time.NewTimer(moment), g.obs.EventCount
}

// stopThinking stops the wait for a computer's move.
func (g *game) stopThinking() {
	if g.thinking != nil {
		g.thinking.Stop()
		g.thinking = nil
	}
}

// thinkingC is the channel that says a computer's move takes longer than
// a moment; nil (never ready) when none is awaited.
func (g *game) thinkingC() <-chan time.Time {
	if g.thinking == nil {
		return nil
	}
	return g.thinking.C
}

// finish ends the game's loop.
func (g *game) finish(e End) { g.end, g.done = e, true }

// see takes the table's newest view: it tells what happened since the
// last one, from the observation's log (views may have been skipped), and
// asks what the table now asks of the player.
func (g *game) see(v table.View) {
	if g.seen && (v.Version < g.view.Version || v.Version == g.view.Version && v.Seat == g.view.Seat && v.Handed == g.view.Handed) {
		return // told already, or older than what was told
	}
	first := !g.seen
	// The keyboard passes to another person, or to the first to play.
	fresh := first || v.Seat != g.view.Seat || v.Obs.Onlooker != g.obs.Onlooker || v.Handed != g.view.Handed
	if fresh && !first && v.Seat != g.view.Seat {
		g.held[g.view.Seat] = g.said
	}
	note := v.Notice.Kind != table.NoNotice && v.Notice != g.view.Notice && !first
	g.view, g.obs, g.seen = v, v.Obs, true
	if !v.Started {
		return
	}
	o := &g.obs
	switch {
	case first:
		g.welcome()
	case fresh:
		// The keyboard passed to another person: what only they may know
		// of the time since they last had it (their draw).
		from := max(g.held[o.Seat], g.said-min(g.said, engine.LogSize))
		for i := from; i < g.said; i++ {
			if e := o.Log[i%engine.LogSize]; e.Private() && int(e.Seat) == o.Seat {
				g.tell(e, i, 0) // a draw: no total
			}
		}
		g.tellFrom(g.said)
	case o.EventCount < g.said:
		// An undo: the moves taken back leave the log.
		n := len(g.log)
		for n > 0 && g.log[n-1].at >= o.EventCount {
			n--
		}
		g.log = g.log[:n]
		g.said = o.EventCount
	default:
		g.tellFrom(g.said)
	}
	if note {
		g.notice(v.Notice)
	}
	if g.hinting.Stale(o.EventCount) {
		g.stopHint() // a hint for a table that has moved on
	}
	g.handOver()
	g.prompt()
	g.watchThinking()
	g.typedAhead()
}

// welcome opens a table: the game's setup, and the last moves of a game
// that was under way.
func (g *game) welcome() {
	o := &g.obs
	var sides []string
	for side := range o.Config.Sides() {
		name := g.sideName(side) // people sharing the keyboard go by their names
		if p := o.Config.Partner(g.view.Seat); side == o.Side() && p >= 0 && !o.Onlooker && side == g.view.YourSide() {
			name = g.text(lang.Pair, g.text(lang.You), g.seatName(p)) // your partner, named once
		}
		sides = append(sides, name)
	}
	g.say(lang.Welcome, o.Config.Rules, o.Config.Players, g.list(sides, lang.And), o.Trip)
	if g.view.Shared() {
		g.say(lang.HasKeyboard, g.seatName(g.view.Seat))
	}
	from := uint32(0)
	if o.EventCount > 8 {
		g.say(lang.LastMoves)
		from = o.EventCount - 6
	}
	g.tellFrom(from)
}

// tellFrom tells the events from count from to the view's, as far as the
// log still holds them.
func (g *game) tellFrom(from uint32) {
	o := &g.obs
	to := o.EventCount
	if to > from+engine.LogSize {
		g.say(lang.Missed)
		from = to - engine.LogSize
	}
	// Each distance played is told with its side's total after it, as a
	// listener cannot glance at the table.
	total := g.view.MilesAfter(from)
	for i := from; i < to; i++ {
		g.tell(o.Log[i%engine.LogSize], i, total[i-from])
	}
	g.said = to
}

// tell tells event e, the at-th, if the viewer may know it: other seats'
// draws are not told (they are all "draws a card"); a distance played
// with its side's total after it, when known (total > 0).
func (g *game) tell(e engine.Event, at uint32, total int) {
	if !g.view.Tells(e) {
		return
	}
	text := g.cat.Event(e, g.view.NamesAt(g.names(), at))
	if text == "" {
		return
	}
	if total > 0 {
		text = g.text(lang.RunningTotal, strings.TrimSuffix(text, "."), total)
	}
	g.line(text)
	g.remember(text, g.kindOf(e), at)
}

// sayMissed tells the person handed the keyboard at seat what the table
// did since they last played (table.View.Missed), in one line.
func (g *game) sayMissed(seat int) {
	if told := g.view.MissedTold(g.cat, g.names(), seat); len(told) > 0 {
		g.say(lang.PassSince, g.seatName(seat), strings.Join(told, " "))
	}
}

// handOver tells the statistics of a hand just over, once.
func (g *game) handOver() {
	o := &g.obs
	if o.Phase < engine.PhaseHandOver || g.handAt == o.EventCount || g.opts.HandOver == nil || g.view.Watching {
		return
	}
	g.handAt = o.EventCount
	g.opts.HandOver()
}

// prompt is what the table asks of the player now, told once.
type prompt struct {
	kind promptKind
	at   uint32 // the event count when asked
	seat int    // the seat shown
	who  string // whom the table waits for
}

type promptKind int

const (
	promptNone promptKind = iota
	promptTurn
	promptCoupFourre
	promptExtension
	promptAnotherHand
	promptAnotherGame
	promptPass     // hot-seat: the keyboard goes to the seat the table waits for
	promptWaitDeal // the others have not asked for the next hand yet
	promptWaitPlay // another person's turn
)

// promptNow is what the table asks of the player now.
func (g *game) promptNow() prompt {
	v, o := &g.view, &g.obs
	p := prompt{at: o.EventCount, seat: v.Seat}
	switch {
	case !v.Started || v.Ended || v.Watching:
	case v.PassTo() >= 0:
		p.kind, p.who = promptPass, g.seatName(v.PassTo())
	case o.Phase >= engine.PhaseHandOver:
		switch {
		case !g.view.Ready() && o.Phase == engine.PhaseGameOver:
			p.kind = promptAnotherGame
		case !g.view.Ready():
			p.kind = promptAnotherHand
		default:
			if names := g.waitingFor(); len(names) > 0 {
				p.kind, p.who = promptWaitDeal, g.list(names, lang.And)
			}
		}
	case o.MyTurn() && o.Phase == engine.PhaseCoupFourre:
		p.kind = promptCoupFourre
	case o.MyTurn() && o.Phase == engine.PhaseExtension:
		p.kind = promptExtension
	case o.MyTurn():
		p.kind = promptTurn
	case !o.Waiting && int(o.Turn) < len(v.Seats) && v.Seats[o.Turn].Human:
		p.kind, p.who = promptWaitPlay, g.seatName(int(o.Turn))
	}
	return p
}

// prompt asks what the table asks now, if it has not been asked yet.
func (g *game) prompt() {
	p := g.promptNow()
	if p == g.asked {
		return
	}
	g.asked = p
	g.ask(p)
}

// ask tells prompt p.
func (g *game) ask(p prompt) {
	o := &g.obs
	switch p.kind {
	case promptTurn:
		if !g.Session.brief {
			g.say(lang.TurnMiles, capital(g.milesLine()))
		}
		g.say(lang.Turn, g.handLine(true))
		return
	case promptCoupFourre:
		g.say(lang.CoupFourre, capital(g.seatName(int(o.Attacker))), g.cat.Card(o.Threat),
			g.sideName(int(o.ThreatSide)), g.cat.Card(engine.SafetyFor(o.Threat)))
	case promptExtension:
		var others []string
		for _, side := range g.view.Opponents() {
			others = append(others, g.text(lang.MilesOther, g.sideName(side), o.Tableaus[side].Miles))
		}
		// The verb agrees with its subject, which is "you" unless the side
		// is named (hot-seat) or a team: a key for each, as milesLine does.
		switch mine := o.Side(); {
		case mine != g.view.YourSide():
			g.say(lang.Extension, capital(g.sideName(mine)), g.list(others, lang.And))
		case o.Config.Players >= 4:
			g.say(lang.ExtensionTeam, g.list(others, lang.And))
		default:
			g.say(lang.ExtensionYou, g.list(others, lang.And))
		}
	case promptAnotherHand, promptAnotherGame:
		var hand, game []string
		for side := range o.Config.Sides() {
			hand = append(hand, g.text(lang.Points, g.sideName(side), o.HandScores[side].Total()))
			game = append(game, g.text(lang.Points, g.sideName(side), o.Totals[side]))
		}
		g.say(lang.HandScores, g.list(hand, lang.And))
		g.say(lang.GameTotals, g.list(game, lang.And))
		switch {
		case g.opts.Review == nil || g.opts.Record == nil:
		case p.kind == promptAnotherGame:
			g.say(lang.RvlOfferGame)
		default:
			g.say(lang.RvlOffer)
		}
		if p.kind == promptAnotherGame {
			g.say(lang.AnotherGame)
		} else {
			g.say(lang.AnotherHand)
		}
	case promptPass:
		g.say(lang.Pass, p.who, p.who)
	case promptWaitDeal:
		g.say(lang.WaitDeal, p.who)
		return
	case promptWaitPlay:
		g.say(lang.WaitPlay, p.who)
		return
	default:
		return
	}
	if g.q != qSaveName {
		g.q = qGame // the newest question is the one a yes answers
	}
}

// waitingFor names the people present, other than the player, whom the
// table waits for before it deals on.
func (g *game) waitingFor() []string {
	var names []string
	for _, s := range g.view.WaitingFor() {
		names = append(names, g.seatName(s))
	}
	return names
}

// names gives the words of the engine's sentences for the seat shown
// (table.View.Viewer says who is "you").
func (g *game) names() engine.Names { return g.view.Names(g.seatName) }

// seatName names a seat, "Player N" when the table did not; a person away
// is marked.
func (g *game) seatName(seat int) string {
	return g.cat.SeatName(g.view.SeatName(seat), seat, g.view.Away(seat))
}

// sideName names a side for the player: "you", "your team", "Ann", "Ann
// with Cal" (never "and" inside a team, so that a list of teams, joined
// with "and", is heard right).
func (g *game) sideName(side int) string { return g.cat.Side(g.names(), side) }

// milesLine says how far every side has gone: "you have 450 miles,
// Computer 325"; where nobody is "you", every side by its name.
func (g *game) milesLine() string {
	o := &g.obs
	mine := o.Side()
	var parts []string
	switch {
	case mine != g.view.YourSide():
		parts = append(parts, g.text(lang.MilesOther, capital(g.sideName(mine)), o.Tableaus[mine].Miles))
	case o.Config.Players >= 4:
		parts = append(parts, g.text(lang.MilesTeam, o.Tableaus[mine].Miles))
	default:
		parts = append(parts, g.text(lang.MilesYou, o.Tableaus[mine].Miles))
	}
	for _, side := range g.view.Opponents() {
		parts = append(parts, g.text(lang.MilesOther, g.sideName(side), o.Tableaus[side].Miles))
	}
	return g.list(parts, lang.And)
}

// refuse tells why action a was refused.
func (g *game) refuse(a engine.Action, err error) {
	o := &g.obs
	var r *engine.Refusal
	switch {
	case errors.Is(err, table.ErrOnlooker) || o.Onlooker:
		g.say(lang.Watching)
	case errors.Is(err, engine.ErrNotNow) && o.MyTurn() && o.Phase != engine.PhasePlay:
		g.say(lang.AnswerFirst)
	case errors.Is(err, engine.ErrNotNow) && o.MyTurn():
		g.say(lang.CantDo, g.cat.Reason(err))
	case errors.Is(err, engine.ErrNotNow) || errors.Is(err, table.ErrNotYourTurn):
		switch {
		case o.Phase >= engine.PhaseHandOver:
			g.say(lang.HandIsOver)
		case o.Waiting:
			g.say(lang.WaitPause)
		default:
			g.say(lang.WaitTurn, g.seatName(int(o.Turn)))
		}
	case errors.As(err, &r) && a.Card() != engine.NoCard:
		verb := lang.VerbPlay
		if a.Kind() == engine.KindDiscard {
			verb = lang.VerbDisc
		}
		g.say(lang.Cant, g.text(verb), g.cat.Card(a.Card()), g.cat.Reason(err))
	case errors.As(err, &r):
		g.say(lang.CantDo, g.cat.Reason(err))
	case errors.Is(err, table.ErrEnded):
		g.say(lang.TableEnded)
	case errors.Is(err, table.ErrFrozen):
		g.say(lang.ShuttingDown)
	default:
		g.say(lang.Failed, g.cat.Error(err))
	}
}

// act takes the player's action, or tells why it can't be taken.
func (g *game) act(a engine.Action) {
	if a != engine.Continue || g.obs.Phase < engine.PhaseHandOver {
		if err := g.obs.Check(a); err != nil {
			g.refuse(a, err)
			return
		}
	} else if g.obs.Onlooker {
		g.refuse(a, table.ErrOnlooker)
		return
	}
	g.stopHint()
	if err := g.t.Act(a); err != nil {
		g.refuse(a, err)
		return
	}
	g.q = qNone
	g.see(g.t.View())
}

// notice tells the table's news in the catalogue's words.
func (g *game) notice(n table.Notice) {
	text := n.Text(g.cat)
	g.line(text)
	g.remember(text, kNews, g.said)
}
