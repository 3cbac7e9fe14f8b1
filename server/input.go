package server

import (
	"errors"
	"io"
	"reflect"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/millebornes/mille/server/channel"
	"github.com/millebornes/mille/server/gate"
)

// A session's input reaches its model on the session's own goroutine,
// which runs the model (drive.go): the driver waits on the input buffer's
// Ready beside its other messages and decodes what has come (feed.pull),
// with no goroutine of the session's waiting in a read.
//
// Bubble Tea's own reader (ultraviolet's TerminalReader) cost a session
// 140 KB and three goroutines: each reader builds its own table of escape
// sequences, the same for every session (issue 36), and reads on one
// goroutine to decode on another. Its successor here, one goroutine that
// read and decoded and handed each event to the driver, was still a
// goroutine a session and two wake-ups a key (issue 36). Now the bytes go
// from the channel's reader (package channel) to the session's goroutine
// in one wake-up. The reads go through the session's key clock, the input
// rate limit and ui.Input as before, without waiting: the rate limit's
// wait is a timer that wakes the driver, and the bytes it holds back wait
// in the input buffer, which bounds them (channel.InputLimit). What the
// full screen has not read stays there for the line mode, when the person
// asks for it at the name prompt.

// errNoInput is what a session's input reads return when nothing waits
// (waitless).
var errNoInput = errors.New("no input waiting")

// waitless reads a session's input without waiting: errNoInput when
// nothing has come.
type waitless struct{ r *channel.StoppedReader }

func (w waitless) Read(p []byte) (int, error) {
	n, err := w.r.TryRead(p)
	if n == 0 && err == nil {
		return 0, errNoInput
	}
	return n, err
}

// feed is a session's input as its driver reads it: the events decoded
// from the bytes read (keyDecoder, with the table every session shares)
// and the window sizes, in the order they came.
type feed struct {
	ready <-chan struct{} // the input buffer's Ready; nil once the input has ended
	wake  chan struct{}   // the feed's own: events wait, more bytes may, or the rate limit's wait is over
	r     io.Reader       // the input through the key clock, the rate limit and ui.Input, read without waiting
	limit *gate.LimitReader
	dec   *keyDecoder
	buf   []byte
	timer *time.Timer // the rate limit's wait

	mu     sync.Mutex // events: the escape timeout's timer and the sizes' watch add to them
	events []uv.Event

	unwatch func()
}

// newFeed reads a session's input from in, through the key clock keys
// (gate.NewKeyClock of waitless over in's reader), and its window sizes
// from sizes.
func newFeed(in *channel.InputBuffer, keys io.Reader, sizes *channel.Windows) *feed {
	f := &feed{ready: in.Ready(), wake: make(chan struct{}, 1), buf: make([]byte, 256)} // keys come a few bytes at a time
	f.r, f.limit = sessionInput(keys, time.Now, func(time.Duration) {})
	f.dec = newKeyDecoder(f.send)
	f.unwatch = sizes.Watch(func(w channel.Window) { f.send(uv.WindowSizeEvent{Width: w.Width, Height: w.Height}) })
	return f
}

// send adds ev to the events waiting for the model, and wakes the driver.
func (f *feed) send(ev uv.Event) {
	f.mu.Lock()
	f.events = append(f.events, ev)
	f.mu.Unlock()
	f.poke()
}

// poke wakes the driver, if it is not woken already.
func (f *feed) poke() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// pull reads and decodes a read's worth of what has come, if the rate
// limit lets it; the events wait for take. It wakes the driver again
// while more may have come.
func (f *feed) pull() {
	if f.ready == nil {
		return
	}
	if wait := f.limit.Delay(); wait > 0 {
		if f.timer == nil {
			f.timer = time.AfterFunc(wait, f.poke)
		} else {
			f.timer.Reset(wait)
		}
		return
	}
	n, err := f.r.Read(f.buf)
	if n > 0 {
		f.dec.feed(f.buf[:n])
	}
	switch {
	case err == nil:
		f.poke()
	case errors.Is(err, errNoInput):
	default: // the end: what is left is taken as it is
		f.dec.end()
		f.ready = nil
	}
}

// take returns the events waiting, and keeps spare (emptied) for the next
// ones: the driver hands back the last slice it took.
func (f *feed) take(spare []uv.Event) []uv.Event {
	clear(spare)
	f.mu.Lock()
	defer f.mu.Unlock()
	events := f.events
	f.events = spare[:0]
	return events
}

// close stops the feed's timers and the sizes' watch, waiting for a size
// under way; call it once the driver has returned, and before anything
// else watches the sizes (the line mode). Once closed, it does nothing.
func (f *feed) close() {
	if f.unwatch == nil {
		return
	}
	if f.timer != nil {
		f.timer.Stop()
	}
	f.dec.end()
	f.unwatch()
	f.unwatch = nil
}

// keyTable is ultraviolet's table of the escape sequences that terminals
// send for keys, built once for every session. Bubble Tea reads with the
// table's defaults (no terminfo, no legacy flags), under which it is the
// same whatever the terminal; ultraviolet builds it in every reader and
// keeps it in a field it does not export, so it is read from a reader
// built for that. Should a new ultraviolet name or type the field
// otherwise, the table is empty and the decoder alone reads the keys
// (TestKeyTableShared fails first).
var keyTable = sync.OnceValue(func() map[string]uv.Key {
	v := reflect.ValueOf(uv.NewTerminalReader(nil, "")).Elem().FieldByName("table")
	if !v.IsValid() || v.Type() != reflect.TypeFor[map[string]uv.Key]() {
		return nil
	}
	return *(*map[string]uv.Key)(unsafe.Pointer(v.UnsafeAddr()))
})

// ignoredType is the type of the events ultraviolet's decoder returns for
// a sequence it drops (a string cancelled by CAN or SUB), unexported:
// taken from such a sequence.
var ignoredType = func() reflect.Type {
	var d uv.EventDecoder
	_, ev := d.Decode([]byte("\x1b]0;x\x18"))
	return reflect.TypeOf(ev)
}()

// maxPaste is the most of a bracketed paste a session holds; the rest is
// dropped (a name or a room is a few dozen bytes).
const maxPaste = 16 << 10

// keyDecoder turns a session's bytes into events as ultraviolet's
// TerminalReader does: a sequence cut short waits for the rest for
// uv.DefaultEscTimeout, after which what came is taken as it is (a lone
// ESC is the escape key).
type keyDecoder struct {
	send  func(uv.Event)
	table map[string]uv.Key

	mu    sync.Mutex // the state below; the timer runs beside the reader
	dec   uv.EventDecoder
	buf   []byte // bytes read and not decoded yet: a sequence cut short
	paste []byte // a bracketed paste so far; nil outside one
	timer *time.Timer
	ended bool
}

func newKeyDecoder(send func(uv.Event)) *keyDecoder {
	return &keyDecoder{send: send, table: keyTable()}
}

// read decodes r until its end, then takes what is left as it is.
func (d *keyDecoder) read(r io.Reader) {
	buf := make([]byte, 256) // keys come a few bytes at a time
	for {
		n, err := r.Read(buf)
		if n > 0 {
			d.feed(buf[:n])
		}
		if err != nil {
			d.end()
			return
		}
	}
}

// feed decodes b after what was waiting, and waits for the rest of a
// sequence cut short.
func (d *keyDecoder) feed(b []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.buf = append(d.buf, b...)
	d.scan(false)
	if len(d.buf) == 0 {
		return
	}
	if d.timer == nil {
		d.timer = time.AfterFunc(uv.DefaultEscTimeout, d.expire)
	} else {
		d.timer.Reset(uv.DefaultEscTimeout)
	}
}

// expire takes what waited past the timeout as it is.
func (d *keyDecoder) expire() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.ended {
		d.scan(true)
	}
}

// end takes what is left as it is; nothing is decoded after.
func (d *keyDecoder) end() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.timer != nil {
		d.timer.Stop()
	}
	d.scan(true)
	d.ended, d.buf = true, nil
}

// scan sends the events of d.buf and keeps what is left of it: a
// sequence cut short, unless expired says its time is up.
func (d *keyDecoder) scan(expired bool) {
	buf := d.buf
	defer func() {
		d.buf = append(d.buf[:0], buf...)
	}()
	if len(buf) > 2 && buf[0] == 0x1b {
		if k, ok := d.table[string(buf)]; ok {
			d.send(uv.KeyPressEvent(k))
			buf = nil
			return
		}
	}
	for len(buf) > 0 {
		esc := buf[0] == 0x1b
		n, ev := d.dec.Decode(buf)
		if n <= 0 {
			return
		}
		if d.paste != nil {
			if _, end := ev.(uv.PasteEndEvent); !end {
				if !d.pasted(ev, buf[:n], esc, expired) {
					return
				}
				buf = buf[n:]
				continue
			}
		}
		switch e := ev.(type) {
		case uv.UnknownEvent:
			if !expired {
				return
			}
			if k, ok := d.table[string(buf[:n])]; ok {
				// The table knew it: the rest waits for the next read.
				d.send(uv.KeyPressEvent(k))
				buf = buf[n:]
				return
			}
			d.send(e)
			buf = buf[n:]
			continue
		case uv.PasteStartEvent:
			d.paste = []byte{}
		case uv.PasteEndEvent:
			d.send(uv.PasteEvent{Content: d.pastedText()})
			d.paste = nil
		}
		if ev != nil && reflect.TypeOf(ev) != ignoredType {
			if esc && n <= 2 && !expired {
				return // an ESC alone, or alt and a key: wait for more
			}
			if m, ok := ev.(uv.MultiEvent); ok {
				for _, e := range m {
					d.send(e)
				}
			} else {
				d.send(ev)
			}
		}
		buf = buf[n:]
	}
}

// pasted adds the event ev, read from seq, to the paste: its text, or the
// sequence itself. It reports false when seq may be cut short and should
// wait for more.
func (d *keyDecoder) pasted(ev uv.Event, seq []byte, esc, expired bool) bool {
	switch e := ev.(type) {
	case uv.KeyPressEvent:
		if e.Text != "" {
			d.addPaste(e.Text)
			return true
		}
		if esc && len(seq) <= 2 && !expired {
			return false
		}
		d.addPaste(string(seq))
	case uv.UnknownEvent:
		if !expired {
			return false
		}
	}
	return true
}

func (d *keyDecoder) addPaste(s string) {
	if len(d.paste)+len(s) <= maxPaste {
		d.paste = append(d.paste, s...)
	}
}

// pastedText is the paste's valid UTF-8.
func (d *keyDecoder) pastedText() string {
	out := make([]rune, 0, len(d.paste))
	for p := d.paste; len(p) > 0; {
		r, w := utf8.DecodeRune(p)
		if r != utf8.RuneError {
			out = append(out, r)
		}
		p = p[w:]
	}
	return string(out)
}
