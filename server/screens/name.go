package screens

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/ui"
)

// namePrompt is the name asked at a person's first login, as a component:
// the field the name is typed in, its keys, and the wait while the name
// is written down (in a command whose namedMsg the screen takes). The
// screen holds one only while it asks: the field is 8 KB a session that
// a named one does not keep.
type namePrompt struct {
	field   *textinput.Model
	writing bool // the name is being written down: Enter does nothing more
	plain   bool // the person asked for the line mode instead
}

// namedMsg is the name written down (Admission.WriteName), or why not.
type namedMsg struct {
	name string
	err  error
}

// newNamePrompt is the prompt in the styles st and the language c.
func newNamePrompt(st *ui.Styles, c *lang.Catalogue) *namePrompt {
	f := newField(st, lobby.MaxNameLen)
	f.Prompt = c.T(lang.SrvName)
	return &namePrompt{field: &f}
}

// setLang words the prompt in c.
func (p *namePrompt) setLang(c *lang.Catalogue) { p.field.Prompt = c.T(lang.SrvName) }

// setStyles paints the field with st.
func (p *namePrompt) setStyles(st *ui.Styles) { setFieldStyles(p.field, st) }

// paste takes pasted text into the field.
func (p *namePrompt) paste(msg tea.PasteMsg) {
	*p.field, _ = p.field.Update(msg) // see newField
}

// key handles a key of the prompt (k): Enter writes the name typed down
// through adm, in a command; the field takes the keys that are not the
// prompt's. Leaving, or asking for the line mode (plain), ends the
// program.
func (p *namePrompt) key(msg tea.KeyPressMsg, k nameKeys, adm *lobby.Admission) tea.Cmd {
	switch {
	case key.Matches(msg, k.Leave):
		return tea.Quit
	case key.Matches(msg, k.Plain):
		p.plain = true // the session goes on in the line mode (Server.handle)
		return tea.Quit
	case key.Matches(msg, k.Done):
		name := strings.TrimSpace(p.field.Value())
		if lang.QuitsNamePrompt(name) {
			return tea.Quit
		}
		if p.writing {
			return nil
		}
		p.writing = true
		return func() tea.Msg { return namedMsg{name, adm.WriteName(name)} }
	default:
		*p.field, _ = p.field.Update(msg) // see newField
	}
	return nil
}

// view draws the prompt: who reads the screen, the welcome, a word on a
// name retired (old, "" if none) or not read (unread: the store did not
// answer), and the field.
func (p *namePrompt) view(b *strings.Builder, c *lang.Catalogue, para func(string) string, old string, unread bool) {
	b.WriteString(para(c.T(lang.SrvReader)) + "\n\n")
	b.WriteString(para(c.T(lang.SrvWelcome)) + "\n\n")
	if old != "" {
		b.WriteString(para(c.T(lang.NameRetired, old)) + "\n\n")
	}
	if unread {
		b.WriteString(para(c.T(lang.NameUnread)) + "\n\n")
	}
	b.WriteString(p.field.View() + "\n")
}
