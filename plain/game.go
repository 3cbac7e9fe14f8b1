package plain

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/table"
)

// game is a session playing one table: the core that wires its
// components and runs its loop. The board holds the table as last seen
// and reads it aloud; speech tells what happens as it happens; questions
// are what the session asks and what the next line answers; commands read
// what the player types and hand each to the component that does it; hints
// and the review are sought away from the loop and told when they come.
// The game alone reaches the table: it takes the newest view (see) and
// the player's actions (act), and answers for the components that ask.
type game struct {
	*board
	t    table.Link
	opts Options

	sp  *speech
	qs  *questions
	cmd *commands
	hn  *hints
	rv  *reviewer

	handAt uint32 // the event count of the last hand over reported
	// moving is set from the player's move (act) until the view that
	// shows it comes (View.Acted): the moves typed ahead wait for it.
	moving bool

	// thinking runs while a computer's move is awaited, and says once
	// that it thinks when the move takes longer than a moment; thinkAt is
	// the event count the move was awaited at.
	thinking *time.Timer
	thinkAt  uint32

	end  End
	done bool
}

// newGame wires a game's components for the table t.
func newGame(s *Session, t table.Link, opts Options) *game {
	b := &board{Session: s}
	g := &game{board: b, t: t, opts: opts}
	g.sp = &speech{board: b}
	g.qs = &questions{board: b, opts: &g.opts, act: g.act, pass: g.pass, finish: g.finish, saveAs: g.saveAs}
	g.hn = &hints{board: b, sp: g.sp, hint: opts.Hint, found: make(chan hintResult, 1)}
	g.rv = &reviewer{board: b, review: opts.Review, record: opts.Record, done: make(chan reviewResult, 1)}
	g.cmd = &commands{board: b, qs: g.qs, act: g.act, ready: func() bool { return !b.early() && !g.moving && !g.hn.on() && !g.done }}
	g.cmd.run = commandTable(g)
	return g
}

// Play plays the table t through the session until the player quits, the
// input ends, the table ends or ctx is done, and says why it stopped.
func (s *Session) Play(ctx context.Context, t table.Link, opts Options) End {
	g := newGame(s, t, opts)
	defer g.hn.stop()
	defer g.rv.stop()
	defer g.stopThinking()
	g.see(t.View())
	updates := t.Updates()
	for !g.done {
		// A view waiting is taken first: the player's own move comes back
		// this way (act), so a line typed after it is read against the
		// table that move left.
		select {
		case v, open := <-updates:
			if !g.take(v, open) {
				return TableEnded
			}
			continue
		default:
		}
		select {
		case <-ctx.Done():
			return Cancelled
		case v, open := <-updates:
			if !g.take(v, open) {
				return TableEnded
			}
		case line, open := <-g.input():
			if !open {
				return InputClosed
			}
			g.cmd.read(line)
		case res := <-g.rv.done:
			g.rv.tell(res)
			g.qs.reask()
		case h := <-g.hn.found:
			g.hn.show(h)
			g.cmd.typedAhead()
		case <-g.thinkingC():
			g.say(lang.ComputerThinks, capital(g.seatName(int(g.obs.Turn))))
		}
	}
	return g.end
}

// take sees view v from the table's updates, or, the updates closed,
// says that the table ended and reports false.
func (g *game) take(v table.View, open bool) bool {
	if !open {
		g.say(lang.TableEnded)
		return false
	}
	g.see(v)
	return true
}

// input is the channel of the player's lines, or nil (never ready)
// while a hint is sought: the lines typed after it (a pipe, a fast
// typist) wait for it and are read in order after it, instead of
// cancelling it.
func (g *game) input() <-chan string {
	if g.hn.on() {
		return nil
	}
	return g.lines
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
	if v.Acted > g.view.Acted {
		g.moving = false
	}
	// The keyboard passes to another person, or to the first to play.
	fresh := first || v.Seat != g.view.Seat || v.Obs.Onlooker != g.obs.Onlooker || v.Handed != g.view.Handed
	if fresh && !first && v.Seat != g.view.Seat {
		g.sp.leave(g.view.Seat)
	}
	note := v.Notice.Kind != table.NoNotice && v.Notice != g.view.Notice && !first
	g.view, g.obs, g.seen = v, v.Obs, true
	if !v.Started {
		return
	}
	g.sp.news(first, fresh)
	if first && g.opts.FirstStart {
		g.say(lang.FirstStart)
	}
	if note {
		g.sp.notice(v.Notice)
		if v.Notice.Kind == table.NoticeNotWritten {
			g.qs.askAgain() // the move was not made: the table asks the same again
		}
	}
	if g.hn.search.Stale(g.obs.EventCount) {
		g.hn.stop() // a hint for a table that has moved on
	}
	g.handOver()
	g.qs.prompt()
	g.watchThinking()
	g.cmd.typedAhead()
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
	g.hn.stop()
	if err := g.t.Act(a); err != nil {
		g.refuse(a, err)
		return
	}
	g.qs.settle()
	g.moving = true // the move comes back on the table's updates, as every change does
}

// pass hands the keyboard to the person the table waits for (hot-seat),
// telling them what the table did since they last played.
func (g *game) pass() {
	seat := g.view.Next
	if err := g.t.Show(seat); err != nil {
		g.say(lang.Failed, g.cat.Error(err))
		return
	}
	g.sp.sayMissed(seat) // the seat shown comes on the table's updates
}

// undo takes back the player's last decision of the hand.
func (g *game) undo([]string) {
	err := g.t.Undo()
	switch {
	case errors.Is(err, table.ErrUndoShared):
		g.say(lang.NoUndoShared)
		return
	case err != nil:
		g.say(lang.NoUndo)
		return
	}
	g.hn.stop()
	g.qs.settle()
	g.say(lang.Undone) // the hand as it was comes on the table's updates
}

// save saves the game under the name given, or asks for one.
func (g *game) save(args []string) {
	if g.opts.Save == nil {
		switch {
		case g.opts.Keep == nil:
			g.say(lang.NoSave)
		case !g.view.Host:
			g.say(lang.NotHost)
		default:
			g.saved(g.opts.Keep())
		}
		return
	}
	if len(args) == 0 {
		g.qs.askSaveName(false)
		return
	}
	g.saveAs(strings.Join(args, " "), false)
}

// saveAs saves the game under name, and then quits if asked to.
func (g *game) saveAs(name string, thenQuit bool) {
	if name == "" {
		g.say(lang.NotSaved)
		if thenQuit {
			g.finish(Quit)
		}
		return
	}
	if g.saved(g.opts.Save(name)) && thenQuit {
		g.finish(SavedQuit)
	}
}

// saved tells where a save went, or why it failed.
func (g *game) saved(path string, err error) bool {
	if err != nil {
		g.say(lang.SaveFailed, g.cat.Error(err))
		return false
	}
	g.say(lang.Saved, path)
	return true
}
