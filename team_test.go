package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/millebornes/mille/internal/testkit"
)

// TestOneTeamForm: every golden screen, every kept transcript and every
// doc writes a team one way, as lang.Catalogue.Team does ("Ann & Dee");
// the line mode's transcripts are checked as they are written
// (plain's forbidden). Issue 34 found "Ann & Dee", "Ann with Dee", "Ann
// avec Dee" and "Ann et Dee".
func TestOneTeamForm(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		inTestdata := strings.Contains(filepath.ToSlash(path), "testdata/")
		if !(inTestdata && (strings.HasSuffix(path, ".golden") || strings.HasSuffix(path, ".txt"))) &&
			!(strings.HasPrefix(filepath.ToSlash(path), "docs/") && (strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".txt"))) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if m := testkit.OtherTeamForm(string(b)); m != "" {
			t.Errorf("%s: the team %q is not written as lang.Catalogue.Team writes it (\"Ann & Dee\")", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
