package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoErrorTextMatched (issue 33): no code, production or test, reads
// an error back by its text: err.Error() compared with ==, != or a
// switch, looked up in a map, or searched with strings.Contains and its
// kin, directly or through a variable or a function of the same package
// that hands the text on (textFlow: the save tests' helper fault once
// returned a damaged file's English detail, which its callers searched).
// An error a program acts on is a value (errors.Is) or a type with a
// code (errors.As); a sentence is for people, through the catalogue.
func TestNoErrorTextMatched(t *testing.T) {
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{} // by folder
	var paths []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		paths = append(paths, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	flows := map[string]*textFlow{}
	for dir, files := range pkgs {
		flows[dir] = newTextFlow(files)
	}
	for _, path := range paths {
		flow := flows[filepath.Dir(path)]
		var f *ast.File
		for _, g := range pkgs[filepath.Dir(path)] {
			if fset.File(g.Pos()).Name() == path {
				f = g
			}
		}
		found := flow.matches(f)
		if n := len(found); n > notYet[filepath.ToSlash(path)] {
			for _, pos := range found {
				t.Errorf("%s: an error's text is matched", fset.Position(pos))
			}
		} else if n < notYet[filepath.ToSlash(path)] {
			t.Errorf("%s matches %d errors' texts, fewer than notYet says: lower it", path, n)
		}
	}
}

// TestTextFlow: the check follows an error's text through a variable and
// a function's result, as the save tests' helper fault once handed a
// damaged file's English detail to its callers.
func TestTextFlow(t *testing.T) {
	const src = `package p
func detail(err error) (int, string) { d := err.Error(); return 1, d }
func use(err error) bool {
	_, d := detail(err)
	n, _ := detail(err)
	s := err.Error()
	return strings.Contains(d, "x") || s == "y" || n == 2
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(newTextFlow([]*ast.File{f}).matches(f)); n != 2 {
		t.Errorf("%d matches, want 2 (the search through detail's result, the comparison through s)", n)
	}
}

// notYet are the files that still match errors' texts, and how many
// times: a file may match no more, and a number the file no longer
// reaches fails too (lower it). None is left: the store's, the
// notation's, the bot's and the arena's errors are types with codes, and
// a damaged save's fault is a code the save tests compare.
var notYet = map[string]int{}

// textSearches are the functions of package strings that search a text.
var textSearches = map[string]bool{
	"Contains": true, "ContainsAny": true, "ContainsRune": true, "HasPrefix": true, "HasSuffix": true,
	"EqualFold": true, "Index": true, "Count": true, "Cut": true, "CutPrefix": true, "CutSuffix": true,
}

// A textFlow knows, in one package, which functions' results are an
// error's text (by result index), and in each function which variables
// hold one: set from X.Error(), from such a result, from another such
// variable, or by a type assertion on one.
type textFlow struct {
	results map[string]map[int]bool // function name -> results that are text
	vars    map[*ast.FuncDecl]map[string]bool
}

// newTextFlow follows the text through files, the files of one package,
// until nothing more is learnt.
func newTextFlow(files []*ast.File) *textFlow {
	tf := &textFlow{results: map[string]map[int]bool{}, vars: map[*ast.FuncDecl]map[string]bool{}}
	for changed := true; changed; {
		changed = false
		for _, f := range files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if tf.vars[fd] == nil {
					tf.vars[fd] = map[string]bool{}
				}
				if tf.learn(fd) {
					changed = true
				}
			}
		}
	}
	return tf
}

// learn reads fd once more: its variables that hold text, its results
// that are text; it reports whether it learnt anything.
func (tf *textFlow) learn(fd *ast.FuncDecl) bool {
	vars, learnt := tf.vars[fd], false
	mark := func(e ast.Expr) {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" && !vars[id.Name] {
			vars[id.Name], learnt = true, true
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
				if call, ok := n.Rhs[0].(*ast.CallExpr); ok {
					for i := range tf.callResults(call) {
						if i < len(n.Lhs) {
							mark(n.Lhs[i])
						}
					}
				}
				return true
			}
			for i, r := range n.Rhs {
				if i < len(n.Lhs) && tf.isText(r, vars) {
					mark(n.Lhs[i])
				}
			}
		case *ast.ReturnStmt:
			for i, r := range n.Results {
				if tf.isText(r, vars) {
					if tf.results[fd.Name.Name] == nil {
						tf.results[fd.Name.Name] = map[int]bool{}
					}
					if !tf.results[fd.Name.Name][i] {
						tf.results[fd.Name.Name][i], learnt = true, true
					}
				}
			}
		}
		return true
	})
	return learnt
}

// callResults are the results of call that are text, a call of one of
// the package's functions.
func (tf *textFlow) callResults(call *ast.CallExpr) map[int]bool {
	if id, ok := call.Fun.(*ast.Ident); ok {
		return tf.results[id.Name]
	}
	return nil
}

// isText reports whether e is an error's text: X.Error(), a variable
// that holds one, a type assertion on one, or a call whose one result
// is one.
func (tf *textFlow) isText(e ast.Expr, vars map[string]bool) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return vars[e.Name]
	case *ast.TypeAssertExpr:
		return tf.isText(e.X, vars)
	case *ast.ParenExpr:
		return tf.isText(e.X, vars)
	case *ast.CallExpr:
		return isErrorText(e) || tf.callResults(e)[0] && len(tf.callResults(e)) == 1
	}
	return false
}

// matches finds in f where an error's text is compared or searched.
func (tf *textFlow) matches(f *ast.File) []token.Pos {
	var found []token.Pos
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		vars := tf.vars[fd]
		text := func(e ast.Expr) bool { return tf.isText(e, vars) }
		found = append(found, errorTextMatches(fd.Body, text)...)
	}
	return found
}

// errorTextMatches finds under root where a text (isText) is compared
// or searched.
func errorTextMatches(root ast.Node, isText func(ast.Expr) bool) []token.Pos {
	var found []token.Pos
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isText(n.X) || isText(n.Y)) {
				found = append(found, n.Pos())
			}
		case *ast.IndexExpr: // a map looked up by the text
			if isText(n.Index) {
				found = append(found, n.Pos())
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isText(n.Tag) {
				found = append(found, n.Pos())
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "strings" || !textSearches[sel.Sel.Name] {
				return true
			}
			for _, a := range n.Args {
				if isText(a) {
					found = append(found, n.Pos())
					break
				}
			}
		}
		return true
	})
	return found
}

// isErrorText reports whether e is a call X.Error() with no arguments.
func isErrorText(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Error"
}
