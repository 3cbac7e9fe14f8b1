package ui

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/millebornes/mille/ai"
	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/lang"
	"github.com/millebornes/mille/local"
)

// playedUnits plays 2-player hands with the engine, every player playing
// its first play (or else its first legal action) and calling every
// extension, and returns the points of each score item per unit earned,
// as the engine scored those hands.
func playedUnits(t *testing.T, hands int) map[string]int {
	t.Helper()
	seen := map[string]int{}
	note := func(item string, points, units int) {
		if units == 0 || points == 0 {
			return
		}
		v := points / units
		if old, ok := seen[item]; ok && old != v {
			t.Fatalf("%s scored %d and %d a unit", item, old, v)
		}
		seen[item] = v
	}
	buf := make([]engine.Action, 0, engine.MaxLegal)
	for seed := uint64(1); seed <= uint64(hands); seed++ {
		s, err := engine.New(engine.Config{Players: 2}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !s.HandOver() {
			legal := s.Legal(buf[:0])
			a := legal[0]
			for _, b := range legal {
				if b.Kind() == engine.KindPlay || b.Kind() == engine.KindExtend || b.Kind() == engine.KindCoupFourre {
					a = b
					break
				}
			}
			if err := s.Step(a); err != nil {
				t.Fatal(err)
			}
		}
		for side := 0; side < s.Sides(); side++ {
			sc, tab := s.HandScores[side], &s.Tableaus[side]
			safeties, coups := 0, 0
			for _, c := range engine.AllSafeties {
				if tab.Has(c) {
					safeties++
				}
				if tab.HasCoupFourre(c) {
					coups++
				}
			}
			shutOut := 0
			for o := 0; o < s.Sides(); o++ {
				if o != side && s.Tableaus[o].Miles == 0 {
					shutOut++
				}
			}
			note("mile", int(sc.Milestones), int(tab.Miles))
			note("safety", int(sc.Safeties), safeties)
			note("all safeties", int(sc.AllSafeties), 1)
			note("coup fourré", int(sc.CoupsFourres), coups)
			note("trip", int(sc.Trip), 1)
			note("delayed", int(sc.Delayed), 1)
			note("safe trip", int(sc.SafeTrip), 1)
			note("extension", int(sc.Extension), 1)
			if sc.Trip > 0 {
				note("shut-out", int(sc.ShutOut), shutOut)
			}
		}
	}
	return seen
}

// TestGuideNumbers: every number in the rules guide is the engine's: the
// values of the score items are those the engine gave in hands it played,
// and the completed trip of page 5 adds up to the trip.
func TestGuideNumbers(t *testing.T) {
	allowed := map[int]bool{engine.WinningScore: true, engine.ExtendedTrip: true}
	for _, v := range playedUnits(t, 3000) {
		allowed[v] = true
	}
	for _, n := range engine.PlayerCounts {
		allowed[n] = true
		allowed[engine.Config{Players: n}.BaseTrip()] = true
	}
	for _, c := range engine.DistanceCards {
		allowed[c.Miles()] = true
	}
	m := newModel(t, testConfig(t, 2, 7))
	number := regexp.MustCompile(`[0-9]+`)
	tallyRE := regexp.MustCompile(`([0-9]+)/([0-9]+) +200×([0-9]+) 100×([0-9]+) 75×([0-9]+) 50×([0-9]+) 25×([0-9]+)`)
	for i, p := range guidePages {
		if p.title == lang.GuideKeysTitle {
			continue // keys: "u 3", "1-6"
		}
		body := ansi.Strip(p.body(&m.guide))
		counts := map[int]bool{}
		if tally := tallyRE.FindStringSubmatch(body); tally != nil {
			n := make([]int, len(tally))
			for j := 1; j < len(tally); j++ {
				n[j], _ = strconv.Atoi(tally[j])
				if j >= 3 {
					counts[n[j]] = true
				}
			}
			sum := 200*n[3] + 100*n[4] + 75*n[5] + 50*n[6] + 25*n[7]
			if sum != n[1] || n[1] != n[2] || n[2] != (engine.Config{Players: 2}).BaseTrip() || n[3] > 2 {
				t.Errorf("page %d: %q is %d miles, not a completed trip", i+1, tally[0], sum)
			}
		} else if p.title == lang.GuideTripTitle {
			t.Errorf("page %d shows no tally:\n%s", i+1, body)
		}
		for _, s := range number.FindAllString(body, -1) {
			if n, _ := strconv.Atoi(s); !allowed[n] && !counts[n] {
				t.Errorf("page %d (%s): %s is no number of the engine's:\n%s", i+1, lang.English.Text[p.title], s, body)
			}
		}
	}
}

// TestGuideFromTheEngine: the guide's values of the score items are those
// the engine scored in played hands, and its completed trip is a
// position the engine reached.
func TestGuideFromTheEngine(t *testing.T) {
	u := unitScore()
	units := map[string]int16{"mile": u.Milestones, "safety": u.Safeties, "all safeties": u.AllSafeties,
		"coup fourré": u.CoupsFourres, "trip": u.Trip, "delayed": u.Delayed, "safe trip": u.SafeTrip,
		"extension": u.Extension, "shut-out": u.ShutOut}
	played := playedUnits(t, 3000)
	for item, v := range units {
		if p, ok := played[item]; !ok || int(v) != p {
			t.Errorf("%s: the guide's value is %d, the engine scored %d (seen: %v)", item, v, p, ok)
		}
	}
	pos := guideTrip()
	if err := pos.Validate(); err != nil {
		t.Fatalf("the guide's trip is not a position of the engine: %v", err)
	}
	side := guideTripSide(&pos)
	if side < 0 || pos.Tableaus[side].Miles != pos.Trip {
		t.Fatalf("no side has completed the trip in the guide's position")
	}
}

// TestGuideKeysPage: the guide's keys page names the keys a player looks
// for there: the hint, loading, the statistics and the review.
func TestGuideKeysPage(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	page := guidePages[len(guidePages)-1]
	body := page.body(&m.guide)
	for _, want := range []string{"t suggests", "L loads", "i shows your statistics", "v reviews"} {
		if !strings.Contains(body, want) {
			t.Errorf("the %s page lacks %q:\n%s", lang.English.Text[page.tab], want, body)
		}
	}
}

// TestKeysWindowHasReviewNotItself: the ? window names v, the review, and
// not "? more keys", the key that opened it.
func TestKeysWindowHasReviewNotItself(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	m.Update(keyMsg("?"))
	screen := screenOf(m, 80, 24)
	if !strings.Contains(screen, "v review the hand") || strings.Contains(screen, "? more keys") {
		t.Fatalf("the keys window:\n%s", screen)
	}
}

// TestGuideSafetiesByTheirNames: the safeties' page shows each safety's
// whole name (it once showed "Punct. Proof" and "Drive Ace").
func TestGuideSafetiesByTheirNames(t *testing.T) {
	m := newModel(t, testConfig(t, 2, 7))
	body := ansi.Strip(guidePages[2].body(&m.guide))
	for _, s := range engine.AllSafeties {
		for _, word := range strings.Fields(strings.ReplaceAll(m.lang.Card(s), "-", " ")) {
			if !strings.Contains(body, word) {
				t.Errorf("the safeties' page lacks %q of %q:\n%s", word, m.lang.Card(s), body)
			}
		}
	}
}

// TestGuideTeachesItsRuleset: under each ruleset, in each language, the
// guide says each of the ruleset's departures from the standard rules
// (the line mode's sentence for it) and no other ruleset's, and every
// page still fits the 80x24 screen: no row past the guide's 78 columns,
// none under the page tabs.
func TestGuideTeachesItsRuleset(t *testing.T) {
	for _, c := range lang.All {
		for _, r := range engine.Rulesets {
			testLang = c
			cfg := testConfig(t, r.Players()[0], 7)
			testLang = nil
			g, err := local.NewGame(engine.Config{Players: r.Players()[0], Rules: r}, ai.DefaultLevel, 7)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Local.Game = g
			m := newModel(t, cfg)
			var all string
			for i := range guidePages {
				m.b().openGuide()
				m.b().guide.page = i
				screen := screenOf(m, 80, 24)
				rows := strings.Split(screen, "\n")
				body := ansi.Strip(guidePages[i].body(&m.b().guide))
				all += body + "\n"
				if n := strings.Count(body, "\n") + 1; 2+n > 24-3 {
					t.Errorf("%s, %v, page %d: %d rows reach the tabs:\n%s", c.Tag, r, i+1, n, screen)
				}
				for _, row := range strings.Split(body, "\n") {
					if w := ansi.StringWidth(row); w > 78 {
						t.Errorf("%s, %v, page %d: a row of %d columns: %q", c.Tag, r, i+1, w, row)
					}
				}
				if testing.Verbose() && os.Getenv("MILLE_SHOW_GUIDE") != "" {
					t.Logf("%s %v page %d:\n%s", c.Tag, r, i+1, strings.Join(rows, "\n"))
				}
			}
			rowsOf := regexp.MustCompile(` +`).ReplaceAllString(all, " ") // the rows, their runs of spaces one
			all = strings.Join(strings.Fields(all), " ")
			for _, d := range []struct {
				has bool
				key lang.Key
			}{
				{r.SpeedAlternates(), lang.RulesSpeedAlternates},
				{r.NoReplayWhenOut(), lang.RulesNoReplayWhenOut},
				{r.RollOnSafety(), lang.RulesRollOnSafety},
				{r.KeepSafeties(), lang.RulesKeepSafeties},
				{r.EndWhenStuck(), lang.RulesEndWhenStuck},
				{!r.EndWhenStuck(), lang.RulesDeckOut},
				{r.TieEndsGame(), lang.RulesTieEndsGame},
				{!r.RollOnSafety(), lang.GuideOnHazard},
			} {
				want := strings.Join(strings.Fields(c.T(d.key, r)), " ")
				if d.key == lang.RulesDeckOut || d.key == lang.GuideOnHazard {
					want = strings.Join(strings.Fields(c.T(d.key)), " ")
				}
				if strings.Contains(all, want) != d.has {
					t.Errorf("%s, %v: the guide says %q: %v, want %v", c.Tag, r, want, !d.has, d.has)
				}
			}
			u, trip := unitScore(), c.Num(engine.Config{Players: 2}.BaseTrip())
			for _, d := range []struct {
				has  bool
				text string
			}{
				{r.CapotToEach(), c.T(lang.GuideScoreCapot, u.ShutOut, r)},
				{!r.CapotToEach(), c.T(lang.GuideScoreShutOut, u.ShutOut)},
				{r.NoHundredsBonus(), c.T(lang.GuideScoreNo100, u.NoHundreds, r)},
				{r.ExtensionToFinisher(), c.T(lang.GuideTripBFirst, trip, c.T(lang.GuideStop), c.T(lang.GuideExtension), engine.ExtendedTrip, u.Extension)},
				{!r.ExtensionToFinisher(), c.T(lang.GuideTripB, trip, c.T(lang.GuideStop), c.T(lang.GuideExtension), engine.ExtendedTrip, u.Extension)},
			} {
				want := regexp.MustCompile(` +`).ReplaceAllString(d.text, " ") + "\n"
				if strings.Contains(rowsOf, want) != d.has {
					t.Errorf("%s, %v: the guide has %q: %v, want %v", c.Tag, r, want, !d.has, d.has)
				}
			}
		}
	}
}
