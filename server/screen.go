package server

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// screen is the Bubble Tea model of one SSH session: the name prompt at a
// player's first login, then the lobby. It reads the lobby but never a
// room's state.
type screen struct {
	lobby *Lobby
	users *Users
	id    string // the player's key fingerprint
	room  string // the room asked for on the ssh command line

	name   string
	naming bool   // asking the name
	input  string // the name typed so far
	msg    string // the last error, shown under the prompt
	rooms  []RoomInfo
	width  int
}

func newScreen(lobby *Lobby, users *Users, id, room string, width int) *screen {
	s := &screen{lobby: lobby, users: users, id: id, room: room, width: width}
	s.name, _ = users.Name(id)
	s.naming = s.name == ""
	s.rooms = lobby.List()
	return s
}

// Init implements tea.Model.
func (s *screen) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (s *screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.width = msg.Width
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return s, tea.Quit
		}
		if s.naming {
			return s, s.typeName(msg)
		}
		switch msg.String() {
		case "q", "esc":
			return s, tea.Quit
		case "r":
			s.rooms = s.lobby.List()
		}
	}
	return s, nil
}

// typeName edits the name prompt.
func (s *screen) typeName(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "esc":
		return tea.Quit
	case "enter":
		name := strings.TrimSpace(s.input)
		if err := s.users.SetName(s.id, name); err != nil {
			s.msg = err.Error()
			return nil
		}
		s.name, s.naming, s.msg = name, false, ""
		s.rooms = s.lobby.List()
	case "backspace":
		if r := []rune(s.input); len(r) > 0 {
			s.input = string(r[:len(r)-1])
		}
	default:
		if msg.Text != "" && len([]rune(s.input+msg.Text)) <= MaxNameLen {
			s.input += msg.Text
		}
	}
	return nil
}

// View implements tea.Model.
func (s *screen) View() tea.View {
	var b strings.Builder
	b.WriteString("mille: Mille Bornes over SSH\n\n")
	if s.naming {
		b.WriteString("Welcome! Your SSH key is your identity here; choose the name others will see.\n\n")
		fmt.Fprintf(&b, "Name: %s_\n", s.input)
		if s.msg != "" {
			fmt.Fprintf(&b, "\n%s\n", s.msg)
		}
		b.WriteString("\nenter: done   esc: leave\n")
	} else {
		fmt.Fprintf(&b, "Hello, %s.\n\n", s.name)
		if s.room != "" {
			fmt.Fprintf(&b, "Room %q: joining rooms from here is not ready yet.\n\n", s.room)
		}
		if len(s.rooms) == 0 {
			b.WriteString("Rooms: none open.\n")
		} else {
			b.WriteString("Rooms:\n")
			for _, r := range s.rooms {
				state := "waiting"
				if r.Started {
					state = "playing"
				}
				fmt.Fprintf(&b, "  %-20s %d players, %s rules, %d people, %s\n", r.Name, r.Players, r.Rules, r.Humans, state)
			}
		}
		b.WriteString("\nr: refresh   q: leave\n")
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}
