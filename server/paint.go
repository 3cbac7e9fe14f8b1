package server

import (
	"hash/maphash"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/server/screens"
)

// A served session draws its frames itself, line by line, instead of with
// Bubble Tea's renderer. That renderer parses every frame into a cell
// buffer and compares every cell of it with the last frame, measuring each
// cell's width twice: 1.2 ms of CPU a frame at 100x30, which made 200
// players pressing keys need more than this machine's two cores (see
// docs/benchmarks.md). A served frame differs from the last in a few lines
// (a selection, a move), so comparing lines by their hashes and rewriting
// the changed spans of them (spans.go) costs a fraction of that, with the
// same result on the screen. The session's driver (drive.go) has no
// renderer; the painted model below hands each view to a painter, which
// writes it from its own goroutine so that Update never waits on the
// network.

// FrameEvery is the shortest time between two views of a session: input
// and room updates that come faster are drawn together, one view a frame,
// so a storm of keys or resizes costs what a steady screen does.
const FrameEvery = time.Second / 60

// painted wraps a session's model: it gives a view to the painter at most
// once every frame, and answers mouse events from the last view painted,
// as Bubble Tea's renderer does with View.OnMouse.
type painted struct {
	inner   tea.Model
	painter *painter
	onMouse func(tea.MouseMsg) tea.Cmd

	every time.Duration // FrameEvery; 0: a view after every message
	now   func() time.Time
	drawn time.Time       // when the last view was drawn
	hold  bool            // the next View waits for the frame's repaint
	due   bool            // a repaint is on its way
	done  <-chan struct{} // closed once the driver has ended (newPainted)
}

// repaint asks for the view held back until the frame's end.
type repaint struct{}

// newPainted paints inner's views through p at most once every every;
// done, closed when the session's driver has ended, ends a repaint's wait
// (nil: it runs to its time).
func newPainted(inner tea.Model, p *painter, every time.Duration, now func() time.Time, done <-chan struct{}) *painted {
	return &painted{inner: inner, painter: p, every: every, now: now, done: done}
}

// repaintAfter is the command that asks for the held view after d, or
// gives up when done closes (screens.After): a tea.Tick's wait outlived
// its session by up to a frame, a goroutine left behind (and a synctest
// bubble's deadlock in TestSSHIdle).
func repaintAfter(d time.Duration, done <-chan struct{}) tea.Cmd {
	return screens.After(d, done, repaint{})
}

// Init implements tea.Model.
func (m *painted) Init() tea.Cmd { return m.inner.Init() }

// Update implements tea.Model.
func (m *painted) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(repaint); ok {
		m.hold, m.due = false, false
		return m, nil
	}
	var mouse tea.Cmd
	switch msg := msg.(type) {
	case tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseWheelMsg, tea.MouseMotionMsg:
		if m.onMouse != nil {
			mouse = m.onMouse(msg.(tea.MouseMsg))
		}
	case tea.WindowSizeMsg:
		m.painter.resize(msg.Width, msg.Height)
	}
	inner, cmd := m.inner.Update(msg)
	m.inner = inner
	if mouse != nil {
		cmd = tea.Batch(mouse, cmd)
	}
	if m.every > 0 {
		since := m.now().Sub(m.drawn)
		m.hold = since < m.every
		if m.hold && !m.due {
			m.due = true
			cmd = tea.Batch(cmd, repaintAfter(m.every-since, m.done))
		}
	}
	return m, cmd
}

// View implements tea.Model: the driver calls it after every update and
// discards the result; the painter gets the real view, at most once a
// frame.
func (m *painted) View() tea.View {
	if m.hold {
		return tea.View{}
	}
	m.drawn = m.now()
	v := m.inner.View()
	m.onMouse = v.OnMouse
	m.painter.paint(v.Content, v.MouseMode)
	return tea.View{}
}

// frame is one view to paint.
type frame struct {
	content string
	mouse   tea.MouseMode
	width   int
	height  int
}

// painter writes frames to a terminal: the first in full, then only the
// spans of the lines that changed. Only the newest frame waiting is painted: a slow
// connection skips frames, never shows a stale one last. It writes from a
// goroutine of its own, so that Update never waits on the network, which
// runs only while a frame waits: a session between two keys holds none
// (issue 36).
type painter struct {
	out    io.Writer // the terminal
	colors *colors   // the ui's colours in the terminal's profile

	mu      sync.Mutex
	next    *frame // the newest frame not yet painted
	raw     []byte // the terminal requests not yet written (Write)
	closed  bool
	running bool           // a goroutine paints
	idle    sync.WaitGroup // the goroutine that paints
	width   int            // the terminal's size, as last reported
	height  int

	// Only the painting goroutine has these, one at a time.
	// The lines on the screen, stride numbers each: the line's hash, then
	// its spans' (spans.go).
	written []uint64
	stride  int
	mouse   tea.MouseMode
	started bool // the alternate screen is on
	full    bool // the next paint rewrites every line (after a resize)
}

// lineSeed hashes the lines on the screens: a line is kept as its hash
// and its spans' (spans.go), not its text, so that a session holds no
// copy of its last frame, some 20 KB of text and colours at 100x30. Two
// lines or spans of one hash would leave the old one shown: one chance in
// 2^64.
var lineSeed = maphash.MakeSeed()

// newPainter makes a painter writing to out, a terminal of the given size
// and color profile. Writes to out must not interleave with others': share
// a channel.LockedWriter with the driver's terminal requests.
func newPainter(out io.Writer, profile colorprofile.Profile, width, height int) *painter {
	return &painter{out: out, colors: newColors(profile), width: width, height: height}
}

// paint schedules content to be painted.
func (p *painter) paint(content string, mouse tea.MouseMode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.next = &frame{content: content, mouse: mouse, width: p.width, height: p.height}
	p.wake()
}

// maxRaw is the most of terminal requests a painter holds unwritten: a
// request or a bell is a few bytes, and a terminal that reads nothing
// gets no more.
const maxRaw = 1 << 10

// Write hands the driver's terminal requests (the background colour's, a
// bell) to the painting goroutine, which writes them before its next
// frame: the driver never waits on the network. It serves the session
// channel's requests, and x/crypto's connection stops reading when a
// channel's requests are not taken: a driver waiting for room in the
// channel's window, which only that connection's reading can give, would
// wait for good (issue 36).
func (p *painter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed && len(p.raw)+len(b) <= maxRaw {
		p.raw = append(p.raw, b...)
		p.wake()
	}
	return len(b), nil
}

// wake starts the goroutine that paints, unless it runs. p.mu is held.
func (p *painter) wake() {
	if p.running || p.next == nil && len(p.raw) == 0 {
		return
	}
	p.running = true
	p.idle.Add(1)
	go p.loop()
}

// resize notes the terminal's new size: the next frame is painted whole.
func (p *painter) resize(width, height int) {
	p.mu.Lock()
	p.width, p.height, p.full = width, height, true
	p.mu.Unlock()
}

// loop paints frames while some wait.
func (p *painter) loop() {
	defer p.idle.Done()
	var b strings.Builder
	for {
		p.mu.Lock()
		f, full, raw := p.next, p.full, p.raw
		if f == nil && len(raw) == 0 {
			p.running = false
			p.mu.Unlock()
			return
		}
		p.raw = nil
		if f != nil {
			p.next, p.full = nil, false
		}
		p.mu.Unlock()
		if len(raw) > 0 {
			p.out.Write(raw)
		}
		if f == nil {
			continue
		}
		b.Reset()
		p.render(&b, f, full)
		if b.Len() > 0 {
			// One synchronized update, so the terminal shows the frame
			// whole rather than line by line.
			io.WriteString(p.out, ansi.SetModeSynchronizedOutput+b.String()+ansi.ResetModeSynchronizedOutput)
		}
	}
}

// render writes the escape sequences that turn the screen written so far
// into f: nothing at all when f shows what the screen already does (the
// driver asks for a view after every message, most of them changing
// nothing), and in a line that changed, only the spans of it that did
// (spans.go).
func (p *painter) render(b *strings.Builder, f *frame, full bool) {
	if !p.started {
		p.started, full = true, true
		b.WriteString(ansi.SetModeAltScreenSaveCursor + ansi.HideCursor + ansi.SetModeBracketedPaste)
	}
	if f.mouse != p.mouse {
		b.WriteString(mouseModeOff)
		switch f.mouse {
		case tea.MouseModeCellMotion:
			b.WriteString(ansi.SetModeMouseButtonEvent + ansi.SetModeMouseExtSgr)
		case tea.MouseModeAllMotion:
			b.WriteString(ansi.SetModeMouseAnyEvent + ansi.SetModeMouseExtSgr)
		}
		p.mouse = f.mouse
	}
	stride := 1 // a line's hash, then its spans' (spans.go)
	if f.width > 0 {
		stride += (f.width + spanCols - 1) / spanCols
	}
	if full || stride != p.stride {
		// A new size, or a frame drawn for the size before a resize: the
		// spans kept are not this frame's.
		b.WriteString(ansi.ResetStyle + ansi.EraseEntireScreen)
		p.written, p.stride = p.written[:0], stride
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	rows := len(p.written) / stride
	y := 0
	for rest := f.content; y < f.height || f.height <= 0; y++ {
		line, more := rest, false
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest, more = rest[:i], rest[i+1:], true
		}
		h := maphash.String(lineSeed, line)
		if y < rows {
			if p.written[y*stride] != h {
				p.repaint(b, sc, f, y, line, h)
			}
		} else {
			p.written = append(p.written, make([]uint64, stride)...)
			for i := range stride - 1 {
				p.written[y*stride+1+i] = unknownSpan
			}
			p.repaint(b, sc, f, y, line, h)
		}
		if !more {
			y++
			break
		}
	}
	for old := y; old < rows; old++ {
		if p.written[old*stride] != blankLine {
			moveTo(b, old, 0)
			b.WriteString(ansi.EraseLineRight)
		}
	}
	p.written = p.written[:y*stride]
}

// mouseModeOff turns off every mouse mode a frame may have turned on.
const mouseModeOff = ansi.ResetModeMouseButtonEvent + ansi.ResetModeMouseAnyEvent + ansi.ResetModeMouseExtSgr

// moveTo puts the cursor at column x of line y (both from 0).
func moveTo(b *strings.Builder, y, x int) {
	b.WriteString("\x1b[")
	b.WriteString(strconv.Itoa(y + 1))
	if x > 0 {
		b.WriteByte(';')
		b.WriteString(strconv.Itoa(x + 1))
	}
	b.WriteByte('H')
}

// blankLine is the hash of an empty line.
var blankLine = maphash.String(lineSeed, "")

// close paints the last frame waiting, then gives the terminal back as it
// was: no mouse reports, the cursor shown, the normal screen.
func (p *painter) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.mu.Unlock()
	p.idle.Wait()
	if p.started {
		io.WriteString(p.out, mouseModeOff+ansi.ResetModeBracketedPaste+ansi.ResetStyle+ansi.ShowCursor+ansi.ResetModeAltScreenSaveCursor)
	}
}

// colors rewrites the ui's true-colour styles for a terminal with fewer
// colours. The ui uses a few dozen distinct SGR sequences, so each is
// translated once (by colorprofile) and remembered: scanning a line for
// them costs far less than running every byte through colorprofile.Writer.
// One is shared by every session of a profile (newColors): each session
// once kept its own, keyed by sequences cut from its frames, which kept
// whole frames alive, some 15 KB a session (issue 36).
type colors struct {
	profile colorprofile.Profile
	mu      sync.RWMutex
	seen    map[string]string // SGR sequence → the same in profile
}

// maxColors bounds a profile's remembered sequences: the ui's are a few
// dozen; past that something unusual is drawn, translated every time.
const maxColors = 4096

// profileColors are the profiles' colors, made as sessions need them.
var profileColors sync.Map // colorprofile.Profile → *colors

// newColors is the colors of profile, shared.
func newColors(profile colorprofile.Profile) *colors {
	if c, ok := profileColors.Load(profile); ok {
		return c.(*colors)
	}
	c, _ := profileColors.LoadOrStore(profile, &colors{profile: profile, seen: map[string]string{}})
	return c.(*colors)
}

// write appends line to b with its SGR sequences translated.
func (c *colors) write(b *strings.Builder, line string) {
	if c.profile == colorprofile.TrueColor {
		b.WriteString(line)
		return
	}
	for {
		i := strings.Index(line, "\x1b[")
		if i < 0 {
			b.WriteString(line)
			return
		}
		b.WriteString(line[:i])
		line = line[i:]
		end := 2 // the final byte of the control sequence, after ESC [
		for end < len(line) && (line[end] < 0x40 || line[end] > 0x7e) {
			end++
		}
		if end == len(line) {
			b.WriteString(line) // cut short: pass it on as it is
			return
		}
		seq := line[:end+1]
		line = line[end+1:]
		if seq[end] != 'm' {
			b.WriteString(seq)
			continue
		}
		b.WriteString(c.translate(seq))
	}
}

// translate returns an SGR sequence as the terminal's profile has it.
func (c *colors) translate(seq string) string {
	c.mu.RLock()
	t, ok := c.seen[seq]
	c.mu.RUnlock()
	if ok {
		return t
	}
	var out strings.Builder
	w := colorprofile.Writer{Forward: &out, Profile: c.profile}
	w.WriteString(seq)
	t = out.String()
	c.mu.Lock()
	if len(c.seen) < maxColors {
		c.seen[strings.Clone(seq)] = t // not the frame it was cut from
	}
	c.mu.Unlock()
	return t
}
