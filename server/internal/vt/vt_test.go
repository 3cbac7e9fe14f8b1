package vt

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestWrites(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"text and newline", "ab\r\ncd", "ab\ncd"},
		{"absolute position", "\x1b[2;3Hx\x1b[1;1Hy", "y\n  x"},
		{"erase line right", "abcdef\x1b[1;3H\x1b[K", "ab"},
		{"erase line left", "abcdef\x1b[1;3H\x1b[1K", "   def"},
		{"erase characters", "abcdef\x1b[1;2H\x1b[2X", "a  def"},
		{"repeat", "a\x1b[3b", "aaaa"},
		{"insert and delete", "abcd\x1b[1;2H\x1b[2@\x1b[1;1H\x1b[P", "  bcd"},
		{"wrap at the last column", "0123456789ab", "0123456789\nab"},
		{"no wrap", "\x1b[?7l0123456789ab", "012345678b"},
		{"wide characters", "日本\x1b[1;2Hx", " x本"},
		{"scroll at the bottom", "1\r\n2\r\n3\r\n4\r\n5\r\n6", "2\n3\n4\n5\n6"},
		{"insert line", "1\r\n2\r\n3\x1b[2;1H\x1b[L", "1\n\n2\n3"},
		{"delete line", "1\r\n2\r\n3\x1b[1;1H\x1b[M", "2\n3"},
		{"scroll region", "1\r\n2\r\n3\r\n4\x1b[2;3r\x1b[S", "1\n3\n\n4"},
		{"alternate screen", "main\x1b[?1049hALT\x1b[?1049l", "main"},
		{"relative moves", "\x1b[3B\x1b[4Cx\x1b[2Ay\x1b[Dz", "\n     z\n\n    x"},
	}
	for _, tc := range tests {
		s := New(10, 5)
		s.Write([]byte(tc.in))
		if got := s.String(); got != tc.want {
			t.Errorf("%s: %q\ngot  %q\nwant %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// frames is a model that shows the text it is sent.
type frames struct{ text string }

func (f frames) Init() tea.Cmd { return nil }
func (f frames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(string); ok {
		f.text = s
	}
	return f, nil
}
func (f frames) View() tea.View {
	v := tea.NewView(f.text)
	v.AltScreen = true
	return v
}

// TestBubbleTea runs a real Bubble Tea program into a Screen through a
// series of seeded random frames (lines changed, inserted, deleted, wide
// characters) and checks that the screen shows each frame exactly.
func TestBubbleTea(t *testing.T) {
	const w, h = 40, 12
	for _, term := range []string{"xterm-256color", "tmux-256color", "linux"} {
		t.Run(term, func(t *testing.T) {
			s := New(w, h)
			p := tea.NewProgram(frames{},
				tea.WithInput(nil), tea.WithOutput(onlcr{s}),
				tea.WithEnvironment([]string{"TERM=" + term}),
				tea.WithWindowSize(w, h), tea.WithoutSignalHandler())
			done := make(chan error, 1)
			go func() { _, err := p.Run(); done <- err }()
			rng := rand.New(rand.NewPCG(1, 2))
			words := []string{"mille", "bornes", "25", "200", "Crevaison", "Réparations", "日本", "  ", "Roll!", "█▀▄"}
			lines := []string{"hello"}
			for i := range 60 {
				switch k := rng.IntN(4); {
				case k == 0 && len(lines) < h:
					at := rng.IntN(len(lines) + 1)
					lines = append(lines[:at], append([]string{""}, lines[at:]...)...)
				case k == 1 && len(lines) > 1:
					at := rng.IntN(len(lines))
					lines = append(lines[:at], lines[at+1:]...)
				}
				at := rng.IntN(len(lines))
				var b strings.Builder
				for b.Len() < rng.IntN(w) {
					b.WriteString(words[rng.IntN(len(words))] + " ")
				}
				lines[at] = strings.TrimRight(trimWidth(b.String(), w), " ")
				want := strings.Join(lines, "\n")
				p.Send(want)
				waitScreen(t, s, strings.TrimRight(want, "\n "), i)
			}
			p.Quit()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// trimWidth cuts s to at most w columns.
func trimWidth(s string, w int) string {
	for ansi.StringWidth(s) > w {
		r := []rune(s)
		s = string(r[:len(r)-1])
	}
	return s
}

// onlcr turns every line feed into CR LF on its way to w, as a terminal's
// output processing does: Bubble Tea counts on it when its input is not a
// terminal.
type onlcr struct{ w io.Writer }

func (o onlcr) Write(p []byte) (int, error) {
	if _, err := o.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

func waitScreen(t *testing.T, s *Screen, want string, frame int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := strings.Join(trimAll(strings.Split(s.String(), "\n")), "\n")
		want := strings.Join(trimAll(strings.Split(want, "\n")), "\n")
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("frame %d: the screen shows\n%s\nwant\n%s", frame, got, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func trimAll(lines []string) []string {
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
