// Package coded is the shape of an error that a program acts on and a
// person reads: a code and the arguments its sentence names, with no
// words of its own. The packages below lang (save, record) give their
// faults this shape; lang words each code through its catalogue, in the
// reader's language. It imports nothing of mille's, so any package may
// use it and the dependencies keep pointing one way.
package coded

import (
	"fmt"
	"strings"
)

// A Code is a package's type of codes: a small number that names itself
// (String), for logs.
type Code interface {
	~uint8
	fmt.Stringer
}

// An Error is a code (Why) and its arguments, in the order the code's
// comment lists them. Error names the code and its arguments, for logs;
// the sentence is lang's. An argument that is an error is seen through
// by errors.Is and errors.As (Unwrap).
type Error[R Code] struct {
	Why  R
	Args []any
}

// New is the error of code why with its arguments.
func New[R Code](why R, args ...any) *Error[R] { return &Error[R]{Why: why, Args: args} }

// Error names the code and its arguments on one line, for logs:
// "null-in-pile", "pile-size 107 106".
func (e *Error[R]) Error() string { return Words(e.Why.String(), e.Args) }

// Unwrap gives the arguments that are errors.
func (e *Error[R]) Unwrap() []error { return Errors(e.Args) }

// Is reports a code without arguments, a package's sentinel, as found in
// any error of that code: errors.Is(err, record.ErrReplay) holds of every
// replay that differs, whatever its figures.
func (e *Error[R]) Is(target error) bool {
	t, ok := target.(*Error[R])
	return ok && len(t.Args) == 0 && t.Why == e.Why
}

// Words is a code's name and its arguments on one line, for an error's
// Error: the name, then each argument as fmt prints it, newlines made
// spaces.
func Words(name string, args []any) string {
	var b strings.Builder
	b.WriteString(name)
	for _, a := range args {
		b.WriteString(" " + strings.ReplaceAll(fmt.Sprint(a), "\n", " "))
	}
	return b.String()
}

// Errors gives the arguments that are errors, for an Unwrap method: an
// error that holds its arguments lets errors.Is and errors.As see
// through those that are errors.
func Errors(args []any) []error {
	var errs []error
	for _, a := range args {
		if err, ok := a.(error); ok {
			errs = append(errs, err)
		}
	}
	return errs
}
