package plain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestFarewells: a served session's last lines come from the catalogue,
// with their arguments in place.
func TestFarewells(t *testing.T) {
	var out strings.Builder
	s := New(strings.NewReader(""), &out, nil)
	s.SayFarewell(FarewellIdle, "30m0s")
	s.SayFarewell(FarewellBye)
	s.SayFarewell(FarewellSaved, "fam")
	s.Close()
	s.SayFarewell(FarewellBye) // closed: nothing more
	want := "Closed after 30m0s without a key. Come back with ssh: a seat you held waits a while.\n" +
		"The server is shutting down. Thanks for playing!\n" +
		"Your game in room fam is saved. When the server is back, join room fam again: your seat waits for you.\n"
	if out.String() != want {
		t.Errorf("farewells:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestOwnKeys: the line mode says its own sentences: no key of the
// server's full screens (lang.Srv…, server/screens) is named in plain's
// code, so that a change of a screen's words never changes what the line
// mode says (its rooms list counted people with SrvPerson).
func TestOwnKeys(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "lang" && strings.HasPrefix(sel.Sel.Name, "Srv") {
					t.Errorf("%s: the line mode says the server screens' key lang.%s", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}
