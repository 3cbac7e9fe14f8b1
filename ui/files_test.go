package ui

import (
	"strings"
	"testing"
)

func TestRecordHandAndItsLine(t *testing.T) {
	t.Setenv("MILLE_DATA_DIR", t.TempDir())
	m := newModel(t, testConfig(t, 2, 7))
	syncPlay(m, 1000)
	line, err := RecordHand(m.own.Record(), 0)
	if err != nil || !strings.HasPrefix(line, "Against medium: ") {
		t.Fatalf("record %q, %v", line, err)
	}
	m.record, m.recordedAt = line, state(m).EventCount
	screen := screenOf(m, 80, 24)
	if !strings.Contains(screen, "Against medium") || !strings.Contains(screen, "[ y Another hand ]") || !strings.Contains(screen, "╚") {
		t.Fatalf("the end-of-hand window does not fit with the record:\n%s", screen)
	}
}
