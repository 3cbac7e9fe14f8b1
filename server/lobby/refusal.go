package lobby

import (
	"fmt"
	"strconv"
	"strings"
)

// A Refusal is why the lobby refuses a request (a room, a name, a save):
// its code (Why) and the arguments its sentence names. It is plain data,
// which a front end says in its reader's language through the catalogue
// (server/screens gives lang the keys), the only sentence; Error gives
// the code's name, for logs. The
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
	RefDataInUse                   // the lock file (ErrDataInUse)
	RefDataInUsePID                // the holder's process id, the lock file (ErrDataInUse)
	RefBenched                     // -
	RefNoBot                       // -
	RefNoFriend                    // the name asked for
	RefFriendSelf                  // -
	RefFriendAbsent                // the friend's name, seconds waited
	NumReasons                     // the number of reasons
)

// refuse is the refusal why with its arguments.
func refuse(why Reason, args ...any) *Refusal { return &Refusal{Why: why, Args: args} }

// reasonNames are the reasons' names, which Error gives: the sentences a
// person reads are the catalogue's (lang), in their language.
var reasonNames = [NumReasons]string{
	RefRoomsFull: "rooms-full", RefRoomExists: "room-exists", RefNoRoom: "no-room",
	RefRoomName: "room-name", RefLevel: "level", RefLevelUnknown: "level-unknown",
	RefSavedName: "saved-name", RefElsewhere: "elsewhere", RefElsewhereAny: "elsewhere-any",
	RefStoreDown: "store-down", RefNoSaves: "no-saves", RefNotSaved: "not-saved",
	RefRoomsPerKey: "rooms-per-key", RefNameTaken: "name-taken", RefNameNotKept: "name-not-kept",
	RefNameBytes: "name-bytes", RefNameLength: "name-length", RefNamePrintable: "name-printable",
	RefNameMarkFirst: "name-mark-first", RefNameInvisible: "name-invisible", RefNameSigns: "name-signs",
	RefNameJoined: "name-joined", RefNameYou: "name-you", RefNameMille: "name-mille",
	RefDataInUse: "data-in-use", RefDataInUsePID: "data-in-use", RefBenched: "benched", RefNoBot: "no-bot",
	RefNoFriend: "no-friend", RefFriendSelf: "friend-self", RefFriendAbsent: "friend-absent",
}

// Is reports a data folder another server holds as ErrDataInUse.
func (r *Refusal) Is(target error) bool {
	return target == ErrDataInUse && (r.Why == RefDataInUse || r.Why == RefDataInUsePID)
}

// Error names the refusal by its code and arguments, for logs: "lobby:
// refused: rooms-per-key 3".
func (r *Refusal) Error() string {
	name := strconv.Itoa(int(r.Why))
	if r.Why < NumReasons {
		name = reasonNames[r.Why]
	}
	return strings.TrimSpace("lobby: refused: " + name + " " + strings.TrimSuffix(fmt.Sprintln(r.Args...), "\n"))
}
