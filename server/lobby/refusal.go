package lobby

import "fmt"

// A Refusal is why the lobby refuses a request (a room, a name, a save):
// its code (Why) and the arguments its sentence names. It is plain data,
// which a front end says in its reader's language through the catalogue
// (server/screens gives lang the keys); Error gives English, for logs. The
// refusals without arguments of their own are fixed values (ErrNoRoom…),
// so errors.Is finds them by identity.
type Refusal struct {
	Why  Reason
	Args []any
}

// A Reason is a kind of refusal of the lobby's.
type Reason uint8

// The reasons the lobby refuses a request; the comment lists the
// arguments.
const (
	RefRoomsFull     Reason = iota // -
	RefRoomExists                  // -
	RefNoRoom                      // -
	RefRoomName                    // most letters
	RefLevel                       // -
	RefLevelUnknown                // level, the levels
	RefSavedName                   // -
	RefElsewhere                   // the command that joins the room where it is
	RefElsewhereAny                // -
	RefStoreDown                   // -
	RefNoSaves                     // -
	RefNotSaved                    // -
	RefRoomsPerKey                 // rooms hosted
	RefNameTaken                   // -
	RefNameNotKept                 // -
	RefNameBytes                   // -
	RefNameLength                  // most characters, most columns
	RefNamePrintable               // -
	RefNameMarkFirst               // -
	RefNameInvisible               // -
	RefNameSigns                   // -
	RefNameJoined                  // -
	RefNameYou                     // -
	RefNameMille                   // -
	NumReasons                     // the number of reasons
)

// refuse is the refusal why with its arguments.
func refuse(why Reason, args ...any) *Refusal { return &Refusal{Why: why, Args: args} }

// english are the refusals' sentences, for logs.
var english = [NumReasons]string{
	RefRoomsFull:     "the server has as many rooms as it can hold: join one, or try again later",
	RefRoomExists:    "a room with that name exists",
	RefNoRoom:        "there is no room with that name",
	RefRoomName:      "a room name is 1 to %d letters, digits, - or _",
	RefLevel:         "this server's computer players do not play at that level",
	RefLevelUnknown:  "computer level %q is not one of %s",
	RefSavedName:     "a saved game has that name: join it, or choose another name",
	RefElsewhere:     "that room is played on another of this service's servers: join it with %s",
	RefElsewhereAny:  "that room is played on another of this service's servers",
	RefStoreDown:     "the server cannot reach its database; try again in a moment",
	RefNoSaves:       "this server keeps no saves",
	RefNotSaved:      "the game could not be saved",
	RefRoomsPerKey:   "you host %d rooms already, the most one player may: end one first",
	RefNameTaken:     "another player has that name: choose another",
	RefNameNotKept:   "the server could not keep your name (its database is out of reach or full); try again in a moment, or type quit to leave",
	RefNameBytes:     "a name is text your terminal sends as UTF-8: these bytes are not",
	RefNameLength:    "a name is 1 to %d characters, as wide as %d letters",
	RefNamePrintable: "a name has only printable characters",
	RefNameMarkFirst: "a name starts with a letter, a digit or a sign",
	RefNameInvisible: "a name needs a letter, a digit or a sign one can see",
	RefNameSigns:     "a name has only letters, digits, spaces or signs",
	RefNameJoined:    "a name writes its letters one by one: one character here stands for several (as ǅ or ﬁ)",
	RefNameYou:       "that is how mille names each player's own seat: choose another",
	RefNameMille:     "mille gives that name to a seat itself (a computer's, or a seat with no name): choose another",
}

// Error is the refusal in English.
func (r *Refusal) Error() string { return fmt.Sprintf(english[r.Why], r.Args...) }
