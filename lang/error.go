package lang

import "errors"

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
func (e *Error) Unwrap() []error {
	var errs []error
	for _, a := range e.Args {
		if err, ok := a.(error); ok {
			errs = append(errs, err)
		}
	}
	return errs
}

// Error is what a person reads of err in c's language: the first *Error
// in its chain, its error arguments said in c's language too; any other
// error as it says itself (err.Error()). nil is "".
func (c *Catalogue) Error(err error) string {
	var e *Error
	if err == nil {
		return ""
	}
	if !errors.As(err, &e) {
		return err.Error()
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if inner, ok := a.(error); ok {
			a = c.Error(inner)
		}
		args[i] = a
	}
	return c.T(e.Key, args...)
}
