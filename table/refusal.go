package table

import "fmt"

// A Refusal is why a table refuses a request: its code (Why) and, for a
// seat that does not exist, that seat as people count (from 1). It is
// plain data, which a front end says in its reader's language through the
// catalogue (lang.Catalogue.Error); Error gives English, for logs. The
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

// english are the refusals' sentences, for logs.
var english = [NumReasons]string{
	RefStarted:     "the game has already started",
	RefNotStarted:  "the game has not started",
	RefEnded:       "the room has ended",
	RefNotHost:     "only the host can do that",
	RefSeatTaken:   "that seat is taken",
	RefNoSeat:      "there is no free seat",
	RefNoSuchSeat:  "no seat %d",
	RefNotSeated:   "you have no seat in this room",
	RefNotYourTurn: "it is not your turn",
	RefOnlooker:    "onlookers watch the table; they cannot play",
	RefFrozen:      "the server is shutting down",
	RefSavedSeats:  "the seats of a saved game stay as they were",
	RefNotPlayer:   "this saved game's seats are its players': you may watch, or its host may open the free seats",
	RefNoUndo:      "nothing to undo in this hand",
	RefUndoShared:  "no undo at a shared table",
	RefNotKept:     "the move could not be recorded; the game waits until it can be",
	RefWriting:     "the server is writing the last move down: wait a moment",
}

// Error is the refusal in English.
func (r *Refusal) Error() string {
	if r.Why == RefNoSuchSeat {
		return fmt.Sprintf(english[r.Why], r.Seat)
	}
	return english[r.Why]
}
