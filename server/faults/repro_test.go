package faults

import (
	"fmt"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/millebornes/mille/lang"
)

// reproPauseKill is issue 32's first repro, as written there: servers A
// and B, A holds room wz and a person plays; A is paused (SIGSTOP) for
// 6 s, B takes the room over and plays 4 more moves; B is killed
// (SIGKILL); A resumes 5 s later. A player must move again within 5 s
// and the database's count of moves grow.
func reproPauseKill() *schedule {
	sc := &schedule{name: "repro-pause-kill", servers: 2, rooms: 1}
	sc.script = func(h *harness) []string {
		a, b := h.servers[0], h.servers[1]
		room := h.rooms[0]
		h.waitMoves(10*time.Second, func(_ string, n int) bool { return n >= 10 })
		before := h.lastMoves()[room]
		h.count("pause")
		h.note("SIGSTOP A at move %d, room %s held by %s", before, room, h.holder(room))
		a.signal(syscall.SIGSTOP)
		paused := time.Now()
		time.Sleep(6 * time.Second)
		if !h.waitMoves(15*time.Second, func(_ string, n int) bool { return n >= before+4 }) {
			return []string{fmt.Sprintf("room %s: B did not play 4 moves while A was paused (%d moves, %d before)", room, h.lastMoves()[room], before)}
		}
		h.note("B played on to move %d in %v, room %s held by %s", h.lastMoves()[room], time.Since(paused).Round(100*time.Millisecond), room, h.holder(room))
		h.count("kill")
		done := h.excuse("") // no server up: A paused, B killed
		b.kill()
		h.note("SIGKILL B")
		time.Sleep(5 * time.Second)
		resumed := h.lastMoves()[room]
		a.signal(syscall.SIGCONT)
		done()
		h.note("SIGCONT A at move %d", resumed)
		if !h.waitMoves(5*time.Second, func(_ string, n int) bool { return n > resumed || h.over(room) }) {
			return []string{fmt.Sprintf("room %s: wedged: no move within 5 s of A's resuming (%d moves)", room, h.lastMoves()[room])}
		}
		h.note("moving again: move %d, room %s held by %s", h.lastMoves()[room], room, h.holder(room))
		return nil
	}
	return sc
}

// reproSlowWrite is issue 32's second repro, as written there: one room's
// next move is held in the database (an uncommitted INSERT of the same
// key) for 25 s; the other room of the same server plays on, on that
// server, its lease kept.
func reproSlowWrite() *schedule {
	sc := &schedule{name: "repro-slow-write", servers: 2, rooms: 2, sameHome: true}
	sc.script = func(h *harness) []string {
		slow, other := h.rooms[0], h.rooms[1]
		holder := h.holder(other)
		from := h.lastMoves()[other]
		h.note("rooms %s and %s held by %s and %s", slow, other, h.holder(slow), holder)
		h.count("row-lock")
		done := h.excuse(slow)
		began := time.Now()
		h.holdNextMove(slow, 25*time.Second)
		done()
		var found []string
		h.mu.Lock()
		for _, s := range h.samples {
			if s.at.After(began) && s.holders[other] != holder {
				found = append(found, fmt.Sprintf("room %s: its lease went from %s to %s at %.1fs, while room %s's next move was held", other, holder, s.holders[other], s.at.Sub(h.start).Seconds(), slow))
				break
			}
		}
		h.mu.Unlock()
		h.note("room %s played %d moves meanwhile, held by %s", other, h.lastMoves()[other]-from, h.holder(other))
		// Its players are told the move is being written, within 2 s of
		// the move (made a moment after the hold began: 4 s in all).
		var told time.Time
		for _, p := range h.players {
			if at := p.firstRead(lang.NoticeWriting, began); p.room == slow && !at.IsZero() && (told.IsZero() || at.Before(told)) {
				told = at
			}
		}
		switch {
		case told.IsZero():
			found = append(found, fmt.Sprintf("room %s: no player read %q while its next move was held", slow, cat.Text[lang.NoticeWriting]))
		case told.Sub(began) > 4*time.Second:
			found = append(found, fmt.Sprintf("room %s: its players read %q only %v after its next move was held", slow, cat.Text[lang.NoticeWriting], told.Sub(began).Round(100*time.Millisecond)))
		default:
			h.note("room %s's players read %q %v after the hold began", slow, cat.Text[lang.NoticeWriting], told.Sub(began).Round(100*time.Millisecond))
		}
		if n := h.lastMoves()[other]; n < from+10 && !h.over(other) {
			found = append(found, fmt.Sprintf("room %s played %d moves in the 25 s room %s's next move was held", other, n-from, slow))
		}
		return found
	}
	return sc
}

// gameOver is a fixed schedule that plays one room's game to its end
// through faults: every 5 s the server holding the room is killed and
// started again, or paused, or PostgreSQL restarts, or the holder's
// connections are cut; once the game ends, within 150 s as a rule, its
// result must be recorded once (the checker).
func gameOver() *schedule {
	sc := &schedule{name: "game-over", servers: 2, rooms: 1}
	sc.script = func(h *harness) []string {
		room := h.rooms[0]
		deadline := time.Now().Add(150 * time.Second)
		for i := 0; !h.over(room); i++ {
			if time.Now().After(deadline) {
				// A game's length is the deal's: not the servers' fault.
				h.note("room %s: the game did not end in 150 s (%d moves): no result to check", room, h.lastMoves()[room])
				return nil
			}
			time.Sleep(5 * time.Second)
			s := h.servers[0]
			if name, _, _ := strings.Cut(h.holder(room), " "); name == "B" {
				s = h.servers[1]
			}
			f := fault{kind: []kind{kill, pause, pgRestart, cut}[i%4], dur: 2 * time.Second}
			f.server = slices.Index(h.servers, s)
			h.inject(f)
		}
		h.note("the game is over after %d moves", h.lastMoves()[room])
		return nil
	}
	return sc
}
