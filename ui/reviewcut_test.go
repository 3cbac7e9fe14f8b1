package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/review"
)

// TestReviewNoWordCut draws the whole review screen, its hand's lines,
// chart, verdict and list, in both languages at 80x24, 100x30 and
// 120x40, on its first move, a flagged one and its last, and fails on a
// word cut at an edge (the French one cut "les cart…", "défau…" and
// "tourn…" at 80 columns).
func TestReviewNoWordCut(t *testing.T) {
	words := vocabulary(t)
	for w := range words {
		words[w+"s"], words[lang.Capital(w)] = true, true // "Slow them down."
	}
	g := reviewedGame(t)
	o := review.Options{Depth: review.Quick, Seed: 1}
	r, err := analysed(g, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*lang.Catalogue{&lang.English, &lang.French} {
		rs, err := NewReviewScreen(ReviewConfig{Game: g, Options: o, Analyse: review.Analyse, Dark: true, Lang: c})
		if err != nil {
			t.Fatal(err)
		}
		rs.setReview(r, nil)
		for seat := range g.Seats {
			for _, r := range letterRuns(rs.name(seat)) {
				words[r.text] = true
			}
		}
		flagged := 0
		for i := range rs.moves {
			if rs.flagged(i) {
				flagged = i
				break
			}
		}
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
			for _, cur := range []int{0, flagged, len(rs.moves) - 1} {
				t.Run(fmt.Sprintf("%s_%dx%d_%d", c.Tag, sz[0], sz[1], cur), func(t *testing.T) {
					rs.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					rs.cur = cur
					if bad := cutWords(words, sz[0], sz[1], rs.layers(sz[0], sz[1])); len(bad) > 0 {
						t.Errorf("%s", strings.Join(bad, "\n"))
						t.Logf("\n%s", ansi.Strip(rs.View().Content))
					}
				})
			}
		}
	}
}
