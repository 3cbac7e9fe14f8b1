package lobby

import (
	"slices"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/internal/servertest"
)

// TestRatedRoom: a rated room's game, played to its end, rates its people
// (and not a casual room's); the ranking lists them among the house
// computers, and each one's line tells their game and its change.
func TestRatedRoom(t *testing.T) {
	st := servertest.NewStore(t)
	l := NewLobby(0)
	l.Store, l.Ratings, l.Now = st, st, servertest.NewClock().Now
	defer l.Close()
	for key, name := range map[string]string{"key-a": "Ada", "key-b": "Ben"} {
		servertest.Must(t, st.ClaimName(bg, key, name, names.Skeleton(name)))
	}
	users := []string{"key-a", "key-b"}
	play := func(room string, rated bool, seed uint64) engine.State {
		cfg := servertest.Config(2, engine.Standard, seed)
		cfg.Rated = rated
		a, err := l.Create(bg, room, "key-a", "Ada", 0, cfg)
		servertest.Must(t, err)
		_, err = l.Join(bg, room, "key-b", "Ben", 1)
		servertest.Must(t, err)
		servertest.Must(t, a.Start())
		servertest.PlayTo(t, l.roomOf(a), users, func(s engine.State) bool { return s.Phase == engine.PhaseGameOver })
		l.Checkpoint(false) // what Keep does when a hand ends
		return l.roomOf(a).State()
	}
	play("casual", false, 5)
	if list, err := l.Ranking(10); err != nil || len(list) != 4 || !list[0].House {
		t.Fatalf("the ranking after a casual game: %+v %v", list, err)
	}
	over := play("duel", true, 6)
	winner := "Ada"
	if over.Winner != 0 {
		winner = "Ben"
	}
	list, err := l.Ranking(10)
	if err != nil || len(list) != 6 {
		t.Fatalf("the ranking after a rated game: %+v %v", list, err)
	}
	for i, r := range list {
		if r.Rank != i+1 || i > 0 && r.Rating > list[i-1].Rating {
			t.Fatalf("the ranking is out of order: %+v", list)
		}
	}
	for _, name := range []string{"Ada", "Ben"} {
		r, games, ok, err := l.Rank(name, 5)
		if err != nil || !ok || r.Games != 1 || !r.Provisional || len(games) != 1 || games[0].Room != "duel" || games[0].Won != (name == winner) {
			t.Fatalf("%s's line: %+v %+v %v %v", name, r, games, ok, err)
		}
		fresh := rating.Display(rating.Default().New())
		if games[0].Rating != r.Rating || games[0].Change != r.Rating-fresh {
			t.Fatalf("%s's game: %+v, rating %d, from %d", name, games[0], r.Rating, fresh)
		}
		if change, now, ok := l.LastChange(map[string]string{"Ada": "key-a", "Ben": "key-b"}[name], "duel", over.Seed); !ok || now != r.Rating || change != games[0].Change {
			t.Fatalf("%s's last change: %+d, now %d, %v", name, change, now, ok)
		}
		// Another room of the same name, later, another deal: its game
		// is not this one, and not yet rated.
		if change, now, ok := l.LastChange(map[string]string{"Ada": "key-a", "Ben": "key-b"}[name], "duel", over.Seed+1); ok {
			t.Fatalf("%s's change in the next room called duel, not rated yet: %+d, now %d", name, change, now)
		}
	}
	if _, _, ok, err := l.Rank("Cyd", 5); ok || err != nil {
		t.Fatalf("a name nobody has: %v %v", ok, err)
	}
	if r, _, ok, err := l.Rank("MEDIUM", 5); !ok || err != nil || !r.House || r.Rating != rating.DisplayAnchor {
		t.Fatalf("medium's line: %+v %v %v", r, ok, err)
	}
}

// TestHandsOf: the points of a game's hands add up to its totals.
func TestHandsOf(t *testing.T) {
	for _, players := range []int{2, 3, 4, 6} {
		g, err := record.New(engine.Config{Players: players, Rules: engine.Standard}, uint64(players), slices.Repeat([]record.Seat{{Human: true}}, players))
		servertest.Must(t, err)
		var buf [engine.MaxLegal]engine.Action
		for g.State.Phase != engine.PhaseGameOver {
			a := engine.Continue
			if !g.State.HandOver() {
				o := engine.Observe(&g.State, g.State.ToAct())
				a = o.Legal(buf[:0])[0]
			}
			servertest.Must(t, g.Apply(a))
		}
		hands := handsOf(g)
		if len(hands) < 2 {
			t.Fatalf("%d players: %d hands", players, len(hands))
		}
		for side := range g.State.Sides() {
			sum := 0
			for _, h := range hands {
				sum += h[side]
			}
			if sum != int(g.State.Totals[side]) {
				t.Fatalf("%d players, side %d: hands add up to %d, the total is %d", players, side, sum, g.State.Totals[side])
			}
		}
	}
}
