package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/millebornes/mille/rating"
)

// Ratings is what ranked play reads of a store: the players' ratings,
// the ranking they make and the rated games of each. The ratings are
// written by the store itself as it records a rated game's result
// (Result.Rated), in the result's transaction: a game is rated once,
// whichever server records it and however often. SQL implements it.
type Ratings interface {
	// Rating is the rating of the person whose key is key; ok is false
	// for a key never rated.
	Rating(ctx context.Context, key string) (p PlayerRating, ok bool, err error)
	// Ranking returns the n best rated people, by ordinal
	// (rating.Ordinal), best first.
	Ranking(ctx context.Context, n int) ([]PlayerRating, error)
	// Above is how many people are rated above ordinal.
	Above(ctx context.Context, ordinal float64) (int, error)
	// KeyOfClaim is the key that holds name claim claim (Store.ClaimName).
	KeyOfClaim(ctx context.Context, claim string) (key string, ok bool, err error)
	// RatedGames returns key's last n rated games, the latest first.
	RatedGames(ctx context.Context, key string, n int) ([]RatedGame, error)
	// Changes returns what rated game game of room did to each person's
	// rating, in order of seat; none for a game not rated (yet).
	Changes(ctx context.Context, room, game string) ([]RatedGame, error)
}

// PlayerRating is one person's place in ranked play.
type PlayerRating struct {
	Key, Name string // Name: "" for a key never named
	Rating    rating.Rating
	// Games and Wins count the rated games played and won.
	Games, Wins int
	// Bot marks a bot program's key (Bots).
	Bot bool
}

// RatedGame is what one rated game did to one person's rating.
type RatedGame struct {
	Room, Game    string
	Seat          int
	Key           string
	Finished      time.Time
	Points        int
	Won           bool
	Before, After rating.Rating
}

// Model is the rating model of the store's ranked play.
var Model = rating.Default()

// houseRating is the fixed rating of a computer of level, medium's for a
// level the house has none of.
func houseRating(level string) rating.Rating {
	if r, ok := rating.House[level]; ok {
		return r
	}
	return rating.House["medium"]
}

// PairGamesPerDay is how many rated games of the same two people count
// for their ratings in a day (the 24 hours before a game's end): more
// are recorded as not rated, so that two accounts cannot lift one of
// them by playing each other over and over.
const PairGamesPerDay = 5

// rate rates the people of rated game r within tx: every hand of it in
// order (r.Hands; the game's totals as one hand if it has none) as one
// game (rating.Model.RateGame: Tau once, before the first hand), the
// computers at their fixed ratings. A game a person forfeited
// (ResultSeat.Forfeit) is rated once, by its totals, every side that
// forfeited placed last: leaving a rated game loses it; one that every
// side forfeited is recorded as not rated. A game in which one key holds two
// seats is not rated (one rating per identity), nor one of two people
// who played PairGamesPerDay rated games together already that day, nor
// one of a bot and its owner (its result is marked not rated); one with
// no person changes nothing.
func (s *SQL) rate(ctx context.Context, tx *sql.Tx, r Result) error {
	var keys []string
	sides := 0
	for _, seat := range r.Seats {
		if seat.Key != "" {
			if slices.Contains(keys, seat.Key) {
				return nil
			}
			keys = append(keys, seat.Key)
		}
		sides = max(sides, seat.Side+1)
	}
	if len(keys) == 0 || sides < 2 {
		return nil
	}
	// Locked in one order, so that two games rating the same people at
	// once on PostgreSQL wait for each other rather than deadlock.
	slices.Sort(keys)
	over, err := s.pairsOver(ctx, tx, keys, r.Finished)
	if err == nil && !over {
		over, err = ownBot(ctx, tx, keys)
	}
	if err != nil || over {
		if err == nil {
			_, err = tx.ExecContext(ctx, `UPDATE results SET rated = 0 WHERE room = $1 AND game = $2`, r.Room, r.Game)
		}
		return err
	}
	before := map[string]PlayerRating{}
	fresh := Model.New()
	for _, key := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (fingerprint, mu, sigma, ordinal, games, wins, updated)
			VALUES ($1, $2, $3, $4, 0, 0, 0) ON CONFLICT (fingerprint) DO NOTHING`,
			key, fresh.Mu, fresh.Sigma, rating.Ordinal(fresh)); err != nil {
			return err
		}
		p := PlayerRating{Key: key}
		if err := tx.QueryRowContext(ctx, `SELECT mu, sigma, games, wins FROM ratings WHERE fingerprint = $1`+s.forUpdate, key).
			Scan(&p.Rating.Mu, &p.Rating.Sigma, &p.Games, &p.Wins); err != nil {
			return err
		}
		before[key] = p
	}
	hands := r.Hands
	total := make([]int, sides)
	forfeits := make([]bool, sides)
	for _, seat := range r.Seats {
		total[seat.Side] = seat.Points
		forfeits[seat.Side] = forfeits[seat.Side] || seat.Forfeit
	}
	switch n := countTrue(forfeits); {
	case n == sides:
		// Every side forfeited: nobody to lose to.
		_, err := tx.ExecContext(ctx, `UPDATE results SET rated = 0 WHERE room = $1 AND game = $2`, r.Room, r.Game)
		return err
	case n > 0:
		// A person left: the game is rated once, as it would have been
		// had it ended there, with the sides that forfeited last.
		for side, gone := range forfeits {
			if gone {
				total[side] = forfeited
			}
		}
		hands = [][]int{total}
	case len(hands) == 0:
		hands = [][]int{total}
	}
	places := make([][]int, len(hands))
	for h, points := range hands {
		if len(points) != sides {
			return fmt.Errorf("rating room %s: hand %d has %d sides' points, want %d", r.Room, h, len(points), sides)
		}
		places[h] = rating.Places(points)
	}
	teams := make([][]rating.Rating, sides)
	house := make([][]bool, sides)  // the computers, at their fixed ratings
	at := make([]int, len(r.Seats)) // each seat's place in its team
	for i, seat := range r.Seats {
		p := houseRating(r.Level)
		if seat.Key != "" {
			p = before[seat.Key].Rating
		}
		at[i] = len(teams[seat.Side])
		teams[seat.Side] = append(teams[seat.Side], p)
		house[seat.Side] = append(house[seat.Side], seat.Key == "")
	}
	after, err := Model.RateGame(teams, house, places)
	if err != nil {
		return fmt.Errorf("rating room %s: %w", r.Room, err)
	}
	now := map[string]rating.Rating{}
	for i, seat := range r.Seats {
		if seat.Key != "" {
			now[seat.Key] = after[seat.Side][at[i]]
		}
	}
	for i, seat := range r.Seats {
		if seat.Key == "" {
			continue
		}
		b, a := before[seat.Key], now[seat.Key]
		won := 0
		if seat.Won {
			won = 1
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ratings SET mu = $2, sigma = $3, ordinal = $4, games = games + 1, wins = wins + $5, updated = $6
			WHERE fingerprint = $1`, seat.Key, a.Mu, a.Sigma, rating.Ordinal(a), won, r.Finished.Unix()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_changes (room, game, seat, fingerprint, finished, mu_before, sigma_before, mu_after, sigma_after)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			r.Room, r.Game, i, seat.Key, r.Finished.Unix(), b.Rating.Mu, b.Rating.Sigma, a.Mu, a.Sigma); err != nil {
			return err
		}
	}
	return nil
}

// forfeited stands for the points of a side that forfeited, as its
// place is found: below any a side can score.
const forfeited = math.MinInt32

// countTrue counts the set flags of bs.
func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// pairsOver reports whether two of keys have played PairGamesPerDay
// rated games together in the day before end.
func (s *SQL) pairsOver(ctx context.Context, tx *sql.Tx, keys []string, end time.Time) (bool, error) {
	for i, a := range keys {
		for _, b := range keys[i+1:] {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM rating_changes a
				JOIN rating_changes b ON b.room = a.room AND b.game = a.game
				WHERE a.fingerprint = $1 AND b.fingerprint = $2 AND a.finished > $3`,
				a, b, end.Add(-24*time.Hour).Unix()).Scan(&n); err != nil {
				return false, err
			}
			if n >= PairGamesPerDay {
				return true, nil
			}
		}
	}
	return false, nil
}

// Rating implements Ratings.
func (s *SQL) Rating(ctx context.Context, key string) (PlayerRating, bool, error) {
	ctx, done := s.call(ctx, "rating", "")
	defer done()
	p, err := scanPlayer(s.db.QueryRowContext(ctx, `SELECT `+playerColumns+playerFrom+`WHERE r.fingerprint = $1`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return PlayerRating{}, false, nil
	}
	return p, err == nil, err
}

// playerColumns are the columns a PlayerRating is read from, of ratings r
// joined with identities i, in scanPlayer's order.
const playerColumns = `r.fingerprint, COALESCE(i.name, ''), r.mu, r.sigma, r.games, r.wins,
	CASE WHEN b.fingerprint IS NULL THEN 0 ELSE 1 END`

// playerFrom is where playerColumns are read from.
const playerFrom = ` FROM ratings r LEFT JOIN identities i ON i.fingerprint = r.fingerprint
	LEFT JOIN bots b ON b.fingerprint = r.fingerprint `

// scanPlayer reads a PlayerRating from a row of playerColumns.
func scanPlayer(row interface{ Scan(...any) error }) (PlayerRating, error) {
	var p PlayerRating
	var bot int
	err := row.Scan(&p.Key, &p.Name, &p.Rating.Mu, &p.Rating.Sigma, &p.Games, &p.Wins, &bot)
	p.Bot = bot == 1
	return p, err
}

// Ranking implements Ratings. A key rated but never playing a game (its
// rating written, the game not) is left out.
func (s *SQL) Ranking(ctx context.Context, n int) ([]PlayerRating, error) {
	ctx, done := s.call(ctx, "ranking", "")
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT `+playerColumns+playerFrom+`
		WHERE r.games > 0 ORDER BY r.ordinal DESC, r.fingerprint LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []PlayerRating
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, rows.Err()
}

// Above implements Ratings.
func (s *SQL) Above(ctx context.Context, ordinal float64) (int, error) {
	ctx, done := s.call(ctx, "above", "")
	defer done()
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM ratings WHERE games > 0 AND ordinal > $1`, ordinal).Scan(&n)
	return n, err
}

// KeyOfClaim implements Ratings.
func (s *SQL) KeyOfClaim(ctx context.Context, claim string) (string, bool, error) {
	ctx, done := s.call(ctx, "key of claim", "")
	defer done()
	var key string
	err := s.db.QueryRowContext(ctx, claimHolder, claim).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return key, err == nil, err
}

// ratedColumns are the columns a RatedGame is read from, of
// rating_changes c joined with results r, in scanRated's order.
const ratedColumns = `c.room, c.game, c.seat, c.fingerprint, c.finished, r.points, r.won,
	c.mu_before, c.sigma_before, c.mu_after, c.sigma_after`

// ratedFrom joins a rating change to its seat's result.
const ratedFrom = ` FROM rating_changes c JOIN results r ON r.room = c.room AND r.game = c.game AND r.seat = c.seat `

// RatedGames implements Ratings.
func (s *SQL) RatedGames(ctx context.Context, key string, n int) ([]RatedGame, error) {
	ctx, done := s.call(ctx, "rated games", "")
	defer done()
	return scanRated(s.db.QueryContext(ctx, `SELECT `+ratedColumns+ratedFrom+`WHERE c.fingerprint = $1
		ORDER BY c.finished DESC, c.room, c.game LIMIT $2`, key, n))
}

// Changes implements Ratings.
func (s *SQL) Changes(ctx context.Context, room, game string) ([]RatedGame, error) {
	ctx, done := s.call(ctx, "changes", room)
	defer done()
	return scanRated(s.db.QueryContext(ctx, `SELECT `+ratedColumns+ratedFrom+`WHERE c.room = $1 AND c.game = $2 ORDER BY c.seat`, room, game))
}

// scanRated reads the RatedGames of a query of ratedColumns.
func scanRated(rows *sql.Rows, err error) ([]RatedGame, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []RatedGame
	for rows.Next() {
		var g RatedGame
		var finished int64
		var won int
		if err := rows.Scan(&g.Room, &g.Game, &g.Seat, &g.Key, &finished, &g.Points, &won,
			&g.Before.Mu, &g.Before.Sigma, &g.After.Mu, &g.After.Sigma); err != nil {
			return nil, err
		}
		g.Finished, g.Won = time.Unix(finished, 0).UTC(), won == 1
		list = append(list, g)
	}
	return list, rows.Err()
}
