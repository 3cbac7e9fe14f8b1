package lobby

import (
	"fmt"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/server/internal/servertest"
)

// BenchmarkRoomSave measures Admission.Save (Lobby.saveConn) of a 2-player room after n actions:
// the snapshot under the room's lock, then package save's checks (a replay
// of the whole history) and the atomic write, outside it.
func BenchmarkRoomSave(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			l := NewLobby(0)
			l.Store = servertest.NewStore(b)
			defer l.Close()
			a, err := l.Create(bg, "bench", "a", "A", 0, servertest.Config(2, engine.Standard, 1))
			if err != nil {
				b.Fatal(err)
			}
			l.Join(bg, "bench", "b", "B", 1)
			a.Start()
			r := l.roomOf(a)
			var buf [engine.MaxLegal]engine.Action
			for range n {
				s := r.State()
				o := engine.Observe(&s, s.ToAct())
				user := []string{"a", "b"}[s.ToAct()]
				if err := r.Act(user, o.Legal(buf[:0])[0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for range b.N {
				if _, err := l.saveConn(a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
