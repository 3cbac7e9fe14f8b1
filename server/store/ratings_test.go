package store

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/millebornes/mille/rating"
)

// near reports whether two ratings agree to 1e-9.
func near(a, b rating.Rating) bool {
	return math.Abs(a.Mu-b.Mu) < 1e-9 && math.Abs(a.Sigma-b.Sigma) < 1e-9
}

// testRatings: a rated game rates its people hand by hand as one game,
// the computers at their fixed ratings, once however often its result is
// recorded; a game not rated, or with one key in two seats, rates nobody; the
// ranking, a player's games and a game's changes read it back.
func testRatings(t *testing.T, s *SQL) {
	ctx := context.Background()
	if err := s.SetName(bg, "ka", "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimName(bg, "kb", "Bob", "bob"); err != nil {
		t.Fatal(err)
	}
	// Ann against an easy computer: she wins the first hand, loses the
	// second, wins the game.
	r := Result{Room: "duel", Game: "1/80", Rated: true, Level: "easy", Hands: [][]int{{700, 300}, {200, 900}},
		Seats: []ResultSeat{{Key: "ka", Name: "Ann", Points: 5100, Won: true}, {Name: "Computer", Points: 4800, Side: 1}}}
	for i := range 2 {
		r.Finished = at(10 + i)
		if err := s.AddResult(bg, r); err != nil {
			t.Fatal(err)
		}
	}
	// Hand by hand, Tau added before the first alone (a game's skill is
	// one).
	want, still := Model.New(), Model
	for _, rank := range [][]int{{1, 2}, {2, 1}} {
		after, err := still.Rate([][]rating.Rating{{want}, {rating.House["easy"]}}, rank)
		if err != nil {
			t.Fatal(err)
		}
		want, still.Tau = after[0][0], 0
	}
	p, ok, err := s.Rating(ctx, "ka")
	if err != nil || !ok || !near(p.Rating, want) || p.Games != 1 || p.Wins != 1 || p.Name != "Ann" {
		t.Fatalf("Ann after one game, recorded twice: %+v %v %v, want %v", p, ok, err, want)
	}
	// Not rated: the room's casual game, and a game where ka holds two seats.
	casual := Result{Room: "casual", Game: "2/50", Finished: at(12), Hands: [][]int{{0, 700}},
		Seats: []ResultSeat{{Key: "ka", Name: "Ann"}, {Key: "kb", Name: "Bob", Side: 1, Won: true}}}
	twice := casual
	twice.Room, twice.Rated, twice.Seats = "twice", true, []ResultSeat{{Key: "ka", Name: "Ann"}, {Key: "ka", Name: "Ann", Side: 1, Won: true}}
	for _, res := range []Result{casual, twice} {
		if err := s.AddResult(bg, res); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, err := s.Rating(ctx, "kb"); ok || err != nil {
		t.Fatalf("Bob rated by a casual game: %v %v", ok, err)
	}
	if p, _, _ := s.Rating(ctx, "ka"); p.Games != 1 {
		t.Fatalf("Ann rated by a game not rated: %+v", p)
	}
	// Teams: Ann and a computer against Bob and a computer, a tie then
	// Bob's side ahead.
	team := Result{Room: "teams", Game: "3/200", Finished: at(13), Rated: true, Level: "medium", Hands: [][]int{{400, 400}, {100, 800}},
		Seats: []ResultSeat{{Key: "ka", Name: "Ann"}, {Key: "kb", Name: "Bob", Side: 1, Won: true}, {Name: "C", Points: 1}, {Name: "D", Side: 1}}}
	if err := s.AddResult(bg, team); err != nil {
		t.Fatal(err)
	}
	a, b, still := want, Model.New(), Model
	for _, rank := range [][]int{{1, 1}, {2, 1}} {
		after, err := still.Rate([][]rating.Rating{{a, rating.House["medium"]}, {b, rating.House["medium"]}}, rank)
		if err != nil {
			t.Fatal(err)
		}
		a, b, still.Tau = after[0][0], after[1][0], 0
	}
	changes, err := s.Changes(ctx, "teams", "3/200")
	if err != nil || len(changes) != 2 || changes[0].Key != "ka" || !near(changes[0].Before, want) || !near(changes[0].After, a) ||
		changes[1].Seat != 1 || !near(changes[1].Before, Model.New()) || !near(changes[1].After, b) || !changes[1].Won {
		t.Fatalf("the team game's changes: %+v %v", changes, err)
	}
	list, err := s.Ranking(ctx, 10)
	if err != nil || len(list) != 2 {
		t.Fatalf("ranking: %+v %v", list, err)
	}
	if rating.Ordinal(list[0].Rating) < rating.Ordinal(list[1].Rating) || list[0].Games != 2 && list[1].Games != 2 {
		t.Fatalf("ranking out of order: %+v", list)
	}
	if n, err := s.Above(ctx, rating.Ordinal(list[1].Rating)); n != 1 || err != nil {
		t.Fatalf("above the second: %d %v", n, err)
	}
	if key, ok, err := s.KeyOfClaim(ctx, "bob"); key != "kb" || !ok || err != nil {
		t.Fatalf("bob's key: %q %v %v", key, ok, err)
	}
	games, err := s.RatedGames(ctx, "ka", 5)
	if err != nil || len(games) != 2 || games[0].Room != "teams" || games[1].Room != "duel" || !games[1].Won || games[1].Points != 5100 {
		t.Fatalf("Ann's rated games: %+v %v", games, err)
	}
}

// testRatingRace: games that rate the same person, recorded at once by
// several servers, all count.
func testRatingRace(t *testing.T, s *SQL) {
	const games = PairGamesPerDay
	var wg sync.WaitGroup
	errs := make([]error, games)
	for i := range games {
		wg.Go(func() {
			errs[i] = s.AddResult(bg, Result{Room: "race", Game: string(rune('a' + i)), Finished: at(i), Rated: true, Level: "easy",
				Seats: []ResultSeat{{Key: "ka", Points: 5000, Won: true}, {Key: "kb", Side: 1}}})
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, key := range []string{"ka", "kb"} {
		if p, _, err := s.Rating(context.Background(), key); p.Games != games || err != nil {
			t.Fatalf("%s after %d games at once: %+v %v", key, games, p, err)
		}
	}
}

// testPairLimit: the same two people's rated games count PairGamesPerDay
// times a day; the next is recorded as not rated, and a day later they
// count again.
func testPairLimit(t *testing.T, s *SQL) {
	game := func(i int, when time.Time) {
		t.Helper()
		if err := s.AddResult(bg, Result{Room: "pair", Game: fmt.Sprint(i), Finished: when, Rated: true,
			Seats: []ResultSeat{{Key: "ka", Points: 5000, Won: true}, {Key: "kb", Side: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range PairGamesPerDay + 1 {
		game(i, at(i))
	}
	if p, _, err := s.Rating(context.Background(), "ka"); p.Games != PairGamesPerDay || err != nil {
		t.Fatalf("after %d games in an hour: %+v %v", PairGamesPerDay+1, p, err)
	}
	var rated int
	if err := s.db.QueryRow(`SELECT rated FROM results WHERE room = 'pair' AND game = $1 AND seat = 0`, fmt.Sprint(PairGamesPerDay)).Scan(&rated); err != nil || rated != 0 {
		t.Fatalf("the game over the limit: rated %d, %v", rated, err)
	}
	game(99, at(PairGamesPerDay).Add(25*time.Hour))
	if p, _, err := s.Rating(context.Background(), "ka"); p.Games != PairGamesPerDay+1 || err != nil {
		t.Fatalf("a day later: %+v %v", p, err)
	}
}

// testForfeit: a person who left a rated game loses it, whatever the
// computer that finished it for them scored, in the result's
// transaction and once however often it is recorded (a server of a
// cluster taking the room over records it again); a game every side
// forfeited is recorded as not rated.
func testForfeit(t *testing.T, s *SQL) {
	ctx := context.Background()
	// Ann left; the computer in her seat won the game for her side.
	r := Result{Room: "left", Game: "5/300", Rated: true, Level: "hard", Hands: [][]int{{900, 100}, {800, 200}},
		Seats: []ResultSeat{{Key: "ka", Name: "Ann", Points: 5300, Forfeit: true}, {Key: "kb", Name: "Bob", Points: 1200, Side: 1}}}
	for i := range 2 {
		r.Finished = at(20 + i)
		if err := s.AddResult(bg, r); err != nil {
			t.Fatal(err)
		}
	}
	want, err := Model.Rate([][]rating.Rating{{Model.New()}, {Model.New()}}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, key := range []string{"ka", "kb"} {
		p, ok, err := s.Rating(ctx, key)
		if err != nil || !ok || !near(p.Rating, want[i][0]) || p.Games != 1 {
			t.Fatalf("%s after a forfeit recorded twice: %+v %v %v, want %v", key, p, ok, err, want[i][0])
		}
	}
	if rating.Display(want[0][0]) >= rating.Display(Model.New()) {
		t.Fatalf("the forfeit lifted Ann's rating: %v", want[0][0])
	}
	var forfeit int
	if err := s.db.QueryRow(`SELECT forfeit FROM results WHERE room = 'left' AND seat = 0`).Scan(&forfeit); err != nil || forfeit != 1 {
		t.Fatalf("Ann's seat kept as forfeit %d, %v", forfeit, err)
	}
	// Both left: nobody is rated, and the result says so.
	both := Result{Room: "empty", Game: "6/40", Finished: at(30), Rated: true, Level: "easy",
		Seats: []ResultSeat{{Key: "ka", Forfeit: true}, {Key: "kb", Side: 1, Forfeit: true}}}
	if err := s.AddResult(bg, both); err != nil {
		t.Fatal(err)
	}
	var rated int
	if err := s.db.QueryRow(`SELECT rated FROM results WHERE room = 'empty' AND seat = 0`).Scan(&rated); err != nil || rated != 0 {
		t.Fatalf("a game both sides left: rated %d, %v", rated, err)
	}
	if p, _, _ := s.Rating(ctx, "ka"); p.Games != 1 {
		t.Fatalf("Ann rated by a game both sides left: %+v", p)
	}
}

// testExport: ExportResults gives every recorded game once, oldest first,
// its seats in order with their places (a forfeit last, teammates
// sharing theirs) and a rated game's people's ratings before and after.
func testExport(t *testing.T, s *SQL) {
	rated := Result{Room: "duel", Game: "1/80", Finished: at(10), Rated: true, Level: "easy", Rules: "standard",
		Seats: []ResultSeat{{Key: "ka", Name: "Ann", Points: 5300, Forfeit: true}, {Key: "kb", Name: "Bob", Points: 1200, Side: 1}}}
	teams := Result{Room: "four", Game: "2/90", Finished: at(5), Rules: "dujardin",
		Seats: []ResultSeat{{Key: "ka", Points: 700}, {Key: "kb", Points: 900, Side: 1, Won: true}, {Points: 700}, {Points: 900, Side: 1, Won: true}}}
	for _, r := range []Result{rated, teams, rated} {
		if err := s.AddResult(bg, r); err != nil {
			t.Fatal(err)
		}
	}
	var got []ExportedGame
	if err := s.ExportResults(bg, func(g ExportedGame) error { got = append(got, g); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Room != "four" || got[0].Rated || got[0].Rules != "dujardin" || got[1].Room != "duel" || !got[1].Rated {
		t.Fatalf("the games exported: %+v", got)
	}
	var places []int
	for _, st := range got[0].Seats {
		places = append(places, st.Place)
		if st.Before != nil {
			t.Fatalf("a casual game's seat has a rating: %+v", st)
		}
	}
	if fmt.Sprint(places) != "[2 1 2 1]" {
		t.Fatalf("the teams' places: %v", places)
	}
	ann, bob := got[1].Seats[0], got[1].Seats[1]
	if ann.Place != 2 || !ann.Forfeit || bob.Place != 1 || ann.Before == nil || !near(*ann.Before, Model.New()) || bob.After == nil ||
		bob.After.Mu <= Model.New().Mu || got[1].Finished != at(10) {
		t.Fatalf("the rated game: %+v %+v at %v", ann, bob, got[1].Finished)
	}
}
