package lang

import (
	"errors"

	"github.com/millebornes/mille/internal/coded"

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
	if e.Field == "" {
		return SvDocument, []any{e.Err}, true
	}
	return SvInFile, []any{e.Field, e.Err}, true
}

// keyed is the key and arguments of the first error of codes R in err's
// chain (a coded.Error, such as save.Fault or record.Fault), by keys.
func keyed[R coded.Code](err error, keys []Key) (Key, []any, bool) {
	var e *coded.Error[R]
	if !errors.As(err, &e) || int(e.Why) >= len(keys) {
		return 0, nil, false
	}
	return keys[e.Why], e.Args, true
}

// saveFaultKeys are the keys of a damaged save's faults, by code.
var saveFaultKeys = [save.NumFaults]Key{
	save.FaultUnknownField: FtUnknownField, save.FaultFieldTwice: FtFieldTwice,
	save.FaultMissingField: FtMissingField, save.FaultTooMany: FtTooMany, save.FaultWant: FtWant,
	save.FaultNotWhole: FtNotWhole, save.FaultSyntax: FtSyntax, save.FaultJSON: FtJSON,
	save.FaultTruncated: FtTruncated, save.FaultOneCard: FtOneCard, save.FaultAttackSide: FtAttackSide,
	save.FaultSideNotAttack: FtSideNotAttack, save.FaultNotVersion: FtNotVersion, save.FaultNotTime: FtNotTime,
	save.FaultNotSeed: FtNotSeed, save.FaultPileSize: FtPileSize, save.FaultNullInPile: FtNullInPile,
	save.FaultHands: FtHands, save.FaultHandPlaces: FtHandPlaces, save.FaultSides: FtSides, save.FaultLog: FtLog,
	save.FaultNotSafety: FtNotSafety, save.FaultSafetyTwice: FtSafetyTwice, save.FaultNoAction: FtNoAction,
	save.FaultNoPhase: FtNoPhase, save.FaultNoEvent: FtNoEvent, save.FaultRange: FtRange,
	save.FaultNotLevel: FtNotLevel, save.FaultNotHand: FtNotHand, save.FaultBadName: FtBadName,
}

// recordFaultKeys are the keys of a game's faults, by code.
var recordFaultKeys = [record.NumFaults]Key{
	record.FaultSeats: RcSeats, record.FaultUISettings: RcUISettings, record.FaultUISetting: RcUISetting,
	record.FaultNameLong: RcNameLong, record.FaultNameUnprintable: RcNameUnprintable,
	record.FaultHumanLevel: RcHumanLevel, record.FaultNotLevel: RcNotLevel, record.FaultReplay: RcReplay,
	record.FaultReplayDiffers: RcReplayDiffers,
}

// kindKeys name the kinds of value a save's field wants or meets.
var kindKeys = [save.NumKinds]Key{
	save.KindOther: KdOther, save.KindObject: KdObject, save.KindArray: KdArray, save.KindString: KdString,
	save.KindBool: KdBool, save.KindWhole: KdWhole, save.KindCard: KdCard, save.KindAction: KdAction,
	save.KindNull: KdNull, save.KindNumber: KdOther,
}

// kind names a kind of value in c's language.
func (c *Catalogue) kind(k save.Kind) string {
	if k >= save.NumKinds {
		return c.Text[KdOther]
	}
	return c.Text[kindKeys[k]]
}

// unknownKeys are the keys of a notation's unknown names, by what they
// should name.
var unknownKeys = map[string]Key{"card": NtUnknownCard, "phase": NtUnknownPhase, "event": NtUnknownEvent, "action": NtUnknownVerb}

// notationKeys are the keys of the notation's other refusals, by reason.
var notationKeys = map[engine.NotationReason]Key{
	engine.UnknownAction: NtUnknownAction, engine.AttackForm: NtAttackForm, engine.NoSuchVerb: NtNoSuchVerb,
	engine.TakesNoCard: NtTakesNoCard, engine.NeedsCard: NtNeedsCard, engine.AttackNotHazard: NtAttackNotHazard,
	engine.AttackSide: NtAttackSide, engine.SideNotAttack: NtSideNotAttack, engine.PlayHazard: NtPlayHazard,
}

// notation says why a text is no card, phase, event or action of the
// notation (a save's, a bot's) in c's language; the names it lists are
// the notation's own, as the file spells them.
func (c *Catalogue) notation(e *engine.NotationError) string {
	switch e.Why {
	case engine.UnknownName:
		if k, ok := unknownKeys[e.What]; ok {
			return c.T(k, e.Token, c.List(e.Want, Or))
		}
	case engine.UnknownAction, engine.AttackForm:
		return c.T(notationKeys[e.Why], e.Token)
	case engine.NoSuchVerb:
		return c.T(NtNoSuchVerb, int(e.Verb))
	case engine.TakesNoCard, engine.NeedsCard:
		return c.T(notationKeys[e.Why], e.Verb.String())
	case engine.AttackNotHazard:
		return c.T(NtAttackNotHazard, c.Card(e.Card))
	case engine.AttackSide:
		return c.T(NtAttackSide, engine.MaxSides-1)
	case engine.SideNotAttack, engine.PlayHazard:
		return c.T(notationKeys[e.Why])
	}
	return e.Error()
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
