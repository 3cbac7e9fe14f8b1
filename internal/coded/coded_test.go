package coded

import (
	"errors"
	"io"
	"strconv"
	"testing"
)

type reason uint8

func (r reason) String() string { return "r" + strconv.Itoa(int(r)) }

// TestError: a coded error's words name its code and arguments on one
// line (what Error gives), it lets
// errors.Is and errors.As see through its error arguments, and matches a
// sentinel of its code.
func TestError(t *testing.T) {
	err := New(reason(2), 5, "a\nb", io.EOF)
	if got := Words("r2", err.Args); got != "r2 5 a b EOF" {
		t.Errorf("Words = %q", got)
	}
	if !errors.Is(err, io.EOF) || !errors.Is(err, New(reason(2))) || errors.Is(err, New(reason(3))) {
		t.Error("errors.Is does not see through it, or matches another code")
	}
	var e *Error[reason]
	if !errors.As(error(err), &e) || e.Why != 2 {
		t.Error("errors.As does not find it")
	}
}
