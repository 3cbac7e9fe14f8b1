//go:build serve

package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/rating"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// The formats of mille serve --export-results.
const (
	resultsJSON = "jsonl" // a JSON object a game, a line each
	resultsCSV  = "csv"   // a row a seat, with a header
)

// exportedSeat is a seat as --export-results writes it: its rating
// before and after a rated game both as the person reads it (Display)
// and as the model keeps it (mu, sigma).
type exportedSeat struct {
	Seat         int      `json:"seat"`
	Key          string   `json:"key"`
	Name         string   `json:"name"`
	Place        int      `json:"place"`
	Points       int      `json:"points"`
	Won          bool     `json:"won"`
	Forfeit      bool     `json:"forfeit"`
	RatingBefore *int     `json:"rating_before,omitempty"`
	RatingAfter  *int     `json:"rating_after,omitempty"`
	MuBefore     *float64 `json:"mu_before,omitempty"`
	SigmaBefore  *float64 `json:"sigma_before,omitempty"`
	MuAfter      *float64 `json:"mu_after,omitempty"`
	SigmaAfter   *float64 `json:"sigma_after,omitempty"`
}

// exportedGame is a game as --export-results writes it in JSON.
type exportedGame struct {
	Room     string         `json:"room"`
	Game     string         `json:"game"`
	Finished string         `json:"finished"` // RFC 3339, UTC
	Rules    string         `json:"rules"`
	Rated    bool           `json:"rated"`
	Seats    []exportedSeat `json:"seats"`
}

// seatOf is seat s as --export-results writes it.
func seatOf(s store.ExportedSeat) exportedSeat {
	e := exportedSeat{Seat: s.Seat, Key: s.Key, Name: s.Name, Place: s.Place, Points: s.Points, Won: s.Won, Forfeit: s.Forfeit}
	if s.Before != nil && s.After != nil {
		b, a := rating.Display(*s.Before), rating.Display(*s.After)
		e.RatingBefore, e.RatingAfter = &b, &a
		e.MuBefore, e.SigmaBefore, e.MuAfter, e.SigmaAfter = &s.Before.Mu, &s.Before.Sigma, &s.After.Mu, &s.After.Sigma
	}
	return e
}

// csvHeader names the columns of --export-results csv.
var csvHeader = []string{"room", "game", "finished", "rules", "rated", "seat", "key", "name", "place", "points", "won", "forfeit",
	"rating_before", "rating_after", "mu_before", "sigma_before", "mu_after", "sigma_after"}

// exportResults is mille serve --export-results: every game data's store
// (or db's) recorded, oldest first, on w in format (jsonl or csv), for
// outside tools. The server may be running.
func exportResults(data, db, format string, w io.Writer) error {
	if format != resultsJSON && format != resultsCSV {
		return lang.Err(lang.ErrResultsFormat, format)
	}
	st, _, err := lobby.OpenStore(data, db)
	if err != nil {
		return err
	}
	defer st.Close()
	out := csv.NewWriter(w)
	enc := json.NewEncoder(w)
	if format == resultsCSV {
		if err := out.Write(csvHeader); err != nil {
			return err
		}
	}
	err = st.ExportResults(context.Background(), func(g store.ExportedGame) error {
		e := exportedGame{Room: g.Room, Game: g.Game, Finished: g.Finished.Format(time.RFC3339), Rules: g.Rules, Rated: g.Rated}
		for _, s := range g.Seats {
			e.Seats = append(e.Seats, seatOf(s))
		}
		if format == resultsJSON {
			return enc.Encode(e)
		}
		for _, s := range e.Seats {
			row := []string{e.Room, e.Game, e.Finished, e.Rules, strconv.FormatBool(e.Rated), strconv.Itoa(s.Seat), s.Key, s.Name,
				strconv.Itoa(s.Place), strconv.Itoa(s.Points), strconv.FormatBool(s.Won), strconv.FormatBool(s.Forfeit),
				optInt(s.RatingBefore), optInt(s.RatingAfter), optFloat(s.MuBefore), optFloat(s.SigmaBefore), optFloat(s.MuAfter), optFloat(s.SigmaAfter)}
			if err := out.Write(row); err != nil {
				return err
			}
		}
		return nil
	})
	out.Flush()
	return errors.Join(err, out.Error())
}

// optInt is n in a CSV cell, "" for none.
func optInt(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

// optFloat is x in a CSV cell, "" for none.
func optFloat(x *float64) string {
	if x == nil {
		return ""
	}
	return strconv.FormatFloat(*x, 'g', -1, 64)
}
