package save

import (
	"errors"
	"strconv"

	"github.com/millebornes/mille/internal/coded"
)

// An Error is why mille cannot read or write a save, or the statistics:
// the file (Path, "" when the reader has no name), a code (Why) and the
// arguments its sentence names, in the order each Reason's comment lists
// them. It is plain data, which a front end says in its reader's language
// through the catalogue (lang.Catalogue.Error), the only sentence; Error
// names the code, for logs. An argument that is an error (the file
// system's, the detail of a damaged file) is seen through by errors.Is
// and errors.As, so errors.Is(err, fs.ErrNotExist) holds of a missing file.
type Error struct {
	Path string
	Why  Reason
	Args []any
}

// A Reason is a kind of Error.
type Reason uint8

// The reasons mille cannot read or write a file; the comment lists the
// arguments.
const (
	RefIO              Reason = iota // the file system's error
	RefNotRegular                    // -
	RefReading                       // the file system's error
	RefTooLarge                      // most MiB
	RefNotSave                       // -
	RefNoFormat                      // -
	RefFormat                        // the file's format name, Format
	RefNotObject                     // -
	RefNoSchema                      // -
	RefNewerBy                       // the version that wrote it, its schema, MilleVersion, Schema
	RefNewer                         // its schema, MilleVersion, Schema
	RefNewerHeader                   // its schema
	RefSchemaUnknown                 // its schema, Schema
	RefNoUpgrade                     // the schema, the next
	RefUpgrading                     // the schema, the error
	RefTooDeep                       // most levels, line, column
	RefTruncated                     // -
	RefSyntaxAt                      // line, column, encoding/json's words
	RefSyntax                        // encoding/json's words
	RefDamaged                       // what is wrong (an error: a field and its fault)
	RefTooLong                       // bytes, most MiB
	RefLinkNowhere                   // -
	RefLinkOutside                   // the link's target
	RefLinkNotOwn                    // the link's target
	RefLocked                        // how long mille waited
	RefNoDir                         // DirEnv, the error
	RefNoName                        // -
	RefTooManyFinished               // -
	RefStatsTooLarge                 // most MiB
	RefNotStats                      // -
	RefStatsNewer                    // its schema, StatsSchema
	RefStatsSchema                   // its schema
	RefStatsLock                     // the error
	NumReasons                       // the number of reasons
)

// reasonNames are the reasons' names, which Error gives.
var reasonNames = [NumReasons]string{
	RefIO: "io", RefNotRegular: "not-regular", RefReading: "reading", RefTooLarge: "too-large",
	RefNotSave: "not-save", RefNoFormat: "no-format", RefFormat: "format", RefNotObject: "not-object",
	RefNoSchema: "no-schema", RefNewerBy: "newer", RefNewer: "newer", RefNewerHeader: "newer",
	RefSchemaUnknown: "schema-unknown", RefNoUpgrade: "no-upgrade", RefUpgrading: "upgrading",
	RefTooDeep: "too-deep", RefTruncated: "truncated", RefSyntaxAt: "syntax", RefSyntax: "syntax",
	RefDamaged: "damaged", RefTooLong: "too-long", RefLinkNowhere: "link-nowhere",
	RefLinkOutside: "link-outside", RefLinkNotOwn: "link-not-own", RefLocked: "locked", RefNoDir: "no-dir",
	RefNoName: "no-name", RefTooManyFinished: "too-many-finished", RefStatsTooLarge: "stats-too-large",
	RefNotStats: "not-stats", RefStatsNewer: "stats-newer", RefStatsSchema: "stats-schema",
	RefStatsLock: "stats-lock",
}

// refuse is the error why with its arguments, of no file yet (inFile).
func refuse(why Reason, args ...any) *Error { return &Error{Why: why, Args: args} }

// damaged is the error of a file whose fault is err (a field and what is
// wrong with it).
func damaged(err error) *Error { return refuse(RefDamaged, err) }

// inFile is err of the file at path: an *Error names it, any other error
// (the file system's) becomes one.
func inFile(path string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		named := *e
		named.Path = path
		return &named
	}
	return &Error{Path: path, Why: RefIO, Args: []any{err}}
}

// Error names the file, the code and its arguments, for logs: "save:
// x.mille.json: too-large 4".
func (e *Error) Error() string {
	name := strconv.Itoa(int(e.Why))
	if e.Why < NumReasons {
		name = reasonNames[e.Why]
	}
	if e.Path != "" {
		name = e.Path + ": " + name
	}
	return "save: " + coded.Words(name, e.Args)
}

// Unwrap gives the arguments that are errors.
func (e *Error) Unwrap() []error { return coded.Errors(e.Args) }

// Is reports a file of a newer mille as ErrNewer.
func (e *Error) Is(target error) bool {
	return target == ErrNewer && (e.Why == RefNewerBy || e.Why == RefNewer || e.Why == RefNewerHeader || e.Why == RefStatsNewer)
}
