package plain

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/table"
)

// ratedRoom is oneRoom on a server of ranked play, where the person's
// last rated game in the room took their rating up 14, to 1514.
type ratedRoom struct{ oneRoom }

func (ratedRoom) Ranking() ([]RankLine, error)                    { return nil, nil }
func (ratedRoom) Rank(string) (RankLine, []RankGame, bool, error) { return RankLine{}, nil, false, nil }
func (ratedRoom) Change(string) (int, int, bool)                  { return 14, 1514, true }
func (ratedRoom) Left(string) bool                                { return false }
func (ratedRoom) Quick(context.Context, int, string) (Seat, error) {
	return nil, errors.New("no quick match")
}
func (ratedRoom) QuickWait() time.Duration  { return time.Minute }
func (ratedRoom) FriendWait() time.Duration { return time.Minute }

// TestRatedChangeToldOnce: what a rated game did to the person's rating,
// told at the table as the game ended, is not told again back in the
// lobby, whatever the table said after it; when the table did not tell
// it (its store did not answer in time), the lobby does.
func TestRatedChangeToldOnce(t *testing.T) {
	for _, atTable := range []bool{true, false} {
		g := newRecord(t, engine.Config{Players: 2, Rules: engine.Standard}, 3, "heuristic", 0)
		tab, err := table.FromRecord("friday", g, []string{"zoe", ""}, "zoe", false, table.Config{Level: "heuristic", Rated: true, NewPlayer: ai.New}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tab.Close)
		pr, pw := io.Pipe()
		t.Cleanup(func() { pw.Close() })
		r := &rig{t: t, tab: tab, in: pw, out: newTranscript(), end: make(chan End, 1)}
		go func() {
			r.end <- New(pr, r.out, nil).Serve(context.Background(), ratedRoom{oneRoom{tab}}, "friday", Options{})
		}()
		r.until(func(l string) bool { return strings.HasPrefix(l, "Mille Bornes") })
		const said = "your rating is now 1514"
		if atTable {
			tab.Rated(map[string]table.Rating{"zoe": {Change: 14, Rating: 1514}})
			r.until(func(l string) bool { return strings.Contains(l, said) })
			// Later news: the table's last word is no longer the change.
			tab.Notify(table.Notice{Kind: table.NoticeBack, Name: "Ann"})
			r.until(func(l string) bool { return strings.Contains(l, "Ann") })
		}
		r.send("quit")
		r.until(func(l string) bool { return strings.HasPrefix(l, "Leave the table?") })
		r.send("yes")
		r.until(func(l string) bool { return strings.HasPrefix(l, "Back in the lobby") })
		r.send("quit")
		r.wait()
		if n := strings.Count(r.out.String(), said); n != 1 {
			t.Errorf("told at the table: %v; the change told %d times, want once:\n%s", atTable, n, tail(r.out.String(), 12))
		}
	}
}
