package faults

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/client"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// bg is the context of the tests' calls of the lobby and the store.
var bg = context.Background()

// stallBound is how long a room may go without a move while a person
// waits: a lease and 5 s (issue 32).
const stallBound = lobby.LeaseTime + 5*time.Second

// dbRoom is a room as the database holds it once the schedule is over.
type dbRoom struct {
	rec      record.Game     // the room's record (its last checkpoint)
	history  []engine.Action // every move of its game: the moves' table
	over     bool            // the history ends the game
	results  []store.Result  // the results recorded of the room
	problems []string        // what the database itself shows wrong
}

// readRoom reads room from the database, directly, and checks that its
// moves are one gapless sequence that replays from the game's deal and
// begins with the record's history.
func (h *harness) readRoom(room string) (dbRoom, error) {
	var d dbRoom
	st, err := h.store()
	if err != nil {
		return d, err
	}
	k, err := st.Room(bg, room)
	if err != nil {
		return d, fmt.Errorf("room %s: %w", room, err)
	}
	d.rec = k.Game
	err = query(5*time.Second, func(ctx context.Context) error {
		rows, err := h.db.QueryContext(ctx, `SELECT n, action FROM moves WHERE room = $1 ORDER BY n`, room)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n, a int
			if err := rows.Scan(&n, &a); err != nil {
				return err
			}
			if n != len(d.history) {
				d.problems = append(d.problems, fmt.Sprintf("room %s: the moves' table has move %d after move %d: a gap or a move twice", room, n, len(d.history)-1))
				return nil
			}
			d.history = append(d.history, engine.Action(a))
		}
		return rows.Err()
	})
	if err != nil {
		return d, err
	}
	if len(d.history) < len(d.rec.History) || !slices.Equal(d.history[:len(d.rec.History)], d.rec.History) {
		d.problems = append(d.problems, fmt.Sprintf("room %s: its checkpoint's %d moves are not the first of the %d of the moves' table", room, len(d.rec.History), len(d.history)))
	}
	s, err := engine.New(d.rec.State.Config, d.rec.State.Seed)
	if err != nil {
		return d, err
	}
	for i, a := range d.history {
		if err := s.Step(a); err != nil {
			d.problems = append(d.problems, fmt.Sprintf("room %s: move %d (%v) does not follow: %v", room, i, a, err))
			d.history = d.history[:i]
			break
		}
	}
	d.over = s.Phase == engine.PhaseGameOver
	d.results, err = st.Results(bg, room)
	return d, err
}

// check verifies the schedule's invariants, from the database and the
// players' transcripts, and returns what it found broken.
func (h *harness) check() []string {
	var found []string
	for _, room := range h.rooms {
		d, err := h.readRoom(room)
		if err != nil {
			found = append(found, fmt.Sprintf("room %s: reading it: %v", room, err))
			continue
		}
		found = append(found, d.problems...)
		found = append(found, checkResults(room, d)...)
		found = append(found, h.checkStalls(room, d.over)...)
		for _, p := range h.players {
			if p.room == room {
				found = append(found, checkTranscript(p, d, func(at time.Time) int { return h.movesAt(room, at) })...)
			}
		}
	}
	return found
}

// checkResults: the game over in the history is recorded once, a row a
// seat, and no other game is.
func checkResults(room string, d dbRoom) []string {
	var found []string
	games := map[string]int{}
	for _, r := range d.results {
		games[r.Game]++
	}
	want := ""
	if d.over {
		want = strconv.FormatUint(d.rec.State.Seed, 10) + "/" + strconv.Itoa(len(d.history))
		if n := games[want]; n != d.rec.State.Config.Players {
			found = append(found, fmt.Sprintf("room %s: its game is over after %d moves and recorded in %d rows, not once (%d seats)", room, len(d.history), n, d.rec.State.Config.Players))
		}
	}
	for g, n := range games {
		if g != want {
			found = append(found, fmt.Sprintf("room %s: a result (%d rows) of game %q, which its history does not end", room, n, g))
		}
	}
	return found
}

// checkStalls: while the room's game goes on, no time longer than
// stallBound passes without a move, the faults' windows aside.
func (h *harness) checkStalls(room string, over bool) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var found []string
	var last time.Time
	prev := -1
	for _, s := range h.samples {
		if s.at.After(h.frozenAt) {
			break
		}
		n := s.moves[room]
		if n < prev {
			found = append(found, fmt.Sprintf("room %s: its moves went from %d to %d at %.1fs", room, prev, n, s.at.Sub(h.start).Seconds()))
		}
		if n != prev || last.IsZero() {
			if !last.IsZero() && prev > 0 {
				if stall := s.at.Sub(last) - h.excused(room, last, s.at); stall > stallBound {
					found = append(found, fmt.Sprintf("room %s: no move for %v (from %.1fs to %.1fs, at move %d), beyond the lease and 5 s; its players read:\n%s", room, stall.Round(100*time.Millisecond), last.Sub(h.start).Seconds(), s.at.Sub(h.start).Seconds(), prev, h.readDuring(room, last, s.at)))
				}
			}
			last, prev = s.at, n
		}
	}
	if !over && !last.IsZero() && !h.frozenAt.IsZero() {
		if stall := h.frozenAt.Sub(last) - h.excused(room, last, h.frozenAt); stall > stallBound {
			found = append(found, fmt.Sprintf("room %s: no move for the last %v of the schedule (from %.1fs, at move %d), beyond the lease and 5 s", room, stall.Round(100*time.Millisecond), last.Sub(h.start).Seconds(), prev))
		}
	}
	return found
}

// excused is how much of the time from a to b the faults' windows left
// room no way to move (h.mu held).
func (h *harness) excused(room string, a, b time.Time) time.Duration {
	// the union of the windows within [a, b], by merging them in order
	var ws []window
	for _, w := range h.windows {
		if (w.room == "" || w.room == room) && w.to.After(a) && w.from.Before(b) {
			ws = append(ws, window{from: maxTime(w.from, a), to: minTime(w.to, b)})
		}
	}
	slices.SortFunc(ws, func(x, y window) int { return x.from.Compare(y.from) })
	var total time.Duration
	var end time.Time
	for _, w := range ws {
		if w.from.Before(end) {
			w.from = end
		}
		if w.to.After(w.from) {
			total += w.to.Sub(w.from)
			end = w.to
		}
	}
	return total
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// told are the sentences the line mode tells a seat of the moves of
// history, in order (package plain tells each through lang's Event),
// each in its two wordings: the seat's own, and an onlooker's, which
// names every seat (a returning player's recap of the last moves may
// name their own moves so).
//
// upTo[k] is how many of them tell the first k moves.
func told(rec record.Game, history []engine.Action, seat int) (out [][2]string, upTo []int) {
	own := engine.Names{Config: rec.State.Config, Viewer: seat}
	for i, s := range rec.Seats {
		own.Seats = append(own.Seats, cat.SeatName(s.Name, i, false))
	}
	named := own
	named.Viewer = -1
	s, err := engine.New(rec.State.Config, rec.State.Seed)
	if err != nil {
		return nil, []int{0}
	}
	upTo = []int{0}
	for _, a := range history {
		before := s.EventCount
		if s.Step(a) != nil {
			break
		}
		for n := before; n < s.EventCount; n++ {
			e := s.Log[n%engine.LogSize]
			switch e.Kind {
			case engine.EvPlay, engine.EvAttack, engine.EvSafety, engine.EvCoupFourre, engine.EvDiscard:
				out = append(out, [2]string{cat.Event(e, own), cat.Event(e, named)})
			}
		}
		upTo = append(upTo, len(out))
	}
	return out, upTo
}

// moveKeys are the sentences that tell a move, and which of their
// arguments is the card.
var moveKeys = []struct {
	key  lang.Key
	card int
}{
	{lang.EvPlay, 1}, {lang.EvPlayYou, 0}, {lang.EvAttack, 1}, {lang.EvAttackYou, 0},
	{lang.EvCoupFourre, 1}, {lang.EvCoupFourreYou, 0}, {lang.EvDiscard, 1}, {lang.EvDiscardYou, 0},
}

// movePatterns match the sentences of moveKeys, the card's argument only
// by a card's name ("New hand: Ada plays first." tells no move).
var movePatterns = func() []*regexp.Regexp {
	var cards []string
	for c := engine.Card(1); c < engine.NumCards; c++ {
		cards = append(cards, regexp.QuoteMeta(cat.Card(c)))
	}
	card := "(" + strings.Join(cards, "|") + ")"
	var res []*regexp.Regexp
	for _, m := range moveKeys {
		parts := verbs.Split(cat.Text[m.key], -1)
		var b strings.Builder
		b.WriteString("^")
		for i, p := range parts {
			b.WriteString(regexp.QuoteMeta(p))
			switch {
			case i == len(parts)-1:
			case i == m.card:
				b.WriteString(card)
			default:
				b.WriteString(".*")
			}
		}
		b.WriteString("$")
		res = append(res, regexp.MustCompile(b.String()))
	}
	return res
}()

// moveLine returns line as the sentence of a move, without its running
// total and a seat's away mark, or false if it tells none.
func moveLine(line string) (string, bool) {
	line = strings.ReplaceAll(line, cat.T(lang.Away, ""), "")
	if asks(line, lang.RunningTotal) {
		if i := strings.LastIndex(line, ", "); i > 0 {
			line = line[:i] + "."
		}
	}
	for _, re := range movePatterns {
		if re.MatchString(line) {
			return line, true
		}
	}
	return "", false
}

// checkTranscript: in each of p's sessions, the moves told are a run of
// the room's moves as the database holds them, in order, none missing
// between two told and none told twice; the session of its return, once
// the schedule is over, tells at least the moves the database held when
// it began (the computers play on for the people away, so the database
// may hold more by the time it is read); and it never came back as an
// onlooker. movesAt is the room's count of moves in the database at a
// moment.
func checkTranscript(p *player, d dbRoom, movesAt func(time.Time) int) []string {
	seat := -1
	id := client.ID(client.Key(p.key))
	for i := range d.rec.Seats {
		if d.rec.UI[lobby.UIUser+strconv.Itoa(i)] == id {
			seat = i
		}
	}
	if seat < 0 {
		return []string{fmt.Sprintf("%s: no seat of room %s is theirs", p.name, p.room)}
	}
	want, upTo := told(d.rec, d.history, seat)
	var found []string
	for i, seg := range p.segments() {
		var got []string
		for _, l := range seg.lines {
			if asks(l, lang.JoinedWatching) {
				found = append(found, fmt.Sprintf("%s, session %d on server %s: came back to room %s as an onlooker: %q", p.name, i+1, seg.server, p.room, l))
			}
			if m, ok := moveLine(l); ok {
				got = append(got, m)
			}
		}
		if len(got) == 0 {
			continue
		}
		at, ok := runOf(got, want)
		switch {
		case !ok:
			found = append(found, fmt.Sprintf("%s, session %d on server %s: the %d moves told are not a run of the database's %d: %s; the session read:\n\t\t%s", p.name, i+1, seg.server, len(got), len(want), mismatch(got, want), strings.Join(seg.lines[max(0, len(seg.lines)-30):], "\n\t\t")))
		case seg.final && !d.over && at+len(got) < upTo[min(movesAt(seg.start), len(d.history))]:
			n := upTo[min(movesAt(seg.start), len(d.history))]
			found = append(found, fmt.Sprintf("%s, back on server %s once the schedule is over: an old position: the last move told is move %d where the database held %d as the session began (%q, then %q); the session read:\n\t\t%s", p.name, seg.server, at+len(got), n, got[len(got)-1], want[at+len(got)][0], strings.Join(seg.lines[max(0, len(seg.lines)-30):], "\n\t\t")))
		}
	}
	return found
}

// runOf finds got in want as a run; with several, the last (the
// session's moves are the latest).
func runOf(got []string, want [][2]string) (int, bool) {
	for at := len(want) - len(got); at >= 0; at-- {
		if prefix(got, want[at:]) == len(got) {
			return at, true
		}
	}
	return 0, false
}

// prefix is how many of got's first moves want's first tell.
func prefix(got []string, want [][2]string) int {
	n := 0
	for n < len(got) && n < len(want) && (got[n] == want[n][0] || got[n] == want[n][1]) {
		n++
	}
	return n
}

// mismatch describes how got departs from want, from the longest run
// of got's start found in want.
func mismatch(got []string, want [][2]string) string {
	best, bestAt := -1, 0
	for at := range want {
		if n := prefix(got, want[at:]); n > best {
			best, bestAt = n, at
		}
	}
	if best <= 0 {
		return fmt.Sprintf("its first, %q, is none of the database's", got[0])
	}
	next := "nothing"
	if bestAt+best < len(want) {
		next = strconv.Quote(want[bestAt+best][0])
	}
	return fmt.Sprintf("after %d moves from the database's move %d, it tells %q where the database has %s", best, bestAt, got[best], next)
}

// movesAt is room's count of moves in the monitor's last sample before
// at.
func (h *harness) movesAt(room string, at time.Time) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.samples {
		if s.at.After(at) {
			break
		}
		n = s.moves[room]
	}
	return n
}

// store opens the schedule's database as a store once, for the checker
// to read rooms and results as the servers write them.
func (h *harness) store() (*store.SQL, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.st == nil {
		st, err := store.OpenPostgres(dbURL(h.pg.addr()))
		if err != nil {
			return nil, err
		}
		h.st = st
		h.t.Cleanup(func() { st.Close() })
	}
	return h.st, nil
}

// readDuring is what room's players read from from to to, each line with
// its time and where: for a person to see what a stall looked like.
func (h *harness) readDuring(room string, from, to time.Time) string {
	const most = 40
	var lines []string
	for _, p := range h.players {
		if p.room != room {
			continue
		}
		for _, seg := range p.segments() {
			for i, l := range seg.lines {
				if at := seg.times[i]; !at.Before(from) && !at.After(to) {
					lines = append(lines, fmt.Sprintf("    %6.2fs %s on %s: %s", at.Sub(h.start).Seconds(), p.name, seg.server, l))
				}
			}
		}
	}
	slices.Sort(lines) // by time: every line begins with it, padded
	if len(lines) > most {
		lines = append(lines[:most/2], append([]string{"    ..."}, lines[len(lines)-most/2:]...)...)
	}
	return strings.Join(lines, "\n")
}
