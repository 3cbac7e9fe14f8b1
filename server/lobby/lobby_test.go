package lobby

import (
	"errors"
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/table"
)

func TestLobby(t *testing.T) {
	l := NewLobby(2)
	defer l.Close()
	cfg := servertest.Config(2, engine.Standard, 1)
	steps := []struct {
		name string
		user string
		err  error
	}{
		{"", "a", ErrRoomName},
		{"a room", "a", ErrRoomName},
		{"abcdefghijklmnopqrstu", "a", ErrRoomName},
		{"beta", "a", nil},
		{"beta", "b", ErrRoomExists},
		{"alpha", "b", nil},
		{"gamma", "c", ErrTooManyRooms},
	}
	conns := map[string]*table.Conn{}
	for i, st := range steps {
		c, err := l.Create(bg, st.name, st.user, st.user, -1, cfg)
		if !errors.Is(err, st.err) {
			t.Fatalf("step %d: create %q: %v, want %v", i, st.name, err, st.err)
		}
		if err == nil {
			conns[st.name] = c
		}
	}
	list := l.List()
	if len(list) != 2 || list[0].Name != "alpha" || list[1].Name != "beta" || list[0].Humans != 1 {
		t.Fatalf("list: %+v", list)
	}
	if _, err := l.Join(bg, "nope", "d", "D", -1); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("join a missing room: %v", err)
	}
	d, err := l.Join(bg, "beta", "d", "D", -1)
	if err != nil || d.Seat() != 1 {
		t.Fatalf("join beta: %v", err)
	}

	// Everybody leaves alpha before its start: it ends and makes room.
	conns["alpha"].Leave()
	if _, err := l.Join(bg, "alpha", "b", "B", -1); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("join an ended room: %v", err)
	}
	if l.Room("alpha") != nil {
		t.Fatal("an empty room stays in the lobby")
	}
	if _, err := l.Create(bg, "gamma", "c", "C", -1, cfg); err != nil {
		t.Fatalf("create after a room ended: %v", err)
	}
}

// TestRoomOrder: the lobby lists rooms as a person reads their names,
// numbers by their value.
func TestRoomOrder(t *testing.T) {
	for _, tc := range []struct {
		names, want []string
	}{
		{[]string{"room10", "room2", "room1", "room11"}, []string{"room1", "room2", "room10", "room11"}},
		{[]string{"b", "a10", "a9", "a"}, []string{"a", "a9", "a10", "b"}},
		{[]string{"t2-10", "t2-9", "t10-1"}, []string{"t2-9", "t2-10", "t10-1"}},
		{[]string{"x01", "x1", "x001"}, []string{"x001", "x01", "x1"}},
		{[]string{"Zed", "ada", "10", "9"}, []string{"9", "10", "Zed", "ada"}},
		{[]string{"room1a", "room1", "room01b"}, []string{"room1", "room1a", "room01b"}},
	} {
		got := slices.Clone(tc.names)
		slices.SortFunc(got, roomOrder)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v sorted: %v, want %v", tc.names, got, tc.want)
		}
		for _, a := range tc.names {
			for _, b := range tc.names {
				if c, d := roomOrder(a, b), roomOrder(b, a); c != -d || (c == 0) != (a == b) {
					t.Errorf("roomOrder(%q, %q) = %d, the other way %d", a, b, c, d)
				}
			}
		}
	}
}
