package lang

import (
	"errors"

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
