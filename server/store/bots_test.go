package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// testBots: an owner registers a bot's key, named, and may rename it;
// another owner, the owner's own key, a bot as owner and a name taken are
// refused; the ranking marks the bot, and a game of a bot against its
// owner rates nobody while one against someone else rates both.
func testBots(t *testing.T, s *SQL) {
	ctx := context.Background()
	if err := s.ClaimName(bg, "kp", "Pat", "pat"); err != nil {
		t.Fatal(err)
	}
	if err := s.RegisterBot(ctx, "kbot", "ko", "Robo", "robo", at(0)); err != nil {
		t.Fatal(err)
	}
	if err := s.RegisterBot(ctx, "kbot", "ko", "Robot", "robot", at(1)); err != nil {
		t.Fatalf("the owner renaming their bot: %v", err)
	}
	for _, tt := range []struct {
		key, owner, name string
		want             error
	}{
		{"kbot", "kz", "Zed", ErrBotOwned},
		{"ko", "ko", "Me", ErrBotSelf},
		{"kx", "kbot", "Sub", ErrBotOwner},
		{"kx", "ko", "Pat", ErrNameTaken},
	} {
		if err := s.RegisterBot(ctx, tt.key, tt.owner, tt.name, strings.ToLower(tt.name), at(2)); !errors.Is(err, tt.want) {
			t.Errorf("RegisterBot(%s, %s, %s) = %v, want %v", tt.key, tt.owner, tt.name, err, tt.want)
		}
	}
	if owner, ok, err := s.BotOwner(ctx, "kbot"); owner != "ko" || !ok || err != nil {
		t.Fatalf("BotOwner(kbot) = %q %v %v", owner, ok, err)
	}
	if _, ok, err := s.BotOwner(ctx, "kx"); ok || err != nil {
		t.Fatalf("BotOwner(kx), never registered: %v %v", ok, err)
	}
	own := Result{Room: "own", Game: "1/9", Finished: at(3), Rated: true,
		Seats: []ResultSeat{{Key: "ko", Points: 5000, Won: true}, {Key: "kbot", Side: 1}}}
	other := own
	other.Room, other.Seats = "other", []ResultSeat{{Key: "kp", Points: 5000, Won: true}, {Key: "kbot", Side: 1}}
	for _, r := range []Result{own, other} {
		if err := s.AddResult(bg, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, err := s.Rating(ctx, "ko"); ok || err != nil {
		t.Errorf("the owner, after a game against their bot: rated %v %v", ok, err)
	}
	list, err := s.Ranking(ctx, 10)
	if err != nil || len(list) != 2 {
		t.Fatalf("ranking: %+v %v", list, err)
	}
	for _, p := range list {
		if p.Bot != (p.Key == "kbot") || p.Games != 1 {
			t.Errorf("ranking line %+v: want the bot marked, one game each", p)
		}
	}
	if list[1].Name != "Robot" {
		t.Errorf("the bot's name %q, want Robot", list[1].Name)
	}
}

// testBotFaults: a bot's faults count within their window, older ones
// forgotten; the third within it benches the bot until the bench runs
// out, read by any server of the store (BotBenched), and its count starts
// again after.
func testBotFaults(t *testing.T, s *SQL) {
	ctx := context.Background()
	if err := s.RegisterBot(ctx, "kf", "ko", "Faulty", "faulty", at(0)); err != nil {
		t.Fatal(err)
	}
	const window, bench = 60 * time.Minute, 60 * time.Minute
	for i, minute := range []int{0, 10, 80, 90, 100} {
		until, benched, err := s.BotFault(ctx, "kf", at(minute), window, 3, bench)
		// At 80 the faults of 0 and 10 are out of the window: 80, 90
		// and 100 are the three within it.
		want := i == 4
		if err != nil || benched != want || benched && !until.Equal(at(minute).Add(bench)) {
			t.Fatalf("fault %d at minute %d: benched %v until %v, %v; want benched %v", i, minute, benched, until, err, want)
		}
	}
	for _, tt := range []struct {
		minute  int
		benched bool
	}{{100, true}, {159, true}, {160, false}} {
		until, benched, err := s.BotBenched(ctx, "kf", at(tt.minute))
		if err != nil || benched != tt.benched || benched && !until.Equal(at(160)) {
			t.Errorf("at minute %d: benched %v until %v, %v; want %v", tt.minute, benched, until, err, tt.benched)
		}
	}
	if _, benched, err := s.BotBenched(ctx, "kx", at(100)); benched || err != nil {
		t.Errorf("a key that is no bot: benched %v, %v", benched, err)
	}
	if _, benched, err := s.BotFault(ctx, "kf", at(170), window, 3, bench); benched || err != nil {
		t.Errorf("the first fault after the bench: benched %v, %v", benched, err)
	}
}
