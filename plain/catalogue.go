package plain

import (
	"strings"

	"github.com/millebornes/mille/engine"
)

// A Catalogue is every sentence the line mode prints, in one language:
// its own texts by key, and the words for what the engine names (cards,
// events and the reasons of a refusal). English is the one catalogue so
// far; a French one, in the game's own language (« Feu rouge »,
// « Crevaison », « Coup fourré »), is another value of this type.
type Catalogue struct {
	// Text holds the mode's sentences by key, as fmt formats. Where a
	// language orders the arguments otherwise, it writes %[2]s.
	Text [numKeys]string
	// Card names a card.
	Card func(engine.Card) string
	// Event tells an event in a sentence to the seat n speaks to.
	Event func(e engine.Event, n engine.Names) string
	// Reason words why the engine refused an action (an *engine.Refusal),
	// so that it completes Text[keyCant]: "you are under a Speed Limit".
	Reason func(err error) string
	// Brief words a refusal in a few words for the turn line, where it
	// says why a card can't be played now: "needs a Go".
	Brief func(err error) string
	// Why words the reason a hint gives (ai.Hint's: "finish the trip").
	Why func(reason string) string
}

// key names a sentence of the catalogue.
type key int

// The keys, with what each sentence's arguments are.
const (
	// Starting and ending.
	keyWelcome       key = iota // rules, players, sides, trip
	keyHasKeyboard              // name
	keyLastMoves                // -
	keyResume                   // -
	keyNewGame                  // -
	keyTableEnded               // -
	keyMissed                   // -
	keyKept                     // -
	keyBye                      // -
	keyShuttingDown             // -
	keyFarewellIdle             // how long without a key
	keyFarewellBye              // -
	keyFarewellSaved            // room

	// The player's turn and the questions.
	keyTurnMiles     // list of sides' miles
	keyMilesYou      // miles
	keyMilesTeam     // miles
	keyMilesOther    // side, miles
	keyTurn          // hand with what each card can do
	keySlotCard      // slot, card
	keyCardsDo       // cards, what they can do
	keyDoPlay        // -
	keyDoAttack      // sides
	keyNoTarget      // -
	keyCoupFourre    // attacker, hazard, side attacked, safety
	keyExtension     // side, others' miles
	keyHandScores    // list of sides' points
	keyGameTotals    // list of sides' totals
	keyAnotherHand   // -
	keyAnotherGame   // -
	keyPass          // name, name
	keyWaitDeal      // names
	keyWaitPlay      // name
	keyPoints        // side, points
	keyNoQuestion    // -
	keyWhom          // card, sides
	keyNoSuchSide    // what was typed, sides
	keyAgain         // -
	keyReallyQuit    // -
	keySaveFirst     // -
	keyQuitUnsaved   // -
	keyCancelled     // -
	keySaveName      // -
	keyLeaveTable    // -
	keyStopWatching  // -
	keyNotSaved      // -
	keySaved         // where
	keySaveFailed    // error
	keyNoSave        // -
	keyNotHost       // -
	keyUndone        // -
	keyNoUndo        // -
	keyNoUndoShared  // -
	keyThinking      // -
	keyHint          // action, reason
	keyNoHints       // -
	keyHintOnTurn    // -
	keyPicked        // card
	keyPickedAlready // -
	keyDeckEmpty     // -

	// Refusals.
	keyCant        // verb, card, reason
	keyCantDo      // reason
	keyVerbPlay    // -
	keyVerbDisc    // -
	keyWaitTurn    // name
	keyWaitPause   // -
	keyWatching    // -
	keyHandIsOver  // -
	keyAnswerFirst // -
	keyNoSlot      // slot
	keyWhichCard   // -
	keyNotHazard   // card, slot
	keyFailed      // error
	keyUnknown     // what was typed

	// Reading the board: status, hand, score, log.
	keyStatusHead   // game, hand, trip, rules, whose turn
	keyNowYours     // -
	keyNowTurnOf    // name
	keyNowPause     // -
	keyNowHandOver  // -
	keyNowGameOver  // -
	keySide         // side, miles, trip, state, battle, speed, safeties, distance
	keyRolling      // -
	keyStopped      // -
	keyLimited      // state
	keyEmpty        // -
	keyNone         // -
	keyCoupFourreOf // safety
	keyCount        // count, card
	keyPiles        // draw pile, discards, top
	keyPilesNoTop   // draw pile
	keyPilesOne     // draw pile, the one discard
	keyHandSizes    // list of seats' hand sizes
	keyHandSize     // name, cards
	keyHand         // hand
	keyHandEmpty    // -
	keyNoHand       // -
	keyScoreHead    // winning score
	keyScore        // side, hand points, items, game points, games won
	keyItems        // items
	keyItemMiles    // points
	keyItemSafeties
	keyItemAllSafeties
	keyItemCoups
	keyItemTrip
	keyItemDelayed
	keyItemSafeTrip
	keyItemExtension
	keyItemShutOut
	keyLogHead  // -
	keyLogEmpty // -

	// Describing an action (hints).
	keyActPlay       // card
	keyActAttack     // card, side
	keyActDiscard    // card
	keyActCoupFourre // -
	keyActDecline    // -
	keyActExtend     // -
	keyActStop       // -
	keyActContinue   // -

	// Words.
	keyYou       // -
	keyYourTeam  // -
	keyPair      // name, name
	keyAway      // name
	keyPlayerN   // number
	keyComma     // - (a list's separator)
	keySemicolon // - (the separator of a list of lists)
	keyOr        // - (the last separator of a choice)
	keyAnd       // - (the last separator of a list)
	keySlotP     // -

	// The table's news (table.Notice).
	keyNoticeHost     // name
	keyNoticeBack     // name
	keyNoticeSaved    // room
	keyNoticeNotSaved // -
	keyNoticeShutdown // room

	// The lobby of a server, and its rooms before the deal.
	keyAskName      // -
	keyNameRefused  // error
	keyHello        // name
	keyNoRooms      // -
	keyRoomsHead    // -
	keyRoomLine     // name, players, rules, level, people, state
	keyRoomWaiting  // -
	keyRoomPlaying  // -
	keyRoomSaved    // -
	keyLobbyHelp    // -
	keyCreateHelp   // -
	keyLobbyUnknown // what was typed
	keyWhichRoom    // -
	keyBackInLobby  // -
	keyInRoom       // room
	keySeats        // seats
	keySeatLine     // number, name, marks
	keyMarkYou      // -
	keyMarkComputer // -
	keyMarkAway     // -
	keyMarkHere     // -
	keyMarkHost     // -
	keyRoomHost     // -
	keyRoomGuest    // -
	keyRoomWatching // -
	keyRoomHelp     // -
	keyRoomUnknown  // what was typed

	// Help.
	keyHelp1
	keyHelp2
	keyHelp3
	keyHelp4
	keyHelp5
	keyHelp6
	keyHelp7

	numKeys
)

// helpLines are the keys of help's lines, in order.
var helpLines = []key{keyHelp1, keyHelp2, keyHelp3, keyHelp4, keyHelp5, keyHelp6, keyHelp7}

// English is the line mode in English, mille's language until a French
// catalogue comes: the engine's own names and sentences, and these.
var English = Catalogue{
	Text: [numKeys]string{
		keyWelcome:      "Mille Bornes, %s rules, %d players: %s. The trip is %d miles. Type help for the commands.",
		keyHasKeyboard:  "%s has the keyboard.",
		keyLastMoves:    "The last moves:",
		keyResume:       "You left a game unfinished. Resume it? Yes or no.",
		keyNewGame:      "A new game: good luck!",
		keyTableEnded:   "The table has ended.",
		keyMissed:       "Some moves went by too fast to tell: type status to read the table.",
		keyKept:         "The game is kept: the next mille offers to resume it.",
		keyBye:          "Goodbye.",
		keyShuttingDown: "The server is shutting down.",
		keyFarewellIdle: "Closed after %v without a key. Come back with ssh: a seat you held waits a while.",
		keyFarewellBye:  "The server is shutting down. Thanks for playing!",
		keyFarewellSaved: "Your game in room %[1]s is saved. When the server is back, join room %[1]s again: " +
			"your seat waits for you.",

		keyTurnMiles:     "%s.",
		keyMilesYou:      "You have %d miles",
		keyMilesTeam:     "Your team has %d miles",
		keyMilesOther:    "%s %d",
		keyTurn:          "Your turn: %s. Play or discard?",
		keySlotCard:      "%s %s",
		keyCardsDo:       "%s (%s)",
		keyDoPlay:        "play",
		keyDoAttack:      "attack %s",
		keyNoTarget:      "no one to attack",
		keyCoupFourre:    "%s played %s on %s. You hold %s: play it as a coup fourré, for 300 points and another turn? Yes or no.",
		keyExtension:     "%s reached 700 miles (%s). Extend the trip to 1000? Yes or no.",
		keyHandScores:    "Points of the hand: %s. Type score for the details.",
		keyGameTotals:    "Game totals: %s.",
		keyAnotherHand:   "Another hand? Yes or no.",
		keyAnotherGame:   "Another game? Yes or no.",
		keyPass:          "Pass the keyboard to %s. %s, say yes when you are ready.",
		keyWaitDeal:      "Waiting for %s to deal on.",
		keyWaitPlay:      "Waiting for %s to play.",
		keyPoints:        "%s %d",
		keyNoQuestion:    "There is no question to answer now.",
		keyWhom:          "Play %s on whom: %s?",
		keyNoSuchSide:    "Nobody to attack is called %s: %s?",
		keyAgain:         "Nothing to repeat yet.",
		keyReallyQuit:    "Really quit? Yes or no.",
		keySaveFirst:     "Save the game before quitting? Yes or no.",
		keyQuitUnsaved:   "Quit? The last moves are not saved. Save them first? Yes, no, or cancel to play on.",
		keyCancelled:     "Back to the game.",
		keySaveName:      "Save it under what name? Type the name and press Return; an empty line saves nothing.",
		keyLeaveTable:    "Leave the table? A computer player takes your seat. Yes or no.",
		keyStopWatching:  "Stop watching and leave the table? Yes or no.",
		keyNotSaved:      "Not saved.",
		keySaved:         "Saved as %s.",
		keySaveFailed:    "Could not save: %v.",
		keyNoSave:        "Saving is not available here.",
		keyNotHost:       "Only the host can save this table.",
		keyUndone:        "Undone: your move is yours to make again.",
		keyNoUndo:        "Nothing to undo in this hand.",
		keyNoUndoShared:  "No undo at a shared table.",
		keyThinking:      "Thinking of a hint.",
		keyHint:          "Hint: %s (%s).",
		keyNoHints:       "No hints here.",
		keyHintOnTurn:    "Hints come on your turn.",
		keyPicked:        "You drew %s: it is card P.",
		keyPickedAlready: "You have picked already.",
		keyDeckEmpty:     "The deck is empty: play or discard a card.",

		keyCant:        "You can't %s %s: %s.",
		keyCantDo:      "You can't do that: %s.",
		keyVerbPlay:    "play",
		keyVerbDisc:    "discard",
		keyWaitTurn:    "Wait: it is %s's turn.",
		keyWaitPause:   "Wait: a player may answer with a coup fourré.",
		keyWatching:    "You are watching this table: only its players play.",
		keyHandIsOver:  "The hand is over: say yes for another, or no.",
		keyAnswerFirst: "Answer the question first: yes or no.",
		keyNoSlot:      "There is no card in slot %s.",
		keyWhichCard:   "Which card? Give its slot, P or 1 to 6, or its name.",
		keyNotHazard:   "%s is no hazard: type play %s.",
		keyFailed:      "That did not work: %v.",
		keyUnknown:     "Unknown command %s. Type play N, discard N, status, hand, score, help or quit.",

		keyStatusHead:   "Game %d, hand %d, trip %d miles, %s rules. %s",
		keyNowYours:     "Your turn.",
		keyNowTurnOf:    "%s's turn.",
		keyNowPause:     "A pause at the table.",
		keyNowHandOver:  "The hand is over.",
		keyNowGameOver:  "The game is over.",
		keySide:         "%s: %d of %d miles, %s. Battle pile: %s. Speed pile: %s. Safeties: %s. Distance cards: %s.",
		keyRolling:      "rolling",
		keyStopped:      "stopped",
		keyLimited:      "%s, under a Speed Limit",
		keyEmpty:        "empty",
		keyNone:         "none",
		keyCoupFourreOf: "%s by coup fourré",
		keyCount:        "%d of %s",
		keyPiles:        "Draw pile: %d cards. Discard pile: %d cards, %s on top.",
		keyPilesNoTop:   "Draw pile: %d cards. Discard pile: empty.",
		keyPilesOne:     "Draw pile: %d cards. Discard pile: one card, %s.",
		keyHandSizes:    "Cards in hand: %s.",
		keyHandSize:     "%s %d",
		keyHand:         "Your hand: %s.",
		keyHandEmpty:    "Your hand is empty.",
		keyNoHand:       "Onlookers see no hand.",
		keyScoreHead:    "Scores: this hand, then the game, which ends at %d points.",
		keyScore:        "%s: %d this hand%s; %d in the game; games won %d.",
		keyItems:        " (%s)",
		keyItemMiles:    "%d for miles",
		keyItemSafeties: "%d for safeties",

		keyItemAllSafeties: "%d for all four safeties",
		keyItemCoups:       "%d for coups fourrés",
		keyItemTrip:        "%d for the trip",
		keyItemDelayed:     "%d for delayed action",
		keyItemSafeTrip:    "%d for a safe trip",
		keyItemExtension:   "%d for the extension",
		keyItemShutOut:     "%d for the shut-out",
		keyLogHead:         "Recent moves, oldest first:",
		keyLogEmpty:        "Nothing has happened yet.",

		keyActPlay:       "play %s",
		keyActAttack:     "play %s on %s",
		keyActDiscard:    "discard %s",
		keyActCoupFourre: "declare the coup fourré",
		keyActDecline:    "let the coup fourré pass",
		keyActExtend:     "extend the trip to 1000",
		keyActStop:       "stop at 700",
		keyActContinue:   "deal the next hand",

		keyYou:       "you",
		keyYourTeam:  "your team",
		keyPair:      "%s and %s",
		keyAway:      "%s (away)",
		keyPlayerN:   "Player %d",
		keyComma:     ", ",
		keySemicolon: "; ",
		keyOr:        " or ",
		keyAnd:       " and ",
		keySlotP:     "P",

		keyNoticeHost:     "%s is now the host.",
		keyNoticeBack:     "%s is back at the table.",
		keyNoticeSaved:    "The host saved the game as %s.",
		keyNoticeNotSaved: "The game could not be saved.",
		keyNoticeShutdown: "The server is shutting down. The game is saved: come back to room %s later.",

		keyAskName:      "What is your name? Type it and press Return.",
		keyNameRefused:  "Not that name: %v.",
		keyHello:        "Hello, %s. This is mille's lobby.",
		keyNoRooms:      "There are no rooms yet.",
		keyRoomsHead:    "Rooms:",
		keyRoomLine:     "%s: %d players, %s rules, computers %s, %d people, %s.",
		keyRoomWaiting:  "waiting for its host to deal",
		keyRoomPlaying:  "playing",
		keyRoomSaved:    "a saved game waiting for its people",
		keyLobbyHelp:    "Type join NAME to sit in a room, made if there is none; create NAME to make one; watch NAME; rooms; help; or quit.",
		keyCreateHelp:   "create NAME takes, in any order, 2, 3, 4 or 6 players, standard or bsd rules, and the computers' level: create friday 3 hard.",
		keyLobbyUnknown: "Unknown command %s. Type join NAME, create NAME, watch NAME, rooms, help or quit.",
		keyWhichRoom:    "Which room? Give its name, as in join friday.",
		keyBackInLobby:  "Back in the lobby: join NAME, create NAME, watch NAME, rooms or quit.",
		keyInRoom:       "Room %s.",
		keySeats:        "Seats: %s.",
		keySeatLine:     "%d %s (%s)",
		keyMarkYou:      "you",
		keyMarkComputer: "computer",
		keyMarkAway:     "away",
		keyMarkHere:     "here",
		keyMarkHost:     "host",
		keyRoomHost:     "You are the host: type start to deal, or sit N to change seats.",
		keyRoomGuest:    "The host deals; sit N changes seats.",
		keyRoomWatching: "You are watching: the game shows once the host deals.",
		keyRoomHelp:     "seats: who sits where. sit N: move to seat N. start: deal, for the host. leave: back to the lobby.",
		keyRoomUnknown:  "Unknown command %s. Type seats, sit N, start, leave or help.",

		keyHelp1: "Type a command and press Return. Cards are P, the card just drawn, and 1 to 6; a card's name works too.",
		keyHelp2: "play N, or u N: play card N. attack N NAME: a hazard on that player, when there are several.",
		keyHelp3: "discard N, or d N: discard card N. yes or no, or y and n: answer the question; cancel: leave it unanswered.",
		keyHelp4: "status: every table and the piles. hand: your cards. score: the scores. log: the recent moves.",
		keyHelp5: "hint: a suggestion. undo: take back your last move. save NAME: save the game.",
		keyHelp6: "r repeats the question, p tells the card you drew, help or h this help.",
		keyHelp7: "quit, or q: leave the game.",
	},
	Card:   englishCard,
	Event:  englishEvent,
	Reason: func(err error) string { return err.Error() },
	Brief:  englishBrief,
	Why:    func(reason string) string { return reason },
}

// briefs are the engine's refusals that the turn line says shorter,
// heard at every turn for many cards.
var briefs = map[error]string{
	engine.ErrNeedGo:       "needs a Go",
	engine.ErrAlreadyGo:    "already rolling",
	engine.ErrStopped:      "stopped",
	engine.ErrLimited:      "over the Speed Limit",
	engine.ErrNotLimited:   "no Speed Limit",
	engine.ErrPast700:      "past 700",
	engine.ErrPast1000:     "past 1000",
	engine.ErrTwo200s:      "two 200s already",
	engine.ErrHasHazard:    "they have a hazard",
	engine.ErrAlreadyLimit: "they are limited",
	engine.ErrYouHaveRoW:   "you have Right of Way",
}

// englishBrief is a refusal in a few words, or the engine's sentence.
func englishBrief(err error) string {
	if b, ok := briefs[err]; ok {
		return b
	}
	return err.Error()
}

// englishCard names a card as the engine does, distances in miles: "75
// miles" is never heard as a slot number.
func englishCard(c engine.Card) string {
	if c.IsDistance() {
		return c.String() + " miles"
	}
	return c.String()
}

// englishEvent is the engine's sentence, ended as a sentence.
func englishEvent(e engine.Event, n engine.Names) string {
	t := e.Text(n)
	if t == "" || strings.HasSuffix(t, "!") || strings.HasSuffix(t, ".") {
		return t
	}
	return t + "."
}
