package screens

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// quickMsg is the seat a quick match found, or why none; gen is the
// look it answers (quickLook.gen).
type quickMsg struct {
	c   *table.Conn
	err error
	gen int
}

// quickLook is the look for a quick match (m in the lobby) as a
// component: the size of the table looked for, the partner asked for
// and the field their name is typed in (p), and the room of another
// server a match seated the person in. It owns its state and its keys:
// the screen hands it the keys while it looks (on) and takes the seat it
// finds (found).
type quickLook struct {
	adm     *lobby.Admission
	pending *pending           // where the seat found waits for Update
	stop    context.CancelFunc // nil: not looking
	size    int                // the players of the table looked for
	gen     int                // counts the looks: an answer to an earlier one is given up
	// friend is the partner asked for ("": none); field is where their
	// name is typed, nil but while it is (8 KB a session that no other
	// keeps).
	friend string
	field  *textinput.Model
	moved  string // the room of another server a match seated the person in
}

// on reports whether a quick match is looked for.
func (q *quickLook) on() bool { return q.stop != nil }

// start looks for a table of players, with friend as partner (4 or 6
// players; "": none), who asks for the person too (lobby.QuickWith),
// until a match is made, the look stops, or done closes (the session's
// end; nil: never).
func (q *quickLook) start(done <-chan struct{}, players int, friend string) tea.Cmd {
	q.end()
	ctx, cancel := context.WithCancel(context.Background())
	q.gen++
	q.stop, q.size, q.friend = cancel, players, friend
	adm, gen, pend := q.adm, q.gen, q.pending
	return func() tea.Msg {
		if done != nil {
			go func() {
				select {
				case <-done:
					cancel()
				case <-ctx.Done():
				}
			}()
		}
		c, err := adm.QuickWith(ctx, players, friend)
		cancel()
		if !pend.put(c) {
			return nil // the session has ended: the seat was given up
		}
		return quickMsg{c, err, gen}
	}
}

// end stops looking: a seat found meanwhile is given up (found).
func (q *quickLook) end() {
	if q.stop != nil {
		q.stop()
		q.stop = nil
	}
	q.field = nil
}

// found is the seat the look m answers found, or why none; ok is false
// when there is nothing to take: the look was stopped or cancelled (a
// seat found meanwhile is given up), or the match seated the person on
// another server of the cluster (moved, where the session goes once the
// program ends).
func (q *quickLook) found(m quickMsg) (c *table.Conn, err error, ok bool) {
	if !q.pending.take(m.c) {
		return nil, nil, false // given up: the session ends
	}
	if q.stop == nil || m.gen != q.gen {
		if m.c != nil {
			m.c.Quit()
		}
		return nil, nil, false
	}
	q.stop = nil
	if errors.Is(m.err, context.Canceled) {
		return nil, nil, false
	}
	if moved, ok := errors.AsType[*lobby.Matched](m.err); ok {
		q.moved = moved.Room
		return nil, nil, false
	}
	return m.c, m.err, true
}

// key handles a key while looking: a number looks for a table of that
// many players instead, p asks for the partner's name (typed in the
// field: Enter looks with them, Escape goes back to looking as before),
// and back stops looking, which it reports (the screen goes back to the
// lobby). done, st and c are the session's end, styles and language.
func (q *quickLook) key(msg tea.KeyPressMsg, back key.Binding, done <-chan struct{}, st *ui.Styles, c *lang.Catalogue) (cmd tea.Cmd, stopped bool) {
	if q.field != nil {
		return q.fieldKey(msg, done), false
	}
	if n, err := strconv.Atoi(msg.Text); err == nil && slices.Contains(engine.PlayerCounts[:], n) && n != q.size {
		friend := q.friend
		if !(engine.Config{Players: n}).Teams() {
			friend = "" // a party sits only at tables of teams
		}
		return q.start(done, n, friend), false
	}
	if msg.Text == "p" {
		f := newField(st, lobby.MaxNameLen)
		f.Prompt = c.T(lang.SrvFriendName)
		q.field = &f
		return nil, false
	}
	if !key.Matches(msg, back) {
		return nil, false
	}
	q.end()
	return nil, true
}

// fieldKey handles a key as the person types their partner's name.
func (q *quickLook) fieldKey(msg tea.KeyPressMsg, done <-chan struct{}) tea.Cmd {
	switch msg.String() {
	case "enter":
		friend := strings.TrimSpace(q.field.Value())
		q.field = nil
		if friend == "" {
			return nil
		}
		size := q.size
		if !(engine.Config{Players: size}).Teams() {
			size = 4 // a party sits only at tables of teams
		}
		return q.start(done, size, friend)
	case "esc":
		q.field = nil
	default:
		*q.field, _ = q.field.Update(msg) // see newField
	}
	return nil
}

// paste takes text pasted into the partner's name; false if no name is
// typed.
func (q *quickLook) paste(msg tea.PasteMsg) bool {
	if q.field == nil {
		return false
	}
	*q.field, _ = q.field.Update(msg)
	return true
}

// setLang and setStyles follow the screen's language and styles.
func (q *quickLook) setLang(c *lang.Catalogue) {
	if q.field != nil {
		q.field.Prompt = c.T(lang.SrvFriendName)
	}
}

func (q *quickLook) setStyles(st *ui.Styles) {
	if q.field != nil {
		setFieldStyles(q.field, st)
	}
}

// view draws the look in language c, each paragraph wrapped by para:
// what is looked for (me is the person's name, wait how long the lobby
// waits for others before its computers sit), the keys, and the
// partner's name as typed.
func (q *quickLook) view(b *strings.Builder, c *lang.Catalogue, para func(string) string, me string, wait time.Duration) {
	if q.friend != "" {
		b.WriteString(para(c.T(lang.QuickFriendAsks, q.friend, q.size, me, int(lobby.FriendWait.Seconds()))) + "\n")
	} else {
		b.WriteString(para(c.QuickLooking(q.size, int(wait.Seconds()))) + "\n")
	}
	b.WriteString(para(c.T(lang.QuickSizeKeys)) + "\n")
	b.WriteString(para(c.T(lang.QuickFriendKey)) + "\n")
	if q.field != nil {
		b.WriteString("\n" + q.field.View() + "\n")
	}
}
