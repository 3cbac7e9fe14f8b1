package server

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/millebornes/mille/server/channel"
)

// feedInput reads a session's input r into its program p as Bubble Tea
// would (ultraviolet's TerminalReader for the terminal term: the same
// decoder, the same escape timeout), and the session's window sizes with
// it, on goroutines of the session's rather than the program's. Bubble
// Tea's own reader sends each event to its program on a channel that
// nothing reads once the program has ended: a session that ended while
// an event was on its way, or with a sequence cut short in the reader's
// buffer, left that goroutine blocked for good with the reader, some
// 300 KB each (issue 32, What broke 3: escape sequences at the name
// prompt). Here the events go through p.Send, which gives up once the
// program has ended, and what is still on its way is drained.
//
// The program runs with tea.WithInput(nil). end stops the feed and waits
// for its goroutines: call it once p.Run has returned and r has ended
// (its reads return io.EOF), or it waits for that.
func feedInput(p *tea.Program, r io.Reader, term string, sizes *channel.Windows) (end func()) {
	ctx, cancel := context.WithCancel(context.Background())
	events := make(chan uv.Event)
	done := make(chan struct{})
	go func() {
		uv.NewTerminalReader(r, term).StreamEvents(ctx, events)
		close(events)
	}()
	go func() {
		defer close(done)
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					return
				}
				p.Send(ev)
			case <-sizes.Changed():
				w := sizes.Get() // the newest: a storm of changes is one
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
