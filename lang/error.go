package lang

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"syscall"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/ai/bot"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/coded"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/save"
)

// An Error is a refusal a person reads, in the catalogue's words: its Key
// and the Args of its format. Error gives the English sentence, for logs
// and for code that reads no catalogue; a front end says it in the
// session's language with Catalogue.Error. A package's sentinel errors
// are *Error values, so errors.Is finds them by identity as before.
type Error struct {
	Key  Key
	Args []any
}

// Err is the refusal of key k with its arguments. An argument that is an
// error is said in the reader's language too, and errors.Is and
// errors.As see through it (Unwrap).
func Err(k Key, args ...any) *Error { return &Error{Key: k, Args: args} }

// Error is the sentence in English.
func (e *Error) Error() string { return English.Error(e) }

// Unwrap gives the arguments that are errors.
func (e *Error) Unwrap() []error { return coded.Errors(e.Args) }

// Error is what a person reads of err in c's language: the first refusal
// in its chain that the catalogue says (an *Error, a table's
// *table.Refusal, a save's *save.Error, or one of a package that gave lang a Translator), its
// error arguments said in c's language too, else an error the packages
// below lang give as a code (coded); any other error as it says itself
// (err.Error()). nil is "".
func (c *Catalogue) Error(err error) string {
	if err == nil {
		return ""
	}
	k, args, ok := refusal(err)
	if !ok {
		if text, ok := c.coded(err); ok {
			return text
		}
		return err.Error()
	}
	said := make([]any, len(args))
	for i, a := range args {
		said[i] = c.arg(a)
	}
	return c.T(k, said...)
}

// arg is an argument of a refusal as its sentence says it in c's
// language: an error said by Error, a card by its name, what a save's
// field wanted or met by its words.
func (c *Catalogue) arg(a any) any {
	switch a := a.(type) {
	case error:
		return c.Error(a)
	case engine.Card:
		return c.Card(a)
	case save.Kind:
		return c.kind(a)
	case save.Token:
		if a.Kind == save.KindNumber {
			return c.T(KdNumber, a.Number)
		}
		return c.kind(a.Kind)
	}
	return a
}

// Says reports whether the catalogue words err (Catalogue.Error), its
// error arguments too, rather than giving err's own text: a front end
// shows a player what it says, and the operator's log the rest.
func Says(err error) bool {
	if err == nil {
		return true
	}
	if _, args, ok := refusal(err); ok {
		for _, a := range args {
			if inner, ok := a.(error); ok && !Says(inner) {
				return false
			}
		}
		return true
	}
	_, ok := English.coded(err)
	return ok
}

// coded words the errors that the packages below lang give as codes with
// their arguments (the engine's refusals and configurations, the ai's
// levels); ok is false for any other error.
func (c *Catalogue) coded(err error) (text string, ok bool) {
	var (
		refusal  *engine.Refusal
		config   *engine.ConfigError
		rules    *engine.UnknownRuleset
		level    *ai.LevelError
		flaw     *engine.Invalid
		bounds   *save.OutOfRange
		failure  *bot.Failure
		notation *engine.NotationError
	)
	if errno, ok := err.(syscall.Errno); ok {
		// The file system's bare answer, the path said apart (a save's
		// file, the save picker's folder): the two a player meets.
		switch {
		case errors.Is(errno, fs.ErrNotExist):
			return c.T(OsNotExist), true
		case errors.Is(errno, fs.ErrPermission):
			return c.T(OsPermission), true
		}
	}
	switch {
	case errors.As(err, &failure):
		return c.botFailure(failure), true
	case errors.As(err, &bounds) && bounds.Null:
		return c.T(SvOutOfRangeNull, bounds.V, bounds.Lo, bounds.Hi), true
	case errors.As(err, &bounds):
		return c.T(SvOutOfRange, bounds.V, bounds.Lo, bounds.Hi), true
	case errors.As(err, &notation):
		return c.notation(notation), true
	case errors.As(err, &flaw) && flaw.Why < engine.NumFlaws:
		return c.flaw(flaw), true
	case errors.As(err, &refusal):
		return c.Text[refusalKey(refusal)], true
	case errors.As(err, &config):
		cfg := config.Config
		switch config.Why {
		case engine.BadPlayers:
			return c.T(ErrPlayers, cfg.Players, c.numbers(engine.PlayerCounts[:])), true
		case engine.BadRuleset:
			return c.T(ErrRuleset, int(cfg.Rules)), true
		}
		return c.T(ErrRulesPlayers, cfg.Rules.String(), c.numbers(cfg.Rules.Players())), true
	case errors.As(err, &rules):
		return c.T(ErrUnknownRuleset, rules.Name, c.List(rules.Want, Or)), true
	case errors.As(err, &level):
		switch level.Why {
		case ai.LevelBadBudget:
			return c.T(ErrLevelBadBudget, level.Level), true
		case ai.LevelNoBudget:
			return c.T(ErrLevelNoBudget, level.Level), true
		case ai.LevelNoInfer:
			return c.T(ErrLevelNoInfer, level.Level), true
		case ai.LevelNoSolve:
			return c.T(ErrLevelNoSolve, level.Level), true
		}
		return c.T(ErrLevelUnknown, level.Level, strings.Join(ai.Levels, c.Text[Comma]), strings.Join(ai.Players, c.Text[Comma])), true
	}
	return "", false
}

// numbers lists numbers as a sentence does: "2, 3, 4 or 6".
func (c *Catalogue) numbers(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	return c.List(words, Or)
}

// refusal is the key and arguments of the first refusal in err's chain
// that the catalogue says.
func refusal(err error) (Key, []any, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Key, e.Args, true
	}
	if k, args, ok := tableRefusal(err); ok {
		return k, args, true
	}
	if k, args, ok := saveRefusal(err); ok {
		return k, args, true
	}
	if k, args, ok := fieldFault(err); ok {
		return k, args, true
	}
	if k, args, ok := keyed[save.FaultReason](err, saveFaultKeys[:]); ok {
		return k, args, true
	}
	if k, args, ok := keyed[record.FaultReason](err, recordFaultKeys[:]); ok {
		return k, args, true
	}
	for _, t := range translators {
		if k, args, ok := t(err); ok {
			return k, args, true
		}
	}
	return 0, nil, false
}

// A Translator finds in err's chain a refusal of a package that lang does
// not import, and gives its key and arguments, or false. The server's
// packages (its lobby, its log) sit above lang and leave a build without
// the server; what shows their refusals gives lang theirs (Translate).
type Translator func(err error) (Key, []any, bool)

// translators are the Translators given, in order.
var translators []Translator

// Translate has Catalogue.Error say the refusals t finds. A package calls
// it from its init function, before any session reads an error; it is
// not safe for use at the same time as Catalogue.Error.
func Translate(t Translator) { translators = append(translators, t) }
