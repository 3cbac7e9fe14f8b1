package linemode

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestLineEditor types keys at the line editor of the line mode over a
// raw terminal: it hands on whole lines, echoes, erases, drops arrow keys
// and ends at Ctrl-C.
func TestLineEditor(t *testing.T) {
	for _, c := range []struct {
		keys, lines, echo string
	}{
		{"yes\r", "yes\n", "yes\n"},
		{"no\r\nplay 2\n", "no\nplay 2\n", "no\nplay 2\n"},
		{"Bobx\x7f\r", "Bob\n", "Bobx\b \b\n"},
		{"h\x1b[Dand\x1bOA\r", "hand\n", "hand\n"},
		{"quit\x15d 5\r", "d 5\n", "quit\b \b\b \b\b \b\b \bd 5\n"},
		{"fourré\x7f\r", "fourr\n", "fourré\b \b\n"},
		{"play\x03status\r", "", "play\n"},
		{"\x04", "", "\n"},
	} {
		var echo bytes.Buffer
		got, err := io.ReadAll(&lineEditor{r: strings.NewReader(c.keys), echo: &echo})
		if err != nil || string(got) != c.lines || echo.String() != c.echo {
			t.Errorf("%q: lines %q, echo %q, %v; want %q and %q", c.keys, got, echo.String(), err, c.lines, c.echo)
		}
	}
}
