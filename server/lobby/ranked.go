package lobby

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/names"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/server/store"
	"github.com/millebornes/mille/table"
)

// Ranked play (issue 35, docs/ranking.md): a room may be rated, and the
// store rates the people of a rated game as it records its result
// (store.Result.Rated). The lobby reads the ranking, where the house
// computers stand at their fixed ratings among the people.

// UIRated marks, in a kept room's record, a rated room.
const UIRated = "server.rated"

// UIGaveUp, followed by a seat's number, names in a kept rated room's
// record the person who gave that seat up in play (table.Seating.GaveUp):
// whichever server records the game's result counts it as their loss.
const UIGaveUp = "server.gaveup."

// UIGaveUpAs, followed by a seat's number, is the name under which the
// person of UIGaveUp played that seat (table.Seating.GaveUpAs): their
// result is recorded under it, not the computer's.
const UIGaveUpAs = "server.gaveupas."

// Ranked is one line of the ranking: a person, or a house computer.
type Ranked struct {
	Rank int
	// Name is the person's name, or the computer's level (House).
	Name        string
	Key         string // "" for a house computer
	House       bool
	Bot         bool // a bot program's key (store.Bots)
	Rating      int  // rating.Display
	Provisional bool
	Games, Wins int
	ordinal     float64
}

// RatedGame is one rated game of a person's, as the ranking tells it.
type RatedGame struct {
	Room   string
	Won    bool
	Points int
	// Change is what the game did to the person's rating, which it left
	// at Rating.
	Change, Rating int
}

// ranked is the line of a person of rating p.
func ranked(p store.PlayerRating) Ranked {
	return Ranked{Name: p.Name, Key: p.Key, Rating: rating.Display(p.Rating), Provisional: rating.Provisional(p.Rating), Bot: p.Bot,
		Games: p.Games, Wins: p.Wins, ordinal: rating.Ordinal(p.Rating)}
}

// house are the house computers' lines, strongest first: the levels a
// person can choose (ai.Levels), at their fixed ratings.
func house() []Ranked {
	var list []Ranked
	for _, level := range ai.Levels {
		r := rating.House[level]
		list = append(list, Ranked{Name: level, House: true, Rating: rating.Display(r), ordinal: rating.Ordinal(r)})
	}
	slices.SortStableFunc(list, func(a, b Ranked) int { return cmp.Compare(b.ordinal, a.ordinal) })
	return list
}

// Rated reports whether the lobby keeps ratings: ranked play needs a
// store that rates (Lobby.Ratings).
func (l *Lobby) Rated() bool { return l.Ratings != nil }

// Ranking is the first n lines of the ranking, best first: the people
// rated, and the house computers among them.
func (l *Lobby) Ranking(n int) ([]Ranked, error) {
	var list []Ranked
	if l.Ratings != nil {
		ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
		defer cancel()
		people, err := l.Ratings.Ranking(ctx, n)
		if err != nil {
			return nil, storeDown(err)
		}
		for _, p := range people {
			list = append(list, ranked(p))
		}
	}
	list = append(list, house()...)
	slices.SortStableFunc(list, func(a, b Ranked) int { return cmp.Compare(b.ordinal, a.ordinal) })
	list = list[:min(n, len(list))]
	for i := range list {
		list[i].Rank = i + 1
	}
	return list, nil
}

// Rank is the ranking's line of the person called name, or of the house
// computer of that level, and their last rated games (at most n, the
// latest first); ok is false for a name nobody rated has.
func (l *Lobby) Rank(name string, n int) (r Ranked, games []RatedGame, ok bool, err error) {
	for _, h := range house() {
		if strings.EqualFold(h.Name, name) {
			r, ok = h, true
		}
	}
	if l.Ratings == nil && !ok {
		return Ranked{}, nil, false, nil
	}
	var ctx context.Context
	if l.Ratings != nil {
		c, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
		defer cancel()
		ctx = c
	}
	if !ok {
		key, found, err := l.Ratings.KeyOfClaim(ctx, names.Skeleton(name))
		if err != nil || !found {
			return Ranked{}, nil, false, storeDown(err)
		}
		p, found, err := l.Ratings.Rating(ctx, key)
		if err != nil || !found || p.Games == 0 {
			return Ranked{}, nil, false, storeDown(err)
		}
		r, ok = ranked(p), true
		kept, err := l.Ratings.RatedGames(ctx, key, n)
		if err != nil {
			return Ranked{}, nil, false, storeDown(err)
		}
		for _, g := range kept {
			after := rating.Display(g.After)
			games = append(games, RatedGame{Room: g.Room, Won: g.Won, Points: g.Points, Change: after - rating.Display(g.Before), Rating: after})
		}
	}
	above := 0
	if l.Ratings != nil {
		if above, err = l.Ratings.Above(ctx, r.ordinal); err != nil {
			return Ranked{}, nil, false, storeDown(err)
		}
	}
	for _, h := range house() {
		if h.ordinal > r.ordinal {
			above++
		}
	}
	r.Rank = above + 1
	return r, games, true, nil
}

// RatingOf is the ranking's line of the person whose key is key, without
// its rank; ok is false for a person never rated (or a store that does
// not answer).
func (l *Lobby) RatingOf(key string) (Ranked, bool) {
	if l.Ratings == nil {
		return Ranked{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
	defer cancel()
	p, ok, err := l.Ratings.Rating(ctx, key)
	if err != nil || !ok || p.Games == 0 {
		return Ranked{}, false
	}
	return ranked(p), true
}

// LastChange is what the game of room dealt from seed (its table's
// engine.State.Seed) did to the rating of the person whose key is key:
// the change and the rating it left, as the person reads them; ok is
// false if that game was not rated for them, is not over for the rating
// (a computer plays on the seat given up, against people or bots), or
// could not be recorded. A result the room has not written yet is
// written first (awaitResults): back from the game, the person reads its
// change. The person's last rated game must be that one: a game of
// another room of the same name (quick2 again, later) is not told as
// this one's.
func (l *Lobby) LastChange(key, room string, seed uint64) (change, now int, ok bool) {
	if l.Ratings == nil {
		return 0, 0, false
	}
	l.awaitResults(room)
	ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
	defer cancel()
	games, err := l.Ratings.RatedGames(ctx, key, 1)
	if err != nil || len(games) == 0 || games[0].Room != room || !store.DealtFrom(games[0].Game, seed) {
		return 0, 0, false
	}
	g := games[0]
	now = rating.Display(g.After)
	return now - rating.Display(g.Before), now, true
}

// TableChange is LastChange for the game of table t, a room of this
// lobby: the game is known by its room's name and its deal's seed.
func (l *Lobby) TableChange(key string, t *table.Table) (change, now int, ok bool) {
	return l.LastChange(key, t.Name(), t.State().Seed)
}

// Forfeiting reports whether the person of key gave up a seat of the
// rated game of table t, a room of this lobby, while it goes on: they lose
// it when it ends, unless they come back to the seat before (see
// docs/server.md, "Leaving loses").
func (l *Lobby) Forfeiting(key string, t *table.Table) bool {
	return l.Rated() && t.Config().Rated && t.GaveUp(key)
}

// tellRated tells the people at the room's table what its rated game res,
// just recorded, did to their ratings (table.NoticeRated): on the
// game-over screen, as the store rated it. A store that does not answer
// tells nothing; the lobby says the change later (LastChange).
func (r *Room) tellRated(res store.Result) {
	l := r.lobby
	if l.Ratings == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), store.CallTimeout)
	defer cancel()
	changes, err := l.Ratings.Changes(ctx, res.Room, res.Game)
	if err != nil || len(changes) == 0 {
		return
	}
	told := map[string]table.Rating{}
	for _, c := range changes {
		after := rating.Display(c.After)
		told[c.Key] = table.Rating{Change: after - rating.Display(c.Before), Rating: after}
	}
	r.Rated(told)
}

// storeDown is err, nil or the store's, as the person reads it.
func storeDown(err error) error {
	if err == nil {
		return nil
	}
	return refuse(RefStoreDown)
}

// handsOf are the points each side scored in each hand of the last game
// of g, over: its history replayed from the deal.
func handsOf(g record.Game) [][]int {
	s, err := engine.New(g.State.Config, g.State.Seed)
	if err != nil {
		return nil
	}
	var hands [][]int
	for _, a := range g.History {
		was := s.Phase
		if s.Step(a) != nil {
			return nil
		}
		switch {
		case was == engine.PhaseGameOver && s.Phase != engine.PhaseGameOver:
			hands = nil // a new game of the room
		case was != s.Phase && (s.Phase == engine.PhaseHandOver || s.Phase == engine.PhaseGameOver):
			points := make([]int, s.Sides())
			for side := range points {
				points[side] = s.HandScores[side].Total()
			}
			hands = append(hands, points)
		}
	}
	return hands
}
