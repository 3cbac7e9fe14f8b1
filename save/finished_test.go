package save

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/millebornes/mille/engine"
	"github.com/millebornes/mille/record"
)

// TestKeepFinished: finished games are written under the minute they
// ended, a second one in the same minute gets its own name, only the
// newest keep stay, and keep 0 writes nothing.
func TestKeepFinished(t *testing.T) {
	g, err := record.New(engine.Config{Players: 2, Rules: engine.Standard}, 7, []record.Seat{{Name: "Ann", Human: true}, {Name: "Computer", Level: "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	at := func(m int) time.Time { return time.Date(2026, 11, 23, 22, m, 0, 0, time.Local) }
	tests := []struct {
		keep  int
		times []time.Time
		names []string // what each write returns
		left  []string // what is kept, newest first
	}{
		{20, []time.Time{at(1), at(2)}, []string{"2026-11-23-2201", "2026-11-23-2202"}, []string{"2026-11-23-2202", "2026-11-23-2201"}},
		{20, []time.Time{at(5), at(5), at(5)}, []string{"2026-11-23-2205", "2026-11-23-2205-02", "2026-11-23-2205-03"},
			[]string{"2026-11-23-2205-03", "2026-11-23-2205-02", "2026-11-23-2205"}},
		{2, []time.Time{at(1), at(2), at(3), at(4)}, []string{"2026-11-23-2201", "2026-11-23-2202", "2026-11-23-2203", "2026-11-23-2204"},
			[]string{"2026-11-23-2204", "2026-11-23-2203"}},
		{0, []time.Time{at(1)}, []string{""}, nil},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		for i, when := range tt.times {
			name, err := KeepFinished(dir, g, tt.keep, when)
			if err != nil || name != tt.names[i] {
				t.Fatalf("keep %d, write %d: %q, %v; want %q", tt.keep, i, name, err, tt.names[i])
			}
		}
		list, err := ListFinished(dir)
		if err != nil {
			t.Fatal(err)
		}
		var left []string
		for _, e := range list {
			left = append(left, e.Name)
		}
		if !slices.Equal(left, tt.left) {
			t.Fatalf("keep %d: kept %v, want %v", tt.keep, left, tt.left)
		}
		if len(left) > 0 {
			back, err := Read(filepath.Join(dir, FinishedDir, left[0]+Ext))
			if err != nil || !slices.Equal(back.History, g.History) || back.State != g.State {
				t.Fatalf("the game kept does not read back: %v", err)
			}
		}
	}
	// No finished folder yet: an empty list.
	if list, err := ListFinished(filepath.Join(t.TempDir(), "none")); err != nil || len(list) != 0 {
		t.Fatalf("no folder: %v, %v", list, err)
	}
}
