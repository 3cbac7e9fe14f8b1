package plain

import (
	"strings"
	"testing"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/record"
	"github.com/millebornes/mille/review"
)

// TestHandToldAsReviewText: the line mode says of a hand what mille
// review's text says of it (review.HandLines), then its decisions and
// turning points: a hand under way is said to be under way, where the
// line mode said its result "even" against the best other side, and one
// flagged decision takes the singular in French ("1 de vos 3 décisions a
// laissé des points", where the line mode said "ont").
func TestHandToldAsReviewText(t *testing.T) {
	for _, tc := range []struct {
		c    *lang.Catalogue
		h    review.Hand
		want string
	}{
		{&lang.English, review.Hand{Game: 1, Hand: 2, Points: 300, Expected: 40}, "Hand 2 of game 1, Player 1, still under way."},
		{&lang.French, review.Hand{Game: 1, Hand: 2, Points: 300, Expected: 40}, "Manche 2 de la partie 1, Joueur 1, en cours."},
		{&lang.English, review.Hand{Game: 1, Hand: 1, Finished: true, Points: 700, Result: 120, Decisions: make([]review.Decision, 3)}, "None of your 3 decisions gave points away."},
		{&lang.French, review.Hand{Game: 1, Hand: 1, Finished: true, Points: 700, Result: 120, Decisions: []review.Decision{{Verdict: review.Mistake}, {}, {}}}, "1 de vos 3 décisions a laissé des points."},
	} {
		var out strings.Builder
		rv := &reviewer{board: &board{Session: &Session{out: &out, cat: tc.c, done: make(chan struct{})}}}
		rv.tellHand(&tc.h, &record.Game{}, nil)
		said := out.String()
		if !strings.Contains(said, tc.want+"\n") {
			t.Errorf("%s: the line mode says\n%s\nwithout %q", tc.c.Language, said, tc.want)
		}
		if text := strings.Join(review.HandLines(tc.c, &tc.h, capital(rv.seatName(tc.h.Seat))), "\n") + "\n"; !strings.HasPrefix(said, text) {
			t.Errorf("%s: the line mode says\n%s\nmille review's text\n%s", tc.c.Language, said, text)
		}
	}
}
