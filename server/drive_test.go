package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/table"
)

// logModel records the messages it gets and the views asked of it; its
// Init and the keys it gets return the commands the test gives it.
type logModel struct {
	mu    sync.Mutex
	got   []string
	views int
	init  tea.Cmd
	keys  map[string]tea.Cmd
}

func (m *logModel) Init() tea.Cmd { return m.init }

func (m *logModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.got = append(m.got, "key "+msg.String())
		return m, m.keys[msg.String()]
	case string:
		m.got = append(m.got, msg)
	case tea.WindowSizeMsg:
		m.got = append(m.got, fmt.Sprintf("size %dx%d", msg.Width, msg.Height))
	case tea.ColorProfileMsg:
		m.got = append(m.got, "profile "+msg.Profile.String())
	case tea.EnvMsg:
		m.got = append(m.got, "env "+strings.Join(msg, " "))
	case tea.BackgroundColorMsg:
		m.got = append(m.got, "background")
	case tea.PasteMsg:
		m.got = append(m.got, "paste "+msg.Content)
	}
	return m, nil
}

func (m *logModel) View() tea.View {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.views++
	return tea.View{}
}

func (m *logModel) log() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.got)
}

// sendEvent hands an input event to the model as Bubble Tea's message of
// the same kind, as a session's input does (feed).
func (d *driver) sendEvent(ev uv.Event) { d.Send(eventMsg(ev)) }

// say is a command whose message is s.
func say(s string) tea.Cmd { return func() tea.Msg { return s } }

// TestDriverAsProgram runs a model as a served session's driver does:
// the start's messages, keys, a batch, a sequence (its messages in
// order, each after the last one's batch), the terminal's requests and a
// bell written to the terminal, the filter dropping a key, and tea.Quit
// ending the run with the last state drawn, as a program's end does.
func TestDriverAsProgram(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		m := &logModel{
			init: say("init"),
			keys: map[string]tea.Cmd{
				"a": tea.Batch(say("batch 1"), nil, say("batch 2")),
				"b": tea.Sequence(say("seq 1"), tea.Batch(say("seq 2"), func() tea.Msg { <-release; return "seq 3" }), say("seq 4")),
				"c": tea.Batch(tea.RequestBackgroundColor, tea.Raw("\a")),
				"q": tea.Quit,
			},
		}
		term := &testkit.Buffer{}
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		d := newDriver(ctx, term, func(_ tea.Model, msg tea.Msg) tea.Msg {
			if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "x" {
				return nil // dropped, as the key limiter drops
			}
			return msg
		})
		ended := make(chan error, 1)
		go func() { ended <- d.run(m, colorprofile.ANSI256, 100, 30, []string{"TERM=xterm"}) }()
		key := func(r rune) { d.sendEvent(uv.KeyPressEvent{Code: r, Text: string(r)}) }

		synctest.Wait()
		want := []string{"profile ANSI256", "size 100x30", "env TERM=xterm", "init"}
		if got := m.log(); !slices.Equal(got, want) {
			t.Fatalf("at the start the model got %q, want %q", got, want)
		}
		key('x')
		key('a')
		synctest.Wait()
		got := m.log()[len(want):]
		if !slices.Equal(got[:1], []string{"key a"}) || !slices.ContainsFunc(got, func(s string) bool { return s == "batch 1" }) ||
			!slices.Contains(got, "batch 2") || len(got) != 3 {
			t.Fatalf("after x and a the model got %q, want a, then batch 1 and 2 in any order, and no x", got)
		}
		want = m.log()
		key('b')
		synctest.Wait()
		if got := m.log()[len(want):]; !slices.Equal(got, []string{"key b", "seq 1", "seq 2"}) {
			t.Fatalf("the sequence so far gave %q, want key b, seq 1, seq 2 (seq 4 waits for seq 3's batch)", got)
		}
		close(release)
		synctest.Wait()
		if got := m.log()[len(want):]; !slices.Equal(got, []string{"key b", "seq 1", "seq 2", "seq 3", "seq 4"}) {
			t.Fatalf("the sequence gave %q, want its messages in order", got)
		}
		key('c')
		synctest.Wait()
		if got := term.String(); !strings.Contains(got, ansi.RequestBackgroundColor) || !strings.Contains(got, "\a") {
			t.Fatalf("the terminal got %q, want the background colour's request and a bell", got)
		}
		d.sendEvent(uv.BackgroundColorEvent{})
		synctest.Wait()
		if got := m.log(); got[len(got)-1] != "background" {
			t.Fatalf("the terminal's answer reached the model as %q", got[len(got)-1])
		}
		m.mu.Lock()
		views := m.views
		m.mu.Unlock()
		key('q')
		if err := <-ended; err != nil {
			t.Fatalf("run ended with %v after tea.Quit", err)
		}
		if m.views != views+2 {
			t.Fatalf("%d views after q, want 2 (after its update, and the last state at tea.Quit)", m.views-views)
		}
		cancel()
		d.Send("after the end") // gives up: nothing reads
	})
}

// TestDriverEnds checks that a driver ends with its context, and that a
// command's panic reaches the session's goroutine, where the session's
// recover logs it, rather than ending the server.
func TestDriverEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		d := newDriver(ctx, &testkit.Buffer{}, nil)
		ended := make(chan error, 1)
		go func() { ended <- d.run(&logModel{}, colorprofile.ANSI, 80, 24, nil) }()
		synctest.Wait()
		cancel()
		if err := <-ended; err != nil {
			t.Fatalf("run ended with %v when its context did", err)
		}

		d = newDriver(t.Context(), &testkit.Buffer{}, nil)
		m := &logModel{init: func() tea.Msg { panic("broken command") }}
		panicked := make(chan any, 1)
		go func() {
			defer func() { panicked <- recover() }()
			d.run(m, colorprofile.ANSI, 80, 24, nil)
		}()
		if v := <-panicked; !strings.Contains(fmt.Sprint(v), "broken command") {
			t.Fatalf("run panicked with %v, want the command's panic", v)
		}
	})
}

// seatOf is a room's seat as a driver waits on it: updates come on ch
// and reach the model as "update ROOM", or "closed".
type seatOf struct{ ch chan table.View }

func (s *seatOf) Updates() <-chan table.View { return s.ch }

func (s *seatOf) Updated(u table.View, open bool) tea.Msg {
	if !open {
		return "closed"
	}
	return "update " + u.Room
}

// TestDriverSeat checks that the driver itself waits on the model's seat,
// with no command waiting on it: each update reaches the model, in
// order with the keys, and a closed seat once (not again and again).
func TestDriverSeat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		d := newDriver(ctx, &testkit.Buffer{}, nil)
		seat := &seatOf{ch: make(chan table.View, 1)}
		d.seat = seat
		m := &logModel{}
		ended := make(chan error, 1)
		go func() { ended <- d.run(m, colorprofile.ANSI, 80, 24, nil) }()
		synctest.Wait()
		start := len(m.log())
		seat.ch <- table.View{Room: "duel"}
		synctest.Wait()
		d.sendEvent(uv.KeyPressEvent{Code: 'a', Text: "a"})
		seat.ch <- table.View{Room: "duel2"}
		synctest.Wait()
		close(seat.ch)
		synctest.Wait()
		want := []string{"update duel", "key a", "update duel2", "closed"}
		if got := m.log()[start:]; !slices.Equal(got, want) {
			t.Fatalf("the model got %q, want %q", got, want)
		}
		cancel()
		if err := <-ended; err != nil {
			t.Fatal(err)
		}
	})
}
