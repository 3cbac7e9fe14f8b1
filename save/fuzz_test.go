package save

import (
	"bytes"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/millebornes/mille/engine"
)

// fuzzSeeds returns valid saves and hostile variants of them.
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for i, cfg := range configs {
		for _, n := range []int{0, 30, 250} {
			seeds = append(seeds, mustMarshal(t, sampleGame(t, cfg, uint64(i*1000+n), n)))
		}
	}
	good := seeds[1]
	repl := func(old, new string) []byte {
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	seeds = append(seeds,
		good[:len(good)/3], good[:len(good)-3], // truncated
		bytes.ReplaceAll(good, []byte(`"`), []byte(`'`)),       // corrupted
		repl(`"drawPile": [`, `"drawPile": ["Stop", "Stop", `), // duplicate cards
		repl(`"discards": [`, `"discards": [], "x": [`),        // missing cards, unknown field
		repl(`"trip": 700`, `"trip": 1e308`),                   // giant numbers
		repl(`"eventCount": `, `"eventCount": 99999999999999999999`),
		repl(`"players": 2`, `"players": "2"`), // wrong types
		repl(`"hands": [`, `"hands": {"a": `),
		repl(`"history": [`, `"history": [`+strings.Repeat(`"continue", `, 1000)),
		[]byte(strings.Repeat(`[`, 5000)), // deep nesting
		[]byte(`{"format": "mille", "schema": 1, "state": `+strings.Repeat(`{"a": `, 20)+`1`+strings.Repeat(`}`, 20)+`}`),
		[]byte(`{"format": "mille", "schema": 99999999999999999999}`),
		[]byte(`{"format": "mille", "schema": -1}`),
		[]byte(`{"format": "mille", "schema": 1, "format": "mille"}`),
		[]byte("\xef\xbb\xbf{}"), []byte("\x00"), nil,
	)
	return seeds
}

// FuzzDecode feeds the loader arbitrary bytes: it must return a game or an
// error, never panic or hang; an error is one line; a game it accepts
// saves and loads back unchanged.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Decode(bytes.NewReader(data))
		if err != nil {
			if why, _ := fault(t, err); why == NumReasons {
				t.Fatalf("error %v is no refusal", err)
			}
			return
		}
		again, err := Marshal(g)
		if err != nil {
			t.Fatalf("an accepted game does not save: %v", err)
		}
		back, err := Decode(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("an accepted game does not load back: %v", err)
		}
		back.WrittenBy = g.WrittenBy
		if !reflect.DeepEqual(back, g) {
			t.Fatal("an accepted game changes when saved again")
		}
	})
}

// TestDecodeAllocationBounded checks that hostile inputs cost memory in
// proportion to their size, not to what they claim.
func TestDecodeAllocationBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures big inputs")
	}
	good := mustMarshal(t, sampleGame(t, engine.DefaultConfig, 1, 100))
	big := func(prefix, unit, suffix string) []byte {
		n := (MaxSize - len(prefix) - len(suffix)) / len(unit)
		return []byte(prefix + strings.Repeat(unit, n) + suffix)
	}
	head := `{"format": "mille", "schema": 1, "writtenBy": "x", "config": {"players": 2, "rules": "standard"}, "seed": "1", "seats": [], "history": `
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"long history", big(head+`[`, `"continue",`, `"continue"]}`)},
		{"long pile", big(string(good[:bytes.Index(good, []byte(`"drawPile": [`))+13]), `"Go",`, `"Go"], "x": 1}`)},
		{"long string", big(head+`[], "ui": {"a": "`, `x`, `"}}`)},
		{"many keys", big(`{"format": "mille", "schema": 1, "ui": {`, `"a": "b",`, `"a": "b"}}`)},
		{"deep nesting", big(``, `[`, ``)},
		{"numbers", big(head+`[`, `1e999,`, `1]}`)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Decode(bytes.NewReader(tt.data))
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatal("accepted")
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes in, %d allocated (%.1fx): %.80v", len(tt.data), alloc, float64(alloc)/float64(len(tt.data)), err)
			if limit := 40*uint64(len(tt.data)) + 1<<20; alloc > limit {
				t.Errorf("allocated %d bytes for %d bytes of input", alloc, len(tt.data))
			}
		})
	}
}

// TestDecodeSeeds runs the fuzz seeds as a plain test, with -short too.
func TestDecodeSeeds(t *testing.T) {
	for i, s := range fuzzSeeds(t) {
		_, err := Decode(bytes.NewReader(s))
		if (err == nil) != (i < 3*len(configs)) {
			t.Errorf("seed %d: %v", i, err)
		}
	}
}

// FuzzDecodeStats does for the statistics file what FuzzDecode does for
// saves.
// FuzzDecodeHeader: a save's header fields never panic, fail in one
// line, and agree with Decode on every save Decode accepts.
func FuzzDecodeHeader(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := decodeHeader(data)
		if why, _ := fault(t, err); err != nil && why == NumReasons {
			t.Fatalf("error %v is no refusal", err)
		}
		g, gerr := Decode(bytes.NewReader(data))
		if gerr != nil {
			return
		}
		if err != nil {
			t.Fatalf("Decode reads the save, decodeHeader does not: %v", err)
		}
		if h.Players != g.State.Config.Players || len(h.Names) != len(g.Seats) || int(h.Hand) != int(g.State.Hand) || int(h.Game) != int(g.State.Game) || !h.Saved.Equal(g.Saved) {
			t.Fatalf("header %+v, game %d players, hand %d, game %d, saved %v", h, g.State.Config.Players, g.State.Hand, g.State.Game, g.Saved)
		}
		for s := range h.Totals {
			if h.Totals[s] != int64(g.State.Totals[s]) {
				t.Fatalf("totals %v, game's %v", h.Totals, g.State.Totals)
			}
		}
	})
}

func FuzzDecodeStats(f *testing.F) {
	st := Stats{
		ByOpponent:   map[string]Record{"hard": {Games: 3, GamesWon: 2, Hands: 31, HandsWon: 17}, "human": {Hands: 1}},
		Best:         BestHand{Score: 2150, Opponent: "hard", Players: 2},
		CoupsFourres: 7, Last: "1/2/3",
	}
	good, err := MarshalStats(st)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range [][]byte{good, good[:len(good)/2], []byte(`{"format": "mille-stats", "schema": 1}`),
		bytes.Replace(good, []byte(`"0001-01-01T00:00:00Z"`), []byte(`"2026-11-21T12:40:00.5+02:00"`), 1), []byte(strings.Repeat("{", 100))} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := DecodeStats(bytes.NewReader(data))
		if err != nil {
			if why, _ := fault(t, err); why == NumReasons {
				t.Fatalf("error %v is no refusal", err)
			}
			return
		}
		again, err := MarshalStats(st)
		if err != nil {
			t.Fatalf("accepted statistics do not save: %v", err)
		}
		back, err := DecodeStats(bytes.NewReader(again))
		if err != nil || !reflect.DeepEqual(back, st) {
			t.Fatalf("accepted statistics change when saved again: %v", err)
		}
	})
}
