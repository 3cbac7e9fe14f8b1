package server

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/table"
)

// A served session's model runs on the session's own goroutine, driven by
// a driver, not by a tea.Program. With no renderer and no input of its
// own (the painter draws, keyDecoder reads), a program was an event loop
// and two goroutines more a session: the one that starts each command,
// and a ticker that woke ten times a second to flush what nothing had
// written. At 2,500 sessions they were 5,000 goroutines and 25,000
// wake-ups a second, on a server whose two cores are the limit (issue 36).
// The driver does what the program did for the served models: it calls
// Init, Update after each message (filtered) and View after each update,
// runs each command on a goroutine of its own that ends with it, runs a
// batch's commands at once and a sequence's one after another, writes the
// terminal requests (the background colour, a bell) to the terminal, and
// ends at tea.Quit or when its context ends. It also waits on the room of
// the session's screen (seat), which a command waited on for Bubble Tea.

// driver runs one session's model.
type driver struct {
	ctx    context.Context
	msgs   chan tea.Msg // the input's events, window sizes and the commands' messages
	filter func(tea.Model, tea.Msg) tea.Msg
	term   io.Writer // the terminal, for the requests the model makes of it
	// seat, when set, is the room the model plays in: the driver waits on
	// its updates itself (nil: none).
	seat seat
	// in, when set, is the session's input, which the driver reads and
	// decodes itself (input.go; nil: none but what Send gives).
	in *feed
	// reqs, when set, are the session channel's requests (window
	// changes) and its connection's new channels and global requests,
	// which the driver hands to requests as they come, where a goroutine
	// of the session's waited on them (issue 36).
	reqs     channel.Taken
	requests requests
}

// requests serves a session channel's requests and its connection's
// events (channel.Session).
type requests interface {
	Request(req *gossh.Request)
	RequestsEnded() // the channel has closed
	Open(nc gossh.NewChannel)
	Global(req *gossh.Request)
}

// seat is a model's room as its driver waits on it (screens.Screen): the
// channel of the seat's updates, nil while the model is in no room, and
// the message that gives the model what came on it. The driver waits on it
// beside the input, where a command waiting on it held a goroutine a
// session (issue 36).
type seat interface {
	Updates() <-chan table.View
	Updated(u table.View, open bool) tea.Msg
}

// newDriver makes the driver of a session whose context is ctx; term is
// where the terminal requests go, filter sees every message before the
// model does and may drop it (nil).
func newDriver(ctx context.Context, term io.Writer, filter func(tea.Model, tea.Msg) tea.Msg) *driver {
	return &driver{ctx: ctx, msgs: make(chan tea.Msg), filter: filter, term: term}
}

// Send hands msg to the model, waiting until the driver takes it, as
// tea.Program.Send does; once the driver has ended it gives up at once.
func (d *driver) Send(msg tea.Msg) {
	select {
	case <-d.ctx.Done():
	case d.msgs <- msg:
	}
}

// cmdPanic is a command's panic, carried to the session's goroutine, which
// panics with it: the session's recover logs it and ends the session only.
type cmdPanic struct {
	v     any
	stack []byte
}

func (p cmdPanic) String() string { return fmt.Sprintf("%v (in a command)\n%s", p.v, p.stack) }

// run runs m until a tea.Quit, an interrupt (tea.ErrInterrupted) or the
// end of d's context, which run's caller must cancel when run returns so
// that the commands still running give up sending. The model first gets
// what a program sends it when it starts: its colour profile, its window
// size (width by height), its environment.
func (d *driver) run(m tea.Model, profile colorprofile.Profile, width, height int, env []string) error {
	d.exec(m.Init())
	m.View()
	for _, msg := range []tea.Msg{tea.ColorProfileMsg{Profile: profile}, tea.WindowSizeMsg{Width: width, Height: height}, tea.EnvMsg(env)} {
		var end bool
		var err error
		if m, end, err = d.step(m, msg); end {
			return err
		}
	}
	var closed <-chan table.View // a seat's channel seen closed: not waited on again
	var events []uv.Event        // the input's, as taken from d.in
	for {
		var updates <-chan table.View
		if d.seat != nil {
			if updates = d.seat.Updates(); updates == closed {
				updates = nil
			}
		}
		var ready, wake <-chan struct{}
		if d.in != nil {
			ready, wake = d.in.ready, d.in.wake
		}
		var msg tea.Msg
		select {
		case <-d.ctx.Done():
			return nil
		case msg = <-d.msgs:
		case u, open := <-updates:
			if !open {
				closed = updates
			}
			msg = d.seat.Updated(u, open)
		case <-ready:
			d.in.pull()
		case <-wake:
			d.in.pull()
		case req, ok := <-d.reqs.Requests:
			if !ok {
				d.reqs.Requests = nil
				d.requests.RequestsEnded()
				continue
			}
			// A window change: its size comes back through the feed.
			d.requests.Request(req)
			continue
		case nc, ok := <-d.reqs.Channels:
			if !ok {
				d.reqs.Channels = nil
				continue
			}
			d.requests.Open(nc)
			continue
		case req, ok := <-d.reqs.Global:
			if !ok {
				d.reqs.Global = nil
				continue
			}
			d.requests.Global(req)
			continue
		}
		if d.ctx.Err() != nil {
			// The session has ended: the seat's last update (a room that
			// closes at a shutdown) is not drawn, as a command's would
			// not have been sent, nor starts a repaint's tick.
			return nil
		}
		var end bool
		var err error
		if msg != nil {
			if m, end, err = d.step(m, msg); end {
				return err
			}
			continue
		}
		if d.in == nil {
			continue
		}
		events = d.in.take(events)
		for _, ev := range events {
			if m, end, err = d.step(m, eventMsg(ev)); end {
				return err
			}
		}
	}
}

// step gives msg to the model and draws its view, and reports whether the
// model has ended, with the error it ended with.
func (d *driver) step(m tea.Model, msg tea.Msg) (tea.Model, bool, error) {
	if p, ok := msg.(cmdPanic); ok {
		panic(p.String())
	}
	if d.filter != nil {
		msg = d.filter(m, msg)
	}
	switch msg := msg.(type) {
	case nil:
		return m, false, nil
	case tea.QuitMsg:
		m.View() // the last state drawn, as a program does at its end
		return m, true, nil
	case tea.InterruptMsg:
		return m, true, tea.ErrInterrupted
	case tea.BatchMsg:
		go d.catch(func() { d.batch(msg, false) })
		return m, false, nil
	case tea.RawMsg:
		io.WriteString(d.term, fmt.Sprint(msg.Msg))
	default:
		if seq, ok := sequenceOf(msg); ok {
			go d.catch(func() { d.sequence(seq) })
			return m, false, nil
		}
		if seq, ok := terminalRequests()[reflect.TypeOf(msg)]; ok {
			io.WriteString(d.term, seq)
		}
	}
	m, cmd := m.Update(msg)
	d.exec(cmd)
	m.View()
	return m, false, nil
}

// exec runs cmd, if any, on a goroutine of its own.
func (d *driver) exec(cmd tea.Cmd) {
	if cmd != nil {
		go d.catch(func() { d.do(cmd, false) })
	}
}

// catch runs f, carrying its panic to the session's goroutine.
func (d *driver) catch(f func()) {
	defer func() {
		if v := recover(); v != nil {
			d.Send(cmdPanic{v: v, stack: debug.Stack()})
		}
	}()
	f()
}

// do runs cmd on this goroutine and delivers its message: a batch's
// commands run at once, a sequence's one after another, anything else
// goes to the model. With wait, do returns once every command of a batch
// has (a sequence waits for each of its commands); without, this goroutine
// runs one of the batch's commands itself, and nothing waits for the others.
func (d *driver) do(cmd tea.Cmd, wait bool) {
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		d.batch(msg, wait)
	default:
		if seq, ok := sequenceOf(msg); ok {
			d.sequence(seq)
			return
		}
		d.Send(msg)
	}
}

// batch runs cmds at once, as do does.
func (d *driver) batch(cmds tea.BatchMsg, wait bool) {
	var wg sync.WaitGroup
	var last tea.Cmd
	for _, c := range cmds {
		if c == nil {
			continue
		}
		if last != nil {
			run := last
			if wait {
				wg.Go(func() { d.catch(func() { d.do(run, true) }) })
			} else {
				go d.catch(func() { d.do(run, false) })
			}
		}
		last = c
	}
	if last != nil {
		d.do(last, wait)
	}
	wg.Wait()
}

// sequence runs cmds one after another, each once the last one's message
// has reached the model (or once its batch has ended).
func (d *driver) sequence(cmds []tea.Cmd) {
	for _, c := range cmds {
		if c != nil {
			d.do(c, true)
		}
	}
}

// sequenceOf reports whether msg is tea.Sequence's message, whose type is
// unexported: a list of commands that is not a batch.
func sequenceOf(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType || v.Type() == batchType {
		return nil, false
	}
	return v.Convert(reflect.TypeFor[[]tea.Cmd]()).Interface().([]tea.Cmd), true
}

var (
	cmdType   = reflect.TypeFor[tea.Cmd]()
	batchType = reflect.TypeFor[tea.BatchMsg]()
)

// terminalRequests are the sequences a program writes to its terminal for
// the messages of Bubble Tea's requests, by the messages' types (which are
// unexported); the answers come back as input.
var terminalRequests = sync.OnceValue(func() map[reflect.Type]string {
	return map[reflect.Type]string{
		reflect.TypeOf(tea.RequestBackgroundColor()): ansi.RequestBackgroundColor,
		reflect.TypeOf(tea.RequestForegroundColor()): ansi.RequestForegroundColor,
		reflect.TypeOf(tea.RequestCursorColor()):     ansi.RequestCursorColor,
		reflect.TypeOf(tea.RequestCursorPosition()):  ansi.RequestCursorPositionReport,
		reflect.TypeOf(tea.RequestTerminalVersion()): ansi.RequestNameVersion,
		reflect.TypeOf(tea.ReadClipboard()):          ansi.RequestSystemClipboard,
		reflect.TypeOf(tea.ReadPrimaryClipboard()):   ansi.RequestPrimaryClipboard,
	}
})

// eventMsg is Bubble Tea's message for an input event, as a program gives
// it to its model.
func eventMsg(e uv.Event) tea.Msg {
	switch e := e.(type) {
	case uv.KeyPressEvent:
		return tea.KeyPressMsg(e)
	case uv.KeyReleaseEvent:
		return tea.KeyReleaseMsg(e)
	case uv.MouseClickEvent:
		return tea.MouseClickMsg(e)
	case uv.MouseReleaseEvent:
		return tea.MouseReleaseMsg(e)
	case uv.MouseWheelEvent:
		return tea.MouseWheelMsg(e)
	case uv.MouseMotionEvent:
		return tea.MouseMotionMsg(e)
	case uv.PasteEvent:
		return tea.PasteMsg(e)
	case uv.PasteStartEvent:
		return tea.PasteStartMsg(e)
	case uv.PasteEndEvent:
		return tea.PasteEndMsg(e)
	case uv.WindowSizeEvent:
		return tea.WindowSizeMsg(e)
	case uv.BackgroundColorEvent:
		return tea.BackgroundColorMsg(e)
	case uv.ForegroundColorEvent:
		return tea.ForegroundColorMsg(e)
	case uv.CursorColorEvent:
		return tea.CursorColorMsg(e)
	case uv.CursorPositionEvent:
		return tea.CursorPositionMsg(e)
	case uv.FocusEvent:
		return tea.FocusMsg(e)
	case uv.BlurEvent:
		return tea.BlurMsg(e)
	case uv.ClipboardEvent:
		return tea.ClipboardMsg(e)
	case uv.CapabilityEvent:
		return tea.CapabilityMsg(e)
	case uv.TerminalVersionEvent:
		return tea.TerminalVersionMsg(e)
	case uv.KeyboardEnhancementsEvent:
		return tea.KeyboardEnhancementsMsg(e)
	case uv.ModeReportEvent:
		return tea.ModeReportMsg(e)
	}
	return e
}
