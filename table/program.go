package table

import (
	"time"

	"github.com/millebornes/mille/ai"
)

// Seats a program plays: a bot of a server's ladder holds its seat as a
// person does (the game's result is its key's), but its moves are a
// program's, which the table's one computer loop asks for, as it asks a
// computer's (loop): with the same wait for the pace, the same
// cancellation, the same wait while a move is written. The program's
// failure is the table's to report, not to judge: it stops playing the
// seat, and the program that seated it decides what the failure costs
// (a server's ladder forfeits the game).

// A Failing player can fail for good, after which its moves mean nothing:
// a bot program whose connection broke, or that stopped answering (Err
// then says why; ai/bot.Client is one).
type Failing interface {
	ai.Player
	Err() error
}

// program is a seat's program (Conn.Program).
type program struct {
	p    ai.Player
	pace time.Duration
	// failed receives p's failure, once; capacity 1.
	failed chan error
	// down is set once p failed: the table plays nothing more for it.
	down bool
}

// Program has the table play c's seat with p from now on: the seat stays
// c's person's, but the table's computer loop asks p for its moves, each
// taking at least pace (not the table's: a bot's game needs no time to
// be followed by people, only a share of the server), never through the
// table's pool (p computes elsewhere). Between hands the seat is ready
// at once, but at the end of a game it waits, as a person does. When p
// is Failing and fails, the table plays nothing more for the seat (its
// turn waits) and tells the error on the returned channel, once.
// Leaving the seat (Conn.Quit, Conn.Leave) ends the program's play.
func (c *Conn) Program(p ai.Player, pace time.Duration) (<-chan error, error) {
	t := c.table
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.ended:
		return nil, ErrEnded
	case c.watch:
		return nil, ErrOnlooker
	case !t.holdsLocked(c.user, c.seat):
		return nil, ErrNotSeated
	}
	prog := &program{p: p, pace: pace, failed: make(chan error, 1)}
	t.seats[c.seat].program = prog
	t.dealOnLocked()
	t.changedLocked() // which wakes the loop: the seat may be the one to act
	return prog.failed, nil
}

// programLocked is the program that plays seat i now, if any: not after
// its failure, nor while its person is away (a computer plays for them
// then, as for anyone away).
func (t *Table) programLocked(i int) *program {
	s := &t.seats[i]
	if s.program == nil || s.program.down || s.away || s.user == "" {
		return nil
	}
	return s.program
}

// failedLocked reports whether prog, which just chose a move, failed; if
// so the table plays nothing more for it and tells its failure.
func (t *Table) failedLocked(prog *program) bool {
	f, ok := prog.p.(Failing)
	if !ok || prog.down {
		return prog.down
	}
	err := f.Err()
	if err == nil {
		return false
	}
	prog.down = true
	prog.failed <- err // the only send: capacity 1
	return true
}
