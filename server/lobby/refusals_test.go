package lobby

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/millebornes/mille/table"
)

// refusals are the exported errors of this package and of table that a
// player reads, by package and name; TestRefusalsAreCatalogued finds
// every Err variable in the sources and wants it here or in notShown.
var refusals = map[string]map[string]error{
	"lobby": {
		"ErrTooManyRooms": ErrTooManyRooms, "ErrRoomExists": ErrRoomExists, "ErrNoRoom": ErrNoRoom,
		"ErrRoomName": ErrRoomName, "ErrLevel": ErrLevel, "ErrSavedName": ErrSavedName,
		"ErrNoSaves": ErrNoSaves, "ErrNotSaved": ErrNotSaved, "ErrElsewhere": ErrElsewhere,
		"ErrStoreDown": ErrStoreDown, "ErrNameTaken": ErrNameTaken, "ErrBenched": ErrBenched, "ErrNoBot": ErrNoBot,
		"ErrFriendSelf": ErrFriendSelf,
	},
	"table": {
		"ErrStarted": table.ErrStarted, "ErrNotStarted": table.ErrNotStarted, "ErrEnded": table.ErrEnded,
		"ErrNotHost": table.ErrNotHost, "ErrSeatTaken": table.ErrSeatTaken, "ErrNoSeat": table.ErrNoSeat,
		"ErrNotSeated": table.ErrNotSeated, "ErrNotYourTurn": table.ErrNotYourTurn, "ErrOnlooker": table.ErrOnlooker,
		"ErrFrozen": table.ErrFrozen, "ErrSavedSeats": table.ErrSavedSeats, "ErrNotPlayer": table.ErrNotPlayer,
		"ErrNoUndo": table.ErrNoUndo, "ErrUndoShared": table.ErrUndoShared, "ErrNotKept": table.ErrNotKept,
		"ErrWriting": table.ErrWriting,
	},
}

// notShown are the exported errors no player reads: the operator's.
var notShown = map[string]bool{
	"lobby.ErrDataInUse": true, // mille serve's, at start
}

// TestRefusalsAreCatalogued (issue 23, issue 33): every error a player
// of a server may read is a code of its package (*Refusal, or the table's
// *table.Refusal), which the catalogue says in the session's language
// (server/screens's test checks each code has its sentences).
func TestRefusalsAreCatalogued(t *testing.T) {
	for pkg, dir := range map[string]string{"lobby": ".", "table": "../../table"} {
		for _, name := range exportedErrs(t, dir) {
			if _, ok := refusals[pkg][name]; !ok && !notShown[pkg+"."+name] {
				t.Errorf("%s.%s is neither in refusals nor in notShown", pkg, name)
			}
		}
		for name, err := range refusals[pkg] {
			switch err.(type) {
			case *Refusal, *table.Refusal:
			default:
				t.Errorf("%s.%s is a %T, not a refusal's code", pkg, name, err)
			}
		}
	}
}

// exportedErrs are the names of the package-level variables called Err…
// in the Go files of dir, tests left out.
func exportedErrs(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: %v, %d files", dir, err, len(files))
	}
	var names []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if strings.HasPrefix(id.Name, "Err") && id.IsExported() {
						names = append(names, id.Name)
					}
				}
			}
		}
	}
	return names
}
