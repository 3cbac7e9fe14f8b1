package lang

import (
	"errors"

	"github.com/millebornes/mille/engine"

	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// saveKeys are the keys of the saves' refusals, by code.
var saveKeys = [save.NumReasons]Key{
	save.RefIO: SvIO, save.RefNotRegular: SvNotRegular, save.RefReading: SvReading,
	save.RefTooLarge: SvTooLarge, save.RefNotSave: SvNotSave, save.RefNoFormat: SvNoFormat,
	save.RefFormat: SvFormat, save.RefNotObject: SvNotObject, save.RefNoSchema: SvNoSchema,
	save.RefNewerBy: SvNewerBy, save.RefNewer: SvNewer, save.RefNewerHeader: SvNewerHeader,
	save.RefSchemaUnknown: SvSchemaUnknown, save.RefNoUpgrade: SvNoUpgrade, save.RefUpgrading: SvUpgrading,
	save.RefTooDeep: SvTooDeep, save.RefTruncated: SvTruncated, save.RefSyntaxAt: SvSyntaxAt,
	save.RefDamaged: SvDamaged, save.RefTooLong: SvTooLong, save.RefLinkNowhere: SvLinkNowhere,
	save.RefLinkOutside: SvLinkOutside, save.RefLinkNotOwn: SvLinkNotOwn, save.RefLocked: SvLocked,
	save.RefNoDir: SvNoDir, save.RefNoName: SvNoName, save.RefTooManyFinished: SvTooManyFinished,
	save.RefStatsTooLarge: SvStatsTooLarge, save.RefNotStats: SvNotStats, save.RefStatsNewer: SvStatsNewer,
	save.RefStatsSchema: SvStatsSchema, save.RefStatsLock: SvStatsLock,
}

// saveRefusal is the key and arguments of a save's refusal in err's
// chain: one that names its file says the file, then the refusal.
func saveRefusal(err error) (Key, []any, bool) {
	var e *save.Error
	if !errors.As(err, &e) || e.Why >= save.NumReasons {
		return 0, nil, false
	}
	if e.Path != "" {
		bare := *e
		bare.Path = ""
		return SvInFile, []any{e.Path, &bare}, true
	}
	return saveKeys[e.Why], e.Args, true
}

// fieldFault is the key and arguments of a game's field at fault in err's
// chain: the field, then its fault, said in the reader's language when
// it is a code.
func fieldFault(err error) (Key, []any, bool) {
	var e *record.FieldError
	if !errors.As(err, &e) {
		return 0, nil, false
	}
	return SvInFile, []any{e.Field, e.Err}, true
}

// flawKeys are the keys of the engine's flaws in a state, by code.
var flawKeys = [engine.NumFlaws]Key{
	engine.BadPhase: VdPhase, engine.BadTurnSeat: VdTurnSeat, engine.BadTrip: VdTrip,
	engine.BadExtender: VdExtender, engine.BadSideNumber: VdSideNumber, engine.BadPileSize: VdPileSize,
	engine.BadDrawCard: VdDrawCard, engine.BadDiscardCard: VdDiscardCard, engine.BadPastDraw: VdPastDraw,
	engine.BadPastDiscard: VdPastDiscard, engine.BadSeatCards: VdSeatCards, engine.BadSeatCard: VdSeatCard,
	engine.BadSideCards: VdSideCards, engine.BadCount: VdCount, engine.BadCoupFourre: VdCoupFourre,
	engine.BadNoCard: VdNoCard, engine.BadExtension: VdExtension, engine.BadMiles: VdMiles,
	engine.BadPastTrip: VdPastTrip, engine.BadTwo200s: VdTwo200s, engine.BadCoups: VdCoups,
	engine.BadSafeties: VdSafeties, engine.BadBattle: VdBattle, engine.BadSpeed: VdSpeed,
	engine.BadTopCard: VdTopCard,
}

// flaw says the engine's flaw e in c's language: its cards by their
// names, and a tableau's flaw after its side.
func (c *Catalogue) flaw(e *engine.Invalid) string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if card, ok := a.(engine.Card); ok {
			a = c.Card(card)
		}
		args[i] = a
	}
	text := c.T(flawKeys[e.Why], args...)
	if e.Side > 0 {
		return c.T(VdSide, e.Side, text)
	}
	return text
}
