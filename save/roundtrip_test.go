package save

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/internal/testkit"
	"github.com/millebornes/mille/record"
)

// configs lists every playable configuration.
var configs = engine.Configs()

// testSeats returns a human in seat 0 and computers of assorted levels.
func testSeats(players int) []record.Seat {
	levels := []string{"easy", "medium", "hard", "expert", "random"}
	seats := []record.Seat{{Name: "You", Human: true}}
	for i := 1; i < players; i++ {
		seats = append(seats, record.Seat{Name: fmt.Sprintf("Bot & <%d>", i), Level: levels[i%len(levels)]})
	}
	return seats
}

// playRandom moves g on by n random legal actions.
func playRandom(t testing.TB, g *record.Game, rng *rand.Rand, n int) {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	for range n {
		legal := g.State.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatalf("no legal action in phase %v", g.State.Phase)
		}
		if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// roundTrip encodes g, decodes it and fails t unless the result equals g.
func roundTrip(t testing.TB, g record.Game) record.Game {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, g); err != nil {
		t.Fatalf("encode: %v", err)
	}
	got, err := Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, b.Bytes())
	}
	got.WrittenBy = g.WrittenBy
	if !reflect.DeepEqual(got, g) {
		t.Fatalf("round trip changed the game\nhave %+v\nwant %+v", got, g)
	}
	return got
}

func TestRoundTripRandomGames(t *testing.T) {
	// Per configuration; in full (MILLE_LONG_TESTS, as .ci/run does),
	// 100 games a configuration; 5 otherwise, with every phase saved
	// in each (missing, below), so that go test ./... stays quick.
	games := testkit.Size(5, 5, 100)
	for _, cfg := range configs {
		t.Run(fmt.Sprintf("%v-%d", cfg.Rules, cfg.Players), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(cfg.Players), uint64(cfg.Rules)+7))
			var phases [engine.PhaseGameOver + 1]int // saves made in each phase
			check := func(g record.Game) {
				phases[g.State.Phase]++
				loaded := roundTrip(t, g)
				// The loaded game plays on identically.
				seed := rng.Uint64()
				a, b := g, loaded
				a.History = append([]engine.Action(nil), a.History...)
				playRandom(t, &a, rand.New(rand.NewPCG(seed, 1)), 20)
				playRandom(t, &b, rand.New(rand.NewPCG(seed, 1)), 20)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("the loaded game plays on differently")
				}
			}
			// A phase the configuration has but no save reached yet: the
			// extension is rare at some tables (dujardin allows it to one
			// side only), so a short run plays on until it has one.
			missing := func() bool {
				for p, n := range phases {
					if n == 0 && (p != int(engine.PhaseExtension) || cfg.HasExtension()) {
						return true
					}
				}
				return false
			}
			for n := 0; n < games || missing() && n < 20*games; n++ {
				g, err := record.New(cfg, rng.Uint64(), testSeats(cfg.Players))
				if err != nil {
					t.Fatal(err)
				}
				check(g)
				// Saves at random points, a few hands in, and at the
				// first moment of each rarer phase (a coup-fourré window,
				// an extension, the end of a hand or of a game).
				var seen [engine.PhaseGameOver + 1]bool
				steps := 300 + rng.IntN(4000)
				for i := 0; i < steps; i++ {
					playRandom(t, &g, rng, 1)
					p := g.State.Phase
					if rng.IntN(500) == 0 || p != engine.PhasePlay && !seen[p] {
						seen[p] = true
						check(g)
					}
				}
			}
			t.Logf("saves by phase: %v", phases)
			for p, n := range phases {
				if n == 0 && (p != int(engine.PhaseExtension) || cfg.HasExtension()) {
					t.Errorf("no save in phase %v", engine.Phase(p))
				}
			}
		})
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 3)) }

// TestRoundTripNoHundreds: dujardin+500's own score item survives the
// file's shape (random games seldom complete a trip without a 100 or a
// 200, and a whole save must match its history).
func TestRoundTripNoHundreds(t *testing.T) {
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Dujardin500}, 1, testSeats(2))
	if err != nil {
		t.Fatal(err)
	}
	g.State.HandScores[0] = engine.Score{Milestones: 700, Trip: 400, SafeTrip: 300, NoHundreds: 500}
	d, err := toJSON(&g)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stateFromJSON(&d.State, g.State.Config)
	if err != nil {
		t.Fatal(err)
	}
	if s.HandScores[0] != g.State.HandScores[0] {
		t.Fatalf("the score came back as %+v", s.HandScores[0])
	}
}
