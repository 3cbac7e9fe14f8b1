package save

import (
	"errors"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// A detail is what a damaged file's fault is: the field at fault ("" for
// the whole document) and the fault's code (codeOf).
type detail struct {
	Field string
	Code  any
}

// fault is the code of err, a refusal of the save package's, and for a
// damaged file the detail of its fault, which must be a code lang words
// (no English sentence: issue 33); NumReasons when err is no refusal.
// Its arguments must be one line.
func fault(t testing.TB, err error) (Reason, detail) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		return NumReasons, detail{}
	}
	for _, a := range e.Args {
		if s, ok := a.(string); ok && strings.ContainsAny(s, "\n\r") {
			t.Errorf("an argument of %v is not one line", err)
		}
	}
	if e.Why != RefDamaged {
		return e.Why, detail{}
	}
	inner := e.Args[0].(error)
	var d detail
	var fe *record.FieldError
	if errors.As(inner, &fe) {
		d.Field = fe.Field
	}
	if d.Code = codeOf(inner); d.Code == nil {
		t.Errorf("the fault of %v is no code", err)
	}
	return e.Why, d
}

// codeOf is the code of a damaged file's fault: a FaultReason, a
// record.FaultReason, the engine's Flaw, NotationReason, ConfigReason or
// refusal Reason, an *OutOfRange's figures, or "unknown-ruleset"; nil
// for an error that is no code.
func codeOf(err error) any {
	var (
		sf    *Fault
		rf    *record.Fault
		inv   *engine.Invalid
		nt    *engine.NotationError
		cfg   *engine.ConfigError
		rules *engine.UnknownRuleset
		oor   *OutOfRange
		ref   *engine.Refusal
	)
	switch {
	case errors.As(err, &sf):
		return sf.Why
	case errors.As(err, &rf):
		return rf.Why
	case errors.As(err, &inv):
		return inv.Why
	case errors.As(err, &nt):
		return nt.Why
	case errors.As(err, &cfg):
		return cfg.Why
	case errors.As(err, &rules):
		return "unknown-ruleset"
	case errors.As(err, &oor):
		return *oor
	case errors.As(err, &ref):
		return ref.Why
	}
	return nil
}

// refusedAs fails unless err is the refusal why of the file at path
// ("": of no file).
func refusedAs(t testing.TB, err error, path string, why Reason) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Why != why || e.Path != path {
		t.Fatalf("error %v, want the refusal %s of %q", err, reasonNames[why], path)
	}
	return e
}

// fault1 is the detail of a damaged file's fault.
func fault1(t testing.TB, err error) detail {
	t.Helper()
	_, d := fault(t, err)
	return d
}
