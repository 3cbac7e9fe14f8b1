package screens

import (
	"strings"
	"testing"
	"testing/synctest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/table"
)

// TestRefusalsInFrench (issue 23): a French session reads the lobby's
// and the waiting room's refusals in French: a name another player has,
// a computer's name, a room that exists, a room with no name, a guest's
// start.
func TestRefusalsInFrench(t *testing.T) { synctest.Test(t, refusalsInFrench) }

func refusalsInFrench(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	ann := session(t, l, users, "key-a", "friday", 80)
	drive(t, ann, ann.Init())
	settle(t, ann)

	fr := &lang.French
	s := session(t, l, users, "key-new", "", 80)
	s.SetLang(fr)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	erase := tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl} // the whole name typed
	for _, tc := range []struct {
		name, want string
	}{
		{"ada", fr.T(lang.RefNameTaken)},
		{"Computer", fr.T(lang.RefNameMille)},
		{"Zoé", ""},
	} {
		s.Update(erase)
		typeKeys(t, s, keys(tc.name, "enter")...)
		if s.message() != tc.want {
			t.Errorf("name %q: %q, want %q", tc.name, s.message(), tc.want)
		}
	}
	if s.Naming() {
		t.Fatalf("Zoé refused: %q", s.message())
	}
	// The form with the name of Ada's room, then with no name.
	back := strings.Fields(strings.Repeat("backspace ", 8))
	for _, tc := range []struct {
		keys []string
		want string
	}{
		{append(append([]string{"n"}, back...), "friday", "enter"), fr.T(lang.RefRoomExists)},
		{append(back, "enter"), fr.T(lang.RefRoomName, lobby.MaxRoomName)},
	} {
		typeKeys(t, s, keys(tc.keys...)...)
		if s.message() != tc.want {
			t.Errorf("the form: %q, want %q", s.message(), tc.want)
		}
		if text := strings.Join(strings.Fields(ansi.Strip(s.View().Content)), " "); !strings.Contains(text, strings.Join(strings.Fields(tc.want), " ")) {
			t.Errorf("the screen does not show %q:\n%s", tc.want, text)
		}
	}
	// A guest's start in the waiting room.
	bob := session(t, l, users, "key-b", "friday", 80)
	bob.SetLang(fr)
	drive(t, bob, bob.Init())
	settle(t, bob)
	bob.Update(press("s"))
	if want := fr.Error(table.ErrNotHost); bob.message() != want || want == lang.English.Error(table.ErrNotHost) {
		t.Errorf("Ben's start: %q, want %q", bob.message(), want)
	}
}

// TestRefusalFollowsLanguage: a sentence under the lobby's list (a room
// that closed since the list was read, a room that ended) is said in the
// language of the moment: f after it shows it in French, not in the
// English it was first drawn in.
func TestRefusalFollowsLanguage(t *testing.T) { synctest.Test(t, refusalFollowsLanguage) }

func refusalFollowsLanguage(t *testing.T) {
	l, users := lobbyOfAnnAndBob(t)
	fr := &lang.French
	for _, tc := range []struct {
		name, room string // the room asked for on the command line
		make       func(s *Screen)
		want       string
	}{
		{"a room gone", "", func(s *Screen) {
			s.list.rooms = []lobby.RoomInfo{{Name: "gone", Players: 2, Rules: "standard", Level: "easy"}} // read before it closed
			do(t, s, keys("enter")[0])
		}, fr.T(lang.RefNoRoom)},
		{"a room ended", "ended", func(s *Screen) {
			drive(t, s, s.Init())
			settle(t, s)
			s.Update(updateMsg{s.conn, table.View{}, false})
		}, fr.T(lang.SrvRoomEnded)},
	} {
		s := session(t, l, users, "key-b", tc.room, 80)
		s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		tc.make(s)
		if s.message() == "" || s.conn != nil {
			t.Fatalf("%s: no sentence in the lobby (in a room: %v)", tc.name, s.conn != nil)
		}
		english := s.message()
		s.Update(press("f"))
		text := strings.Join(strings.Fields(ansi.Strip(s.View().Content)), " ")
		if !strings.Contains(text, tc.want) || strings.Contains(text, english) {
			t.Errorf("%s: after f the lobby does not say %q (it said %q):\n%s", tc.name, tc.want, english, text)
		}
	}
}
