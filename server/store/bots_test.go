package store

import (
	"context"
	"errors"
	"strings"
	"testing"
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
