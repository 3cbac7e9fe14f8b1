package save

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// longGame plays random actions until games whole games are over: with
// random players a game takes about ten hands.
func longGame(tb testing.TB, cfg engine.Config, games int) record.Game {
	tb.Helper()
	g, err := record.New(cfg, 2026, testSeats(cfg.Players))
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for int(g.State.Game) < games {
		playRandom(tb, &g, rng, 1)
	}
	return g
}

// The figures in docs/benchmarks.md ("Saves"):
//
//	go test -run '^$' -bench . -benchmem ./save
func benchmarkGames(b *testing.B, f func(b *testing.B, g record.Game, data []byte)) {
	for _, c := range []struct {
		name  string
		games int
	}{{"1game", 1}, {"10games", 10}} {
		g := longGame(b, engine.DefaultConfig, c.games)
		data := mustMarshal(b, g)
		b.Run(c.name, func(b *testing.B) {
			f(b, g, data)
			b.ReportMetric(float64(len(g.History)), "actions")
			b.ReportMetric(float64(len(data)), "file-bytes")
		})
	}
}

func BenchmarkMarshal(b *testing.B) {
	benchmarkGames(b, func(b *testing.B, g record.Game, _ []byte) {
		for b.Loop() {
			if _, err := Marshal(g); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	benchmarkGames(b, func(b *testing.B, _ record.Game, data []byte) {
		for b.Loop() {
			if _, err := Decode(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWrite includes the fsyncs that make a save durable.
func BenchmarkWrite(b *testing.B) {
	p := filepath.Join(b.TempDir(), "bench.mille.json")
	benchmarkGames(b, func(b *testing.B, g record.Game, _ []byte) {
		for b.Loop() {
			if err := Write(p, g); err != nil {
				b.Fatal(err)
			}
		}
	})
}
