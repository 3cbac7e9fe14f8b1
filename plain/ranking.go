package plain

import (
	"context"

	"github.com/millebornes/mille/lang"
)

// ranking says the ranking of a lobby of ranked play (Ranks), or with a
// name that player's line and last rated games.
func (s *Session) ranking(l Lobby, name string) {
	r, ok := l.(Ranks)
	if !ok {
		s.say(lang.RankOff)
		return
	}
	if name == "" {
		list, err := r.Ranking()
		if err != nil {
			s.say(lang.Failed, s.cat.Error(err))
			return
		}
		s.say(lang.RankHead)
		for _, line := range list {
			s.rankLine(line)
		}
		return
	}
	if level, ok := lang.ParseLevel(name); ok {
		name = level // a house computer, in either language
	}
	line, games, found, err := r.Rank(name)
	switch {
	case err != nil:
		s.say(lang.Failed, s.cat.Error(err))
		return
	case !found:
		s.say(lang.RankNobody, name)
		return
	}
	s.rankLine(line)
	for _, g := range games {
		result := lang.RankLost
		if g.Won {
			result = lang.RankWon
		}
		s.say(lang.RankGame, g.Room, s.text(result), g.Points, s.cat.Change(g.Change, true), g.Rating)
	}
}

// rankLine says one line of the ranking.
func (s *Session) rankLine(r RankLine) {
	s.line(s.cat.RankLine(r.Rank, r.Name, r.Rating, r.Provisional, r.House, r.Bot, r.Games, r.Wins))
}

// rated tells the person, back from room, what its game did to their
// rating, if it was rated, or that it goes on without them and counts
// as lost at its end if they left it in play.
func (s *Session) rated(l Lobby, room string) {
	if r, ok := l.(Ranks); ok && room != "" {
		if change, rating, ok := r.Change(room); ok {
			s.line(s.cat.RatedChange(change, rating, true))
		} else if r.Left(room) {
			s.say(lang.RatedLeft, room)
		}
	}
}

// quickBot seats the person in a rated game against a bot of the ladder
// (BotPlayer.PlayBot), plays it, and tells them its change; over is set
// when the session is over, with why.
func (s *Session) quickBot(ctx context.Context, l Lobby, opts Options) (End, bool) {
	b, ok := l.(BotPlayer)
	if !ok {
		s.say(lang.RankOff)
		return 0, false
	}
	s.say(lang.QuickBotLooking)
	return s.matched(ctx, l, opts, b.PlayBot)
}

// quick seats the person in a quick match of players (Ranks.Quick), plays it, and
// tells them its change; over is set when the session is over, with why.
func (s *Session) quick(ctx context.Context, l Lobby, opts Options, players int, friend string) (End, bool) {
	r, ok := l.(Ranks)
	if !ok {
		s.say(lang.RankOff)
		return 0, false
	}
	if friend != "" {
		s.say(lang.QuickWithFriend, friend, players, l.Name(), int(r.FriendWait().Seconds()))
	} else {
		s.line(s.cat.QuickLooking(players, int(r.QuickWait().Seconds())))
	}
	return s.matched(ctx, l, opts, func(ctx context.Context) (Seat, error) { return r.Quick(ctx, players, friend) })
}

// matched plays the rated game that seat finds the person (enter tells
// them its change).
func (s *Session) matched(ctx context.Context, l Lobby, opts Options, seat func(context.Context) (Seat, error)) (End, bool) {
	return s.enter(ctx, l, func(string) (Seat, error) { return seat(ctx) }, false, "quick", opts)
}
