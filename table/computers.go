package table

import (
	"context"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
)

// seatSeed is the seed of seat's computer player in a game of seed: every
// seat searches with its own, and a game dealt again plays the same.
func seatSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

// playerLocked returns the computer player of seat, made at its first
// move. A level this mille does not know (from an old save) plays at
// ai.DefaultLevel.
func (t *Table) playerLocked(seat int) (ai.Player, error) {
	s := &t.seats[seat]
	if s.bot != nil {
		return s.bot, nil
	}
	level := s.level
	if level == "" {
		level = t.cfg.Level
	}
	seed := seatSeed(t.cfg.Seed, seat)
	p, err := t.cfg.NewPlayer(level, seed)
	if err != nil {
		if p, err = t.cfg.NewPlayer(ai.DefaultLevel, seed); err != nil {
			return nil, err
		}
	}
	if search, ok := p.(*ai.ISMCTS); ok && t.cfg.Pool != nil {
		ai.WithWorkers(1)(search) // a place in the pool is one goroutine
	}
	s.bot = p
	return p, nil
}

// choose asks p for its move, through the table's pool when it has one:
// it reports false, with no move, when ctx ended while it waited. The move
// is the same whether the pool was idle or full (TestPoolFullSameChoice).
func (t *Table) choose(ctx context.Context, p ai.Player, obs *engine.Observation, legal []engine.Action) (engine.Action, bool) {
	pool := t.cfg.Pool
	if pool == nil {
		return p.Choose(ctx, obs, legal), true
	}
	if !pool.acquire(ctx) {
		return 0, false
	}
	defer pool.release()
	// No time limit here: the wait was for a place, and the search then
	// runs to its level's budget (its own time cap is a safety net).
	return p.Choose(ctx, obs, legal), true
}

// loop plays the computer seats (and the seats of people away, and the
// seats programs play for their people: Conn.Program) until the table
// ends. The search runs outside the lock (after waiting for a place
// in the table's pool, if any) and is cancelled when the state changes
// under it (an undo); its answer is dropped then. A move takes at least
// the pace, so people can follow it.
func (t *Table) loop() {
	defer close(t.done)
	var buf [engine.MaxLegal]engine.Action
	for {
		select {
		case <-t.ctx.Done():
			return
		case <-t.wake:
		}
		for {
			t.mu.Lock()
			if t.ended || !t.started || t.frozen || t.held || t.writing || t.refused {
				t.mu.Unlock()
				break
			}
			if t.state.HandOver() {
				// Between hands the people deal on (dealOnLocked); a
				// program is ready at once, and may be the last.
				dealt := t.dealOnLocked()
				if dealt {
					t.changedLocked()
				}
				t.mu.Unlock()
				if dealt {
					continue
				}
				break
			}
			i := t.state.ToAct()
			prog := t.programLocked(i)
			if s := &t.seats[i]; s.user != "" && !s.away && prog == nil {
				t.mu.Unlock()
				break
			}
			var p ai.Player
			moves, pace := t.moves, t.cfg.Pace
			if prog != nil {
				p, pace = prog.p, prog.pace
			} else {
				var err error
				if p, err = t.playerLocked(i); err != nil { // checked in newTable: cannot happen
					t.mu.Unlock()
					return
				}
			}
			obs := engine.Observe(&t.state, i)
			ctx, cancel := context.WithCancel(t.ctx)
			t.search = cancel
			t.mu.Unlock()

			start := time.Now()
			legal := obs.Legal(buf[:0])
			a, ok := legal[0], true
			switch {
			case prog == nil:
				a, ok = t.choose(ctx, p, &obs, legal)
			case len(legal) > 1:
				// A program computes elsewhere: it takes no place in
				// the pool, and is not asked what has one answer.
				a = p.Choose(ctx, &obs, legal)
			}
			if rest := pace - time.Since(start); rest > 0 && ctx.Err() == nil {
				timer := time.NewTimer(rest)
				select {
				case <-ctx.Done():
				case <-timer.C:
				}
				timer.Stop()
			}
			stale := ctx.Err() != nil || !ok
			cancel()
			if t.ctx.Err() != nil {
				return
			}

			t.mu.Lock()
			t.search = nil
			waits := t.writing || t.refused
			if prog != nil && t.failedLocked(prog) {
				t.mu.Unlock()
				break // the program's move means nothing: its seat waits (Conn.Program)
			}
			if !stale && t.moves == moves && !t.ended && !t.frozen && !t.held && !waits {
				if err := t.applyLocked(a); err != nil {
					// A player that breaks the rules must not stop the
					// table: it plays its first legal action instead.
					t.applyLocked(legal[0])
				}
				t.changedLocked() // which wakes the computers again
				waits = t.writing
			}
			t.mu.Unlock()
			if waits {
				break // until the move is written (which wakes them), or Wake after a refusal
			}
		}
	}
}
