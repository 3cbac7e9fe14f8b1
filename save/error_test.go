package save

import (
	"errors"
	"strings"
	"testing"
)

// fault is the code of err, a refusal of the save package's, and for a
// damaged file the English detail of its fault (what the log reads;
// these details are not codes yet); NumReasons when err is no refusal.
// Its arguments must be one line.
func fault(t testing.TB, err error) (Reason, string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		return NumReasons, ""
	}
	var detail string
	for _, a := range e.Args {
		if err, ok := a.(error); ok {
			a = err.Error()
		}
		if s, ok := a.(string); ok && strings.ContainsAny(s, "\n\r") {
			t.Errorf("an argument of %v is not one line", err)
		}
	}
	if e.Why == RefDamaged {
		detail = e.Args[0].(error).Error()
	}
	return e.Why, detail
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
func fault1(t testing.TB, err error) string {
	t.Helper()
	_, detail := fault(t, err)
	return detail
}
