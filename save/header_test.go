package save

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestReadHeader reads a list's details from a save without loading it,
// and gives a one-line error naming the file for one it cannot read.
func TestReadHeader(t *testing.T) {
	h, err := ReadHeader(filepath.Join("testdata", "v1-3players-standard.mille.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := Header{
		Saved:   time.Date(2026, 11, 23, 20, 34, 55, 0, time.UTC),
		Players: 3,
		Names:   []string{"You", "Computer 1", "Computer 2"},
		Totals:  []int64{3875, 3075, 1850},
		Hand:    3,
	}
	if !h.Saved.Equal(want.Saved) || h.Players != want.Players || !slices.Equal(h.Names, want.Names) || !slices.Equal(h.Totals, want.Totals) || h.Game != 0 || h.Hand != want.Hand {
		t.Fatalf("header %+v, want %+v", h, want)
	}
	dir := t.TempDir()
	for name, tt := range map[string]struct {
		data string
		want Reason
	}{
		"cut":      {`{"format": "mille", "schema": 1`, RefTruncated},
		"other":    {`{"format": "chess", "schema": 1}`, RefNotSave},
		"newer":    {`{"format": "mille", "schema": 99}`, RefNewerHeader},
		"badname":  {`{"format": "mille", "schema": 1, "seats": [{"name": "a\u001bb"}]}`, RefDamaged},
		"mistyped": {`{"format": "mille", "schema": 1, "state": {"hand": "x"}}`, RefDamaged},
	} {
		path := filepath.Join(dir, name+Ext)
		if err := os.WriteFile(path, []byte(tt.data), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := ReadHeader(path)
		refusedAs(t, err, path, tt.want)
		fault(t, err) // one line
	}
	if _, err := ReadHeader(filepath.Join(dir, "missing"+Ext)); err == nil {
		t.Error("a missing file has a header")
	}
}
