package server

import (
	"io"
	"reflect"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/millebornes/mille/server/channel"
)

// feedInput reads a session's input r into the driver p of its model as
// Bubble Tea would (ultraviolet's decoder and key table, the same escape
// timeout), and the session's window sizes with it, on one goroutine.
//
// Bubble Tea's own reader (ultraviolet's TerminalReader) costs a session
// 140 KB and three goroutines: each reader builds its own table of escape
// sequences, the same for every session (issue 36), and reads on one
// goroutine to decode on another. It also sent each event to its program
// on a channel that nothing read once the program had ended, leaving that
// goroutine blocked for good (issue 32). Here one goroutine reads and
// decodes with the table every session shares, the escape timeout is a
// timer, and the events go through p.Send, which gives up once the
// driver has ended. The window sizes come through channel.Windows.Watch,
// on a goroutine that runs only while a size is on its way.
//
// end stops the feed and waits for its goroutines: call it once p.run
// has returned and r has ended (its reads return io.EOF), or it waits for
// that.
func feedInput(p *driver, r io.Reader, sizes *channel.Windows) (end func()) {
	d := newKeyDecoder(p.sendEvent)
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.read(r)
	}()
	unwatch := sizes.Watch(func(w channel.Window) {
		p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
	})
	return func() {
		<-done
		unwatch()
	}
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
