package screens

import (
	"testing"
	"testing/synctest"

	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// TestEnterKeptRoom: ssh HOST fam, when the server keeps a game called
// fam that is not open, brings that game back: its player takes their
// seat, a stranger watches, and nobody makes a new room over it.
func TestEnterKeptRoom(t *testing.T) { synctest.Test(t, enterKeptRoom) }

func enterKeptRoom(t *testing.T) {
	st := servertest.NewStore(t)
	g := servertest.Play2(t, 10)
	g.UI = map[string]string{lobby.UIHost: "key-a", lobby.UIUser + "0": "key-a", lobby.UIUser + "1": "key-b", lobby.UILevel: "easy"}
	servertest.Must(t, st.PutRoom(bg, store.Room{Name: "fam", Game: g, Host: "key-a", Players: []string{"key-a", "key-b"}, Saved: true}, "key-a"))
	l := lobby.NewLobby(0)
	l.Store, l.Now = st, servertest.NewClock().Now
	defer l.Close()
	users := lobby.NewUsers(servertest.NewStore(t))
	users.SetName(bg, "key-b", "Ben")
	users.SetName(bg, "key-x", "Xan")
	for _, tc := range []struct {
		key   string
		watch bool
	}{{"key-b", false}, {"key-x", true}} {
		s := session(t, l, users, tc.key, "fam", 80)
		drive(t, s, s.Init())
		if s.conn == nil {
			t.Fatalf("%s: not in the room: %s", tc.key, s.message())
		}
		if s.conn.Watching() != tc.watch || !tc.watch && s.conn.Seat() != 1 {
			t.Fatalf("%s: watching %v, seat %d", tc.key, s.conn.Watching(), s.conn.Seat())
		}
		if r := l.Room("fam"); r == nil || !r.Restored() {
			t.Fatal("the kept game is not the open room")
		}
	}
}
