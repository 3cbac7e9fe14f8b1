package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The front ends' types stay small (issue 33): a type that gathers every
// concern of a screen (ui.Board had 132 methods, plain's game 79) is
// where a newcomer gets lost. These are the limits, counted with go/ast
// over a package's non-test files: methods declared on a type, methods
// listed by an interface.
const (
	maxMethods          = 40
	maxInterfaceMethods = 12
)

// shapedPackages are the packages the limits hold for: the two front
// ends.
var shapedPackages = []string{"ui", "plain"}

// TestFrontEndTypesStaySmall checks the limits.
func TestFrontEndTypesStaySmall(t *testing.T) {
	for _, dir := range shapedPackages {
		methods, ifaces, err := shape(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range sortedKeys(methods) {
			if n := methods[name]; n > maxMethods {
				t.Errorf("%s.%s declares %d methods, more than %d: split it into components", dir, name, n, maxMethods)
			}
		}
		for _, name := range sortedKeys(ifaces) {
			if n := ifaces[name]; n > maxInterfaceMethods {
				t.Errorf("interface %s.%s lists %d methods, more than %d", dir, name, n, maxInterfaceMethods)
			}
		}
	}
}

// shape counts, in the package in dir, the methods declared on each type
// and those listed by each interface type (an embedded interface counts
// as one).
func shape(dir string) (methods, ifaces map[string]int, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, nil, err
	}
	methods, ifaces = map[string]int{}, map[string]int{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Recv != nil && len(n.Recv.List) == 1 {
					methods[receiverName(n.Recv.List[0].Type)]++
				}
			case *ast.TypeSpec:
				if it, ok := n.Type.(*ast.InterfaceType); ok {
					ifaces[n.Name.Name] = len(it.Methods.List)
				}
			}
			return true
		})
	}
	return methods, ifaces, nil
}

// receiverName is the type's name of a method's receiver: T, *T, T[P].
func receiverName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverName(e.X)
	case *ast.IndexExpr:
		return receiverName(e.X)
	case *ast.IndexListExpr:
		return receiverName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return fmt.Sprintf("%T", e)
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
