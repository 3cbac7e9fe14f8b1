package lobby

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// The bot ladder (issue 35): a bot program, connected with a key its
// owner registered as a bot's (store.Bots), waits here for rated games
// of two and plays them one after another, against the other bots
// waiting and against the people who ask to play a bot (PlayBot). It
// speaks the bot protocol (package ai/bot); a bot that breaks it (no
// answer in time, answers refused, garbage, its connection gone) loses
// the game it was playing, which is rated as its opponent's win
// (Forfeit), and a bot that does so FaultsToBench times in FaultWindow is
// benched for BenchFor: refused until then. Each server keeps its own
// ladder; the faults and benches are the store's, which the servers of a
// cluster share (Lobby.Bots).

// The ladder's rules.
const (
	// BotMoveTimeout is how long a bot of the ladder may take over one
	// decision.
	BotMoveTimeout = 10 * time.Second
	// BotPace is the shortest time a bot's decision takes on the server:
	// a faster answer waits for it, so that two bots playing each other
	// take a share of the server, not all of it.
	BotPace = 100 * time.Millisecond
	// FaultsToBench faults in FaultWindow bench a bot for BenchFor.
	FaultsToBench = 3
	FaultWindow   = time.Hour
	BenchFor      = time.Hour
)

// The refusals of the ladder.
var (
	ErrBenched = refuse(RefBenched)
	ErrNoBot   = refuse(RefNoBot)
	// ErrFriendSelf refuses a quick match with oneself as partner.
	ErrFriendSelf = refuse(RefFriendSelf)
)

// ladderEntry is a bot waiting for a game.
type ladderEntry struct {
	user, name, owner string
	seated            chan quickSeat // capacity 1, as a quick match's
}

// ladder is the bots waiting for a game. Their faults and benches are
// the store's (store.Bots), shared by a cluster's servers and kept over
// a restart.
type ladder struct {
	mu      sync.Mutex
	waiting []*ladderEntry
	// bots are the keys that played on this server's ladder (a key
	// registered as a bot stays one): a room's record marks their seats
	// (uiBot), for the rooms list of the other servers of a cluster. A
	// sync.Map, read under a table's lock (Room.kept).
	bots sync.Map
	// pace, when set, replaces BotPace (tests: 0 is BotPace, -1 none).
	pace time.Duration
}

// SetBotPace sets the shortest time of a bot's decision from now on: 0
// BotPace, a negative duration none.
func (l *Lobby) SetBotPace(d time.Duration) {
	l.ladder.mu.Lock()
	defer l.ladder.mu.Unlock()
	l.ladder.pace = d
}

// Benched reports until when the bot whose key is user is benched, if it
// is now (Lobby.Bots; a store that does not answer benches nobody: it
// rates no game either).
func (l *Lobby) Benched(user string) (time.Time, bool) {
	if l.Bots == nil {
		return time.Time{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
	defer cancel()
	until, benched, err := l.Bots.BotBenched(ctx, user, l.now())
	if err != nil {
		l.logf("bot %s: reading its bench: %v", user, err)
	}
	return until, benched && err == nil
}

// fault counts a fault of the bot whose key is user in the store, and
// reports whether it is benched now.
func (l *Lobby) fault(user string) bool {
	if l.Bots == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
	defer cancel()
	_, benched, err := l.Bots.BotFault(ctx, user, l.now(), FaultWindow, FaultsToBench, BenchFor)
	if err != nil {
		l.logf("bot %s: recording a fault: %v", user, err)
	}
	return benched
}

// BotsWaiting is how many bots wait on the ladder of this server.
func (l *Lobby) BotsWaiting() int {
	l.ladder.mu.Lock()
	defer l.ladder.mu.Unlock()
	return len(l.ladder.waiting)
}

// waitForGame seats the bot user (called name, registered by owner) in
// its next rated game: against the first bot waiting, or once another bot
// or a person takes it. It returns with ctx's error once ctx ends first.
func (l *Lobby) waitForGame(ctx context.Context, user, name, owner string) (*table.Conn, error) {
	if _, benched := l.Benched(user); benched {
		return nil, ErrBenched
	}
	me := &ladderEntry{user: user, name: name, owner: owner, seated: make(chan quickSeat, 1)}
	q := &l.ladder
	q.mu.Lock()
	i := slices.IndexFunc(q.waiting, func(e *ladderEntry) bool { return e.user != user })
	if i >= 0 {
		other := q.waiting[i]
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.mu.Unlock()
		host, guest, err := l.ladderRoom(context.WithoutCancel(ctx), other, me.user, me.name)
		other.seated <- quickSeat{host, err}
		return guest, err
	}
	q.waiting = append(q.waiting, me)
	q.mu.Unlock()
	select {
	case s := <-me.seated:
		return s.c, s.err
	case <-ctx.Done():
	}
	q.mu.Lock()
	if i := slices.Index(q.waiting, me); i >= 0 {
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.mu.Unlock()
		return nil, ctx.Err()
	}
	q.mu.Unlock()
	// Taken as ctx ended: the seat is on its way, and given up.
	if s := <-me.seated; s.c != nil {
		l.Forfeit(s.c, name)
	}
	return nil, ctx.Err()
}

// PlayBot seats the person user (called name) in a rated game of two
// against the bot that has waited longest on the ladder, not one of
// theirs: ErrNoBot when none waits.
func (l *Lobby) PlayBot(ctx context.Context, user, name string) (*table.Conn, error) {
	q := &l.ladder
	q.mu.Lock()
	i := slices.IndexFunc(q.waiting, func(e *ladderEntry) bool { return e.user != user && e.owner != user })
	if i < 0 {
		q.mu.Unlock()
		return nil, ErrNoBot
	}
	b := q.waiting[i]
	q.waiting = slices.Delete(q.waiting, i, i+1)
	q.mu.Unlock()
	c, bc, err := l.ladderRoom(context.WithoutCancel(ctx), &ladderEntry{user: user, name: name}, b.user, b.name)
	b.seated <- quickSeat{bc, err}
	return c, err
}

// ladderRoom makes a rated room of two hosted by a, dealt, with user
// (called name) in the second seat: a quick match's room.
func (l *Lobby) ladderRoom(ctx context.Context, a *ladderEntry, user, name string) (ca, cb *table.Conn, err error) {
	q := &l.quick
	q.mu.Lock()
	room := l.quickName(q)
	q.mu.Unlock()
	ea := &quickEntry{user: a.user, name: a.name, rating: l.displayOf(a.user)}
	eb := &quickEntry{user: user, name: name, rating: l.displayOf(user)}
	return l.quickRoom(ctx, room, ea, eb)
}

// Ladder plays the ladder for the bot program c, connected with key user
// (called name, registered by owner): rated game after rated game until
// ctx ends, c fails or the bot is benched. The table of each game plays
// the bot's seat with c, as its computer loop plays a computer's
// (table.Conn.Program), and tells when c fails. Ladder returns why it
// stopped: a *Fault when the bot broke the protocol (it lost its game),
// ErrBenched, or ctx's error. Each game's end is told to games, if set:
// the room.
func (l *Lobby) Ladder(ctx context.Context, c *bot.Client, user, name, owner string, games func(room string)) error {
	c.MoveTimeout = BotMoveTimeout
	l.ladder.bots.Store(user, true)
	for {
		conn, err := l.waitForGame(ctx, user, name, owner)
		if err != nil {
			return err
		}
		room := conn.Table().Name()
		err = l.play(ctx, conn, c)
		if err != nil {
			l.Forfeit(conn, name)
			benched := l.fault(user)
			return &Fault{Room: room, Err: err, Benched: benched}
		}
		conn.Quit()
		// Its result rates the bot before it is matched again.
		l.awaitResults(room)
		if games != nil {
			games(room)
		}
	}
}

// A Fault is how a bot of the ladder broke the protocol: in which room
// (whose game it lost), why, and whether it is benched now.
type Fault struct {
	Room    string
	Err     error
	Benched bool
}

func (f *Fault) Error() string { return "room " + f.Room + ": " + f.Err.Error() }

func (f *Fault) Unwrap() error { return f.Err }

// play hands conn's seat to the bot program c and waits until the game
// is over or the table ended (nil), c failed (its error) or ctx ended in
// the middle of the game (ctx's error: a fault too, the bot gone).
func (l *Lobby) play(ctx context.Context, conn *table.Conn, c *bot.Client) error {
	l.ladder.mu.Lock()
	pace := l.ladder.pace
	l.ladder.mu.Unlock()
	switch {
	case pace == 0:
		pace = BotPace
	case pace < 0:
		pace = 0
	}
	failed, err := conn.Program(c, pace)
	if err != nil {
		return nil // the table ended meanwhile
	}
	for {
		select {
		case v, open := <-conn.Updates():
			if !open || v.Ended || v.Notice.Final() || v.Obs.Phase == engine.PhaseGameOver {
				return nil
			}
		case err := <-failed:
			return err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Forfeit ends the rated game of conn's table as lost by conn's seat,
// its player called name having broken the bot protocol or gone: the
// table stops, its result is recorded with the other side the winner,
// rated in the store's one transaction as any other (store.AddResult),
// everyone at the table is told, and the room is forgotten.
func (l *Lobby) Forfeit(conn *table.Conn, name string) {
	r := l.roomOf(conn)
	if r == nil {
		conn.Quit()
		return
	}
	g, seating, err := r.Freeze()
	// A game over is recorded as played (Room.handEnded): no forfeit.
	if err == nil && r.rated && l.Store != nil && g.State.Phase != engine.PhaseGameOver {
		res := forfeitOf(r.Name(), g, seating, conn.Seat(), l.now(), r.level)
		if err := r.addResult(context.Background(), res); err != nil && !errors.Is(err, store.ErrNotHolder) {
			l.logf("room %s: recording a forfeit: %v", r.Name(), err)
		}
	}
	r.Notify(table.Notice{Kind: table.NoticeForfeit, Name: name})
	l.mu.Lock()
	if l.rooms[r.Name()] == r {
		delete(l.rooms, r.Name())
	}
	l.mu.Unlock()
	r.Close()
	if l.Store != nil {
		r.saveMu.Lock()
		r.flushLocked(context.Background()) // a game's result, or a hand's end, not written yet
		r.saveMu.Unlock()
		if err := l.Store.DropCheckpoint(context.Background(), r.Name()); err != nil {
			l.logf("room %s: %v", r.Name(), err)
		}
	}
	l.retireShared([]*Room{r})
}

// forfeitOf is the result of game g of room, its seats held as seating
// says, lost by seat loser, who forfeits it (store.ResultSeat.Forfeit):
// the store rates it once, by its totals, the loser's side last, as the
// game of a person who left it. A seat given up before (resultOf) stays
// a forfeit: a person who left a rated game against a bot, which broke
// the protocol after, was rated as its winner; with every side gone the
// store rates it for nobody.
func forfeitOf(room string, g record.Game, seating table.Seating, loser int, now time.Time, level string) store.Result {
	res := resultOf(room, g, seating, now, true, level)
	lost := g.State.Config.SideOf(loser)
	for i := range res.Seats {
		s := &res.Seats[i]
		s.Forfeit = s.Forfeit || i == loser
		s.Won = s.Side != lost && !s.Forfeit
	}
	return res
}
