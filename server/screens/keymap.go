package screens

import (
	"strings"
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/ui"
)

// The keys of the screens around the board, one keymap a screen, in the
// style of the board's (ui.KeyMap): bindings matched with key.Matches and
// listed by bubbles/help. The board brings its own keys once a game starts.

// nameKeys are the keys of the name prompt at a player's first login;
// everything else goes to the text field.
type nameKeys struct {
	Done, Plain, Leave key.Binding
}

// newNameKeys are the name prompt's keys, their help in the language l.
func newNameKeys(l *lang.Catalogue) nameKeys {
	return nameKeys{
		Done:  key.NewBinding(key.WithKeys("enter"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.SrvKeyDone))),
		Plain: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", l.T(lang.SrvKeyPlain))),
		Leave: key.NewBinding(key.WithKeys("esc"), key.WithHelp(l.T(lang.KeyEsc), l.T(lang.SrvKeyLeave))),
	}
}

// ShortHelp implements help.KeyMap.
func (k nameKeys) ShortHelp() []key.Binding { return []key.Binding{k.Done, k.Plain, k.Leave} }

// FullHelp implements help.KeyMap.
func (k nameKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// lobbyKeys are the keys of the lobby's list of rooms.
type lobbyKeys struct {
	Up, Down         key.Binding // the room under the cursor
	New, Join, Watch key.Binding
	Refresh, Leave   key.Binding
	Lang             key.Binding // the next language, the session's
}

// newLobbyKeys are the lobby's keys, their help in the language l.
func newLobbyKeys(l *lang.Catalogue) lobbyKeys {
	return lobbyKeys{
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", l.T(lang.SrvKeyUp))),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", l.T(lang.SrvKeyDown))),
		New:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", l.T(lang.SrvKeyNew))),
		Join:    key.NewBinding(key.WithKeys("enter"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.SrvKeyJoin))),
		Watch:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", l.T(lang.SrvKeyWatch))),
		Refresh: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", l.T(lang.SrvKeyRefresh))),
		Leave:   key.NewBinding(key.WithKeys("q", "esc"), key.WithHelp("q", l.T(lang.SrvKeyLeave))),
		Lang:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", l.T(lang.KeyLang))),
	}
}

// ShortHelp implements help.KeyMap: the arrows go without saying.
func (k lobbyKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.New, k.Join, k.Watch, k.Refresh, k.Lang, k.Leave}
}

// FullHelp implements help.KeyMap.
func (k lobbyKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.New, k.Join, k.Watch}, {k.Up, k.Down, k.Refresh, k.Lang, k.Leave}}
}

// rankedKeys are the lobby's keys of ranked play, on a server that keeps
// ratings: a line of their own under the lobby's keys, which fill one.
type rankedKeys struct {
	Quick, Ranking key.Binding // a quick match, the ranking
	Bot            key.Binding // a rated game against a bot of the ladder
}

// newRankedKeys are the lobby's keys of ranked play, their help in the
// language l.
func newRankedKeys(l *lang.Catalogue) rankedKeys {
	return rankedKeys{
		Quick:   key.NewBinding(key.WithKeys("m"), key.WithHelp("m", l.T(lang.SrvKeyQuick))),
		Ranking: key.NewBinding(key.WithKeys("l"), key.WithHelp("l", l.T(lang.SrvKeyRanking))),
		Bot:     key.NewBinding(key.WithKeys("b"), key.WithHelp("b", l.T(lang.SrvKeyBot))),
	}
}

// ShortHelp implements help.KeyMap.
func (k rankedKeys) ShortHelp() []key.Binding { return []key.Binding{k.Quick, k.Bot, k.Ranking} }

// FullHelp implements help.KeyMap.
func (k rankedKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// backKeys are the keys of a screen that only goes back to the lobby:
// the ranking, a quick match being looked for.
type backKeys struct {
	Back key.Binding
}

// newBackKeys are the keys back to the lobby, their help in the
// language l.
func newBackKeys(l *lang.Catalogue) backKeys {
	return backKeys{Back: key.NewBinding(key.WithKeys("esc", "q", "l"), key.WithHelp(l.T(lang.KeyEsc), l.T(lang.FormKeyBack)))}
}

// ShortHelp implements help.KeyMap.
func (k backKeys) ShortHelp() []key.Binding { return []key.Binding{k.Back} }

// FullHelp implements help.KeyMap.
func (k backKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// formKeys are the keys of the new room form; on the name field,
// everything else goes to the text field.
type formKeys struct {
	Prev, Next   key.Binding // the field above, the field below
	Less, More   key.Binding // the value before, the value after
	Create, Back key.Binding
}

// newFormKeys are the form's keys, their help in the language l.
func newFormKeys(l *lang.Catalogue) formKeys {
	return formKeys{
		Prev:   key.NewBinding(key.WithKeys("up", "shift+tab"), key.WithHelp("↑↓", l.T(lang.FormKeyField))),
		Next:   key.NewBinding(key.WithKeys("down", "tab")),
		Less:   key.NewBinding(key.WithKeys("left"), key.WithHelp("←→", l.T(lang.FormKeyChange))),
		More:   key.NewBinding(key.WithKeys("right")),
		Create: key.NewBinding(key.WithKeys("enter"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.FormKeyCreate))),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp(l.T(lang.KeyEsc), l.T(lang.FormKeyBack))),
	}
}

// ShortHelp implements help.KeyMap.
func (k formKeys) ShortHelp() []key.Binding { return []key.Binding{k.Prev, k.Less, k.Create, k.Back} }

// FullHelp implements help.KeyMap.
func (k formKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Prev, k.Less}, {k.Create, k.Back}}
}

// waitingKeys are the keys of the waiting room, before the game starts.
type waitingKeys struct {
	Start key.Binding
	Seat  key.Binding // 1-9: that seat
	Team  key.Binding // the next team with a free seat
	Watch key.Binding // give the seat up and watch
	Open  key.Binding // the host of a saved game opens or closes its free seats
	Leave key.Binding
}

// newWaitingKeys are the waiting room's keys, their help in the
// language l.
func newWaitingKeys(l *lang.Catalogue) waitingKeys {
	return waitingKeys{
		Start: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", l.T(lang.WrKeyStart))),
		Seat:  key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", l.T(lang.WrTakeSeat))),
		Team:  key.NewBinding(key.WithKeys("t"), key.WithHelp("t", l.T(lang.WrKeyTeam))),
		Watch: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", l.T(lang.WrKeyWatch))),
		Open:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", l.T(lang.WrKeyOpen))),
		Leave: key.NewBinding(key.WithKeys("q", "esc"), key.WithHelp("q", l.T(lang.WrKeyLeave))),
	}
}

// ShortHelp implements help.KeyMap.
func (k waitingKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Start, k.Seat, k.Team, k.Watch, k.Open, k.Leave}
}

// FullHelp implements help.KeyMap: the one-letter keys in a column, so
// that their lines read as on one line ("s: start").
func (k waitingKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Start, k.Team, k.Watch, k.Open}, {k.Seat, k.Leave}}
}

// roomKeys are the keys of a started room shown as text, when the board
// could not open.
type roomKeys struct {
	Leave, Save key.Binding
}

// newRoomKeys are a started room's keys, their help in the language l.
func newRoomKeys(l *lang.Catalogue) roomKeys {
	return roomKeys{
		Leave: key.NewBinding(key.WithKeys("q", "esc"), key.WithHelp("q", l.T(lang.RoomKeyLeave))),
		Save:  key.NewBinding(key.WithKeys("ctrl+s")), // the host's, as on the board
	}
}

// ShortHelp implements help.KeyMap.
func (k roomKeys) ShortHelp() []key.Binding { return []key.Binding{k.Leave} }

// FullHelp implements help.KeyMap.
func (k roomKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// screenKeys are the keymaps of a session's screens.
type screenKeys struct {
	interrupt key.Binding // leaves the session from any of them
	name      nameKeys
	lobby     lobbyKeys
	waiting   waitingKeys
	room      roomKeys
	back      backKeys
	ranked    rankedKeys
}

func newScreenKeys(l *lang.Catalogue) *screenKeys {
	return &screenKeys{interrupt: key.NewBinding(key.WithKeys("ctrl+c")), name: newNameKeys(l), lobby: newLobbyKeys(l), waiting: newWaitingKeys(l), room: newRoomKeys(l), back: newBackKeys(l), ranked: newRankedKeys(l)}
}

// keysIn are the screens' keys in the language l, made once for every
// session (issue 36: nothing per session that is the same for all). They
// are read only: a screen that changes a key's help or turns it off does
// it on a copy (waiting.go).
func keysIn(l *lang.Catalogue) *screenKeys {
	if k, ok := sharedKeys.Load(l); ok {
		return k.(*screenKeys)
	}
	k, _ := sharedKeys.LoadOrStore(l, newScreenKeys(l))
	return k.(*screenKeys)
}

// helpFor is the help of the screens in the styles st (one of
// ui.StylesFor's) and the language l, made once for every session;
// helpView sets its width on a copy.
func helpFor(st *ui.Styles, l *lang.Catalogue) *help.Model {
	at := helpKey{st, l}
	if h, ok := sharedHelp.Load(at); ok {
		return h.(*help.Model)
	}
	h := newHelp(st, l)
	shared, _ := sharedHelp.LoadOrStore(at, &h)
	return shared.(*help.Model)
}

// helpKey finds a shared help by its styles and language.
type helpKey struct {
	st *ui.Styles
	l  *lang.Catalogue
}

// The keys by catalogue and the help by styles and catalogue that every
// session shares: as many as there are catalogues and styles.
var sharedKeys, sharedHelp sync.Map

// newHelp is the help of the screens around the board, in the board's
// colours: each key followed by the language's colon, as in "n: new
// room", "n : nouvelle salle".
func newHelp(st *ui.Styles, l *lang.Catalogue) help.Model {
	h := help.New()
	h.ShortSeparator = "   "
	h.Styles = st.Help
	mark := l.ColonMark()
	colon := func(keys string) string { return strings.ReplaceAll(keys, "\n", mark+"\n") + mark }
	h.Styles.ShortKey = h.Styles.ShortKey.Transform(colon)
	h.Styles.FullKey = h.Styles.FullKey.Transform(colon) // a column of keys, one a line
	return h
}

// helpView lists the keys of km on one line, or in columns when the line
// is wider than the terminal.
func helpView(h help.Model, km help.KeyMap, width int) string {
	h.ShowAll = width > 0 && lipgloss.Width(h.ShortHelpView(km.ShortHelp())) > width
	h.SetWidth(width)
	return h.View(km)
}

// newField is a text field of the screens around the board, for at most
// limit characters. Its cursor does not blink, as a blinking cursor would
// redraw every session twice a second, and its clipboard key is off, as
// it would read the server's clipboard: so the field never asks for a
// command, and the command of its Update can be dropped. A paste from the person's
// terminal still arrives as a tea.PasteMsg.
func newField(st *ui.Styles, limit int) textinput.Model {
	f := textinput.New()
	f.Prompt = ""
	f.CharLimit = limit
	f.KeyMap.Paste.SetEnabled(false)
	setFieldStyles(&f, st)
	f.Focus()
	return f
}

// setFieldStyles paints a text field with st.
func setFieldStyles(f *textinput.Model, st *ui.Styles) {
	fs := st.Input
	fs.Cursor.Blink = false
	f.SetStyles(fs)
}
