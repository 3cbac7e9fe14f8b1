package save

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// Header is what a list of saves shows of one without loading it: when it
// was saved, who plays, the score and the hand. ReadHeader takes it from
// the file's fields as they are; Read is what checks a save through.
type Header struct {
	Saved   time.Time // zero when the file does not say
	Players int       // the number of seats
	Names   []string  // the seats' names, in seat order
	Totals  []int64   // each side's score in the game so far
	Game    int       // the game, from 0
	Hand    int       // the hand in that game, from 0
}

// ReadHeader reads the header fields of the save at path: a cheap look
// for a list, without the replay and the checks of Read. The error, if
// any, is one line starting with path.
func ReadHeader(path string) (Header, error) {
	h, err := readHeader(path)
	if err != nil {
		return Header{}, inFile(path, err)
	}
	return h, nil
}

func readHeader(path string) (Header, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Header{}, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return Header{}, refuse(RefNotRegular)
	}
	f, err := os.Open(path)
	if err != nil {
		return Header{}, unwrapPath(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return Header{}, refuse(RefReading, unwrapPath(err))
	}
	if len(data) > MaxSize {
		return Header{}, refuse(RefTooLarge, MaxSize>>20)
	}
	return decodeHeader(data)
}

// decodeHeader takes a save's header fields from its bytes.
func decodeHeader(data []byte) (Header, error) {
	var d struct {
		Format string     `json:"format"`
		Schema int        `json:"schema"`
		Saved  string     `json:"saved"`
		Config configJSON `json:"config"`
		Seats  []seatJSON `json:"seats"`
		State  struct {
			Game   int     `json:"game"`
			Hand   int     `json:"hand"`
			Totals []int64 `json:"totals"`
		} `json:"state"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return Header{}, withData(err, data)
	}
	switch {
	case d.Format != Format:
		return Header{}, refuse(RefNotSave)
	case d.Schema > Schema:
		return Header{}, refuse(RefNewerHeader, d.Schema)
	case len(d.Seats) > engine.MaxSeats:
		return Header{}, damaged(&record.FieldError{Field: "seats", Err: newFault(FaultTooMany, engine.MaxSeats)})
	case len(d.State.Totals) > engine.MaxSides:
		return Header{}, damaged(&record.FieldError{Field: "state.totals", Err: newFault(FaultTooMany, engine.MaxSides)})
	}
	h := Header{Players: d.Config.Players, Totals: d.State.Totals, Game: d.State.Game, Hand: d.State.Hand}
	for i, s := range d.Seats {
		if !record.Printable(s.Name) || len(s.Name) > 64 {
			return Header{}, damaged(&record.FieldError{Field: fmt.Sprintf("seats[%d].name", i), Err: newFault(FaultBadName)})
		}
		h.Names = append(h.Names, s.Name)
	}
	if t, err := time.Parse(time.RFC3339, d.Saved); err == nil {
		h.Saved = t
	}
	return h, nil
}
