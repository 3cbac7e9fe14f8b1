//go:build serve

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/server/lobby"
	"github.com/millebornes/mille/server/store"
)

// TestExportResults: mille serve --export-results writes a rated game
// as a JSON line and as CSV rows, with places and ratings, and refuses
// another format.
func TestExportResults(t *testing.T) {
	dir := t.TempDir()
	st, _, err := lobby.OpenStore(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	err = st.AddResult(context.Background(), store.Result{Room: "quick1", Game: "7/99", Finished: time.Unix(1764367011, 0), Rated: true,
		Level: "easy", Rules: "standard", Seats: []store.ResultSeat{{Key: "SHA256:ada", Name: "Ada", Points: 1900},
			{Name: "Computer", Points: 5150, Side: 1, Won: true}}})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := exportResults(dir, "", "jsonl", &out); err != nil {
		t.Fatal(err)
	}
	var g exportedGame
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	ada := g.Seats[0]
	if g.Room != "quick1" || !g.Rated || g.Rules != "standard" || g.Finished != "2025-11-28T21:56:51Z" || ada.Place != 2 ||
		ada.RatingBefore == nil || ada.RatingAfter == nil || *ada.RatingAfter >= *ada.RatingBefore || g.Seats[1].RatingAfter != nil {
		t.Fatalf("the game: %s", out.String())
	}
	out.Reset()
	if err := exportResults(dir, "", "csv", &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "room,game,finished,rules,rated,seat,key,name,place") ||
		!strings.HasPrefix(lines[1], "quick1,7/99,2025-11-28T21:56:51Z,standard,true,0,SHA256:ada,Ada,2,1900,false,false,") ||
		!strings.HasSuffix(lines[2], ",1,5150,true,false,,,,,,") {
		t.Fatalf("the CSV:\n%s", out.String())
	}
	var refused *lang.Error
	if err := exportResults(dir, "", "xml", &out); !errors.As(err, &refused) || refused.Key != lang.ErrResultsFormat {
		t.Fatalf("--export-results xml: %v", err)
	}
}
