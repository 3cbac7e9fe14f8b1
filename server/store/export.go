package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/millebornes/mille/rating"
)

// ExportedGame is one recorded game as mille serve --export-results
// gives it to outside tools: its seats in order, each with its place and,
// for a rated game's people, their ratings before and after it.
type ExportedGame struct {
	Room, Game string
	Finished   time.Time
	Rules      string // "" for a game recorded before results kept them
	Rated      bool
	Seats      []ExportedSeat
}

// ExportedSeat is one seat of an ExportedGame.
type ExportedSeat struct {
	Seat    int
	Side    int    // 0 for every seat of a result recorded before sides were kept
	Key     string // the person's key; "" for a computer
	Name    string
	Points  int // the game total of the seat's side
	Won     bool
	Forfeit bool // the person left the rated game in play (ResultSeat.Forfeit)
	// Place is the seat's side's place, 1 for the most points, a side
	// that forfeited last (as the game was rated).
	Place int
	// Before and After are the person's ratings around a rated game;
	// nil for a computer or a game not rated.
	Before, After *rating.Rating
}

// ExportResults calls f with every game recorded, the oldest first, and
// stops at f's first error. It reads the results in one query, so it may
// take longer than CallTimeout (a large store), never longer than ctx.
func (s *SQL) ExportResults(ctx context.Context, f func(ExportedGame) error) error {
	ctx, done := s.callFor(ctx, startTimeout, "export results", "")
	defer done()
	rows, err := s.db.QueryContext(ctx, `SELECT r.room, r.game, r.finished, r.rules, r.rated, r.seat, r.side, r.fingerprint, r.name,
			r.points, r.won, r.forfeit, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after
		FROM results r LEFT JOIN rating_changes c ON c.room = r.room AND c.game = r.game AND c.seat = r.seat
		ORDER BY r.finished, r.room, r.game, r.seat`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var g ExportedGame
	flush := func() error {
		if len(g.Seats) == 0 {
			return nil
		}
		placeSeats(g.Seats)
		err := f(g)
		g = ExportedGame{}
		return err
	}
	for rows.Next() {
		var room, game, rules, key, name string
		var finished int64
		var rated, seat, side, points, won, forfeit int
		var muB, sigmaB, muA, sigmaA sql.NullFloat64
		if err := rows.Scan(&room, &game, &finished, &rules, &rated, &seat, &side, &key, &name, &points, &won, &forfeit,
			&muB, &sigmaB, &muA, &sigmaA); err != nil {
			return err
		}
		when := time.Unix(finished, 0).UTC()
		if room != g.Room || game != g.Game || !when.Equal(g.Finished) {
			if err := flush(); err != nil {
				return err
			}
			g = ExportedGame{Room: room, Game: game, Finished: when, Rules: rules, Rated: rated == 1}
		}
		st := ExportedSeat{Seat: seat, Side: side, Key: key, Name: name, Points: points, Won: won == 1, Forfeit: forfeit == 1}
		if muB.Valid && muA.Valid {
			st.Before = &rating.Rating{Mu: muB.Float64, Sigma: sigmaB.Float64}
			st.After = &rating.Rating{Mu: muA.Float64, Sigma: sigmaA.Float64}
		}
		g.Seats = append(g.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return flush()
}

// placeSeats sets each seat's place, its side's by the sides' points
// (teammates share theirs), the sides that forfeited last.
func placeSeats(seats []ExportedSeat) {
	sides := 0
	for _, s := range seats {
		sides = max(sides, s.Side+1)
	}
	points := make([]int, sides)
	for _, s := range seats {
		if points[s.Side] != forfeited {
			points[s.Side] = s.Points
		}
		if s.Forfeit {
			points[s.Side] = forfeited
		}
	}
	places := rating.Places(points)
	for i, s := range seats {
		seats[i].Place = places[s.Side]
	}
}
