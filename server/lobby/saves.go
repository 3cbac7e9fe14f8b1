package lobby

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// Keys of the server's own fields in a kept game's UI map: who held each
// seat (a key fingerprint), who was the host and the computer level. An
// exported room is a save file with these.
const (
	UIUser  = "server.user." // and the seat's number from 0
	UIHost  = "server.host"
	UILevel = "server.level"
	// uiWaiting marks a room not dealt yet, whose record a server of
	// several keeps so that another may take the room over (cluster.go).
	uiWaiting = "server.waiting"
	// uiBot, and the seat's number, marks a seat a bot of the ladder
	// holds: the rooms list of another server of a cluster counts it as
	// a bot's, not a person's.
	uiBot = "server.bot."
)

// MaxSaveAge is how long the store keeps a room nobody played, unless the
// lobby's KeepSaves says otherwise.
const MaxSaveAge = 7 * 24 * time.Hour

// restoreAtStart is how many kept rooms Restore brings back into a lobby
// without a room limit; the others come back when someone asks for them.
const restoreAtStart = 100

// saveConn keeps the room of c's table in the server's store and returns
// the name it is kept under. Only the host may save, once the game has
// started; everyone is told.
func (l *Lobby) saveConn(c *table.Conn) (name string, err error) {
	if c.Watching() {
		return "", table.ErrOnlooker
	}
	r := l.roomOf(c)
	if r == nil {
		return "", table.ErrEnded // the room stopped here: retired or taken over
	}
	return r.save(c.User(), false)
}

// save snapshots the game and keeps it as saved. With shutdown the room
// stops for good first, so nothing moves after the snapshot; then user
// does not matter.
func (r *Room) save(user string, shutdown bool) (string, error) {
	l := r.lobby
	if l.Store == nil {
		return "", ErrNoSaves
	}
	r.saveMu.Lock()
	defer r.saveMu.Unlock()
	if shutdown && r.shut == 1 {
		return r.Name(), nil // saved by an earlier try of SaveAll
	}
	var c table.Checkpoint
	var err error
	if shutdown {
		c.Game, c.Seating, err = r.Freeze()
	} else {
		c.Game, c.Seating, err = r.Snapshot(user)
	}
	if err != nil {
		return "", err
	}
	r.flushLocked(context.Background())
	err = r.putLocked(c, true)
	switch {
	case err != nil:
		if r.shut == 0 || !shutdown {
			r.Notify(table.Notice{Kind: table.NoticeNotSaved})
		}
		if shutdown {
			r.shut = -1
		}
		l.logf("saving room %s: %v", r.Name(), err)
		return "", ErrNotSaved
	case shutdown:
		r.shut = 1
		r.Notify(table.Notice{Kind: table.NoticeShutdown, Name: r.Name()})
	default:
		r.Notify(table.Notice{Kind: table.NoticeSaved, Name: r.Name()})
		l.prune()
	}
	return r.Name(), nil
}

// putLocked writes checkpoint c of the room into the store, saved or only
// checkpointed, for its host: the store refuses it if the room of that
// name is another game. Under saveMu.
func (r *Room) putLocked(c table.Checkpoint, saved bool) error {
	kept := r.kept(c, saved)
	if err := r.put(context.Background(), kept, c.Seating.Host); err != nil {
		return err
	}
	r.written = len(kept.Game.History)
	if r.unkept {
		r.unkept = false
		r.Notify(table.Notice{Kind: table.NoticeKeptAgain})
	}
	return nil
}

// kept is checkpoint c of the room as the store keeps it.
func (r *Room) kept(c table.Checkpoint, saved bool) store.Room {
	g := c.Game
	g.Saved = r.lobby.now().UTC().Truncate(time.Second)
	g.UI = map[string]string{UIHost: c.Seating.Host, UILevel: r.level}
	if r.rated {
		g.UI[UIRated] = "1"
	}
	var players []string
	for i, u := range c.Seating.Users {
		if u != "" {
			g.UI[UIUser+strconv.Itoa(i)] = u
			players = append(players, u)
			if _, bot := r.lobby.ladder.bots.Load(u); bot {
				g.UI[uiBot+strconv.Itoa(i)] = "1"
			}
		}
		if r.rated && i < len(c.Seating.GaveUp) && c.Seating.GaveUp[i] != "" {
			// Whoever records the game's result (another server, after
			// a takeover) counts their loss too.
			g.UI[UIGaveUp+strconv.Itoa(i)] = c.Seating.GaveUp[i]
			if i < len(c.Seating.GaveUpAs) && c.Seating.GaveUpAs[i] != "" {
				g.UI[UIGaveUpAs+strconv.Itoa(i)] = c.Seating.GaveUpAs[i]
			}
		}
	}
	return store.Room{Name: r.Name(), Game: g, Host: c.Seating.Host, Players: players, Saved: saved}
}

// handEnded is the room's table.Config.HandEnd: it notes the game as the
// hand ended (and the result of a game over) for the lobby's keeper to
// write, and wakes it. It runs under the table's lock.
func (r *Room) handEnded(c table.Checkpoint) {
	r.endMu.Lock()
	r.ended = &c
	if c.Game.State.Phase == engine.PhaseGameOver {
		r.results = append(r.results, resultOf(r.Name(), c.Game, c.Seating, r.lobby.now(), r.rated, r.level))
		r.unwritten(true)
	}
	r.endMu.Unlock()
	r.lobby.wakeKeeper()
}

// deserted is the room's table.Config.Deserted: a rated game that its
// people all left for good before its end is recorded as it stands, as
// their loss (store.ResultSeat.Forfeit), by the lobby's keeper as a
// finished game's result is. It runs under the table's lock.
func (r *Room) deserted(c table.Checkpoint) {
	if !r.rated {
		return
	}
	r.endMu.Lock()
	r.results = append(r.results, resultOf(r.Name(), c.Game, c.Seating, r.lobby.now(), true, r.level))
	r.unwritten(true)
	r.endMu.Unlock()
	r.lobby.wakeKeeper()
}

// unwritten notes whether the room has results of finished games not
// written yet (on), or has written them all. Under endMu.
func (r *Room) unwritten(on bool) {
	l := r.lobby
	l.unwrittenMu.Lock()
	defer l.unwrittenMu.Unlock()
	switch {
	case on && l.unwritten == nil:
		l.unwritten = map[string]*Room{r.Name(): r}
	case on:
		l.unwritten[r.Name()] = r
	case l.unwritten[r.Name()] == r:
		delete(l.unwritten, r.Name())
	}
}

// awaitResults returns once the results of the games finished in room
// are written (or their write failed): it writes them itself, or waits
// for the write under way (saveMu). A person back in the lobby from a
// rated game reads what it did to their rating (LastChange) after it.
func (l *Lobby) awaitResults(room string) {
	l.unwrittenMu.Lock()
	r := l.unwritten[room]
	l.unwrittenMu.Unlock()
	if r == nil {
		return
	}
	r.saveMu.Lock()
	r.flushLocked(context.Background())
	r.saveMu.Unlock()
}

// wakeKeeper wakes the lobby's keeper (Keep), if it sleeps.
func (l *Lobby) wakeKeeper() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// resultOf is the result of game g in room, over (or deserted), whose
// seats were held as seating says. In a rated game a person who gave a
// seat up and did not come back is its key still, and forfeits it.
func resultOf(room string, g record.Game, seating table.Seating, now time.Time, rated bool, level string) store.Result {
	st := &g.State
	res := store.Result{Room: room, Finished: now.UTC(), Game: store.GameID(g), Rated: rated, Level: level, Rules: st.Config.Rules.String()}
	if rated {
		res.Hands = handsOf(g)
	}
	for i, s := range g.Seats {
		side := st.Config.SideOf(i)
		seat := store.ResultSeat{
			Key: seating.Users[i], Name: s.Name, Points: int(st.Totals[side]), Won: int(st.Winner) == side, Side: side,
		}
		if rated && seat.Key == "" && i < len(seating.GaveUp) && seating.GaveUp[i] != "" {
			seat.Key, seat.Forfeit, seat.Won = seating.GaveUp[i], true, false
			if i < len(seating.GaveUpAs) && seating.GaveUpAs[i] != "" {
				seat.Name = seating.GaveUpAs[i] // theirs, not the computer's
			}
		}
		res.Seats = append(res.Seats, seat)
	}
	return res
}

// flushLocked writes what the room's ended hands left: their results
// (within ctx), and the game as the last one ended if nothing later was
// written. What it could not write stays, for the next try. It reports
// whether all was written. Under saveMu.
func (r *Room) flushLocked(ctx context.Context) bool {
	r.endMu.Lock()
	c, results := r.ended, r.results
	r.ended, r.results = nil, nil
	r.endMu.Unlock()
	var failed []store.Result
	for _, res := range results {
		if err := r.addResult(ctx, res); err != nil {
			r.lobby.logf("room %s: recording a result: %v", r.Name(), err)
			if !errors.Is(err, store.ErrNotHolder) { // another server's to record now
				failed = append(failed, res)
			}
			continue
		}
		if res.Rated {
			r.tellRated(res)
		}
	}
	ok := len(failed) == 0
	if c != nil && len(c.Game.History) > r.written {
		if err := r.checkpointLocked(*c); err != nil && !errors.Is(err, store.ErrNotHolder) {
			ok = false
			r.endMu.Lock()
			if r.ended == nil { // a later hand's end replaces it
				r.ended = c
			}
			r.endMu.Unlock()
		}
	}
	r.endMu.Lock()
	r.results = append(failed, r.results...)
	if len(r.results) == 0 {
		r.unwritten(false)
	}
	r.endMu.Unlock()
	return ok
}

// checkpointLocked writes checkpoint c of the room, not as saved, and
// tells its people when the game stops being written down (a full disk,
// a locked database) and when it is written again: the moves are kept in
// memory meanwhile, and Keep tries again every RetryEvery. Under saveMu.
func (r *Room) checkpointLocked(c table.Checkpoint) error {
	err := r.putLocked(c, false)
	if err != nil {
		r.lobby.logf("room %s: checkpoint: %v", r.Name(), err)
		if !r.unkept {
			r.unkept = true
			r.Notify(table.Notice{Kind: table.NoticeNotKept})
		}
	}
	return err
}

// RetryEvery is how often Keep tries again to write the games it could
// not: once the disk has room again, the moves played meanwhile are in the
// store within this time.
const RetryEvery = 2 * time.Second

// Checkpoint writes into the store the games that moved on since they
// were last written: as their last hand ended and, with all, every game
// in play as it stands now. A crash then loses only what was played since.
// It reports whether every write it tried was made.
func (l *Lobby) Checkpoint(all bool) bool {
	if l.Store == nil {
		return true
	}
	ok := l.flushRetired()
	for _, r := range l.roomList() {
		r.saveMu.Lock()
		ok = r.flushLocked(context.Background()) && ok
		if all || r.unkept {
			if c, err := r.Checkpoint(); err == nil && len(c.Game.History) > r.written {
				ok = r.checkpointLocked(c) == nil && ok
			}
		}
		r.saveMu.Unlock()
	}
	return ok
}

// Keep checkpoints the lobby's games until ctx ends: at the end of every
// hand, and every game that moved on every interval (0: only at the ends
// of hands); after a write that failed, every RetryEvery until all are
// written.
func (l *Lobby) Keep(ctx context.Context, every time.Duration) {
	var tick <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	var retry <-chan time.Time
	for {
		var kept bool
		select {
		case <-ctx.Done():
			return
		case <-l.wake:
			kept = l.Checkpoint(false)
		case <-tick:
			kept = l.Checkpoint(true)
		case <-retry:
			kept = l.Checkpoint(false)
		}
		retry = nil
		if !kept {
			retry = time.After(RetryEvery)
		}
	}
}

// retire deals with rooms that ended: what their last hands left is
// written, and a game nobody holds a seat of any more (its people gave it
// up, or their grace periods ran out) is forgotten unless it was saved. A
// game whose people still hold seats (a restored game they did not come
// back to) stays kept, for them.
func (l *Lobby) retire(rooms []*Room) {
	if l.Store == nil {
		return
	}
	var written []*Room
	defer func() { l.retireShared(written) }()
	for _, r := range rooms {
		r.saveMu.Lock()
		if r.flushLocked(context.Background()) || !r.holdsResults() {
			written = append(written, r)
		}
		r.saveMu.Unlock()
		if slices.ContainsFunc(r.Seats(), func(s table.SeatInfo) bool { return s.Human }) {
			continue
		}
		if err := l.Store.DropCheckpoint(context.Background(), r.Name()); err != nil {
			l.logf("room %s: %v", r.Name(), err)
		}
	}
}

// holdsResults reports whether results of the room's finished games wait
// to be written (Room.unwritten).
func (r *Room) holdsResults() bool {
	r.lobby.unwrittenMu.Lock()
	defer r.lobby.unwrittenMu.Unlock()
	return r.lobby.unwritten[r.Name()] == r
}

// retired are the rooms that ended here (no longer the lobby's) whose
// results wait to be written: the store could not take them as the room
// was retired.
func (l *Lobby) retired() []*Room {
	l.unwrittenMu.Lock()
	held := slices.Collect(maps.Values(l.unwritten))
	l.unwrittenMu.Unlock()
	return slices.DeleteFunc(held, func(r *Room) bool { return l.Room(r.Name()) == r })
}

// flushRetired writes the results that rooms retired while the store was
// out of reach hold: at the keeper's next try (Keep, every RetryEvery
// while a write fails) and, in a cluster, at the next renewal of the
// leases, so a result held is written once the store is back. In a
// cluster such a room kept its lease (retire), so that the write is
// fenced as any other: it is given up once the results are written. It
// reports whether all were.
func (l *Lobby) flushRetired() bool {
	ok := true
	for _, r := range l.retired() {
		r.saveMu.Lock()
		done := r.flushLocked(context.Background())
		r.saveMu.Unlock()
		if done {
			l.retireShared([]*Room{r})
		}
		ok = ok && done
	}
	return ok
}

// LastWrite bounds the last try, as the lobby closes, to write the
// results of finished games the store could not take before.
const LastWrite = 5 * time.Second

// lastResults tries once more, within LastWrite, to write the results
// the lobby's rooms hold (the store was out of reach when their games
// ended), and logs every one still not written, with its room, game and
// seats: the server stops, and they are lost (held in memory only). A
// room retired before (not of open, the rooms Close ends) gives up its
// lease once written, as flushRetired does.
func (l *Lobby) lastResults(open map[string]*Room) {
	l.unwrittenMu.Lock()
	held := slices.Collect(maps.Values(l.unwritten))
	l.unwrittenMu.Unlock()
	if len(held) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), LastWrite)
	defer cancel()
	for _, r := range held {
		r.saveMu.Lock()
		if ctx.Err() == nil {
			r.flushLocked(ctx)
		}
		r.endMu.Lock()
		lost := slices.Clone(r.results)
		r.endMu.Unlock()
		r.saveMu.Unlock()
		if len(lost) == 0 && open[r.Name()] != r {
			l.retireShared([]*Room{r})
		}
		for _, res := range lost {
			l.logf("room %s: the result of game %s is not written and is lost as the server stops: %s", res.Room, res.Game, seatsText(res))
		}
	}
}

// seatsText says a result's seats for the log: each seat's name, key,
// points and whether it won.
func seatsText(res store.Result) string {
	var b strings.Builder
	for i, s := range res.Seats {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "seat %d %s (%s) %d points", i+1, s.Name, cmp.Or(s.Key, "computer"), s.Points)
		if s.Won {
			b.WriteString(" won")
		}
		if s.Forfeit {
			b.WriteString(" forfeit")
		}
	}
	return b.String()
}

// retireShared gives up the leases of rooms that ended, in a cluster; the
// moves of a game not kept go with it.
func (l *Lobby) retireShared(rooms []*Room) {
	c := l.Cluster
	if c == nil {
		return
	}
	ctx := context.Background() // the server's own work
	for _, r := range rooms {
		if r.gone.Load() {
			continue // another server's now: nothing of it is this one's to drop
		}
		if _, err := l.Store.Room(ctx, r.Name()); errors.Is(err, store.ErrNoRoom) {
			if err := c.Shared.DropMoves(ctx, r.fence(), 0); err != nil {
				l.logf("room %s: %v", r.Name(), err)
			}
		}
		l.unclaim(r.Name())
	}
}

// prune drops the kept rooms older than KeepSaves and those of a host
// beyond SavesPerKey.
func (l *Lobby) prune() error {
	keep := l.KeepSaves
	if keep <= 0 {
		keep = MaxSaveAge
	}
	n, err := l.Store.Prune(context.Background(), l.now().Add(-keep), l.SavesPerKey)
	if err != nil {
		return fmt.Errorf("pruning the kept rooms: %w", err)
	}
	if n > 0 {
		l.logf("pruned %d kept rooms", n)
	}
	return nil
}

// restoreRoom makes a room from kept room k, as it waits for its people:
// every person's seat waits for them (found by the identity kept in the
// UI map) and, if restored, the former host starts the game again;
// otherwise (a room taken over from another server) it goes on at once,
// the computers playing for the people until they are back. In a cluster
// the room's lease is taken first, and the moves the store holds beyond
// k are played again. Grace and Pace come
// from cfg; the rules, seed and levels from the game, its levels checked
// against ai.Levels and brought down to the lobby's MaxLevel.
//
// In a cluster a room whose lease a server held and never gave up (it
// was killed, or dropped the room when it lost its database) was in
// play: it is taken over and goes on at once, whether the server that
// brings it back is another (takeOver), or the same one started again
// (Restore) or reached by a player first (reopen). Brought back as a
// saved game instead, it waited for a host who may be away, and no
// other server took it, its lease held: the fault suite's game-over
// schedule found it 12 to 20 s without a move. Only a room whose lease
// was given up (a shutdown saved it) is a saved game.
func (l *Lobby) restoreRoom(ctx context.Context, k store.Room, cfg table.Config, restored bool) (r *Room, err error) {
	var lease store.Lease
	if l.Cluster != nil {
		if lease, err = l.claim(ctx, k.Name); err != nil {
			return nil, err
		}
		if lease.TakenOver && restored {
			// The lease was someone's, never given up: a takeover.
			restored = false
			l.logf("room %s: taken over at epoch %d, its lease held and never given up: the game goes on", k.Name, lease.Epoch)
		}
		defer func() {
			if err != nil {
				l.unclaim(k.Name)
			}
		}()
		if k, err = l.replay(ctx, k, lease.Fence()); err != nil {
			return nil, err
		}
	}
	g := k.Game
	if lv := g.UI[UILevel]; lv != "" {
		cfg.Level = lv
	}
	cfg.Rated = g.UI[UIRated] != ""
	if cfg.Level, err = l.level(cfg.Level); err != nil {
		return nil, err
	}
	g.Seats = slices.Clone(g.Seats)
	users := make([]string, len(g.Seats))
	humans := 0
	for i, s := range g.Seats {
		if u := g.UI[UIUser+strconv.Itoa(i)]; s.Human && u != "" {
			users[i] = u
			humans++
		}
		if s.Level != "" {
			if g.Seats[i].Level, err = l.level(s.Level); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	if humans == 0 {
		return nil, errors.New("nobody to come back to the game")
	}
	// A room of a cluster taken over before its deal waits for it again,
	// its people's seats theirs.
	waiting := g.UI[uiWaiting] != "" && len(g.History) == 0
	r, err = l.newRoom(cfg, lease, !waiting, func(cfg table.Config) (*table.Table, error) {
		if waiting {
			return table.Waiting(k.Name, g, users, g.UI[UIHost], cfg, l.Now)
		}
		return table.FromRecord(k.Name, g, users, g.UI[UIHost], restored, cfg, l.Now)
	})
	if err != nil {
		return nil, err
	}
	r.written = len(g.History)
	return r, nil
}

// SaveAll saves every started room for a shutdown: each room stops moving,
// is kept as saved and tells its people. It returns the names saved and
// the first error; called again after an error, it writes only the rooms
// not saved yet, and tells their people nothing new.
func (l *Lobby) SaveAll() ([]string, error) {
	var names []string
	var first error
	for _, r := range l.roomList() {
		if !r.Started() || r.Ended() {
			continue // a restored room not started again is kept as it was
		}
		name, err := r.save("", true)
		if err != nil && !errors.Is(err, table.ErrEnded) {
			if first == nil {
				first = fmt.Errorf("room %s: %w", r.Name(), err)
			}
			continue
		}
		if err == nil {
			names = append(names, name)
		}
	}
	return names, first
}

// Restore first prunes the store (KeepSaves, SavesPerKey), then brings
// back the rooms kept there, the most recent first, each as a room
// waiting for its people: as many as the lobby holds (restoreAtStart
// without a limit). The others come back when someone joins them by name
// (Join). cfg gives these rooms their grace period and pace. A room that
// does not load, or does not fit, is reported in the errors and stays
// kept.
func (l *Lobby) Restore(cfg table.Config) (restored []string, errs []error) {
	l.mu.Lock()
	l.restoreCfg = cfg
	l.mu.Unlock()
	if l.Store == nil {
		return nil, nil
	}
	if err := l.prune(); err != nil {
		errs = append(errs, err)
	}
	n := l.MaxRooms
	if n <= 0 {
		n = restoreAtStart
	}
	ctx := context.Background() // the server's start: no session waits
	kept, err := l.Store.Rooms(ctx, n)
	if err != nil {
		errs = append(errs, err)
	}
	for _, k := range kept {
		if err := l.add(k.Name, func() (*Room, error) { return l.restoreRoom(ctx, k, cfg, true) }); err != nil {
			if errors.Is(err, ErrElsewhere) {
				continue // another server restored it first
			}
			errs = append(errs, fmt.Errorf("room %s: %v", k.Name, err))
			continue
		}
		restored = append(restored, k.Name)
	}
	return restored, errs
}

// reopen brings back the room called name from the store, if it is kept
// there, and returns it open; nil if there is none. The store is asked
// within ctx, the session's that names the room.
func (l *Lobby) reopen(ctx context.Context, name string) *Room {
	if l.Store == nil || !roomName.MatchString(name) {
		return nil
	}
	k, err := l.Store.Room(ctx, name)
	if err != nil {
		if !errors.Is(err, store.ErrNoRoom) {
			l.logf("room %s: %v", name, err)
		}
		return nil
	}
	l.mu.Lock()
	cfg := l.restoreCfg
	l.mu.Unlock()
	err = l.add(name, func() (*Room, error) { return l.restoreRoom(ctx, k, cfg, true) })
	if err != nil && !errors.Is(err, ErrRoomExists) && !errors.Is(err, ErrElsewhere) {
		l.logf("room %s: %v", name, err)
		return nil
	}
	return l.Room(name)
}

// logf reports through Logf, if set.
func (l *Lobby) logf(format string, args ...any) {
	if l.Logf != nil {
		l.Logf(format, args...)
	}
}
