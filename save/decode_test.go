package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// sampleGame is a two-player game some way into its first hand.
func sampleGame(t testing.TB, cfg engine.Config, seed uint64, actions int) record.Game {
	t.Helper()
	g, err := record.New(cfg, seed, testSeats(cfg.Players))
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, &g, rand.New(rand.NewPCG(seed, 99)), actions)
	return g
}

func mustMarshal(t testing.TB, g record.Game) []byte {
	t.Helper()
	b, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// edit decodes a save into generic JSON, lets f change it and encodes it.
func edit(t testing.TB, data []byte, f func(doc map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	f(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func state(doc map[string]any) map[string]any { return doc["state"].(map[string]any) }

func TestDecodeRefuses(t *testing.T) {
	g := sampleGame(t, engine.DefaultConfig, 42, 40)
	g.UI = map[string]string{"sort": "on"}
	good := mustMarshal(t, g)
	s := g.State
	// A card the draw pile holds, and another one, for swaps.
	top := s.DrawPile[s.DrawLen-1].String()
	other := "Go"
	if top == other {
		other = "Stop"
	}
	text := func(old, new string) []byte {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("the sample save has no %q", old)
		}
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	tests := []struct {
		name string
		data []byte
		want any // the refusal's code, or a damaged file's fault (its field, or the start of it)
	}{
		{"empty", nil, RefTruncated},
		{"truncated", good[:len(good)/2], RefTruncated},
		{"not json", []byte("BSD mille save\x00\x01"), RefSyntaxAt},
		{"array", []byte(`[1,2]`), RefNotObject},
		{"null", []byte(`null`), RefNoFormat},
		{"other format", text(`"format": "mille"`, `"format": "chess"`), RefFormat},
		{"no schema", text(`"schema": 1,`, ``), RefNoSchema},
		{"newer schema", text(`"schema": 1`, `"schema": 7`), RefNewerBy},
		{"older schema", text(`"schema": 1`, `"schema": 0`), RefSchemaUnknown},
		{"trailing data", append(append([]byte{}, good...), "{}"...), RefSyntaxAt},
		{"deep nesting", []byte(deep), RefTooDeep},
		{"deep in a field", text(`"ui": {"sort": "on"}`, `"ui": {"sort": `+deep+`}`), RefTooDeep},
		{"unknown field", text(`"seed"`, `"cheat": true, "seed"`), detail{"", FaultUnknownField}},
		{"missing field", text(`"turn": 0,`, ``), detail{"state", FaultMissingField}},
		{"duplicate field", text(`"turn": 0,`, `"turn": 0, "turn": 0,`), detail{"state", FaultFieldTwice}},
		{"wrong type", text(`"trip": 700`, `"trip": "700"`), detail{"state.trip", FaultWant}},
		{"giant number", text(`"trip": 700`, `"trip": 1e999`), detail{"state.trip", FaultNotWhole}},
		{"huge integer", text(`"game": 0`, `"game": 123456789012345678901234567890`), detail{"state.game", FaultNotWhole}},
		{"negative", text(`"hand": 0`, `"hand": -1`), detail{"state.hand", OutOfRange{V: -1, Lo: 0, Hi: 65535}}},
		{"out of range", text(`"game": 0`, `"game": 70000`), detail{"state.game", OutOfRange{V: 70000, Lo: 0, Hi: 65535}}},
		{"turn not a seat", text(`"turn": 0`, `"turn": 2`), detail{"state.turn", OutOfRange{V: 2, Lo: 0, Hi: 1}}},
		{"seed not a number", text(`"seed": "42"`, `"seed": "x"`), detail{"seed", FaultNotSeed}},
		{"seed too big", text(`"seed": "42"`, `"seed": "18446744073709551616"`), detail{"seed", FaultNotSeed}},
		{"seed as number", text(`"seed": "42"`, `"seed": 42`), detail{"seed", FaultWant}},
		{"unknown card", text(`"`+top+`"`, `"Banana"`), detail{"state.", engine.UnknownName}},
		{"card as number", text(`"`+top+`"`, `17`), detail{"state.", FaultWant}},
		{"card count", edit(t, good, func(d map[string]any) {
			p := state(d)["drawPile"].([]any)
			p[len(p)-1] = other
		}), detail{"", engine.BadCount}},
		{"missing card", edit(t, good, func(d map[string]any) {
			p := state(d)["drawPile"].([]any)
			state(d)["drawPile"] = p[:len(p)-1]
		}), detail{"", engine.BadCount}},
		{"duplicated card", edit(t, good, func(d map[string]any) {
			p := state(d)["drawPile"].([]any)
			state(d)["drawPile"] = append(p, p[0])
		}), detail{"", engine.BadCount}},
		{"hole in a pile", edit(t, good, func(d map[string]any) {
			p := state(d)["drawPile"].([]any)
			p[0] = nil
		}), detail{"state.drawPile[0]", FaultNullInPile}},
		{"short hand", edit(t, good, func(d map[string]any) {
			h := state(d)["hands"].([]any)
			h[0] = h[0].([]any)[:6]
		}), detail{"state.hands[0]", FaultHandPlaces}},
		{"hands for a third seat", edit(t, good, func(d map[string]any) {
			h := state(d)["hands"].([]any)
			state(d)["hands"] = append(h, []any{nil, nil, nil, nil, nil, nil, nil})
		}), detail{"state.hands", FaultHands}},
		{"too many seats", edit(t, good, func(d map[string]any) {
			d["seats"] = append(d["seats"].([]any), map[string]any{"name": "Eve", "human": true})
		}), detail{"seats", record.FaultSeats}},
		{"escape in a name", text(`"name": "You"`, `"name": "\u001b[2J"`), detail{"seats[0]", record.FaultNameUnprintable}},
		{"long name", text(`"name": "You"`, `"name": "`+strings.Repeat("é", 41)+`"`), detail{"seats[0]", record.FaultNameLong}},
		{"bad level", text(`"level": "medium"`, `"level": "Hard!"`), detail{"seats[", record.FaultNotLevel}},
		{"human with level", text(`"human": true`, `"human": true, "level": "hard"`), detail{"seats[0]", record.FaultHumanLevel}},
		{"bad phase", text(`"phase": "play"`, `"phase": "nap"`), detail{"state.phase", engine.UnknownName}},
		{"bad rules", text(`"rules": "standard"`, `"rules": "calvinball"`), detail{"config.rules", "unknown-ruleset"}},
		{"bsd with 3", edit(t, good, func(d map[string]any) {
			d["config"].(map[string]any)["rules"] = "bsd"
			d["config"].(map[string]any)["players"] = 3
		}), detail{"config", engine.BadRulesPlayers}},
		{"five players", text(`"players": 2`, `"players": 5`), detail{"config", engine.BadPlayers}},
		{"unknown event", edit(t, good, func(d map[string]any) {
			state(d)["log"].([]any)[0].(map[string]any)["event"] = "party"
		}), detail{"state.log[0]", engine.UnknownName}},
		{"short log", edit(t, good, func(d map[string]any) {
			state(d)["log"] = state(d)["log"].([]any)[1:]
		}), detail{"state.log", FaultLog}},
		{"safety twice", edit(t, good, func(d map[string]any) {
			state(d)["tableaus"].([]any)[0].(map[string]any)["safeties"] = []any{"Extra Tank", "Extra Tank"}
		}), detail{"state.tableaus[0].safeties[1]", FaultSafetyTwice}},
		{"not a safety", edit(t, good, func(d map[string]any) {
			state(d)["tableaus"].([]any)[0].(map[string]any)["coupsFourres"] = []any{"Go"}
		}), detail{"state.tableaus[0].coupsFourres[0]", FaultNotSafety}},
		{"engine refuses", edit(t, good, func(d map[string]any) {
			state(d)["trip"] = 800
		}), detail{"state", engine.BadTrip}},
		{"history cut", edit(t, good, func(d map[string]any) {
			h := d["history"].([]any)
			d["history"] = h[:len(h)-1]
		}), detail{"", record.FaultReplay}},
		{"history illegal", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = "extend"
		}), detail{`history[0] ("extend")`, engine.RefNotNow}},
		{"unknown action", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = "cheat"
		}), detail{"history[0]", engine.UnknownName}},
		{"attack without side", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = map[string]any{"attack": "Stop"}
		}), detail{"history[0]", FaultAttackSide}},
		{"play a hazard", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = map[string]any{"play": "Stop"}
		}), detail{"history[0]", engine.PlayHazard}},
		{"two verbs", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = map[string]any{"play": "Go", "discard": "Go"}
		}), detail{"history[0]", FaultOneCard}},
		{"action field", edit(t, good, func(d map[string]any) {
			d["history"].([]any)[0] = map[string]any{"play": "Go", "why": "because"}
		}), detail{"history[0]", FaultUnknownField}},
		{"edited state", edit(t, good, func(d map[string]any) {
			state(d)["totals"] = []any{4999, 0}
		}), detail{"", record.FaultReplay}},
		{"bad time", text(`"writtenBy"`, `"saved": "yesterday", "writtenBy"`), detail{"saved", FaultNotTime}},
		{"ui not strings", text(`"ui": {"sort": "on"}`, `"ui": {"sort": 1}`), detail{"ui.sort", FaultWant}},
		{"ui key with an escape", text(`"ui": {"sort": "on"}`, `"ui": {"\u001b[2J": 1}`), detail{`ui["\x1b[2J"]`, FaultWant}},
		{"ui twice", text(`"ui": {"sort": "on"}`, `"ui": {"sort": "on", "sort": "off"}`), detail{"ui", FaultFieldTwice}},
		{"too large", append(append([]byte{}, good[:len(good)-2]...), bytes.Repeat([]byte(" "), MaxSize)...), RefTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(tt.data))
			if err == nil {
				t.Fatalf("Decode accepted it")
			}
			why, got := fault(t, err)
			if want, ok := tt.want.(Reason); ok && why != want {
				t.Errorf("error %v, want the refusal %s", err, reasonNames[want])
			}
			if want, ok := tt.want.(detail); ok && (why != RefDamaged || !strings.HasPrefix(got.Field, want.Field) || got.Code != want.Code) {
				t.Errorf("error %v, want a damaged file's fault %+v, got %+v", err, want, got)
			}
		})
	}
}

func TestDecodeAcceptsCompactAndReordered(t *testing.T) {
	g := sampleGame(t, engine.Config{Players: 3}, 7, 70)
	g.UI = map[string]string{"sort": "rank"}
	data := mustMarshal(t, g)
	// Hand-edited files may lose the layout and reorder fields.
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		t.Fatal(err)
	}
	reordered := edit(t, data, func(map[string]any) {}) // keys sorted
	for _, d := range [][]byte{compact.Bytes(), reordered} {
		got, err := Decode(bytes.NewReader(d))
		if err != nil {
			t.Fatal(err)
		}
		if got.State != g.State || len(got.History) != len(g.History) || got.UI["sort"] != "rank" {
			t.Fatal("the game changed")
		}
	}
}

func TestNewerSchemaNamesVersion(t *testing.T) {
	g := sampleGame(t, engine.DefaultConfig, 1, 5)
	data := bytes.Replace(mustMarshal(t, g), []byte(`"schema": 1`), []byte(`"schema": 3`), 1)
	data = bytes.Replace(data, []byte(`"writtenBy": "dev"`), []byte(`"writtenBy": "v3.1.0"`), 1)
	_, err := Decode(bytes.NewReader(data))
	if !errors.Is(err, ErrNewer) {
		t.Fatalf("error %v does not wrap ErrNewer", err)
	}
	if e := refusedAs(t, err, "", RefNewerBy); !reflect.DeepEqual(e.Args, []any{"v3.1.0", 3, "dev", 1}) {
		t.Errorf("error %v names %v", err, e.Args)
	}
}

// TestMigrateV0 registers a made-up schema 0, in which the seats were two
// lists (names, levels) and the seed a number, and loads a file of it.
func TestMigrateV0(t *testing.T) {
	errMismatch := errors.New("names and levels do not match")
	migrations[0] = func(doc map[string]any) error {
		names, ok1 := doc["names"].([]any)
		levels, ok2 := doc["levels"].([]any)
		if !ok1 || !ok2 || len(names) != len(levels) {
			return errMismatch
		}
		var seats []any
		for i := range names {
			seat := map[string]any{"name": names[i], "human": levels[i] == "human"}
			if levels[i] != "human" {
				seat["level"] = levels[i]
			}
			seats = append(seats, seat)
		}
		doc["seats"] = seats
		delete(doc, "names")
		delete(doc, "levels")
		doc["seed"] = doc["seed"].(json.Number).String()
		return nil
	}
	defer delete(migrations, 0)

	g := sampleGame(t, engine.DefaultConfig, 1<<60+3, 50) // a seed past float64's precision
	v0 := edit(t, mustMarshal(t, g), func(d map[string]any) {
		d["schema"] = 0
		d["names"] = []any{"You", "Bot & <1>"}
		d["levels"] = []any{"human", "medium"}
		delete(d, "seats")
		d["seed"] = json.Number(d["seed"].(string))
	})
	got, err := Decode(bytes.NewReader(v0))
	if err != nil {
		t.Fatal(err)
	}
	if got.State != g.State || got.Seats[1] != g.Seats[1] || got.Seats[0] != g.Seats[0] {
		t.Errorf("migrated game differs: %+v", got.Seats)
	}
	// A broken v0 file gets the migration's own error.
	bad := bytes.Replace(v0, []byte(`"levels":["human","medium"]`), []byte(`"levels":["human"]`), 1)
	_, err = Decode(bytes.NewReader(bad))
	if e := refusedAs(t, err, "", RefUpgrading); e.Args[0] != 0 || !errors.Is(err, errMismatch) {
		t.Errorf("broken v0: %v", err)
	}
}

func TestReadNamesFileAndNeverWrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.mille.json")
	g := sampleGame(t, engine.DefaultConfig, 3, 30)
	data := bytes.Replace(mustMarshal(t, g), []byte(`"trip": 700`), []byte(`"trip": 800`), 1)
	if err := os.WriteFile(p, data, 0o400); err != nil { // read-only: a write would fail loudly
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(p, old, old)
	_, err := Read(p)
	refusedAs(t, err, p, RefDamaged)
	if _, d := fault(t, err); d != (detail{"state", engine.BadTrip}) {
		t.Errorf("Read: %v", err)
	}
	after, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if !bytes.Equal(after, data) || !fi.ModTime().Equal(old) {
		t.Error("Read changed the file")
	}

	_, err = Read(filepath.Join(dir, "none.mille.json"))
	if refusedAs(t, err, filepath.Join(dir, "none.mille.json"), RefIO); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	_, err = Read(dir)
	refusedAs(t, err, dir, RefNotRegular)
}

// TestDocExample loads the example in docs/save-format.md.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/save-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := bytes.Cut(doc, []byte("```json\n"))
	example, _, ok2 := bytes.Cut(rest, []byte("```"))
	if !ok || !ok2 {
		t.Fatal("no JSON example")
	}
	g, err := Decode(bytes.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	// The example is as Write lays it out.
	defer func(v string) { MilleVersion = v }(MilleVersion)
	MilleVersion = g.WrittenBy
	if again := mustMarshal(t, g); !bytes.Equal(again, example) {
		t.Errorf("the example is not laid out as Write does it:\n%s", again)
	}
}

func TestCardCountError(t *testing.T) {
	g := sampleGame(t, engine.DefaultConfig, 8, 20)
	p := filepath.Join(t.TempDir(), "save.mille.json")
	// One card after Stop in card order becomes a Stop: one Stop too many.
	data := edit(t, mustMarshal(t, g), func(d map[string]any) {
		p := state(d)["drawPile"].([]any)
		for i := range p {
			if c, _ := engine.ParseCard(p[i].(string)); c > engine.Stop {
				p[i] = "Stop"
				break
			}
		}
	})
	os.WriteFile(p, data, 0o600)
	_, err := Read(p)
	n := engine.DefaultConfig.DeckCount(engine.Stop)
	refusedAs(t, err, p, RefDamaged)
	var inv *engine.Invalid
	if !errors.As(err, &inv) || inv.Why != engine.BadCount || fmt.Sprint(inv.Args) != fmt.Sprint([]any{n + 1, engine.Stop, n}) {
		t.Errorf("error %v, want %d Stop cards in the game, %d in the deck", err, n+1, n)
	}
}

// TestDecodeCanonical checks that what Decode accepts saves back the same:
// a time with an offset or a fraction, an empty ui object.
func TestDecodeCanonical(t *testing.T) {
	g := sampleGame(t, engine.DefaultConfig, 9, 12)
	data := bytes.Replace(mustMarshal(t, g), []byte(`"writtenBy"`), []byte(`"saved": "2026-11-21T12:40:00.75+02:00", "ui": {}, "writtenBy"`), 1)
	got, err := Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 11, 21, 10, 40, 0, 0, time.UTC); got.Saved != want || got.UI != nil {
		t.Errorf("saved %v, ui %#v", got.Saved, got.UI)
	}
	back, err := Decode(bytes.NewReader(mustMarshal(t, got)))
	if err != nil || !reflect.DeepEqual(back, got) {
		t.Errorf("saved again: %v", err)
	}
}

// TestSchema1File loads a file of schema 1 kept as written, so a later
// format still reads the saves of today (see migrations).
func TestSchema1File(t *testing.T) {
	g, err := Read("testdata/schema1.mille.json")
	if err != nil {
		t.Fatal(err)
	}
	s := &g.State
	if s.Config.Players != 4 || s.Game != 1 || s.Phase != engine.PhaseCoupFourre || len(g.History) != 1258 ||
		g.Seats[3] != (record.Seat{Name: "Di", Level: "expert"}) || g.UI["sort"] != "rank" || g.WrittenBy != "v1.0.0" {
		t.Errorf("the file reads differently: %d players, game %d, phase %v, %d actions, seats %+v", s.Config.Players, s.Game, s.Phase, len(g.History), g.Seats)
	}
}

// TestV1SavesPlayOn loads saves of schema 1 kept byte for byte as written:
// schema1.mille.json (4 players, in a coup-fourré window) and two written
// by mille at commit 3f07cef, before the engine owned its notation, from
// games the heuristic played in every seat: a 3-player game (seed 15)
// mid-hand after an extension, with coups fourrés in its history and on a
// tableau, and a 2-player bsd game (seed 8). Each must load, replay from
// its seed to its state, and play on exactly as it did then: 300 more
// actions, each picked from the legal ones by a fixed sequence, end in the
// pinned position. A change to the rules or to the order of Legal fails
// here; a change of spelling in the format must migrate these files.
func TestV1SavesPlayOn(t *testing.T) {
	tests := []struct {
		file    string
		by      string
		config  engine.Config
		history int
		want    string // the position after playing on
	}{
		{"schema1.mille.json", "v1.0.0", engine.Config{Players: 4, Rules: engine.Standard}, 1258,
			"game 1 hand 4 phase 0 turn 2 trip 1000 totals [375 1800] events 2783 choices aace3ed6b5ff6c02"},
		{"v1-3players-standard.mille.json", "dev-3f07cef", engine.Config{Players: 3, Rules: engine.Standard}, 331,
			"game 1 hand 1 phase 0 turn 1 trip 700 totals [100 175 100] events 1187 choices b2eb693d4294b37b"},
		{"v1-2players-bsd.mille.json", "dev-3f07cef", engine.Config{Players: 2, Rules: engine.BSD}, 155,
			"game 0 hand 5 phase 0 turn 0 trip 700 totals [4075 3900] events 889 choices b4500aad8510dff1"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			g, err := Read(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if g.State.Config != tt.config || len(g.History) != tt.history || g.WrittenBy != tt.by {
				t.Fatalf("the file reads differently: %v, %d actions, by %q", g.State.Config, len(g.History), g.WrittenBy)
			}
			if err := g.Check(); err != nil {
				t.Fatal(err)
			}
			s, err := engine.New(g.State.Config, g.State.Seed)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range g.History {
				if err := s.Step(a); err != nil {
					t.Fatalf("history[%d]: %v", i, err)
				}
			}
			if s != g.State {
				t.Fatal("replaying the history does not give the saved state")
			}
			if got := playOn(t, &g, 300); got != tt.want {
				t.Errorf("playing on gives\n%s\nwant\n%s", got, tt.want)
			}
			roundTrip(t, g)
		})
	}
}

// playOn moves g on by n actions, the i-th picked from the legal ones by
// a fixed mix of i, and describes where the game ends up, with a hash of
// every choice on the way.
func playOn(t *testing.T, g *record.Game, n int) string {
	t.Helper()
	var buf [engine.MaxLegal]engine.Action
	h := fnv.New64a()
	for i := range n {
		legal := g.State.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatalf("action %d: nothing is legal", i)
		}
		x := uint64(i+1) * 0x9e3779b97f4a7c15
		x ^= x >> 31
		a := legal[x%uint64(len(legal))]
		fmt.Fprintf(h, "%d:%x ", len(legal), uint16(a))
		if err := g.Apply(a); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	s := &g.State
	return fmt.Sprintf("game %d hand %d phase %d turn %d trip %d totals %v events %d choices %016x",
		s.Game, s.Hand, s.Phase, s.Turn, s.Trip, s.Totals[:s.Sides()], s.EventCount, h.Sum64())
}
