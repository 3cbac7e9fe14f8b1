package table

import "strconv"

// A Refusal is why a table refuses a request: its code (Why) and, for a
// seat that does not exist, that seat as people count (from 1). It is
// plain data, which a front end says in its reader's language through the
// catalogue (lang.Catalogue.Error), which holds the only sentence; Error
// gives the code's name, for logs. The
// refusals without a seat are fixed values (ErrStarted…), so errors.Is
// finds them by identity.
type Refusal struct {
	Why  Reason
	Seat int
}

// A Reason is a kind of refusal of a table's.
type Reason uint8

// The reasons a table refuses a request.
const (
	RefStarted     Reason = iota // the game has started
	RefNotStarted                // the game has not started
	RefEnded                     // the table has ended
	RefNotHost                   // only the host may
	RefSeatTaken                 // the seat is someone's
	RefNoSeat                    // no seat is free
	RefNoSuchSeat                // Seat: no such seat
	RefNotSeated                 // the person holds no seat
	RefNotYourTurn               // the table waits for another seat
	RefOnlooker                  // an onlooker may not play
	RefFrozen                    // the server is shutting down
	RefSavedSeats                // a saved game's seats stay as saved
	RefNotPlayer                 // a saved game's seats are its players'
	RefNoUndo                    // nothing to take back
	RefUndoShared                // no undo with other people at the table
	RefNotKept                   // the move could not be recorded
	RefWriting                   // the last move is being written down
	NumReasons                   // the number of reasons
)

// The refusals that name no seat.
var (
	ErrStarted     = &Refusal{Why: RefStarted}
	ErrNotStarted  = &Refusal{Why: RefNotStarted}
	ErrEnded       = &Refusal{Why: RefEnded}
	ErrNotHost     = &Refusal{Why: RefNotHost}
	ErrSeatTaken   = &Refusal{Why: RefSeatTaken}
	ErrNoSeat      = &Refusal{Why: RefNoSeat}
	ErrNotSeated   = &Refusal{Why: RefNotSeated}
	ErrNotYourTurn = &Refusal{Why: RefNotYourTurn}
	ErrOnlooker    = &Refusal{Why: RefOnlooker}
	ErrFrozen      = &Refusal{Why: RefFrozen}
	ErrSavedSeats  = &Refusal{Why: RefSavedSeats}
	ErrNotPlayer   = &Refusal{Why: RefNotPlayer}
	ErrNoUndo      = &Refusal{Why: RefNoUndo}
	ErrUndoShared  = &Refusal{Why: RefUndoShared}
	ErrNotKept     = &Refusal{Why: RefNotKept}
	ErrWriting     = &Refusal{Why: RefWriting}
)

// noSuchSeat refuses seat (counted from 0), which the table does not have.
func noSuchSeat(seat int) *Refusal { return &Refusal{Why: RefNoSuchSeat, Seat: seat + 1} }

// reasonNames are the reasons' names, which Error gives: the sentences a
// person reads are the catalogue's (lang), in their language.
var reasonNames = [NumReasons]string{
	RefStarted: "started", RefNotStarted: "not-started", RefEnded: "ended", RefNotHost: "not-host",
	RefSeatTaken: "seat-taken", RefNoSeat: "no-seat", RefNoSuchSeat: "no-such-seat",
	RefNotSeated: "not-seated", RefNotYourTurn: "not-your-turn", RefOnlooker: "onlooker",
	RefFrozen: "frozen", RefSavedSeats: "saved-seats", RefNotPlayer: "not-player", RefNoUndo: "no-undo",
	RefUndoShared: "undo-shared", RefNotKept: "not-kept", RefWriting: "writing",
}

// Error names the refusal by its code (and seat), for logs: "table:
// refused: not-your-turn", "table: refused: no-such-seat 5".
func (r *Refusal) Error() string {
	if r.Why >= NumReasons {
		return "table: refused: " + strconv.Itoa(int(r.Why))
	}
	if r.Why == RefNoSuchSeat {
		return "table: refused: " + reasonNames[r.Why] + " " + strconv.Itoa(r.Seat)
	}
	return "table: refused: " + reasonNames[r.Why]
}
