package screens

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
	"github.com/millebornes/mille/ui"
)

// bg is the context of the tests' calls of the lobby and the store.
var bg = context.Background()

// TestScreensFit: each screen around the board lists its keys whole, and
// no line is wider than the terminal: a key line too long for one line
// shows in columns.
func TestScreensFit(t *testing.T) { synctest.Test(t, screensFit) }

func screensFit(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	ann := session(t, l, users, "key-a", "friday", 80)
	drive(t, ann, ann.Init())
	settle(t, ann)
	bob := session(t, l, users, "key-b", "friday", 80)
	drive(t, bob, bob.Init())
	settle(t, bob)
	users.SetName(bg, "key-c", "Col")
	cal := session(t, l, users, "key-c", "", 80)
	do(t, cal, press("w")) // the room under the cursor: friday
	settle(t, cal)
	form := session(t, l, users, "key-a", "", 80)
	do(t, form, press("n"))

	lobbyKeys := []string{"n: new room", "enter: join", "w: watch", "r: refresh", "q: leave"}
	tests := []struct {
		name   string
		s      *Screen
		widths []int
		want   []string
	}{
		{"name prompt", session(t, l, users, "key-new", "", 80), []int{80, 40}, []string{"Name:", "enter: done", "esc: leave"}},
		{"lobby", session(t, l, users, "key-b", "", 80), []int{80}, lobbyKeys},
		{"form", form, []int{80, 50}, []string{"> Name room1", "↑↓: field", "enter: create", "esc: back"}},
		{"host", ann, []int{100, 80, 56}, []string{"s: start", "1-4: take that seat", "t: other team", "w: watch instead", "q: leave the room"}},
		{"guest", bob, []int{80, 56}, []string{"Waiting for the host", "1-4: take that seat", "t: other team", "w: watch instead", "q: leave the room"}},
		{"onlooker", cal, []int{80, 56}, []string{"You are watching.", "1-4: take that free seat", "q: leave the room"}},
	}
	for _, tc := range tests {
		for _, w := range tc.widths {
			tc.s.Update(tea.WindowSizeMsg{Width: w, Height: 24})
			text := ansi.Strip(tc.s.View().Content)
			for _, line := range strings.Split(text, "\n") {
				if ansi.StringWidth(line) > w {
					t.Errorf("%s at %d columns: %q is wider", tc.name, w, line)
				}
			}
			words := strings.Join(strings.Fields(text), " ") // columns pad a key
			for _, want := range tc.want {
				if !strings.Contains(words, want) {
					t.Errorf("%s at %d columns: no %q in\n%s", tc.name, w, want, text)
				}
			}
			if tc.name != "host" && strings.Contains(text, "s: start") {
				t.Errorf("%s: the help offers to start:\n%s", tc.name, text)
			}
		}
	}
	// The field-changing keys are listed on the fields they change.
	form.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if text := ansi.Strip(form.View().Content); !strings.Contains(text, "←→: change a value") {
		t.Errorf("the form's players do not say left/right change them:\n%s", text)
	}
	form.Update(tea.KeyPressMsg{Code: tea.KeyDown}) // the rules: standard, dujardin or dujardin+500 for 4
	if text := ansi.Strip(form.View().Content); !strings.Contains(text, "←→: change a value") || !strings.Contains(text, "bsd is for 2 players") {
		t.Errorf("the form's rules for 4 players do not say left/right change them, or why bsd is not offered:\n%s", text)
	}
}

// TestNamePrompt: the first login's name field takes typing, its editing
// keys and a paste, up to lobby.MaxNameLen characters.
func TestNamePrompt(t *testing.T) { synctest.Test(t, nameTyped) }

func nameTyped(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	s := session(t, l, users, "key-new", "", 80)
	for _, k := range keys("Ada Bornes and more") {
		s.Update(k)
	}
	if got := s.prompt.field.Value(); got != "Ada Bornes a" {
		t.Errorf("typed %q, want the first %d characters", got, lobby.MaxNameLen)
	}
	s.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // erase before the cursor
	s.Update(tea.PasteMsg{Content: "Zoé"})
	s.Update(keys("backspace")[0])
	do(t, s, keys("enter")[0])
	if name, _ := users.Name(bg, "key-new"); name != "Zo" || s.Naming() {
		t.Errorf("name %q (still asking: %v), want Zo", name, s.Naming())
	}
}

// TestRefusalForgotten: a refusal in the waiting room goes with the next
// key, also when that key takes the person elsewhere.
func TestRefusalForgotten(t *testing.T) { synctest.Test(t, refusalForgotten) }

func refusalForgotten(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	ann := session(t, l, users, "key-a", "friday", 80)
	drive(t, ann, ann.Init())
	settle(t, ann)
	bob := session(t, l, users, "key-b", "friday", 80)
	drive(t, bob, bob.Init())
	settle(t, bob)
	bob.Update(press("s"))
	if bob.message() != lang.English.Error(table.ErrNotHost) {
		t.Fatalf("Ben's start: %q", bob.message())
	}
	bob.Update(press("w"))
	settle(t, bob)
	if bob.message() != "" || !bob.last.Watching {
		t.Errorf("after w: message %q, watching %v", bob.message(), bob.last.Watching)
	}
}

// TestTickListEndsWithSession (issue 22, 8): the lobby's refresh tick
// gives up as soon as the session ends; Bubble Tea's own Tick held each
// ended session's program for two seconds more, some 130 MB under a
// reconnect storm.
func TestTickListEndsWithSession(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		done := make(chan struct{})
		s := &Screen{Done: done}
		began := time.Now()
		got := make(chan tea.Msg, 1)
		go func() { got <- s.tickList()() }()
		close(done)
		if msg := <-got; msg != nil || time.Since(began) != 0 {
			t.Fatalf("the tick gave %v after %v, want nothing at once", msg, time.Since(began))
		}
		s.Done = nil
		if msg := s.tickList()(); msg != (listTick{}) || time.Since(began) != listEvery {
			t.Fatalf("the tick of a running session gave %v after %v", msg, time.Since(began))
		}
	})
}

// TestLobbyLanguage: f in the lobby speaks the next language there, its
// keys too, and the session's board will speak it.
func TestLobbyLanguage(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	s := session(t, l, users, "key-b", "", 80)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if text := ansi.Strip(s.View().Content); !strings.Contains(text, "Rooms:") || !strings.Contains(text, "f: language") {
		t.Fatalf("the lobby in English:\n%s", text)
	}
	s.Update(press("f"))
	// Columns pad a key; Fields also splits at the no-break space before
	// each colon.
	text := strings.Join(strings.Fields(ansi.Strip(s.View().Content)), " ")
	for _, want := range []string{"Bonjour, Ben.", "Salles : aucune", "n : nouvelle salle", "f : langue", "mille : Mille Bornes par SSH"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the French lobby:\n%s", want, text)
		}
	}
	if s.lang != &lang.French || s.keys.waiting.Start.Help().Desc != "commencer" {
		t.Errorf("the session speaks %s, its waiting room's s %q", s.lang.Tag, s.keys.waiting.Start.Help().Desc)
	}
}

// TestCommandsNotBroken (issue 24, 20): the name prompt's box never
// breaks the command it tells (ssh HOST plain) across two lines, at any
// width, in either language: at 100 columns it once read "ssh" at a
// line's end and "HOST plain)." on the next.
func TestCommandsNotBroken(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	for _, tc := range []struct {
		cat *lang.Catalogue
		cmd string
	}{{&lang.English, "ssh HOST plain"}, {&lang.French, "ssh HÔTE plain"}} {
		for w := ui.MinWidth; w <= 160; w++ {
			s := session(t, l, users, "key-new", "", w)
			s.SetLang(tc.cat)
			s.Update(tea.WindowSizeMsg{Width: w, Height: 30})
			text := ansi.Strip(s.View().Content)
			if !strings.Contains(text, tc.cmd) {
				t.Fatalf("%d columns: %q is broken:\n%s", w, tc.cmd, text)
			}
		}
	}
}

// TestRetiredNamePrompt: a name an earlier version kept that is now a
// computer's (issue 24, 10) brings the name prompt back at login, saying
// why, in the player's language; the new name is kept for the same key.
func TestRetiredNamePrompt(t *testing.T) { synctest.Test(t, retiredNamePrompt) }

func retiredNamePrompt(t *testing.T) {
	st := servertest.NewStore(t)
	if err := st.SetName(bg, "key-old", "B0b"); err != nil { // as an earlier version kept it
		t.Fatal(err)
	}
	users := lobby.NewUsers(st)
	l := lobby.NewLobby(0)
	t.Cleanup(l.Close)
	s := session(t, l, users, "key-old", "", 100)
	if !s.Naming() {
		t.Fatal("a computer's name was taken at login")
	}
	if text := ansi.Strip(s.View().Content); !strings.Contains(strings.Join(strings.Fields(text), " "), "Your name B0b is now one mille gives its computer players") {
		t.Errorf("the prompt does not say why:\n%s", text)
	}
	s.SetLang(&lang.French)
	if text := ansi.Strip(s.View().Content); !strings.Contains(strings.Join(strings.Fields(text), " "), "Votre nom B0b est désormais") {
		t.Errorf("the prompt does not say why in French:\n%s", text)
	}
	for _, k := range keys("Zoe") {
		s.Update(k)
	}
	do(t, s, keys("enter")[0])
	if name, _ := users.Name(bg, "key-old"); name != "Zoe" || s.Naming() {
		t.Errorf("name %q (still asking: %v), want Zoe", name, s.Naming())
	}
}

// downStore is a store whose database is out of reach.
type downStore struct{ store.Store }

var errDown = errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")

func (downStore) Name(context.Context, string) (string, bool, error) { return "", false, errDown }
func (downStore) ClaimName(context.Context, string, string, string) error {
	return errDown
}

// TestNamePromptStoreDown (issue 32): a returning player while the
// database is out of reach is told so at the name prompt, in their
// language, rather than greeted as a newcomer; a name typed is refused
// saying why and how to leave; and quit quits.
func TestNamePromptStoreDown(t *testing.T) { synctest.Test(t, namePromptStoreDown) }

func namePromptStoreDown(t *testing.T) {
	l := lobby.NewLobby(0)
	t.Cleanup(l.Close)
	users := lobby.NewUsers(downStore{})
	s := session(t, l, users, "key-back", "", 100)
	if !s.Naming() {
		t.Fatal("no name prompt")
	}
	flat := func() string { return strings.Join(strings.Fields(ansi.Strip(s.View().Content)), " ") }
	if text := flat(); !strings.Contains(text, "cannot reach its database") {
		t.Errorf("the prompt does not say the database is out of reach:\n%s", text)
	}
	s.SetLang(&lang.French)
	if text := flat(); !strings.Contains(text, "n'atteint pas sa base de données") {
		t.Errorf("the prompt does not say it in French:\n%s", text)
	}
	s.SetLang(&lang.English)
	for _, k := range keys("Ada") {
		s.Update(k)
	}
	do(t, s, keys("enter")[0])
	if text := flat(); !s.Naming() || s.message() == "" || !strings.Contains(text, "type quit to leave") {
		t.Errorf("a name refused with the database down reads:\n%s", text)
	}
	s.prompt.field.SetValue("")
	for _, k := range keys("quit") {
		s.Update(k)
	}
	if _, cmd := s.Update(keys("enter")[0]); cmd == nil {
		t.Fatal("quit does not quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("quit does not quit")
	}
}

// TestSeatInACommand: a seat is looked for in a command, not in Update
// (the store may be slow): meanwhile the screen says which room it joins,
// not the lobby, and a second key that would look for one does nothing;
// the seat comes with the command's message.
func TestSeatInACommand(t *testing.T) { synctest.Test(t, seatInACommand) }

func seatInACommand(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	if _, err := l.Create(bg, "friday", "key-a", "Ada", -1, lobby.DefaultRoom); err != nil {
		t.Fatal(err)
	}
	ben := session(t, l, users, "key-b", "", 80)
	ben.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	_, cmd := ben.Update(keys("enter")[0]) // the room under the cursor: friday
	if ben.conn != nil {
		t.Fatal("Update took the seat itself")
	}
	if v := ansi.Strip(ben.View().Content); !strings.Contains(v, "Joining room friday") || strings.Contains(v, "n: new room") {
		t.Fatalf("while the seat is looked for:\n%s", v)
	}
	if _, again := ben.Update(keys("enter")[0]); again != nil {
		t.Fatal("a second Enter looks for a second seat")
	}
	drive(t, ben, cmd)
	if ben.conn == nil || ben.conn.Table().Name() != "friday" {
		t.Fatalf("no seat after the command: %s", ben.message())
	}
}

// TestSeatAfterTheSession: a seat a command finds after the session has
// ended (its message never read), or before but not yet taken by Update,
// is given up with the session: it once stayed connected for good, a
// player gone still "here" in the room.
func TestSeatAfterTheSession(t *testing.T) {
	for _, late := range []bool{true, false} {
		l, users := lobbyOfAnnAndBob(t)
		if _, err := l.Create(bg, "friday", "key-a", "Ada", -1, lobby.DefaultRoom); err != nil {
			t.Fatal(err)
		}
		ben := session(t, l, users, "key-b", "", 80)
		find := ben.lobbyKey(keys("enter")[0]) // the room under the cursor: friday
		if late {
			ben.Leave() // the session ends first
			if m := find(); m != nil {
				t.Fatalf("a seat found after the session's end is still sent: %+v", m)
			}
		} else {
			m := find()
			ben.Leave() // the session ends with the message unread
			ben.Update(m)
		}
		if s := l.Room("friday").Seats(); s[1].Human && s[1].Connected {
			t.Fatalf("late %v: Ben's seat stays connected after his session: %+v", late, s[1])
		}
	}
}
