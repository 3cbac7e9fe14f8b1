package server

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/server/internal/vt"
)

// styledLine is a line of styled text of about width columns, with the
// kinds of characters the board uses (box drawing, ▶, ★, ·).
func styledLine(rng *rand.Rand, width int) string {
	words := []string{"MILLE", "BORNES", "▶ Your turn", "╭Bat──●╮", "★", "200×0", "·Tank", "Speed Limit", "│", "┄┄┄"}
	colors := []string{"#FF6B6B", "#5FD787", "#87AFFF", "#FFD75F", "#E4E4E4", "#8A8A8A"}
	var b strings.Builder
	w := 0
	for {
		word := words[rng.IntN(len(words))]
		ww := ansi.StringWidth(word) + 1
		if w+ww > width {
			break
		}
		st := lipgloss.NewStyle().Foreground(lipgloss.Color(colors[rng.IntN(len(colors))])).Bold(rng.IntN(2) == 0)
		if rng.IntN(4) == 0 {
			st = st.Reverse(true)
		}
		b.WriteString(st.Render(word) + " ")
		w += ww
	}
	return b.String()
}

// TestPainterDrawsTheView paints a series of frames into a terminal
// emulator: after each, the screen shows exactly the frame's text, whether
// lines changed, grew, shrank, filled the whole width or went away, and
// after a resize.
func TestPainterDrawsTheView(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		w, h := 60+rng.IntN(60), 10+rng.IntN(20)
		screen := vt.New(w, h)
		p := &painter{out: screen, colors: newColors(colorprofile.ANSI256), width: w, height: h}
		var lines []string
		for step := 0; step < 12; step++ {
			if step == 8 { // the terminal is resized: the next frame is whole
				w, h = 60+rng.IntN(60), 10+rng.IntN(20)
				screen.Resize(w, h)
				p.width, p.height, p.full = w, h, true
			}
			n := 1 + rng.IntN(h)
			for len(lines) < n {
				lines = append(lines, "")
			}
			lines = lines[:n]
			for i := range lines {
				switch {
				case step == 0 || rng.IntN(4) == 0:
					lines[i] = styledLine(rng, w)
				case rng.IntN(8) == 0: // a line exactly as wide as the screen
					lines[i] = styledLine(rng, w)
					lines[i] += strings.Repeat("=", w-ansi.StringWidth(lines[i]))
				case rng.IntN(10) == 0:
					lines[i] = ""
				}
			}
			var b strings.Builder
			full := p.full
			p.full = false
			p.render(&b, &frame{content: strings.Join(lines, "\n"), mouse: tea.MouseModeCellMotion, width: w, height: h}, full)
			fmt.Fprint(screen, b.String())
			b.Reset() // the same frame again: nothing to write
			p.render(&b, &frame{content: strings.Join(lines, "\n"), mouse: tea.MouseModeCellMotion, width: w, height: h}, false)
			if b.Len() != 0 {
				t.Fatalf("seed %d, frame %d: painting it again writes %q", seed, step, b.String())
			}
			got := screen.Lines()
			for y := 0; y < h; y++ {
				want := ""
				if y < len(lines) {
					// A line wider than the screen (one kept from before a
					// resize) is cut at its edge.
					want = strings.TrimRight(ansi.Strip(ansi.Truncate(lines[y], w, "")), " ")
				}
				if g := strings.TrimRight(got[y], " "); g != want {
					t.Fatalf("seed %d, frame %d, line %d:\n got %q\nwant %q", seed, step, y, g, want)
				}
			}
		}
	}
}

// TestColorsAsColorprofile: the remembered translations give what
// colorprofile.Writer gives for the whole line, in every profile.
func TestColorsAsColorprofile(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	profiles := []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii, colorprofile.NoTTY}
	for _, profile := range profiles {
		c := newColors(profile)
		for i := 0; i < 200; i++ {
			line := styledLine(rng, 100)
			if i%10 == 0 {
				line += "\x1b[" // a sequence cut short stays as it is
			}
			var want strings.Builder
			w := colorprofile.Writer{Forward: &want, Profile: profile}
			w.WriteString(line)
			var got strings.Builder
			c.write(&got, line)
			if i%10 != 0 && got.String() != want.String() {
				t.Fatalf("%v: line %d:\n got %q\nwant %q", profile, i, got.String(), want.String())
			}
			if ansi.Strip(got.String()) != ansi.Strip(line) {
				t.Fatalf("%v: the text changed", profile)
			}
		}
	}
}

// BenchmarkPaint measures painting a frame in which two lines of a
// 100x30 board changed, in a 256-colour terminal.
func BenchmarkPaint(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	lines := make([]string, 30)
	for i := range lines {
		lines[i] = styledLine(rng, 100)
	}
	p := &painter{colors: newColors(colorprofile.ANSI256), width: 100, height: 30}
	var sb strings.Builder
	p.render(&sb, &frame{content: strings.Join(lines, "\n"), width: 100, height: 30}, true)
	alt := []string{styledLine(rng, 100), styledLine(rng, 100)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		lines[20], lines[21] = alt[i%2], alt[(i+1)%2]
		sb.Reset()
		p.render(&sb, &frame{content: strings.Join(lines, "\n"), width: 100, height: 30}, false)
	}
}
