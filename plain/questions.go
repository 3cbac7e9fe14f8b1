package plain

import (
	"strconv"
	"strings"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
)

// questions are what the session asks and what the next line answers:
// the table's questions (the coup fourré, the extension, another hand,
// passing the keyboard in hot-seat), and its own (whom to attack, quit,
// save first, the name to save under). What an answer does at the table
// goes through the functions the game wires in.
type questions struct {
	*board
	// opts say whether the review is offered at the end of a hand, and
	// whether quitting offers to save first.
	opts *Options

	asked prompt   // the game's last question or turn, told once
	q     question // what the next line answers
	// quitting is set while the name asked for is to save under and quit.
	quitting bool
	target   engine.Card

	// What answers do: act takes an action at the table, pass hands the
	// keyboard to the person the table waits for, finish ends the game,
	// saveAs saves (and then quits).
	act    func(engine.Action)
	pass   func()
	finish func(End)
	saveAs func(name string, thenQuit bool)
}

// question is what the next line answers, when it is not a command.
type question int

const (
	qNone      question = iota
	qGame               // the game's question: coup fourré, extension, another hand, passing the keyboard
	qTarget             // whom to attack with questions.target
	qQuit               // really quit?
	qSaveFirst          // save before quitting?
	qSaveName           // the name to save under (and then quit, when quitting)
)

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
func (qs *questions) promptNow() prompt {
	v, o := &qs.view, &qs.obs
	p := prompt{at: o.EventCount, seat: v.Seat}
	switch {
	case !v.Started || v.Ended || v.Watching:
	case v.PassTo() >= 0:
		p.kind, p.who = promptPass, qs.seatName(v.PassTo())
	case o.Phase >= engine.PhaseHandOver:
		switch {
		case !qs.view.Ready() && o.Phase == engine.PhaseGameOver:
			p.kind = promptAnotherGame
		case !qs.view.Ready():
			p.kind = promptAnotherHand
		default:
			if names := qs.cat.WaitingNames(&qs.view); len(names) > 0 {
				p.kind, p.who = promptWaitDeal, qs.list(names, lang.And)
			}
		}
	case o.MyTurn() && o.Phase == engine.PhaseCoupFourre:
		p.kind = promptCoupFourre
	case o.MyTurn() && o.Phase == engine.PhaseExtension:
		p.kind = promptExtension
	case o.MyTurn():
		p.kind = promptTurn
	case !o.Waiting && int(o.Turn) < len(v.Seats) && v.Seats[o.Turn].Human:
		p.kind, p.who = promptWaitPlay, qs.seatName(int(o.Turn))
	}
	return p
}

// askAgain has prompt ask again what it asked last.
func (qs *questions) askAgain() { qs.asked = prompt{} }

// prompt asks what the table asks now, if it has not been asked yet.
func (qs *questions) prompt() {
	p := qs.promptNow()
	if p == qs.asked {
		return
	}
	qs.asked = p
	qs.ask(p)
}

// ask tells prompt p.
func (qs *questions) ask(p prompt) {
	o := &qs.obs
	switch p.kind {
	case promptTurn:
		if qs.Session.turns != tellBrief {
			qs.say(lang.TurnMiles, capital(qs.milesLine()))
		}
		qs.line(qs.turnLine())
		return
	case promptCoupFourre:
		qs.say(lang.CoupFourre, capital(qs.seatName(int(o.Attacker))), qs.cat.CardA(o.Threat),
			qs.sideName(int(o.ThreatSide)), qs.cat.CardThe(engine.SafetyFor(o.Threat)))
	case promptExtension:
		var others []string
		for _, side := range qs.view.Opponents() {
			others = append(others, qs.milesOf(side))
		}
		// What the extension risks and gains, as the full screen's
		// question says it.
		stakes := qs.text(lang.ExtensionStakes)
		if o.Config.Rules.ExtensionToFinisher() {
			stakes = qs.text(lang.ExtensionStakesFirst)
		}
		// The verb agrees with its subject, which is "you" unless the side
		// is named (hot-seat) or a team: a key for each, as milesLine does.
		switch mine := o.Side(); {
		case mine != qs.view.YourSide():
			qs.say(lang.Extension, capital(qs.sideName(mine)), qs.list(others, lang.And), stakes)
		case o.Config.Players >= 4:
			qs.say(lang.ExtensionTeam, qs.list(others, lang.And), stakes)
		default:
			qs.say(lang.ExtensionYou, qs.list(others, lang.And), stakes)
		}
	case promptAnotherHand, promptAnotherGame:
		var hand, game []string
		for side := range o.Config.Sides() {
			hand = append(hand, qs.cat.Count(o.HandScores[side].Total(), lang.PointsOne, qs.sideName(side)))
			game = append(game, qs.cat.Count(int(o.Totals[side]), lang.PointsOne, qs.sideName(side)))
		}
		qs.say(lang.HandScores, qs.list(hand, lang.And))
		qs.say(lang.GameTotals, qs.list(game, lang.And))
		switch {
		case qs.opts.Review == nil || qs.opts.Record == nil:
		case p.kind == promptAnotherGame:
			qs.say(lang.RvlOfferGame)
		default:
			qs.say(lang.RvlOffer)
		}
		if p.kind == promptAnotherGame {
			qs.say(lang.AnotherGame)
		} else {
			qs.say(lang.AnotherHand)
		}
	case promptPass:
		qs.say(lang.Pass, p.who, p.who)
	case promptWaitDeal:
		qs.say(lang.WaitDeal, p.who)
		return
	case promptWaitPlay:
		qs.say(lang.WaitPlay, p.who)
		return
	default:
		return
	}
	if qs.q != qSaveName {
		qs.q = qGame // the newest question is the one a yes answers
	}
}

// read reads a line as the answer to the question it asks of a line
// (whom to attack, the name to save under), and reports whether the line
// was taken; a line that is not an answer forgets the question and goes
// on as a command.
func (qs *questions) read(text string) bool {
	switch qs.q {
	case qSaveName:
		thenQuit := qs.quitting
		qs.q, qs.quitting = qNone, false
		qs.saveAs(text, thenQuit)
		return true
	case qTarget:
		if text != "" && yesNo(text) == neither {
			if side, ok := qs.matchSide(text); ok {
				qs.q = qNone
				qs.act(engine.Attack(qs.target, side))
				return true
			}
			if lookup(strings.Fields(text)[0]) == "" {
				qs.say(lang.NoSuchSide, strconv.Quote(text), qs.whomNames(qs.view.OpenSides(qs.target)))
				return true
			}
		}
		qs.q = qNone // another command: the attack is forgotten
		return text == "" || yesNo(text) == no
	}
	return false
}

// whom asks on whom to play hazard c, open to the sides open.
func (qs *questions) whom(c engine.Card, open []int) {
	qs.q, qs.target = qTarget, c
	qs.say(lang.Whom, qs.cat.Card(c), qs.whomNames(open))
}

// askSaveName asks the name to save under, and then to quit if quitting.
func (qs *questions) askSaveName(quitting bool) {
	qs.q, qs.quitting = qSaveName, quitting
	qs.say(lang.SaveName)
}

// settle forgets the question: an action was taken, or undone.
func (qs *questions) settle() { qs.q = qNone }

// yes answers the question asked last.
func (qs *questions) yes([]string) { qs.answer(true) }

// no answers the question asked last.
func (qs *questions) no([]string) { qs.answer(false) }

// answer answers the question asked last with yes or no.
func (qs *questions) answer(yes bool) {
	q := qs.q
	qs.q = qNone
	switch q {
	case qQuit:
		if yes {
			qs.finish(Quit)
			return
		}
		qs.repeat(nil)
	case qSaveFirst:
		if yes {
			qs.q, qs.quitting = qSaveName, true
			qs.say(lang.SaveName)
			return
		}
		qs.finish(Quit)
	case qGame:
		qs.answerGame(yes)
	default:
		qs.say(lang.NoQuestion)
	}
}

// answerGame answers the table's question, if it still asks it.
func (qs *questions) answerGame(yes bool) {
	p := qs.promptNow()
	if p != qs.asked {
		qs.say(lang.NoQuestion)
		return
	}
	switch p.kind {
	case promptCoupFourre:
		if yes {
			qs.act(engine.DeclareCoupFourre)
		} else {
			qs.act(engine.DeclineCoupFourre)
		}
	case promptExtension:
		if yes {
			qs.act(engine.Extend)
		} else {
			qs.act(engine.StopTrip)
		}
	case promptAnotherHand, promptAnotherGame:
		if yes {
			qs.act(engine.Continue)
		} else {
			qs.askQuit(true) // as in BSD: no more hands, so offer to save, then leave
		}
	case promptPass:
		if !yes {
			qs.q = qGame // still theirs to take
			return
		}
		qs.pass()
	default:
		qs.say(lang.NoQuestion)
	}
}

// quit asks before leaving.
func (qs *questions) quit([]string) { qs.askQuit(false) }

// askQuit asks once before leaving: whether to save first when the game
// has moves no save holds (yes, no or cancel), else whether to quit.
// Confirmed (no more hands wanted), it only offers to save those moves.
func (qs *questions) askQuit(confirmed bool) {
	switch {
	case confirmed && qs.unsaved():
		qs.q = qSaveFirst
		qs.say(lang.SaveFirst)
	case confirmed:
		qs.finish(Quit)
	case qs.view.Watching:
		qs.q = qQuit
		qs.say(lang.StopWatching)
	case qs.opts.Guest && qs.obs.Phase == engine.PhaseGameOver:
		qs.q = qQuit
		qs.say(lang.LeaveOver) // no seat left for a computer to take over
	case qs.opts.Guest && qs.view.Rated:
		qs.q = qQuit
		qs.say(lang.LeaveRated)
	case qs.opts.Guest:
		qs.q = qQuit
		qs.say(lang.LeaveTable)
	case qs.unsaved():
		qs.q = qSaveFirst
		qs.say(lang.QuitUnsaved)
	default:
		qs.q = qQuit
		qs.say(lang.ReallyQuit)
	}
}

// unsaved reports whether quitting would leave moves no save holds: a
// game of the player's own, not over, that moved since it was last saved.
func (qs *questions) unsaved() bool {
	if qs.opts.Guest || qs.opts.Save == nil || qs.obs.Phase == engine.PhaseGameOver {
		return false
	}
	return qs.opts.Unsaved == nil || qs.opts.Unsaved()
}

// cancel leaves the question asked unanswered and goes back to the game.
func (qs *questions) cancel([]string) {
	if qs.q == qNone {
		qs.say(lang.NoQuestion)
		return
	}
	qs.q = qNone
	qs.say(lang.Cancelled)
	qs.repeat(nil)
}

// reask asks the question still waiting for its answer again, in its
// shortest words, after something long was said in between (the rules,
// help, a review): the turn without the miles, another hand without the
// scores. Nothing when the table asks nothing of the player.
func (qs *questions) reask() {
	switch qs.q {
	case qTarget, qQuit, qSaveFirst, qSaveName:
		qs.repeat(nil)
		return
	}
	if qs.asked.kind == promptNone || qs.asked != qs.promptNow() {
		return
	}
	switch qs.asked.kind {
	case promptTurn:
		qs.line(qs.turnLine())
	case promptAnotherHand:
		qs.say(lang.AnotherHand)
	case promptAnotherGame:
		qs.say(lang.AnotherGame)
	case promptCoupFourre, promptExtension, promptPass:
		qs.ask(qs.asked)
	}
}

// repeat asks the last question again, or tells the turn again.
func (qs *questions) repeat([]string) {
	switch qs.q {
	case qTarget:
		qs.say(lang.Whom, qs.cat.Card(qs.target), qs.whomNames(qs.view.OpenSides(qs.target)))
	case qQuit, qSaveFirst:
		qs.q = qNone
		qs.askQuit(false)
	case qSaveName:
		qs.say(lang.SaveName)
	default:
		if qs.asked.kind == promptNone {
			qs.say(lang.Again)
			return
		}
		qs.ask(qs.asked)
	}
}
