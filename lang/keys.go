package lang

// Key names one message of the catalogue. Its comment lists the
// arguments of the message's format, in order ("-": none).
type Key int

// The keys, grouped by where they are said first. A message said in
// several places has one key.
const (
	// Starting and ending.
	Welcome        Key = iota // rules, players, sides, trip
	HasKeyboard               // name
	LastMoves                 // -
	Resume                    // the game: ResumeWhich
	ResumeWhich               // players, game, hand, day and time saved, points
	ResumeHelp                // -
	ResumeDrop                // -
	NewGame                   // -
	TableEnded                // -
	Missed                    // -
	Kept                      // -
	LeftInFile                // file, the command that resumes it
	LeftInAutosave            // the command that resumes it
	LeftToReview              // the command that reviews it
	Bye                       // -
	ShuttingDown              // -
	FarewellIdle              // how long without a key
	FarewellBye               // -
	FarewellSaved             // room

	// The player's turn and the questions.
	TurnMiles      // list of sides' miles
	MilesYouOne    // miles (Catalogue.Count)
	MilesYou       // the same, for another count
	MilesTeamOne   // miles (Catalogue.Count)
	MilesTeam      // the same, for another count
	MilesPairOne   // miles (Catalogue.Count), side (two partners named: Catalogue.Team)
	MilesPair      // the same, for another count
	MilesSideOne   // miles (Catalogue.Count), side (the first of the miles line, in hot-seat)
	MilesSide      // the same, for another count
	Turn           // hand with what each card can do
	SlotCard       // slot, card
	CardsDo        // cards, what they can do
	DoPlay         // -
	DoAttack       // sides
	NoTarget       // -
	CoupFourre     // attacker, hazard, side attacked, safety
	Extension      // side, others' miles
	ExtensionYou   // others' miles
	ExtensionTeam  // others' miles
	HandScores     // list of sides' points
	GameTotals     // list of sides' totals
	AnotherHand    // -
	AnotherGame    // -
	Pass           // name, name
	PassSince      // name, sentences (what the others did since that person's last move)
	PassSinceDeal  // sentences (the same, for a person who has not played in the hand yet)
	WaitDeal       // names
	WaitPlay       // name
	ComputerThinks // name
	PointsOne      // points (Catalogue.Count), side
	Points         // the same, for another count
	NoQuestion     // -
	Whom           // card, sides
	NoSuchSide     // what was typed, sides
	Again          // -
	ReallyQuit     // -
	SaveFirst      // -
	QuitUnsaved    // -
	Cancelled      // -
	SaveName       // -
	LeaveTable     // -
	LeaveOver      // - (a guest leaving once the game is over: no seat to take over)
	LeaveRated     // - (a guest leaving a rated game before its end: it counts as lost)
	StopWatching   // -
	NotSaved       // -
	Saved          // where
	SaveFailed     // error
	NoSave         // -
	NotHost        // -
	Undone         // -
	NoUndo         // -
	NoUndoShared   // -
	Thinking       // -
	Hint           // action, reason
	NoHints        // -
	HintOnTurn     // -
	Picked         // card
	PickedAlready  // -
	DeckEmpty      // -

	// Refusals.
	Cant        // verb, card, reason
	CantDo      // reason
	VerbPlay    // -
	VerbDisc    // -
	WaitTurn    // name
	WaitPause   // -
	Watching    // -
	HandIsOver  // -
	AnswerFirst // -
	NoSlot      // slot
	WhichCard   // -
	NotHazard   // card, slot
	Failed      // error
	Unknown     // what was typed

	// Reading the board: status, hand, score, log.
	StatusHead   // game, hand, trip, rules, whose turn
	NowYours     // -
	NowTurnOf    // name
	NowPause     // -
	NowHandOver  // -
	NowGameOver  // -
	SideOne      // miles, side, trip, state, battle, speed, safeties, distance (Catalogue.Count)
	Side         // the same, for another count
	Rolling      // -
	Stopped      // -
	Limited      // state
	Empty        // -
	None         // -
	CoupFourreOf // safety
	Count        // count, card
	Piles        // draw pile, discards, top
	PilesNoTop   // draw pile
	PilesOne     // draw pile, the one discard
	HandSizes    // list of seats' hand sizes
	HandSizeOne  // cards (Catalogue.Count), name
	HandSize     // the same, for another count
	Hand         // hand
	HandEmpty    // -
	NoHand       // -
	ScoreHead    // winning score
	Score        // side, hand points, items, game points (Catalogue.Count, CountPoint), games won
	Items        // items
	ItemMiles    // points
	ItemSafeties
	ItemAllSafeties
	ItemCoups
	ItemTrip
	ItemDelayed
	ItemSafeTrip
	ItemExtension
	ItemShutOut
	ItemNoHundreds
	LogHead  // -
	LogEmpty // -

	// Describing an action (hints).
	ActPlay       // card
	ActAttack     // card, side
	ActDiscard    // card
	ActCoupFourre // -
	ActDecline    // -
	ActExtend     // -
	ActStop       // -
	ActContinue   // -

	// Words.
	You            // -
	YourTeam       // -
	Pair           // name, name (a team: Catalogue.Team)
	Versus         // - (between the sides of a table of teams, where "and" would run two teams together by ear)
	Away           // name
	PlayerN        // number
	NameYou        // - (the default name of the person at a local game)
	NameComputer   // - (the computer of a two-player game, here or at a server)
	NameComputerN  // number (a server's computer at seat N in records of earlier versions)
	KeyEnter       // - (the Enter key's name in a keys line)
	KeyEsc         // - (the Escape key's name in a keys line)
	GameWhich      // players, ruleset, game, hand (a saved game, where it is described)
	ScoreComputer  // number or nothing (a computer's short name in a score column of five cells)
	ScorePlayer    // number (a nameless person's short name in a score column of five cells)
	LevelEasy      // -
	LevelMedium    // -
	LevelHard      // -
	LevelExpert    // -
	LevelPerson    // - (a seat a person sharing the keyboard plays)
	LevelHuman     // - (the statistics' opponents when they are people)
	LevelMixed     // - (the statistics' opponents of several levels)
	LevelComputer  // - (the statistics' opponents of no known level)
	LevelRandom    // - (the random player, which a review's rating may liken one's play to)
	StatsLine      // level, hands won, hands, best hand
	StatsLineGames // level, hands won, hands, games won, games, best hand
	ReviewLater    // name of the kept game
	Comma          // - (a list's separator)
	Semicolon      // - (the separator of a list of lists)
	Or             // - (the last separator of a choice)
	And            // - (the last separator of a list)
	SlotP          // -

	// The table's news (table.Notice).
	NoticeHost     // name
	NoticeBack     // name
	NoticeSaved    // room
	NoticeNotSaved // -
	NoticeShutdown // room
	NoticeNotKept  // -
	NoticeKept     // -
	// A move of a server of several waits for its database.
	NoticeWriting    // -
	NoticeNotWritten // -

	// Why a room of a server of several ended there.
	NoticeMoved     // room, command
	NoticeStoreLost // room, command
	NoticeReloaded  // room, command
	NoticeForfeit   // name

	// The lobby of a server, and its rooms before the deal.
	AskName        // -
	NameUnread     // -
	NameRefused    // error
	NameIsCommand  // the command typed
	NameRetired    // name (a stored name that is now a computer's)
	Hello          // name
	NoRooms        // -
	RoomsHead      // -
	RoomLine       // name, players, rules, level, people (RoomPerson counted), state
	RoomPerson     // count (Count: the people in a room, as the line mode lists it, 1)
	RoomPeople     // count (the plural, after its singular)
	RoomWaiting    // -
	RoomPlaying    // -
	RoomSaved      // -
	LobbyHelp      // -
	CreateHelp     // -
	LobbyUnknown   // what was typed
	WhichRoom      // -
	BackInLobby    // -
	LangHelp       // the languages' tags
	LangNow        // -
	InRoom         // room
	JoinedWatching // room (joined while its game is in play, or with no free seat)
	Seats          // seats
	SeatLine       // number, name, marks
	MarkYou        // -
	MarkComputer   // -
	MarkAway       // -
	MarkHere       // -
	MarkHost       // -
	RoomHost       // -
	RoomGuest      // -
	RoomWatching   // -
	RoomHelp       // -
	RoomUnknown    // what was typed

	// Ranked play on a server (issue 35).
	RoomRated       // state (a room's line: it is rated)
	RoomBots        // state, count (a room's line: the seats bots of the ladder hold)
	RoomBot         // state (the same, for one)
	RankHead        // -
	RankLine        // rank, name, rating, what
	RankProvisional // rating
	RankGames       // rated games, won
	RankHouse       // -
	RankBot         // name
	RankNobody      // name
	RankOff         // -
	RankGame        // room, won or lost, points, change, rating
	RankWon         // -
	RankLost        // -
	RatedChange     // change (Catalogue.Change: +14, up 14), rating
	RatedLeft       // room: the rated game left goes on, lost at its end
	RatingUp        // points
	RatingDown      // points
	RatingSame      // -
	QuickLooking    // seconds at most
	QuickBotLooking // -
	// QuickLookingTable says a quick match of 3 is looked for.
	QuickLookingTable // players, others, seconds at most
	// QuickLookingTeams says a quick match of 4 or 6 in teams is looked for.
	QuickLookingTeams // players, others, teams, seconds at most
	QuickSizesHelp    // -
	QuickWithFriend   // friend, players, your name, seconds
	QuickFriendAsks   // friend, players, your name, seconds: the full screen's, which cannot know the friend's front end
	QuickPartySize    // -
	QuickSizeBad      // -
	// QuickElsewhere tells a person matched into a room of another server
	// of the cluster that their session goes there.
	QuickElsewhere // room
	QuickSizeKeys  // -
	QuickFriendKey // -
	SrvFriendName  // - (the partner field's prompt)
	SrvKeyQuick    // -
	SrvKeyRanking  // -
	SrvKeyBot      // - (play a bot of the ladder)
	SrvYourRating  // rating, rated games
	SrvNoRating    // -

	// Help.
	Help1
	Help2
	Help3
	Help4
	Help5
	Help6
	Help7
	Help8 // - (the rules and threats commands)
	Help9 // - (summary, history, repeat, brief and verbose)

	// The threats command: what stops the player, or may.
	ThreatStopped // hazard, its remedy
	ThreatNeedGo  // -
	ThreatLimit   // -
	ThreatOpen    // the hazards no safety of the side keeps off
	ThreatSafe    // -
	ThreatNearest // side, miles to go

	// The commands for the ear: summary, history, brief and verbose.
	Summary              // what the table waits for now (NowYours...), each side (SumSide) joined with Semicolon
	SumSideOne           // miles, side, its state (Rolling, SumNeedsGo, SumStoppedBy; Limited around it) (Catalogue.Count)
	SumSide              // the same, for another count
	SumNeedsGo           // -
	SumStoppedBy         // hazard
	SumHold              // the hand, cards by name
	HistAll              // - (heads every kind of message)
	HistMoves            // -
	HistMine             // -
	HistOthers           // -
	HistAttacks          // -
	HistEarlier          // - (heads the messages before those told last)
	HistNone             // -
	HistNoMore           // -
	HistWhat             // what was typed
	BriefOn              // -
	VerboseOn            // -
	TurnShort            // the short turn line's groups (the default turn line)
	TurnPlay             // cards that can be played
	TurnAttack           // hazards that can attack
	TurnDiscard          // cards only to discard
	TurnDistance         // distance cards' miles, as a list (25, 50 and 75)
	TurnDiscardAll       // cards, when none can be played
	FirstStart           // - (the first start's offer: the rules, help, brief)
	ExtensionStakes      // - (what the extension risks and gains)
	ExtensionStakesFirst // - (the same, where the 200 goes to the first to 1000: bsd)
	ThreatNoMiles        // trip (nobody has miles yet)
	ThreatNearestTie     // sides, miles to go
	ThreatNearestTeams   // a team (Catalogue.Team), the teams level with it, miles to go
	DayMonth             // day, month
	DayFirst             // day (1), month
	Months               // - (the months' names, January first, separated by spaces)
	PassFirst            // name (a move typed before the person took the keyboard)
	EvCoupFourreInYou    // safety (a coup fourré inside a sentence)
	EvCoupFourreIn       // name, safety

	// The game review in sentences (the line mode's review command).
	RvlNone         // - (no review here: a guest, or no record)
	RvlNotYet       // - (the hand is not over)
	RvlStarted      // - (reviewing the last hand)
	RvlStartedGame  // - (reviewing the game)
	RvlBusy         // -
	RvlFailed       // error
	RvlNothing      // - (no decision of the player's to review)
	RvlHand         // hand, game, name, points (Count), result (RvlAhead...)
	RvlAhead        // points (Count)
	RvlBehind       // points (Count)
	RvlEven         // -
	RvlSplit        // expected (RvlAhead...), your play (RvlPlayGained...), theirs (RvlTheirsCost...), the cards (RvlCardsGave...)
	RvlSplitHolds   // how far the split's sum is from the result (points, Count), within the noise
	RvlSplitMisses  // the same, beyond the noise
	RvlExpectOpen   // expected (RvlAhead...), of a hand not played out (no split)
	RvlPlayGained   // points (Count)
	RvlPlayLost     // points (Count)
	RvlTheirsCost   // points (Count; their decisions' gift to the player's side)
	RvlTheirsGained // points (Count)
	RvlCardsGave    // points (Count)
	RvlCardsTook    // points (Count)
	RvlClean        // decisions (2 or more; one is RvlCleanOne, none RvlNoChoice)
	RvlCleanOne     // -
	RvlNoChoice     // -
	RvlDecision     // move number (review.MoveNumbers), move played, verdict, reason (review.WhyIn)
	RvlTurnSkill    // move number, move played, from (RvlAhead...), to
	RvlTurnLuck     // move number, what happened (events), from, to
	RvlTurnLuckAll  // move number, from, to (nothing told happened)
	RvlRating       // points per decision, decisions, label, level
	RvlGame         // hands (Count), decisions (Count), points given away (Count, CountGiven)
	RvlGameSplit    // your play (RvlPlayGained...), theirs (RvlTheirsCost...), the cards (RvlCardsGave...), added up
	RvlOffer        // - (at the end of a hand: say review)
	RvlOfferGame    // - (at the end of a game)

	// The rules, for the line mode's rules command, in sentences.
	Rules1 // trip
	Rules2 // -
	Rules3 // -
	Rules4 // -
	Rules5 // -
	Rules6 // -
	// The sentences of a ruleset's departures from the standard rules,
	// each said where its rule is (the ruleset's name first), by the line
	// mode's rules and the guide alike.
	RulesKeepSafeties    // ruleset
	RulesSpeedAlternates // ruleset
	RulesRollOnSafety    // ruleset
	RulesNoReplayWhenOut // ruleset
	RulesDeckOut         // - (the standard end once the draw pile is out)
	RulesEndWhenStuck    // ruleset
	RulesCapotToEach     // ruleset, the shut-out's points
	RulesNoHundreds      // ruleset, the bonus's points
	RulesExtensionFirst  // ruleset, the extension's points, the extended trip
	RulesTieEndsGame     // ruleset
	RulesScoreCommand    // - (type score)

	// The engine's words. Cards, by engine.Card (CardKey gives the key).
	CardOutOfGas
	CardFlatTire
	CardAccident
	CardSpeedLimit
	CardStop
	CardGasoline
	CardSpareTire
	CardRepairs
	CardEndOfLimit
	CardGo
	CardExtraTank
	CardPunctureProof
	CardDrivingAce
	CardRightOfWay
	CardMiles25
	CardMiles50
	CardMiles75
	CardMiles100
	CardMiles200

	// Events (engine.Event), told to the seat they happen to ("You") or
	// about another seat or side.
	EvDealYou       // -
	EvDeal          // name
	EvDrawCardYou   // card
	EvDrawCard      // name, card
	EvDrawYou       // -
	EvDraw          // name
	EvPlayYou       // card
	EvPlay          // name, card
	EvAttackYou     // card, side
	EvAttack        // name, card, side
	EvCoupFourreYou // card
	EvCoupFourre    // name, card
	EvDiscardYou    // card
	EvDiscard       // name, card
	EvTripYou       // miles
	EvTrip          // name, miles
	EvExtendYou     // -
	EvExtend        // name
	EvStopTripYou   // -
	EvStopTrip      // name
	EvHandOver      // -
	EvGameTie       // -
	EvGameWonYou    // -
	EvGameWonTeam   // -
	EvGameWon       // side
	EvCancelled     // card, side
	EvDeclinedYou   // -
	EvDeclined      // name

	// The engine's refusals (*engine.Refusal), completing Cant: "you are
	// under a Speed Limit". Their English is the engine's own sentence.
	RefNotNow
	RefNotInHand
	RefNoSuchSide
	RefOwnSide
	RefNotRolling
	RefHasHazard
	RefTheyHaveRoW
	RefAlreadyLimit
	RefAlreadyGo
	RefYouHaveRoW
	RefNotLimited
	RefNeedGo
	RefStopped
	RefLimited
	RefTwo200s
	RefPast700
	RefPast1000
	RefKeepSafeties
	RefTheyHaveTank
	RefTheyHaveProof
	RefTheyHaveAce
	RefFixGas
	RefFixFlat
	RefFixAccident
	RefNotOutOfGas
	RefNoFlat
	RefNoAccident
	RefOutOfGas
	RefFlat
	RefHadAccident

	// A refusal in a few words, for the turn line: "needs a Go".
	BriefNeedGo
	BriefAlreadyGo
	BriefStopped
	BriefLimited
	BriefNotLimited
	BriefPast700
	BriefPast1000
	BriefTwo200s
	BriefHasHazard
	BriefAlreadyLimit
	BriefYouHaveRoW

	// The reasons of a hint (ai.Explain), by ai.Reason (Catalogue.Why).
	WhyBest
	WhyCoupFourre
	WhyDecline
	WhySafetyHold
	WhyExtend
	WhyStopTrip
	WhyFinish
	WhySafetyBeforeEnd
	WhySafetyDead
	WhySafetyFix
	WhySafetyRoll
	WhySafetyKeep
	WhyRemedy
	WhyGo
	WhyEndOfLimit
	WhyAttack
	WhyLimit
	WhyDistance
	WhySmallUnderLimit
	WhyDiscardDead
	WhyDiscard
	WhyContinue
	WhyLaySafety       // -
	WhyAttackRolling   // -
	WhySlowDown        // -
	WhyExtendAfter     // - (WhyExtend once the move is said: WhyAfter)
	WhyStopTripAfter   // - (WhyStopTrip once the move is said: WhyAfter)
	WhyCoupFourreAfter // - (WhyCoupFourre once the move is said: WhyAfter)

	// The full screen's cards: each card's face on two lines (\n), six columns at most, then nine on big cards; by engine.Card from OutOfGas (Catalogue.Face).
	FaceOutOfGas       // -
	FaceFlatTire       // -
	FaceAccident       // -
	FaceSpeedLimit     // -
	FaceStop           // -
	FaceGasoline       // -
	FaceSpareTire      // -
	FaceRepairs        // -
	FaceEndOfLimit     // -
	FaceGo             // -
	FaceExtraTank      // -
	FacePunctureProof  // -
	FaceDrivingAce     // -
	FaceRightOfWay     // -
	FaceMiles25        // -
	FaceMiles50        // -
	FaceMiles75        // -
	FaceMiles100       // -
	FaceMiles200       // -
	BigOutOfGas        // -
	BigFlatTire        // -
	BigAccident        // -
	BigSpeedLimit      // -
	BigStop            // -
	BigGasoline        // -
	BigSpareTire       // -
	BigRepairs         // -
	BigEndOfLimit      // -
	BigGo              // -
	BigExtraTank       // -
	BigPunctureProof   // -
	BigDrivingAce      // -
	BigRightOfWay      // -
	BigMiles25         // -
	BigMiles50         // -
	BigMiles75         // -
	BigMiles100        // -
	BigMiles200        // -
	KindHazard         // - (a big card's kind, nine columns at most)
	KindRemedy         // -
	KindSafety         // -
	KindDistance       // -
	ShortExtraTank     // - (a safety in five columns at most)
	ShortPunctureProof // -
	ShortDrivingAce    // -
	ShortRightOfWay    // -
	AbbrOutOfGas       // - (a hazard or remedy in six columns at most, in a row of cards; in engine order from Out of Gas)
	AbbrFlatTire       // -
	AbbrAccident       // -
	AbbrSpeedLimit     // -
	AbbrStop           // -
	AbbrGasoline       // -
	AbbrSpareTire      // -
	AbbrRepairs        // -
	AbbrEndOfLimit     // -
	AbbrGo             // -
	PileBattle         // - (a pile's label in a card's top border, four columns at most)
	PileSpeed          // -
	PileDiscard        // -
	PileCoupFourre     // - (a safety laid as a coup fourré)

	// The full screen's board.
	BoardBattle     // - (before the battle pile's card)
	BoardSpeed      // - (before the speed pile's card)
	BoardMilesOne   // miles (Catalogue.Count)
	BoardMiles      // the same, for another count
	BoardCoups      // safeties
	BoardStopped    // -
	BoardNeeds      // card (after BoardStopped)
	BoardRolling    // -
	BoardLimit      // -
	BoardNoDistance // -

	// The full screen's board, more.
	BoardSideN // side's number (after the names in a box's title)
	LogNewer   // newer lines of the log below the ones shown

	// The game review's reasons for a flagged decision, from what changed
	// between the two lines of play (review.Why). A Line... text is one
	// difference, said from the worse line's side; percentages are 0-100.
	ReviewBetter     // better move, loss, its standard error
	ReviewBecause    // ReviewBetter, the hint's reason for the better move
	ReviewAfter      // move played, its line's facts joined by ReviewJoin
	ReviewExchange   // better move, its line's facts joined by ReviewJoin
	ReviewJoin       // - (between two facts)
	ReviewStopper    // count (1), hazards, the card discarded (Catalogue.Count)
	ReviewStoppers   // the same, for another count
	LineTurnLost     // -
	LineMiles        // miles
	LineCoupsFourres // points
	LineSafeties     // points
	LineTrip         // percent, percent
	LineSafeTrip     // percent, percent
	LineExtension    // percent, percent
	LineShutOut      // percent, percent
	LineTheirMiles   // miles
	LineTheirCoups   // points
	LineTheirTrip    // percent, percent
	LineShutOutYou   // percent, percent

	// The full screen: the status line, the input line, the messages.
	UITitleTurn       // - (the window's title on the viewer's turn)
	UITooSmall        // least width, height, this width, height
	UIQuits           // -
	UILeaves          // -
	UIPassTitle       // name
	UIPassTurn        // name
	UIPassSee         // name
	UIPassTrip        // side, trip
	UIPassReady       // name (a button: its key, then its label)
	UIPassSince       // name (heads the moves since that person's last one)
	UIPassSinceDeal   // - (the same, for a person who has not played in the hand yet)
	UIRecentMoves     // - (the log's heading)
	UIHandOver        // -
	UIGameOver        // -
	UIIsThinking      // name
	UIPause           // -
	UIYourTurn        // -
	UITurnOf          // name
	UIStatus          // game, hand, trip, rules
	UIUse             // - (BSD's U command, typed)
	UIDiscard         // - (BSD's D command, typed)
	UIMoveCard        // verb
	UIMoveCardHelp    // -
	UIAfterUseKey     // what was typed, U or D
	UIMoveSlot        // verb, slot
	UIConfirm         // -
	UITargetHead      // card
	UITargetHelp      // -
	UITargetHelpShort // the same in fewer cells, where the sides leave no room for it
	UIThinkingDots    // name
	UIHintSearch      // -
	UIYourTurnHead    // -
	UIDiscardsIt      // -
	UIPlaysOrDiscards // -
	UIChoose          // -
	UIWhom            // card
	UINoOpponent      // -
	UIDriveTo         // miles
	UIAttackWhich     // sides
	UILaySafety       // -
	UIMoreMoves       // how many moves the line of recent moves leaves out
	UIMoreMovesShort  // the same where the row has no room for the key
	SideNumber        // a side's name, the number that names it too
	RunningTotal      // a distance played (an event, without its full stop), the side's miles after it
	BtnQuitNoSave     // -
	UIStartRolling    // -
	UIEndLimit        // -
	UIRepair          // hazard
	UIPicked          // card
	UINoHints         // -
	UIThinkingHint    // -
	UIOrdered         // -
	UIUnordered       // -
	UIBellOn          // -
	UIBellOff         // -
	UITablePace       // -
	UIAnimation       // pace
	UIAnimNormal      // -
	UIAnimSlow        // -
	UIAnimOff         // -
	UIAnimFast        // -
	UIUnknownKey      // key
	UINoSaveTable     // -
	UISavingTable     // -
	UIStopWatching    // -
	UILeaveTable      // -
	UILeaveOver       // - (once the game is over: no seat to take over)
	UILeaveRated      // - (a rated game before its end: it counts as lost)
	UIWatchingSide    // name
	UINoHandQuit      // -
	UIKeyLeave        // - (a key's help, short)
	UIKeySeeBoard     // -
	UIKeySeeScores    // -

	// Punctuation.
	Colon // - (between a thing and what is said of it)

	// The full screen's dialogs and score window.
	DlgGoesOn             // -
	DlgUnreadable         // error
	DlgSavedAt            // date
	DlgCantStart          // error
	DlgLeftUnfinished     // -
	DlgResumeIt           // -
	DlgWelcomeBack        // -
	BtnResume             // - (a button: its key, then its label)
	BtnNewGame            // -
	BtnLoadSaved          // - (the resume question's: another game than the one left)
	DlgANewGame           // -
	DlgThrowAway1         // -
	DlgThrowAway2         // -
	BtnThrowAway          // -
	BtnBack               // -
	DlgWelcome            // -
	DlgWelcome1           // the trip
	DlgWelcome2           // -
	DlgWelcome3           // -
	DlgWelcome4           // -
	BtnReadRules          // -
	BtnJustPlay           // -
	DlgKeys               // -
	DlgMouse1             // -
	DlgMouse2             // -
	BtnAnyKey             // -
	DlgCFPlayed           // name, hazard, side
	DlgCFHold             // safety
	DlgCFFor              // -
	DlgCFTitle            // safety
	BtnCoupFourre         // -
	BtnLetPass            // -
	DlgReached700         // the trip, others' miles
	DlgExtend1            // the extended trip, the extension's points
	DlgExtend2            // -
	DlgExtendFirst1       // the same, where the points go to the first to the extended trip (bsd)
	DlgExtendFirst2       // -
	DlgExtension          // -
	BtnExtend             // the extended trip
	BtnStop700            // the trip
	DlgLeave              // -
	BtnYes                // -
	BtnNo                 // -
	DlgQuit               // -
	DlgQuitUnsaved        // -
	DlgQuitKeeps          // -
	DlgReallyQuit         // -
	DlgAutosaveKeeps      // -
	DlgEverySaved         // file
	DlgNewGame            // -
	DlgLoad               // file
	DlgLoadAutosave       // -
	DlgKeptAutosave       // -
	DlgLost               // -
	DlgUnsavedMoves       // -
	DlgSaveFirst          // -
	ScoreHeading          // -
	ScoreHeadingOver      // -
	ScoreValue            // - (the column of a row's value)
	ScoreUs               // - (the viewer's team, five columns)
	ScoreYou              // - (the viewer, five columns)
	ScoreMilestones       // -
	ScoreMilestonesShort  // -
	ScoreSafety           // -
	ScoreSafetyShort      // -
	ScoreAllSafeties      // -
	ScoreAllSafetiesShort // -
	ScoreCoup             // -
	ScoreCoupShort        // -
	ScoreTrip             // -
	ScoreTripShort        // -
	ScoreSafeTrip         // -
	ScoreSafeTripShort    // -
	ScoreDelayed          // -
	ScoreDelayedShort     // -
	ScoreExtension        // -
	ScoreExtensionShort   // -
	ScoreShutOut          // -
	ScoreShutOutShort     // -
	ScoreNoHundreds       // -
	ScoreNoHundredsShort  // -
	ScoreHandTotal        // -
	ScoreHandTotalShort   // -
	ScoreOverall          // -
	ScoreOverallShort     // -
	ScoreGames            // -
	ScoreGamesShort       // -
	EndMiles              // miles
	EndRanOut             // -
	EndRanOutBSD          // -
	EndNobodyExt          // trip, side, how
	EndNobody             // how
	EndExtended           // side, trip
	EndOtherExt           // side, trip, side
	EndStopped            // side, trip
	EndDone               // side, trip
	EndDelayed            // - (after the sentence)
	EndStop               // - (a sentence's end)
	BtnAnotherHand        // -
	BtnAnotherGame        // -
	BtnNewSetup           // -
	BtnLeave              // -
	BtnQuit               // -
	EndOfHand             // hand
	EndGameOver           // - (after EndOfHand)
	EndTie                // -
	EndYouWin             // -
	EndWins               // side
	EndNextHand           // -
	EndNextGame           // -
	EndWaitAll            // next
	EndWaitFor            // names, next

	// The full screen's dialogs, more.
	BtnSaveQuit  // -
	BtnCancel    // -
	BtnSaveFirst // -
	BtnDontSave  // -

	// The full screen's dialogs, quitting.
	BtnYesQuit // -

	// The full screen's dialogs, dates and miles.
	DlgDateLayout // - (a Go time layout)
	DlgMilesOf    // side, miles

	// The full screen's keys, as their help says them (short).
	KeyPrevCard   // -
	KeyNextCard   // -
	KeyPlay       // -
	KeyDiscard    // -
	KeySelect     // -
	KeyUseN       // -
	KeyDiscardN   // -
	KeyPick       // -
	KeyOrder      // -
	KeyWindow     // -
	KeyRedraw     // -
	KeySave       // -
	KeyLoad       // -
	KeyStats      // -
	KeyFolder     // -
	KeyQuit       // -
	KeyUndo       // -
	KeyHint       // -
	KeyReview     // -
	KeyNewGame    // -
	KeyGuide      // -
	KeyScrollLog  // -
	KeyBell       // -
	KeySpeed      // -
	KeyMore       // -
	KeyCancel     // -
	KeyYes        // -
	KeyDefault    // -
	KeyNo         // -
	KeyDontSave   // -
	KeyField      // -
	KeyPrevPage   // -
	KeyNextPage   // -
	KeyPage       // -
	KeyClose      // -
	KeyStart      // -
	KeyNextChoice // -
	KeyLang       // -
	CmdPick       // - (the commands window: a key, then what it does)
	CmdQuit       // -
	CmdLeave      // -
	CmdUse        // -
	CmdOrder      // -
	CmdDiscardN   // -
	CmdSave       // -
	CmdHint       // -
	CmdWindow     // -
	CmdReprint    // -
	CmdSelect     // -
	CmdPlay       // -
	CmdDiscard    // -
	CmdUndo       // -
	CmdNewGame    // -
	CmdGuide      // -
	CmdAllKeys    // -
	CmdScroll     // -
	CmdHeading    // -

	// The full screen's draw pile.
	PileDeck  // - (the draw pile's label, four columns at most)
	DeckCards // - (under the draw pile's count, six columns at most)

	// The rules guide (ui/guide.go): its pages' titles, tabs and text, as lines.
	GuideHead          // page, pages, title
	GuidePrev          // -
	GuideNext          // -
	GuideClose         // -
	GuideRaceTitle     // -
	GuideRaceTab       // -
	GuideRaceA         // trip in miles, trip with four, winning points, P, the Go card
	GuideBattle        // - (a caption under a card, eight columns)
	GuideRaceB         // and
	GuideAnd           // -
	GuidePoints        // points
	GuideHazard        // -
	GuideRemedy        // -
	GuideSafety        // -
	GuideDistance      // -
	GuideHazardsTitle  // -
	GuideHazardsTab    // -
	GuideHazardsA      // -
	GuideHazardsB      // the two distances under a limit
	GuideSafetiesTitle // -
	GuideSafetiesTab   // -
	GuideSafetiesA     // a safety's points
	GuideCapGas        // - (captions under the safeties, eight columns a line)
	GuideCapFlat       // -
	GuideCapAccident   // -
	GuideCapStop       // -
	GuideSafetiesB     // the safety row
	GuideOnHazard      // - (what a safety does to its showing hazard)
	GuideCoupTitle     // -
	GuideCoupTab       // -
	GuideCoupA         // coup fourré
	GuideCoupWord      // -
	GuideOnYou         // - (a caption)
	GuideReply         // - (a caption)
	GuideCoupB         // safety's points, coup fourré's, the question
	GuideTripTitle     // -
	GuideTripTab       // -
	GuideTripA         // player counts, trip
	GuideTripB         // trip, stop, extension, extended trip, extension's points
	GuideTripBFirst    // the same, where the extension's points go to the first to the extended trip (bsd)
	GuideStop          // -
	GuideExtension     // -
	GuideScoreTitle    // -
	GuideScoreTab      // -
	GuideScore         // a mile, a safety, all four, a coup fourré (what every side scores)
	GuideScoreCapot    // shut-out, ruleset (a row of GuideScore where every side with distance scores it)
	GuideScoreTrip     // the trip, delayed, safe trip, 200 (what the side that completed it scores)
	GuideScoreNo100    // the bonus, ruleset (a row of GuideScoreTrip)
	GuideScoreShutOut  // shut-out (a row of GuideScoreTrip)
	GuideScoreExt      // extension (a row of GuideScoreTrip)
	GuideScoreFoot     // -
	GuideKeysTitle     // -
	GuideKeysTab       // -
	GuideKeys          // -

	// The command line (package main): mille --help and its messages.
	UsageMille                    // the saves folder, the list of commands
	UsageFolder                   // -
	UsageFlags                    // -
	CmdArena                      // -
	CmdBot                        // -
	CmdReview                     // -
	CmdServe                      // -
	CmdServeMissing               // -
	CmdStats                      // -
	UsageArena                    // -
	UsageBot                      // the docs address
	UsageStats                    // file name, variable
	UsageServe                    // -
	ServeNote                     // -
	ServeListening                // address, folder
	ServeExported                 // count, folder
	ServeImported                 // count, folder
	UsageServeMissing             // -
	UsageReview                   // the docs address
	UsageDefault                  // the default value
	UsageQuoted                   // a default word, quoted as the language quotes
	UsageKindText                 // - (the kind of value a flag takes)
	UsageKindNumber               // -
	UsageKindDuration             // -
	UsageKindValue                // -
	StRatingLine                  // game, points, label, level
	StRatings                     // -
	StTrend                       // points, points, StTrend*
	StTrendSame                   // -
	StTrendBetter                 // -
	StTrendWorse                  // -
	StUnreviewedOne               // count (1) (Catalogue.Count)
	StUnreviewed                  // count
	StNone                        // path
	StTitle                       // path
	StOpponents                   // -
	StGames                       // -
	StWon                         // -
	StShare                       // a percentage (of the games or hands won)
	StHands                       // -
	StAll                         // -
	StBest                        // points, players, level, date
	StCoups                       // count
	StDate                        // - (a date's layout, as Go's time package writes it)
	FlagArenaPlayers              // -
	FlagArenaHands                // -
	FlagArenaSeed                 // -
	FlagArenaRules                // -
	FlagArenaParallel             // -
	FlagArenaJson                 // -
	FlagArenaLuck                 // -
	FlagArenaMoveTimeout          // -
	FlagBotSeed                   // -
	FlagReviewSeat                // -
	FlagReviewScreen              // -
	FlagReviewList                // -
	FlagReviewLeaks               // -
	FlagReviewPractice            // -
	FlagServeListen               // -
	FlagServeData                 // -
	FlagServeLogFormat            // -
	FlagServeAdvertise            // -
	FlagServeMaxSessions          // -
	FlagServeMaxSessionsPerSource // -
	FlagServeMaxRooms             // -
	FlagServeIdle                 // -
	FlagServeMaxStartups          // -
	FlagServeMaxStartupsPerSource // -
	FlagServeLoginGrace           // -
	FlagServeVersionTimeout       // -
	FlagServePenalty              // -
	FlagServeMaxConns             // -
	FlagServeMaxConnsPerSource    // -
	FlagServeMaxConnsPerKey       // -
	FlagServeSessionTimeout       // -
	FlagServeMaxChannels          // -
	FlagServeShellTimeout         // -
	FlagServeMaxSessionsPerKey    // -
	FlagServeMaxRoomsPerKey       // -
	FlagServeMaxKeys              // -
	FlagServeComputers            // -
	FlagServeCheckpoint           // -
	FlagServeMemoryLimit          // -
	FlagServeKeepSaves            // -
	FlagServeSavesPerKey          // -
	FlagServeExportRooms          // -
	FlagServeExportResults        // -
	FlagServeImportRooms          // -
	FlagStatsJson                 // -
	FlagArenaSeats                // the list or address in it
	FlagBotLevel                  // the list or address in it
	FlagReviewDepth               // the list or address in it
	FlagReviewJson                // the list or address in it
	FlagServeDb                   // the list or address in it
	FlagServeMaxWindow            // the list or address in it
	FlagServeMaxLevel             // the list or address in it
	UsageRun                      // command
	FlagPlayers                   // -
	FlagLevel                     // levels
	FlagPlain                     // -
	FlagPeople                    // -
	ArHeader                      // players, rules, deals, hands, seed, games, seconds
	ArColumns                     // - (the arena's table, columns apart by tabs)
	ArLuckHead                    // -
	ArLuckSeat                    // player, margin, its error, corrected, its error
	ArLuckCut                     // percent, times
	FlagNames                     // -
	NamesCount                    // names given, people
	NamesEmpty                    // number (which person)
	FlagSeats                     // person
	FlagRules                     // -
	FlagSeed                      // -
	FlagLang                      // the languages
	FlagVersion                   // -
	ErrTooManyArgs                // the arguments
	ErrNoCommand                  // the word after help, the commands
	ErrSeatsAlone                 // -
	ErrPlayers                    // players, the counts mille plays with
	ErrRuleset                    // the ruleset's number
	ErrRulesPlayers               // ruleset, the counts it is played with
	ErrUnknownRuleset             // name, the rulesets
	ErrLevelUnknown               // name, the levels, the players
	ErrLevelBadBudget             // name
	ErrLevelNoBudget              // name
	ErrLevelNoInfer               // name
	ErrLevelNoSolve               // name
	ErrPeople                     // people, players
	ErrSeatCount                  // seats given, other players
	ErrSeat                       // seat, why, the person's word
	ErrFlagSeats                  // why
	ErrFlagNames                  // why
	ErrFlagLang                   // why
	ErrNoSaveAt                   // path
	ErrNoSave                     // name, path, path in the saves folder
	ErrUnexpectedArg              // argument
	ErrMoveTimeout                // -
	ErrSize                       // value
	ErrStartups                   // value
	ErrResultsFormat              // format (mille serve --export-results)
	ErrFlagUndefined              // the flag as typed
	ErrFlagValue                  // value, flag
	ErrFlagNeedsArg               // flag
	ErrFlagSyntax                 // the argument
	ErrUnknownLang                // name, the languages
	ErrNoProgram                  // the seat as typed
	ErrArenaSeats                 // players, sides, sides, seats given
	ErrArenaHands                 // -
	ErrArenaSeatStart             // seat, why
	ErrArenaSeatFailed            // seat, why
	ErrArenaSeatChose             // seat, action, why
	ErrArenaLuck                  // deal, why
	ErrNotMoved                   // why (a room that mille serve --import did not bring into the store)
	ErrUnknownDepth               // name, the depths
	ErrSaveName                   // name, the saves folder
	ErrSaveDot                    // name
	ErrNoPersonIn                 // file
	ErrNoPerson                   // -
	ErrStatsNotRecorded           // why
	ErrKeepForReview              // why
	ErrNoSaving                   // -
	ErrReviewSeat                 // seat, the last seat
	ErrNoSeatToReview             // -

	// The full screen's notes beside the hand.
	NoteDrawn     // -
	NoteBlocked   // -
	NoteOrdered   // -
	NoteDeckEmpty // -

	// The new-game screen.
	NgShared    // -
	NgTitle     // -
	NgPlayers   // -
	NgRules     // -
	NgWith      // seat, partner
	NgName      // seat number (the label of a person's name field)
	NameLong    // most characters
	NameOdd     // - (a name with characters that cannot be shown)
	NameMille   // name (one mille gives seats itself)
	NameTaken   // name (another seat's)
	NgOthers    // -
	NgSides     // sides
	NgVs        // - (between sides)
	NgTrip      // trip, deck
	NgExtension // -
	NgBSD       // -
	NgStandard  // what the standard rules are, in a line
	NgDujardin  // what the dujardin rules are, in a line
	NgDujardin5 // what dujardin+500 adds, in a line
	NgStart     // - (a button: the next one starts 22 columns after it)
	NgCancel    // - (a button: the next one starts 12 columns after it)
	NgLoad      // -
	NgChange    // - (a key's help)
	NgBack      // - (a key's help)

	// The SSH lobby's full screen (server/screen.go).
	SrvTitle      // - (after mille: at the top)
	SrvHello      // name
	SrvRooms      // -
	SrvNoRooms    // - (after SrvRooms)
	SrvMoreUp     // count
	SrvMoreDown   // count
	SrvWaiting    // -
	SrvSaved      // -
	SrvPlaying    // -
	SrvPerson     // count (Count: the people in a room, 1)
	SrvPeople     // count (the plural, after its singular)
	SrvBot        // count (Count: the seats bots of the ladder hold, 1)
	SrvBots       // count (the plural, after its singular)
	SrvRules      // rules (then a comma)
	SrvRoomLine   // name, players, rules, level, people, state
	SrvKeyUp      // - (a key's help)
	SrvKeyDown    // -
	SrvKeyNew     // -
	SrvKeyJoin    // -
	SrvKeyWatch   // -
	SrvKeyRefresh // -
	SrvKeyLeave   // -

	// The full screen's saves, loads and messages.
	PkNoLoad           // -
	PkNothingLoaded    // -
	PkLoading          // path
	PkLoaded           // path
	PkNotSaved         // -
	PkSavesOver        // file
	PkAutosave         // -
	PkNameOnly         // -
	PkNoDot            // -
	PkNoSaves          // -
	PkNoFolders        // -
	PkNoStats          // -
	PkFolder           // folder
	PkAutosaveEntry    // - (the autosave's name in the picker)
	PkSaveHand         // hand (from 1)
	PkSaveGameHand     // game, hand (from 1)
	PkUnreadable       // why
	PkLoadHelp         // -
	PkKeyChoose        // - (the picker's footer: ↑↓)
	PkKeyLoad          // - (enter)
	PkKeyOpen          // - (→)
	PkKeyUp            // - (←)
	PkLoadTitle        // -
	BtnEscCancel       // -
	PkSaveText         // -
	PkSaveTab          // -
	PkSaveBrowse       // -
	PkSaveTitle        // -
	BtnEnterSave       // -
	PkStatsTitle       // -
	PkFile             // - (the file name field's prompt)
	MsgOptions         // error
	MsgStats           // error
	MsgSaveFailed      // error
	MsgTableSaved      // path
	MsgGameSaved       // path
	MsgOptionsNotSaved // error
	MsgCantResume      // error
	MsgNoSaving        // -
	MsgClickAgain      // card
	MsgClickWhy        // card, why

	// The SSH waiting room (server/waiting.go).
	WrJoining   // room
	WrRoom      // room
	WrHead      // room, table, rules, level
	WrSaved     // -
	WrOpen      // -
	WrTeam      // team
	WrFree      // -
	WrHere      // -
	WrAway      // -
	WrHostMark  // - (after a seat's presence)
	WrOnlookers // count
	WrTakeSeat  // - (a key's help)
	WrTakeFree  // -
	WrEnded     // -
	WrWatching  // -
	WrYouHost   // -
	WrStartBtn  // -
	WrWaitHost  // -
	WrClose     // - (a key's help)
	WrFour      // -
	WrSix       // -
	WrPlayers   // count
	WrKeyStart  // - (the waiting room's keys)
	WrKeyTeam   // -
	WrKeyWatch  // -
	WrKeyOpen   // -
	WrKeyLeave  // -

	// The game review's screen (ui/reviewview.go).
	RvTitleWin      // -
	RvTooSmall      // least width, height, this width, height
	RvTitle         // game, hand, move, moves
	RvFailedShort   // -
	RvDepth         // depth
	RvAnalysing     // -
	RvFailed        // error
	RvComputing     // -
	RvNoDecision    // -
	RvAnalysingMove // -
	RvMiles         // miles (a side's, on the review's board)
	RvHand          // - (before a hand's cards)
	RvPiles         // cards in the draw pile, trip (then the discard's top)
	RvBest          // best move, loss, its error
	RvOthers        // moves
	RvNoReview      // error
	RvOnlyHere      // -
	RvNoMoveYet     // -
	RvKeyStep       // - (the review's keys)
	RvKeyFlagged    // -
	RvKeyHands      // -
	RvKeyFirstLast  // -
	RvKeyBack       // -

	// The SSH name prompt and a started room shown as text (server/screen.go).
	SrvReader       // -
	SrvWelcome      // -
	SrvName         // - (the name field's prompt)
	SrvKeyDone      // - (the name prompt's keys)
	SrvKeyPlain     // -
	SrvRoomEnded    // -
	SrvSavedAs      // name
	SrvWatchingSeat // seat
	SrvSeatLine     // mark, seat, name, presence
	SrvComputer     // -
	SrvStarted      // -

	// The lobby's new room form and a started room's keys (server/form.go).
	FormTitle       // -
	FormPlaceholder // - (the empty name field)
	FormName        // - (the fields' labels)
	FormPlayers     // -
	FormRules       // -
	FormComputers   // -
	FormFour        // - (the players field's values)
	FormSix         // -
	FormSolo        // count
	FormRulesFor    // ruleset, counts it allows
	FormLevel       // level
	FormRated       // -
	SrvRated        // -
	FormCasual      // -
	FormRatedOn     // -
	FormHelp        // - (the line under the fields)
	FormCreate      // - (the button)
	FormKeyField    // - (the form's keys)
	FormKeyChange   // -
	FormKeyCreate   // -
	FormKeyBack     // -
	RoomKeyLeave    // - (a started room's key)

	// An SSH session refused (server/ssh.go), in its client's LANG.
	SshFull           // -
	SshKeySessions    // count
	SshSourceSessions // count
	SshNewcomers      // -
	SshPanic          // -
	SshCommandLong    // most bytes (server/channel.go)

	// The bot ladder over SSH (ssh HOST bot, ssh HOST register-bot).
	SshNotBot        // -
	SshBenched       // until (a time)
	SshBotFault      // room, why
	SshBotHello      // why
	SshBotNoRatings  // -
	SshRegisterUsage // -
	SshRegisterKey   // -
	SshRegisterOwned // -
	SshRegisterSelf  // -
	SshRegisterOwner // -
	SshRegistered    // name, fingerprint
	SshGone          // room, command (server/relay.go)

	// mille review's text (review/text.go).
	RtTitle      // which game, its sides' scores (GameWhich)
	RtMeasured   // depth, rollouts, seed, inaccuracy, mistake and blunder points
	RtNoDecision // -
	RtDecision   // move number (as the review screen numbers it), move played, verdict (a good one)
	RtRating     // seat, points a decision, decisions, label, level
	RtInAll      // seat, decisions, hands, points given away (Count, CountGiven), a hand, inaccuracies, mistakes, blunders
	RtHandOpen   // hand, game, seat (a hand not finished; the line mode says it too, review.HandLines)
	RtFlaggedOne // count (1), decisions (Catalogue.Count; the line mode says it too, review.HandLines)
	RtFlaggedOf  // the same, for another count
	RtTurnSkill  // move number, the move played, the result expected before it and after it (MarginIn)
	RtTurnLuck   // move number, the result expected before the cards and after them (MarginIn)
	RtSeatNamed  // seat, name
	RtSeat       // seat
	VerdictGood  // - (a decision's verdict)
	VerdictInaccuracy
	VerdictMistake
	VerdictBlunder
	RateBeginner // - (a rating's label, worst first)
	RateCasual
	RateGood
	RateStrong
	RateExcellent
	DepthQuick // - (a review's depth, after "depth", in review.Depth's order)
	DepthNormal
	DepthDeep

	// Counted words (Catalogue.Count): each singular key is followed by
	// its plural, so "1 point" and "2 points" each read right.
	CountPoint // count
	CountPoints
	CountGiven // count: points given away, which French agrees with the number
	CountGivenMany
	CountDecision
	CountDecisions
	CountHand
	CountHands
	CountInaccuracy
	CountInaccuracies
	CountMistake
	CountMistakes
	CountBlunder
	CountBlunders
	CountReviewedGame
	CountReviewedGames

	// mille review's command line (review.go).
	RvcNoneReviewed      // count kept
	RvcOneGame           // -
	RvcSeatFrom0         // seat
	RvcJSONOrScreen      // -
	RvcLeaks             // games
	RvcNoLeaks           // -
	RvcLeakKind          // kind
	RvcLeakPoints        // points, decisions
	RvcLeakWorst         // name, game, hand, move played, loss, verdict, better move
	RvcPracticeHint      // -
	RvcNothingToPractise // -
	RvcPosition          // position, positions, name, game, hand
	RvcYourMove          // options
	RvcBestMove          // move played, its loss
	RvcBetterMove        // verdict, better move, loss, error, move played, its loss
	RvcNoFinished        // -
	RvcNoSuchGame        // name
	RvcNoneKept          // -
	RvcUnreadable        // error

	// The review screen's hand line and chart (ui/reviewview.go).
	RvLineFinished  // points, result
	RvLineSplit     // expected, skill, others, luck (review.Split)
	RvLineGame      // hands, expected, skill, others, luck (the game's split hands added up)
	RvLineMeasuring // - (the split not measured yet)
	RvLineOpen      // expected, its error (a hand under way)
	RvLineGiven     // points given away
	RvCostliest     // list
	RvCostliestNone // -
	RvChart         // - (the chart's label, short)
	RvChartLong     // - (the chart's label where it fits: what the bars are)
	RvTurnSkill     // move, points
	RvTurnLuck      // move, points
	RvTurns         // list
	SaveUnreadable  // error (a folder of saves)

	// The kinds of decision of mille review --leaks (review/leaks.go), in
	// review.Kind's order.
	LeakCoupFourre // -
	LeakExtension  // -
	LeakSafety     // -
	LeakMiles200   // -
	LeakGo         // -
	LeakTarget     // -
	LeakAttack     // -
	LeakDiscard    // -
	LeakDistance   // -
	RtFlaggedMove  // move number, move played, verdict, reason
	PosCoupFourre  // hazard (the position of a flagged move: review.SummaryIn)
	PosExtension   // -
	PosSideOne     // miles, side (Catalogue.Count)
	PosSide        // the same, for another count
	PosNoGo        // -
	PosHand        // cards
	PosDraw        // cards left in the draw pile

	// A refusal a player of a server reads (server/lobby, table), as
	// an Error that Catalogue.Error says in the session's language.
	RefRoomsFull     // -
	RefRoomExists    // -
	RefNoRoom        // -
	RefRoomName      // most letters
	RefLevel         // -
	RefLevelUnknown  // level, the levels
	RefSavedName     // -
	RefElsewhere     // command
	RefElsewhereAny  // -
	RefStoreDown     // -
	RefNoSaves       // -
	RefNotSaved      // -
	RefRoomsPerKey   // rooms hosted
	RefNameTaken     // -
	RefNameNotKept   // -
	RefNameBytes     // -
	RefNameLength    // most characters, most columns
	RefNamePrintable // -
	RefNameMarkFirst // -
	RefNameInvisible // -
	RefNameSigns     // -
	RefNameJoined    // -
	RefNameYou       // -
	RefNameMille     // -
	RefStarted       // -
	RefNotStarted    // -
	RefEnded         // -
	RefNotHost       // -
	RefSeatTaken     // -
	RefNoSeat        // -
	RefNoSuchSeat    // seat (as people count, from 1)
	RefNotSeated     // -
	RefNotYourTurn   // -
	RefOnlooker      // -
	RefFrozen        // -
	RefSavedSeats    // -
	RefNotPlayer     // -
	RefNoUndo        // -
	RefUndoShared    // -
	RefNotKept       // -
	RefWriting       // -
	RefServerError   // -
	RefDataInUse     // the lock file
	RefDataInUsePID  // the holder's process id, the lock file
	RefBenched       // -
	RefNoBot         // -
	RefNoFriend      // the name asked for
	RefFriendSelf    // -
	RefFriendAbsent  // the friend's name, seconds waited

	// A connection turned away before its SSH handshake or a session
	// channel refused (server/gate.go): no LANG has come yet, so only
	// English is said, French kept for a client that could tell.
	GateBusy           // -
	GateSource         // -
	GateConnsFull      // -
	GateConnsNewcomers // -
	GatePenalty        // -
	GateKey            // -
	GateChannels       // -

	// The words a person types in the line mode, by command: the words
	// that name it, between spaces. The line mode takes every language's
	// words whatever language it speaks (plain's commands, questions and
	// lobby).
	WordPlay    // -
	WordAttack  // -
	WordDiscard // -
	WordPick    // -
	WordYes     // -
	WordNo      // -
	WordStatus  // -
	WordHand    // -
	WordScore   // -
	WordLog     // -
	WordHint    // -
	WordUndo    // -
	WordSave    // -
	WordHelp    // -
	WordRules   // -
	WordThreats // -
	WordAgain   // -
	WordRepeat  // -
	WordSummary // -
	WordHistory // -
	WordBrief   // -
	WordVerbose // -
	WordReview  // -
	WordQuit    // -
	WordCancel  // -
	WordRooms   // -
	WordJoin    // -
	WordWatch   // -
	WordCreate  // -
	WordLang    // -
	WordExit    // -
	WordSeats   // -
	WordSit     // -
	WordStart   // -
	WordLeave   // -
	WordRanking // -
	WordRated   // -
	WordQuick   // -
	WordBot     // -
	WordWith    // -

	// The saves' and the statistics' refusals (save.Error).
	SvInFile          // a file (or a game's field), what is wrong with it
	SvIO              // the file system's error
	SvNotRegular      // -
	SvReading         // the file system's error
	SvTooLarge        // most MiB
	SvNotSave         // -
	SvNoFormat        // -
	SvFormat          // the file's format, mille's
	SvNotObject       // -
	SvNoSchema        // -
	SvNewerBy         // the version that wrote it, its schema, this version, the schema it reads
	SvNewer           // its schema, this version, the schema it reads
	SvNewerHeader     // its schema
	SvSchemaUnknown   // its schema, the schema mille reads
	SvNoUpgrade       // the schema, the next
	SvUpgrading       // the schema, the error
	SvTooDeep         // most levels, line, column
	SvTruncated       // -
	SvSyntaxAt        // line, column, the character met
	SvDamaged         // what is wrong: a field and its fault
	SvTooLong         // bytes, most MiB
	SvLinkNowhere     // -
	SvLinkOutside     // the link's target
	SvLinkNotOwn      // the link's target
	SvLocked          // how long mille waited
	SvNoDir           // the variable, the error
	SvNoName          // -
	SvTooManyFinished // -
	SvStatsTooLarge   // most MiB
	SvNotStats        // -
	SvStatsNewer      // its schema, the schema mille reads
	SvStatsSchema     // its schema
	SvStatsLock       // the error

	// The engine's flaws in a state (engine.Invalid), a damaged save's.
	VdSide        // the side, the flaw
	VdPhase       // the phase's number
	VdTurnSeat    // -
	VdTrip        // the trip's miles
	VdExtender    // -
	VdSideNumber  // -
	VdPileSize    // -
	VdDrawCard    // the card's number
	VdDiscardCard // the card's number
	VdPastDraw    // -
	VdPastDiscard // -
	VdSeatCards   // the seat
	VdSeatCard    // the seat, the card's number
	VdSideCards   // the side
	VdCount       // the game's count, the card, the deck's count
	VdCoupFourre  // -
	VdNoCard      // -
	VdExtension   // -
	VdMiles       // the distance cards' sum, the miles
	VdPastTrip    // the miles
	VdTwo200s     // -
	VdCoups       // -
	VdSafeties    // -
	VdBattle      // the card
	VdSpeed       // the card
	VdTopCard     // -
	SvOutOfRange  // the number, the least, the most
	BotNamed      // the bot's name, its failure
	OsNotExist    // -
	OsPermission  // -
	BotProgram    // the program run, its failure to greet
	BotNoAnswer   // the time it had
	BotNotReading // the time it had
	BotNoLegal    // the tries, why the last answer was refused
	BotProtocol   // its protocol, the oldest and newest this host speaks
	BotNoHello    // the time it had
	BotNoHelloErr // the error met
	BotNotHello   // the type of its first line
	BotEnded      // -
	BotBroken     // the error met
	BotErrorLine  // -
	BotOther      // the message's type, the decision
	BotRefused    // the host's error line (the protocol's English)

	SvDocument        // the fault
	SvOutOfRangeNull  // the number, the least, the most
	FtUnknownField    // the field
	FtFieldTwice      // the field
	FtMissingField    // the field
	FtTooMany         // the most entries
	FtWant            // the kind wanted, the kind met
	FtNotWhole        // the number
	FtSyntax          // the byte offset
	FtTruncated       // -
	FtJSON            // encoding/json's error
	FtOneCard         // -
	FtAttackSide      // the last side
	FtSideNotAttack   // -
	FtNotVersion      // the text
	FtNotTime         // the text
	FtNotSeed         // the text, the largest seed
	FtPileSize        // the cards, the deck's
	FtNullInPile      // -
	FtHands           // the hands, the players
	FtHandPlaces      // the places, a hand's
	FtSides           // the entries, the sides
	FtLog             // the events, the events kept, the event count
	FtNotSafety       // the card
	FtSafetyTwice     // the card
	FtNoAction        // the action's number
	FtNoPhase         // the phase's number
	FtNoEvent         // the event kind's number
	FtRange           // -
	FtNotLevel        // the text
	FtNotHand         // -
	FtBadName         // -
	KdOther           // -
	KdObject          // -
	KdArray           // -
	KdString          // -
	KdBool            // -
	KdWhole           // -
	KdCard            // -
	KdAction          // -
	KdNull            // -
	KdNumber          // the number as written
	RcSeats           // the seats, the players
	RcUISettings      // the settings, the most
	RcUISetting       // the setting
	RcNameLong        // the characters, the most
	RcNameUnprintable // the name
	RcHumanLevel      // the level
	RcNotLevel        // the level
	RcReplay          // the actions, the field, the value replayed, the value in the file
	RcReplayDiffers   // the actions
	NtUnknownCard     // the name, the names
	NtUnknownPhase    // the name, the names
	NtUnknownEvent    // the name, the names
	NtUnknownVerb     // the name, the names
	NtUnknownAction   // the text
	NtAttackForm      // the text
	NtNoSuchVerb      // the verb's number
	NtTakesNoCard     // the verb
	NtNeedsCard       // the verb
	NtAttackNotHazard // the card
	NtAttackSide      // the last side
	NtSideNotAttack   // -
	NtPlayHazard      // -
	// NumKeys counts the keys: every catalogue has a text for each.
	NumKeys
)
