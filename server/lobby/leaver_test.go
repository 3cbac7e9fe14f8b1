package lobby

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/internal/pgtest"
	"github.com/millebornes/mille/server/internal/servertest"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// ratedLobbies are the lobbies a rated leaver's test runs on: one server
// on SQLite, and a server of a cluster on PostgreSQL, whose results are
// fenced writes (skipped without a cluster, as pgtest says).
var ratedLobbies = []struct {
	name string
	open func(t *testing.T) *Lobby
}{
	{"sqlite", func(t *testing.T) *Lobby {
		st := servertest.NewStore(t)
		l := NewLobby(0)
		l.Store, l.Ratings = st, st
		t.Cleanup(l.Close)
		return l
	}},
	{"postgres", func(t *testing.T) *Lobby {
		st, err := store.OpenPostgres(pgtest.URL(t))
		servertest.Must(t, err)
		l := NewLobby(0)
		l.Store, l.Ratings, l.Logf = st, st, t.Logf
		l.Cluster = &Cluster{Shared: st, ID: "a", Addr: "a:2222"}
		t.Cleanup(func() { l.Close(); st.Close() })
		return l
	}},
}

// ratingOf is key's rating in l's store, and the games it counts.
func ratingOf(t *testing.T, l *Lobby, key string) (rating.Rating, int) {
	t.Helper()
	p, ok, err := l.Ratings.Rating(context.Background(), key)
	if err != nil || !ok {
		t.Fatalf("%s not rated: %v", key, err)
	}
	return p.Rating, p.Games
}

// TestRatedLeaverDeserts: a person alone at a rated table who leaves it
// in play keeps their seat for the grace period, and is not rated while
// they may come back; once it ran out the table ends and the game is
// their loss against the house computer, rated once, on SQLite and on a
// cluster's PostgreSQL. Time is synctest's: the grace period is waited
// for, not simulated.
func TestRatedLeaverDeserts(t *testing.T) {
	for _, db := range ratedLobbies {
		t.Run(db.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				l := db.open(t)
				cfg := servertest.Config(2, engine.Standard, 11)
				cfg.Rated = true
				ada, err := l.Create(bg, "alone", "key-a", "Ada", 0, cfg)
				servertest.Must(t, err)
				servertest.Must(t, ada.Start())
				for range 3 {
					playOn(t, l, ada)
				}
				ada.Leave()
				time.Sleep(cfg.Grace - time.Second)
				l.Sweep()
				if _, ok, _ := l.Ratings.Rating(bg, "key-a"); ok || l.Room("alone") == nil {
					t.Fatal("rated, or the room ended, within the grace period")
				}
				time.Sleep(2 * time.Second)
				l.Sweep()
				if l.Room("alone") != nil {
					t.Fatal("the room outlived its last person's grace period")
				}
				r, games := ratingOf(t, l, "key-a")
				want, err := store.Model.Rate([][]rating.Rating{{store.Model.New()}, {rating.House["easy"]}}, []int{2, 1})
				servertest.Must(t, err)
				if games != 1 || !near(r, want[0][0]) {
					t.Fatalf("Ada after leaving: %v in %d games, want %v", r, games, want[0][0])
				}
				l.Checkpoint(false)
				l.Sweep()
				if _, games := ratingOf(t, l, "key-a"); games != 1 {
					t.Fatalf("the forfeit rated %d times", games)
				}
			})
		})
	}
}

// TestRatedLeaverLoses: of two people at a rated table, one quits in
// play; the other, away a while, comes back within the grace period and
// plays the game to its end against the computer that took the seat: the one who
// quit loses it (below the other whatever the computer scored for
// them), the other is rated as having beaten them and reads the change
// at the game's end (table.NoticeRated); on SQLite and on a cluster's
// PostgreSQL.
func TestRatedLeaverLoses(t *testing.T) {
	for _, db := range ratedLobbies {
		t.Run(db.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				l := db.open(t)
				cfg := servertest.Config(2, engine.Standard, 12)
				cfg.Rated = true
				ada, err := l.Create(bg, "pair", "key-a", "Ada", 0, cfg)
				servertest.Must(t, err)
				ben, err := l.Join(bg, "pair", "key-b", "Ben", 1)
				servertest.Must(t, err)
				servertest.Must(t, ada.Start())
				ben.Quit()
				for range 2 {
					playOn(t, l, ada)
				}
				ada.Leave()
				time.Sleep(cfg.Grace / 2)
				l.Sweep()
				ada, err = l.Join(bg, "pair", "key-a", "Ada", -1)
				servertest.Must(t, err)
				for ada.View().Obs.Phase != engine.PhaseGameOver {
					playOn(t, l, ada)
				}
				l.Checkpoint(false)
				want, err := store.Model.Rate([][]rating.Rating{{store.Model.New()}, {store.Model.New()}}, []int{1, 2})
				servertest.Must(t, err)
				for i, key := range []string{"key-a", "key-b"} {
					if r, games := ratingOf(t, l, key); games != 1 || !near(r, want[i][0]) {
						t.Fatalf("%s: %v in %d games, want %v", key, r, games, want[i][0])
					}
				}
				// Ada reads her change on the game-over screen.
				fresh, after := rating.Display(store.Model.New()), rating.Display(want[0][0])
				if n := ada.View().Notice; n.Kind != table.NoticeRated || n.Change != after-fresh || n.Rating != after || n.Change <= 0 {
					t.Fatalf("Ada's news at the game's end: %+v, want %+d to %d", n, after-fresh, after)
				}
				games, err := l.Ratings.RatedGames(bg, "key-b", 1)
				if err != nil || len(games) != 1 || games[0].Won {
					t.Fatalf("Ben's game: %+v %v", games, err)
				}
				// The result names Ben, not the computer that took his seat.
				results, err := l.Store.(*store.SQL).Results(bg, "pair")
				if err != nil || len(results) != 2 {
					t.Fatalf("the room's results: %+v %v", results, err)
				}
				if s := results[1].Seats[0]; s.Key != "key-b" || s.Name != "Ben" {
					t.Fatalf("Ben's seat recorded as %q (%s)", s.Name, s.Key)
				}
				ada.Quit()
			})
		})
	}
}

// near reports whether two ratings agree to 1e-9.
func near(a, b rating.Rating) bool {
	return abs64(a.Mu-b.Mu) < 1e-9 && abs64(a.Sigma-b.Sigma) < 1e-9
}

// abs64 is |x|.
func abs64(x float64) float64 { return max(x, -x) }

// TestRatedChangeOnReturn: a person back in the lobby from a rated game
// always reads what it did to their rating (the line mode's "Rated game:
// +14, your rating is now …"): LastChange waits for the game's result to
// be written, which no keeper here writes (Keep is not running), rather
// than reading the store before it. Their own moves are a program's
// (table.Conn.Program), so the game plays to its end by itself.
func TestRatedChangeOnReturn(t *testing.T) {
	for _, db := range ratedLobbies {
		t.Run(db.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				l := db.open(t)
				cfg := servertest.Config(2, engine.Standard, 5)
				cfg.Rated = true
				ada, err := l.Create(bg, "back", "key-a", "Ada", 0, cfg)
				servertest.Must(t, err)
				servertest.Must(t, ada.Start())
				p, err := ai.New("easy", 1)
				servertest.Must(t, err)
				_, err = ada.Program(p, 0)
				servertest.Must(t, err)
				servertest.WaitFor(t, ada, func(v table.View) bool { return v.Obs.Phase == engine.PhaseGameOver })
				ada.Quit()
				change, now, ok := l.LastChange("key-a", "back", ada.Table().State().Seed)
				if !ok {
					t.Fatal("back in the lobby, no rated change to read")
				}
				r, games := ratingOf(t, l, "key-a")
				if games != 1 || now != rating.Display(r) || change == 0 {
					t.Fatalf("the change read %+d to %d; the store: %d games, %d", change, now, games, rating.Display(r))
				}
			})
		})
	}
}
