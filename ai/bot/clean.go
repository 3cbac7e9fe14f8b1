package bot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// clean returns text a bot sent, fit to print on a terminal: escape
// sequences (CSI, OSC and the other ESC and C1 forms) are dropped whole,
// other control characters and invisible format characters (such as
// bidirectional overrides) are dropped, a tab becomes a space, and bytes
// that are not UTF-8 become U+FFFD. A bot cannot move the cursor, change
// colours, set the window title or hide text this way.
func clean(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\x1b' && i < len(s):
			switch c := s[i]; {
			case c == '[':
				i += csiLen(s[i+1:]) + 1
			case strings.IndexByte("]PX^_", c) >= 0:
				i += stringLen(s[i+1:]) + 1
			default:
				i += escLen(s[i:])
			}
		case r == '\u009b': // CSI
			i += csiLen(s[i:])
		case r == '\u009d', r == '\u0090', r == '\u0098', r == '\u009e', r == '\u009f': // OSC, DCS, SOS, PM, APC
			i += stringLen(s[i:])
		case r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			// dropped
		default:
			b.WriteString(s[i-size : i])
		}
	}
	return b.String()
}

// csiLen is the length of a control sequence's body: parameter and
// intermediate bytes, then the final byte. A sequence broken off by any
// other byte ends there, and the rest is text.
func csiLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c < 0x20 || c > 0x7e:
			return i
		}
	}
	return len(s)
}

// stringLen is the length of a control string (OSC, DCS, SOS, PM, APC)
// with its terminator: BEL, ESC \ or ST. An unterminated one runs to the
// end of the text.
func stringLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\a':
			return i + 1
		case s[i] == '\x1b' && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
	}
	return len(s)
}

// escLen is the length of the rest of any other escape sequence after its
// ESC: intermediate bytes, then a final byte.
func escLen(s string) int {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}
