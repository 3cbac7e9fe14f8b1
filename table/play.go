package table

import (
	"time"

	"github.com/millebornes/mille/engine"
)

// The game in play: starting, acting, dealing on and undoing.

// markHandLocked finds the deal of the hand in play by replaying the
// history, so that undo works after a table is made from a record.
func (t *Table) markHandLocked() {
	s, err := engine.New(t.cfg.Game, t.cfg.Seed)
	if err != nil {
		return
	}
	t.handAt, t.handBase = s, 0
	for i, a := range t.history {
		if s.Step(a) != nil {
			return // cannot happen: record.Game.Check replayed it
		}
		if a.Kind() == engine.KindContinue {
			t.handAt, t.handBase = s, i+1
		}
	}
}

// Start deals the game: empty seats get computer players. Only the host
// may start it. A restored game goes on where it was saved; the people not
// back yet have the grace period to come back.
func (t *Table) Start(user string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.started:
		return ErrStarted
	case user != t.host:
		return ErrNotHost
	}
	now := t.now()
	for i := range t.seats {
		s := &t.seats[i]
		switch {
		case s.user == "":
			*s = seat{name: s.name, level: s.level}
			if s.level == "" {
				s.level = t.cfg.Level
			}
		case s.away:
			s.awaySince = now
		}
	}
	if t.cfg.Gathering != nil && !t.restored {
		t.cfg.Gathering(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, true)
	}
	t.started = true
	t.changedLocked()
	return nil
}

// Act takes action a for user, who must hold the seat to act and be here.
// The engine checks the action; its refusal comes back as the error.
func (t *Table) Act(user string, a engine.Action) error { return t.act(user, a, nil) }

// act is Act through connection by (nil: none): the change that takes
// the action is told to by as its move (View.Acted).
func (t *Table) act(user string, a engine.Action, by *Conn) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return ErrEnded
	case t.frozen:
		return ErrFrozen
	case !t.started:
		return ErrNotStarted
	}
	mine := t.seatsOfLocked(user)
	if len(mine) == 0 {
		return ErrNotSeated
	}
	if t.state.HandOver() && a == engine.Continue && !t.seats[mine[0]].away {
		// Between hands everyone at the table reads the scores, so the
		// next hand waits for every person present, not for one seat.
		for _, i := range mine {
			t.seats[i].ready = true
		}
		t.dealOnLocked()
		by.actedLocked(t.version + 1)
		t.changedLocked()
		return nil
	}
	i := t.state.ToAct()
	if !t.holdsLocked(user, i) || t.seats[i].away {
		return ErrNotYourTurn
	}
	if err := t.applyLocked(a); err != nil {
		return err
	}
	by.actedLocked(t.version + 1)
	t.changedLocked()
	return nil
}

// dealOnLocked deals the next hand (or game) once every person present
// has asked for it (a program at once: Conn.Program), and reports whether
// it did. Computers never deal on by themselves: that would hide the
// scores from the people before they have read them.
func (t *Table) dealOnLocked() bool {
	if !t.started || t.ended || t.frozen || !t.state.HandOver() {
		return false
	}
	present := 0
	for i, s := range t.seats {
		if s.user != "" && !s.away {
			present++
			// A program is ready for the next hand at once, not for
			// the next game: that waits for its person (Conn.Program).
			ready := t.programLocked(i) != nil && t.state.Phase != engine.PhaseGameOver
			if !s.ready && !ready {
				return false
			}
		}
	}
	if present == 0 {
		return false // nobody to read the next hand; wait for someone to come back
	}
	if err := t.applyLocked(engine.Continue); err != nil {
		return false // being written, or cannot happen: Continue is the only action between hands
	}
	for i := range t.seats {
		t.seats[i].ready = false
	}
	return true
}

// applyLocked moves the game on by a and records it in the history. With
// Config.Moved the move is only checked here: it is written first, with
// the table's lock let go (writeMove), and made once written.
func (t *Table) applyLocked(a engine.Action) error {
	if t.writing {
		return ErrWriting // one move at a time: they stay in order
	}
	next, err := engine.Apply(t.state, a)
	if err != nil {
		return err
	}
	if t.cfg.Moved != nil {
		t.writeMoveLocked(a)
		return nil
	}
	t.commitLocked(a, next)
	return nil
}

// commitLocked makes move a, which leads to state next.
func (t *Table) commitLocked(a engine.Action, next engine.State) {
	over := t.state.HandOver()
	t.state = next
	t.history = append(t.history, a)
	if a.Kind() == engine.KindContinue {
		t.handAt, t.handBase = next, len(t.history)
	}
	t.movedLocked()
	if !over && next.HandOver() && t.cfg.HandEnd != nil {
		t.cfg.HandEnd(Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()})
	}
}

// WritingNotice is how long a move's write (Config.Moved) may take before
// the table tells everyone the game waits for it (NoticeWriting): within
// 2 s of the move, whatever the database does (issue 32).
const WritingNotice = time.Second

// writeMoveLocked has Config.Moved write move a on a goroutine of its
// own, without the table's lock: a write that waits for the database
// holds up nothing else of the table, nor any other table. The table
// takes no other move until it is written (Table.writing); then the move
// is made, or, refused, it is not, everyone is told, and the computers
// wait for Wake.
func (t *Table) writeMoveLocked(a engine.Action) {
	t.writing = true
	if t.notice.Kind == NoticeNotWritten {
		// A new try: should it be refused too, that is news again.
		t.notice = Notice{}
	}
	n, rec, ctx := len(t.history), Checkpoint{Game: t.recordLocked(), Seating: t.seatingLocked()}, t.ctx
	t.writers.Add(1)
	go func() {
		defer t.writers.Done()
		slow := time.AfterFunc(WritingNotice, func() {
			t.mu.Lock()
			defer t.mu.Unlock()
			if t.writing && !t.ended {
				t.notice = Notice{Kind: NoticeWriting}
				t.changedLocked()
			}
		})
		err := t.cfg.Moved(ctx, n, a, rec)
		slow.Stop()
		t.mu.Lock()
		defer t.mu.Unlock()
		t.writing = false
		if t.notice.Kind == NoticeWriting {
			t.notice = Notice{}
		}
		switch {
		case t.ended || t.frozen:
			return // written or not, the program that stopped the table reads the store
		case err != nil:
			t.refused = true
			t.notice = Notice{Kind: NoticeNotWritten}
		default:
			next, _ := engine.Apply(t.state, a) // checked by applyLocked, on this very state
			t.commitLocked(a, next)
		}
		t.changedLocked()
	}()
}

// movedLocked records a change of the state: a computer search for the
// state before it is no longer wanted.
func (t *Table) movedLocked() {
	t.moves++
	if t.search != nil {
		t.search()
		t.search = nil
	}
}

// undoPointLocked is the index in the history of user's last decision
// of this hand (play, discard, coup fourré or extension choice) that may
// be taken back, or -1: only the table's one person may, and only until
// the hand is over. Dealing on is not undone: that would only show the
// same deal again.
func (t *Table) undoPointLocked(user string) int {
	if !t.cfg.Undo || !t.started || t.ended || t.frozen || t.humansLocked() != 1 || t.state.HandOver() {
		return -1
	}
	s := t.handAt
	last := -1
	for i := t.handBase; i < len(t.history); i++ {
		if t.holdsLocked(user, s.ToAct()) {
			last = i
		}
		if s.Step(t.history[i]) != nil {
			return -1 // cannot happen: the history replays
		}
	}
	return last
}

// undoLocked takes back user's last decision of this hand and everything
// after it.
func (t *Table) undoLocked(user string) error {
	switch {
	case t.ended:
		return ErrEnded
	case t.frozen:
		return ErrFrozen
	case !t.started:
		return ErrNotStarted
	case !t.cfg.Undo || t.humansLocked() != 1:
		// Taking back a move another person has seen answered would be
		// unfair.
		return ErrUndoShared
	}
	last := t.undoPointLocked(user)
	if last < 0 {
		return ErrNoUndo
	}
	s := t.handAt
	for _, a := range t.history[t.handBase:last] {
		_ = s.Step(a) // replayed by undoPointLocked
	}
	t.state = s
	t.history = t.history[:last]
	t.movedLocked()
	return nil
}

// Redeal deals the game again from another seed, before the start (a
// game made for a test or a demonstration plays a known deal).
func (t *Table) Redeal(seed uint64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.started {
		return ErrStarted
	}
	st, err := engine.New(t.cfg.Game, seed)
	if err != nil {
		return err
	}
	t.cfg.Seed, t.state, t.handAt, t.handBase, t.history = seed, st, st, 0, nil
	t.changedLocked()
	return nil
}
