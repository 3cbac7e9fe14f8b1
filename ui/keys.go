package ui

import (
	"sync"

	"charm.land/bubbles/v2/key"

	"github.com/millebornes/mille/lang"
)

// KeyMap is every key of the game. Bindings that do nothing in the current
// situation are disabled (and so hidden from help) by Model.syncKeys.
type KeyMap struct {
	Left, Right key.Binding // move the selection over the hand
	Play        key.Binding // play the selected card (or confirm a BSD U/D)
	Discard     key.Binding // discard the selected card
	Slot        key.Binding // 1-6 and P: select a slot (after U or D: name it)
	Use         key.Binding // BSD U n
	DiscardN    key.Binding // BSD D n
	Pick        key.Binding // BSD P
	Order       key.Binding // BSD O
	Window      key.Binding // BSD W
	Redraw      key.Binding // BSD R and Ctrl-L
	Save        key.Binding // BSD S
	Load        key.Binding // the load picker
	Stats       key.Binding // lifetime statistics
	Folder      key.Binding // tab in the save dialog: name or folder
	Quit        key.Binding // BSD Q
	Undo        key.Binding
	Hint        key.Binding
	Review      key.Binding // the game review of the hand just over
	NewGame     key.Binding
	Guide       key.Binding
	LogUp       key.Binding
	LogDown     key.Binding
	Bell        key.Binding
	Lang        key.Binding // the next language
	Speed       key.Binding
	Help        key.Binding
	Cancel      key.Binding
	Yes, No     key.Binding // prompts
	Default     key.Binding // the highlighted answer of a prompt
	DontSave    key.Binding // leave a game for another without saving it
	Up, Down    key.Binding // forms
	Interrupt   key.Binding // ctrl+c: leave at once (the game goes to the autosave)
	Backspace   key.Binding // forget the slot typed after U or D

	// The rules guide and the new-game screen.
	PrevPage, NextPage key.Binding
	GoPage             key.Binding // 1-7: a page of the guide
	Close              key.Binding
	NextField          key.Binding // tab
	Start              key.Binding // enter on the new-game screen
	Toggle             key.Binding // space: next choice of a field
}

// DefaultKeyMap returns the keys: BSD mille's letters plus arrows, Enter and
// the mouse, their help in the language l.
func DefaultKeyMap(l *lang.Catalogue) KeyMap {
	return KeyMap{
		Left:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", l.T(lang.KeyPrevCard))),
		Right:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", l.T(lang.KeyNextCard))),
		Play:      key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.KeyPlay))),
		Discard:   key.NewBinding(key.WithKeys("x", "delete"), key.WithHelp("x", l.T(lang.KeyDiscard))),
		Slot:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6"), key.WithHelp("1-6", l.T(lang.KeySelect))),
		Use:       key.NewBinding(key.WithKeys("u", "U"), key.WithHelp("u n", l.T(lang.KeyUseN))),
		DiscardN:  key.NewBinding(key.WithKeys("d", "D"), key.WithHelp("d n", l.T(lang.KeyDiscardN))),
		Pick:      key.NewBinding(key.WithKeys("p", "P"), key.WithHelp("p", l.T(lang.KeyPick))),
		Order:     key.NewBinding(key.WithKeys("o", "O"), key.WithHelp("o", l.T(lang.KeyOrder))),
		Window:    key.NewBinding(key.WithKeys("w", "W"), key.WithHelp("w", l.T(lang.KeyWindow))),
		Redraw:    key.NewBinding(key.WithKeys("r", "R", "ctrl+l"), key.WithHelp("r", l.T(lang.KeyRedraw))),
		Save:      key.NewBinding(key.WithKeys("s", "S", "ctrl+s"), key.WithHelp("s", l.T(lang.KeySave))),
		Load:      key.NewBinding(key.WithKeys("L"), key.WithHelp("L", l.T(lang.KeyLoad))), // l is "next card"
		Stats:     key.NewBinding(key.WithKeys("i", "I"), key.WithHelp("i", l.T(lang.KeyStats))),
		Folder:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", l.T(lang.KeyFolder))),
		Quit:      key.NewBinding(key.WithKeys("q", "Q"), key.WithHelp("q", l.T(lang.KeyQuit))),
		Undo:      key.NewBinding(key.WithKeys("z", "Z"), key.WithHelp("z", l.T(lang.KeyUndo))),
		Hint:      key.NewBinding(key.WithKeys("t", "T"), key.WithHelp("t", l.T(lang.KeyHint))),
		Review:    key.NewBinding(key.WithKeys("v", "V"), key.WithHelp("v", l.T(lang.KeyReview))),
		NewGame:   key.NewBinding(key.WithKeys("n", "N"), key.WithHelp("n", l.T(lang.KeyNewGame))),
		Guide:     key.NewBinding(key.WithKeys("g", "G", "f1"), key.WithHelp("g", l.T(lang.KeyGuide))),
		LogUp:     key.NewBinding(key.WithKeys("pgup", "["), key.WithHelp("[/]", l.T(lang.KeyScrollLog))),
		LogDown:   key.NewBinding(key.WithKeys("pgdown", "]")),
		Bell:      key.NewBinding(key.WithKeys("b", "B"), key.WithHelp("b", l.T(lang.KeyBell))),
		Lang:      key.NewBinding(key.WithKeys("f", "F"), key.WithHelp("f", l.T(lang.KeyLang))),
		Speed:     key.NewBinding(key.WithKeys("a", "A"), key.WithHelp("a", l.T(lang.KeySpeed))),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", l.T(lang.KeyMore))),
		Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp(l.T(lang.KeyEsc), l.T(lang.KeyCancel))),
		Yes:       key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", l.T(lang.KeyYes))),
		Default:   key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.KeyDefault))),
		No:        key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n", l.T(lang.KeyNo))),
		DontSave:  key.NewBinding(key.WithKeys("d", "D"), key.WithHelp("d", l.T(lang.KeyDontSave))),
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", l.T(lang.KeyField))),
		Down:      key.NewBinding(key.WithKeys("down", "j")),
		Interrupt: key.NewBinding(key.WithKeys("ctrl+c")),
		Backspace: key.NewBinding(key.WithKeys("backspace")),
		PrevPage:  key.NewBinding(key.WithKeys("left", "h", "p", "pgup", "backspace"), key.WithHelp("←", l.T(lang.KeyPrevPage))),
		NextPage:  key.NewBinding(key.WithKeys("right", "l", "pgdown", "space", "enter"), key.WithHelp("→", l.T(lang.KeyNextPage))),
		GoPage:    key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7"), key.WithHelp("1-7", l.T(lang.KeyPage))),
		Close:     key.NewBinding(key.WithKeys("esc", "q", "g"), key.WithHelp(l.T(lang.KeyEsc), l.T(lang.KeyClose))),
		NextField: key.NewBinding(key.WithKeys("tab")),
		Start:     key.NewBinding(key.WithKeys("enter"), key.WithHelp(l.T(lang.KeyEnter), l.T(lang.KeyStart))),
		Toggle:    key.NewBinding(key.WithKeys("space"), key.WithHelp("space", l.T(lang.KeyNextChoice))),
	}
}

// keyMaps are the key maps of the languages, one each, shared by every
// board and screen that speaks it: a map is some 3 KB and its bindings'
// keys as much again, which a server held for each of its sessions (issue
// 36). Who changes keys (keysNow, the dialogs) changes a copy.
var keyMaps sync.Map // *lang.Catalogue -> *KeyMap

// keyMapIn is the key map of language l, made once.
func keyMapIn(l *lang.Catalogue) *KeyMap {
	if k, ok := keyMaps.Load(l); ok {
		return k.(*KeyMap)
	}
	k := DefaultKeyMap(l)
	shared, _ := keyMaps.LoadOrStore(l, &k)
	return shared.(*KeyMap)
}

// ShortHelp is the bar at the bottom: the keys that matter now.
func (k KeyMap) ShortHelp() []key.Binding {
	sel := k.Left
	sel.SetHelp("←→/1-6", k.Slot.Help().Desc)
	if k.Yes.Enabled() { // a question: its buttons' keys (q too) before the others, then the hint
		return []key.Binding{k.Yes, k.DontSave, k.No, k.Default, k.Quit, k.Undo, k.Hint, k.Review, k.Window}
	}
	return []key.Binding{k.Yes, k.DontSave, k.No, k.Default, sel, k.Play, k.Discard, k.Folder, k.Cancel, k.Undo, k.Hint, k.Help, k.Review, k.Window, k.Quit}
}

// FullHelp is the help shown by '?', in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.Slot, k.Play, k.Discard, k.Cancel},
		{k.Use, k.DiscardN, k.Pick, k.Order, k.Window, k.Redraw},
		{k.Undo, k.Hint, k.LogUp, k.Save, k.Load, k.Quit},
		{k.NewGame, k.Guide, k.Stats, k.Bell, k.Speed, k.Lang, k.Review},
		{k.Yes, k.No, k.Default, k.Up},
	}
}
