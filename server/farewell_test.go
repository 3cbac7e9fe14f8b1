package server

import (
	"bytes"
	"strings"
	"testing"

	"github.com/millebornes/mille/lang"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/ui"
)

// TestFarewellKeepsWords: the goodbyes written once a session's program
// has ended are broken between words to 80 columns, with the CRLFs a raw
// terminal needs, instead of being broken by the terminal mid-word.
func TestFarewellKeepsWords(t *testing.T) {
	for _, text := range []string{
		"\n" + lang.English.T(lang.FarewellBye),
		lang.English.T(lang.FarewellSaved, "sunday-afternoon-12"),
		"\n" + lang.English.T(lang.FarewellIdle, "30m0s"),
		lang.French.T(lang.FarewellSaved, "sunday-afternoon-12"),
		"\n" + lang.French.T(lang.FarewellIdle, "30m0s"),
	} {
		var b bytes.Buffer
		farewell(&b, text)
		out := b.String()
		if !strings.HasSuffix(out, "\r\n") || strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\n") {
			t.Errorf("%q: lines not ended with CRLF: %q", text, out)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n")
		for _, l := range lines {
			if ansi.StringWidth(l) > ui.MinWidth {
				t.Errorf("%q is wider than %d columns", l, ui.MinWidth)
			}
		}
		if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != strings.Join(strings.Fields(text), " ") {
			t.Errorf("the words changed: %q, want %q", got, text)
		}
	}
}
