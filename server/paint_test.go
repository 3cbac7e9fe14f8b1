package server

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/local"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// The painter is checked against charmbracelet/x/vt, a terminal emulator
// it did not write: what it paints, frame after frame, must leave the
// emulator's screen cell for cell (text, colours, attributes) as the last
// frame written straight to a fresh one.

// paintFrame paints content as the painter's next frame into screen.
func paintFrame(p *painter, screen *vt.Emulator, content string, full bool) {
	var b strings.Builder
	p.render(&b, &frame{content: content, mouse: tea.MouseModeCellMotion, width: p.width, height: p.height}, full)
	screen.WriteString(b.String())
}

// reference is a terminal that shows frames written straight to it, to
// compare with the painter's (a new emulator costs a megabyte of buffer:
// one is kept while the size holds).
type reference struct{ screen *vt.Emulator }

// shown returns the terminal of w x h columns and rows showing content
// written straight to it, line below line, each cut at the right edge, in
// profile's colours, from a blank screen.
func (r *reference) shown(w, h int, content string, profile colorprofile.Profile) *vt.Emulator {
	var b strings.Builder
	cw := colorprofile.Writer{Forward: &b, Profile: profile}
	for y, line := range strings.Split(content, "\n") {
		if y == h {
			break
		}
		if y > 0 {
			b.WriteString("\r\n")
		}
		cw.WriteString(ansi.Truncate(line, w, ""))
	}
	if r.screen == nil || r.screen.Width() != w || r.screen.Height() != h {
		r.screen = vt.NewEmulator(w, h)
	} else {
		r.screen.WriteString(ansi.ResetStyle + ansi.CursorHomePosition + ansi.EraseEntireScreen)
	}
	r.screen.WriteString(b.String())
	return r.screen
}

// sameScreen fails t at the first cell where got and want differ in text,
// width, colours, attributes or link.
func sameScreen(t *testing.T, what string, got, want *vt.Emulator) {
	t.Helper()
	if got.Width() != want.Width() || got.Height() != want.Height() {
		t.Fatalf("%s: the screen is %dx%d, want %dx%d", what, got.Width(), got.Height(), want.Width(), want.Height())
	}
	describe := func(e *vt.Emulator, x, y int) string {
		c := e.CellAt(x, y)
		return fmt.Sprintf("%q (width %d, style %+v, link %q)", c.Content, c.Width, c.Style, c.Link.URL)
	}
	for y := range want.Height() {
		for x := range want.Width() {
			if !got.CellAt(x, y).Equal(want.CellAt(x, y)) {
				rows := func(e *vt.Emulator) string { return strings.Split(e.String(), "\n")[y] }
				t.Fatalf("%s: line %d, column %d:\n got %s\nwant %s\nline got  %q\nline want %q",
					what, y, x, describe(got, x, y), describe(want, x, y), rows(got), rows(want))
			}
		}
	}
}

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
// emulator: after each, the screen shows exactly the frame, colours
// included, whether lines changed, grew, shrank, filled the whole width or
// went away, and after a resize.
func TestPainterDrawsTheView(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		w, h := 60+rng.IntN(60), 10+rng.IntN(20)
		screen, ref := vt.NewEmulator(w, h), &reference{}
		p := &painter{colors: newColors(colorprofile.ANSI256), width: w, height: h}
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
			content := strings.Join(lines, "\n")
			full := p.full
			p.full = false
			paintFrame(p, screen, content, full)
			var again strings.Builder // the same frame again: nothing to write
			p.render(&again, &frame{content: content, mouse: tea.MouseModeCellMotion, width: w, height: h}, false)
			if again.Len() != 0 {
				t.Fatalf("seed %d, frame %d: painting it again writes %q", seed, step, again.String())
			}
			// A line wider than the screen (one kept from before a resize)
			// is cut at its edge.
			sameScreen(t, fmt.Sprintf("seed %d, frame %d", seed, step), screen, ref.shown(w, h, content, colorprofile.ANSI256))
		}
	}
}

// TestPainterSpans changes lines a piece at a time, the way a key changes
// a board (a word, a colour, a character inserted or removed that moves
// the rest of the line), with wide characters and SGR sequences that stay
// in force across pieces, resets among them: after each frame the screen
// is exactly the frame.
func TestPainterSpans(t *testing.T) {
	words := []string{"MILLE", "a", "▶ Your", "╭Bat──●╮", "★", "200×0", "漢字", "🂡", "x漢", "│", "  ", "é", "e\u0301"}
	seqs := []string{"\x1b[1m", "\x1b[0;4m", "\x1b[22m", "\x1b[m", "\x1b[7m", "\x1b[38;5;196m", "\x1b[0m", "\x1b[48;2;10;20;30m", "\x1b[39;49m", "\x1b[3;9m"}
	token := func(rng *rand.Rand) string {
		if rng.IntN(3) == 0 {
			return seqs[rng.IntN(len(seqs))]
		}
		return words[rng.IntN(len(words))]
	}
	for seed := uint64(1); seed <= uint64(testkit.Size(10, 40, 400)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		w, h := 30+rng.IntN(60), 4+rng.IntN(8)
		screen, ref := vt.NewEmulator(w, h), &reference{}
		p := &painter{colors: newColors(colorprofile.ANSI256), width: w, height: h}
		lines := make([][]string, h)
		for y := range lines {
			for range rng.IntN(30) {
				lines[y] = append(lines[y], token(rng))
			}
		}
		for step := range 30 {
			for range 1 + rng.IntN(3) {
				y := rng.IntN(h)
				l := lines[y]
				switch i := rng.IntN(len(l) + 1); {
				case i == len(l) || rng.IntN(3) == 0: // a token more
					lines[y] = append(l[:i], append([]string{token(rng)}, l[i:]...)...)
				case rng.IntN(2) == 0: // a token less
					lines[y] = append(l[:i], l[i+1:]...)
				default: // another token
					l[i] = token(rng)
				}
			}
			var b strings.Builder
			for y, l := range lines {
				if y > 0 {
					b.WriteByte('\n')
				}
				// Each line ends its styles, as the ui's do: the painter
				// takes every line from a reset.
				b.WriteString(strings.Join(l, "") + "\x1b[m")
			}
			content := b.String()
			full := step == 0
			paintFrame(p, screen, content, full)
			sameScreen(t, fmt.Sprintf("seed %d, frame %d", seed, step), screen, ref.shown(w, h, content, colorprofile.ANSI256))
		}
	}
}

// boardConn is a connection to a table that takes no actions: the boards
// below are views of games the test plays itself, handed to the model as
// the server hands it a room's views.
type boardConn struct{ first table.View }

func (c boardConn) Act(engine.Action) error    { return nil }
func (c boardConn) Undo() error                { return nil }
func (c boardConn) Show(int) error             { return nil }
func (c boardConn) View() table.View           { return c.first }
func (c boardConn) Updates() <-chan table.View { return nil }

// boardGame is a seeded game that a test plays itself, seen by seat 0.
type boardGame struct {
	st      engine.State
	seats   []table.SeatInfo
	version uint64
}

func newBoardGame(t testing.TB, players int, seed uint64) *boardGame {
	st, err := engine.New(engine.Config{Players: players, Rules: engine.Standard}, seed)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ada", "Ben", "Col", "Dot", "Eve", "Fay"}
	seats := make([]table.SeatInfo, players)
	for i := range seats {
		seats[i] = table.SeatInfo{Name: names[i], Human: i == 0, Connected: i == 0, Host: i == 0}
	}
	return &boardGame{st: st, seats: seats}
}

// view is the table's next view for seat 0, as a room sends it.
func (g *boardGame) view() table.View {
	g.version++
	next := -1
	if g.st.ToAct() == 0 {
		next = 0
	}
	return table.View{Room: "paint", Host: true, Version: g.version, Seats: g.seats, Mine: []int{0}, Next: next, Started: true, Obs: engine.Observe(&g.st, 0)}
}

// play plays n random legal moves, fewer at the hand's end.
func (g *boardGame) play(t testing.TB, rng *rand.Rand, n int) {
	var buf [engine.MaxLegal]engine.Action
	for range n {
		legal := g.st.Legal(buf[:0])
		if len(legal) == 0 {
			return // the hand is over
		}
		var err error
		if g.st, err = engine.Apply(g.st, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// model is seat 0's player's model, as a served session has it.
func (g *boardGame) model(t testing.TB) *ui.Board {
	m, err := ui.NewRemote(ui.RemoteConfig{Table: boardConn{g.view()}, Options: &local.Options{Animation: "off", SeenGuide: true}, Dark: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPainterShowsBoards paints real board views, a player's model over
// seeded games a few moves apart with the selection moving, at 80x24 and
// 120x40, in true colour and in 256 colours: after every frame the screen
// is the view as a fresh terminal shows it.
func TestPainterShowsBoards(t *testing.T) {
	tests := []struct {
		w, h    int
		players int
		profile colorprofile.Profile
	}{
		{80, 24, 2, colorprofile.TrueColor},
		{80, 24, 4, colorprofile.ANSI256},
		{120, 40, 2, colorprofile.ANSI256},
		{120, 40, 4, colorprofile.TrueColor},
	}
	for _, tc := range tests {
		for seed := uint64(1); seed <= 2; seed++ {
			what := fmt.Sprintf("%dx%d, %d players, %v, seed %d", tc.w, tc.h, tc.players, tc.profile, seed)
			rng := rand.New(rand.NewPCG(seed, 2))
			g := newBoardGame(t, tc.players, seed)
			m := g.model(t)
			var model tea.Model = m
			model, _ = model.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
			screen, ref := vt.NewEmulator(tc.w, tc.h), &reference{}
			p := &painter{colors: newColors(tc.profile), width: tc.w, height: tc.h}
			for step := range 10 {
				g.play(t, rng, 1+rng.IntN(6))
				model, _ = model.Update(g.view())
				for range rng.IntN(3) {
					model, _ = model.Update(tea.KeyPressMsg{Code: tea.KeyRight})
				}
				content := model.View().Content
				if !strings.Contains(content, "MILLE BORNES") {
					t.Fatalf("%s, frame %d: not a board:\n%s", what, step, content)
				}
				paintFrame(p, screen, content, false)
				sameScreen(t, fmt.Sprintf("%s, frame %d", what, step), screen, ref.shown(tc.w, tc.h, content, tc.profile))
			}
		}
	}
}

// TestPainterKeys replays what the painter writes for a player pressing
// keys at random (the selection, slots, dialogs opened and closed, the
// log scrolled), with the game moving on between them and the terminal
// resized now and then, into a terminal emulator: after every frame its
// screen is the frame as a fresh terminal shows it, and painting the same
// frame again writes nothing.
func TestPainterKeys(t *testing.T) {
	tests := []struct {
		w, h    int
		players int
		profile colorprofile.Profile
	}{
		{100, 30, 4, colorprofile.ANSI256}, // the load test's
		{80, 24, 2, colorprofile.TrueColor},
		{120, 40, 6, colorprofile.ANSI},
	}
	keys := []tea.KeyPressMsg{{Code: tea.KeyLeft}, {Code: tea.KeyRight}, {Code: tea.KeyLeft}, {Code: tea.KeyRight},
		{Code: tea.KeyEscape}, {Code: tea.KeyEnter}, {Code: tea.KeyTab}, {Code: tea.KeySpace, Text: " "}}
	for _, r := range "136pwg?[]qnudxoi" { // slots, dialogs, the log, BSD's letters
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	steps := testkit.Size(30, 120, 4000)
	for i, tc := range tests {
		seed := uint64(i + 1)
		what := fmt.Sprintf("%dx%d, %d players, %v", tc.w, tc.h, tc.players, tc.profile)
		rng := rand.New(rand.NewPCG(seed, 4))
		g := newBoardGame(t, tc.players, seed)
		var model tea.Model = g.model(t)
		w, h := tc.w, tc.h
		model, _ = model.Update(tea.WindowSizeMsg{Width: w, Height: h})
		screen, ref := vt.NewEmulator(w, h), &reference{}
		p := &painter{colors: newColors(tc.profile), width: w, height: h}
		for step := range steps {
			switch n := rng.IntN(40); {
			case n < 4 && !g.st.HandOver():
				g.play(t, rng, 1+rng.IntN(3))
				model, _ = model.Update(g.view())
			case n == 4: // the terminal is resized: the next frame is whole
				w, h = tc.w-10+rng.IntN(21), tc.h-4+rng.IntN(9)
				screen.Resize(w, h)
				model, _ = model.Update(tea.WindowSizeMsg{Width: w, Height: h})
				p.width, p.height, p.full = w, h, true
			default:
				model, _ = model.Update(keys[rng.IntN(len(keys))])
			}
			content := model.View().Content
			full := p.full
			p.full = false
			paintFrame(p, screen, content, full)
			var again strings.Builder
			p.render(&again, &frame{content: content, mouse: tea.MouseModeCellMotion, width: w, height: h}, false)
			if again.Len() != 0 {
				t.Fatalf("%s, step %d: painting it again writes %q", what, step, again.String())
			}
			sameScreen(t, fmt.Sprintf("%s, step %d", what, step), screen, ref.shown(w, h, content, tc.profile))
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

// countingModel counts its views.
type countingModel struct{ views int }

func (m *countingModel) Init() tea.Cmd                       { return nil }
func (m *countingModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m *countingModel) View() tea.View {
	m.views++
	return tea.NewView(fmt.Sprint(m.views))
}

// TestPaintedFrames (issue 15, 6 and 7): keys and resizes faster than the
// frame rate make one view a frame, the last one after the storm; at a
// person's pace every key gets its view at once.
func TestPaintedFrames(t *testing.T) {
	clk := servertest.NewClock()
	inner := &countingModel{}
	p := newPainter(&strings.Builder{}, colorprofile.TrueColor, 80, 24)
	defer p.close()
	m := newPainted(inner, p, FrameEvery, clk.Now, nil)
	step := func(msg tea.Msg) tea.Cmd {
		_, cmd := m.Update(msg)
		m.View() // as the program does after every message
		return cmd
	}
	// 1000 keys and resizes in a tenth of a second: six frames.
	repaints := 0
	for i := range 1000 {
		var msg tea.Msg = tea.KeyPressMsg{Code: tea.KeyRight}
		if i%2 == 1 {
			msg = tea.WindowSizeMsg{Width: 80 + i%50, Height: 24}
		}
		if cmd := step(msg); cmd != nil {
			// The repaint is a timer; the test plays its message itself
			// when the frame is over.
			repaints++
		}
		clk.Add(100 * time.Millisecond / 1000)
		if m.due && clk.Now().Sub(m.drawn) >= FrameEvery {
			step(repaint{})
		}
	}
	if inner.views > 8 || repaints > 8 || inner.views < 5 {
		t.Fatalf("%d views and %d repaints for 1000 messages in 100 ms", inner.views, repaints)
	}
	// The last message is drawn, by the repaint that follows it.
	if m.due {
		step(repaint{})
	}
	if m.hold {
		t.Fatal("the last view is held")
	}
	// A person's keys, 100 ms apart: a view each, at once.
	views := inner.views
	for range 10 {
		clk.Add(100 * time.Millisecond)
		if cmd := step(tea.KeyPressMsg{Code: 'a'}); cmd != nil {
			t.Fatal("a key at a person's pace waited for a repaint")
		}
	}
	if inner.views != views+10 {
		t.Fatalf("%d views for 10 keys", inner.views-views)
	}
}

// BenchmarkKeyFrame is a served session's key, from the key message to
// the bytes for the terminal: a 4-player board at 100x30 in a 256-colour
// terminal (the load test's), the selection moving right and left along
// the hand on the player's turn; the model's Update and View, then the
// painter's render. It reports the bytes written a key and the process's
// CPU time a key, which a loaded machine does not stretch.
func BenchmarkKeyFrame(b *testing.B) {
	g := newBoardGame(b, 4, 3)
	rng := rand.New(rand.NewPCG(3, 3))
	for g.st.ToAct() != 0 {
		g.play(b, rng, 1)
	}
	var model tea.Model = g.model(b)
	model, _ = model.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	p := &painter{colors: newColors(colorprofile.ANSI256), width: 100, height: 30}
	var sb strings.Builder
	p.render(&sb, &frame{content: model.View().Content, width: 100, height: 30}, true)
	keys := []tea.KeyPressMsg{{Code: tea.KeyRight}, {Code: tea.KeyLeft}}
	bytes := 0
	b.ReportAllocs()
	cpu := testkit.CPUTime()
	for i := 0; b.Loop(); i++ {
		model, _ = model.Update(keys[i%2])
		sb.Reset()
		p.render(&sb, &frame{content: model.View().Content, width: 100, height: 30}, false)
		bytes += sb.Len()
	}
	b.ReportMetric(float64(bytes)/float64(b.N), "bytes/key")
	if cpu := testkit.CPUTime() - cpu; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
	}
}

// stuckWriter is a terminal whose writes wait until release closes, as a
// channel's do when the client gives its window no room.
type stuckWriter struct {
	release chan struct{}
	got     testkit.Buffer
}

func (w *stuckWriter) Write(b []byte) (int, error) {
	<-w.release
	return w.got.Write(b)
}

// TestPainterRequests: the driver's terminal requests go through the
// painter, which writes them from its own goroutine before the next
// frame: a terminal that takes nothing never holds the driver (which
// serves the channel's requests, issue 36), and after close nothing more
// is written.
func TestPainterRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := &stuckWriter{release: make(chan struct{})}
		p := newPainter(w, colorprofile.ANSI, 80, 24)
		p.Write([]byte(ansi.RequestBackgroundColor)) // returns, though the write waits
		p.paint("hello", 0)
		p.Write([]byte("\a"))
		synctest.Wait()
		close(w.release)
		p.close()
		got := w.got.String()
		if !strings.HasPrefix(got, ansi.RequestBackgroundColor) || !strings.Contains(got, "hello") || !strings.Contains(got, "\a") {
			t.Fatalf("the terminal got %q, want the request, the frame and the bell", got)
		}
		p.Write([]byte("after"))
		if strings.Contains(w.got.String(), "after") {
			t.Fatal("a request written after close")
		}
	})
}
