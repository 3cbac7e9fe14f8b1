package screens

import (
	"errors"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/events"
	"github.com/millebornes/mille/server/lobby"
)

// The server's refusals (its lobby's codes, its log's short sentence)
// are said through the catalogue, which does not import the server's
// packages: this front end, which shows them, gives lang their keys. The
// line mode's sessions run in the same program (package server) and read
// them through it too.
func init() { lang.Translate(serverRefusal) }

// lobbyRefusalKeys are the keys of the lobby's refusals, by reason.
var lobbyRefusalKeys = [lobby.NumReasons]lang.Key{
	lobby.RefRoomsFull: lang.RefRoomsFull, lobby.RefRoomExists: lang.RefRoomExists, lobby.RefNoRoom: lang.RefNoRoom,
	lobby.RefRoomName: lang.RefRoomName, lobby.RefLevel: lang.RefLevel, lobby.RefLevelUnknown: lang.RefLevelUnknown,
	lobby.RefSavedName: lang.RefSavedName, lobby.RefElsewhere: lang.RefElsewhere, lobby.RefElsewhereAny: lang.RefElsewhereAny,
	lobby.RefStoreDown: lang.RefStoreDown, lobby.RefNoSaves: lang.RefNoSaves, lobby.RefNotSaved: lang.RefNotSaved,
	lobby.RefRoomsPerKey: lang.RefRoomsPerKey, lobby.RefNameTaken: lang.RefNameTaken, lobby.RefNameNotKept: lang.RefNameNotKept,
	lobby.RefNameBytes: lang.RefNameBytes, lobby.RefNameLength: lang.RefNameLength, lobby.RefNamePrintable: lang.RefNamePrintable,
	lobby.RefNameMarkFirst: lang.RefNameMarkFirst, lobby.RefNameInvisible: lang.RefNameInvisible, lobby.RefNameSigns: lang.RefNameSigns,
	lobby.RefNameJoined: lang.RefNameJoined, lobby.RefNameYou: lang.RefNameYou, lobby.RefNameMille: lang.RefNameMille,
	lobby.RefDataInUse: lang.RefDataInUse, lobby.RefDataInUsePID: lang.RefDataInUsePID,
	lobby.RefBenched: lang.RefBenched, lobby.RefNoBot: lang.RefNoBot,
	lobby.RefNoFriend: lang.RefNoFriend, lobby.RefFriendSelf: lang.RefFriendSelf, lobby.RefFriendAbsent: lang.RefFriendAbsent,
}

// serverRefusal is the key and arguments of the server's refusal in err's
// chain (lang.Translator).
func serverRefusal(err error) (lang.Key, []any, bool) {
	var r *lobby.Refusal
	switch {
	case errors.As(err, &r) && r.Why < lobby.NumReasons:
		return lobbyRefusalKeys[r.Why], r.Args, true
	case errors.Is(err, events.ErrServerFault):
		return lang.RefServerError, nil, true
	}
	return 0, nil, false
}
